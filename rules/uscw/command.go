package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// The designated Commanding General (7.2.2, 7.2.4, U441-451). Of a
// stack's equal highest ranks "the owning player may choose, between
// those, who will command" (U441), and "Once the General is activated as
// the Commanding General, then he must remain the Commanding General
// throughout his activation, unless 1) He picks up or ends his move with
// a higher-ranking General ... 2) He ends his move in a hex with another
// Commanding General of equal rank" (U445-449). The engine keeps the
// Generals designated so in g.designated, for the Player Action Phase: a
// General may be activated only once in it (5.1.2, U218), so a stack's
// choice, once made, binds every later use in the phase: the activated
// MOVE's named General; a reacting stack's Interception General (of its
// highest rank), its Avoid Battle's Commanding General, whose Defense
// Rating counts (9.4.1); the defender's Commanding General in a battle
// (11.3) and the Attack Rating of Attrition in the Supply Segment
// (13.5.6). A General outranked in his hex no longer commands it (7.2.4
// 1); when two stacks combine (a MOVE's end, an Interception, an Avoid
// Battle, a Retreat) the owner picks between their two Commanding Generals, never a
// subordinate (7.2.4 2, ENEMY ACTION PHASE, U449-451). The record is
// cleared as each Player Action Phase begins (grantAP).

// designatedAt is the designated Commanding General of side's stack in
// p, if one of its highest ranks is designated.
func (g *game) designatedAt(side string, p rules.Point) *general {
	if len(g.designated) == 0 { // the bots ask often: most phases have none
		return nil
	}
	for _, c := range g.commandChoices(side, p) {
		if g.designated[c.id] {
			return c
		}
	}
	return nil
}

// designate makes gen the Commanding General of his stack: any other
// General designated there is so no longer.
func (g *game) designate(gen *general) {
	if gen == nil {
		return
	}
	p, on := g.genAt[gen.id]
	if g.designated == nil {
		g.designated = map[string]bool{}
	}
	if on {
		for _, o := range g.generalsAt(gen.side, p) {
			delete(g.designated, o.id)
		}
	}
	g.designated[gen.id] = true
}

// undesignate drops the designation of Generals leaving their stack as
// another's force (a MOVE's subordinates: the activated General commands
// them).
func (g *game) undesignate(gens ...*general) {
	for _, c := range gens {
		if c != nil {
			delete(g.designated, c.id)
		}
	}
}

// combine designates the Commanding General of side's stack in p after
// two stacks combined there: of cmds, the Commanding Generals of the
// stacks that combined (the one already there first, the arriving one
// last), those still of the highest rank (none newly designated if the
// arriving one is outranked); of two of equal rank the owner picks (7.2.4 2 and
// ENEMY ACTION PHASE, U449-451), read as the better Defense Rating, the
// one already commanding on a tie; "Subordinates are ineligible" (U449).
func (g *game) combine(side string, p rules.Point, cmds ...*general) {
	cs := g.commandChoices(side, p)
	var ok []*general
	for _, c := range cmds {
		if c != nil && slices.Contains(cs, c) && !slices.Contains(ok, c) {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 || !slices.Contains(ok, cmds[len(cmds)-1]) {
		return // the arriving commander is outranked: the stack's own command stands (7.2.4 1)
	}
	best := ok[0]
	for _, c := range ok[1:] {
		if c.defense > best.defense {
			best = c
		}
	}
	if len(ok) > 1 {
		g.say("7.2.4", "%s and %s, Commanding Generals of equal rank, combine in %s: the owner picks, read as the better Defense Rating: %s commands (subordinates are ineligible, U449-451)", ok[0].name, ok[1].name, g.e.b.ids[p], best.name)
	}
	g.designate(best)
}

// defenderGenerals is battleGenerals for the defender's stack in p: its
// designated Commanding General commands when there is one (7.2.4),
// otherwise the owner's choice read as the best (battlegenerals.go).
func (g *game) defenderGenerals(side string, p rules.Point, n int) (used, unused []*general) {
	gs := g.generalsAt(side, p)
	if d := g.designatedAt(side, p); d != nil {
		return battleGenerals(d, slices.DeleteFunc(slices.Clone(gs), func(c *general) bool { return c == d }), n, defenseRating)
	}
	return battleGenerals(nil, gs, n, defenseRating)
}
