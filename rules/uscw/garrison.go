package uscw

import (
	"fmt"
	"slices"

	"github.com/musterhq/muster/rules"
)

// Union Intrinsic Garrisons (17.4, U1419-1423): "All Objective hexes in
// Northern States contain an intrinsic 0 SP Union garrison" (Border States
// none). It "defend[s] like 0 SP Militia, but ha[s] no ZOI and may not
// maintain Entrenchments": a force entering its hex fights it on the 0
// column; "If attacked by 4 or more enemy SPs they will automatically
// flee without a battle" (11.1.2's 7:1 against a 0 SP defender); "If
// defeated in battle they are eliminated". A fled or eliminated garrison
// reappears "when the hex is recaptured by the Union player or if the hex
// contains no Confederate SPs at the start of the Union Player Action
// Phase", removing the Control marker and capturing any Fort (10.2.5):
// revertObjectives (control.go, 6.6) plays that part.

// compileGarrisons lists the Objective Hexes of the Northern States: not
// Southern, not a Border State (the scenario's statuses).
func (e *Engine) compileGarrisons() {
	e.garrisoned = map[rules.Point]bool{}
	for _, p := range e.objectives {
		st := homeState(e.b.hexes[p])
		if st != "" && !slices.Contains(southern, st) && !slices.Contains(e.borderStates, st) {
			e.garrisons = append(e.garrisons, p)
			e.garrisoned[p] = true
		}
	}
}

// garrisonIn reports the Union's intrinsic garrison in p.
func (g *game) garrisonIn(p rules.Point) bool {
	return g.e.garrisoned[p] && !g.garrisonGone[p]
}

// zeroSP reports side's 0 SP defender in p other than a Fort's: a Militia
// or (the Union) an intrinsic garrison.
func (g *game) zeroSP(side string, p rules.Point) bool {
	return g.militiaIn(side, p) || side == "union" && g.garrisonIn(p)
}

// garrisonFalls removes the garrison in p: fled (7:1) or eliminated.
func (g *game) garrisonFalls(p rules.Point, why string) {
	if !g.garrisonIn(p) {
		return
	}
	g.garrisonGone[p] = true
	g.touch(p)
	g.say("17.4", "the Union's intrinsic garrison in %s %s (it reappears when the Union recaptures the hex or finds no Confederate SPs in it at the start of its Player Action Phase, U1421)", g.e.b.ids[p], why)
}

// garrisonReturns brings back the garrison of p, fled or eliminated: the
// hex is recaptured or free of Confederate SPs (17.4).
func (g *game) garrisonReturns(p rules.Point, why string) {
	if !g.garrisonGone[p] || g.sp["confederate"][p] > 0 {
		return
	}
	delete(g.garrisonGone, p)
	g.touch(p)
	g.say("17.4", "the Union's intrinsic garrison reappears in %s: %s (U1421)", g.e.b.ids[p], why)
}

// zeroSPDefeated settles the 0 SP defenders of p whose side lost the
// battle or was displaced: a Militia is Displaced, a garrison eliminated
// or, displaced without a battle, fled.
func (g *game) zeroSPDefeated(def string, p rules.Point, displaced bool) {
	if displaced {
		g.displaceMilitia(def, p, "7:1 odds, displaced without a battle (11.1.2)")
		if def == "union" {
			g.garrisonFalls(p, "flees without a battle: attacked by 4 or more SPs")
		}
		return
	}
	g.displaceMilitia(def, p, "its side lost the battle (forced to retreat)")
	if def == "union" {
		g.garrisonFalls(p, "is eliminated: defeated in battle")
	}
}

// markZeroSP marks in enemy (by board index) the hexes where side's
// Militia and garrisons stand: a move stops there for a battle.
func (g *game) markZeroSP(side string, enemy []bool) {
	for p, i := range g.milHex {
		if g.e.militia[i].side == side {
			enemy[g.e.b.index[p]] = true
		}
	}
	if side == "union" {
		for _, p := range g.e.garrisons {
			if !g.garrisonGone[p] {
				enemy[g.e.b.index[p]] = true
			}
		}
	}
}

// garrisonViolations: a garrison is gone only from a Northern Objective
// Hex, and a present one never stands with Confederate SPs (17.4).
func (g *game) garrisonViolations() []string {
	var out []string
	for p := range g.garrisonGone {
		if !g.e.garrisoned[p] {
			out = append(out, fmt.Sprintf("USCW 17.4: an intrinsic garrison is marked gone in %s, which is no Objective Hex of a Northern State", g.e.b.ids[p]))
		}
	}
	for _, p := range g.e.garrisons {
		if g.garrisonIn(p) && g.sp["confederate"][p] > 0 && (g.retreat == nil || g.retreat.from != p) {
			out = append(out, fmt.Sprintf("USCW 17.4: the intrinsic garrison of %s stands with Confederate SPs after the action", g.e.b.ids[p]))
		}
	}
	return out
}
