package uscw

import (
	"sort"

	"github.com/musterhq/muster/rules"
)

// The bots' Naval Transports and Amphibious Assaults (19.3, 19.5): the
// engine-built actions actions.go lists, each expanding into the step a
// script gives.

// transportCandidates adds the bots' Naval Transports: each General (by
// id) and each hex's SPs alone (board order), with the SPs the stack may
// carry, to every hex River Transport reaches and, for the Union, every
// other Ocean Port or Island Ocean Transport reaches (oceanEnd, as the
// step asks it).
func (g *game) transportCandidates(out []candidate) []candidate {
	side, b := g.phasing, g.e.b
	if g.e.year(g.e.first) == 1861 && g.turn == 1 {
		return out
	}
	limit, _ := g.transportCapacity(side)
	// bonusOnly: no Action Point for at, only Optional 1's Bonus Action,
	// which carries 1 SP and never assaults (U1720).
	add := func(c candidate, at rules.Point, bonusOnly bool) []candidate {
		for _, dst := range g.waterReach(side, at) {
			if g.cautiousCannot(c.general, at, dst, false, c.sps) {
				continue // 7.7.1: landing in an enemy ZOI takes two Action Points or a card
			}
			c.naval, c.ocean, c.assault, c.dst = true, false, false, dst
			out = append(out, c)
		}
		for _, dst := range g.assaultTargets(side, at) {
			if bonusOnly {
				break
			}
			if g.coastalLanding(side, b.order[dst], c.sps, true) != nil {
				continue // 10.3.1, 10.3.2
			}
			if card, ok := g.assaultCard(side, dst); ok && (card.n != 0 || !g.cautiousCannot(c.general, at, dst, false, c.sps)) { // 19.5.1: a card where one is needed; 7.7.1
				c.naval, c.ocean, c.assault, c.dst, c.card = true, false, true, dst, card
				out = append(out, c)
			}
		}
		c.card = cardPlay{}
		if side == "union" && g.controller(at) == side && g.oceanSPs+c.sps <= 3 && (g.canSpendN(at, c.sps) || bonusOnly) &&
			(g.e.year(g.e.first) != 1861 || g.turn > 3 || g.oceanActs == 0) && g.oceanEndOK(at, false) {
			for _, i := range g.oceanEnds() {
				p := b.order[i]
				if p == at || g.closedByNeutrality(p, false) || !g.oceanEndOK(p, g.enemySpace(side, i)) || g.coastalLanding(side, p, c.sps, g.enemySpace(side, i)) != nil {
					continue
				}
				c.naval, c.ocean, c.assault, c.dst = true, true, g.enemySpace(side, i), i
				if c.assault && bonusOnly {
					continue
				}
				card, ok := g.assaultCard(side, i)
				if !c.assault {
					card, ok = cardPlay{}, true
				}
				if c.card = card; ok && (card.n != 0 || !g.cautiousCannot(c.general, at, i, true, c.sps)) {
					out = append(out, c)
				}
			}
		}
		return out
	}
	for _, id := range g.e.genIDs {
		gen := g.gens[id]
		at, on := g.genAt[id]
		bonusOnly := on && !g.canSpend(at) && g.bonus > 0 // Optional 1: 1 SP
		if gen.side != side || !on || g.moved[id] || !g.canSpend(at) && !bonusOnly {
			continue
		}
		n := min(g.unmovedSPs(side, at), limit)
		if n == g.sp[side][at] && len(g.generalsAt(side, at)) > 1 {
			n--
		}
		if bonusOnly {
			n = min(n, 1)
		}
		if n > 0 {
			out = add(candidate{general: id, sps: n}, at, bonusOnly)
		}
	}
	stacks := make([]rules.Point, 0, len(g.sp[side]))
	for at, n := range g.sp[side] {
		if n-g.movedSP[side][at] > 0 && (g.canSpend(at) || g.bonus > 0) {
			stacks = append(stacks, at)
		}
	}
	sortPoints(stacks)
	for _, at := range stacks {
		free := g.unmovedSPs(side, at)
		if free == g.sp[side][at] && len(g.generalsAt(side, at)) > 0 {
			free--
		}
		bonusOnly := !g.canSpend(at)
		if bonusOnly {
			free = min(free, 1)
		}
		if free > 0 {
			out = add(candidate{from: at, sps: min(free, limit)}, at, bonusOnly)
		}
	}
	return out
}

// oceanEnds lists (board indexes) the spaces Ocean Transport may start or
// end in: the Ocean Ports, then the Islands the sea does not reach
// (oceanEnd), each in board order.
func (g *game) oceanEnds() []int {
	b := g.e.b
	out := g.e.oceanPorts
	for _, p := range b.islandPts {
		if b.hexes[p].Port != "ocean" {
			out = append(out[:len(out):len(out)], b.index[p])
		}
	}
	return out
}

// landable: a Naval Transport may end in p (not enemy-controlled or
// enemy-occupied, U1560; not New Madrid while Kentucky is neutral; not
// a prohibited hex, 5.7).
func (g *game) landable(side string, p rules.Point) bool {
	return !g.e.b.prohibitedHex(p) && g.sp[other(side)][p] == 0 && g.controller(p) != other(side) && !g.closedByNeutrality(p, false)
}

// waterReach lists (board indexes, sorted) the hexes River Transport
// takes side's stack from p to (19.3.3-19.3.4).
func (g *game) waterReach(side string, p rules.Point) []int {
	b := g.e.b
	w := b.ww
	si := b.index[p]
	if len(w.atHex[si]) == 0 {
		return nil
	}
	naval, own := g.naval(), navOf(side)
	seen := map[int]bool{}
	var queue []int
	// The Confederate never sails a Chesapeake Bay path (19.4, U1601).
	ok := func(s int) bool { return naval[s] == own && g.sails(side, s) }
	for _, s := range w.atHex[si] {
		if ok(s) {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	fromPort := g.friendlyPort(side, p)
	hexes := map[int]bool{}
	for k := 0; k < len(queue); k++ {
		s := queue[k]
		for _, h := range w.on[s] {
			q := b.order[h]
			if h != si && g.landable(side, q) && (fromPort || g.friendlyPort(side, q)) {
				hexes[h] = true
			}
		}
		for _, t := range g.links(s) {
			if !seen[t] && ok(t) {
				seen[t] = true
				queue = append(queue, t)
			}
		}
	}
	out := make([]int, 0, len(hexes))
	for h := range hexes {
		out = append(out, h)
	}
	sort.Ints(out)
	return out
}

// transportOrder expands a Naval Transport candidate into the step a
// script would give.
func (g *game) transportOrder(c candidate) transportOrder {
	b := g.e.b
	o := transportOrder{general: c.general, sps: c.sps, to: b.ids[b.order[c.dst]], ocean: c.ocean, assault: c.assault}
	if c.general == "" {
		o.from = b.ids[c.from]
	}
	return o
}
