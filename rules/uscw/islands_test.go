package uscw

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
)

// The test module's made-up sound (gen.py's coastal block) is on the
// board: the two Islands joined by Tidal River Paths are spaces without
// land neighbours, after the hexes and before the Coastal Forts (which
// stay last in board order, as coastal.go's readers need); the shipped
// Islands, which no path joins, stay off it; the four paths between
// spaces are waterways of their own (the sea's is the Island's sea access:
// an Ocean Port space), never a land step's river.
func TestIslandsOnBoard(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	if len(b.islands) != 2 {
		t.Fatalf("%d Islands on the board, want the 2 made-up ones", len(b.islands))
	}
	for id, port := range map[string]string{"test-inlet": "ocean", "test-roanoke": ""} {
		p := rules.Point{Frame: -1, Area: id}
		h := b.hexes[p]
		if !b.isIsland(p) || h == nil || h.Terrain != islandTerrain || h.Port != port || len(b.nbrs[p]) != 0 || !markable(h) {
			t.Fatalf("%s: island %v, hex %+v, %d neighbours", id, b.isIsland(p), h, len(b.nbrs[p]))
		}
		if h.States[0] != "north-carolina" {
			t.Errorf("%s lies in %v, want its ports' North Carolina", id, h.States)
		}
	}
	if _, on := b.pts["hatteras-inlet"]; on {
		t.Error("the shipped Hatteras Inlet, joined by no path, is on the board")
	}
	for _, p := range b.order[len(b.order)-len(b.coastal):] {
		if b.coastal[p] == nil {
			t.Fatalf("%s among the Coastal Forts at the end of the board order", b.ids[p])
		}
	}
	tidal := 0
	for s, ns := range b.ww.sides {
		if !ns.tidal {
			continue
		}
		tidal++
		if len(b.ww.touch[s]) == 0 && !ns.chesapeake { // the Chesapeake path joins two ports alone
			t.Errorf("the Tidal River Path %s-%s runs on to nothing", b.ids[b.order[ns.a]], b.ids[b.order[ns.b]])
		}
	}
	if tidal != 4 {
		t.Errorf("%d Tidal River Paths between spaces, want 4", tidal)
	}
	for i := range b.next {
		for _, st := range b.next[i] {
			if st.nav >= 0 && b.ww.sides[st.nav].tidal {
				t.Fatalf("the land step %s-%s is marked with a Tidal River Path", b.ids[b.order[i]], b.ids[b.order[st.to]])
			}
		}
	}
	if !b.islandOrFort(rules.Point{Frame: -1, Area: "test-roanoke"}) {
		t.Error("16.2 (U1317): an Island is no place for a 3-star General")
	}
}

// 16.2 (U1317) on an Island: "If a 3-star General, it may not be placed
// on an Island or Coastal Fort unless it is replacing another General".
// Script 427 plays it with the test module's turn-16 Trans-Mississippi
// arrival (Halleck); this test reaches it on turn 2 of 1861 by letting
// Buell's West arrival name the Island's theater: his placement in the
// Union's Test Roanoke, with a Union SP and in Full Supply, is refused
// for his rank alone, and the bots are never offered it (placeable).
// Script 414 plays the exception: a 3-star replacing another General
// there.
func TestThreeStarNotPlacedOnIsland(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	d, err := e.scriptDriver(&rules.Script{ID: "three-star-island", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []rules.Step{
		{Do: "marker", At: "test-inlet", Marker: "control", Side: "union"},
		{Do: "marker", At: "test-roanoke", Marker: "control", Side: "union"},
		{Do: "place", Unit: "sps", To: "test-roanoke", Manpower: 1, Side: "union"},
		{Do: "turn", Turn: 2, Phase: "leaders"},
	} {
		if err := d.Act(&s); err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
	}
	g := d.g
	const buell = "u.buell.ldr-general"
	if g.stage != stLeaders || g.phasing != "union" || g.gens[buell].rank != 3 {
		t.Fatalf("want the Union's Leader Management with the 3-star Buell arriving, got %s, %s, rank %d", stageNames[g.stage], g.phasing, g.gens[buell].rank)
	}
	p := g.e.b.pts["test-roanoke"]
	if g.supplyAt("union", p) != fullSupply {
		t.Fatalf("the premise: the Union SP in test-roanoke is not in Full Supply")
	}
	g.mgmt.arrived[buell] = g.spaceTheater(p)
	err = g.placeArrival(buell, "test-roanoke")
	if err == nil || !strings.Contains(err.Error(), "16.2") || !strings.Contains(err.Error(), "Island or Coastal Fort") {
		t.Errorf("Buell placed in test-roanoke: %v", err)
	}
	if g.placeable(g.gens[buell], p) {
		t.Error("placeable offers the 3-star Buell the Island test-roanoke")
	}
	if g.gens["u.grant.ldr-general"].rank >= 3 || !g.placeable(g.gens["u.grant.ldr-general"], p) {
		t.Error("placeable refuses the Island to a General of fewer than 3 stars")
	}
}

// The bots' Ocean Transport offers agree with the step on the Islands the
// sea does not reach (oceanEnd): with Test Inlet Confederate nothing is
// offered into or out of Test Roanoke by sea (the Map Notes, U2091); once
// the Union holds Test Inlet, an Ocean Amphibious Assault from 2449 into
// Test Roanoke is offered (U2095), and later, with Test Roanoke the
// Union's, an Ocean Transport out of it; every ocean offer applies in its
// own copy of the position.
func TestBotsOceanTransportIslands(t *testing.T) {
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/02-1862.json"))
	if err != nil {
		t.Fatal(err)
	}
	d := diceDriver(t, e, "ocean-islands-offered", false, 5, 2)
	act := func(steps ...rules.Step) { t.Helper(); actSteps(t, d, steps...) }
	g := d.g
	offers := func() map[string]bool {
		t.Helper()
		out := map[string]bool{}
		for _, c := range g.candidates(nil) {
			if !c.naval || !c.ocean {
				continue
			}
			desc := g.describe(c)
			out[desc] = true
			x := g.clone()
			x.log = rules.NewEventLog("ocean-islands-offered", 1)
			if err := x.play(c); err != nil {
				t.Errorf("offered %s, which the step refuses: %v", desc, err)
			}
		}
		return out
	}
	act(rules.Step{Do: "place", Unit: "sps", To: "2449", Manpower: 2, Side: "union"})
	if g.phasing != "union" || g.stage != stPlayer {
		t.Fatalf("want the Union's Player Action Phase, got %s in %s", g.phasing, stageNames[g.stage])
	}
	into := "ocean-assault sps@2449 2 SPs to test-roanoke"
	if o := offers(); o[into] {
		t.Errorf("offered %s while Test Inlet is Confederate", into)
	}
	act(rules.Step{Do: "marker", At: "test-inlet", Marker: "control", Side: "union"})
	if o := offers(); !o[into] {
		t.Errorf("not offered: %s (offers %v)", into, o)
	}
	act(rules.Step{Do: "marker", At: "test-roanoke", Marker: "control", Side: "union"},
		rules.Step{Do: "place", Unit: "sps", To: "test-roanoke", Manpower: 1, Side: "union"})
	out := "ocean-transport sps@test-roanoke 1 SP to 2449"
	if o := offers(); !o[out] {
		t.Errorf("not offered: %s (offers %v)", out, o)
	}
}

// The bots' Strategic Ocean and River Movement offers agree with the step
// on the Islands (15.3, 15.4, 15.6): in the Union's Strategic Movement
// Phase with both Islands of the made-up sound the Union's, Strategic
// Ocean Movement from 2449 to Test Roanoke (along the Tidal River Paths
// through Test Inlet) and Strategic River Movement from Test Inlet to Test
// Roanoke are offered, every strategic offer applies in its own copy of
// the position, and with Test Inlet the Confederate's no ocean offer goes
// to Test Roanoke.
func TestBotsStrategicIslands(t *testing.T) {
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/02-1862.json"))
	if err != nil {
		t.Fatal(err)
	}
	d := diceDriver(t, e, "strategic-islands-offered", false, 6, 2, 6, 2, 6, 2, 6, 2, 5, 1)
	act := func(steps ...rules.Step) { t.Helper(); actSteps(t, d, steps...) }
	g := d.g
	roanoke := g.e.b.index[g.e.b.pts["test-roanoke"]]
	offers := func() map[string]bool {
		t.Helper()
		out := map[string]bool{}
		for _, c := range g.candidates(nil) {
			if c.strat != "ocean" && c.strat != "river" {
				continue
			}
			if c.dst == roanoke || c.from == g.e.b.pts["test-roanoke"] {
				out[c.strat+" "+g.e.b.ids[c.from]] = true
			}
			x := g.clone()
			x.log = rules.NewEventLog("strategic-islands-offered", 1)
			if err := x.play(c); err != nil {
				t.Errorf("offered %s, which the step refuses: %v", g.describe(c), err)
			}
		}
		return out
	}
	act(rules.Step{Do: "turn", Turn: 5, Phase: "strategic"},
		rules.Step{Do: "marker", At: "test-roanoke", Marker: "control", Side: "union"},
		rules.Step{Do: "place", Unit: "sps", To: "2449", Manpower: 2, Side: "union"})
	if g.phasing != "union" || g.stage != stStrategic {
		t.Fatalf("want the Union's Strategic Movement Phase, got %s in %s", g.phasing, stageNames[g.stage])
	}
	if o := offers(); o["ocean 2449"] {
		t.Errorf("offered Strategic Ocean Movement from 2449 to test-roanoke while Test Inlet is Confederate")
	}
	act(rules.Step{Do: "marker", At: "test-inlet", Marker: "control", Side: "union"},
		rules.Step{Do: "place", Unit: "sps", To: "test-inlet", Manpower: 2, Side: "union"})
	o := offers()
	for _, want := range []string{"ocean 2449", "river test-inlet"} {
		if !o[want] {
			t.Errorf("not offered: %s to test-roanoke (offers %v)", want, o)
		}
	}
}
