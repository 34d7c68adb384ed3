package uscw

import (
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
)

// The routes of Naval Transport (19.3.3-19.3.5): searches over the
// Navigable Waterways under the mover's Naval Control (naval.go).

// riverRoute finds River Transport's path (19.3.4, U1574-1585): "a
// contiguous path of Navigable Waterways" from a hexside of the start
// hex to one of the destination, every hexside under the mover's Naval
// Control (19.3.3, U1572), and the transport must "either start or end
// in a friendly-controlled Port". A port blocking the mover's Naval
// Control holds the enemy's, so it is never passed (U1572).
func (g *game) riverRoute(side string, start, dst rules.Point, assault bool) (string, error) {
	b := g.e.b
	w := b.ww
	if assault && !g.friendlyPort(side, start) {
		return "", refuse("19.3.4", "an Amphibious Assault ends in an enemy space, so it must start in a friendly-controlled Port (19.3.4, U1576): %s is none", b.ids[start])
	}
	if !g.friendlyPort(side, start) && !g.friendlyPort(side, dst) {
		return "", refuse("19.3.4", "River Transport 'Must either start or end in a friendly-controlled Port' (U1576): neither %s nor %s is one", b.ids[start], b.ids[dst])
	}
	si, di := b.index[start], b.index[dst]
	if len(w.atHex[si]) == 0 || len(w.atHex[di]) == 0 {
		return "", refuse("19.3.4", "River Transport 'must follow a contiguous path of Navigable Waterways' (U1574): %s or %s lies on none", b.ids[start], b.ids[dst])
	}
	path := g.waterPath(side, si, di)
	if path == nil && assault {
		path = g.assaultPath(side, si, di)
	}
	if path == nil && side == "confederate" {
		queue, _ := g.waterSearchBy(side, si, nil, false)
		for _, s := range queue {
			if slices.Contains(w.on[s], di) {
				return "", refuse("19.4", "the Confederate's only way from %s to %s is along a Chesapeake Bay Tidal River Path: 'the Confederate player may not use Naval Transport in any form on the Chesapeake Bay Tidal River Paths' (U1601)", b.ids[start], b.ids[dst])
			}
		}
	}
	if path == nil {
		return "", refuse("19.3.3", "no contiguous path of Navigable Waterways under %s Naval Control joins %s and %s: 'Naval Transport may only travel where that player has Naval Control that originates from a port' (U1572)", side, b.ids[start], b.ids[dst])
	}
	return g.sidesPhrase(side, path), nil
}

// waterPath is the shortest chain of side-controlled hexsides from one
// of hex si's to one of hex di's, or nil.
func (g *game) waterPath(side string, si, di int) []int {
	w := g.e.b.ww
	queue, prev := g.waterSearch(side, si)
	for _, s := range queue {
		if slices.Contains(w.on[s], di) {
			return chain(prev, s)
		}
	}
	return nil
}

// waterSearch lists, in breadth-first order, the hexsides under side's
// Naval Control joined to hex si's, with each one's predecessor (-1 for
// si's own).
func (g *game) waterSearch(side string, si int) ([]int, map[int]int) {
	return g.waterSearchAvoiding(side, si, nil)
}

// waterSearchAvoiding is waterSearch never entering a hexside marked in
// avoid (nil: none), as Strategic River Movement avoids the blocked ones
// (15.3).
func (g *game) waterSearchAvoiding(side string, si int, avoid []bool) ([]int, map[int]int) {
	return g.waterSearchBy(side, si, avoid, true)
}

// waterSearchBy is waterSearchAvoiding; bay false lets the Confederate on
// the Chesapeake Bay paths (to say why a route is refused, 19.4).
func (g *game) waterSearchBy(side string, si int, avoid []bool, bay bool) ([]int, map[int]int) {
	w := g.e.b.ww
	naval, own := g.naval(), navOf(side)
	ok := func(s int) bool { return naval[s] == own && (avoid == nil || !avoid[s]) && (!bay || g.sails(side, s)) }
	prev := map[int]int{}
	var queue []int
	for _, s := range w.atHex[si] {
		if ok(s) {
			prev[s] = -1
			queue = append(queue, s)
		}
	}
	for k := 0; k < len(queue); k++ {
		for _, t := range g.links(queue[k]) {
			if _, seen := prev[t]; !seen && ok(t) {
				prev[t] = queue[k]
				queue = append(queue, t)
			}
		}
	}
	return queue, prev
}

// sails reports that side's Naval Transport may use the waterway s: "the
// Confederate player may not use Naval Transport in any form on the
// Chesapeake Bay Tidal River Paths" (19.4, U1601).
func (g *game) sails(side string, s int) bool {
	return side != "confederate" || !g.e.b.ww.sides[s].chesapeake
}

// chain is the path of hexsides a search's predecessors give to s.
func chain(prev map[int]int, s int) []int {
	var path []int
	for at := s; at >= 0; at = prev[at] {
		path = append([]int{at}, path...)
	}
	return path
}

// friendlyPort reports a Port in p that side controls.
func (g *game) friendlyPort(side string, p rules.Point) bool {
	h := g.e.b.hex(p)
	return h != nil && h.Port != "" && g.controller(p) == side
}

// oceanRoute checks Ocean Transport (19.3.5, U1589): "Only the Union
// player may use Ocean Transport and no more than 3 SPs per Action Phase
// may use it", and it "must start and end in an Ocean Port". The sea is
// hex-less and never blocked (U1510); an Ocean Port reaches it unless a
// Confederate Coastal Fort guards it (19.2.2, seaaccess.go), at either end.
// An Island the sea does not reach is an end along the Tidal River Paths
// that join it to one it reaches (the Map Notes, U2091-2095; islandSeaWay).
// It returns the route sailed, for the log.
func (g *game) oceanRoute(side string, start, dst rules.Point, n int, assault bool) (string, error) {
	if side != "union" {
		return "", refuse("19.3.5", "'Only the Union player may use Ocean Transport' (U1589)")
	}
	var out, in []int
	for _, p := range []rules.Point{start, dst} {
		way, err := g.oceanEnd(p, assault && p == dst)
		if err != nil {
			return "", err
		}
		if p == start {
			slices.Reverse(way)
			out = way
		} else {
			in = way
		}
	}
	if g.oceanSPs+n > 3 {
		return "", refuse("19.3.5", "'no more than 3 SPs per Action Phase may use' Ocean Transport (U1589): %d have, %d more would make %d", g.oceanSPs, n, g.oceanSPs+n)
	}
	if g.e.year(g.e.first) == 1861 && (g.turn == 2 || g.turn == 3) && g.oceanActs > 0 {
		return "", refuse("S1.3.2", "on Turns 2 and 3 'the Union player is limited to one Ocean Transport Action per Action Phase' (U1819-1820)")
	}
	route := "the hex-less sea"
	if len(out) > 0 {
		route = g.sidesPhrase("union", out) + " and " + route
	}
	if len(in) > 0 {
		route += " and " + g.sidesPhrase("union", in)
	}
	return route, nil
}

// oceanEnd checks that Ocean Transport may start or end in p (assault:
// an Amphibious Assault lands in p): an Ocean Port the sea reaches
// (19.3.5, U1589; 19.2.2), or an Island joined to one by Tidal River
// Paths (islandSeaWay: the paths, from the sea's Island to p). The step
// (oceanRoute), the bots' offers (transportCandidates) and 19.5.4's port
// to sail back to all ask it.
func (g *game) oceanEnd(p rules.Point, assault bool) ([]int, error) {
	b := g.e.b
	h := b.hexes[p]
	if h != nil && h.Port != "ocean" && b.isIsland(p) {
		return g.islandSeaWay(p, assault)
	}
	if h == nil || h.Port != "ocean" {
		return nil, refuse("19.3.5", "'Ocean Transport must start and end in an Ocean Port' (U1589): %s is none", b.ids[p])
	}
	return nil, g.seaRefusal("19.2.2", p)
}

// oceanEndOK: oceanEnd allows p.
func (g *game) oceanEndOK(p rules.Point, assault bool) bool {
	_, err := g.oceanEnd(p, assault)
	return err == nil
}

// sidesPhrase names the hexsides and Tidal River Paths of a route, for
// the log: "the hexsides a|b, ...", "the Tidal River Path a|b" or, mixed,
// "the hexsides and Tidal River Paths ...", each without side's Naval
// Control marked as the one an Amphibious Assault enters (19.5.1).
func (g *game) sidesPhrase(side string, path []int) string {
	b := g.e.b
	w := b.ww
	parts := make([]string, len(path))
	tidal := 0
	for k, s := range path {
		ns := w.sides[s]
		parts[k] = b.ids[b.order[ns.a]] + "|" + b.ids[b.order[ns.b]]
		if ns.tidal {
			tidal++
			parts[k] += " (a Tidal River Path, 19.4)"
		}
		if g.naval()[s] != navOf(side) {
			parts[k] += " (the one hexside without friendly Naval Control, 19.5.1)"
		}
	}
	head := "the hexsides "
	switch {
	case tidal == len(path) && tidal == 1:
		head = "the Tidal River Path "
	case tidal == len(path):
		head = "the Tidal River Paths "
	case tidal > 0:
		head = "the hexsides and Tidal River Paths "
	}
	return head + strings.Join(parts, ", ")
}
