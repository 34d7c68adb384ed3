package main

import (
	"bytes"
	"path"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// TestPlantsOneLine: every site of every kind changes exactly the line the
// mistake is said to stand on, and nothing else of the file.
func TestPlantsOneLine(t *testing.T) {
	c, _, err := load(scenarios.BuiltinFS(), "tpc/scenarios/11-the-petersburg-campaign.json")
	if err != nil {
		t.Fatal(err)
	}
	orig := bytes.Split(c.src, []byte("\n"))
	for _, k := range kinds {
		for _, e := range k.sites(c) {
			mut, line := c.apply(e)
			got := bytes.Split(mut, []byte("\n"))
			if len(got) != len(orig) {
				t.Fatalf("%s %s: the edit changes the number of lines", k.name, e.what)
			}
			for i := range orig {
				if changed := !bytes.Equal(orig[i], got[i]); changed != (i+1 == line) {
					t.Fatalf("%s %s: line %d changed=%v, the mistake is said to stand on line %d", k.name, e.what, i+1, changed, line)
				}
			}
		}
	}
}

// TestCatchIsAtTheLine: a finding counts only on the planted line, and
// only when the unchanged file lacks it there.
func TestCatchIsAtTheLine(t *testing.T) {
	c, base, err := load(scenarios.BuiltinFS(), "tpc/scenarios/01-my-best-achievement.json")
	if err != nil {
		t.Fatal(err)
	}
	var hex edit
	for _, k := range kinds {
		if k.name == "hex-typo" {
			hex = k.sites(c)[0]
		}
	}
	mut, line := c.apply(hex)
	_, found, err := check(path.Base(c.name), mut)
	if err != nil {
		t.Fatal(err)
	}
	if codes := caught(found, base, line); len(codes) == 0 {
		t.Errorf("a hex typo on line %d (%s) is not caught: %v", line, hex.what, found)
	}
	if codes := caught(found, base, line+1); len(codes) != 0 {
		t.Errorf("a finding of line %d counted on line %d: %v", line, line+1, codes)
	}
	// The unchanged file's own findings are no catch.
	_, same, _ := check(path.Base(c.name), c.src)
	for _, d := range same {
		if codes := caught(same, base, d.Subject.Start.Line); len(codes) != 0 {
			t.Errorf("the unchanged file is caught at line %d: %v", d.Subject.Start.Line, codes)
		}
	}
}

// TestEnoughPlants: the generator plants at least 150 mistakes, of every
// family, and the table adds up.
func TestEnoughPlants(t *testing.T) {
	if testing.Short() {
		t.Skip("validates every planted copy")
	}
	plants, err := Run(scenarios.BuiltinFS(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(plants) < 150 {
		t.Errorf("%d mistakes planted, want at least 150", len(plants))
	}
	rows := Table(plants)
	sum := 0
	for _, r := range rows[:len(rows)-1] {
		if r.Planted == 0 {
			t.Errorf("family %q: nothing planted", r.Family)
		}
		sum += r.Planted
		if strings.TrimSpace(r.Family) == "" {
			t.Error("a family without a name")
		}
	}
	if total := rows[len(rows)-1]; total.Planted != sum || total.Planted != len(plants) {
		t.Errorf("the total row says %d planted, the families %d, the plants %d", total.Planted, sum, len(plants))
	}
}
