package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Naval Control (19.1, U1466-1537) over the map's Navigable Waterways
// (19.1.2): the Navigable River hexsides, each linked to the hexsides it
// touches (the two share a hex and the other two hexes are adjacent: the
// three meet at a corner, so the river runs on). The map has no coastal
// hexes, lakes, Tidal River Paths or Island spaces yet (map art the
// module lists as missing), so the waterways are its rivers and the
// hex-less sea, which reaches the rivers of every Ocean Port hex.
//
// Control is a graph search over that network, cached per game and
// recomputed only when one of its inputs changes (the control of a port
// on a waterway, Kentucky's neutrality): supply (13.3.3), railroad
// bridges and ferries (5.4.3-5.4.4), river crossings (5.8.3, 11.5.3) and
// Naval Transport (19.3.3) read it through navalControl.

// navalMatrix is what the engine reads of the Naval Control Matrix
// (U1528-1537, "Is Naval Control Blocked?"): whether a Port (a
// Confederate-controlled one in a Southern State, the matrix's *) blocks
// on Type 1 and on Type 2 rivers. The rows for Forts and Island spaces
// wait for those spaces on the board.
type navalMatrix struct {
	portBlocks [2]bool // [Type 1, Type 2]
}

func readNavalMatrix(t *scenarios.Table) navalMatrix {
	var m navalMatrix
	col := map[string]int{}
	for i, c := range t.Columns {
		col[c.ID] = i
	}
	for _, r := range t.Grid {
		if r.Key != "port-entrenchment" {
			continue
		}
		for k, id := range []string{"type-1", "type-2"} {
			if i, ok := col[id]; ok && i < len(r.Cells) && r.Cells[i].Value != nil {
				m.portBlocks[k] = *r.Cells[i].Value == 1
			}
		}
	}
	return m
}

// waterways is the compiled network.
type waterways struct {
	sides []navSide
	// on: side -> the hexes on it, its two and those it runs through the
	// middle of (5.8.4, runThrough)
	on    [][]int
	of    map[[2]int]int // (board index, board index), lower first -> side
	touch [][]int        // side -> the sides it runs on to
	// touchKY: touch without the links through New Madrid, closed while
	// Kentucky is neutral (S1.3.1; nil: New Madrid is no such hex); read
	// by the game's links
	touchKY [][]int
	atHex   [][]int // board index -> its navigable hexsides
	ports   []int   // board indexes of the port hexes on a waterway
	// seaPorts: the Ocean Port hexes on a waterway, by board index; the sea
	// reaches their hexsides unless a Confederate Coastal Fort bars the
	// way (19.1.4, U1502; seaaccess.go).
	seaPorts []int
	kyIn     []bool // side lies completely in Kentucky (17.1.3)
	// system: the side is joined to a Type 2 hexside, the Ohio and
	// Mississippi and their tributaries (19.6, navalcards.go).
	system []bool
	// miss: the Mississippi's hexsides, sorted, and gulf the one where it
	// reaches the Gulf, -1 for none (20.3.1, mississippi.go).
	miss []int
	gulf int
}

type navSide struct {
	a, b  int // board indexes, a < b
	type2 bool
	// tidal: a Tidal River Path (19.4, islands.go), dotted or solid, on
	// Chesapeake Bay or not; its ends need not be adjacent.
	tidal, dotted, chesapeake bool
}

func navKind(k string) (navigable, type2 bool) {
	return k == "navigable-river-type-1" || k == "navigable-river-type-2", k == "navigable-river-type-2"
}

// linkWaterways compiles the network once the board's steps are known,
// and marks each step across a navigable hexside with that side.
func (b *board) linkWaterways() {
	w := &waterways{of: map[[2]int]int{}, atHex: make([][]int, len(b.order))}
	for i, p := range b.order {
		for _, n := range b.nbrs[p] {
			j := b.index[n]
			if j < i {
				continue
			}
			nav, t2 := false, false
			for _, k := range b.topo.Side(p, n) {
				if v, two := navKind(k); v {
					nav, t2 = true, t2 || two
				}
			}
			if !nav {
				continue
			}
			s := len(w.sides)
			w.sides = append(w.sides, navSide{a: i, b: j, type2: t2})
			w.on = append(w.on, []int{i, j})
			w.of[[2]int{i, j}] = s
			w.atHex[i] = append(w.atHex[i], s)
			w.atHex[j] = append(w.atHex[j], s)
			w.kyIn = append(w.kyIn, onlyIn(b, p, "kentucky") && onlyIn(b, n, "kentucky"))
		}
	}
	w.touch = make([][]int, len(w.sides))
	for s, ns := range w.sides {
		pa, pb := b.order[ns.a], b.order[ns.b]
		for _, x := range b.nbrs[pa] {
			if !b.adjacent(x, pb) {
				continue // x is a corner hex of the side a-b
			}
			xi := b.index[x]
			for _, end := range []int{ns.a, ns.b} {
				if t, ok := w.side(end, xi); ok {
					w.touch[s] = append(w.touch[s], t)
				}
			}
		}
		slices.Sort(w.touch[s])
	}
	for _, h := range b.through {
		added := w.runThrough(b, h)
		if b.index[h] == b.madrid {
			// S1.3.1 (U1814): "While Kentucky is neutral (17.1.3), Union
			// Naval Control may not enter or pass through New Madrid":
			// the links through it are closed meanwhile (links).
			w.touchKY = make([][]int, len(w.touch))
			for s, ts := range w.touch {
				w.touchKY[s] = slices.DeleteFunc(slices.Clone(ts), func(t int) bool { return slices.Contains(added, [2]int{s, t}) })
			}
		}
	}
	w.addTidal(b) // 19.4 (islands.go)
	for i, p := range b.order {
		h := b.hexes[p]
		if h.Port != "" && len(w.atHex[i]) > 0 {
			w.ports = append(w.ports, i)
			if h.Port == "ocean" {
				w.seaPorts = append(w.seaPorts, i)
			}
		}
	}
	w.system = w.riverSystem()
	b.ww = w
	graphs := [][][]step{b.next}
	if len(b.next1864) > 0 && &b.next1864[0] != &b.next[0] {
		graphs = append(graphs, b.next1864) // the 1864 railroads' own steps (5.4.5)
	}
	for _, next := range graphs {
		for i := range next {
			for k, st := range next[i] {
				next[i][k].nav = -1
				if s, ok := w.side(i, st.to); ok && !w.sides[s].tidal {
					next[i][k].nav = s
				}
			}
		}
	}
}

// riverThroughHexes lists the hexes the map marks with a Navigable River
// through the middle (a feature with the attribute
// navigableRiverThroughHex: New Madrid and Arkansas Post, 2.1.6, 5.8.4).
func riverThroughHexes(b *board, m *scenarios.Module) ([]rules.Point, int) {
	var out []rules.Point
	madrid := -1
	for _, f := range m.Map.Features {
		if v, _ := f.Attributes["navigableRiverThroughHex"].(bool); !v {
			continue
		}
		for _, id := range f.Hexes {
			if p, ok := b.pts[id]; ok && b.hexes[p] != nil && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	sortPoints(out)
	for _, pl := range m.Map.Places {
		if p, ok := b.pts[pl.At]; ok && pl.Name == "New Madrid" && slices.Contains(out, p) {
			madrid = b.index[p]
		}
	}
	return out, madrid
}

// links lists the hexsides side s runs on to now: all of them, but while
// Kentucky is neutral none through New Madrid (S1.3.1, U1814; 17.1.3:
// nothing may enter it).
func (g *game) links(s int) []int {
	if w := g.e.b.ww; w.touchKY != nil && g.kentuckyNeutral() {
		return w.touchKY[s]
	}
	return g.e.b.ww.touch[s]
}

// runThrough joins the Navigable River hexsides that meet hex h at a
// corner or along one of its own hexsides: "Navigable Rivers that flow
// through the middle of a hex (e.g., New Madrid and Arkansas Post) can
// also be ignored by land units (for both movement and combat purposes)
// but can be used by Naval units" (5.8.4, U337). The map's rivers run
// along hexsides, so a river through h's middle is the river reaching
// its corners: each of those hexsides runs on to the others through h,
// and h lies on them (a port there, Naval Control in it, 13.3.5's "the
// hex contains a Navigable River"). Land movement and combat never
// cross them by construction (no hexside of h is made a river).
func (w *waterways) runThrough(b *board, h rules.Point) (added [][2]int) {
	hi := b.index[h]
	var at []int
	for s, ns := range w.sides {
		pa, pb := b.order[ns.a], b.order[ns.b]
		if pa == h || pb == h || b.adjacent(pa, h) && b.adjacent(pb, h) {
			at = append(at, s)
		}
	}
	for _, s := range at {
		for _, t := range at {
			if t != s && !slices.Contains(w.touch[s], t) {
				w.touch[s] = append(w.touch[s], t)
				added = append(added, [2]int{s, t})
			}
		}
		slices.Sort(w.touch[s])
		if !slices.Contains(w.atHex[hi], s) {
			w.atHex[hi] = append(w.atHex[hi], s)
			w.on[s] = append(w.on[s], hi)
		}
	}
	slices.Sort(w.atHex[hi])
	return added
}

func onlyIn(b *board, p rules.Point, state string) bool {
	h := b.hexes[p]
	return h != nil && len(h.States) > 0 && !slices.ContainsFunc(h.States, func(s string) bool { return s != state })
}

// side finds the navigable hexside between two board indexes.
func (w *waterways) side(i, j int) (int, bool) {
	if j < i {
		i, j = j, i
	}
	s, ok := w.of[[2]int{i, j}]
	return s, ok
}

// Naval Control of a hexside: none (uncontrolled, 19.1.6), or a side's.
const (
	navNone int8 = iota
	navUnion
	navConfederate
	navBoth // opposing Forts at both ends: enemy to both (10.2.7, 19.1.5)
)

// ctrlCode codes a hex's controller ("" none).
func ctrlCode(side string) int8 {
	if side == "" {
		return navNone
	}
	return navOf(side)
}

func navOf(side string) int8 {
	if side == "union" {
		return navUnion
	}
	return navConfederate
}

// navalCache is one game's Naval Control and the inputs it was computed
// from. A computed cache is never written again (clones share it).
type navalCache struct {
	key     []int8    // the ports' controllers, Kentucky's neutrality, then the waterway Forts and Entrenchments
	ctrl    []int8    // side -> navNone, navUnion or navConfederate
	blocked [2][]bool // by sideIndex: the hexsides an enemy Fort, Entrenchment or port blocks to that side's Naval Control
}

// navalKey lists the inputs of Naval Control in the game as it stands.
func (g *game) navalKey(into []int8) []int8 {
	b := g.e.b
	into = into[:0]
	for _, i := range b.ww.ports {
		into = append(into, ctrlCode(g.controller(b.order[i])))
	}
	ky := int8(0)
	if g.kentuckyNeutral() {
		ky = 1
	}
	into = append(into, ky)
	// The Island spaces, which block the enemy's Tidal River Paths (19.1.4).
	for _, p := range b.islandPts {
		into = append(into, ctrlCode(g.controller(p)))
	}
	// The Coastal Forts guarding an Ocean Port on a waterway (19.1.4).
	for _, i := range b.ww.seaPorts {
		for _, cf := range b.guards[b.order[i]] {
			into = append(into, ctrlCode(g.controller(cf.at)))
		}
	}
	// The Forts and Entrenchments on a waterway, in board order (the
	// works map's own order is random).
	for _, i := range b.ww.worksHexes(g.works, b) {
		w := g.works[b.order[i]]
		into = append(into, int8(i>>7), int8(i&127), ctrlCode(w.fort), ctrlCode(w.entrench))
	}
	return into
}

// worksHexes lists, in board order, the waterway hexes that hold a
// completed Fort or an Entrenchment.
func (w *waterways) worksHexes(works map[rules.Point]works, b *board) []int {
	var out []int
	for p, x := range works {
		if i := b.index[p]; (x.fort != "" || x.entrench != "") && len(w.atHex[i]) > 0 {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// naval returns the game's Naval Control, recomputing it only when an
// input changed since the last call.
func (g *game) naval() []int8 {
	if g.assaultNaval != nil {
		return g.assaultNaval // 19.5.5's temporary control
	}
	if c := g.navalC; c != nil && g.navalVer == g.ver {
		return c.ctrl // the position has not changed since it was last found good (g.ver)
	}
	key := g.navalKey(g.navalScratch[:0])
	g.navalScratch = key
	if c := g.navalC; c != nil && slices.Equal(c.key, key) {
		g.navalVer = g.ver
		return c.ctrl
	}
	ctrl, blocked := g.navalSearch()
	c := &navalCache{key: slices.Clone(key), ctrl: ctrl, blocked: blocked}
	g.navalC, g.navalVer = c, g.ver
	return c.ctrl
}

// navalControl is who has Naval Control of the hexside a-b (19.1):
// "union", "confederate", or "" when neither does (19.1.6) or the
// hexside is no Navigable Waterway.
func (g *game) navalControl(a, b rules.Point) string {
	bd := g.e.b
	if cf := bd.coastalLink(a, b); cf != nil {
		land := a
		if land == cf.at {
			land = b
		}
		return g.coastalWater(cf, land)
	}
	s, ok := bd.ww.side(bd.index[a], bd.index[b])
	if !ok {
		return ""
	}
	switch g.naval()[s] {
	case navUnion:
		return "union"
	case navConfederate:
		return "confederate"
	case navBoth:
		return "both"
	}
	return ""
}

// enemyNaval reports that side's enemy has Naval Control of the
// navigable hexside s (5.8.3, 11.5.3).
func (g *game) enemyNaval(side string, s int) bool {
	c := g.naval()[s]
	return c != navNone && c != navOf(side)
}

// computeNaval is the search of 19.1.3-19.1.4. Union Naval Control
// starts at the Union-controlled ports of Northern States and at the sea
// (U1480) and runs on until blocked; a Confederate-controlled port in a
// Southern State blocks it on the Type 1 hexsides of its hex (U1503; the
// module's Naval Control Matrix says which types).
// Confederate Naval Control starts at the Confederate-controlled ports
// of Southern States (U1481), never at sea, and stops where the Union's
// is: "Union Naval Control always trumps Confederate Naval Control".
// While Kentucky is neutral no Naval Control enters a hexside completely
// in Kentucky (17.1.3, U1368; S1.3.1, U1814). Forts and Entrenchments
// block and give Naval Control as 19.1.3-19.1.5 say; a Coastal Fort's
// own water is coastalWater's (coastal.go); a Confederate one keeps the
// Union's from the sea off the hexsides of the port it guards: "Confederate-
// controlled Coastal Forts block Union Naval Control from reaching the
// fort's associated port or entering any Navigable River or bay they
// protect" (19.1.4, U1502; seaaccess.go). An enemy-controlled Island
// space blocks it on the Tidal River Paths tangent to it, which nothing
// else blocks (19.4, U1601; islands.go).
func (g *game) computeNaval() []int8 {
	ctrl, _ := g.navalSearch()
	return ctrl
}

// navalBlocked is, by hexside, whether an enemy Fort, Entrenchment or
// port blocks side's Naval Control there, trumped or not (19.1.4-19.1.5):
// Strategic River Movement may not pass them (15.3, U1277).
func (g *game) navalBlocked(side string) []bool {
	g.naval()
	if bl := g.navalC.blocked[sideIndex(side)]; bl != nil {
		return bl
	}
	_, bl := g.navalSearch() // a cache built without them (a test's)
	return bl[sideIndex(side)]
}

// navalSearch is computeNaval with the hexsides blocked to each side.
func (g *game) navalSearch() ([]int8, [2][]bool) {
	b := g.e.b
	w := b.ww
	ctrl := make([]int8, len(w.sides))
	ky := g.kentuckyNeutral()
	closed := func(s int) bool { return ky && w.kyIn[s] }
	blockedUnion := make([]bool, len(w.sides))
	var union, csa []int
	for _, i := range w.ports {
		p := b.order[i]
		h := b.hexes[p]
		switch g.controller(p) {
		case "union":
			if g.northern(homeState(h)) {
				union = append(union, w.atHex[i]...)
			}
		case "confederate":
			// "ports located in Southern States" (U1481); a West Virginia
			// Port he holds is Virginia's (17.1.2, U1364).
			if g.southernState(p) != "" {
				csa = append(csa, w.atHex[i]...)
				for _, s := range w.atHex[i] {
					if !w.sides[s].tidal && g.e.navalMatrix.portBlocks[typeIndex(w.sides[s].type2)] {
						blockedUnion[s] = true
					}
				}
			}
		}
	}
	for _, i := range w.seaPorts {
		if g.seaBarred(b.order[i]) == nil {
			union = append(union, w.atHex[i]...)
		}
	}
	spread := func(seeds []int, mark int8, stop func(int) bool) {
		queue := seeds[:0:0]
		for _, s := range seeds {
			if ctrl[s] == navNone && !stop(s) {
				ctrl[s] = mark
				queue = append(queue, s)
			}
		}
		for k := 0; k < len(queue); k++ {
			for _, t := range g.links(queue[k]) {
				if ctrl[t] == navNone && !stop(t) {
					ctrl[t] = mark
					queue = append(queue, t)
				}
			}
		}
	}
	// Forts and Entrenchments (19.1.4, U1509): a Fort blocks the enemy's
	// Naval Control on every navigable hexside of its hex, an Entrenchment
	// on the Type 1 ones (a Union one blocks the Confederate's too,
	// U1522). Simmesport's Fort does not reach its Mississippi hexside
	// (19.1.7, U1527).
	blockedCSA := make([]bool, len(w.sides))
	forts := w.worksHexes(g.works, b)
	for _, i := range forts {
		x := g.works[b.order[i]]
		for _, s := range w.atHex[i] {
			if simmesport(b, i, w.sides[s]) || w.sides[s].tidal {
				continue // Tidal River Paths: 'cannot be controlled, or blocked, by ... Forts' (U1601)
			}
			for _, by := range []struct {
				side string
				all  bool
			}{{x.fort, true}, {x.entrench, !w.sides[s].type2}} {
				switch {
				case by.side == "confederate" && by.all:
					blockedUnion[s] = true
				case by.side == "union" && by.all:
					blockedCSA[s] = true
				}
			}
		}
	}
	// Island spaces block the enemy's Naval Control on the Tidal River
	// Paths tangent to them (19.1.4, U1507; islands.go).
	g.islandBlocks("union", blockedUnion)
	g.islandBlocks("confederate", blockedCSA)
	spread(union, navUnion, func(s int) bool { return blockedUnion[s] || closed(s) })
	spread(csa, navConfederate, func(s int) bool { return blockedCSA[s] || closed(s) })
	// A Fort gives its side Naval Control of its hex's navigable
	// hexsides, trumping Entrenchments and ports (19.1.3, U1489; 19.1.5);
	// opposing Forts at both ends make the hexside enemy to both (10.2.7).
	for _, i := range forts {
		x := g.works[b.order[i]]
		if x.fort == "" {
			continue
		}
		for _, s := range w.atHex[i] {
			if simmesport(b, i, w.sides[s]) || w.sides[s].tidal {
				continue
			}
			if c := ctrl[s]; c == navBoth || fortAtEnd(g, b, w.sides[s], i) == other(x.fort) {
				ctrl[s] = navBoth
				continue
			}
			ctrl[s] = navOf(x.fort)
		}
	}
	return ctrl, [2][]bool{blockedUnion, blockedCSA}
}

// fortAtEnd is the side of a completed Fort at the other end of side s
// from hex i, "" for none.
func fortAtEnd(g *game, b *board, s navSide, i int) string {
	j := s.a
	if j == i {
		j = s.b
	}
	return g.works[b.order[j]].fort
}

// simmesport: "A Fort in this hex (4509) does not provide Naval Control
// over its Mississippi River hexside" (19.1.7, U1527).
func simmesport(b *board, i int, s navSide) bool {
	return s.type2 && b.ids[b.order[i]] == "4509"
}

func typeIndex(type2 bool) int {
	if type2 {
		return 1
	}
	return 0
}

// railCrossingOpen: a railroad bridge or Railroad Ferry over a Navigable
// River serves side only under its own Naval Control or none's ("may
// only be used if the player has Naval Control (19.1.1) or neither player
// has Naval Control of that river hexside", 5.4.3, U277). nav is the
// position's Naval Control (g.naval()), read once by the caller. Control
// by both sides is the enemy's (navBoth is neither navNone nor side's).
// bridges.go's bridgedFor reads this too, for the ZOI, Avoid Battle,
// Maneuver and retreat across a railroad bridge.
func (g *game) railCrossingOpen(nav []int8, side string, a, c rules.Point) bool {
	b := g.e.b
	s, ok := b.ww.side(b.ix(a), b.ix(c))
	return !ok || nav[s] == navNone || nav[s] == navOf(side)
}
