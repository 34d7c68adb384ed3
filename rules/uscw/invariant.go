package uscw

import (
	"fmt"
	"math"
	"slices"
)

// The invariant checker: facts of the rulebook that must hold after every
// action of a sim game, whatever the bots choose (the option
// invariants=check). Each violation names the case it breaks. It
// recomputes from the position what the engine keeps as it plays.

// checkPosition is what must hold in any position: the first violation,
// or "" for none.
func (g *game) checkPosition() string {
	if v := g.violations(); len(v) > 0 {
		return v[0]
	}
	return ""
}

// violations lists every invariant the position breaks, in the order the
// checks run (a test plants one break and requires exactly its report).
func (g *game) violations() []string {
	b := g.e.b
	var out []string
	if m := g.lastMove; m != nil {
		// 7.3 and 7.8 (U452-460, U202): a General carries his Command
		// Limit; no stack of 4+ SPs moves without a General.
		if m.gen == nil && m.sps > 3 {
			out = append(out, fmt.Sprintf("USCW 7.8: %s moved without a General", spCount(m.sps)))
		}
		if m.gen != nil && m.sps > g.e.commandLimit(m.gen) {
			out = append(out, fmt.Sprintf("USCW 7.3: %s (%d-star) moved %s, his Command Limit is %d", m.gen.name, m.gen.rank, spCount(m.sps), g.e.commandLimit(m.gen)))
		}
	}
	out = append(out, g.navalViolations()...)
	out = append(out, g.survivorViolations()...)
	out = append(out, g.placementViolations()...)
	out = append(out, g.leaderViolations()...)
	// 9.0 (U561): a MOVE stands stopped only while the other side (or an
	// intercepted Cavalry force, 8.2) has a reaction to answer, and
	// never after the action that ends it.
	if (g.stage == stReact) != (g.pending != nil) {
		out = append(out, fmt.Sprintf("USCW 9.0: the stage is %s with %s MOVE stopped for a reaction", stageNames[g.stage], map[bool]string{true: "a", false: "no"}[g.pending != nil]))
	}
	for _, side := range sides {
		// The attacker who won stands with the defender until it retreats.
		// SP conservation: every SP that entered play is on the map, in the
		// Displaced Box, or lost in battle.
		on := 0
		for p, n := range g.sp[side] {
			if n < 0 {
				out = append(out, fmt.Sprintf("USCW 11.2.1: %s in %s", spKind(n, side), b.ids[p]))
			}
			on += n
			if side == sides[0] && n > 0 && g.sp[other(side)][p] > 0 && (g.retreat == nil || g.retreat.from != p) {
				// 11.1.1/11.6: a battle ends with one side in the hex
				// (asked from one side: the other would repeat it).
				out = append(out, fmt.Sprintf("USCW 11.6: both sides' SPs stand in %s after the action", b.ids[p]))
			}
			if m := g.marker[p]; n > 0 && m == other(side) && g.stage != stRetreat {
				out = append(out, fmt.Sprintf("USCW 6.2.2: a %s Control marker stays in %s under %s", m, b.ids[p], spKind(n, side)))
			}
		}
		on += g.inTransit(side) // a MOVE stopped for a reaction (9.0)
		for box, n := range g.displace {
			if box.side == side && (n < 0 || n > 0 && !slices.Contains(theaters, box.theater)) {
				out = append(out, fmt.Sprintf("USCW 14.6: the %s has %d SPs in the Displaced Box of %q, not a theater's box", side, n, box.theater))
			}
		}
		if on+g.displacedSPs(side)+g.spLost[side] != g.spIn[side] {
			out = append(out, fmt.Sprintf("USCW 14.6: the %s has %s on the map or moving, %d displaced, %d lost: %d, but %d entered play", side, spCount(on), g.displacedSPs(side), g.spLost[side], on+g.displacedSPs(side)+g.spLost[side], g.spIn[side]))
		}
		for p := range g.demoral[side] {
			if g.sp[side][p] == 0 && len(g.generalsAt(side, p)) == 0 {
				out = append(out, fmt.Sprintf("USCW 12.2: a %s Demoralized marker in %s, where it has no force", side, b.ids[p]))
			}
		}
	}
	for id, p := range g.genAt {
		if b.hexes[p] == nil {
			out = append(out, fmt.Sprintf("USCW 7.1: %s stands off the map", id))
			continue
		}
		if gen := g.gens[id]; g.sp[other(gen.side)][p] > 0 && g.sp[gen.side][p] == 0 && (g.retreat == nil || g.retreat.from != p) {
			out = append(out, fmt.Sprintf("USCW 16.5.1: %s stands alone in %s with enemy SPs", id, b.ids[p]))
		}
		if g.displacedGen[id] != "" || g.gone[id] != "" {
			out = append(out, fmt.Sprintf("USCW 16.4: %s stands in %s and is also displaced or out of play (%s)", id, b.ids[p], g.gone[id]))
		}
	}
	// 8.7: only a Displaced Cavalry General waits out a turn, and at most
	// until the turn after next.
	for id, turn := range g.cavDelay {
		if gen := g.gens[id]; g.displacedGen[id] == "" || gen == nil || !gen.cavalry && !gen.intrinsicCav || turn > g.turn+2 {
			out = append(out, fmt.Sprintf("USCW 8.7: %s waits until turn %d (turn %d) but is no Displaced Cavalry General or waits too long", id, turn, g.turn))
		}
	}
	out = append(out, g.worksViolations()...)
	out = append(out, g.coastalViolations()...)
	out = append(out, g.portsViolations()...)
	// Control markers only where 6.2.3 lets them go, in a state the other
	// side controls (20.1.1).
	for p, side := range g.marker {
		h := b.hexes[p]
		if !markable(h) {
			out = append(out, fmt.Sprintf("USCW 6.2.3: a %s Control marker in %s, which is no Town, Port, Objective or Resource Hex", side, b.ids[p]))
		}
		if g.stateSide(homeState(h)) == side {
			out = append(out, fmt.Sprintf("USCW 6.2.1: a %s Control marker in %s, in a state the %s controls", side, b.ids[p], side))
		}
	}
	// The Resource BPs and Union VP tracks agree with who holds the
	// Resource Hexes (6.4.1, 20.3.1), and with each other: BPs move
	// between them, never appear (U1166, U1714).
	held := 0
	for _, p := range g.e.resources {
		u, _ := g.resourceShare(p)
		if g.pending != nil {
			u = g.credit[p] // the hex a MOVE left reverts when the move ends (6.3, U390)
		}
		if u != g.credit[p] {
			out = append(out, fmt.Sprintf("USCW 6.4.1: the Union holds %d BPs of %s but the tracks count %d", u, b.ids[p], g.credit[p]))
		}
		held += u
	}
	t := g.core.Tracks
	// Mississippi River Control's 3 VPs (20.3.1, U1691) are on the Union
	// VP track, not taken from the Resource BPs, while the last End Phase
	// found the river the Union's.
	miss := float64(mississippiVPs * (b2i(g.missHeld) - b2i(g.missAtStart)))
	if got := t["union-vp"] - miss + t["resource-bps"]; math.Abs(got-g.bpTotal) > 1e-9 {
		out = append(out, fmt.Sprintf("USCW 20.3.1: Union VPs %g (%+g of them Mississippi River Control) + Resource BPs %g = %g, but the scenario started at %g", t["union-vp"], miss, t["resource-bps"], got, g.bpTotal))
	}
	if got := t["union-vp"] - g.bpStartVP; math.Abs(got-float64(held-g.heldAtStart)-miss) > 1e-9 {
		out = append(out, fmt.Sprintf("USCW 20.3.1: the Union VP track moved %g since the start, the Resource Hexes it holds %d and Mississippi River Control %+g", got, held-g.heldAtStart, miss))
	}
	out = append(out, g.mississippiViolations()...)
	if want := g.csaStartVP + float64(g.invaded-g.faded); math.Abs(t["csa-vp"]-want) > 1e-9 || t["csa-vp"] < 0 {
		out = append(out, fmt.Sprintf("USCW 20.3.2: the CSA VP track shows %g, Invading the North and Fading Glory make %g", t["csa-vp"], want))
	}
	// Arsenals: those on the map, destroyed, and the scenario's own
	// (placed off this map) make the Arsenals track (14.5, U1231: "the
	// number of Arsenals on the map and in the Arsenals Destroyed box is
	// always equal to the turn number"); Maintenance never goes down
	// (14.4.5).
	onMap := 0
	for p, n := range g.arsenal {
		if n < 0 || n+*b.hexes[p].BP > 3**b.hexes[p].BP {
			out = append(out, fmt.Sprintf("USCW 14.5: %d Arsenals in %s, beyond triple its BPs", n, b.ids[p]))
		}
		onMap += n
	}
	if want := g.arsenalsAtStart + float64(onMap+g.arsenalsLost); t["arsenals"] != want {
		out = append(out, fmt.Sprintf("USCW 14.5: the Arsenals track shows %g, the Arsenals placed and destroyed make %g", t["arsenals"], want))
	}
	if t["maintenance"] < g.maintAtStart {
		out = append(out, fmt.Sprintf("USCW 14.4.5: the Maintenance Cost fell from %g to %g", g.maintAtStart, t["maintenance"]))
	}
	if p := t["csa-national-panic"]; p != 0 && p != 3 {
		out = append(out, fmt.Sprintf("USCW 20.3.2: National Panic is 3 VPs once, not %g", p))
	}
	out = append(out, g.railViolations()...)
	out = append(out, g.stratViolations()...)
	out = append(out, g.railBonusViolations()...)
	out = append(out, g.regroupViolations()...)
	out = append(out, g.supplyViolations()...)
	out = append(out, g.optionViolations()...)
	out = append(out, g.trainingViolations()...)
	out = append(out, g.armyViolations()...)
	out = append(out, g.militiaViolations()...)
	out = append(out, g.garrisonViolations()...)
	return append(out, g.cardViolations()...)
}

// Violation is an invariant broken in a game played in test mode: it
// names the game and the action, so `muster playtest replay` shows it.
type Violation struct {
	Seed   uint64
	Action int
	Did    string
	What   string
}

func (v *Violation) Error() string {
	return fmt.Sprintf("invariant broken after action %d (%s) of the game with seed %d: %s", v.Action, v.Did, v.Seed, v.What)
}
