package uscw

import (
	"github.com/musterhq/muster/rules"
)

// Optional 5, Maneuver Reaction (U1748-1766), played with the engine
// option maneuver-reaction=on: a stack that could intercept into the hex
// the active force is about to enter may instead move one hex to a hex
// next to it, on a modified 2d6 roll of 9, to keep in contact.

// maneuverStep refuses a hex m the stack in q may not maneuver to as the
// active force is about to enter p (U1752-1756).
func (g *game) maneuverStep(q, p, m rules.Point) error {
	pm, b := g.pending, g.e.b
	react := other(pm.side)
	switch {
	case !b.adjacent(q, m):
		return refuse("Optional 5", "%s is not next to %s: 'Maneuver is a one-hex move by a non-active force' (U1750)", b.ids[m], b.ids[q])
	case !b.adjacent(p, m):
		return refuse("Optional 5", "'The hex maneuvered to must be adjacent to the hex the active force is entering' (U1752): %s is not next to %s", b.ids[m], b.ids[p])
	case m == pm.at:
		return refuse("Optional 5", "%s is the hex the active force just left (U1752)", b.ids[m])
	}
	if h := b.hexes[m]; h == nil || b.prohib[h.Terrain] {
		return refuse("Optional 5", "%s is prohibited terrain", b.ids[m])
	}
	if b.coastalLink(q, m) != nil {
		return refuse("Optional 5", "a Maneuver crosses no Coastal Fort's water (so never enters one): it rolls, and the water is as an unbridged Navigable River (U1753, U744; 10.3.2's automatic reaction is an Interception or Avoid Battle, U739)")
	}
	if k := g.barrier(react, q, m); k != "" {
		return refuse("Optional 5", "'The hex maneuvered to cannot be across an unbridged Navigable River hexside or an impassable hexside' (U1753): %s-%s is %s", b.ids[q], b.ids[m], k)
	}
	if h := b.hexes[m]; (h.Objective || h.BP != nil) && g.controller(m) == pm.side {
		return refuse("Optional 5", "'The hex maneuvered to cannot be an enemy-controlled Objective or Resource hex (even if vacant)' (U1754): %s", b.ids[m])
	}
	if g.sp[pm.side][m] > 0 || len(g.generalsAt(pm.side, m)) > 0 || g.inEnemyZOI(react, m) {
		return refuse("Optional 5", "'The hex maneuvered to may not contain enemy units nor be in the ZOI of a non-moving enemy unit' (U1756): %s", b.ids[m])
	}
	return nil
}

// maneuver plays one stack's Maneuver attempt, the hex named before the
// roll (U1758), the Interception DRMs but the Picket Line (U1755), across
// the hexside it moves over; more names the hexes of other stacks that
// intercept into the hex, declared with it ("All Maneuver attempts have
// to be pre-designated at the same time that Interception attempts are
// pre-designated", U1760), each with its Commanding General and every
// SP he may carry ("Q>M": the stack in Q maneuvers to M), as intercept's
// more does. A General "may attempt either an Interception or a Maneuver
// Reaction – not both" (U1758).
func (g *game) maneuver(id string, sps int, subs []string, to string, more []string) error {
	pm := g.pending
	if !g.e.maneuver {
		return refuse("Optional 5", "Maneuver Reaction is an optional rule (U1748): play it with the option maneuver-reaction=on")
	}
	if g.stage != stReact || pm == nil || pm.backup {
		return refuse("Optional 5", "no active force is about to enter a hex: 'Any enemy movement that would trigger the opportunity to make an Interception attempt may be used instead to trigger a Maneuver attempt' (U1750)")
	}
	p := pm.pts[pm.i]
	if pm.tried {
		return refuse("9.2.3", "the reactions into %s were declared: Maneuvers 'have to be pre-designated at the same time that Interception attempts are' (U1760)", g.e.b.ids[p])
	}
	m, err := g.declareManeuver(p, id, sps, subs, to)
	if err != nil {
		return err
	}
	d := declaration{maneuvers: []maneuverAttempt{m}}
	if err := g.declareMore(p, more, &d); err != nil {
		return err
	}
	g.reactTogether(p, d)
	return nil
}

// declareManeuver checks the Maneuver of the stack General id commands
// (sps, subordinates as an Interception takes them) to the hex named
// to, as the active force is about to enter p.
func (g *game) declareManeuver(p rules.Point, id string, sps int, subs []string, to string) (maneuverAttempt, error) {
	if !g.e.maneuver { // a Maneuver declared with an Interception (declareMore)
		return maneuverAttempt{}, refuse("Optional 5", "Maneuver Reaction is an optional rule (U1748): play it with the option maneuver-reaction=on")
	}
	it, err := g.declareInterception(p, id, sps, subs)
	if err != nil {
		return maneuverAttempt{}, err
	}
	if !g.zoi(other(g.pending.side), it.q, p) {
		return maneuverAttempt{}, refuse("Optional 5", "%s is not in the ZOI of %s's stack: a Maneuver is triggered as an Interception attempt is (U1750), and 10.3.2's automatic reaction is not one (U739)", g.e.b.ids[p], it.gen.name)
	}
	m, err := g.e.b.locate(to)
	if err != nil {
		return maneuverAttempt{}, err
	}
	if err := g.maneuverStep(it.q, p, m); err != nil {
		return maneuverAttempt{}, err
	}
	return maneuverAttempt{it: it, to: m}, nil
}

// maneuverTargets lists the hexes the stack in q may maneuver to.
func (g *game) maneuverTargets(q, p rules.Point) []rules.Point {
	var out []rules.Point
	for _, m := range g.e.b.neighbors(q) {
		if g.maneuverStep(q, p, m) == nil {
			out = append(out, m)
		}
	}
	return out
}
