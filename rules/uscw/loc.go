package uscw

import (
	"github.com/musterhq/muster/rules"
)

// Lines of Communication (13.4, U1004-1032), as far as the End Phase
// needs them: the End Turn Rally (20.2) and the Confederate Control
// markers in the North (20.1.2). A Depot is a hex with a friendly SP or a
// friendly-controlled Town or Port (13.4.2, U1008); each Depot projects 4
// MPs (13.4.3, U1010); no part of the LOC enters a hex with enemy SPs or
// an enemy-controlled Objective/Resource Hex (U1016-1019). Not played:
// enemy ZOI (9.1), Forts, and the Primary Supply Sources of 13.2, whose
// railroads, ports and capitals the test module's map lacks: the engine
// reads a friendly Resource Hex of 2+ BPs (Confederate, 13.2.2) or a
// Union-controlled Objective Hex in a Northern State (Union, 13.2.1's
// cities) as the source, and says so in docs/uscw-cases.md.

// locMPs is the reach of a Depot (13.4.3, U1010: "A Depot projects an LOC
// 4 MPs from its location").
const locMPs = 4

// enterableForLOC reports whether an LOC of side may enter p.
func (g *game) enterableForLOC(side string, p rules.Point) bool {
	if g.sp[other(side)][p] > 0 || g.closedByNeutrality(p, true) {
		return false
	}
	h := g.e.b.hexes[p]
	if h != nil && (h.Objective || h.BP != nil) && g.controller(p) == other(side) {
		return false
	}
	return true
}

// depot reports a friendly Depot in p (13.4.2).
func (g *game) depot(side string, p rules.Point) bool {
	if g.sp[side][p] > 0 {
		return true
	}
	h := g.e.b.hexes[p]
	return h != nil && (h.Place != "" || h.Port != "") && g.controller(p) == side
}

// supplySource reports the engine's reading of a Primary Supply Source.
func (g *game) supplySource(side string, p rules.Point) bool {
	h := g.e.b.hexes[p]
	if h == nil || g.controller(p) != side {
		return false
	}
	if side == "confederate" {
		if h.BP == nil {
			return false
		}
		value := *h.BP // "a BP value of at least 2 (including Arsenals)" (13.2.2)
		if g.destroyed[p] {
			value = 1
		}
		return value+g.arsenal[p] >= 2
	}
	return h.Objective && g.northern(homeState(h))
}

// within lists the hexes an LOC of side reaches from p within mps MPs
// (the List of Movement Costs, 5.3), p included, in the order reached: a
// bucket queue over the board's indexed steps, with its own scratch
// memory (the bots' move search keeps its paths in the other).
func (g *game) within(side string, p rules.Point, mps int) []rules.Point {
	b := g.e.b
	s := g.locScratch()
	start := b.index[p]
	s.stamp++
	s.best[start], s.seen[start] = 0, s.stamp
	buckets := s.buckets[:0]
	for range mps + 1 {
		buckets = append(buckets, nil)
	}
	buckets[0] = append(buckets[0][:0], start)
	var out []rules.Point
	for c := 0; c <= mps; c++ {
		for k := 0; k < len(buckets[c]); k++ {
			i := buckets[c][k]
			if s.best[i] != c {
				continue
			}
			out = append(out, b.order[i])
			for _, st := range b.next[i] {
				nc := c + st.cost
				if st.cost < 0 || nc > mps || s.seen[st.to] == s.stamp && s.best[st.to] <= nc {
					continue
				}
				if !g.enterableForLOC(side, b.order[st.to]) {
					continue
				}
				s.seen[st.to], s.best[st.to] = s.stamp, nc
				buckets[nc] = append(buckets[nc], st.to)
			}
		}
	}
	s.buckets = buckets
	return out
}

func (g *game) locScratch() *searchScratch {
	n := len(g.e.b.order)
	if g.locSearch == nil || len(g.locSearch.best) != n {
		g.locSearch = &searchScratch{best: make([]int, n), prev: make([]int, n), seen: make([]uint32, n)}
	}
	return g.locSearch
}

// hasLOC reports whether side has an LOC from p to a supply source: a
// search over Depots, each reaching 4 MPs further.
func (g *game) hasLOC(side string, p rules.Point) bool {
	seen := map[rules.Point]bool{p: true}
	frontier := []rules.Point{p}
	for len(frontier) > 0 {
		d := frontier[0]
		frontier = frontier[1:]
		if g.supplySource(side, d) {
			return true
		}
		for _, n := range g.within(side, d, locMPs) {
			if seen[n] {
				continue
			}
			if g.supplySource(side, n) {
				return true
			}
			if g.depot(side, n) {
				seen[n] = true
				frontier = append(frontier, n)
			}
		}
	}
	return false
}
