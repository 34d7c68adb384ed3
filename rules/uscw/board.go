package uscw

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// board is the compiled map: each hex's terrain and theater, the
// hexsides, and the List of Movement Costs (5.3, U238-262).
type board struct {
	topo    *rules.Topology
	hexes   map[rules.Point]*scenarios.HexData
	ids     map[rules.Point]string
	pts     map[string]rules.Point
	cost    map[string]int  // terrain or hexside key -> MP (or +MP)
	prohib  map[string]bool // prohibited terrain (swamp, 5.7)
	costRow map[string]string
	nbrs    map[rules.Point][]rules.Point // the on-map neighbours, sorted
	edge    map[rules.Point]bool          // the hexes a force may leave the map from (5.1.4, offmap.go)
	order   []rules.Point                 // every hex, sorted

	// The same graph by index into order, with each step's MP cost (-1:
	// not enterable) and whether it crosses a Navigable River: what the
	// bots' path searches read, so a search does no string or map work.
	index map[rules.Point]int
	next  [][]step
	// next1864 is next with the yellow 1864 railroads built (5.4.5).
	next1864 [][]step

	rails *railGraph // railroads and roads (5.4, 5.5)
	ww    *waterways // the Navigable Waterways (naval.go)

	// maySource is, by side (0 Union, 1 Confederate) and board index,
	// whether the hex's fixed facts let it be a Primary Supply Source
	// (13.2; supply.go's sourceCandidate): the supply searches decide the
	// rest only there.
	maySource [2][]bool
	// kentucky is every hex of Kentucky by board index: the hexes no LOC
	// enters while Kentucky is neutral (17.1.3, border.go).
	kentucky []int
	// The hexes the supply searches set from the position, by board
	// index (compileHexLists): Control markers' hexes (markable) with
	// their states, Objective and Resource Hexes, Towns and Ports.
	markIdx, objIdx, resIdx, townIdx []int
	home                             []string // homeState by board index
	theaterAt                        []string // theater by board index (locFlood)
	railAt                           []int    // the rail index (railGraph.railHexs) by board index, -1 off the railroads

	// dense answers index's question for a hex (a point without an
	// Area) from a table by frame, column and row, without hashing the
	// point; hexAt and nbrAt are hexes and nbrs by board index.
	dense     denseIndex
	hexAt     []*scenarios.HexData
	nbrAt     [][]rules.Point
	coastal   map[rules.Point]*coastalFort   // the Coastal Fort spaces, after the hexes in order (coastal.go)
	through   []rules.Point                  // the hexes a Navigable River runs through the middle of (5.8.4, naval.go)
	madrid    int                            // New Madrid's board index among them, else -1 (S1.3.1)
	guards    map[rules.Point][]*coastalFort // the Coastal Forts between a port and the sea (seaaccess.go)
	islands   map[rules.Point]*island        // the Island spaces, after the hexes and before the Coastal Forts (islands.go)
	islandPts []rules.Point                  // the same in board order
	tidal     []tidalPath                    // the Tidal River Paths (19.4, islands.go)
}

// compileHexLists fills the board's per-index lists of the hexes
// supply.go and loc.go read.
func (b *board) compileHexLists() {
	b.home = make([]string, len(b.order))
	b.theaterAt = make([]string, len(b.order))
	b.railAt = make([]int, len(b.order))
	for i, p := range b.order {
		b.railAt[i] = -1
		if r, ok := b.rails.railIdx[p]; ok {
			b.railAt[i] = r
		}
		h := b.hexes[p]
		b.home[i] = homeState(h)
		b.theaterAt[i] = b.theater(p)
		if b.home[i] == kentucky {
			b.kentucky = append(b.kentucky, i)
		}
		if markable(h) {
			b.markIdx = append(b.markIdx, i)
		}
		if h.Objective {
			b.objIdx = append(b.objIdx, i)
		}
		if h.BP != nil {
			b.resIdx = append(b.resIdx, i)
		}
		if h.Place != "" || h.Port != "" {
			b.townIdx = append(b.townIdx, i)
		}
	}
}

type step struct {
	to       int
	cost     int
	shut     int // cost with the railroad bridge treated as absent (5.4.3): the enemy's Naval Control
	navRiver bool
	nav      int  // the navigable hexside crossed (naval.go), -1 none
	zoi      int8 // the hexside's fixed facts for 9.1's ZOI (zoiHexside, retreat.go)
}

// denseIndex is a board index by a hex's frame, column and row: -1 for
// none (idx nil: the map's hexes span too wide a table, and index
// answers).
type denseIndex struct {
	frame0, x0, y0 int
	nf, w, h       int
	idx            []int32
}

// maxDense bounds the dense table (entries).
const maxDense = 1 << 22

func (b *board) compileDense() {
	b.index = make(map[rules.Point]int, len(b.order))
	for i, p := range b.order {
		b.index[p] = i
	}
	b.hexAt = make([]*scenarios.HexData, len(b.order))
	b.nbrAt = make([][]rules.Point, len(b.order))
	for i, p := range b.order {
		b.hexAt[i], b.nbrAt[i] = b.hexes[p], b.nbrs[p]
	}
	d := denseIndex{}
	first := true
	var f1, x1, y1 int
	for _, p := range b.order {
		if p.Area != "" {
			continue
		}
		if first {
			d.frame0, d.x0, d.y0, f1, x1, y1 = p.Frame, p.X, p.Y, p.Frame, p.X, p.Y
			first = false
		}
		d.frame0, d.x0, d.y0 = min(d.frame0, p.Frame), min(d.x0, p.X), min(d.y0, p.Y)
		f1, x1, y1 = max(f1, p.Frame), max(x1, p.X), max(y1, p.Y)
	}
	d.nf, d.w, d.h = f1-d.frame0+1, x1-d.x0+1, y1-d.y0+1
	if first || d.nf*d.w*d.h > maxDense || d.nf*d.w*d.h <= 0 {
		b.dense = denseIndex{}
		return
	}
	d.idx = make([]int32, d.nf*d.w*d.h)
	for k := range d.idx {
		d.idx[k] = -1
	}
	for i, p := range b.order {
		if p.Area == "" {
			d.idx[((p.Frame-d.frame0)*d.w+p.X-d.x0)*d.h+p.Y-d.y0] = int32(i)
		}
	}
	b.dense = d
}

// at is index[p]: p's board index, and whether p is on the board.
func (b *board) at(p rules.Point) (int, bool) {
	if d := &b.dense; p.Area == "" && d.idx != nil {
		f, x, y := p.Frame-d.frame0, p.X-d.x0, p.Y-d.y0
		if uint(f) < uint(d.nf) && uint(x) < uint(d.w) && uint(y) < uint(d.h) {
			if i := d.idx[(f*d.w+x)*d.h+y]; i >= 0 {
				return int(i), true
			}
		}
		return 0, false
	}
	i, ok := b.index[p]
	return i, ok
}

// fortSpace is coastal[p]: a Coastal Fort space is a point with an Area
// (coastal.go), a hex never one.
func (b *board) fortSpace(p rules.Point) *coastalFort {
	if p.Area == "" {
		return nil
	}
	return b.coastal[p]
}

// ix is index[p] (0 off the board, as the map's zero value).
func (b *board) ix(p rules.Point) int {
	i, _ := b.at(p)
	return i
}

// hex is hexes[p].
func (b *board) hex(p rules.Point) *scenarios.HexData {
	if i, ok := b.at(p); ok {
		return b.hexAt[i]
	}
	return nil
}

// compileSteps fills index, next and next1864 once the costs are known.
func (b *board) compileSteps() {
	b.index = make(map[rules.Point]int, len(b.order))
	for i, p := range b.order {
		b.index[p] = i
	}
	b.next = b.compileGraph(false)
	b.next1864 = b.next
	if b.rails.has1864 {
		b.next1864 = b.compileGraph(true)
	}
}

func (b *board) compileGraph(built1864 bool) [][]step {
	next := make([][]step, len(b.order))
	for i, p := range b.order {
		for _, n := range b.nbrs[p] {
			c, _, err := b.stepCostBuilt(p, n, built1864)
			if err != nil {
				c = -1
			}
			shut, _, err := b.landStepCost(p, n, built1864, false)
			if err != nil {
				shut = -1
			}
			next[i] = append(next[i], step{to: b.index[n], cost: c, shut: shut, navRiver: acrossNavigable(b, p, n), zoi: b.zoiHexside(p, n)})
		}
	}
	return next
}

// steps is the bots' step graph for the turn: with the 1864 railroads
// once they are built (5.4.5).
func (b *board) steps(built1864 bool) [][]step {
	if built1864 {
		return b.next1864
	}
	return b.next
}

// newBoard compiles the map, or lists what it lacks.
func newBoard(m *scenarios.Module, s *scenarios.Scenario) (*board, []string) {
	b := &board{topo: rules.NewTopology(m), hexes: map[rules.Point]*scenarios.HexData{}, ids: map[rules.Point]string{}, pts: map[string]rules.Point{},
		cost: map[string]int{}, prohib: map[string]bool{}, costRow: map[string]string{}}
	var missing []string
	if m.Map == nil || len(m.Map.Hexes) == 0 {
		missing = append(missing, "the map's per-hex terrain, theaters and hexsides (map art: map.json missing topics terrain, hexside-features, theater-extents)")
	} else {
		for i := range m.Map.Hexes {
			h := &m.Map.Hexes[i]
			p, _, err := b.topo.Locate(h.At, s.Maps.Prefixes)
			if err != nil {
				continue
			}
			b.hexes[p], b.ids[p], b.pts[h.At] = h, h.At, p
			b.order = append(b.order, p)
		}
		sortPoints(b.order)
		b.nbrs = make(map[rules.Point][]rules.Point, len(b.order))
		for _, p := range b.order {
			var ns []rules.Point
			for _, n := range b.topo.Neighbours(p) {
				if b.hexes[n] != nil {
					ns = append(ns, n)
				}
			}
			sortPoints(ns)
			b.nbrs[p] = ns
		}
		b.addIslands(m) // islands.go
		b.addCoastalForts(m)
		b.computeEdge()
	}
	// A completely non-playable hex is closed to Land Movement as the
	// List of Movement Costs' Prohibited rows are (5.7, U307).
	b.prohib[nonPlayable], b.costRow[nonPlayable] = true, "Non-playable hex (5.7)"
	if t := m.Table("movement-costs"); t != nil {
		for _, r := range t.Grid {
			if len(r.Cells) == 0 {
				continue
			}
			b.costRow[r.Key] = r.Printed
			switch c := r.Cells[0]; {
			case c.Value != nil:
				b.cost[r.Key] = *c.Value
			case c.Text == "Prohibited":
				b.prohib[r.Key] = true
			case r.Key == "navigable-river":
				b.cost[r.Key] = 1 // +1 friendly or uncontrolled; +2 enemy-controlled (U260)
			}
		}
	}
	b.compileDense() // the hexes and their neighbours are all known
	b.rails = newRailGraph(b, m)
	b.compileSteps()
	b.compileSourceCandidates()
	b.compileHexLists()
	b.through, b.madrid = riverThroughHexes(b, m) // 5.8.4 (naval.go)
	b.linkWaterways()
	b.compileRailNav()
	missing = append(missing, b.compileMississippi(m)...) // 20.3.1
	return b, missing
}

// neighbors lists the hexes on the map next to p, in a fixed order.
func (b *board) neighbors(p rules.Point) []rules.Point {
	if i, ok := b.at(p); ok {
		return b.nbrAt[i]
	}
	return nil
}

// comparePoints orders points as pointLess does, for slices.SortFunc:
// read from it, so that a Coastal Fort space (no frame or row) sorts
// after the hexes by its id as there, not level with the others (which
// left their order to the map's, and same-seed games differed).
func comparePoints(a, c rules.Point) int {
	if a.Area == "" && c.Area == "" { // two hexes: pointLess's order in one pass
		switch {
		case a.Frame != c.Frame:
			return cmp.Compare(a.Frame, c.Frame)
		case a.Y != c.Y:
			return cmp.Compare(a.Y, c.Y)
		}
		return cmp.Compare(a.X, c.X)
	}
	switch {
	case pointLess(a, c):
		return -1
	case pointLess(c, a):
		return 1
	}
	return 0
}

func pointLess(a, c rules.Point) bool {
	if a.Area != "" || c.Area != "" { // the spaces without hex ids after the hexes (coastal.go)
		return a.Area != c.Area && (a.Area == "" || c.Area != "" && a.Area < c.Area)
	}
	if a.Frame != c.Frame {
		return a.Frame < c.Frame
	}
	if a.Y != c.Y {
		return a.Y < c.Y
	}
	return a.X < c.X
}

func sortPoints(ps []rules.Point) {
	slices.SortFunc(ps, comparePoints) // no reflection, no closure: the listings sort at every decision
}

// locate finds a hex by id.
func (b *board) locate(id string) (rules.Point, error) {
	p, ok := b.pts[id]
	if !ok {
		return p, fmt.Errorf("no hex %q on the map", id)
	}
	return p, nil
}

func (b *board) adjacent(a, c rules.Point) bool {
	if a.Area != "" || c.Area != "" {
		return b.coastalLink(a, c) != nil
	}
	d, ok := b.topo.Distance(a, c)
	return ok && d == 1
}

// theater of a hex (2.1.1): east, west or trans-mississippi.
func (b *board) theater(p rules.Point) string {
	if h := b.hex(p); h != nil {
		return h.Theater
	}
	return ""
}

// stepCost is the MPs to enter hex to from hex from (5.3), with the
// terrain and hexsides that make it up, or a refusal naming the case;
// the 1864 railroads not yet built.
func (b *board) stepCost(from, to rules.Point) (int, string, error) {
	return b.stepCostBuilt(from, to, false)
}

// stepCostBuilt is stepCost with the 1864 railroads built or not. Along a
// railroad a step costs 1 MP whatever the terrain, rivers and mountain
// hexsides (5.4.1, U266); a Railroad Ferry is no railroad for Land
// Movement (5.4.4, U281). Along a road into a Marsh hex the Marsh costs 1
// (5.5, U291), and a road bridges a Minor River (5.8.2, U317).
func (b *board) stepCostBuilt(from, to rules.Point, built1864 bool) (int, string, error) {
	return b.landStepCost(from, to, built1864, true)
}

// landStepCost is stepCostBuilt with a railroad bridge over a Navigable
// River open or not: "If the opposing player has Naval Control then treat
// the Navigable River hexside as if no railroad bridge exists there"
// (5.4.3, U277); the game decides which (game.landStep).
func (b *board) landStepCost(from, to rules.Point, built1864, bridgeOpen bool) (int, string, error) {
	h := b.hexes[to]
	if h == nil {
		return 0, "", refuse("5.1.4", "hex %s is off the map", b.ids[to])
	}
	if cf := b.coastalLink(from, to); cf != nil {
		// "always costs 1 MP whether coming or going, whether the
		// destination is friendly or enemy occupied, and regardless of who
		// controls the body of water between the two" (10.3.2, U730)
		return 1, "between a Coastal Fort and its land hex 1 (10.3.2)", nil
	}
	if b.prohib[h.Terrain] {
		return 0, "", refuse("5.7", "%s is %s: %s is Prohibited (5.3, U246)", b.ids[to], h.Terrain, b.costRow[h.Terrain])
	}
	c, ok := b.cost[h.Terrain]
	if !ok {
		return 0, "", fmt.Errorf("%s: terrain %q has no row on the List of Movement Costs", b.ids[to], h.Terrain)
	}
	if e, ok := b.railEdgeOf(from, to); ok && !e.ferry && (built1864 || !e.from1864) && (bridgeOpen || !acrossNavigable(b, from, to)) {
		if hasSide(b, from, to, "impassable") {
			return 0, "", refuse("5.8", "the hexside %s-%s is impassable", b.ids[from], b.ids[to])
		}
		return b.cost["railroad-road"], fmt.Sprintf("railroad %d", b.cost["railroad-road"]), nil
	}
	road := b.roadEdge(from, to)
	if road && h.Terrain == "marsh" {
		c = b.cost["railroad-road"]
	}
	why := fmt.Sprintf("%s %d", h.Terrain, c)
	if road {
		why = fmt.Sprintf("road into %s %d", h.Terrain, c)
	}
	for _, k := range b.topo.Side(from, to) {
		key := k
		switch k {
		case "railroad-ferry":
			continue // unbridged for Land Movement: the river's cost only (5.4.4)
		case "minor-river":
			if road {
				continue // a bridge where a road crosses (5.8.2)
			}
		case "navigable-river-type-1", "navigable-river-type-2":
			key = "navigable-river"
		case "railroad-gap":
			key = "railroad-bridge-gap"
		case "mountain":
			key = "mountain-hexside"
		case "impassable":
			return 0, "", refuse("5.8", "the hexside %s-%s is impassable", b.ids[from], b.ids[to])
		case nonPlayable:
			if b.nonPlayableSide(from, to) {
				return 0, "", refuse("5.7", "the hexside %s-%s crosses non-playable terrain and no railroad line or Ferry exists there: 'Land Movement into and out of the hex is prohibited across the non-playable portion' (U305-307)", b.ids[from], b.ids[to])
			}
		}
		if v, ok := b.cost[key]; ok {
			c += v
			why += fmt.Sprintf(" + %s %+d", k, v)
		}
	}
	return c, why, nil
}

// river reports whether the hexside from-to is a river (11.4: +1 to the
// defender, U833).
func (b *board) river(from, to rules.Point) bool {
	if b.coastalLink(from, to) != nil {
		return true // "separated from land by a body of water similar to a Navigable River" (10.3.2, U744)
	}
	for _, k := range b.topo.Side(from, to) {
		switch k {
		case "minor-river", "navigable-river-type-1", "navigable-river-type-2":
			return true
		}
	}
	return false
}

// mountain reports a Mountain hexside (incl. Rail Gap and Pass) or a
// Marsh hex at either end (11.4, U832: +1 to the defender).
func (b *board) mountainOrMarsh(from, to rules.Point) bool {
	for _, k := range b.topo.Side(from, to) {
		switch k {
		case "mountain", "mountain-pass", "railroad-gap":
			return true
		}
	}
	for _, p := range []rules.Point{from, to} {
		if h := b.hexes[p]; h != nil && h.Terrain == "marsh" {
			return true
		}
	}
	return false
}
