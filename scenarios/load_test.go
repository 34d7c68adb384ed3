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
