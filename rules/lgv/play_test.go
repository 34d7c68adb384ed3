package lgv

import (
	"errors"
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
