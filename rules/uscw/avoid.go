package uscw

import (
	"fmt"
	"slices"

	"github.com/musterhq/muster/rules"
)

// Avoid Battle (9.3, U603-638).

// avoidStep refuses a hex r the stack in p may not Avoid Battle into
// (9.3.2, U611-620).
func (g *game) avoidStep(p, r rules.Point) error {
	pm, b := g.pending, g.e.b
	react := other(pm.side)
	n := g.sp[react][p]
	if !b.adjacent(p, r) {
		return refuse("9.3.2", "%s is not adjacent to %s: the stack moves 'to any adjacent hex that qualifies' (U611)", b.ids[r], b.ids[p])
	}
	if h := b.hexes[r]; h == nil || b.prohib[h.Terrain] {
		return refuse("9.3.2", "%s is prohibited terrain", b.ids[r])
	}
	if err := g.coastalReaction(react, p, r, n); err != nil {
		return err
	}
	if k := g.barrier(react, p, r); k != "" {
		return refuse("9.3.2", "'The Avoid Battle cannot be across an unbridged Navigable River hexside or an impassable hexside' (U613): %s-%s is %s", b.ids[p], b.ids[r], k)
	}
	if h := b.hexes[r]; (h.Objective || h.BP != nil) && g.controller(r) == pm.side {
		return refuse("9.3.2", "'The Avoid Battle cannot be into an enemy-controlled Objective Hex or Resource Hex (even if vacant)' (U614): %s", b.ids[r])
	}
	if r == pm.at {
		return refuse("9.3.2", "the active force stands in %s", b.ids[r])
	}
	if g.zoi(pm.side, pm.at, r) {
		return refuse("9.3.2", "%s is in the ZOI of the active force, 'judged from the hex it occupies before it enters the hex your force is leaving' (U615): %s", b.ids[r], b.ids[pm.at])
	}
	// "The hex must be either clear of enemy SPs and Forts, or the number
	// of enemy SPs in the hex are outnumbered by the avoiding force by a
	// margin of at least 7-1 (or 4-0)" (U616): 11.1.2's odds, so 4 SPs
	// against an unoccupied Fort, a 0 SP Militia or a Union intrinsic
	// garrison (17.4) alone.
	if e := g.sp[pm.side][r]; g.defended(pm.side, r) && (n < 7*e || e == 0 && n < 4) {
		return refuse("9.3.2", "%s holds %s%s: the avoiding %s must outnumber them at least 7-1, or 4-0 (U616)", b.ids[r], spKind(e, "enemy"), fortNote(g.fortAt(pm.side, r)), spCount(n))
	}
	for _, s := range b.neighbors(r) {
		if e := g.sp[pm.side][s]; e > 0 && e >= n && g.zoi(pm.side, s, r) {
			return refuse("9.3.2", "%s is in the ZOI of the non-moving enemy force in %s, whose %s equal or exceed the avoiding %d (U620)", b.ids[r], b.ids[s], spCount(e), n)
		}
	}
	return nil
}

// avoidGeneral refuses an Avoid Battle from p to r of a stack with no
// General: "Only a stack with a General may attempt to Avoid Battle"
// (9.3.1, U605), but 10.3.2's automatic reaction "does not require a
// General" (U739); and before a landing any other (transport.go's
// landingReactions).
func (g *game) avoidGeneral(p, r rules.Point) error {
	react := other(g.pending.side)
	if (g.commander(react, p) == nil || g.pending.land != nil) && g.autoReaction(react, p, r) == nil {
		return refuse("9.3.1", "no %s General in %s: 'Only a stack with a General may attempt to Avoid Battle' (U605) but by 10.3.2's automatic reaction between a Coastal Fort and its associated port (U739)", react, g.e.b.ids[p])
	}
	return nil
}

// avoidTargets lists the hexes the stack in p may Avoid Battle into.
func (g *game) avoidTargets(p rules.Point) []rules.Point {
	var out []rules.Point
	for _, r := range g.e.b.neighbors(p) {
		if g.avoidStep(p, r) == nil && g.avoidGeneral(p, r) == nil {
			out = append(out, r)
		}
	}
	return out
}

// avoidBattle plays the attempt of the stack the active force is about
// to enter: the hex named first (the player may name only a hex he
// accepts, U655), then the roll; on success the entire force moves and
// displaces an enemy force it outnumbers 7-1 (or 4-0), capturing its
// Fort and removing its Entrenchment; on failure it fights
// without terrain (9.3.3). The active force then enters the hex.
func (g *game) avoidBattle(to, unit string) error {
	pm, b := g.pending, g.e.b
	if g.stage != stReact || pm == nil || pm.backup {
		return refuse("9.3.1", "no active enemy force is about to enter a stack's hex (U605)")
	}
	p := pm.pts[pm.i]
	react := other(pm.side)
	if !g.mayAvoid(p) {
		return refuse("9.3.1", "no %s stack with a General (not an intrinsic 0-0-3 General, 7.8), nor SPs a Coastal Fort's automatic reaction links to its port or fort (10.3.2, U739), stands in %s, the hex the active force is about to enter (U605)", react, b.ids[p])
	}
	r, err := b.locate(to)
	if err != nil {
		return err
	}
	if err := g.avoidStep(p, r); err != nil {
		return err
	}
	if err := g.avoidGeneral(p, r); err != nil {
		return err
	}
	cmd, err := g.namedCommander(react, p, unit)
	if err != nil {
		return err
	}
	gens := g.generalsAt(react, p)
	force := gens // the avoiding force, its Commanding General first (9.4.1)
	if cmd != nil {
		force = append([]*general{cmd}, slices.DeleteFunc(slices.Clone(gens), func(c *general) bool { return c == cmd })...)
	}
	n := g.sp[react][p]
	pm.tried = true  // no Interception into this hex after the Avoid Battle (U634)
	g.designate(cmd) // he commands the stack until it is next activated (7.2.4, command.go)
	who := fmt.Sprintf("%s without a General", spCount(n))
	if cmd != nil {
		who = cmd.name
	}
	what := fmt.Sprintf("Avoid Battle by %s from %s to %s", who, b.ids[p], b.ids[r])
	if g.autoReaction(react, p, r) != nil {
		g.say("9.4.2", "%s: automatically successful between a Coastal Fort and its associated port, both %s-controlled; 'does not require a General or a dice roll' (10.3.2, U739)", what, react)
	} else if !g.reactionRoll(what, p, r, kAvoid, force) {
		pm.avoidFailed = true
		g.say("9.3.3", "the Avoid Battle failed: the stack in %s 'may not benefit from Fortifications or terrain in the upcoming battle' (U626)", b.ids[p])
		g.advance()
		return nil
	}
	if g.defended(pm.side, r) {
		// "The outnumbered enemy force is Displaced (11.1.2) and any enemy
		// Entrenchments or Forts are removed or Captured" (U616-618).
		g.say("9.3.2", "the %s in %s%s are outnumbered 7-1 (or 4-0) and Displaced (11.1.2)", spKind(g.sp[pm.side][r], pm.side), b.ids[r], fortNote(g.fortAt(pm.side, r)))
		g.displaceAll(pm.side, r)
		g.zeroSPDefeated(pm.side, r, true)
		g.captureWorks(react, r)
	}
	before := g.commander(react, r)
	g.shift(react, p, r, n, gens)
	g.combine(react, r, before, cmd) // ENEMY ACTION PHASE (7.2.4, U451)
	for _, c := range gens {         // the whole stack has avoided (9.4.1 Momentum, U647)
		pm.avoided[c.id] = true
	}
	g.say("9.3.2", "%s avoids battle: the entire force (%s, %s) moves from %s to %s", who, spCount(n), genCount(len(gens)), b.ids[p], b.ids[r])
	g.advance()
	return nil
}
