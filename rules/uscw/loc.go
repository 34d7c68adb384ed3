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
	enter, _ := g.grid(side, g.supplyFor(side)) // enterableForLOC of every hex, kept for the position
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
				if !enter[st.to] {
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

// locToSource reports an LOC from p to a Primary Supply Source (13.4.3),
// read from the position's set of such hexes. Each search's answer is
// kept (c.locTo) for its start and the Depots it tells of: a Depot's LOC
// is part of the LOC of every hex whose search reaches it.
func (g *game) locToSource(side string, p rules.Point, c *supplyCache) bool {
	i := g.e.b.index[p]
	if c.locTo == nil {
		c.locTo = make([]int8, len(g.e.b.order))
	}
	if v := c.locTo[i]; v != 0 {
		return v == 2
	}
	return g.scanLOC(side, i, c, func(q int) bool { return g.isSourceAt(side, q, c) }, c.locTo)
}

// locGrid is enterableForLOC and depot for every hex by board index, set
// from the few hexes that differ, so the searches from the sources read
// slices.
func (g *game) locGrid(side string, c *supplyCache) (enter, depot []bool) {
	e, b := g.e, g.e.b
	enter, depot = make([]bool, len(b.order)), make([]bool, len(b.order))
	for i := range enter {
		enter[i] = true
	}
	if g.kentuckyNeutral() { // closedByNeutrality(p, true): Kentucky's hexes and New Madrid
		for _, i := range b.kentucky {
			enter[i] = false
		}
		if e.hasNewMadrid {
			enter[b.index[e.newMadrid]] = false
		}
	}
	g.fillControllers(c)
	enemy := ctlCode(other(side))
	for _, list := range [][]int{b.objIdx, b.resIdx} {
		for _, i := range list {
			if c.ctl[i] == enemy || c.ctl[i] == 0 && g.ctlAt(c, i) == other(side) {
				enter[i] = false
			}
		}
	}
	for p, n := range g.sp[other(side)] {
		if n > 0 {
			enter[b.index[p]] = false
		}
	}
	friend := ctlCode(side)
	for _, i := range b.townIdx {
		if c.ctl[i] == friend || c.ctl[i] == 0 && g.ctlAt(c, i) == side {
			depot[i] = true
		}
	}
	for p, n := range g.sp[side] {
		if n > 0 {
			depot[b.index[p]] = true
		}
	}
	return enter, depot
}

// grid is the position's locGrid for side, kept in the cache.
func (g *game) grid(side string, c *supplyCache) (enter, depot []bool) {
	if c.enter == nil {
		c.enter, c.depot = g.locGrid(side, c)
	}
	return c.enter, c.depot
}

// scanMemory is one locScan's memory: the search's marks and the Depots
// still to search from.
type scanMemory struct {
	searchScratch
	frontier []int
}

// locScan is locTo over the cache's grid: each hex the LOC from p
// reaches is visited once (p first), until visit reports true. Each
// Depot reached searches 4 MPs further (13.4.3).
func (g *game) locScan(side string, p rules.Point, c *supplyCache, visit func(rules.Point) bool) bool {
	order := g.e.b.order
	return g.locScanAt(side, g.e.b.index[p], c, func(q int) bool { return visit(order[q]) })
}

// locScanAt is locScan with the hexes by board index.
func (g *game) locScanAt(side string, start int, c *supplyCache, visit func(int) bool) bool {
	return g.scanLOC(side, start, c, visit, nil)
}

// scanLOC is locScanAt; with known (locToSource's c.locTo: 0 not known,
// 1 no LOC, 2 an LOC), a Depot reached that has an LOC ends the scan
// with true, one that has none is not searched from (its LOC reaches
// nothing the scan wants), and the answer is kept: true for the start and
// the Depot searched from when it came, false for the start and every
// Depot searched from.
func (g *game) scanLOC(side string, start int, c *supplyCache, visit func(int) bool, known []int8) (found bool) {
	b := g.e.b
	n := len(b.order)
	enter, depot := g.grid(side, c)
	// A visit may start a search of its own (isSource): each depth has
	// its own memory.
	if len(g.scanScratch) == g.scanDepth {
		g.scanScratch = append(g.scanScratch, &scanMemory{searchScratch: searchScratch{best: make([]int, n), prev: make([]int, n), seen: make([]uint32, n)}})
	}
	s := g.scanScratch[g.scanDepth]
	g.scanDepth++
	defer func() { g.scanDepth-- }()
	s.stamp++
	flood := int(s.stamp) // prev marks the flood's visited hexes
	s.prev[start] = flood
	if visit(start) {
		return true
	}
	frontier := append(s.frontier[:0], start)
	from := start
	defer func() { s.frontier = frontier[:0] }()
	defer func() {
		switch {
		case known == nil:
		case found:
			known[start], known[from] = 2, 2
		default:
			for _, u := range frontier {
				known[u] = 1
			}
		}
	}()
	for head := 0; head < len(frontier); head++ {
		from = frontier[head]
		s.stamp++
		stamp := s.stamp // seen and best: this 4-MP search
		s.seen[from], s.best[from] = stamp, 0
		buckets := s.buckets // each depth's lists keep their memory
		for len(buckets) < locMPs+1 {
			buckets = append(buckets, nil)
		}
		buckets = buckets[:locMPs+1]
		for d := range buckets {
			buckets[d] = buckets[d][:0]
		}
		buckets[0] = append(buckets[0], from)
		for d := 0; d <= locMPs; d++ {
			for k := 0; k < len(buckets[d]); k++ {
				u := buckets[d][k]
				if s.best[u] != d {
					continue
				}
				if s.prev[u] != flood {
					s.prev[u] = flood
					if visit(u) {
						s.buckets = buckets
						return true
					}
					switch {
					case !depot[u]:
					case known == nil || known[u] == 0:
						frontier = append(frontier, u)
					case known[u] == 2:
						s.buckets = buckets
						return true
					}
				}
				for _, st := range b.next[u] {
					nd := d + st.cost
					if st.cost < 0 || nd > locMPs || !enter[st.to] || s.seen[st.to] == stamp && s.best[st.to] <= nd {
						continue
					}
					s.seen[st.to], s.best[st.to] = stamp, nd
					buckets[nd] = append(buckets[nd], st.to)
				}
			}
		}
		s.buckets = buckets
	}
	return false
}

// locHexes lists every hex an LOC from p reaches (p included), in the
// order reached.
func (g *game) locHexes(side string, p rules.Point, c *supplyCache) []rules.Point {
	var out []rules.Point
	g.locScan(side, p, c, func(q rules.Point) bool {
		out = append(out, q)
		return false
	})
	return out
}
