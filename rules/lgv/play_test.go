package lgv

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest"
)

// The sim report's momentum facts come from each turn's Momentum Phase:
// turn 2 to the Confederate player (die 1 for the Union, 6 + 3 stars for
// the Confederate), turn 3 to the Union (6 against 1 + 3) (6.1.1).
func TestMomentumReport(t *testing.T) {
	e := testEngine(t)
	x, err := e.Sim(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	for _, turn := range []struct{ n, unionDie, confDie int }{{2, 1, 6}, {3, 6, 1}} {
		g.forced = []int{turn.unionDie, turn.confDie}
		g.turn = turn.n
		g.startTurn()
	}
	o := x.Outcome()
	if got := o.Tags["turn-2-momentum"]; got != "confederate" {
		t.Errorf("turn-2-momentum %q, want confederate", got)
	}
	if got := o.Tags["union-momentum-turns-2-6"]; got != "1" {
		t.Errorf("union-momentum-turns-2-6 %q, want 1 (turn 3)", got)
	}
}

// A scenario longer than the rulebook's six turns (a designer's variant)
// plays its seventh: the Momentum Phase is rolled like any other (the
// sim report's momentum facts keep to turns 2-6).
func TestSeventhTurn(t *testing.T) {
	sf := loadTest(t, testScenario)
	scen := *sf.Scenario
	scen.Length.Turns = 7
	sf.Scenario = &scen
	e, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := e.Sim(1)
	g := x.(*Game).g
	g.forced = []int{6, 1} // Union 6, Confederate 1 + 3 stars
	g.turn = 7
	g.startTurn()
	if g.mover != union || g.stage != stImpulseStart {
		t.Fatalf("turn 7: momentum %s, decision %s; want union, impulse-start", sideNames[g.mover], stageNames[g.stage])
	}
	if o := x.Outcome(); o.Turns != 7 {
		t.Errorf("outcome after turn 7's Momentum Phase: %+v", o)
	}
}

// In test mode (invariants=check) a position broken at an activation's
// end stops the game there: a unit that moved and is still Fresh (8.1).
func TestActivationEndViolation(t *testing.T) {
	e := checkedEngine(t)
	x, _ := e.Sim(1)
	g := x.(*Game)
	griffin, a56, a62 := e.byID["u.griffin.inf"], e.b.lookup("56"), e.b.lookup("62")
	for i, a := range []struct{ kind, a, b int }{{aContinue, 0, 0}, {aAssault, a56, 0}, {aMove, griffin, a62}, {aStop, griffin, 0}} {
		g.Legal()
		if err := g.Apply(act(a.kind, a.a, a.b)); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	g.g.setFresh(griffin, true) // planted: Griffin moved, yet Fresh
	g.Legal()
	err := g.Apply(act(aEnd, 0, 0))
	var v *Violation
	if !errors.As(err, &v) || v.Action != 4 || !strings.HasPrefix(v.What, "LGV 8.1: u.griffin.inf moved this activation and is still Fresh") {
		t.Fatalf("ending the activation: %v; want the 8.1 violation at action 4", err)
	}
}

// The Union may have in play only the Pontoon Bridge markers supplied
// with the game (16.0); Reynold's Crossing has one from the setup, so
// with 0 or 1 supplied none is built in Zone H, with 2 one is.
func TestPontoonSupply(t *testing.T) {
	for _, c := range []struct {
		supplied int
		offered  bool
	}{{0, false}, {1, false}, {2, true}} {
		sf := loadTest(t, testScenario)
		gm := *sf.Module.Game
		gm.Markers = append(gm.Markers[:0:0], gm.Markers...)
		for i := range gm.Markers {
			if gm.Markers[i].ID == "pontoon-bridge" {
				gm.Markers[i].SuppliedMissing, gm.Markers[i].Supplied = false, map[string]int{"union": c.supplied}
			}
		}
		sf.Module.Game = &gm
		d, err := newScriptDriver(sf, &playtest.Script{ID: "pontoon-supply", Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []playtest.Step{{Play: "continue"}, {Play: "assault", At: "H"}} {
			if err := d.Act(&s); err != nil {
				t.Fatalf("supply %d: %s: %v", c.supplied, s.Play, err)
			}
		}
		build := &playtest.Step{Play: "pontoon", At: "H", To: "53"}
		want := &playtest.Step{Expect: "fail", Step: build, Code: "LGV 16.0"}
		if c.offered {
			want = &playtest.Step{Expect: "offered", Step: build}
		}
		if err := d.Expect(want); err != nil {
			t.Errorf("%d supplied: %v", c.supplied, err)
		}
	}
}

// editedModule copies the test module to a temporary folder, each file's
// text changed by edit (a made-up fact for one test), and returns the
// path of its scenario.
func editedModule(t *testing.T, edit func(name, text string) string) string {
	t.Helper()
	dir := t.TempDir()
	err := filepath.WalkDir("testdata/module", func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if de.IsDir() && de.Name() == "playtests" {
			return filepath.SkipDir // the scripts need no copy
		}
		rel, _ := filepath.Rel("testdata/module", p)
		if de.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), []byte(edit(rel, string(b))), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, strings.TrimPrefix(testScenario, "testdata/module/"))
}

// An Engineer first in the counter list (its id made to sort first) is
// found like any other: Fresh in Zone H, it lets the Union build the
// bridge at Germanna Ford (16.1).
func TestEngineerFirstBuildsBridge(t *testing.T) {
	scen := editedModule(t, func(_, text string) string {
		return strings.ReplaceAll(text, "u.stuart-engineer.eng", "a.stuart-engineer.eng")
	})
	sf := loadTest(t, scen)
	d, err := newScriptDriver(sf, &playtest.Script{ID: "engineer-first", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if u := d.(*scriptDriver).e.byID["a.stuart-engineer.eng"]; u != 0 {
		t.Fatalf("the renamed Engineer is unit %d, not the first", u)
	}
	for _, s := range []playtest.Step{{Do: "setup", Unit: "a.stuart-engineer.eng", To: "H"}, {Play: "continue"}, {Play: "assault", At: "H"}} {
		if err := d.Act(&s); err != nil {
			t.Fatalf("%s%s: %v", s.Do, s.Play, err)
		}
	}
	if err := d.Expect(&playtest.Step{Expect: "offered", Step: &playtest.Step{Play: "pontoon", At: "H", To: "53"}}); err != nil {
		t.Fatal(err)
	}
}

// A unit that attacks from the Area it stands in gets no Surprise
// (9.4.2D: "+1 Surprise if attacking an Area with Wilderness terrain from
// another Area with Wilderness terrain"), whatever it did in an earlier
// impulse. Hancock, in the Active Area of the last activation, commits in
// Area 31 (Wilderness, TEM 3, Contested with Perry) and attacks; Area 2
// is made Wilderness too, the Area a stale "entered from" mark would name
// (index 1). AV: Hancock's 5 alone. DV: Perry 3 + TEM 3 = 6. 5 + 8 = 13
// against 6 + 7 = 13: Stalemate (with a Surprise it would be 14, a
// Success).
func TestCommittedAttackNoSurprise(t *testing.T) {
	const from = `"id": "wilderness",
      "kind": "terrain",
      "count": 19,`
	const hexes = `"hexes": [
        "4",
        "6",
        "12",`
	scen := editedModule(t, func(name, text string) string {
		if name != "map.json" {
			return text
		}
		if !strings.Contains(text, from+"\n") || !strings.Contains(text, hexes) {
			t.Fatal("the test map's wilderness feature has changed: update this test")
		}
		i := strings.Index(text, from)
		j := i + strings.Index(text[i:], hexes)
		return text[:i] + strings.Replace(from, "19", "20", 1) + text[i+len(from):j] + strings.Replace(hexes, "[", `["2",`, 1) + text[j+len(hexes):]
	})
	e, err := Compile(loadTest(t, scen))
	if err != nil {
		t.Fatal(err)
	}
	if a2 := e.b.lookup("2"); a2 != 1 || !e.b.wild[a2] {
		t.Fatalf("Area 2 is location %d, Wilderness %v: want 1, true", a2, a2 >= 0 && e.b.wild[a2])
	}
	res := runScriptAt(t, scen, `"dice": {"forced": [6, 4, 4, 4, 3, 6], "forcedOnly": true}`, `{"do": "setup", "unit": "c.perry.inf", "to": "31"},
{"do": "setup", "unit": "u.hancock.inf", "to": "31"},
{"do": "turn", "turn": 1},
{"do": "track", "track": "advantage", "value": "none"},
{"do": "track", "track": "rerolls.union", "value": 0},
{"do": "track", "track": "rerolls.confederate", "value": 0},
{"play": "continue"},
{"play": "assault", "at": "31"},
{"play": "end-activation"},
{"play": "assault", "at": "31"},
{"play": "commit", "unit": "u.hancock.inf"},
{"play": "attack", "at": "31"},
{"expect": "combat", "facts": {"av": 5, "dv": 6, "attack-roll": 8, "defense-roll": 7, "result": "stalemate"}}`)
	if res != "" {
		t.Fatal(res)
	}
}
