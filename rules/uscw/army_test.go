package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
)

// An Army's high morale is lost "if ... the last SP in the army is
// eliminated or Displaced. It is also lost if the Army marker must be
// removed from the map (e.g., if the stack no longer contains a 3- or 4-
// star General)" (Optional 4, U1746), out of battle too: the engine used
// to check only after a battle, so an Army Displaced by Attrition or
// whose General left the game kept its flag until the next battle.
func TestArmyMoraleLostOutsideBattle(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	e.optional = readOptional(map[string]string{"army-morale": "on"})
	newArmy := func(t *testing.T) (*game, *general, rules.Point) {
		t.Helper()
		g, err := newGame(e, 1)
		if err != nil {
			t.Fatal(err)
		}
		gen := g.gens["c.beauregard.ldr-general"] // a made-up 3-star
		p, err := e.b.locate("4118")
		if err != nil {
			t.Fatal(err)
		}
		g.genAt[gen.id] = p
		g.sp["confederate"][p] = 7
		g.morale = map[string]bool{gen.id: true}
		return g, gen, p
	}
	t.Run("displaced", func(t *testing.T) {
		g, gen, p := newArmy(t)
		g.displaceAll("confederate", p) // as Attrition, Surrender or a lone General caught would
		if g.morale[gen.id] {
			t.Error("an Army Displaced outside a battle keeps its high morale")
		}
	})
	t.Run("removed", func(t *testing.T) {
		g, gen, _ := newArmy(t)
		g.generalEvent("remove", gen.id, "", "", "test removal")
		if g.morale[gen.id] {
			t.Error("an Army whose General is removed keeps its high morale")
		}
	})
	t.Run("demoted", func(t *testing.T) {
		g, gen, _ := newArmy(t)
		g.generalEvent("demote", gen.id, "", "", "test demotion")
		if g.gens[gen.id].rank != 2 || g.morale[gen.id] {
			t.Errorf("demoted to %d stars, high morale %v: want 2 and lost", g.gens[gen.id].rank, g.morale[gen.id])
		}
	})
	t.Run("kept", func(t *testing.T) {
		g, gen, _ := newArmy(t)
		g.generalEvent("promote", gen.id, "", "", "test promotion")
		if !g.morale[gen.id] {
			t.Error("a promoted Army lost its high morale")
		}
	})
}
