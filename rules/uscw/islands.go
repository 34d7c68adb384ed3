package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Island spaces and Tidal River Paths (2.1.3 U56, 19.1.4 U1499-1510,
// 19.4 U1599-1606). "There are four types of map spaces: hexes, Islands
// (light blue squares), Coastal Fortresses (octagons), and the Chesapeake
// Bay Box" (U56): an Island is a space without a hex id, the map's feature
// of kind island, held on the board as a Point with the feature id as its
// Area (as the Coastal Forts are, coastal.go), after the hexes and before
// the Coastal Forts in board order. It has no land neighbours: it is
// reached only by Naval Transport along the Tidal River Paths.
//
// A Tidal River Path is the map's feature of kind tidal-river-path with
// its two ends in the attributes from and to (a hex id, an Island's
// feature id, or "sea": the hex-less Atlantic or Gulf), line solid or
// dotted ("In the Basic Game, the two types of Tidal River Paths are
// treated the same except with respect to Shore Bombardment", U1601) and
// bay chesapeake for the Chesapeake Bay paths. A path between two spaces
// is a Navigable Waterway (19.1.2, U1476) of naval.go's network, running
// on to every waterway of its two ends; a path to the sea makes its Island
// an Ocean Port space the sea reaches (Ship Island is "an Ocean port",
// U1507; the 19.5.1 example sails from Baltimore to Hatteras Inlet, U1616).
// "Tidal River Paths cannot be controlled, or blocked, by Ports,
// Entrenchments, Forts or Coastal Forts (but they can be blocked by
// certain Island spaces [19.1.4])" (U1601): an Island blocks the enemy's
// Naval Control on every path tangent to it (the Naval Control Matrix's
// Island row, U1534) unless its attribute blocksNavalControl is false
// ("Ship Island does not block Union Naval Control", U1507). "The
// Confederate player may not use Naval Transport in any form on the
// Chesapeake Bay Tidal River Paths" (U1601): waterroute.go's sails.
// The shipped map lists the paths as map art (its missing topics
// coastal-hexes-and-waters and island-and-coastal-fort-connections, which
// muster validate reports): on a map without paths no Island is on the
// board and the game is played without them (a module filled from the
// component template, which has no place for paths, still plays).

// islandTerrain is the terrain of an Island space: no row of the List of
// Movement Costs (no land movement enters it).
const islandTerrain = "island"

// island is an Island space of the board.
type island struct {
	id, name string
	at       rules.Point
	blocks   bool // blocks the enemy's Naval Control (19.1.4, U1507)
}

// tidalPath is a Tidal River Path between two board spaces.
type tidalPath struct {
	id         string
	a, b       rules.Point
	dotted     bool
	chesapeake bool
}

// isIsland reports an Island space.
func (b *board) isIsland(p rules.Point) bool {
	return p.Area != "" && b.islands[p] != nil
}

// islandOrFort reports an Island space or a Coastal Fort: "If a 3-star
// General, it may not be placed on an Island or Coastal Fort unless it is
// replacing another General" (16.2, U1317).
func (b *board) islandOrFort(p rules.Point) bool {
	return p.Area != "" && (b.islands[p] != nil || b.coastal[p] != nil)
}

// addIslands puts the map's Islands joined by a Tidal River Path on the
// board, after the hexes (so every hex keeps its index), and reads the
// paths. An Island lies in the state and theater of the first hex a path
// joins it to (directly or through other Islands); one joined to no hex
// stays off the board, as do paths with an end off it.
func (b *board) addIslands(m *scenarios.Module) {
	b.islands = map[rules.Point]*island{}
	type raw struct {
		id, from, to string
		dotted, ches bool
	}
	var paths []raw
	for _, f := range m.Map.Features {
		if f.Kind != "tidal-river-path" {
			continue
		}
		s := func(k string) string { v, _ := f.Attributes[k].(string); return v }
		paths = append(paths, raw{id: f.ID, from: s("from"), to: s("to"), dotted: s("line") == "dotted", ches: s("bay") == "chesapeake"})
	}
	feats := map[string]*scenarios.Feature{}
	for i := range m.Map.Features {
		if f := &m.Map.Features[i]; f.Kind == "island" {
			feats[f.ID] = f
		}
	}
	// Each Island's land hex: spread from the hexes over the paths.
	land := map[string]*scenarios.HexData{}
	sea := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, r := range paths {
			for _, e := range [2][2]string{{r.from, r.to}, {r.to, r.from}} {
				if feats[e[0]] == nil {
					continue
				}
				if e[1] == "sea" {
					sea[e[0]] = true
					continue
				}
				if land[e[0]] != nil {
					continue
				}
				if p, ok := b.pts[e[1]]; ok && b.hexes[p] != nil && p.Area == "" {
					land[e[0]], changed = b.hexes[p], true
				} else if h := land[e[1]]; h != nil {
					land[e[0]], changed = h, true
				}
			}
		}
	}
	start := len(b.order)
	for _, f := range m.Map.Features {
		h := land[f.ID]
		if f.Kind != "island" || h == nil {
			continue
		}
		is := &island{id: f.ID, name: f.Name, at: rules.Point{Frame: -1, Area: f.ID}, blocks: true}
		if v, ok := f.Attributes["blocksNavalControl"].(bool); ok {
			is.blocks = v
		}
		port := ""
		if pt, _ := f.Attributes["portType"].(string); pt == "ocean" || sea[f.ID] {
			port = "ocean"
		}
		b.hexes[is.at] = &scenarios.HexData{At: f.ID, Terrain: islandTerrain, States: h.States, Theater: h.Theater, Port: port}
		b.ids[is.at], b.pts[f.ID] = f.ID, is.at
		b.order = append(b.order, is.at)
		b.nbrs[is.at] = nil
		b.islands[is.at] = is
	}
	sortPoints(b.order[start:])
	b.islandPts = slices.Clone(b.order[start:])
	for _, r := range paths {
		pa, oka := b.pts[r.from]
		pb, okb := b.pts[r.to]
		if !oka || !okb || b.hexes[pa] == nil || b.hexes[pb] == nil || pa == pb {
			continue
		}
		b.tidal = append(b.tidal, tidalPath{id: r.id, a: pa, b: pb, dotted: r.dotted, chesapeake: r.ches})
	}
}

// addTidal adds the Tidal River Paths to the network: each a waterway of
// its own between its two ends, running on to every waterway of either
// end (a port's rivers and the other paths there). Called once the
// rivers are linked and before the ports are listed.
func (w *waterways) addTidal(b *board) {
	for _, t := range b.tidal {
		i, j := b.index[t.a], b.index[t.b]
		if j < i {
			i, j = j, i
		}
		if _, dup := w.of[[2]int{i, j}]; dup {
			continue
		}
		s := len(w.sides)
		w.sides = append(w.sides, navSide{a: i, b: j, tidal: true, dotted: t.dotted, chesapeake: t.chesapeake})
		w.on = append(w.on, []int{i, j})
		w.of[[2]int{i, j}] = s
		w.kyIn = append(w.kyIn, false)
		w.touch = append(w.touch, nil)
		if w.touchKY != nil {
			w.touchKY = append(w.touchKY, nil)
		}
		for _, end := range []int{i, j} {
			for _, o := range w.atHex[end] {
				w.touch[s] = append(w.touch[s], o)
				w.touch[o] = append(w.touch[o], s)
				if w.touchKY != nil {
					w.touchKY[s] = append(w.touchKY[s], o)
					w.touchKY[o] = append(w.touchKY[o], s)
				}
			}
			w.atHex[end] = append(w.atHex[end], s)
		}
	}
	for s := range w.touch {
		slices.Sort(w.touch[s])
		w.touch[s] = slices.Compact(w.touch[s])
		if w.touchKY != nil {
			slices.Sort(w.touchKY[s])
			w.touchKY[s] = slices.Compact(w.touchKY[s])
		}
	}
}

// islandBlocks marks, in blocked (by hexside), the Tidal River Paths an
// Island controlled by the enemy of side blocks to side's Naval Control:
// "it is prevented from entering any of the navigable hexsides tangent to
// the blocking unit/hex or going beyond it" (19.1.4, U1499, U1507).
func (g *game) islandBlocks(side string, blocked []bool) {
	b := g.e.b
	for _, p := range b.islandPts {
		if !b.islands[p].blocks || g.controller(p) != other(side) {
			continue
		}
		for _, s := range b.ww.atHex[b.index[p]] {
			blocked[s] = true
		}
	}
}

// takeIsland: "If the Amphibious Assault was against an Island or Coastal
// Fort, a Control marker is immediately placed in the hex without the need
// to spend 1 MP and regardless of the SP size of the force" (19.5.3,
// U1626); a landing unopposed places one as well ("the SP lands and a
// Control marker is placed", U1616). An Island of side's own state needs
// none: it is side's once the enemy's marker is gone (6.3, U387; 6.2.1
// places markers "in an enemy-controlled state", U357).
func (g *game) takeIsland(side string, p rules.Point) {
	b := g.e.b
	if b.isIsland(p) && g.sp[side][p] > 0 && g.marker[p] != side && g.stateSide(homeState(b.hexes[p])) != side {
		g.setMarker(p, side)
		g.say("19.5.3", "the %s places a Control marker in the Island %s (U1616, U1626)", side, g.e.b.ids[p])
	}
}

// solidTidalReach reports that the space at board index i lies on a solid
// Tidal River Path joined by solid paths to an Ocean Port space (a port
// the sea reaches, or an Island the sea reaches): where a Union
// Amphibious Assault from an Ocean Port could go "provided that Amphibious
// Assault would not require the use of a dotted Tidal River Path" (19.6,
// U1654; "locations reachable from solid Tidal River Paths", U1658),
// whoever holds the waters (navalcards.go's reading of "conceivably").
func (g *game) solidTidalReach(i int) bool {
	b := g.e.b
	w := b.ww
	if len(b.tidal) == 0 {
		return false
	}
	seen := make([]bool, len(w.sides))
	var queue []int
	for _, j := range g.e.oceanPorts {
		for _, s := range w.atHex[j] {
			if w.sides[s].tidal && !w.sides[s].dotted && !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
	}
	for k := 0; k < len(queue); k++ {
		s := w.sides[queue[k]]
		if s.a == i || s.b == i {
			return true
		}
		for _, t := range w.touch[queue[k]] {
			if !seen[t] && w.sides[t].tidal && !w.sides[t].dotted {
				seen[t] = true
				queue = append(queue, t)
			}
		}
	}
	return false
}

// islandSeaWay is the way by sea to the Island p the sea does not reach:
// the Tidal River Paths (board hexsides, from the sea's Island to p) that
// join it, through Islands only, to an Island the sea reaches. The Map
// Notes (The North Carolina Tide Water, U2091-2095): "Roanoke Island does
// not have direct access to the sea except with respect to its Blockade
// Runner DRM—the Union must control Hatteras Inlet to make an Ocean
// Amphibious Assault into Roanoke Island", and "Provided Hatteras Inlet is
// under Union Control, the Union player may make an Ocean Amphibious
// Assault directly into New Bern or Roanoke Island (without stopping at
// Hatteras Inlet)". Ocean Transport "is allowed along Tidal River Paths
// (19.4), but must follow those paths" and has "no delay to move ...
// through friendly-controlled Island spaces" (19.3.5, U1589-1592): every
// Island passed is Union-controlled and holds no Confederate SP, the sea's
// Island is one no Confederate Coastal Fort bars (19.2.2), and every path
// is under Union Naval Control (19.3.3) but, for an Amphibious Assault,
// the target's own: "an Amphibious Assault may enter one enemy controlled
// hex or hexside where friendly naval control does not exist in order to
// land at the target hex, but it may never bypass such a hex or hexside"
// (19.5.1, U1609). Reading (docs/engines.md): the Island p is an end of
// Ocean Transport as the Map Notes make Roanoke Island one, whether it is
// landed in or sailed from; a path to a hex leads no further by sea.
func (g *game) islandSeaWay(p rules.Point, assault bool) ([]int, error) {
	b := g.e.b
	w := b.ww
	naval := g.naval()
	pi := b.index[p]
	prev := map[int]int{}
	var queue, firstBlocked []int
	var barred error
	passable := func(q rules.Point) bool {
		return g.controller(q) == "union" && g.sp["confederate"][q] == 0
	}
	for _, s := range w.atHex[pi] {
		ns := w.sides[s]
		if !ns.tidal {
			continue
		}
		if naval[s] != navUnion && !assault {
			firstBlocked = append(firstBlocked, s)
			continue
		}
		prev[s] = -1
		queue = append(queue, s)
	}
	far := func(s, from int) int {
		if w.sides[s].a == from {
			return w.sides[s].b
		}
		return w.sides[s].a
	}
	// from[s] is the space the search entered the path s from.
	from := map[int]int{}
	for _, s := range queue {
		from[s] = pi
	}
	for k := 0; k < len(queue); k++ {
		s := queue[k]
		qi := far(s, from[s])
		q := b.order[qi]
		if !b.isIsland(q) || !passable(q) {
			continue
		}
		if b.hexes[q].Port == "ocean" {
			if err := g.seaRefusal("19.2.2", q); err != nil {
				if barred == nil {
					barred = err
				}
				continue
			}
			path := chain(prev, s)
			slices.Reverse(path)
			return path, nil
		}
		for _, t := range w.atHex[qi] {
			if _, seen := prev[t]; seen || t == s || !w.sides[t].tidal || naval[t] != navUnion {
				continue
			}
			prev[t], from[t] = s, qi
			queue = append(queue, t)
		}
	}
	if barred != nil {
		return nil, barred
	}
	why := "no chain of Tidal River Paths under Union Naval Control through Union-controlled Islands joins it to an Island the sea reaches"
	if len(firstBlocked) > 0 && len(queue) == 0 {
		why = "its Tidal River Paths are not under Union Naval Control (19.1.4, U1507) and only an Amphibious Assault enters one such path (19.5.1, U1609)"
	}
	return nil, refuse("19.3.5", "%s is an Island the sea does not reach: Ocean Transport reaches it only along Tidal River Paths ('must follow those paths', U1592; 'the Union must control Hatteras Inlet to make an Ocean Amphibious Assault into Roanoke Island', Map Notes U2091), and %s", b.ids[p], why)
}
