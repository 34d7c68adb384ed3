package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// The designated Commanding General (7.2.2, 7.2.4, U441-451). Of a
// stack's equal highest ranks "the owning player may choose, between
// those, who will command" (U441), and "The owning player may switch the
// Commanding General of a stack each time a stack is activated as long as
// rank is observed. Once the General is activated as the Commanding
// General, then he must remain the Commanding General throughout his
// activation, unless 1) He picks up or ends his move with a
// higher-ranking General ... 2) He ends his move in a hex with another
// Commanding General of equal rank" (U445-449). The engine keeps, per
// side and hex, the General designated so (g.designated): the counter on
// top of the stack (U441). The record lasts until the stack is next
// activated (a MOVE: its named General commands the moving force, who
// may be any of the highest ranks, 7.5.1) or combines with another
// stack; a reaction is no activation, so between activations the stack's
// Interception, Avoid Battle, defence in battle (11.3) and Attrition
// (13.5.6) are commanded by the General designated. A stack none of whose
// Generals is designated (as set up, or after its commander left) has the
// owner's choice when the command first matters: the General an
// Interception names (9.2.4), an Avoid Battle's `unit`, else the best
// Defense Rating. A General outranked in his hex no longer commands it
// (7.2.4 1); when two stacks combine (a MOVE's end, an Interception, an
// Avoid Battle, a Retreat) the owner picks between their two Commanding
// Generals, never a subordinate (7.2.4 2, ENEMY ACTION PHASE, U449-451):
// by default the better Defense Rating, or the one the script's step
// names ("set": {"command": GENERAL}, pickCommand).

// commandKey is a side's stack in a space.
type commandKey struct {
	side string
	at   rules.Point
}

// commandPick is the owner's pick of 7.2.4 2) named by a script step
// ("set": {"command": GENERAL}) for the combination the step causes.
type commandPick struct {
	id   string // the General named
	used bool   // a combination took him
	err  error  // he was not one of the Commanding Generals that combined
}

// designatedAt is the designated Commanding General of side's stack in
// p, if he is still there and of its highest rank.
func (g *game) designatedAt(side string, p rules.Point) *general {
	if len(g.designated) == 0 { // the bots ask often: most games have few
		return nil
	}
	d := g.designated[commandKey{side, p}]
	if d == nil {
		return nil
	}
	if at, on := g.genAt[d.id]; !on || at != p || !slices.Contains(g.commandChoices(side, p), d) {
		return nil // he left the stack, or is outranked there now (7.2.4 1)
	}
	return d
}

// designate makes gen the Commanding General of his stack.
func (g *game) designate(gen *general) {
	if gen == nil {
		return
	}
	p, on := g.genAt[gen.id]
	if !on {
		return
	}
	if g.designated == nil {
		g.designated = map[commandKey]*general{}
	}
	g.designated[commandKey{gen.side, p}] = gen
}

// undesignate drops the designation of Generals leaving their stack as
// another's force (a MOVE's: the activated General commands them).
func (g *game) undesignate(gens ...*general) {
	for _, c := range gens {
		if c == nil {
			continue
		}
		if p, on := g.genAt[c.id]; on && g.designated[commandKey{c.side, p}] == c {
			delete(g.designated, commandKey{c.side, p})
		}
	}
}

// combine designates the Commanding General of side's stack in p after
// two stacks combined there: of cmds, the Commanding Generals of the
// stacks that combined (the one already there first, the arriving one
// last), those still of the highest rank (none newly designated if the
// arriving one is outranked); of two of equal rank the owner picks (7.2.4 2 and
// ENEMY ACTION PHASE, U449-451), by default the better Defense Rating, the
// one already commanding on a tie, or the one the step names
// (pickCommand); "Subordinates are ineligible" (U449).
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
		how := "by default the better Defense Rating"
		if pk := g.pick; pk != nil && !pk.used {
			pk.used = true
			if named := g.gens[pk.id]; slices.Contains(ok, named) {
				best, how = named, "named by the owner"
			} else {
				pk.err = refuse("7.2.4", "%q is not one of the Commanding Generals that combine in %s (%s and %s): 'Subordinates are ineligible to be made the Commanding General when two stacks combine' (U449)", pk.id, g.e.b.ids[p], ok[0].name, ok[1].name)
			}
		}
		g.say("7.2.4", "%s and %s, Commanding Generals of equal rank, combine in %s: the owner picks (subordinates are ineligible, U449-451), %s: %s commands", ok[0].name, ok[1].name, g.e.b.ids[p], how, best.name)
	}
	g.designate(best)
}

// pickCommand plays a step that names the owner's pick of 7.2.4 2) and
// its ENEMY ACTION PHASE paragraph (U449-451) for the combination of two
// Commanding Generals of equal rank it causes ("set": {"command":
// GENERAL}: a MOVE's end, an Interception, whose battle follows at once,
// an Avoid Battle or a Retreat). At any other time the command is the
// activation's (a MOVE names its General, U445) and the step is refused.
func (g *game) pickCommand(id string, act func() error) error {
	g.pick = &commandPick{id: id}
	defer func() { g.pick = nil }()
	if err := act(); err != nil {
		return err
	}
	if g.pick.err != nil {
		return g.pick.err
	}
	if !g.pick.used {
		return refuse("7.2.4", "no two Commanding Generals of equal rank combined in this step, so there is nothing to pick: 'The owning player may switch the Commanding General of a stack each time a stack is activated' (U445), by the General a MOVE names")
	}
	return nil
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
