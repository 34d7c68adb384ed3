package uscw

import (
	"github.com/musterhq/muster/rules"
)

// Lines of Communication (13.4, U1004-1032). A Depot is a hex with a
// friendly SP or a friendly-controlled Town or Port (13.4.2, U1008); each
// Depot projects 4 MPs (13.4.3, U1010); no part of the LOC enters a hex
// with enemy SPs or an enemy-controlled Objective/Resource Hex
// (U1016-1019). The LOC ends at a Primary Supply Source of 13.2
// (supply.go). Not played: enemy ZOI (9.1), Forts as Depots and as
// Fortress Supply (10.2), the +1 MP through enemy-controlled Towns
// (13.4.4) and the rail and waterway segments (13.4.5).

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

// hasLOC reports whether side has an LOC from p to a Primary Supply
// Source (13.2, 13.4.3).
func (g *game) hasLOC(side string, p rules.Point) bool {
	c := g.supplyFor(side)
	return g.locToSource(side, p, c)
}

// depotReach is what a Depot (or the unit's own hex) in p reaches within
// 4 MPs, kept for the position.
func (g *game) depotReach(side string, p rules.Point, c *supplyCache) []rules.Point {
	if r, ok := c.reach[p]; ok {
		return r
	}
	r := g.within(side, p, locMPs)
	c.reach[p] = r
	return r
}

// locTo reports an LOC from p to a hex where target holds: a search over
// Depots, each reaching 4 MPs further (13.4.3, U1010: "So if the 4 MPs
// reaches another friendly Depot then the LOC is extended 4 more MPs from
// there").
func (g *game) locTo(side string, p rules.Point, c *supplyCache, target func(rules.Point) bool) bool {
	found := false
	g.locWalk(side, p, c, func(q rules.Point) bool {
		found = target(q)
		return found
	})
	return found
}

// locHexes lists every hex an LOC from p reaches (p included), in the
// order reached.
func (g *game) locHexes(side string, p rules.Point, c *supplyCache) []rules.Point {
	var out []rules.Point
	g.locWalk(side, p, c, func(q rules.Point) bool {
		out = append(out, q)
		return false
	})
	return out
}

// locWalk visits each hex the LOC from p reaches once, until visit
// reports true.
func (g *game) locWalk(side string, p rules.Point, c *supplyCache, visit func(rules.Point) bool) {
	seen := map[rules.Point]bool{p: true}
	if visit(p) {
		return
	}
	frontier := []rules.Point{p}
	for len(frontier) > 0 {
		d := frontier[0]
		frontier = frontier[1:]
		for _, n := range g.depotReach(side, d, c) {
			if seen[n] {
				continue
			}
			seen[n] = true
			if visit(n) {
				return
			}
			if g.depot(side, n) {
				frontier = append(frontier, n)
			}
		}
	}
}
