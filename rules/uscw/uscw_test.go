package uscw

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The tests drive the engine through the harness, as the CLI does.
func init() { playtest.RegisterEngine(Ruleset{}) }

// Every engine script passes.
func TestPlaytests(t *testing.T) {
	files, err := filepath.Glob("testdata/playtests/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no playtests: %v", err)
	}
	for _, f := range files {
		res := playtest.RunFile(f)
		if !res.Passed() {
			t.Errorf("%s: %s %v", f, res.Failure, res.Diags)
		}
	}
}

// The shipped module lacks the CRT, the counters' ratings and the map:
// the engine refuses it and lists what is missing.
func TestShippedRefused(t *testing.T) {
	_, err := Compile(scenarios.Builtin().Scenario("uscw-s1"))
	if err == nil {
		t.Fatal("the shipped uscw-s1 compiled; its CRT is missing")
	}
	for _, want := range []string{"table crt", "U787", "ratings", "map"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not name %q: %v", want, err)
		}
	}
}

// The Advanced Game is refused with its reason: section 21 is absent.
func TestAdvancedRefused(t *testing.T) {
	err := checkOptions(map[string]string{"advanced": "true"})
	if !errors.Is(err, rules.ErrBadOption) || !strings.Contains(err.Error(), "section 21") {
		t.Fatalf("advanced: %v", err)
	}
	if err := checkOptions(map[string]string{"game": "basic"}); err != nil {
		t.Fatal(err)
	}
}

// The sim adapter plays the test module's 1861 scenario to its end (the
// bots can only pass yet): three turns of three Action Phases, and the
// rules core's verdict, unknown while a line is left to the players.
func TestSimPlaysToTheEnd(t *testing.T) {
	l := scenarios.NewLoader(scenarios.Disk{})
	sf, err := l.Scenario("testdata/module/scenarios/01-1861.json")
	if err != nil {
		t.Fatal(err)
	}
	newGame, err := Ruleset{}.Compile(sf, nil)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		gm, err := newGame(seed)
		if err != nil {
			t.Fatal(err)
		}
		steps := 0
		for !gm.Over() {
			choice := gm.(*Game).g.stage == stCards || gm.(*Game).g.stage == stReinforce
			if err := gm.Apply(gm.Legal()[0]); err != nil {
				t.Fatal(err)
			}
			if !choice {
				steps++
			}
		}
		// 9 Action Phases of two passes, and the Strategic Movement
		// Phase's two segments and the Leader Management Phase's two
		// (16.1: each side may reposition Generals, 16.6.3) on turns 2
		// and 3; the owners' card choices at the draws (18.2, 18.3.3)
		// and their reinforcements' placements (14.2, 14.3.5) are not
		// counted.
		if o := gm.Outcome(); o.Turns != 3 || o.Level != "unknown" || steps != 26 {
			t.Fatalf("seed %d: %+v after %d passes, want turn 3, level unknown, 26 passes", seed, o, steps)
		}
	}
}

// attrition=by-size (13.5.6's other reading) reads the Attrition Table's
// column by the stack's SPs; the test module's table has one column with
// no band, so the option is refused with that reason, and a table with
// bands picks the band's column.
func TestAttritionBySize(t *testing.T) {
	sf := loadScenario(t, scen1861)
	if _, err := (Ruleset{}).Compile(sf, map[string]string{"attrition": "by-size"}); err == nil || !strings.Contains(err.Error(), "no band of SPs") {
		t.Fatalf("attrition=by-size on a one-column table: want the refusal naming the missing bands, got %v", err)
	}
	if _, err := (Ruleset{}).Compile(sf, map[string]string{"attrition": "sideways"}); err == nil {
		t.Fatal("attrition=sideways was taken")
	}
	e, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	// A made-up two-band table: 1-3 SPs displace 0, 4+ SPs displace 2.
	zero, two, one, three, four := 0, 2, 1, 3, 4
	tab := *e.attrition
	tab.Columns = []scenarios.Column{{ID: "small", Min: &one, Max: &three, Dice: "1d6"}, {ID: "large", Min: &four, Dice: "1d6"}}
	tab.Grid = []scenarios.GridRow{{Min: &one, Cells: []scenarios.Cell{{Text: "0", Value: &zero}, {Text: "2", Value: &two}}}}
	e.attrition = &tab
	if err := e.attritionOption("by-size"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sps, want int }{{3, 3}, {5, 3}} {
		g, err := newGame(e, 1)
		if err != nil {
			t.Fatal(err)
		}
		p := g.e.b.pts["1913"]
		g.addSP("confederate", p, c.sps)
		g.dice.Force(6)
		g.attrition("confederate", p)
		if g.err != nil {
			t.Fatal(g.err)
		}
		if got := g.sp["confederate"][p]; got != c.want {
			t.Errorf("%d SPs by size: %d left, want %d", c.sps, got, c.want)
		}
	}
}
