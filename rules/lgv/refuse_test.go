package lgv

import (
	"errors"
	"testing"

	"github.com/musterhq/muster/rules"
)

// refusedCode applies an action the rules do not allow and returns the
// case the refusal names.
func refusedCode(t *testing.T, g *game, x rules.Action) string {
	t.Helper()
	err := g.apply(x)
	var re *rules.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: want a refusal, got %v", g.describe(x), err)
	}
	return re.Code
}

// engineMarkers compiles the test scenario with the counter sheet's
// Entrench and Pontoon Bridge counts given (15.0, 16.0).
func engineMarkers(t *testing.T, entrench map[string]int, pontoons int) *Engine {
	t.Helper()
	sf := loadTest(t, testScenario)
	for i := range sf.Module.Game.Markers {
		switch mk := &sf.Module.Game.Markers[i]; mk.ID {
		case "entrench-1":
			mk.SuppliedMissing, mk.Supplied = false, entrench
		case "pontoon-bridge":
			mk.SuppliedMissing, mk.Supplied = false, map[string]int{"union": pontoons}
		}
	}
	e, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// An action whose unit or location is out of range (a caller of the
// public Apply may pass any number) is refused with the case of its
// decision, never a panic.
func TestRefusalOutOfRange(t *testing.T) {
	e := testEngine(t)
	nu, nl := len(e.units), len(e.b.ids)
	eng := e.byID["u.colgate-engineer.eng"]

	g := e.NewGame(1) // Turn 1: the Union's Impulse
	if err := g.apply(act(aContinue, 0, 0)); err != nil {
		t.Fatal(err)
	}
	if err := g.apply(act(aAssault, e.b.lookup("56"), 0)); err != nil {
		t.Fatal(err)
	}
	if c := refusedCode(t, g, act(aMove, nu, 0)); c != "LGV 8.1" {
		t.Errorf("move of unit %d (no such unit): %s, want LGV 8.1", nu, c)
	}
	if c := refusedCode(t, g, act(aMove, e.byID["c.jones.inf"], nl)); c != "LGV 8.1" {
		t.Errorf("move to location %d (no such location): %s, want LGV 8.1", nl, c)
	}

	g = e.NewGame(1)
	g.setStatus(e.byID["u.berry.inf"], eliminated)
	g.setStatus(e.byID["u.birney.inf"], eliminated)
	g.endCombatPhase()
	if err := g.apply(act(aReorg, e.byID["u.berry.inf"], e.byID["u.birney.inf"])); err != nil {
		t.Fatal(err)
	}
	if c := refusedCode(t, g, act(aPlace, nu, 0)); c != "LGV 12.1A" {
		t.Errorf("place unit %d (no such unit): %s, want LGV 12.1A", nu, c)
	}
	if c := refusedCode(t, g, act(aPlace, eng, nl)); c != "LGV 12.1A" {
		t.Errorf("place in location %d (no such location): %s, want LGV 12.1A", nl, c)
	}
	if err := g.apply(act(aPlace, e.byID["u.berry.inf"], e.b.lookup("56"))); err != nil {
		t.Fatal(err)
	}
	if err := g.apply(act(aDone, 0, 0)); err != nil {
		t.Fatal(err)
	}
	if g.stage != stEntrench {
		t.Fatalf("stage %s, want entrench", stageNames[g.stage])
	}
	if c := refusedCode(t, g, act(aEntrench, nl, 0)); c != "LGV 15.1" {
		t.Errorf("entrench in location %d (no such location): %s, want LGV 15.1", nl, c)
	}
}

// 15.0: "The number of entrenchments each player may have in play is
// limited to the markers supplied with the game." With one Union and two
// Confederate markers supplied, all are in play at the start (Union +2 in
// Area 3, Confederate +1 in Areas 7 and 8): the Union has nothing to
// decide, and a new Confederate marker in Area 4 (Jones's Infantry) is
// refused under 15.0, not 15.1.
func TestRefusalEntrenchSupply(t *testing.T) {
	e := engineMarkers(t, map[string]int{"union": 1, "confederate": 2}, -1)
	g := e.NewGame(1)
	g.endCombatPhase()
	if g.stage != stEntrench || g.reorgSide != confederate {
		t.Fatalf("stage %s for %s, want the Confederate's entrench", stageNames[g.stage], sideNames[g.reorgSide])
	}
	if c := refusedCode(t, g, act(aEntrench, e.b.lookup("4"), 0)); c != "LGV 15.0" {
		t.Errorf("entrench in Area 4 with both markers in play: %s, want LGV 15.0", c)
	}
}

// pontoonOfferedAtElys continues to the first impulse, sets the Union
// Engineer Fresh in Area 56 (Elys Ford, a ford) and activates it: the
// Pontoon Bridge action offered there, or 0 when none is (16.1).
func pontoonOfferedAtElys(t *testing.T, g *game) rules.Action {
	t.Helper()
	if err := g.apply(act(aContinue, 0, 0)); err != nil {
		t.Fatal(err)
	}
	elys := g.e.b.lookup("56")
	g.set(g.e.byID["u.colgate-engineer.eng"], elys, true, onMap)
	if err := g.apply(act(aAssault, elys, 0)); err != nil {
		t.Fatal(err)
	}
	for _, x := range g.legalActions() {
		if k, _, _ := split(x); k == aPontoon {
			return x
		}
	}
	return 0
}

// 16.0: Pontoon Bridges are limited to the markers supplied; the start's
// bridge at Reynold's Crossing is one. With 0 or 1 supplied, another is
// refused under 16.0; with 2, placing one is allowed.
func TestRefusalPontoonSupply(t *testing.T) {
	try := func(supply int) (rules.Action, *game) {
		g := engineMarkers(t, map[string]int{"union": 1, "confederate": 3}, supply).NewGame(1)
		return pontoonOfferedAtElys(t, g), g
	}
	x, _ := try(2)
	if x == 0 {
		t.Fatal("two supplied, one in play: no Pontoon Bridge offered at Area 56")
	}
	for _, supply := range []int{0, 1} {
		_, g := try(supply)
		if c := refusedCode(t, g, x); c != "LGV 16.0" {
			t.Errorf("%d supplied, the start's bridge in play: %s, want LGV 16.0", supply, c)
		}
	}
}

// 8.1: "Units move one at a time" — ending the movement while a unit is
// still moving is refused under 8.1 (stop it first), whichever unit it
// is: here A.P. Hill, the first unit of the engine's list.
func TestRefusalEndWhileMoving(t *testing.T) {
	e := testEngine(t)
	g := e.NewGame(1)
	hill := e.byID["c.a-p-hill.ldr-div"]
	if hill != 0 {
		t.Fatalf("A.P. Hill is unit %d; the test wants the first unit", hill)
	}
	for _, x := range []rules.Action{act(aContinue, 0, 0), act(aPass, 0, 0), act(aAssault, g.units[hill].loc, 0)} {
		if err := g.apply(x); err != nil {
			t.Fatal(err)
		}
	}
	moved := false
	for _, x := range g.legalActions() {
		if k, u, _ := split(x); k == aMove && u == hill {
			if err := g.apply(x); err != nil {
				t.Fatal(err)
			}
			moved = true
			break
		}
	}
	if !moved || g.current != hill {
		t.Fatalf("A.P. Hill could not move out of Area 15 (moving: %d)", g.current)
	}
	if c := refusedCode(t, g, act(aEnd, 0, 0)); c != "LGV 8.1" {
		t.Errorf("end while A.P. Hill moves: %s, want LGV 8.1", c)
	}
}
