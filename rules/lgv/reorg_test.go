package lgv

import (
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// engineSupplied compiles the test scenario with the counter sheet's
// Entrench marker counts given (15.0).
func engineSupplied(t *testing.T, entrench map[string]int) *Engine {
	t.Helper()
	sf := loadTest(t, testScenario)
	for i := range sf.Module.Game.Markers {
		if mk := &sf.Module.Game.Markers[i]; mk.ID == "entrench-1" {
			mk.SuppliedMissing, mk.Supplied = false, entrench
		}
	}
	e, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// 15.0: "The number of entrenchments each player may have in play is
// limited to the markers supplied with the game." 15.1: a friendly +1
// is flipped to +2 (the same counter). The start has one Union marker
// (+2, Area 3) and two Confederate (+1, Areas 7 and 8); Areas 56, 4 and 7
// hold friendly Infantry.
func TestEntrenchLimitedToSupply(t *testing.T) {
	cases := []struct {
		supply map[string]int
		side   int
		area   string
		want   bool
	}{
		{map[string]int{"union": 1, "confederate": 3}, union, "56", false},      // the Union's one marker is in Area 3
		{map[string]int{"union": 2, "confederate": 3}, union, "56", true},       // one left
		{map[string]int{"union": 1, "confederate": 2}, confederate, "4", false}, // both in play
		{map[string]int{"union": 1, "confederate": 2}, confederate, "7", true},  // flipping the +1 takes no new marker
		{map[string]int{"union": 1, "confederate": 3}, confederate, "4", true},
	}
	for _, c := range cases {
		e := engineSupplied(t, c.supply)
		g := e.NewGame(1)
		g.reorgSide = c.side
		if got := g.canEntrench(e.b.lookup(c.area)); got != c.want {
			t.Errorf("supply %v: %s may entrench in Area %s: %v, want %v", c.supply, sideNames[c.side], c.area, got, c.want)
		}
	}
}

// A counter sheet supplying no marker leaves none to place (a count of
// 0 is a count, not a missing fact).
func TestEntrenchSupplyZero(t *testing.T) {
	g := engineSupplied(t, map[string]int{"union": 0, "confederate": 0}).NewGame(1)
	for s := range sideNames {
		if g.entrenchLeft(s) {
			t.Errorf("%s: a marker left with none supplied", sideNames[s])
		}
	}
}

// The final Victory Check (17.3) reads a level table with the rules core's
// meaning of every band field: "under" is an exclusive upper bound, a band
// printed without thresholds decides nothing, and the scenario's otherwise
// outcome (a winner, or a draw) holds where no band does. The LGV tables
// use only min and max; a designer's table may use the rest.
func TestFinalLevel(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	e := &Engine{bands: []scenarios.Band{
		{Level: "Union Victory", Winner: "union", Min: f(10)},
		{Level: "as printed, no numbers", Winner: "union"},
		{Level: "Confederate Victory", Winner: "confederate", Under: f(4)},
	}}
	cases := []struct {
		vp     int
		winner int
		level  string
	}{
		{10, union, "Union Victory"},
		{3, confederate, "Confederate Victory"},
		{4, none, "no level"}, // under 4: 4 is out
		{7, none, "no level"}, // the band without numbers does not take it
	}
	for _, c := range cases {
		if w, l := e.finalLevel(c.vp); w != c.winner || l != c.level {
			t.Errorf("%d VP: %d %q, want %d %q", c.vp, w, l, c.winner, c.level)
		}
	}
	e.otherwise = &scenarios.Outcome{Draw: true, Level: "Draw"}
	if w, l := e.finalLevel(7); w != none || l != "Draw" {
		t.Errorf("otherwise draw: %d %q", w, l)
	}
	e.otherwise = &scenarios.Outcome{Winner: "confederate", Level: "Confederate Marginal Victory"}
	if w, l := e.finalLevel(4); w != confederate || l != "Confederate Marginal Victory" {
		t.Errorf("otherwise confederate: %d %q", w, l)
	}
}
