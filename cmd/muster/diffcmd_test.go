package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const tpc01 = "../../scenarios/tpc/scenarios/01-my-best-achievement.json"

// writeScrambled writes v as JSON that reads differently from the shipped
// files: keys in reverse order, tabs, spaces before colons, and whole
// "points" spelled with a decimal point. Numbers keep their text
// (json.Number) otherwise.
func writeScrambled(t *testing.T, path string, v any) {
	t.Helper()
	var b bytes.Buffer
	var enc func(key string, v any, depth int)
	enc = func(key string, v any, depth int) {
		pad := strings.Repeat("\t", depth)
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Sort(sort.Reverse(sort.StringSlice(keys)))
			b.WriteString("{\n")
			for i, k := range keys {
				if i > 0 {
					b.WriteString(",\n")
				}
				fmt.Fprintf(&b, "%s\t%q  :  ", pad, k)
				enc(k, x[k], depth+1)
			}
			b.WriteString("\n" + pad + "}")
		case []any:
			b.WriteString("[ ")
			for i, e := range x {
				if i > 0 {
					b.WriteString(" , ")
				}
				enc("", e, depth+1)
			}
			b.WriteString(" ]")
		case json.Number:
			s := x.String()
			if key == "points" && !strings.ContainsAny(s, ".eE") {
				s += ".0"
			}
			b.WriteString(s)
		default:
			j, err := json.Marshal(x)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(j)
		}
	}
	enc("", v, 0)
	b.WriteString("\n\n")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readGeneric(t *testing.T, path string) map[string]any {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// editedTPC01 writes a copy of TPC scenario 1 with Wise moved to S0714
// (Blandford) and the Petersburg VP line raised from 80 to 90, scrambled.
func editedTPC01(t *testing.T) string {
	t.Helper()
	v := readGeneric(t, tpc01)
	moved := false
	for _, tbl := range v["setup"].([]any) {
		for _, r := range tbl.(map[string]any)["rows"].([]any) {
			if row := r.(map[string]any); row["unit"] == "c.wise.inf" {
				row["hex"], row["place"] = "S0714", "Blandford"
				moved = true
			}
		}
	}
	raised := false
	for _, a := range v["victory"].(map[string]any)["awards"].([]any) {
		for _, l := range a.(map[string]any)["lines"].([]any) {
			if line := l.(map[string]any); line["id"] == "petersburg" {
				line["points"], line["printedPoints"] = json.Number("90"), "+90"
				raised = true
			}
		}
		break
	}
	if !moved || !raised {
		t.Fatalf("scenario 1 changed shape: moved %v, raised %v", moved, raised)
	}
	p := filepath.Join(t.TempDir(), "tpc-01-errata.json")
	writeScrambled(t, p, v)
	return p
}

func TestDiffTPC01Errata(t *testing.T) {
	edited := editedTPC01(t)
	want := "Set-up\n" +
		"  Confederate: Wise (c.wise.inf) moved from S0713 to S0714 (Blandford)\n" +
		"Victory conditions\n" +
		"  VP line 'If an undemoralized Union infantry unit occupies either...': 80 VP -> 90 VP\n"
	for _, old := range []string{tpc01, "tpc-01"} {
		code, out, errOut := muster(t, "diff", old, edited)
		if code != 1 || out != want {
			t.Errorf("diff %s EDITED: exit %d, want 1\ngot:\n%s\nwant:\n%s%s", old, code, out, want, errOut)
		}
	}
	// The other way round, the same two changes undone.
	code, out, _ := muster(t, "diff", edited, "tpc-01")
	if code != 1 || !strings.Contains(out, "moved from S0714 (Blandford) to S0713\n") || !strings.Contains(out, ": 90 VP -> 80 VP\n") {
		t.Errorf("diff EDITED tpc-01: exit %d\n%s", code, out)
	}
}

func TestDiffTPC01JSON(t *testing.T) {
	edited := editedTPC01(t)
	code, out, errOut := muster(t, "diff", "--format", "json", tpc01, edited)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	var rep struct {
		Old, New struct{ Arg, ID string }
		Count    int
		Changes  []struct {
			Section, Kind, Side, Subject, Field, Text string
			Old, New                                  any
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep.Old.ID != "tpc-01" || rep.New.Arg != edited || rep.Count != 2 || len(rep.Changes) != 2 {
		t.Fatalf("report = %+v", rep)
	}
	mv, vp := rep.Changes[0], rep.Changes[1]
	if mv.Section != "setup" || mv.Kind != "moved" || mv.Side != "confederate" || mv.Subject != "c.wise.inf" ||
		mv.Field != "location" || mv.Old != "S0713" || mv.New != "S0714 (Blandford)" ||
		mv.Text != "Wise (c.wise.inf) moved from S0713 to S0714 (Blandford)" {
		t.Errorf("move = %+v", mv)
	}
	oldPts, _ := vp.Old.(map[string]any)
	newPts, _ := vp.New.(map[string]any)
	if vp.Section != "victory" || vp.Kind != "changed" || vp.Subject != "petersburg" || vp.Field != "points" ||
		oldPts["points"] != 80.0 || newPts["points"] != 90.0 || newPts["printedPoints"] != "+90" ||
		!strings.HasSuffix(vp.Text, ": 80 VP -> 90 VP") {
		t.Errorf("points = %+v", vp)
	}
}

func TestDiffNoChanges(t *testing.T) {
	same := filepath.Join(t.TempDir(), "tpc-01-reformatted.json")
	writeScrambled(t, same, readGeneric(t, tpc01))
	for _, args := range [][]string{
		{tpc01, tpc01},
		{"tpc-01", tpc01},
		{tpc01, same},
		{"--format", "json", same, "tpc-01"},
		{"tpc-11", "tpc-11"},
		{"lgv-01", "lgv-01"},
	} {
		code, out, errOut := muster(t, append([]string{"diff"}, args...)...)
		if code != 0 {
			t.Errorf("diff %v: exit %d, want 0\n%s%s", args, code, out, errOut)
			continue
		}
		if args[0] == "--format" {
			var rep struct {
				Count   int
				Changes []any
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Count != 0 || rep.Changes == nil || len(rep.Changes) != 0 {
				t.Errorf("diff %v: %v\n%s", args, err, out)
			}
		} else if out != "" {
			t.Errorf("diff %v printed:\n%s", args, out)
		}
	}
}

func TestDiffShippedNeighbours(t *testing.T) {
	code, out, _ := muster(t, "diff", "tpc-01", "tpc-02")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	for _, want := range []string{
		"\n  Scenario: id tpc-01 -> tpc-02\n",
		"  Length: start 1864-06-15 -> 1864-06-22\n",
		"  Union: Barlow (u.barlow.inf) moved from S2108 (Blair) to S0717\n",
		"  Union: Barlow (u.barlow.inf): manpower 15 -> 11\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("diff tpc-01 tpc-02 lacks %q:\n%s", want, out)
		}
	}
}

func TestDiffUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"diff"},
		{"diff", "tpc-01"},
		{"diff", "tpc-01", "tpc-02", "tpc-03"},
		{"diff", "--format", "xml", "tpc-01", "tpc-02"},
		{"diff", "tpc-01", "no/such/file.json"},
		{"diff", "no-such-id", "tpc-01"},
		{"diff", "tpc-01", "../../scenarios/testdata/bad/wrong-type.json"},
	} {
		if code, out, errOut := muster(t, args...); code != 2 {
			t.Errorf("muster %v: exit %d, want 2\n%s%s", args, code, out, errOut)
		}
	}
}

// Notes read as text, as the rest of the errata list does, never as the
// JSON of a notes list (issue 27); --format json keeps them as data.
func TestDiffNotesReadable(t *testing.T) {
	base, notes := "../../scenarios/testdata/diff/base.json", "../../scenarios/testdata/diff/notes.json"
	code, out, errOut := muster(t, "diff", base, notes)
	want := "Scenario\n" +
		`  Scenario: note 1 added: correction: "The rulebook prints the game length as 3 turns; the dates give 2." (printed "3 turns"; field length.turns; source made-up, section "Game Length", lines 12)` + "\n" +
		`  Scenario: note 2 added: comment: "Play-tested twice."` + "\n" +
		"Set-up\n" +
		`  Confederate: Wise (c.wise.inf): note 1 added: inferred: "Strength from the order of battle."` + "\n"
	if code != exitFindings || out != want {
		t.Errorf("diff base notes: exit %d\n%s\nwant:\n%s%s", code, out, want, errOut)
	}
	code, out, _ = muster(t, "diff", "--format", "json", base, notes)
	var rep struct {
		Changes []struct{ New map[string]any }
	}
	if err := json.Unmarshal([]byte(out), &rep); code != exitFindings || err != nil || len(rep.Changes) != 3 || rep.Changes[0].New["printed"] != "3 turns" {
		t.Errorf("diff --format json: exit %d, %v\n%s", code, err, out)
	}
}
