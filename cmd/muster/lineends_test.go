package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// crlfCases are broken copies of a shipped scenario: a semantic finding
// (a hex id with S misread as $), a schema finding (a string for an integer) and a
// syntax error, each on a line of its own.
func crlfCases(t *testing.T) map[string]string {
	t.Helper()
	src, err := os.ReadFile("../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{}
	for name, edit := range map[string][2]string{
		"semantic": {`"hex": "S0910"`, `"hex": "$0910"`},
		"schema":   {`"turns": 2,`, `"turns": "two",`},
		"syntax":   {`"hex": "S0712"}`, `"hex": "S0712",}`},
	} {
		s := string(src)
		if !strings.Contains(s, edit[0]) {
			t.Fatalf("%s: no %s in the scenario", name, edit[0])
		}
		cases[name] = strings.Replace(s, edit[0], edit[1], 1)
	}
	return cases
}

type foundAt struct {
	Code                       string
	Line, Col, EndLine, EndCol int
}

func validateJSONFindings(t *testing.T, path string) []foundAt {
	t.Helper()
	code, out, stderr := muster(t, "validate", "--format", "json", path)
	if code != 1 {
		t.Fatalf("%s: exit %d, want 1: %s", path, code, stderr)
	}
	var rep struct {
		Diagnostics []struct {
			Code  string
			Start struct{ Line, Column, Byte int }
			End   struct{ Line, Column, Byte int }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var got []foundAt
	for _, d := range rep.Diagnostics {
		got = append(got, foundAt{Code: d.Code, Line: d.Start.Line, Col: d.Start.Column,
			EndLine: d.End.Line, EndCol: d.End.Column})
	}
	if len(got) == 0 {
		t.Fatalf("%s: no findings", path)
	}
	return got
}

// TestCRLFSamePositions: a file saved with Windows line ends (CRLF) gets
// the same findings at the same line:col as the same file with LF, and the
// quoted source line carries no stray CR.
func TestCRLFSamePositions(t *testing.T) {
	dir := t.TempDir()
	for name, lf := range crlfCases(t) {
		t.Run(name, func(t *testing.T) {
			lfPath := filepath.Join(dir, name+"-lf.json")
			crlfPath := filepath.Join(dir, name+"-crlf.json")
			crlf := strings.ReplaceAll(lf, "\n", "\r\n")
			if err := os.WriteFile(lfPath, []byte(lf), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(crlfPath, []byte(crlf), 0o644); err != nil {
				t.Fatal(err)
			}
			want := validateJSONFindings(t, lfPath)
			got := validateJSONFindings(t, crlfPath)
			if len(got) != len(want) {
				t.Fatalf("CRLF %v, LF %v", got, want)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("CRLF %+v, LF %+v", got[i], want[i])
				}
				if want[i].Line < 2 {
					t.Errorf("finding on line %d: the case does not test line counting", want[i].Line)
				}
			}
			_, text, _ := muster(t, "validate", crlfPath)
			if strings.Contains(text, "\r") {
				t.Errorf("a CR in the text output:\n%q", text)
			}
			at := fmt.Sprintf("%s:%d:%d: ", crlfPath, want[0].Line, want[0].Col)
			if !strings.Contains(text, at) {
				t.Errorf("no %q in:\n%s", at, text)
			}
		})
	}
}

// TestFmtKeepsLineEnds: muster fmt accepts a formatted CRLF file as
// formatted, and -w keeps each file's line ending.
func TestFmtKeepsLineEnds(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(src, []byte("\r")) {
		t.Fatal("the shipped file has CRs (.gitattributes keeps the data LF)")
	}
	dir := t.TempDir()
	crlf := bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n"))
	formatted := filepath.Join(dir, "formatted-crlf.json")
	if err := os.WriteFile(formatted, crlf, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := muster(t, "fmt", formatted); code != 0 || out != "" {
		t.Errorf("a formatted CRLF file: exit %d, %q %s", code, out, stderr)
	}
	// One row spread over two lines is not canonical: -w joins it.
	messy := func(b []byte, nl string) []byte {
		return bytes.Replace(b, []byte(`"hex": "S0910"}`), []byte(`"hex":`+nl+`    "S0910"}`), 1)
	}
	for nl, want := range map[string][]byte{"\n": src, "\r\n": crlf} {
		path := filepath.Join(dir, fmt.Sprintf("messy-%d.json", len(nl)))
		in := messy(want, nl)
		if bytes.Equal(in, want) {
			t.Fatal("the edit did not apply")
		}
		if err := os.WriteFile(path, in, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := muster(t, "fmt", "-w", path); code != 0 {
			t.Fatalf("fmt -w: exit %d: %s", code, stderr)
		}
		got, _ := os.ReadFile(path)
		if !bytes.Equal(got, want) {
			t.Errorf("%q file: fmt -w did not give the canonical text with the same line ends", nl)
		}
	}
}
