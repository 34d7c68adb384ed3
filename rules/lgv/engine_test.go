package lgv

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// compileFixture compiles the test scenario after change edits it in
// memory (a made-up variant of the made-up test module).
func compileFixture(t *testing.T, change func(sf *scenarios.ScenarioFile)) (*Engine, error) {
	t.Helper()
	sf := loadTest(t, testScenario)
	change(sf)
	return Compile(sf)
}

// areaFirst lists Area id first in the map, so it is location 0: the
// edge of every scan that starts at 0 or marks "none" with -1.
func areaFirst(id string) func(sf *scenarios.ScenarioFile) { return areaAt(id, 0) }

// areaAt lists Area id at position pos of the map (swapped with the Area
// there).
func areaAt(id string, pos int) func(sf *scenarios.ScenarioFile) {
	return func(sf *scenarios.ScenarioFile) {
		as := sf.Module.Map.Areas
		i := slices.IndexFunc(as, func(a scenarios.Area) bool { return a.ID == id })
		as[pos], as[i] = as[i], as[pos]
	}
}

func fixtureEngine(t *testing.T, change func(sf *scenarios.ScenarioFile)) *Engine {
	t.Helper()
	e, err := compileFixture(t, change)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The start's markers (5.3.1: "Union Control marker: Area 3", "Union
// Entrench 2 marker: Area 3") are placed wherever Area 3 is listed.
func TestSetupMarkersAtFirstLocation(t *testing.T) {
	e := fixtureEngine(t, areaFirst("3"))
	g := e.NewGame(1)
	if loc := e.b.lookup("3"); loc != 0 || g.control[loc] != union || g.ent(union, loc) != 2 || g.ent(confederate, loc) != 0 {
		t.Errorf("Area 3 (location %d): control %d, entrench union %d confederate %d; want Union Control and a Union +2", loc, g.control[loc], g.ent(union, loc), g.ent(confederate, loc))
	}
}

// Reynold's Crossing joins Areas 56 and 5 in the test module: with Area
// 56 listed first, the ford is still found (no missing fact) and the
// start's Pontoon Bridge stands on it (5.3.1), and the units set up in
// Area 56 (Griffin, Humphries, Meade, Sykes) stay there.
func TestReynoldsAtFirstLocation(t *testing.T) {
	e := fixtureEngine(t, areaFirst("56"))
	g := e.NewGame(1)
	if !g.pontoonAt(e.b.lookup("56"), e.b.lookup("5")) {
		t.Errorf("no Pontoon Bridge at Reynold's Crossing (56-5); bridges %v", g.pontoons)
	}
	for _, id := range []string{"u.griffin.inf", "u.humphries.inf", "u.meade.ldr-corps", "u.sykes.inf"} {
		if at := g.units[e.byID[id]].loc; at != 0 {
			t.Errorf("%s starts at %s, want 56", id, e.b.ids[at])
		}
	}
}

// The Engineers and Pleasanton set up "with any Union Leader" go with
// the Union Leaders in the Union sector in id order (the engine's choice,
// made for the player): Colgate with Couch (Area 61), Pleasanton and Reese
// with Hooker (73), Stuart with Howard (H). So it stays with Area 61
// listed first.
func TestWithLeaderAtFirstLocation(t *testing.T) {
	e := fixtureEngine(t, areaFirst("61"))
	g := e.NewGame(1)
	want := map[string]string{"u.colgate-engineer.eng": "61", "u.pleasanton.cav": "73", "u.reese-engineer.eng": "73", "u.stuart-engineer.eng": "H"}
	for id, at := range want {
		if got := e.b.ids[g.units[e.byID[id]].loc]; got != at {
			t.Errorf("%s starts at %s, want %s", id, got, at)
		}
	}
}

// A map without Reynold's Crossing cannot start the game (5.3.1 puts the
// Pontoon Bridge there): the missing fact is listed.
func TestReynoldsMissing(t *testing.T) {
	_, err := compileFixture(t, func(sf *scenarios.ScenarioFile) {
		fs := sf.Module.Map.Features
		sf.Module.Map.Features = slices.DeleteFunc(fs, func(f scenarios.Feature) bool { return f.ID == "reynolds-crossing" })
	})
	var md *MissingData
	if !errors.As(err, &md) || !strings.Contains(err.Error(), "the ford of Reynold's Crossing") {
		t.Errorf("want the missing ford listed, got %v", err)
	}
}

// A stacking limit entry of 0 for a side is no limit the engine can
// play with: the side's 6 (7.1.1) stands.
func TestStackingLimitZeroEntry(t *testing.T) {
	e := fixtureEngine(t, func(sf *scenarios.ScenarioFile) {
		st := sf.Module.Game.Stacking
		st.Limits = append(st.Limits, scenarios.StackingLimit{Side: "union", Max: 0})
	})
	if e.stackLimit != [2]int{6, 10} {
		t.Errorf("stacking limits %v, want [6 10] (7.1.1, 7.1.2)", e.stackLimit)
	}
}

// A limit listed for Zones only is not an Area's limit: Zones are unlimited
// (14.3, "Stacking in Zones is unlimited"), and 7.1's limits stay.
func TestStackingLimitForZonesOnly(t *testing.T) {
	e := fixtureEngine(t, func(sf *scenarios.ScenarioFile) {
		st := sf.Module.Game.Stacking
		st.Limits = append(st.Limits, scenarios.StackingLimit{Side: "union", Max: 3, LocationKinds: []string{"zone"}})
	})
	if e.stackLimit != [2]int{6, 10} {
		t.Errorf("stacking limits %v, want [6 10] (7.1.1, 7.1.2)", e.stackLimit)
	}
}

// A game not over has no winner.
func TestOutcomeBeforeTheEnd(t *testing.T) {
	x, err := testEngine(t).Sim(1)
	if err != nil {
		t.Fatal(err)
	}
	if o := x.Outcome(); o.Winner != "" || o.Level != "" {
		t.Errorf("outcome at the start: winner %q, level %q; want none", o.Winner, o.Level)
	}
}

// commandUnder follows the parent commands however deep the chain, and
// ends on a cycle (a faulty module).
func TestCommandUnder(t *testing.T) {
	chain := &scenarios.Game{Commands: map[string][]scenarios.Command{"union": {
		{Code: "AP"}, {Code: "I", Parent: "AP"}, {Code: "I-1", Parent: "I"}, {Code: "I-1-1", Parent: "I-1"},
	}}}
	cycle := &scenarios.Game{Commands: map[string][]scenarios.Command{"union": {{Code: "X", Parent: "Y"}, {Code: "Y", Parent: "X"}}}}
	noCommands := &scenarios.Game{}
	deep := &scenarios.Game{Commands: map[string][]scenarios.Command{"union": {{Code: "c0"}}}}
	for i := 1; i <= 12; i++ { // deeper than any order of battle: the walk has no fixed limit
		deep.Commands["union"] = append(deep.Commands["union"], scenarios.Command{Code: fmt.Sprintf("c%d", i), Parent: fmt.Sprintf("c%d", i-1)})
	}
	cases := []struct {
		gm        *scenarios.Game
		code, cmd string
		want      bool
	}{
		{chain, "I-1-1", "AP", true}, // three steps up a chain of four
		{chain, "I-1-1", "I", true},
		{chain, "I", "I-1", false}, // not down
		{chain, "AP", "AP", true},
		{cycle, "X", "Z", false},
		{cycle, "X", "Y", true},
		{noCommands, "II", "II", true}, // no commands listed: only the same code
		{noCommands, "II", "III", false},
		{nil, "II", "II", true},
		{chain, "", "", false}, // no command is nobody's
		{deep, "c12", "c0", true},
		{deep, "c0", "c12", false},
	}
	for _, c := range cases {
		if got := commandUnder(c.gm, "union", c.code, c.cmd); got != c.want {
			t.Errorf("%q under %q: %v, want %v", c.code, c.cmd, got, c.want)
		}
	}
}

// 9.4.2D: "+1 Surprise if attacking an Area with Wilderness terrain from
// another Area with Wilderness terrain". Units attacking within a
// Contested Area they started in (9.3) attack from no other Area: no
// Surprise, whatever location 1 of the map is (here Wilderness Area 4).
// Griffin (Attack Factor 4 in the test module) leads, Sykes adds +2
// (9.4.2B, Union): AV 6; two units earn no Command Integrity Bonus.
func TestCommitAttackNoSurprise(t *testing.T) {
	e := fixtureEngine(t, areaAt("4", 1))
	if !e.b.wild[1] || !e.b.wild[e.b.lookup("6")] {
		t.Fatal("the fixture wants Areas 4 (location 1) and 6 Wilderness")
	}
	g := e.NewGame(1)
	griffin, sykes, area := e.byID["u.griffin.inf"], e.byID["u.sykes.inf"], e.b.lookup("6")
	g.setLoc(griffin, area)
	g.setLoc(sykes, area)
	g.control[e.b.lookup("5")] = union // two Confederate-sector Areas held: the game goes on (17.1.2)
	g.startTurn()                      // the Impulse starts with Area 6 Contested
	g.forced = []int{1, 1, 1, 1}
	for _, x := range []rules.Action{act(aContinue, 0, 0), act(aAssault, area, 0), act(aCommit, griffin, 0), act(aCommit, sykes, 0), act(aAttack, area, 0), act(aLead, griffin, 0)} {
		if err := g.apply(x); err != nil {
			t.Fatalf("%s: %v", g.describe(x), err)
		}
	}
	for g.stage == stDefLead || g.stage == stReroll || g.stage == stSupport {
		if err := g.apply(g.legalActions()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if g.cb.av != 6 {
		t.Errorf("AV %d, want 6 (Griffin 4, +2 Sykes, no Surprise)", g.cb.av)
	}
}

// The setup footnote of 5.3.1 (line 272, "*maximum of one Engineer unit
// per Area"): with Hooker moved to Area 61, where Couch stands, the first
// two Union Leaders in id order share an Area, and the Engineers set up
// "with any Union Leader" still go to three different Areas (Colgate with
// Couch in 61, Reese on to Howard in H, Stuart to Meade in 56); Pleasanton,
// no Engineer, goes with Hooker. Under the id order alone Reese went to
// 61 too.
func TestOneEngineerPerArea(t *testing.T) {
	e := fixtureEngine(t, setupAt("u.hooker.ldr-army", "61"))
	g := e.NewGame(1)
	want := map[string]string{"u.colgate-engineer.eng": "61", "u.pleasanton.cav": "61", "u.reese-engineer.eng": "H", "u.stuart-engineer.eng": "56"}
	for id, at := range want {
		if got := e.b.ids[g.units[e.byID[id]].loc]; got != at {
			t.Errorf("%s starts at %s, want %s", id, got, at)
		}
	}
	seen := map[int]string{}
	for _, u := range e.engs[union] {
		if other, ok := seen[g.units[u].loc]; ok {
			t.Errorf("%s and %s both start in %s (5.3.1)", other, e.units[u].id, e.b.ids[g.units[u].loc])
		}
		seen[g.units[u].loc] = e.units[u].id
	}
}

// Two Engineers set up in one Area break the footnote: the scenario is
// refused, naming the case.
func TestTwoEngineersInOneAreaRefused(t *testing.T) {
	_, err := compileFixture(t, func(sf *scenarios.ScenarioFile) {
		setupAt("u.colgate-engineer.eng", "61")(sf)
		setupAt("u.reese-engineer.eng", "61")(sf)
	})
	if err == nil || !strings.Contains(err.Error(), "LGV 5.3.1") {
		t.Errorf("want the setup refused under 5.3.1, got %v", err)
	}
}

// setupAt sets a unit's setup row to a location (its placement dropped).
func setupAt(unit, loc string) func(sf *scenarios.ScenarioFile) {
	return func(sf *scenarios.ScenarioFile) {
		for i := range sf.Scenario.Setup {
			for j := range sf.Scenario.Setup[i].Rows {
				r := &sf.Scenario.Setup[i].Rows[j]
				if r.Unit == unit {
					r.Hex, r.Placement = loc, nil
				}
			}
		}
	}
}

// The stacking limits' counts filter of game.json is read (7.1.3 as the
// module gives it): a module whose Union limit leaves Cavalry out lets
// Pleasanton stack free beside six infantry; one that also counts
// Engineers (no free entry for them) makes an Engineer count. The shipped
// filter gives the rulebook's 7.1.3: Engineers free, Cavalry counted.
func TestStackingCountsRead(t *testing.T) {
	countsOf := func(types ...string) func(sf *scenarios.ScenarioFile) {
		return func(sf *scenarios.ScenarioFile) {
			st := sf.Module.Game.Stacking
			for i := range st.Limits {
				if st.Limits[i].Side == "union" {
					st.Limits[i].Counts = &scenarios.UnitFilter{Types: types}
				}
			}
			if slices.Contains(types, "Eng") {
				st.Free = slices.DeleteFunc(st.Free, func(f scenarios.UnitFilter) bool { return slices.Contains(f.Types, "Eng") })
			}
		}
	}
	stack := func(e *Engine) (*game, int) {
		g := e.NewGame(1)
		loc := e.b.lookup("61") // Couch's II Corps: Couch, French, Hancock, Colgate Engineer
		for _, id := range []string{"u.gibbon.inf", "u.patrick.inf", "u.wadsworth.inf", "u.pleasanton.cav"} {
			g.setLoc(e.byID[id], loc)
		}
		return g, loc
	}
	for _, c := range []struct {
		name   string
		change func(sf *scenarios.ScenarioFile)
		want   int
		full   bool
	}{
		{"shipped", func(*scenarios.ScenarioFile) {}, 6, true},                    // French, Hancock, Gibbon, Patrick, Wadsworth, Pleasanton
		{"no cavalry", countsOf("Inf", "Art", "Ldr"), 5, false},                   // Pleasanton free
		{"engineers count", countsOf("Inf", "Art", "Cav", "Ldr", "Eng"), 7, true}, // Colgate too
	} {
		e := fixtureEngine(t, c.change)
		g, loc := stack(e)
		if n := g.stacked(union, loc); n != c.want || g.full(union, loc) != c.full {
			t.Errorf("%s: %d units count in Area 61 (full %v), want %d (full %v)", c.name, n, g.full(union, loc), c.want, c.full)
		}
	}
}

// A stacking filter the engine cannot play refuses the module, naming
// 7.1.3, rather than being left unread.
func TestStackingFilterUnreadRefused(t *testing.T) {
	for name, change := range map[string]func(st *scenarios.Stacking){
		"sizes":        func(st *scenarios.Stacking) { st.Limits[0].Counts.Sizes = []string{"div"} },
		"unknown type": func(st *scenarios.Stacking) { st.Limits[0].Counts.Types = append(st.Limits[0].Counts.Types, "Sup") },
		"free infantry": func(st *scenarios.Stacking) {
			st.Free = append(st.Free, scenarios.UnitFilter{Units: []string{"u.gibbon.inf"}})
		},
	} {
		_, err := compileFixture(t, func(sf *scenarios.ScenarioFile) { change(sf.Module.Game.Stacking) })
		if err == nil || !strings.Contains(err.Error(), "LGV 7.1.3") {
			t.Errorf("%s: want the module refused under 7.1.3, got %v", name, err)
		}
	}
}
