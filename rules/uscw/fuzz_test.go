package uscw

import (
	"fmt"
	"testing"
	"time"

	"github.com/musterhq/muster/playtest"
)

// Scripts are outside input: whatever steps a script gives, in whatever
// order, the engine answers with an error or a new position, never a
// panic or a loop. The fuzzer picks each step's kind and arguments from
// the bytes.
func FuzzScriptSteps(f *testing.F) {
	sf := loadScenario(f, scen1861)
	e, err := Compile(sf)
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte{0, 5, 1, 9, 3, 4, 7, 2, 8, 8, 1, 1, 12, 0, 0})
	f.Add([]byte{4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add([]byte{1, 0, 0, 2, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	// An odd first byte plays with Optional 5 on, so "Q>M" Maneuvers
	// declared with other reactions are reached too.
	man := *e
	man.maneuver = true
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 0 && data[0]%2 == 1 {
			playFuzzSteps(t, &man, data)
			return
		}
		playFuzzSteps(t, e, data)
	})
}

// playFuzzSteps plays the steps the bytes choose on a new game.
func playFuzzSteps(t testing.TB, e *Engine, data []byte) {
	plays := []string{"move", "pass", "retreat", "rally", "attack", "", "entrench", "continue", "place", "naval-transport", "ocean-transport", "amphibious-assault", "ocean-assault", "card", "train", "transfer", "strategic", "intercept", "avoid-battle", "backup", "maneuver", "disperse"}
	vias := [][]string{nil, {"railroad"}, {"road"}, {"ocean"}, {"railroad", "road"}}
	edits := []string{"place", "track", "turn", "setup", "marker", "state"}
	markers := []string{"entrenchment", "fort-f1", "fort-f2", "fort-f3", "fort-f4", ""}
	expects := []string{"track", "at", "event", "fail", "vp", "control"}
	tracks := []string{"turn", "phase", "ap", "ap.east", "stage", "sp.union.2836", "control.3839", "marker.2621", "union-vp", "resource-bps", "csa-vp", "battle.winner", "demoralized.union.2836", "nonsense.x.y", "fort.2836", "building.2621", "entrenchment.2836", "free-fort", "naval.3317.3318", "naval.2717.2718", "rail.2607"}
	stuck := time.AfterFunc(10*time.Second, func() { panic("a script's steps took over 10 s: the engine loops") })
	defer stuck.Stop()
	d, err := e.scriptDriver(&playtest.Script{ID: "fuzz", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := int(data[0])
		data = data[1:]
		return b
	}
	units := append([]string{"sps", "nobody", "fort", "union-special-action", "confederate-special-action"}, e.genIDs...)
	unit := func() string { return units[next()%len(units)] }
	// Hexes near the setup, where forces meet, and the map's ends.
	near := e.b.order[next()%len(e.b.order)]
	loc := func() string {
		if next()%4 == 0 {
			return e.b.ids[e.b.order[next()*7%len(e.b.order)]]
		}
		ns := e.b.neighbors(near)
		if len(ns) == 0 {
			return e.b.ids[near]
		}
		near = ns[next()%len(ns)]
		return e.b.ids[near]
	}
	for len(data) > 0 && len(data) < 4096 {
		s := &playtest.Step{Unit: unit(), To: loc(), At: loc(), Side: []string{"union", "confederate", "neutral"}[next()%3], Manpower: next()%20 - 2}
		switch next() % 3 {
		case 0:
			s.Path = []string{loc(), loc()}
		case 1:
			s.Path = []string{loc(), entrenchStep, loc()}
		}
		s.Marker, s.Remove = markers[next()%len(markers)], next()%5 == 0
		s.Via = vias[next()%len(vias)]
		if next()%2 == 0 {
			s.Phase = "strategic"
		}
		if next()%3 == 0 {
			s.Hexes, s.Targets = []string{loc()}, []string{unit()} // more intercepting stacks, subordinates
			if next()%2 == 0 {
				s.Hexes = append(s.Hexes, loc()+">"+loc()) // a Maneuver declared with them (Optional 5)
			}
		}
		switch k := next() % 8; {
		case k < 5:
			s.Play = plays[next()%len(plays)]
			s.Key = []string{"action", "battle", "cautious", "forts", "alone"}[next()%5]
			s.Value = next() % 17
			if next()%4 == 0 { // drop-offs on the way (19.3.1): SPs, or SPs and a subordinate
				s.Set = map[string]any{loc(): float64(next()%4 - 1), loc(): fmt.Sprintf("%d,%s", next()%3, unit())}
			}
			_ = d.Act(s)
		case k == 5:
			s.Do = edits[next()%len(edits)]
			s.Track = tracks[next()%len(tracks)]
			s.Value = next() % 30
			s.Turn = next()%25 + 1
			s.Set = map[string]any{"hand": fmt.Sprintf("%d,%d", next()%17, next()%17)}
			_ = d.Act(s)
		default:
			s.Expect = expects[next()%len(expects)]
			s.Track = tracks[next()%len(tracks)]
			s.Value = "x"
			s.Step = &playtest.Step{Play: plays[next()%len(plays)], Unit: unit(), To: loc(), At: loc()}
			_ = d.Expect(s)
		}
	}
}
