package validate

import (
	"os"
	"testing"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// A finding underlines the value its pointer names: a string whole, with
// its quotes; an object or array only by its opening bracket (a whole
// award would underline dozens of lines); a pointer that names nothing,
// the document's opening brace.
func TestFindingRanges(t *testing.T) {
	src := []byte(`{"a": "text", "b": {"c": 1}, "d": [1, 2]}`)
	doc, _ := scenarios.Parse("x.json", src) // not a muster document: only its tree is used
	if doc == nil || doc.Root == nil {
		t.Fatal("no parse tree")
	}
	var out diag.Diagnostics
	p := &Pass{Check: &Check{Code: "x", Severity: diag.Warning}, Doc: doc, diags: &out}
	for pointer, want := range map[string]string{"/a": `"text"`, "/b": "{", "/d": "[", "/b/c": "1", "/nothing": "{"} {
		out = nil
		p.Report(pointer, "s", "h")
		if len(out) != 1 || out[0].Subject == nil {
			t.Fatalf("%s: %v", pointer, out)
		}
		if got := string(src[out[0].Subject.Start.Byte:out[0].Subject.End.Byte]); got != want {
			t.Errorf("%s underlines %q, want %q", pointer, got, want)
		}
	}
	// The same through a shipped check on a fixture.
	const path = "testdata/placement.json"
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Paths([]string{path}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range rep.Diags {
		if d.Code == "leader-alone" && d.Subject != nil {
			found = true
			if got := string(text[d.Subject.Start.Byte:d.Subject.End.Byte]); got != `"c.ap-hill.ldr-corps"` {
				t.Errorf("leader-alone underlines %q, want the whole unit id string", got)
			}
		}
	}
	if !found {
		t.Error("placement.json no longer gives leader-alone: pick another finding")
	}
}

// Checks lists the registry sorted by code, whatever the order of
// registration.
func TestChecksSorted(t *testing.T) {
	cs := Checks()
	if len(cs) < 20 {
		t.Fatalf("only %d checks", len(cs))
	}
	for i := 1; i < len(cs); i++ {
		if cs[i-1].Code >= cs[i].Code {
			t.Fatalf("Checks() not sorted by code: %s before %s", cs[i-1].Code, cs[i].Code)
		}
	}
}
