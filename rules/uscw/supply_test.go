package uscw

import (
	"testing"

	"github.com/musterhq/muster/playtest/sim"
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
