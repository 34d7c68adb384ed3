package uscw

import (
	"testing"
)

// strategicGame is the 1861 scenario's game at its turn-2 Strategic
// Movement Phase, the Union's segment.
func strategicGame(t *testing.T) *game {
	t.Helper()
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/01-1861.json"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.beginTurn()
	passToTurn2(g)
	if g.stage != stStrategic || g.phasing != "union" {
		t.Fatalf("turn %d: %s, %s phasing; want the Union's Strategic Movement Segment", g.turn, stageNames[g.stage], g.phasing)
	}
	return g
}

// The bots are offered River and Ocean Strategic Moves (15.3, 15.4)
// that the engine then plays, within the phase's limits.
func TestStrategicWaterCandidates(t *testing.T) {
	g := strategicGame(t)
	b := g.e.b
	at := func(id string) int {
		p, err := b.locate(id)
		if err != nil {
			t.Fatal(err)
		}
		return b.index[p]
	}
	g.addSP("union", b.order[at("2717")], 4)
	g.addSP("union", b.order[at("3217")], 1) // the Union controls the Resource Hex
	g.addSP("union", b.order[at("3148")], 2) // Ocean Ports the Union controls
	g.addSP("union", b.order[at("3345")], 1)
	find := func(kind string, from, dst int) *candidate {
		for _, c := range g.strategicCandidates("union", nil, false) {
			if c.strat == kind && b.index[c.from] == from && c.dst == dst {
				return &c
			}
		}
		return nil
	}
	river := find("river", at("2717"), at("3217"))
	if river == nil || river.sps != 3 {
		t.Fatalf("want a river move of 3 SPs 2717-3217 offered, got %+v", river)
	}
	if c := find("river", at("2717"), at("3517")); c != nil {
		t.Errorf("a river move past the Confederate port 3318 is offered: %+v", c)
	}
	if c := find("ocean", at("3148"), at("3345")); c != nil {
		t.Errorf("an ocean move from 3148 past the Confederate Fort Macon is offered: %+v", c) // 15.4, U1281
	}
	for _, f := range []string{"fort-macon", "fort-johnson-fisher"} {
		g.works[b.pts[f]] = works{fort: "union", level: 1, coastal: true}
		g.touch(b.pts[f])
	}
	ocean := find("ocean", at("3148"), at("3345"))
	if ocean == nil || ocean.sps != 2 {
		t.Fatalf("want an ocean move of 2 SPs 3148-3345 offered, got %+v", ocean)
	}
	if err := g.play(*river); err != nil {
		t.Fatalf("the offered river move is refused: %v", err)
	}
	if err := g.play(*ocean); err != nil {
		t.Fatalf("the offered ocean move is refused: %v", err)
	}
	if g.strat.river[0] != 3 || g.strat.ocean != 2 {
		t.Fatalf("counted river %d, ocean %d; want 3 and 2", g.strat.river[0], g.strat.ocean)
	}
	for _, c := range g.strategicCandidates("union", nil, false) {
		if c.strat == "river" {
			t.Errorf("a river move is offered with the 3 SPs spent: %+v", c)
		}
		if c.strat == "ocean" && c.sps > 1 {
			t.Errorf("an ocean move of %d SPs is offered with 1 left", c.sps)
		}
	}
}

// The bots are offered no Strategic Move that would stack more than 3 of
// a side's SPs in a Coastal Fort (10.3.2, U736), by any type: a road
// move 2649-fort-monroe with 3 Union SPs there was offered and then
// refused (the CI's invariant run, game 847 of seed 2026).
func TestStrategicCandidatesCoastalFortRoom(t *testing.T) {
	g := strategicGame(t)
	b := g.e.b
	fort := b.pts["fort-monroe"]
	from, err := b.locate("2649")
	if err != nil {
		t.Fatal(err)
	}
	g.works[fort] = works{fort: "union", level: 1, coastal: true}
	g.touch(fort)
	g.addSP("union", from, 2)
	g.addSP("union", fort, 3)
	into := func() []candidate {
		var out []candidate
		for _, c := range g.strategicCandidates("union", nil, false) {
			if b.order[c.dst] == fort {
				out = append(out, c)
			}
		}
		return out
	}
	if got := into(); len(got) > 0 {
		t.Fatalf("with 3 Union SPs in Fort Monroe, Strategic Moves into it are offered: %+v", got)
	}
	g.sp["union"][fort] = 2
	g.touch(fort)
	got := into()
	if len(got) == 0 {
		t.Fatal("with 2 Union SPs in Fort Monroe, no Strategic Move into it is offered (the test no longer tests the limit)")
	}
	for _, c := range got {
		if c.sps != 1 {
			t.Errorf("a %s move of %d SPs into Fort Monroe is offered, room for 1", c.strat, c.sps)
		}
	}
	if err := g.play(got[0]); err != nil {
		t.Fatalf("the offered move %+v is refused: %v", got[0], err)
	}
}

// passToTurn2 passes every Player Action Phase of turn 1 and takes the
// defaults of turn 2's Reinforcement Phase choices (14.2, 14.3.5, 14.5;
// 18.2, 18.3.3), up to its Strategic Movement Phase.
func passToTurn2(g *game) {
	for g.err == nil && (g.turn < 2 && g.stage == stPlayer || g.stage == stReinforce || g.stage == stCards) {
		switch g.stage {
		case stReinforce:
			g.err = g.defaultPlacement()
		case stCards:
			g.err = g.defaultCardChoice()
		default:
			g.endPlayerPhase()
		}
	}
}
