package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// Placing a Control marker while moving (6.2.1, U357-359): "During
// movement an activated General with 2 or more SPs may spend 1 MP to place
// a Control marker in its hex", in an enemy-controlled state, only in the
// hexes 6.2.3 lists (U369-377). A path names it between its hexes:
// "control" places the marker in the hex the force stands in at that
// point. An intrinsic General may place one (7.8, U512: "Intrinsic
// Generals can place Control Markers"); a Cavalry General may not (8.3,
// U533). The marker is placed when the MOVE ends, in the hexes the force
// reached (as its Entrenchments are, 10.1.2), after the enemy markers it
// passed were removed (6.2.2). The bots are offered it where a stack
// stands: it places the marker and stays (markCandidate).

// controlStep is the path item that places a Control marker.
const controlStep = "control"

// controlMPs is what placing a marker costs: the module's List of
// Movement Costs (5.3, U255), else the 1 MP 6.2.1 states (U359).
func (b *board) controlMPs() int {
	if c, ok := b.cost["place-control"]; ok {
		return c
	}
	return 1
}

// canMarkOnMove checks a Control marker placed by the force mv of side in
// at, spent MPs into its MA, with marks the hexes it marks already and dig
// those it entrenches in; it returns the MP cost or refuses naming the
// case.
func (g *game) canMarkOnMove(side string, mv *moving, at rules.Point, spent int, rail bool, marks, dig []rules.Point) (int, error) {
	b := g.e.b
	h := b.hexes[at]
	if mv.gen != nil && mv.gen.cavalry {
		return 0, refuse("8.3", "%s is a Cavalry General: 'Since Cavalry Generals can carry only 1 SP, they cannot spend MPs to place Control markers (6.2.1)' (U533)", mv.gen.name)
	}
	if mv.n < 2 {
		return 0, refuse("6.2.1", "the force has %s: 'During movement an activated General with 2 or more SPs may spend 1 MP to place a Control marker in its hex' (U359)", spCount(mv.n))
	}
	if rail {
		return 0, refuse("5.4.2", "a force using the Rail Movement Bonus 'spends its entire movement moving along a friendly-controlled railroad' (U268): no MP for a Control marker (a reading)")
	}
	if !markable(h) {
		return 0, refuse("6.2.3", "%s is no Town, Objective Hex, Confederate Resource Hex or Port: 'Control markers can only be placed in the hexes listed below' (U369)", b.ids[at])
	}
	if st := homeState(h); g.stateSide(st) != other(side) {
		return 0, refuse("6.2.1", "%s lies in %s, not an enemy-controlled state: 'There are three methods to place a Control marker in an enemy-controlled state' (U357)", b.ids[at], st)
	}
	if g.marker[at] == side || g.fortified(side, at) || slices.Contains(marks, at) || slices.Contains(dig, at) {
		return 0, refuse("6.2.1", "%s holds (or the force places there) a %s Control marker or Fortification already (an Entrenchment or Fort acts as one, 10.1.1, U674)", b.ids[at], side)
	}
	cost := b.controlMPs()
	if spent+cost > mv.ma {
		return 0, refuse("6.2.1", "placing a Control marker costs %d MP (5.3, U255): %d spent of a Movement Allowance of %d", cost, spent, mv.ma)
	}
	return cost, nil
}

// placeMarkerOnMove places side's Control marker in p, where its MOVE
// spent the MP for it (6.2.1).
func (g *game) placeMarkerOnMove(side string, p rules.Point) {
	if g.marker[p] == side {
		return
	}
	g.markedOnMove++
	g.say("6.2.1", "the %s force places a Control marker in %s (1 MP during movement)", side, g.e.b.ids[p])
	g.setMarker(p, side)
}

// markCandidate is the bots' Control marker while moving: the force in at
// (a General with n SPs, or SPs alone when gen is nil) places one there
// and stays, where 6.2.1 and 6.2.3 allow it. One candidate a stack.
func (g *game) markCandidate(side string, gen *general, at rules.Point, n, ma int) (candidate, bool) {
	mv := &moving{gen: gen, n: n, ma: ma}
	if _, err := g.canMarkOnMove(side, mv, at, 0, false, nil, nil); err != nil {
		return candidate{}, false
	}
	c := candidate{move: true, sps: n, ma: ma, dst: g.e.b.index[at], mark: true}
	if gen != nil {
		c.general = gen.id
	} else {
		c.from = at
	}
	return c, true
}
