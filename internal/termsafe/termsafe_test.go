package termsafe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	for in, want := range map[string]string{
		"Chancellorsville":       "Chancellorsville",
		"evil\x1b]0;pwned\x07":   `evil\u001b]0;pwned\u0007`,
		"csi\u009b2J":            `csi\u009b2J`,
		"over\rwrite":            `over\u000dwrite`,
		"bidi\u202eevil":         `bidi\u202eevil`,
		"bad\xffbyte":            `bad\xffbyte`,
		"Reynold's Crossing é":   "Reynold's Crossing é",
		"tab\tand\nnewline stay": "tab\tand\nnewline stay",
	} {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

// JSON written through the Writer decodes to the same value, and no raw
// control character gets through, however the writes are split.
func TestWriterKeepsJSONAndSplitsCharacters(t *testing.T) {
	v := map[string]string{"title": "a\x1b[2Jb\u009bc\u202ed\x7fé€"}
	js, _ := json.Marshal(v)
	for split := 1; split < len(js); split++ {
		var out bytes.Buffer
		w := NewWriter(&out)
		w.Write(js[:split])
		w.Write(js[split:])
		w.Flush()
		var got map[string]string
		if err := json.Unmarshal(out.Bytes(), &got); err != nil || got["title"] != v["title"] {
			t.Fatalf("split %d: %s -> %q, %v", split, out.Bytes(), got, err)
		}
		for _, r := range out.String() {
			if unsafe(r) {
				t.Fatalf("split %d: %q reached the output", split, r)
			}
		}
	}
}

func FuzzWriter(f *testing.F) {
	f.Add([]byte("a\x1b[31mred\u009b\xc2"), 3)
	f.Fuzz(func(t *testing.T, data []byte, split int) {
		split = min(max(split, 0), len(data))
		var out bytes.Buffer
		w := NewWriter(&out)
		w.Write(data[:split])
		w.Write(data[split:])
		w.Flush()
		s := out.String()
		if !utf8.ValidString(s) {
			t.Fatalf("invalid UTF-8 out of %q: %q", data, s)
		}
		for _, r := range s {
			if unsafe(r) {
				t.Fatalf("%q reached the output from %q", r, data)
			}
		}
		if utf8.Valid(data) && !strings.ContainsFunc(string(data), unsafe) && s != string(data) {
			t.Fatalf("safe text changed: %q -> %q", data, s)
		}
	})
}
