package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// Lines of Communication (13.4, U1004-1032). A Depot is a hex with a
// friendly SP (Militia included: "SPs with a value of 0", 2.2.3, U78) or
// Fort (Coastal Forts included), or a friendly-controlled Town, City or
// Port (13.4.2, U1008); each Depot projects 4 MPs on the List of Movement
// Costs (13.4.3, U1010). No portion of the LOC enters a hex with an enemy
// SP or Fortification or in an enemy ZOI (retreat.go's zoi), enters an
// enemy-controlled Objective/Resource Hex, or crosses an enemy-controlled
// Navigable River hexside (naval.go; the water of a Coastal Fort is read
// as one, 10.3.2 U744) (U1016-1023); an enemy-controlled Town costs 1 MP
// more (13.4.4, U1029). The LOC ends at a Primary Supply Source of 13.2
// (supply.go).

// locMPs is the reach of a Depot (13.4.3, U1010: "A Depot projects an LOC
// 4 MPs from its location").
const locMPs = 4

// enterableForLOC reports whether an LOC of side may enter p (13.4.3,
// U1016-1019): the per-hex rule locGrid keeps for every hex.
func (g *game) enterableForLOC(side string, p rules.Point) bool {
	enemy := other(side)
	if g.sp[enemy][p] > 0 || g.militiaIn(enemy, p) || g.closedByNeutrality(p, true) {
		return false // "a hex containing an enemy SP" (Militia are SPs of 0, U78)
	}
	if w := g.works[p]; w.fort == enemy || w.entrench == enemy {
		return false // "or Fortification" (a Fort under construction is none, 10.2.2)
	}
	h := g.e.b.hexes[p]
	if h != nil && (h.Objective || h.BP != nil) && g.controller(p) == enemy {
		return false
	}
	return !g.inEnemyZOI(side, p) // "Enter a hex in the ZOI of an enemy unit (9.1)"
}

// locToll is the MPs an LOC of side pays on top of the List of Movement
// Costs to enter p: "an LOC can be traced through an enemy-controlled
// Town hex at a cost of one additional MP" (13.4.4, U1029). Read for
// every Town, City and Port (the hexes a Control marker holds without a
// unit, 6.2.3); an Objective/Resource Hex the enemy controls is closed
// (enterableForLOC).
func (g *game) locToll(side string, p rules.Point) int8 {
	h := g.e.b.hexes[p]
	if h != nil && (h.Place != "" || h.Port != "") && g.controller(p) == other(side) {
		return 1
	}
	return 0
}

// depot reports a friendly Depot in p (13.4.2, U1008).
func (g *game) depot(side string, p rules.Point) bool {
	if g.sp[side][p] > 0 || g.militiaIn(side, p) || g.fortAt(side, p) > 0 {
		return true
	}
	h := g.e.b.hexes[p]
	return h != nil && (h.Place != "" || h.Port != "") && g.controller(p) == side
}

// locCross reports whether an LOC of side may take step st out of board
// index u: not across an enemy-controlled Navigable River hexside
// (U1021), the opposing Forts' "enemy controlled to both players"
// included (10.2.7, U717); nav is the position's Naval Control.
func (g *game) locCross(side string, u int, st step, nav []int8) bool {
	if st.nav >= 0 {
		c := nav[st.nav]
		return c == navNone || c == navOf(side)
	}
	b := g.e.b
	if first := len(b.order) - len(b.coastal); u >= first || st.to >= first {
		if cf := b.coastalLink(b.order[u], b.order[st.to]); cf != nil {
			land := b.order[u]
			if land == cf.at {
				land = b.order[st.to]
			}
			c := g.coastalWater(cf, land)
			return c == "" || c == side
		}
	}
	return true
}

// within lists the hexes an LOC of side reaches from p within mps MPs
// (the List of Movement Costs, 5.3), p included, in the order reached: a
// bucket queue over the board's indexed steps, with its own scratch
// memory (the bots' move search keeps its paths in the other).
func (g *game) within(side string, p rules.Point, mps int) []rules.Point {
	b := g.e.b
	var out []rules.Point
	for _, i := range g.withinAt(side, b.ix(p), mps) {
		out = append(out, b.order[i])
	}
	return out
}

// withinAt is within by board index; its answer is the scratch's, good
// until the next search.
func (g *game) withinAt(side string, start, mps int) []int {
	b := g.e.b
	enter, _, toll, nav := g.grid(side, g.locGridCache(side)) // enterableForLOC of every hex, kept for the position
	s := g.locScratch()
	s.stamp++
	s.best[start], s.seen[start] = 0, s.stamp
	buckets := s.buckets[:0]
	for range mps + 1 {
		buckets = append(buckets, nil)
	}
	buckets[0] = append(buckets[0][:0], start)
	out := s.found[:0]
	for c := 0; c <= mps; c++ {
		for k := 0; k < len(buckets[c]); k++ {
			i := buckets[c][k]
			if s.best[i] != c {
				continue
			}
			out = append(out, i)
			for _, st := range b.next[i] {
				nc := c + st.cost + int(toll[st.to])
				if st.cost < 0 || nc > mps || s.seen[st.to] == s.stamp && s.best[st.to] <= nc {
					continue
				}
				if !enter[st.to] || !g.locCross(side, i, st, nav) {
					continue
				}
				s.seen[st.to], s.best[st.to] = s.stamp, nc
				buckets[nc] = append(buckets[nc], st.to)
			}
		}
	}
	s.buckets, s.found = buckets, out
	return out
}

func (g *game) locScratch() *searchScratch {
	return boardScratch(&g.locSearch, len(g.e.b.order))
}

// boardScratch is *s, made for a board of n hexes if it is not.
func boardScratch(s **searchScratch, n int) *searchScratch {
	if *s == nil || len((*s).best) != n {
		*s = &searchScratch{best: make([]int, n), prev: make([]int, n), seen: make([]uint32, n)}
	}
	return *s
}

// hasLOC reports whether side has an LOC from p to a Primary Supply
// Source (13.2, 13.4.3).
func (g *game) hasLOC(side string, p rules.Point) bool {
	c := g.supplyFor(side)
	return g.locToSource(side, p, c)
}

// primarySupplied reports side's units in p supplied from a Primary
// Supply Source: a Supply Path to one (Full Supply, 13.1, U945) or an LOC
// to one (Limited Supply, U946); Fortress Supply alone (an LOC to a
// friendly Fort, 13.2.3) is not. The rules that ask a space for "a LOC to
// a Primary Supply Source" read it: a General's placement (16.2, U1317,
// and the Leader Transfer's legal space, 16.6), returning Displaced
// Generals (14.6, U1241), the Confederate Training SP (17.3, U1417) and
// the Cavalry General cut off (8.7). Reading: a space that traces a
// Supply Path counts though no LOC runs from it (no Depot within 4 MPs):
// "An LOC is much easier to trace than a Supply Path" (13.4.1, U1006),
// and 13.5.2 (U1046) lists the Displaced Generals' placement among what
// Limited Supply "is needed" for, which Full Supply gives and more. The
// Confederate's units in a Coastal Fort read 10.3.2 SUPPLY's state
// (coastalsupply.go), not the fort space's own trace: "Confederate units
// inside a Coastal Fort are in supply as long as the associated Ocean
// Port is also in supply" (U747), an LOC of the port's counting and the
// fort's own through a port the Union controls not; Limited Supply by
// Fortress Supply alone (their own Coastal Fort's, 13.2.3) is not from a
// Primary Supply Source.
func (g *game) primarySupplied(side string, p rules.Point) bool {
	switch g.supplyAt(side, p) {
	case fullSupply:
		return true
	case outOfSupply:
		return false
	}
	c := g.supplyFor(side)
	if _, fortress, ok := g.coastalSupply(side, p, c); ok {
		return !fortress // 10.3.2's Limited Supply by a Primary Supply Source
	}
	return g.locToSource(side, p, c)
}

// locToSource reports an LOC from p to a Primary Supply Source (13.4.3),
// read from the position's set of such hexes. Each search's answer is
// kept (c.locTo) for its start and the Depots it tells of: a Depot's LOC
// is part of the LOC of every hex whose search reaches it.
func (g *game) locToSource(side string, p rules.Point, c *supplyCache) bool {
	i := g.e.b.ix(p)
	if c.locTo == nil {
		c.locTo = make([]int8, len(g.e.b.order))
	}
	if v := c.locTo[i]; v != 0 {
		return v == 2
	}
	return g.scanLOC(side, i, c, func(q int) bool { return g.isSourceAt(side, q, c) }, c.locTo)
}

// locGrid is enterableForLOC, depot and locToll for every hex by board
// index, set from the few hexes that differ, so the searches read slices.
func (g *game) locGrid(side string, c *supplyCache) (enter, depot []bool, toll []int8) {
	e, b := g.e, g.e.b
	n := len(b.order)
	enter, depot, toll = make([]bool, n), make([]bool, n), make([]int8, n)
	for i := range enter {
		enter[i] = true
	}
	if g.kentuckyNeutral() { // closedByNeutrality(p, true): Kentucky's hexes and New Madrid
		for _, i := range b.kentucky {
			enter[i] = false
		}
		if e.hasNewMadrid {
			enter[b.ix(e.newMadrid)] = false
		}
	}
	g.fillControllers(c)
	enemy, friend := ctlCode(other(side)), ctlCode(side)
	held := func(i int, code int8, by string) bool {
		return c.ctl[i] == code || c.ctl[i] == 0 && g.ctlAt(c, i) == by
	}
	for _, list := range [][]int{b.objIdx, b.resIdx} {
		for _, i := range list {
			if held(i, enemy, other(side)) {
				enter[i] = false
			}
		}
	}
	for _, i := range b.townIdx {
		switch {
		case held(i, friend, side):
			depot[i] = true
		case held(i, enemy, other(side)):
			toll[i] = 1
		}
	}
	// The enemy's units close their hexes and their ZOI (9.1); side's
	// SPs, Militia and Forts are Depots.
	// The board's steps are q's neighbours with each hexside's 9.1 facts
	// (zoiHexside); a hex closed already is not asked again.
	zoiFrom := func(q rules.Point) {
		for _, st := range b.next[b.ix(q)] {
			if enter[st.to] && g.zoiAcross(other(side), q, b.order[st.to], st.zoi) {
				enter[st.to] = false
			}
		}
	}
	for p, n := range g.sp[other(side)] {
		if n > 0 {
			enter[b.ix(p)] = false
			zoiFrom(p)
		}
	}
	for p, n := range g.sp[side] {
		if n > 0 {
			depot[b.ix(p)] = true
		}
	}
	for p, k := range g.milHex {
		switch g.e.militia[k].side {
		case side:
			depot[b.ix(p)] = true
		default:
			enter[b.ix(p)] = false
			zoiFrom(p)
		}
	}
	for p, w := range g.works {
		if w.fort == other(side) || w.entrench == other(side) {
			enter[b.ix(p)] = false
		}
		if w.fort == other(side) {
			zoiFrom(p)
		}
		if w.fort == side {
			depot[b.ix(p)] = true
		}
	}
	return enter, depot, toll
}

// locGridCache is a cache holding the position's LOC grid for side
// without working out its supply: the supply's own when kept (supplyKept),
// else one of the grid alone (g.gridOnly, same key), which the position's
// supply takes over when it is worked out (railFixedPoint's first round:
// the grid reads no Railroad Control). Under an Amphibious Assault's
// temporary Naval Control it is supplyFor's.
func (g *game) locGridCache(side string) *supplyCache {
	if c := g.supplyKept(side); c != nil {
		return c
	}
	if g.assaultNaval != nil {
		return g.supplyFor(side)
	}
	k, built := sideIndex(side), g.railsBuilt1864()
	if c := g.gridOnly[k]; g.supplyCurrent(c, built, false) {
		return c
	}
	c := g.newSupplyCache()
	c.built = built
	g.gridOnly[k] = c
	return c
}

// grid is the position's locGrid for side, kept in the cache with the
// Naval Control the searches read.
func (g *game) grid(side string, c *supplyCache) (enter, depot []bool, toll []int8, nav []int8) {
	if c.enter == nil {
		c.enter, c.depot, c.toll = g.locGrid(side, c)
		c.nav = g.naval()
	}
	return c.enter, c.depot, c.toll, c.nav
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
	return g.locScanAt(side, g.e.b.ix(p), c, func(q int) bool { return visit(order[q]) })
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
	enter, depot, toll, nav := g.grid(side, c)
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
	// reached settles a hex the LOC reaches, once a flood: visit it, and
	// a Depot joins the frontier; true ends the scan.
	reached := func(u int) bool {
		if s.prev[u] == flood {
			return false
		}
		s.prev[u] = flood
		if visit(u) {
			return true
		}
		switch {
		case !depot[u]:
		case known == nil || known[u] == 0:
			frontier = append(frontier, u)
		case known[u] == 2:
			return true
		}
		return false
	}
	for head := 0; head < len(frontier); head++ {
		from = frontier[head]
		// The rail and waterway segments from a Depot (13.4.5).
		if depot[from] && g.segmentEnds(side, from, c, reached) {
			return true
		}
		buckets, stamp := s.startBuckets(from, locMPs) // seen and best: this 4-MP search
		for d := 0; d <= locMPs; d++ {
			for k := 0; k < len(buckets[d]); k++ {
				u := buckets[d][k]
				if s.best[u] != d {
					continue
				}
				if reached(u) {
					s.buckets = buckets
					return true
				}
				for _, st := range b.next[u] {
					nd := d + st.cost + int(toll[st.to])
					if st.cost < 0 || nd > locMPs || !enter[st.to] || s.seen[st.to] == stamp && s.best[st.to] <= nd || !g.locCross(side, u, st, nav) {
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

// Fortress Supply (13.2.3, U966-968): "Any hex with a Fort (F1-F3) or
// Coastal Fort is a source of Fortress Supply. Fortress Supply is a
// temporary source of Limited Supply. Units and stacks in such a hex, or
// that can trace an LOC to such a hex may Rally and are not subject to
// Foraging markers and Attrition. However, Reinforcements cannot be
// placed in such a hex, and if Isolated (13.6) the units must still roll
// for Surrender." Read as side's own completed Fort or held Coastal
// Fort; the reinforcement rows read an LOC to a Primary Supply Source
// (hasLOC), which a Fort is not.

// locToFortress reports an LOC from p to a hex with side's completed
// Fort or Coastal Fort (p itself included), each search's answer kept
// for the position as locToSource keeps its own (c.locFort).
func (g *game) locToFortress(side string, p rules.Point, c *supplyCache) bool {
	i := g.e.b.ix(p)
	if c.locFort == nil {
		c.locFort = make([]int8, len(g.e.b.order))
	}
	if v := c.locFort[i]; v != 0 {
		return v == 2
	}
	if !g.hasFort(side) {
		c.locFort[i] = 1 // no Fort: no search
		return false
	}
	order := g.e.b.order
	return g.scanLOC(side, i, c, func(q int) bool { return g.fortAt(side, order[q]) > 0 }, c.locFort)
}

// hasFort reports a completed Fort or Coastal Fort of side anywhere.
func (g *game) hasFort(side string) bool {
	for p := range g.works {
		if g.fortAt(side, p) > 0 {
			return true
		}
	}
	return false
}

// fortressOnly reports side's units in p in Limited Supply by Fortress
// Supply alone: no Supply Path and no LOC to a Primary Supply Source (the
// Confederate's in a Coastal Fort: 10.3.2's, coastalsupply.go).
func (g *game) fortressOnly(side string, p rules.Point) bool {
	c := g.supplyFor(side)
	if g.levelIn(side, p, c) != limitedSupply {
		return false
	}
	if _, fortress, ok := g.coastalSupply(side, p, c); ok {
		return fortress
	}
	return !g.locToSource(side, p, c)
}

// fortressViolations holds the kept answers of locToFortress to a fresh
// search (a stale cache is a missed invalidation).
func (g *game) fortressViolations(side string, c *supplyCache) []string {
	if c.locFort == nil {
		return nil
	}
	var out []string
	fresh := g.newSupplyCache()
	fresh.built = c.built
	for i, p := range g.e.b.order {
		if v := c.locFort[i]; v != 0 && (v == 2) != g.locToFortress(side, p, fresh) {
			out = append(out, fmt.Sprintf("USCW 13.2.3: %s is kept as with an LOC to a %s Fort: %v, a fresh search finds %v", g.e.b.ids[p], side, v == 2, v != 2))
		}
	}
	return out
}

// Rail and waterway segments (13.4.5, U1031): "Segments between Depots
// can use contiguous Railroad hexes (6.5) and Navigable Waterways (19.1.2)
// under the rules and restrictions for the Rail/Navigable Waterway
// Portion of Supply Paths (13.3.3 and 13.3.4). This type of segment can
// be of any length and is not subject to the normal 4 MP limit. However,
// this type of segment can only connect to a Navigable River through a
// friendly-controlled port, Fort or SP." A rail segment runs from a Depot
// along railroad hexes side controls (6.5, railcontrol.go; never over a
// bridge under enemy Naval Control, nor a yellow 1864 line not yet built)
// to each Depot or possible Primary Supply Source on the line; a waterway
// segment runs from a friendly-controlled port or a hex with side's Fort
// or SPs along Navigable River hexsides under side's Naval Control and
// blocked by no enemy Fort, Entrenchment or port (13.3.3, naval.go) to
// each such hex on the water. The hexes between the ends are passed, not
// reached: the LOC's hexes are its Depots' 4-MP reaches (a reading).

// locSegments is side's segments in one position: for each rail hex
// (rail index) and each waterway hexside its network's number, and each
// network's ends by board index.
type locSegments struct {
	railNet  []int32 // by rail index: the network, -1 none
	railEnds [][]int
	waterNet []int32 // by navigable hexside: the network, -1 none
	waterEnd [][]int
}

// segments is the position's locSegments for side, kept in the cache.
func (g *game) segments(side string, c *supplyCache) *locSegments {
	if c.seg == nil {
		c.seg = g.buildSegments(side, c)
	}
	return c.seg
}

func (g *game) buildSegments(side string, c *supplyCache) *locSegments {
	b := g.e.b
	_, depot, _, nav := g.grid(side, c)
	rc := g.supplyRail(c)
	built := g.railsBuilt1864()
	rg := b.rails
	// 17.1.3 (U1368): while Kentucky is neutral no LOC enters its hexes
	// or New Madrid, along a segment either (passed hexes included).
	closed := g.neutralClosed()
	shut := func(bi int) bool { return closed != nil && closed[bi] }
	s := &locSegments{railNet: make([]int32, len(rg.railHexs))}
	for i := range s.railNet {
		s.railNet[i] = -1
	}
	for i := range rg.railHexs {
		if s.railNet[i] >= 0 || rc.owner[i] != side || shut(rg.board[i]) {
			continue
		}
		net := int32(len(s.railEnds))
		var ends []int
		s.railNet[i] = net
		queue := []int{i}
		for len(queue) > 0 {
			r := queue[0]
			queue = queue[1:]
			if bi := rg.board[r]; depot[bi] || b.maySource[sideIndex(side)][bi] {
				ends = append(ends, bi)
			}
			for _, st := range rg.railNext[r] {
				if s.railNet[st.to] >= 0 || st.from1864 && !built || rc.owner[st.to] != side || shut(rg.board[st.to]) || !railStepOpen(nav, side, st) {
					continue
				}
				s.railNet[st.to] = net
				queue = append(queue, st.to)
			}
		}
		s.railEnds = append(s.railEnds, ends)
	}
	if k := c.waterSeg; k != nil { // kept from railFixedPoint's last round
		s.waterNet, s.waterEnd = k.waterNet, k.waterEnd
		return s
	}
	w := b.ww
	s.waterNet = make([]int32, len(w.sides))
	blocked := g.navalBlocked(side)
	mine := navOf(side)
	open := func(k int) bool { return nav[k] == mine && !blocked[k] }
	for k := range s.waterNet {
		s.waterNet[k] = -1
	}
	for k := range w.sides {
		if s.waterNet[k] >= 0 || !open(k) {
			continue
		}
		net := int32(len(s.waterEnd))
		seen := map[int]bool{}
		var ends []int
		s.waterNet[k] = net
		queue := []int{k}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, h := range w.on[x] {
				if !seen[h] && !shut(h) && g.riverDepot(side, h, c) {
					seen[h] = true
					ends = append(ends, h)
				}
			}
			for _, y := range g.links(x) {
				if s.waterNet[y] < 0 && open(y) {
					s.waterNet[y] = net
					queue = append(queue, y)
				}
			}
		}
		s.waterEnd = append(s.waterEnd, ends)
	}
	return s
}

// riverDepot reports board index i a place where side's waterway segment
// meets the land: "a friendly-controlled port, Fort or SP" (U1031).
func (g *game) riverDepot(side string, i int, c *supplyCache) bool {
	p := g.e.b.order[i]
	if g.sp[side][p] > 0 || g.militiaIn(side, p) || g.fortAt(side, p) > 0 {
		return true
	}
	return g.e.b.hexes[p].Port != "" && g.ctlAt(c, i) == side
}

// segmentEnds calls reach for each hex a rail or waterway segment from
// the Depot u (board index) ends at, until reach reports true.
func (g *game) segmentEnds(side string, u int, c *supplyCache, reach func(int) bool) bool {
	b := g.e.b
	s := g.segments(side, c)
	if r := b.railAt[u]; r >= 0 {
		c.railAsk = true // the only part of a scan that reads Railroad Control (nextRailRound)
	}
	if r := b.railAt[u]; r >= 0 && s.railNet[r] >= 0 {
		for _, q := range s.railEnds[s.railNet[r]] {
			if q != u && reach(q) {
				return true
			}
		}
	}
	if len(b.ww.atHex[u]) == 0 || !g.riverDepot(side, u, c) {
		return false
	}
	for _, k := range b.ww.atHex[u] {
		if n := s.waterNet[k]; n >= 0 {
			for _, q := range s.waterEnd[n] {
				if q != u && reach(q) {
					return true
				}
			}
		}
	}
	return false
}
