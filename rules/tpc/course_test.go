package tpc

import (
	"testing"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The strategic layer alone decides no game (sim.go: its one level is
// "strategic layer only"): its course is the route "no result", no VP
// track, no margin, and no first-player tag (a first-mover share of games
// nobody wins would read as a disadvantage).
func TestCourseNoResult(t *testing.T) {
	e, err := Compile(scenarios.Builtin().Scenario("tpc-11"))
	if err != nil {
		t.Fatal(err)
	}
	gm, err := e.Sim(1)
	if err != nil {
		t.Fatal(err)
	}
	x := gm.(*Game)
	if r := x.Route(); r != "" {
		t.Errorf("route %q before the game is over", r)
	}
	for !x.Over() {
		if err := x.Apply(x.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if r := x.Route(); r != rules.RouteNoResult {
		t.Errorf("route %q, want %q", r, rules.RouteNoResult)
	}
	if tr := x.VPTrack(); len(tr) != 0 {
		t.Errorf("a VP track %+v for a layer that keeps no VP", tr)
	}
	if _, ok := x.Margin(); ok {
		t.Error("a margin with no result")
	}
	if fp, ok := x.Outcome().Tags["first-player"]; ok {
		t.Errorf("first-player %q tagged on a game nobody wins", fp)
	}
}
