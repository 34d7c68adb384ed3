package uscw

import "github.com/musterhq/muster/rules"

// Railroad bridges over Navigable Rivers in Reaction Movement and retreat
// (9.1 A, 9.3.2, 9.4.1, 11.6.4, Optional 5): each bars only an
// "unbridged Navigable River hexside". Land movement pays the river's
// cost by board.go's steps; 11.5 counts a bridge for nothing in battle
// ("has no effect on the combat", U840).

// barrier names the hexside kind of a-p that stops side's ZOI, Avoid
// Battle, Maneuver and retreat: an impassable hexside, or a Navigable
// River that no railroad bridge crosses for side ("" if none).
func (g *game) barrier(side string, a, p rules.Point) string {
	kind, bridge := g.e.b.crossing(a, p)
	if kind == "" || bridge && g.bridgedFor(side, a, p) {
		return ""
	}
	return kind
}

// crossing is the hexside a-p's fixed facts for barrier: "impassable" or
// a non-playable portion without a railroad or Ferry (5.7), a Navigable
// River's kind, or "" for neither, and whether a railroad (not
// a ferry) crosses that river there, so that bridgedFor decides.
func (b *board) crossing(a, p rules.Point) (kind string, bridge bool) {
	for _, k := range b.topo.Side(a, p) {
		switch k {
		case "impassable":
			return k, false
		case nonPlayable:
			if b.nonPlayableSide(a, p) {
				return k, false // an impassable hexside (nonplayable.go)
			}
		case "navigable-river-type-1", "navigable-river-type-2":
			if kind == "" {
				kind = k
			}
		}
	}
	if kind != "" {
		e, ok := b.railEdgeOf(a, p)
		bridge = ok && !e.ferry
	}
	return kind, bridge
}

// bridgedFor reports a railroad bridge across the Navigable River a-p
// that side may use: built (the yellow lines from Winter 1864, 5.4.5,
// U287), no Railroad Ferry ("For Land Movement and Reaction (9.0) it is
// treated as an unbridged hexside", 5.4.4, U279), and the enemy without
// Naval Control of it ("If the opposing player has Naval Control then
// treat the Navigable River hexside as if no railroad bridge exists
// there", 5.4.3, U277; control by both sides counts as the enemy's, as
// 11.5.3 reads it in retreat.go's acrossRiverLimit). The Naval Control
// test is railCrossingOpen, the one check of 5.4.3 that the Rail Movement
// Bonus, Railroad Control and Strategic Rail Movement read too.
func (g *game) bridgedFor(side string, a, p rules.Point) bool {
	e, ok := g.e.b.railEdgeOf(a, p)
	if !ok || e.ferry || e.from1864 && !g.railsBuilt1864() {
		return false
	}
	return g.railCrossingOpen(g.naval(), side, a, p)
}

// minorBridged reports a bridge on the Minor River a-p: "Bridges exist
// wherever a Road or Railroad crosses a river" (5.8.2, U318), a yellow
// railroad only once built (5.4.5).
func (g *game) minorBridged(a, p rules.Point) bool {
	b := g.e.b
	if b.roadEdge(a, p) {
		return true
	}
	e, ok := b.railEdgeOf(a, p)
	return ok && !e.ferry && (!e.from1864 || g.railsBuilt1864())
}
