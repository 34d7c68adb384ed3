package uscw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Interception (9.2, U576-602) and the Cavalry Backup (8.2, U529).

// interception is one stack's declared attempt: its General (the
// Commanding General or a subordinate, 9.2.4), the SPs and subordinates
// he takes, from hex q.
type interception struct {
	gen  *general
	subs []*general
	q    rules.Point
	n    int
	// auto: 10.3.2's automatic Interception between a Coastal Fort and its
	// associated port (U739): no roll, and gen may be nil (SPs alone)
	auto bool
}

// declareInterception checks one declared attempt into p; sps < 0 takes
// every SP the General may carry, leaving 1 SP with any General left
// behind (9.2.4, U601).
func (g *game) declareInterception(p rules.Point, id string, sps int, subIDs []string) (interception, error) {
	pm, b := g.pending, g.e.b
	react := other(pm.side)
	gen := g.gens[id]
	if gen == nil {
		return interception{}, fmt.Errorf("no General %q in the counters", id)
	}
	if gen.side != react {
		return interception{}, refuse("9.0", "%s is a %s General: 'Only the non-Phasing player may conduct Reaction Movement' (U561)", gen.name, gen.side)
	}
	q, on := g.genAt[id]
	if !on {
		return interception{}, fmt.Errorf("%s is not on the map", gen.name)
	}
	if !b.adjacent(q, p) {
		return interception{}, refuse("9.2.1", "%s in %s is not next to %s: an Interception is into a hex in the stack's ZOI (U578)", gen.name, b.ids[q], b.ids[p])
	}
	auto := g.autoReaction(react, q, p) != nil
	if !auto && pm.land != nil {
		return interception{}, refuse("9.2.1", "a landing is intercepted only by 10.3.2's automatic reaction between a Coastal Fort and its associated port (U739, U1622): %s into %s is not one", b.ids[q], b.ids[p])
	}
	if !auto && !g.zoi(react, q, p) {
		return interception{}, refuse("9.1", "%s is not in the ZOI of %s's stack in %s: no ZOI across an unbridged Navigable River or impassable hexside, into an enemy-controlled Resource/Objective Hex, or into a hex holding non-moving enemy SPs (U565-570)", b.ids[p], gen.name, b.ids[q])
	}
	it := interception{gen: gen, q: q, auto: auto}
	for _, sid := range subIDs {
		sub := g.gens[sid]
		if sub == nil {
			return it, fmt.Errorf("no General %q in the counters", sid)
		}
		if at, on := g.genAt[sid]; !on || at != q || sub.side != react || sub == gen {
			return it, refuse("9.2.4", "%s is not another %s General in %s", sub.name, react, b.ids[q])
		}
		if err := subordinateOK(gen, sub); err != nil {
			return it, err
		}
		it.subs = append(it.subs, sub)
	}
	here := g.sp[react][q]
	behind := len(g.generalsAt(react, q)) > 1+len(it.subs)
	limit := g.e.commandLimit(gen)
	if sps < 0 {
		sps = min(here, limit)
		if behind && sps == here {
			sps--
		}
		if b.coastal[p] != nil {
			sps = max(min(sps, 3-g.sp[react][p]), 0) // 10.3.2 (U736)
		}
	}
	if err := g.coastalReaction(react, q, p, sps); err != nil {
		return it, err
	}
	switch {
	case sps > limit:
		return it, refuse("9.2.4", "%s may take %s, not %d: 'any number of SPs and subordinates as his rank allows' (U580, 7.3)", gen.name, spCount(limit), sps)
	case sps > here:
		return it, refuse("9.2.4", "%s holds %s, not %d", b.ids[q], spKind(here, react), sps)
	case behind && (sps == here || sps < 0): // sps < 0: no SP stands in q to leave behind
		return it, refuse("9.2.4", "'If one or more Generals are left behind, then at least 1 SP must also be left behind' (U601): %s holds %s", b.ids[q], spKind(here, react))
	case sps == 0 && g.sp[react][p] == 0:
		return it, refuse("7.6", "%s would intercept alone into %s, where no friendly SP stands: a General by himself intercepts only to reinforce friendly SPs (U492, read as a restriction: alone he has no battle to fight)", gen.name, b.ids[p])
	}
	it.n = sps
	return it, nil
}

// declareAutoSPs checks the automatic Interception of sps SPs (sps < 0:
// all, leaving 1 SP with any General left behind) from q into p without
// a General: 10.3.2's REACTION "does not require a General or a dice
// roll" (U739), so SPs alone go where the text allows it, between a
// Coastal Fort and its associated port held by the non-Phasing player.
func (g *game) declareAutoSPs(p, q rules.Point, sps int) (interception, error) {
	b := g.e.b
	react := other(g.pending.side)
	if g.autoReaction(react, q, p) == nil {
		return interception{}, refuse("9.2.1", "SPs without a General intercept only between a Coastal Fort and its associated port while the non-Phasing player controls both: 'does not require a General or a dice roll' (U739); %s into %s is not such a reaction", b.ids[q], b.ids[p])
	}
	here := g.sp[react][q]
	behind := len(g.generalsAt(react, q)) > 0
	if sps < 0 {
		sps = here
		if behind {
			sps--
		}
		if b.coastal[p] != nil {
			sps = min(sps, 3-g.sp[react][p])
		}
	}
	switch {
	case sps <= 0:
		return interception{}, refuse("9.2.1", "no %s SP in %s may intercept into %s", react, b.ids[q], b.ids[p])
	case sps > here:
		return interception{}, refuse("9.2.4", "%s holds %s, not %d", b.ids[q], spKind(here, react), sps)
	case behind && sps == here:
		return interception{}, refuse("9.2.4", "'If one or more Generals are left behind, then at least 1 SP must also be left behind' (U601): %s holds %s", b.ids[q], spKind(here, react))
	}
	if err := g.coastalStacking(react, p, sps); err != nil {
		return interception{}, err
	}
	return interception{q: q, n: sps, auto: true}, nil
}

// subordinateOK refuses a subordinate his commander may not take: rank
// (7.2.2), a 3-star (7.4.1), and a Cavalry General commands no other
// General (8.4).
func subordinateOK(gen, sub *general) error {
	switch {
	case gen.cavalry && !sub.cavalry:
		return refuse("8.4", "%s is a Cavalry General: 'All non-Cavalry Generals ... outrank Cavalry Generals' (U537); he cannot command %s", gen.name, sub.name)
	case sub.rank > gen.rank && !sub.cavalry:
		return refuse("7.2.2", "%s (%d-star) outranks %s (%d-star): 'the highest ranking General must be designated the Commanding General' (U441)", sub.name, sub.rank, gen.name, gen.rank)
	case sub.rank >= 3 && gen.rank < 4:
		return refuse("7.4.1", "%s is a 3-star General: 'They may never be a subordinate, except under the 4-star general Grant (7.4.2) or when defending in battle (11.3)' (U470)", sub.name)
	}
	return nil
}

// intercept plays the non-Phasing player's Interceptions into the hex
// the active force is about to enter: every attempt declared at once
// (9.2.3, U595; more names the other stacks' hexes, "Q>M" a Maneuver
// with Optional 5), each rolled, each success placed in the hex, then
// the battle (or the Cavalry Backup's choice, 8.2).
//
// id "sps" is SPs alone from the space at (10.3.2's automatic reaction);
// a stack named in more with no General is taken so too.
func (g *game) intercept(id, at string, sps int, subs, more []string) error {
	pm := g.pending
	if g.stage != stReact || pm == nil || pm.backup {
		return refuse("9.2", "no enemy force is about to enter a hex: an Interception 'can occur whenever an active force is about to enter or attack a hex in the ZOI of an enemy force containing a General' (U578)")
	}
	p := pm.pts[pm.i]
	if pm.tried {
		return refuse("9.2.3", "the Interceptions into %s were declared: 'All must be pre-designated before any are resolved' (U595)", g.e.b.ids[p])
	}
	first := who{id: id}
	if id == "sps" {
		q, err := g.e.b.locate(at)
		if err != nil {
			return fmt.Errorf("intercept sps: at names the space the SPs intercept from: %w", err)
		}
		first.q = q
	}
	var d declaration
	it, err := g.declareWho(p, first, sps, subs)
	if err != nil {
		return err
	}
	d.intercepts = append(d.intercepts, it)
	if err := g.declareMore(p, more, &d); err != nil {
		return err
	}
	g.reactTogether(p, d)
	return nil
}

// who names a stack declared to react: its General's id, or "sps" and
// its hex for 10.3.2's SPs alone.
type who struct {
	id string
	q  rules.Point
}

// declaration is every reaction into one hex declared at once.
type declaration struct {
	intercepts []interception
	maneuvers  []maneuverAttempt // Optional 5
}

// add adds one stack's attempt, refusing a stack named twice.
func (d *declaration) add(g *game, it *interception, man *maneuverAttempt) error {
	if man != nil {
		it = &man.it
	}
	q := it.q
	twice := slices.ContainsFunc(d.intercepts, func(o interception) bool { return o.q == q }) ||
		slices.ContainsFunc(d.maneuvers, func(o maneuverAttempt) bool { return o.it.q == q })
	switch {
	case twice && (man != nil || len(d.maneuvers) > 0):
		return refuse("Optional 5", "a General 'may attempt either an Interception or a Maneuver Reaction – not both' (U1758), and 'A stack cannot be split up to make multiple Interceptions' (U595): two attempts from %s", g.e.b.ids[q])
	case twice:
		return refuse("9.2.3", "'A stack cannot be split up to make multiple Interceptions' (U595): two attempts from %s", g.e.b.ids[q])
	case man != nil:
		d.maneuvers = append(d.maneuvers, *man)
	default:
		d.intercepts = append(d.intercepts, *it)
	}
	return nil
}

// declareMore adds the attempts of the stacks in hexes, declared with
// the step's own: "Q" intercepts into p with the stack's Commanding
// General and every SP he may carry (or its SPs alone where 10.3.2's
// automatic reaction lets them go without one); with Optional 5, "Q>M"
// maneuvers the stack in Q to M.
func (g *game) declareMore(p rules.Point, hexes []string, d *declaration) error {
	react := other(g.pending.side)
	for _, h := range hexes {
		from, to, man := strings.Cut(h, ">")
		q, err := g.e.b.locate(from)
		if err != nil {
			return err
		}
		c := g.commander(react, q)
		if man {
			if c == nil {
				return refuse("Optional 5", "no %s General in %s to maneuver: a Maneuver is made 'by those forces that would have been eligible for an Interception attempt' (U1750)", react, from)
			}
			m, err := g.declareManeuver(p, c.id, -1, nil, to)
			if err != nil {
				return err
			}
			if err := d.add(g, nil, &m); err != nil {
				return err
			}
			continue
		}
		w := who{id: "sps", q: q}
		switch {
		case c != nil:
			w = who{id: c.id}
		case g.autoReaction(react, q, p) == nil:
			return refuse("9.2.1", "no %s General in %s: 'Intrinsic Generals may not be used to ... Intercept' (U512)", react, h)
		}
		it, err := g.declareWho(p, w, -1, nil)
		if err != nil {
			return err
		}
		if err := d.add(g, &it, nil); err != nil {
			return err
		}
	}
	return nil
}

// declareWho checks one stack's declared Interception into p.
func (g *game) declareWho(p rules.Point, w who, n int, subs []string) (interception, error) {
	if w.id == "sps" {
		return g.declareAutoSPs(p, w.q, n)
	}
	return g.declareInterception(p, w.id, n, subs)
}

// maneuverAttempt is a declared Maneuver (Optional 5): the stack and the
// hex it names before the roll (U1758).
type maneuverAttempt struct {
	it interception
	to rules.Point
}

// reactTogether plays the non-Phasing player's reactions into p,
// declared at once: the Interceptions (9.2.3, U595: "All must be
// pre-designated before any are resolved") and with Optional 5 the
// Maneuvers ("All Maneuver attempts have to be pre-designated at the
// same time that Interception attempts are pre-designated and cannot be
// canceled after seeing the results", U1760). Every attempt rolls on the
// position as declared (a success does not give the next one a Picket
// Line), the Maneuvers first, each kind in the order declared; then the
// successes move, the Maneuvers first, and the Interceptions' battle
// follows (or the Cavalry Backup's choice, 8.2).
func (g *game) reactTogether(p rules.Point, d declaration) {
	pm, all := g.pending, d.intercepts
	pm.tried = true
	react := other(pm.side)
	for _, it := range all {
		// Of a stack's highest ranks, the one named commands it until
		// it is next activated, his Defense Rating the DRM (7.2.2,
		// 7.2.4, 9.2.4); another of them still may go as a subordinate
		// sent (9.2.4, U601), the stack's designation standing.
		if it.gen != nil && g.designatedAt(react, it.q) == nil && slices.Contains(g.commandChoices(react, it.q), it.gen) {
			g.designate(it.gen)
		}
	}
	var maneuvered []bool
	for _, man := range d.maneuvers {
		maneuvered = append(maneuvered, g.reactionRoll(fmt.Sprintf("Maneuver by %s from %s to %s", man.it.gen.name, g.e.b.ids[man.it.q], g.e.b.ids[man.to]), man.it.q, man.to, kManeuver, man.it.generals()))
	}
	var ok []bool
	for _, it := range all {
		what := fmt.Sprintf("Interception by %s from %s into %s", it.name(), g.e.b.ids[it.q], g.e.b.ids[p])
		if it.auto {
			g.say("9.4.2", "%s: automatically successful between a Coastal Fort and its associated port, both %s-controlled; 'does not require a General or a dice roll' (10.3.2, U739)", what, react)
			ok = append(ok, true)
			continue
		}
		ok = append(ok, g.reactionRoll(what, it.q, p, kIntercept, it.generals()))
	}
	vacant := !g.defended(react, p) && len(g.generalsAt(react, p)) == 0 // 11.5.2: "into a vacant hex"
	for i, man := range d.maneuvers {
		if !maneuvered[i] {
			continue
		}
		it, m := man.it, man.to
		before := g.commander(react, m)
		g.shift(react, it.q, m, it.n, append([]*general{it.gen}, it.subs...))
		g.combine(react, m, before, it.gen) // ENEMY ACTION PHASE (7.2.4, U451)
		g.lastMove = &movedForce{gen: it.gen, sps: it.n}
		g.say("Optional 5", "%s maneuvers to %s with %s, in contact with the active force", it.gen.name, g.e.b.ids[m], spCount(it.n))
	}
	won := false
	for i, it := range all {
		if !ok[i] {
			continue
		}
		won = true
		before := g.commander(react, p)
		g.shift(react, it.q, p, it.n, it.generals())
		g.combine(react, p, before, it.gen) // ENEMY ACTION PHASE (7.2.4, U451)
		g.lastMove = &movedForce{gen: it.gen, sps: it.n}
		g.say("9.2.2", "%s intercepts into %s with %s: a battle follows at once", it.name(), g.e.b.ids[p], spCount(it.n))
	}
	pm.intoVacant = won && vacant
	if won && g.movingCavalry() && pm.land == nil { // a landing does not back up (8.2 is a Land Movement's)
		pm.backup = true
		g.say("8.2", "the intercepted %s force has a Cavalry General: it may back up to %s and end its move, or attack", pm.side, g.e.b.ids[pm.at])
		return
	}
	if !won && g.mayAvoid(p) && len(g.avoidTargets(p)) > 0 {
		if len(all) > 0 {
			g.say("9.3", "every Interception into %s failed: the stack there may still try to Avoid Battle (U605, U634)", g.e.b.ids[p])
		}
		return
	}
	g.advance()
}

// name is the intercepting force's for the log.
func (it interception) name() string {
	if it.gen == nil {
		return fmt.Sprintf("%s without a General", spCount(it.n))
	}
	return it.gen.name
}

// generals is the intercepting General and his subordinates.
func (it interception) generals() []*general {
	if it.gen == nil {
		return nil
	}
	return append([]*general{it.gen}, it.subs...)
}

// shift moves n SPs and the Generals gens of side from q to p, as a
// reaction does (it costs no MPs, U561).
func (g *game) shift(side string, q, p rules.Point, n int, gens []*general) {
	dem := g.demoral[side][q]
	g.sp[side][q] -= n
	for _, gen := range gens {
		g.genAt[gen.id] = p
	}
	g.tidy(side, q)
	if n > 0 || g.sp[side][p] > 0 {
		if g.join(side, p, n, dem) {
			g.demoral[side][p] = true
		} else {
			delete(g.demoral[side], p)
		}
	}
	g.sp[side][p] += n
	g.tidy(side, p)
	if g.sp[side][p] > 0 { // SPs entering remove an enemy Control marker (6.2.2) and catch lone Generals (7.6)
		g.clearEnemyMarker(side, p)
		g.catchLoneGenerals(side, p)
	}
	g.touch(q)
	g.touch(p)
}

// movingCavalry reports a Cavalry General (or intrinsic cavalry, 8.6) in
// the pending MOVE's force.
func (g *game) movingCavalry() bool {
	pm := g.pending
	return pm.gen != nil && cavalryBenefit(pm.gen) || slices.ContainsFunc(pm.subs, cavalryBenefit)
}

// backUp answers the 8.2 choice (U529): back to the last hex entered,
// the move over, or on into the battle.
func (g *game) backUp(back bool) error {
	pm := g.pending
	if g.stage != stReact || pm == nil || !pm.backup {
		return refuse("8.2", "no intercepted Cavalry force has to choose: 'If intercepted, after the intercepting player has moved the intercepting force into the hex ... the Cavalry General and the stack it is moving with may decline the battle by backing up one hex' (U529)")
	}
	pm.backup = false
	if back {
		g.say("8.2", "the Cavalry force declines the battle: it backs up to %s and ends its move (a Backup is not subject to Interception, U585)", g.e.b.ids[pm.at])
		g.finishMove(nil)
		return nil
	}
	g.advance()
	return nil
}

// reactPass is the reacting side's "no (further) reaction" at this hex.
func (g *game) reactPass() error {
	pm := g.pending
	if g.stage != stReact || pm == nil || pm.backup {
		return refuse("9.0", "no reaction is asked now")
	}
	g.say("9.0", "the %s does not react at %s", other(pm.side), g.e.b.ids[pm.pts[pm.i]])
	g.advance()
	return nil
}
