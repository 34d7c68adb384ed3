package lgv

import (
	"math/rand/v2"
	"testing"

	"github.com/musterhq/muster/rules"
)

// The course of a game for the report (course.go): the VP Track at each
// End Phase (17.2, 002:771), its leader on the Victory Check's table
// (17.3, 002:788-797: the Union wins with 8 VP or more), the route and
// the final count's margin, and the first player (6.1.1, 002:349: the
// Union has Momentum on Game Turn 1).
func TestCourseByHand(t *testing.T) {
	x, err := testEngine(t).Sim(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game)
	// The Union leads on 8 VP after turn 1, trails on 7 after turn 2,
	// leads again on 12 after turn 3: two lead changes.
	for _, s := range []turnVP{{1, 8}, {2, 7}, {3, 12}} {
		g.g.vpAt[g.g.vpTurns], g.g.vpTurns = s, g.g.vpTurns+1
	}
	want := []rules.TurnVP{{Turn: 1, VP: 8, Leader: "union"}, {Turn: 2, VP: 7, Leader: "confederate"}, {Turn: 3, VP: 12, Leader: "union"}}
	got := g.VPTrack()
	if len(got) != len(want) {
		t.Fatalf("VPTrack = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("VPTrack[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
	if n := rules.LeadChanges(got); n != 2 {
		t.Errorf("lead changes = %d, want 2", n)
	}
	if _, ok := g.Margin(); ok {
		t.Error("a game in play has a margin")
	}
	// Decided by the final count on 9 VP: one VP less is a Confederate
	// Marginal Victory (5-7 VP is the Confederate's; 8 the Union's).
	g.g.vp, g.g.finalVP, g.g.turn = 9, true, 6
	g.g.finish(g.g.e.finalLevel(9))
	if m, ok := g.Margin(); !ok || m != 2 {
		t.Errorf("margin of 9 VP = %d, %v; want 2 (7 VP is the Confederate's)", m, ok)
	}
	if r := g.Route(); r != rules.RouteFinalCount {
		t.Errorf("route %q, want %q", r, rules.RouteFinalCount)
	}
	if fp := g.Outcome().Tags["first-player"]; fp != "union" {
		t.Errorf("first-player = %q, want union (6.1.1)", fp)
	}
	g.g.finalVP = false // an Automatic Victory (17.1): no margin
	if _, ok := g.Margin(); ok || g.Route() != rules.RouteAutomatic {
		t.Errorf("an automatic victory: margin reported %v, route %q", ok, g.Route())
	}
}

// Played games: the track has a standing per End Phase reached, in turn
// order; a game the final count decided ends on its final total; the log
// carries the same standings as "vp-track" events.
func TestCoursePlayed(t *testing.T) {
	e := testEngine(t)
	routes := map[string]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		x, err := e.Sim(seed)
		if err != nil {
			t.Fatal(err)
		}
		g := x.(*Game)
		rng := rand.New(rand.NewPCG(seed, 3))
		for n := 0; !g.Over() && n < 200000; n++ {
			legal := g.Legal()
			if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		o := g.Outcome()
		track := g.VPTrack()
		routes[g.Route()]++
		for i, s := range track {
			if s.Turn != i+1 {
				t.Fatalf("seed %d: track %+v is not turns 1, 2, ...", seed, track)
			}
		}
		switch g.Route() {
		case rules.RouteFinalCount:
			if len(track) != o.Turns || track[len(track)-1].VP != o.VP || track[len(track)-1].Leader != o.Winner {
				t.Errorf("seed %d: final count %+v, track %+v", seed, o, track)
			}
			if _, ok := g.Margin(); !ok {
				t.Errorf("seed %d: a final count with no margin", seed)
			}
		case rules.RouteAutomatic:
			if len(track) != o.Turns-1 {
				t.Errorf("seed %d: automatic victory on turn %d, track of %d turns", seed, o.Turns, len(track))
			}
		default:
			t.Errorf("seed %d: route %q", seed, g.Route())
		}
		var logged []rules.TurnVP
		for _, ev := range g.Log().Find(func(e *rules.Event) bool { return e.Kind == "vp-track" }) {
			l, _ := ev.Data["leader"].(string)
			logged = append(logged, rules.TurnVP{Turn: ev.Turn, VP: ev.Data["vp"].(float64), Leader: l})
		}
		if len(logged) != len(track) {
			t.Fatalf("seed %d: log has %d vp events, track %d", seed, len(logged), len(track))
		}
		for i := range track {
			if logged[i] != track[i] {
				t.Errorf("seed %d: logged %+v, track %+v", seed, logged[i], track[i])
			}
		}
	}
	t.Logf("routes: %v", routes)
}
