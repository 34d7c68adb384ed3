package uscw

import (
	"fmt"
	"sort"
)

// Army Markers and Army Morale (Optional Rules 3 and 4, U1734-1747), the
// engine option army-morale=on. "An Army marker has no combat strength or
// function other than Rule 4" (U1736), so the two are one option: an
// Army is a force with a 3- or 4-star General, and the engine keeps its
// high morale with that General (the marker goes where he goes; placing
// and removing markers "at any time" is bookkeeping). Played:
//   - earned by winning "a Closely Fought Major Battle ... where both sides
//     have at least 7 SPs and the winner rolled no more dice on the CRT
//     than the loser" (U1740), while the side has an Army marker to flip
//     (the count supplied is "an intentional limit", U1736);
//   - "the owning player re-rolls all 1s that he rolls in combat with that
//     army ... you can never re-roll a re-roll" (U1744);
//   - lost when the Army "loses a battle (of any size or odds), or the last
//     SP in the army is eliminated or Displaced", or has no 3- or 4-star
//     General left (U1746): checked after each battle, and where the last
//     SP goes otherwise (a Displacement, displaceAll; Attrition that leaves
//     the Generals on the map; a force leaving the map, 5.1.4) or the
//     General does (removed, Unassigned or demoted below 3 stars, 16.3-16.4).
// Demoralization is unrelated (U1746) and untouched.

// armyOf is the Army General of a force: its highest-ranked 3- or 4-star
// General, or nil.
func armyOf(gens []*general) *general {
	var best *general
	for _, gen := range gens {
		if gen != nil && gen.rank >= 3 && (best == nil || gen.rank > best.rank || gen.rank == best.rank && gen.id < best.id) {
			best = gen
		}
	}
	return best
}

// armyMarkers is the number of Army markers the module supplies a side.
func (e *Engine) armyMarkers(side string) (int, bool) {
	for _, mk := range e.sf.Module.Game.Markers {
		if mk.ID == "army" && !mk.SuppliedMissing {
			n, ok := mk.Supplied[side]
			return n, ok
		}
	}
	return 0, false
}

// highMorale reports an Army in high morale.
func (g *game) highMorale(army *general) bool {
	return army != nil && g.e.optional.armyMorale && g.morale[army.id]
}

// battleDice rolls a side's CRT dice; an Army in high morale re-rolls each
// 1 once.
func (g *game) battleDice(n int, purpose string, army *general) int {
	if !g.highMorale(army) {
		return g.roll(n, purpose)
	}
	total := 0
	for range n {
		v := g.roll(1, purpose)
		if v == 1 {
			v = g.roll(1, purpose+" re-roll")
			g.say("Optional 4", "%s's Army is in high morale: a 1 is re-rolled, %d (never re-rolled again)", army.name, v)
		}
		total += v
	}
	return total
}

// armyResult settles the Armies' morale after a battle: the loser's is
// lost, the winner of a Closely Fought Major Battle earns it.
func (g *game) armyResult(bt *battle, aArmy, dArmy *general, aDice, dDice int) {
	if !g.e.optional.armyMorale {
		return
	}
	switch bt.winner {
	case "attacker":
		g.loseMorale(dArmy, "its force lost the battle")
		g.earnMorale(bt, aArmy, aDice <= dDice)
	case "defender":
		g.loseMorale(aArmy, "its force lost the battle")
		g.earnMorale(bt, dArmy, dDice <= aDice)
	case "displaced":
		g.loseMorale(dArmy, "its force was Displaced")
	}
	for _, id := range g.sortedMorale() {
		gen := g.gens[id]
		p, on := g.genAt[id]
		switch {
		case gen == nil || gen.rank < 3:
			g.loseMorale(&general{id: id, name: id}, "it has no 3- or 4-star General")
		case !on || g.sp[gen.side][p] == 0:
			g.loseMorale(gen, "its last SP is eliminated or Displaced")
		}
	}
}

func (g *game) sortedMorale() []string {
	ids := make([]string, 0, len(g.morale))
	for id, on := range g.morale {
		if on {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

func (g *game) earnMorale(bt *battle, army *general, fewerDice bool) {
	if bt.aSP < 7 || bt.dSP < 7 || !fewerDice {
		return // not a Closely Fought Major Battle
	}
	if army == nil {
		g.say("Optional 4", "a Closely Fought Major Battle, but the winner is no Army (no 3- or 4-star General)")
		return
	}
	if g.morale[army.id] {
		return
	}
	n, _ := g.e.armyMarkers(army.side)
	used := 0
	for _, id := range g.sortedMorale() {
		if gen := g.gens[id]; gen != nil && gen.side == army.side {
			used++
		}
	}
	if used >= n {
		g.say("Optional 4", "%s's Army wins a Closely Fought Major Battle, but all %d %s Army markers are in use", army.name, n, army.side)
		return
	}
	if g.morale == nil {
		g.morale = map[string]bool{}
	}
	g.morale[army.id] = true
	g.say("Optional 4", "%s's Army wins a Closely Fought Major Battle (%s against %d, no more dice than the loser): high morale (U1740)", army.name, spCount(bt.aSP), bt.dSP)
}

func (g *game) loseMorale(army *general, why string) {
	if army == nil || !g.morale[army.id] {
		return
	}
	delete(g.morale, army.id)
	g.say("Optional 4", "%s's Army loses its high morale: %s (U1746)", army.name, why)
}

// armyViolations: no more Armies in high morale than the side has Army
// markers, each under a 3- or 4-star General.
func (g *game) armyViolations() []string {
	var out []string
	count := map[string]int{}
	for _, id := range g.sortedMorale() {
		gen := g.gens[id]
		if gen == nil || gen.rank < 3 {
			out = append(out, fmt.Sprintf("USCW Optional 4: %s's Army is in high morale without a 3- or 4-star General", id))
			continue
		}
		count[gen.side]++
	}
	for _, s := range sides {
		if n, _ := g.e.armyMarkers(s); count[s] > n {
			out = append(out, fmt.Sprintf("USCW Optional 3: %d %s Armies in high morale, %d Army markers", count[s], s, n))
		}
	}
	return out
}
