package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
)

// 8.7 (U553-557): a Cavalry General sent to the Displaced Box in Supply
// returns in the next Reinforcement Phase; Out of Supply, in the one
// after; a General who is no Cavalry never waits. Script 260 plays the
// wait through two Reinforcement Phases.
func TestCavalryDelayOnlyWhenCutOff(t *testing.T) {
	g, _, _ := reactionGame(t, "3431", "3430")
	loc := func(id string) rules.Point { q, _ := g.e.b.locate(id); return q }
	stuart, lee := g.gens["c.stuart.ldr-general"], g.gens["c.lee.ldr-general"]
	displaceAt := func(at string, gens ...*general) {
		p := loc(at)
		g.sp["confederate"][p] = 1
		for _, gen := range gens {
			g.genAt[gen.id] = p
		}
		g.touch(p)
		g.displaceAll("confederate", p)
	}
	g.sp["union"][loc("3119")] = 1 // cuts 3118 off (script 230)
	g.touch(loc("3119"))
	if g.supplyAt("confederate", loc("3218")) == outOfSupply || g.supplyAt("confederate", loc("3118")) != outOfSupply {
		t.Fatalf("the test map's supply moved: 3218 %v, 3118 %v", g.supplyAt("confederate", loc("3218")), g.supplyAt("confederate", loc("3118")))
	}
	displaceAt("3218", stuart)
	if g.cavalryDelayed(stuart.id) || g.displacedGen[stuart.id] == "" {
		t.Errorf("Stuart Displaced in Supply: delayed %v (until turn %d), want back next turn", g.cavalryDelayed(stuart.id), g.cavDelay[stuart.id])
	}
	displaceAt("3118", stuart, lee)
	if g.cavDelay[stuart.id] != g.turn+2 {
		t.Errorf("Stuart Displaced Out of Supply returns on turn %d, want %d", g.cavDelay[stuart.id], g.turn+2)
	}
	if g.cavalryDelayed(lee.id) {
		t.Errorf("Lee, no Cavalry General, delayed")
	}
	g.turn++
	if !g.cavalryDelayed(stuart.id) {
		t.Errorf("Stuart back on the next turn")
	}
	g.turn++
	if g.cavalryDelayed(stuart.id) {
		t.Errorf("Stuart still out on the turn after next")
	}
}
