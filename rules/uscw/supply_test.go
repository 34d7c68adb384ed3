package uscw

import (
	"slices"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
)

// BenchmarkSupplySegmentTrace is the cost of working out both sides'
// supply from scratch in a campaign position: every stack's state and
// Isolation, what a Supply Segment asks after the position changed.
func BenchmarkSupplySegmentTrace(b *testing.B) {
	ng := checkedGames(b, scenCampaign)
	random, _ := sim.BotByName("random")
	_, x, err := sim.Play(ng, []sim.Bot{random, random}, sim.GameSeed(1, 0), 40)
	if err != nil {
		b.Fatal(err)
	}
	g := x.(*Game).g
	b.ResetTimer()
	for range b.N {
		g.ver++ // a new position: nothing kept
		for _, side := range sides {
			for _, p := range g.stacks(side) {
				if g.supplyAt(side, p) == outOfSupply {
					g.isolated(side, p)
				}
			}
		}
	}
}

// The kept supply follows the position: a stack placed on a railroad
// line changes the answer at once (the cache is dropped by touch).
func TestSupplyFollowsPosition(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	p, cut := e.b.pts["2936"], e.b.pts["3036"]
	g.addSP("confederate", p, 1)
	if l := g.supplyAt("confederate", p); l != fullSupply {
		t.Fatalf("2936 on a Confederate line: %s, want full", l)
	}
	g.addSP("union", cut, 1)
	if l := g.supplyAt("confederate", p); l != limitedSupply {
		t.Fatalf("the line cut at 3036: %s, want limited", l)
	}
	if v := g.supplyViolations(); len(v) != 0 {
		t.Fatalf("the kept supply disagrees with a fresh trace: %q", v)
	}
}

// Returning Displaced SPs go to a hex in Full Supply (14.6, U1241:
// "Placement hexes must be in Full Supply"), a Supply Path (13.1, U945),
// not one with an LOC alone. On the test module's map (made up), with
// Union Control markers on the Confederate's first four Resource Hexes in
// board order, the next, Louisiana's 3034 (East on the made-up map), has
// an LOC but no Supply Path: the SPs of the East's box may go to 3041,
// not to it. The old reading (no supply check) put them in 3034.
func TestDisplacedReturnFullSupply(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	at := func(id string) rules.Point {
		p, err := g.e.b.locate(id)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, id := range []string{"3009", "3020", "3027", "3028"} {
		g.setMarker(at(id), "union")
		g.touch(at(id))
	}
	limited, full := at("3034"), at("3041")
	if g.controller(limited) != "confederate" || g.inFullSupply("confederate", limited) || !g.hasLOC("confederate", limited) {
		t.Fatalf("the premise: 3034 Confederate-controlled (%q), with an LOC (%v) and no Supply Path (%v)", g.controller(limited), g.hasLOC("confederate", limited), g.supplyAt("confederate", limited))
	}
	if !g.inFullSupply("confederate", full) {
		t.Fatalf("the premise: 3041 in Full Supply, is %v", g.supplyAt("confederate", full))
	}
	box := displacedBox{"confederate", "east"}
	lost := g.spLost["confederate"]
	g.displace[box] = 5
	g.returnDisplacedSPs("confederate")
	if len(g.grants) != 1 || !g.grants[0].displaced || g.grants[0].n != 2 || g.grants[0].theat != "east" {
		t.Fatalf("5 Displaced SPs in the East's box: grants %+v, want 2 SPs of the East's box to place", g.grants)
	}
	// the returning 2 wait in the box until placed, 2 are eliminated, 1 stays
	if g.displace[box] != 3 || g.spLost["confederate"] != lost+2 {
		t.Fatalf("the box holds %d (want 3: 2 to place, 1 staying), %d eliminated (want 2)", g.displace[box], g.spLost["confederate"]-lost)
	}
	hexes := g.grantHexes(g.grants[0])
	if slices.Contains(hexes, limited) || !slices.Contains(hexes, full) {
		t.Fatalf("the returning SPs may go to %v: want 3041 and not 3034", hexes)
	}
}
