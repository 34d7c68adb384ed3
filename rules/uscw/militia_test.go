package uscw

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// A Militia exerts a ZOI (9.1, U565: "Every Fort, Militia, or SP"); an
// intrinsic garrison has none (17.4, U1421), though both are fought.
func TestMilitiaZOIAndGarrisonNone(t *testing.T) {
	x, err := checkedGames(t, scen1861)(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	i := southernMilitia(t, g)
	p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP != nil && homeState(h) == g.e.militia[i].state })
	g.setMilitia(i, militiaOnMap, p)
	if !g.defended("confederate", p) || !g.exertsZOI("confederate", p) {
		t.Errorf("a Militia in %s: defended %v, ZOI %v; want both", g.e.b.ids[p], g.defended("confederate", p), g.exertsZOI("confederate", p))
	}
	q := g.e.garrisons[0]
	if !g.defended("union", q) || g.exertsZOI("union", q) {
		t.Errorf("a garrison in %s: defended %v, ZOI %v; want defended without a ZOI", g.e.b.ids[q], g.defended("union", q), g.exertsZOI("union", q))
	}
}

// The bots are offered a Militia's repositioning when enemy SPs come next
// to a hex of its state (17.2.3 MOVEMENT), and it plays as the script's.
// On the made-up test map: Florida's Militia in 3221, Union SPs next to
// 3020, Florida's first Resource Hex.
func TestMilitiaRepositionOffered(t *testing.T) {
	x, err := checkedGames(t, scen1861)(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	g.stage, g.phasing = stPlayer, "confederate"
	i, err := g.e.militiaIndex("militia.confederate.florida")
	if err != nil {
		t.Fatal(err)
	}
	home, target, enemyAt := g.e.b.pts["3221"], g.e.b.pts["3020"], g.e.b.pts["3019"]
	g.setMilitia(i, militiaOnMap, home)
	g.diff, g.ap = 2, 2
	var offered []candidate
	entrench := false
	for _, c := range g.candidates(nil) {
		if c.militia > 0 {
			offered = append(offered, c)
		}
		entrench = entrench || c.works == "entrench" && c.from == home
	}
	if !entrench {
		t.Errorf("the ENTRENCH action in 3221, where only the Militia stands, is not offered (U207)")
	}
	if len(offered) != 0 {
		t.Fatalf("no enemy near: want no repositioning offered, got %d", len(offered))
	}
	plantSPs(g, "union", enemyAt, 1)
	g.touch(enemyAt)
	for _, c := range g.candidates(nil) {
		if c.militia > 0 {
			offered = append(offered, c)
		}
	}
	if len(offered) != 1 || offered[0].militia != i+1 || offered[0].from != target {
		t.Fatalf("want the Florida Militia offered to 3020, got %+v", offered)
	}
	if d := g.describe(offered[0]); d != "militia militia.confederate.florida to 3020" {
		t.Errorf("described as %q", d)
	}
	if err := g.play(offered[0]); err != nil {
		t.Fatal(err)
	}
	if !g.militiaIn("confederate", target) || g.militiaIn("confederate", home) || !g.militia[i].moved {
		t.Errorf("the Florida Militia did not move from 3221 to 3020")
	}
	for _, c := range g.candidates(nil) {
		if c.militia > 0 {
			t.Errorf("offered again in the same Action Phase: %s", g.describe(c))
		}
	}
}

// S1.3.6 (U1834): "On Turn 1, Confederate West Virginia Militia may not be
// used to satisfy the requirements that need to be met to place an
// Entrenchment using an Entrench Action." The test module's Militia start
// in the Displaced Box (no At Start Cards), so the test puts it on the map.
func TestWestVirginiaMilitiaTurn1(t *testing.T) {
	x, err := checkedGames(t, scen1861)(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	for n := 0; g.stage != stPlayer || g.phasing != "confederate"; n++ {
		if n > 100 || g.turn != 1 {
			t.Fatalf("no Confederate Player Action Phase on Turn 1 (stage %s, turn %d)", stageNames[g.stage], g.turn)
		}
		if err := x.Apply(0); err != nil {
			t.Fatal(err)
		}
	}
	i, err := g.e.militiaIndex("militia.confederate.west-virginia")
	if err != nil {
		t.Fatal(err)
	}
	p := g.e.b.pts["2635"] // a West Virginia hex the Confederate controls (script 120)
	g.setMilitia(i, militiaOnMap, p)
	offered := func() bool {
		for _, c := range g.militiaEntrenchCandidates("confederate", nil) {
			if c.works == "entrench" && c.from == p {
				return true
			}
		}
		return false
	}
	if err := g.clone().entrench("2635"); err == nil || !strings.Contains(err.Error(), "S1.3.6") {
		t.Errorf("Turn 1: ENTRENCH with the West Virginia Militia alone: %v, want refused (S1.3.6)", err)
	}
	if offered() {
		t.Error("Turn 1: the bots are offered ENTRENCH with the West Virginia Militia alone")
	}
	g.turn = 2
	if err := g.clone().entrench("2635"); err != nil {
		t.Errorf("Turn 2: ENTRENCH with the West Virginia Militia alone: %v, want played", err)
	}
	if !offered() {
		t.Error("Turn 2: ENTRENCH with the West Virginia Militia alone is not offered")
	}
}
