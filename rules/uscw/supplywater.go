package uscw

import "github.com/musterhq/muster/rules"

// The rail/Navigable Waterway portion of a Supply Path (13.3.3-13.3.5,
// U982-1002): one search per side and position, from the Primary Supply
// Sources outward, over the railroads under the side's Railroad Control
// (6.5) and the Navigable Waterway hexsides under its Naval Control
// (19.1, naval.go), switching between the two only at a friendly port
// (13.3.4). supplyPath (supply.go) reads its answer: the rail hexes and
// waterway hexsides that lead back to a source.

// supplyNet is the search's answer, kept in the side's supply cache.
type supplyNet struct {
	railed  []bool // by board index: a rail hex whose rail/waterway portion reaches a source
	watered []bool // by navigable hexside: a waterway hexside that leads back to a source
}

// net is side's supply net for the cache's position, searched once.
func (g *game) net(side string, c *supplyCache) *supplyNet {
	if c.net == nil {
		c.net = g.searchSupplyNet(side, c)
	}
	return c.net
}

// searchSupplyNet is the search of 13.3.3-13.3.4. From each source that
// is a rail hex the side controls by 6.5, along rail steps; from each
// source on a waterway, along the hexsides it touches; a railroad enters
// the waterway, and the waterway a railroad, only in a friendly port ("A
// Supply Path that uses a railroad may only connect to a Navigable
// Waterway in a hex containing a friendly port. The opposite is also
// true", U992). The path:
//
//   - on rails, only through hexes whose railroad the side controls
//     ("the railroad line must be under friendly control (6.5)", U986),
//     the yellow 1864 lines once built (5.4.5), and over a railroad
//     bridge or Railroad Ferry across a Navigable River only under the
//     side's Naval Control or none's (5.4.3-5.4.4, U277-281: "for supply
//     purposes (13.3.3) ... the railroad is considered connected");
//
//   - on water, only on hexsides under the side's Naval Control (U988:
//     "the path may only enter hexes or hexsides where you have Naval
//     Control that originates from a port (19.1.3)"), never on one an
//     enemy Fort, Entrenchment or port blocks, trumped or not ("may not
//     pass ... even if Naval Control from them has been trumped", U988;
//     naval.go's navalBlocked, as Strategic River Movement reads it), and
//     never through the hex-less sea ("It may not enter areas of the
//     Atlantic and the Gulf that are void of hexes", U982: the sea's
//     links are not steps here);
//
//   - while Kentucky is neutral, never into a hex of Kentucky or New
//     Madrid (17.1.3, U1368: "LOC and Supply Paths may not enter into a
//     hex or hexside entirely inside Kentucky or a hex containing a Town,
//     City or Port in Kentucky"; U1370): no rail step into one, no
//     source in one, no port in one as a conduit; its hexsides entirely
//     inside Kentucky carry no Naval Control (naval.go), so no waterway.
//
// Reading: a waterway reaches a source whose hex it runs along (a
// hexside of the source's hex), as a railroad reaches one in its hex.
func (g *game) searchSupplyNet(side string, c *supplyCache) *supplyNet {
	b := g.e.b
	w := b.ww
	rc := g.supplyRail(c)
	nav := g.naval()
	blocked := g.navalBlocked(side)
	own := navOf(side)
	built := g.railsBuilt1864()
	rg := b.rails
	n := &supplyNet{railed: make([]bool, len(b.order)), watered: make([]bool, len(w.sides))}
	var rails []int // by rail index
	var waters []int
	closed := g.neutralClosed()
	railOK := func(r int) bool { // r by rail index
		return rc.owner[r] == side && (closed == nil || !closed[rg.board[r]])
	}
	waterOK := func(s int) bool { return nav[s] == own && !blocked[s] }
	addRail := func(r int) {
		if i := rg.board[r]; !n.railed[i] {
			n.railed[i] = true
			rails = append(rails, r)
		}
	}
	addWaters := func(i int) {
		for _, s := range w.atHex[i] {
			if !n.watered[s] && waterOK(s) {
				n.watered[s] = true
				waters = append(waters, s)
			}
		}
	}
	for r, i := range rg.board {
		if railOK(r) && g.isSourceAt(side, i, c) {
			addRail(r)
		}
	}
	for i := range b.order {
		if len(w.atHex[i]) > 0 && b.maySource[sideIndex(side)][i] && (closed == nil || !closed[i]) && g.isSourceAt(side, i, c) {
			addWaters(i)
		}
	}
	for len(rails) > 0 || len(waters) > 0 {
		for len(rails) > 0 {
			r := rails[0]
			rails = rails[1:]
			if g.supplyPortAt(side, rg.board[r], c) {
				addWaters(rg.board[r]) // rail to water at a friendly port (13.3.4)
			}
			for _, st := range rg.railNext[r] {
				if n.railed[rg.board[st.to]] || st.from1864 && !built || !railOK(st.to) {
					continue
				}
				if (st.bridge || st.ferry) && !railStepOpen(nav, side, st) {
					continue // 5.4.3-5.4.4: "treat the Navigable River hexside as if no railroad bridge exists there"
				}
				addRail(st.to)
			}
		}
		for len(waters) > 0 {
			s := waters[0]
			waters = waters[1:]
			for _, t := range g.links(s) {
				if !n.watered[t] && waterOK(t) {
					n.watered[t] = true
					waters = append(waters, t)
				}
			}
			for _, i := range w.on[s] {
				if r := b.railAt[i]; r >= 0 && railOK(r) && g.supplyPortAt(side, i, c) {
					addRail(r) // water to rail at a friendly port (13.3.4)
				}
			}
		}
	}
	return n
}

// supplyPort reports a friendly port a Supply Path may use as a conduit
// (13.3.4, U992; 19.2.1: "Ports serve as a conduit between River or
// Ocean Supply Paths and Rail Supply Paths").
func (g *game) supplyPort(side string, p rules.Point) bool {
	return g.friendlyPort(side, p)
}

// supplyPortAt is supplyPort with the hex by board index and its
// controller read from the cache (ctlAt).
func (g *game) supplyPortAt(side string, i int, c *supplyCache) bool {
	h := g.e.b.hexAt[i]
	return h != nil && h.Port != "" && g.ctlAt(c, i) == side
}

// portLeads reports a friendly port in p on a waterway hexside that leads
// back to a source: the end of a one-hex overland portion (13.3.2, U977:
// "or a port on a Navigable Waterway that leads to a Primary Supply
// Source").
func (g *game) portLeads(side string, p rules.Point, c *supplyCache) bool {
	return g.supplyPort(side, p) && g.riverSupply(side, p, c)
}

// riverSupply is River and Coastal Supply Without a Port (13.3.5,
// U998): "units on a friendly-controlled Navigable River (the hex
// contains a Navigable River or it runs along one of the hexsides) ...
// are considered in Full Supply. The hex or hexside does not need to
// contain a port, but the Navigable River ... must be under friendly
// Naval Control (19.1.3) and have a Supply Path to a friendly Primary
// Supply Source": a hexside of p that the waterway search reached. The
// map's rivers run along hexsides; it has no coastal hexes.
func (g *game) riverSupply(side string, p rules.Point, c *supplyCache) bool {
	i, ok := g.e.b.index[p]
	if !ok {
		return false
	}
	n := g.net(side, c)
	for _, s := range g.e.b.ww.atHex[i] {
		if n.watered[s] {
			return true
		}
	}
	return false
}
