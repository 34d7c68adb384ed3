package uscw

import (
	"github.com/musterhq/muster/rules"
)

// The Border States (17.1, U1360-1383): Kentucky's neutrality in 1861
// (17.1.3), and a Border State joining the side that controls all its
// Objective/Resource Hexes in the End Phase (17.1.4, 17.1.5, 20.1.3).
// The Border State Militia (17.2.2) are militia.go's.

const kentucky = "kentucky"

// kentuckyNeutral reports Kentucky's neutrality (17.1.3).
func (g *game) kentuckyNeutral() bool { return g.core.Statuses[kentucky] == "neutral" }

// closedByNeutrality: while Kentucky is neutral nothing may enter New
// Madrid (U1370), and no LOC or Supply Path may enter Kentucky (U1368:
// "While Kentucky is neutral, LOC and Supply Paths may not enter into a
// hex or hexside entirely inside Kentucky or a hex containing a Town,
// City or Port in Kentucky"); loc asks for an LOC or Supply Path.
func (g *game) closedByNeutrality(p rules.Point, loc bool) bool {
	if !g.kentuckyNeutral() {
		return false
	}
	if g.e.hasNewMadrid && p == g.e.newMadrid {
		return true
	}
	return loc && homeState(g.e.b.hexes[p]) == kentucky
}

// neutralClosed is closedByNeutrality(p, true) by board index: the hexes
// no LOC or Supply Path enters while Kentucky is neutral (Kentucky's
// hexes, New Madrid); nil while it is not. The supply searches
// (supplywater.go's rail/waterway portion, loc.go's grid and its rail
// and waterway segments) read it.
func (g *game) neutralClosed() []bool {
	if !g.kentuckyNeutral() {
		return nil
	}
	b := g.e.b
	closed := make([]bool, len(b.order))
	for _, i := range b.kentucky {
		closed[i] = true
	}
	if g.e.hasNewMadrid {
		closed[b.index[g.e.newMadrid]] = true
	}
	return closed
}

// invade: 'If a player "invades" Kentucky in 1861 it will immediately
// join the other side' (17.1.3, U1368): a force entering a hex of
// Kentucky (the hex's own state, as 2.1.2 is read here).
func (g *game) invade(side string, p rules.Point) {
	if !g.kentuckyNeutral() || g.e.year(g.turn) != 1861 || homeState(g.e.b.hexes[p]) != kentucky {
		return
	}
	g.say("17.1.3", "the %s invades Kentucky (%s): Kentucky joins the %s", side, g.e.b.ids[p], other(side))
	g.joinState(kentucky, other(side))
}

// kentuckyIn1862: "If neither player invades Kentucky in 1861, then it
// becomes Union controlled at the start of 1862 (Turn 4)" (U1368).
func (g *game) kentuckyIn1862() {
	if g.kentuckyNeutral() && g.e.year(g.turn) >= 1862 {
		g.say("17.1.3", "Kentucky was not invaded in 1861: it becomes Union controlled")
		g.joinState(kentucky, "union")
	}
}

// borderStates is 20.1.3: a Border State whose Objective/Resource Hexes
// a side controls, every one, while neutral or the enemy's, joins it.
func (g *game) borderStates() {
	for _, st := range g.e.borderStates {
		for _, side := range sides {
			if g.core.Statuses[st] == side {
				continue
			}
			n, held := 0, 0
			for _, p := range g.e.markable {
				h := g.e.b.hexes[p]
				if homeState(h) != st || !h.Objective && h.BP == nil {
					continue
				}
				n++
				if g.controller(p) == side {
					held++
				}
			}
			if n > 0 && held == n {
				g.say("17.1.4", "the %s controls all %d Objective/Resource Hexes of %s: it joins the %s", side, n, st, side)
				g.joinState(st, side)
			}
		}
	}
}

// joinState gives a Border State to side: "he removes all his Control
// markers from the state and the opposing player places Control markers
// in each Town or Port hex in that state where he has SPs or Forts-all
// other Cities, Towns and Port hexes in the state are considered
// friendly to the controlling player" (17.1.4, U1374). A Town is the
// map's place "town", a Port any port (a City that is a Port takes one
// as a Port); a City or capital that is no Port takes none: it is among
// the "other Cities" friendly to side, held by the enemy only while his
// SPs stand in it (6.3). Reading: a hex where the enemy has a completed
// Fortification takes no marker, the Fortification acting as one (10.1.1,
// U674; U689). The enemy's hexes are settled as the state's control
// changes.
func (g *game) joinState(st, side string) {
	g.core.Statuses[st] = side
	g.ver++                // the state's hexes change hands: supply is stale
	defer g.recountPorts() // and its ports (14.4.2)
	for _, p := range g.e.markable {
		h := g.e.b.hexes[p]
		if homeState(h) != st {
			continue
		}
		if g.marker[p] == side {
			g.setMarker(p, "")
		}
		if enemy := other(side); (h.Place == "town" || h.Port != "") && g.sp[enemy][p] > 0 && g.marker[p] != enemy && !g.fortified(enemy, p) {
			g.say("17.1.4", "the %s places a Control marker in %s", enemy, g.e.b.ids[p])
			g.setMarker(p, enemy)
		}
		g.touch(p)
	}
}
