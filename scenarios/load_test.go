package scenarios

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestBadDocuments checks that each broken fixture gives exactly the
// diagnostics its .want file lists, at the right line and column.
func TestBadDocuments(t *testing.T) {
	files, _ := filepath.Glob("testdata/bad/*.json")
	if len(files) < 8 {
		t.Fatalf("found %d fixtures, want at least 8", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			wantSrc, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".want")
			if err != nil {
				t.Fatal(err)
			}
			_, ds := Parse(f, src)
			var got []string
			for _, d := range ds {
				got = append(got, fmt.Sprintf("%d:%d %s %s", d.Subject.Start.Line, d.Subject.Start.Col, d.Code, d.Pointer))
				if d.Subject.Filename != f {
					t.Errorf("diagnostic names file %q, want %q", d.Subject.Filename, f)
				}
			}
			var want []string
			for _, line := range strings.Split(strings.TrimRight(string(wantSrc), "\n"), "\n") {
				want = append(want, strings.TrimRight(line, " "))
			}
			for i := range got {
				got[i] = strings.TrimRight(got[i], " ")
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s\n(messages: %v)", strings.Join(got, "\n"), strings.Join(want, "\n"), ds)
			}
		})
	}
}

// FuzzParseDocument: arbitrary bytes give diagnostics, never a panic, and
// every diagnostic has a position inside the input.
func FuzzParseDocument(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/bad/*.json")
	// Small seeds: the fuzzer minimizes every new input, which is slow when
	// inputs grow from a full scenario file.
	seeds = append(seeds, "../validate/testdata/missing-levels.json")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, ds := Parse("fuzz.json", src)
		if doc == nil {
			t.Fatal("nil document")
		}
		for _, d := range ds {
			if d.Subject == nil || d.Subject.Start.Byte < 0 || d.Subject.End.Byte > len(src) {
				t.Fatalf("diagnostic outside the input: %v", d)
			}
		}
		if doc.Valid {
			var s Scenario
			_ = doc.Decode(&s)
		}
	})
}

// A document whose only schema findings are unknown keys is still checked:
// Valid, decoded without the keys; one with another kind of finding is not.
func TestParsePastUnknownKeys(t *testing.T) {
	const doc = `{"$schema": "scenario.schema.json", "id": "x", "module": "tpc", "title": "x", "source": {"document": "d"},
 "maps": {"text": "x", "sheets": [{"sheet": "otr-south"}]}, "length": {"text": "x", "turns": %s},
 "setup": [{"side": "union", "rows": [{"name": "B", "unit": "u.b", "manpower": 1, "Hex": "S0101"}]}],
 "specialRules": [], "victory": {"text": "x"}}`
	d, ds := Parse("x.json", []byte(fmt.Sprintf(doc, "1")))
	if !d.Valid || len(ds) != 1 || ds[0].Code != "schema-unknown-key" {
		t.Fatalf("valid %v, findings %v: want valid with one schema-unknown-key", d.Valid, ds)
	}
	var s Scenario
	if err := d.Decode(&s); err != nil {
		t.Fatal(err)
	}
	if got := s.Setup[0].Rows[0].Hex; got != "" {
		t.Errorf("the unknown key \"Hex\" was decoded into hex: %q", got)
	}
	if d.Root.Get("setup").Items[0].Get("rows").Items[0].Get("Hex") == nil {
		t.Error("the source tree lost the unknown key")
	}
	if d, _ := Parse("x.json", []byte(fmt.Sprintf(doc, `"one"`))); d.Valid {
		t.Error("a document with a type error as well is Valid")
	}
}
