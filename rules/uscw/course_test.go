package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The course of a game for the report (course.go): the first player is
// the winner of the game's first Initiative roll ("The game starts with
// each player rolling one die to determine Initiative. The winner of that
// roll moves first", 003:1772); the standing of each End Phase Victory
// Calculation (20.3.5, 003:1710) is in the track and the log; the route is
// the final count when no Automatic Victory ended the game.
func TestCoursePlayed(t *testing.T) {
	l := scenarios.NewLoader(scenarios.Disk{})
	sf, err := l.Scenario("testdata/module/scenarios/01-1861.json")
	if err != nil {
		t.Fatal(err)
	}
	e, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	firsts := map[string]int{}
	for seed := uint64(1); seed <= 12; seed++ {
		gm, err := e.Sim(seed)
		if err != nil {
			t.Fatal(err)
		}
		x := gm.(*Game)
		x.g.log = rules.NewEventLog(sf.Scenario.ID, seed) // log from the start
		for !x.Over() {
			if err := x.Apply(x.Legal()[0]); err != nil {
				t.Fatal(err)
			}
		}
		o := x.Outcome()
		firsts[o.Tags["first-player"]]++
		if o.Tags["first-player"] != x.g.firstMover || x.g.firstMover == "" {
			t.Errorf("seed %d: first-player %q, first mover %q", seed, o.Tags["first-player"], x.g.firstMover)
		}
		if x.Route() != rules.RouteFinalCount {
			t.Errorf("seed %d: route %q", seed, x.Route())
		}
		track := x.VPTrack()
		vps := x.Log().Find(func(ev *rules.Event) bool { return ev.Kind == "vp-track" })
		if len(track) != 3 || len(vps) != 3 {
			t.Fatalf("seed %d: track %+v, %d vp events; want the 3 turns", seed, track, len(vps))
		}
		for i, s := range track {
			if s.Turn != i+1 || vps[i].Turn != s.Turn || vps[i].Data["vp"] != s.VP || vps[i].Rule != "USCW 20.3.5" {
				t.Errorf("seed %d: turn %d: track %+v, event %+v", seed, i+1, s, vps[i])
			}
			if s.Leader != "" {
				t.Errorf("seed %d: a leader (%q) on a total the players must finish (not exact)", seed, s.Leader)
			}
		}
		if _, ok := x.Margin(); ok {
			t.Errorf("seed %d: a margin on a total that is not exact", seed)
		}
	}
	if firsts["union"] == 0 || firsts["confederate"] == 0 {
		t.Errorf("first players over 12 seeds: %v; the Initiative roll should give each side some", firsts)
	}
}

// On an exact total the leader and the margin read the scenario's
// levels: the 1861 Union wins with 5 VPs (003:1801, as the test
// module's table has it), so 7 VPs is a margin of 3 (4 is the
// Confederate's).
func TestCourseExact(t *testing.T) {
	l := scenarios.NewLoader(scenarios.Disk{})
	sf, err := l.Scenario("testdata/module/scenarios/01-1861.json")
	if err != nil {
		t.Fatal(err)
	}
	e, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	gm, err := e.Sim(1)
	if err != nil {
		t.Fatal(err)
	}
	x := gm.(*Game)
	x.g.recordVP(rules.Result{Total: 7, Exact: true})
	x.g.recordVP(rules.Result{Total: 3, Exact: true})
	if tr := x.VPTrack(); len(tr) != 2 || tr[0].Leader != "union" || tr[1].Leader != "confederate" || rules.LeadChanges(tr) != 1 {
		t.Errorf("track %+v", tr)
	}
	x.g.route = rules.RouteFinalCount
	x.g.finish(rules.Result{Total: 7, Exact: true, Level: "Union Victory", Winner: "union"})
	if m, ok := x.Margin(); !ok || m != 3 {
		t.Errorf("margin of 7 VPs = %d, %v; want 3", m, ok)
	}
}
