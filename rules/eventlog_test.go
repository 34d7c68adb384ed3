package rules

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestEventLogRoundTrip(t *testing.T) {
	l := NewEventLog("tpc-01", 42)
	d := NewDice(42)
	r, _ := d.Throw(2, 6, "initiative")
	l.Add(Event{Turn: 1, Phase: "action", Kind: "roll", Data: map[string]any{"values": r.Values, "purpose": r.Purpose}})
	l.Add(Event{Turn: 1, Phase: "action", Kind: "move", Side: "union", Unit: "u.barlow.inf", From: "S2108", To: "S2008"})
	l.Add(Event{Turn: 1, Kind: "loss", Side: "union", Unit: "u.barlow.inf", Data: map[string]any{"manpower": 2, "cause": "combat"}, Rule: "GCACW 10.0"})
	var a, b bytes.Buffer
	l.WriteTo(&a)
	l.WriteTo(&b)
	if a.String() != b.String() {
		t.Fatal("writing a log twice gives different bytes")
	}
	lines := strings.Split(strings.TrimSpace(a.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], `"seed":42`) || !strings.Contains(lines[2], `"seq":2`) {
		t.Fatalf("log:\n%s", a.String())
	}
	back, err := ReadEventLog(&a)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Events) != 3 || back.Events[1].To != "S2008" || back.Events[2].Rule != "GCACW 10.0" {
		t.Fatalf("read back %+v", back.Events)
	}
	if got := back.Find(func(e *Event) bool { return e.Unit == "u.barlow.inf" }); len(got) != 2 {
		t.Errorf("Find: %d events of Barlow", len(got))
	}
	var again bytes.Buffer
	back.WriteTo(&again)
	if !reflect.DeepEqual(again.String(), b.String()) {
		t.Errorf("a log read back does not write the same bytes")
	}
}

// A seed is a uint64: read back, it must write the same digits, not a
// float64's nearest (2162506408370041966 came back as ...041900).
func TestEventLogSeedExact(t *testing.T) {
	for _, seed := range []uint64{2162506408370041966, 1<<64 - 1, 1} {
		var a bytes.Buffer
		NewEventLog("lgv-01", seed).WriteTo(&a)
		back, err := ReadEventLog(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		back.WriteTo(&again)
		if again.String() != a.String() {
			t.Errorf("seed %d: read back and written again as %q, want %q", seed, again.String(), a.String())
		}
	}
}

func TestReadEventLogErrors(t *testing.T) {
	for src, want := range map[string]string{
		"": "empty",
		"{\"seed\":1}\n{\"seq\":2,\"kind\":\"x\"}\n": "line 2: event 2 out of sequence (want 1)",
		"{\"seed\":1}\nnot json\n":                   "line 2",
		"[]\n":                                       "header",
		"{\"seed\":1}}\n":                            "header",
	} {
		if _, err := ReadEventLog(strings.NewReader(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
}

// FuzzReadEventLog: any bytes give a log or an error, never a panic.
func FuzzReadEventLog(f *testing.F) {
	f.Add([]byte("{\"seed\":1}\n{\"seq\":1,\"kind\":\"move\",\"unit\":\"u.x.inf\"}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		ReadEventLog(bytes.NewReader(src))
	})
}

// An event line longer than the scanner's first 64 KiB buffer (a long
// data value) reads back whole.
func TestEventLogLongLine(t *testing.T) {
	l := NewEventLog("tpc-01", 1)
	long := strings.Repeat("x", 200*1024)
	l.Add(Event{Turn: 1, Kind: "note", Data: map[string]any{"text": long}})
	var b bytes.Buffer
	if _, err := l.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadEventLog(&b)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Events) != 1 || back.Events[0].Data["text"] != long {
		t.Fatalf("read back %d events", len(back.Events))
	}
}
