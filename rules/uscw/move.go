package uscw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
)

// moveOrder is a MOVE action (4.3, U203-204): a General with SPs (he
// carries as many as his rank allows, 7.3-7.4), or up to 3 SPs without a
// General (7.8), along a path of adjacent hexes.
type moveOrder struct {
	general string   // "" for SPs alone
	subs    []string // subordinate Generals moving with him (7.2.3)
	from    string   // SPs alone: the hex they start in
	sps     int      // -1: every unmoved SP in the hex the General may carry
	path    []string
	cont    bool // a victorious attacker moving on (11.7)
	rail    bool // the Rail Movement Bonus (5.4.2, railmove.go)
}

// move validates and plays a MOVE action, or refuses it naming the case.
func (g *game) move(o moveOrder) error {
	if g.stage != stPlayer {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	if o.cont {
		return g.continueMove(o.path)
	}
	side := g.phasing
	b := g.e.b
	var start rules.Point
	var gen *general
	ma := 3 // SPs moving by themselves (5.2, U234)
	if o.general != "" {
		gen = g.gens[o.general]
		if gen == nil {
			return fmt.Errorf("no General %q in the counters", o.general)
		}
		if gen.side != side {
			return refuse("4.1.5", "%s is a %s General; the %s is the Phasing player", gen.name, gen.side, side)
		}
		at, on := g.genAt[gen.id]
		if !on {
			return fmt.Errorf("%s is not on the map", gen.name)
		}
		if g.moved[gen.id] {
			return refuse("5.1.2", "%s has already been activated or moved in this Action Phase: 'An SP or General may be activated only once per Action Phase' (U218)", gen.name)
		}
		start, ma = at, gen.ma
		for _, id := range o.subs {
			sub := g.gens[id]
			if sub == nil {
				return fmt.Errorf("no General %q in the counters", id)
			}
			if p, on := g.genAt[id]; !on || p != at || sub.side != side {
				return refuse("7.2.3", "%s is not a %s General in %s: subordinates move with the Commanding General from his hex", sub.name, side, b.ids[at])
			}
			if g.moved[id] {
				return refuse("5.1.2", "%s has already been activated or moved in this Action Phase (U218)", sub.name)
			}
			if err := subordinateOK(gen, sub); err != nil {
				return err
			}
		}
	} else {
		if len(o.subs) > 0 {
			return fmt.Errorf("SPs moving without a General carry no subordinates")
		}
		p, err := b.locate(o.from)
		if err != nil {
			return err
		}
		start = p
	}
	ma = g.activeMA(side, start, ma)
	free := g.unmovedSPs(side, start)
	n := o.sps
	limit := 3
	if gen != nil {
		limit = g.e.commandLimit(gen)
		if n < 0 {
			n = min(free, limit)
		}
		if n > limit {
			return refuse("7.3", "%s (%d-star%s) may carry %s, not %d (7.3 Command Limit, U452-460)", gen.name, gen.rank, map[bool]string{true: ", Cavalry", false: ""}[gen.cavalry], spCount(limit), n)
		}
	} else {
		if n < 0 {
			n = min(free, 3)
		}
		if n > 3 {
			return refuse("7.8", "without a General at most 3 SPs in the same hex move with one Action Point (4.3, U202), not %d", n)
		}
		if n == 0 && g.sp[side][start] > 0 {
			return refuse("5.1.2", "the %s of the %s in %s have moved this Action Phase ('no SP or General may be moved ... more than once per Action Phase', U218)", spCount(g.sp[side][start]), side, o.from)
		}
		if n == 0 {
			return refuse("4.3", "no SP to move in %s", o.from)
		}
	}
	if n > free {
		return refuse("5.1.2", "%s of the %s in %s may still move this Action Phase, not %d ('no SP or General may be moved ... more than once per Action Phase', U218)", spCount(free), side, b.ids[start], n)
	}
	return g.march(force{side: side, gen: gen, subs: o.subs, start: start, n: n, ma: ma}, o)
}

// unmovedSPs is how many of side's SPs in p may still move this Action
// Phase (5.1.2, U218): never fewer than none. movedSP counts the SPs that
// moved into or out of p; a loss afterwards (a tied battle's supply
// check, 13.5.4; Attrition) may leave p fewer SPs than that count, and
// the SPs lost are read as unmoved ones first, so the moved survive.
func (g *game) unmovedSPs(side string, p rules.Point) int {
	return max(0, g.sp[side][p]-g.movedSP[side][p])
}

// force is a moving force: its side, General and subordinates (by id),
// the hex it starts from, its SPs, its MA and the MPs it has spent (a
// force continuing after a battle, 11.7, has spent some already).
type force struct {
	side         string
	gen          *general
	subs         []string
	start        rules.Point
	n, ma, spent int
	cont         bool // moving on after a won battle (11.7): no Action Point
}

// entrenchStep is the path token for entrenching during movement (10.1.2,
// U680: "an activated force with 2 or more SPs may spend 2 MPs to build an
// Entrenchment ... at any point in the force's movement").
const entrenchStep = "entrench"

// march walks a force along its path and plays its arrival or battle.
func (g *game) march(f force, o moveOrder) error {
	b := g.e.b
	side, gen, start, n, ma := f.side, f.gen, f.start, f.n, f.ma
	if len(o.path) == 0 {
		return fmt.Errorf("move: give the path")
	}
	var rc *railControl
	if o.rail {
		if err := g.railBonusStart(side, start, n); err != nil {
			return err
		}
		rc, ma = g.railControl(), railBonusMPs
	}
	// The path: every hex adjacent to the last, the MPs within the MA
	// (5.1.1, 5.3), a battle ending it (11.1.1).
	at, spent := start, f.spent
	var steps []string
	var battleAt *rules.Point
	var entered []rules.Point // the hexes the force moves through and into, and the hex of its battle
	var dig []rules.Point     // the hexes it entrenches in
	var digK []int            // and how many hexes it had entered then
	var marks []rules.Point   // the hexes it places Control markers in (6.2.1)
	var marksK []int          // and how many hexes it had entered then
	var spentAt []int         // the MPs spent once each hex of entered is entered
	var planK []int           // how many hexes of entered the force has entered at each hand-off (7.5)
	var shapes []forceShape   // and the force after it
	mv := newMoving(f)        // the force as it picks up and drops off (7.5)
	off := false              // the path ends off the map (5.1.4, offmap.go)
	for i, id := range o.path {
		if from, _, ok, _ := regroupToken(id); ok {
			k := len(mv.plan)
			c, err := g.planRegroup(side, mv, id, at, spent, o.rail)
			if err != nil {
				return err
			}
			spent += c
			for range mv.plan[k:] {
				planK = append(planK, len(entered))
				shapes = append(shapes, forceShape{gen: mv.gen, subs: slices.Clone(mv.subs), n: mv.n, ma: mv.ma})
			}
			steps = append(steps, fmt.Sprintf("regroup from %s %d (5.9)", from, c))
			continue
		}
		if pick, what, ok := handoffToken(id); ok {
			if err := cavalryPickUp(mv.gen, id, len(entered) > 0 || f.cont); err != nil {
				return err
			}
			if err := intrinsicPickUp(mv.gen, id, len(entered) > 0 || f.cont); err != nil {
				return err
			}
			if o.rail && pick && isCount(what) {
				return refuse("5.4.2", "a force using the Rail Movement Bonus 'May not pickup SPs along the way (7.5)' (U271)")
			}
			if err := g.planHandoff(side, mv, id, at, spent); err != nil {
				return err
			}
			planK = append(planK, len(entered))
			shapes = append(shapes, forceShape{gen: mv.gen, subs: slices.Clone(mv.subs), n: mv.n, ma: mv.ma})
			steps = append(steps, id)
			continue
		}
		ma = mv.ma
		if o.rail {
			ma = railBonusMPs // the bonus's 12 MPs, whoever commands (5.4.2)
		}
		if mv.gen == nil && mv.n == 0 {
			return refuse("7.5.1", "the force has dropped off all its SPs in %s: nothing moves on to %s", b.ids[at], id)
		}
		if id == controlStep {
			c, err := g.canMarkOnMove(side, mv, at, spent, o.rail, marks, dig)
			if err != nil {
				return err
			}
			spent += c
			steps = append(steps, fmt.Sprintf("Control marker %d (6.2.1)", c))
			marks = append(marks, at)
			marksK = append(marksK, len(entered))
			continue
		}
		if id == offMapStep {
			if err := g.canLeaveMap(mv, at, i == len(o.path)-1, o.rail, spent, ma); err != nil {
				return err
			}
			spent += offMapCost
			steps = append(steps, fmt.Sprintf("off the map %d (5.1.4)", offMapCost))
			off = true
			continue
		}
		if id == entrenchStep {
			if o.rail {
				return refuse("5.4.2", "a force using the Rail Movement Bonus 'May not spend any of its MPs to Entrench' (U273)")
			}
			if err := g.canEntrenchOnMove(side, at, mv.n, spent, ma, dig); err != nil {
				return err
			}
			spent += 2
			steps = append(steps, "entrench 2")
			dig = append(dig, at)
			digK = append(digK, len(entered))
			continue
		}
		p, err := b.locate(id)
		if err != nil {
			return err
		}
		if !b.adjacent(at, p) {
			return refuse("5.1.1", "%s is not adjacent to %s: 'Each hex entered costs a number of MPs' (U216): a move enters adjacent hexes", id, b.ids[at])
		}
		c, why, err := g.landStep(side, at, p)
		if o.rail {
			c, why, err = g.railBonusStep(side, at, p, rc)
		}
		if err != nil {
			return err
		}
		if extra, err := g.riverCrossing(side, mv.gen, at, p, n); err != nil {
			return err
		} else if extra > 0 {
			c += extra
			why += fmt.Sprintf(" + %d (enemy Naval Control, 5.8.3)", extra)
		}
		if mc := g.markerCost(gen, side, p, i == len(o.path)-1); mc > 0 {
			c += mc
			why += " + removing an enemy Control marker +1 (a Cavalry Unit, 8.3)"
		}
		if g.closedByNeutrality(p, false) {
			return refuse("17.1.3", "while Kentucky is neutral, nothing may enter the New Madrid hex %s (U1370)", id)
		}
		if spent+c > ma && spent+c <= ma+1 && g.forage[side][start] {
			return refuse("13.5.5", "entering %s costs %d MP (%s): %d spent of a Movement Allowance of %d, reduced by 1 MP for the Foraging marker: 'If the stack, or subset of the stack, is activated its MA is reduced by 1 MP' (U1065)", id, c, why, spent, ma)
		}
		if spent+c > ma {
			return refuse("5.1.1", "entering %s costs %d MP (%s, 5.3 U238-262): %d spent of a Movement Allowance of %d", id, c, why, spent, ma)
		}
		spent += c
		steps = append(steps, fmt.Sprintf("%s (%s)", id, why))
		entered = append(entered, p)
		spentAt = append(spentAt, spent)
		if i == len(o.path)-1 {
			if err := g.coastalStacking(side, p, mv.n); err != nil {
				return err
			}
		}
		if g.defended(other(side), p) {
			if err := g.coastalAttack(side, at, p, mv.n); err != nil {
				return err
			}
			if i != len(o.path)-1 {
				return refuse("11.1.1", "entering %s, which holds enemy SPs or an enemy Fort, starts a battle: 'The movement of the active force is suspended and a battle is resolved immediately' (U771); the path must end there", id)
			}
			q := p
			battleAt = &q
		}
		if i < len(o.path)-1 || battleAt == nil {
			at = p
		}
	}
	ma = mv.ma
	// 7.6 (U490): "Players may never intentionally leave a General
	// without at least 1 SP"; a General without SPs "must end its move ...
	// with other friendly SPs" (7.5.3, U486: "provided he ends his moved
	// stacked with at least 1 SP").
	// A General who lost his SPs (7.6) may end at a friendly Fort; one who
	// leaves his SPs must end with SPs (7.5.3, U486).
	lone := f.gen != nil && f.n == 0 && g.sp[side][start] == 0
	if mv.gen != nil && mv.n == 0 && (battleAt != nil || g.sp[side][at]+mv.left[at]-mv.taken[at] == 0 && !(lone && (g.fortAt(side, at) > 0 || g.militiaIn(side, at)))) {
		return refuse("7.6", "%s has no SPs: he 'must end his move at a friendly-controlled Fort, Coastal Fort or with other friendly SPs (including Militia)', never in a battle (U490)", mv.gen.name)
	}
	if gen != nil && n == 0 {
		for _, p := range entered {
			if g.inEnemyZOI(side, p) {
				return refuse("7.6", "%s has no SPs: 'that General may not enter an enemy ZOI (9.1)' (U490), and %s is in one", gen.name, b.ids[p])
			}
		}
	}
	if !f.cont && n > 0 && g.sp[side][start] == n && g.leftBehind(side, start, o) {
		return refuse("7.6", "the move would leave a General in %s without SPs: 'Players may never intentionally leave a General without at least 1 SP' (U490)", b.ids[start])
	}
	what := fmt.Sprintf("%s", spCount(n))
	if gen != nil {
		what = fmt.Sprintf("%s with %s", gen.name, spCount(n))
	}
	if f.cont {
		g.say("11.7", "%s moves on after its battle: %d of %d MP spent", what, f.spent, ma)
		g.cont = nil
	} else {
		// On to Richmond! (4.1.4): a MOVE to attack or take control of a
		// qualifying hex, paid with an Action Point, meets the obligation.
		how := ""
		if side == "union" && g.richmondOwed {
			stays := mv.n
			if off {
				stays = 0 // a force leaving the map takes control of nothing
			}
			how = g.richmondMove(battleAt, at, stays, marks)
		}
		g.richmondAim = how != ""
		ap := g.ap
		err := g.payActivation(gen, len(o.subs), n, len(mv.plan) > 0, battleAt != nil, entered, start, "MOVE: "+what)
		g.richmondAim = false
		if err != nil {
			return err
		}
		if how != "" && g.ap < ap {
			g.richmondMet(what, how)
		}
	}
	if o.rail {
		g.useRailBonus(side, n)
		g.say("5.4.2", "%s uses the Rail Movement Bonus: 12 MPs along the %s's railroads (%d of %s this Action Phase)", what, side, railBonusSPs-g.railBonusLeft(side), spCount(railBonusSPs))
	}
	// The force leaves its hex.
	dem := g.demoral[side][start]
	if n == 0 {
		dem = false // a General leaving Demoralized SPs recovers at once (12.4, U925)
	}
	// The marker goes with the force (13.5.5): read before the hex is tidied.
	foraging := g.forage[side][start]
	g.sp[side][start] -= n
	if f.cont {
		g.movedSP[side][start] -= n
	}
	g.tidy(side, start)
	g.ver++ // the position changed: what was worked out for it (supply, Railroad Control) is stale
	var subs []*general
	if gen != nil {
		g.moved[gen.id] = true
		for _, id := range f.subs {
			g.moved[id] = true
			subs = append(subs, g.gens[id])
			what += " and " + g.gens[id].name
		}
	}
	shown := ma
	if o.rail {
		shown = railBonusMPs // the bonus's 12 MPs were the limit (5.4.2)
	}
	g.say("5.3", "%s moves from %s: %s; %d of %d MP", what, b.ids[start], strings.Join(steps, ", "), spent, shown)
	g.lastMove = &movedForce{gen: mv.gen, sps: mv.n, regroups: mv.regroups}
	// The force walks its path hex by hex, off the map until it stops, so
	// that the other side may react before each hex it enters (9.0,
	// reaction.go); it picks up and drops off in each hex as it reaches it
	// (7.5).
	g.pending = &pendingMove{side: side, gen: gen, subs: subs, n: n, dem: dem, start: start, pts: entered, at: start, avoided: map[string]bool{},
		f: f, spentAt: spentAt, dig: dig, digK: digK, marks: marks, marksK: marksK, foraging: foraging, plan: mv.plan, planK: planK, shapes: shapes, off: off}
	g.undesignate(append([]*general{gen}, subs...)...) // the activated General commands them (7.2.4)
	if gen != nil {
		delete(g.genAt, gen.id)
	}
	for _, s := range subs {
		delete(g.genAt, s.id)
	}
	g.handOff()
	g.tidy(side, start) // its Demoralized marker goes with it
	g.advance()
	return nil
}

// leftBehind reports a General of side in p who does not move with the
// order.
func (g *game) leftBehind(side string, p rules.Point, o moveOrder) bool {
	for _, gen := range g.generalsAt(side, p) {
		if gen.id != o.general && !slices.Contains(o.subs, gen.id) {
			return true
		}
	}
	return false
}

// catchLoneGenerals: "If an enemy force moves into a hex occupied by one
// or more Generals without SPs, the Generals are placed in that
// theater's Displaced Box" (7.6, U490; 16.5.1, U1338); so too when SPs
// are placed or retreat there.
func (g *game) catchLoneGenerals(side string, p rules.Point) {
	if enemy := other(side); g.sp[side][p] > 0 && g.sp[enemy][p] == 0 && len(g.generalsAt(enemy, p)) > 0 {
		g.say("7.6", "enemy SPs catch the %s's %s without SPs in %s: to the Displaced Box", enemy, genCount(len(g.generalsAt(enemy, p))), g.e.b.ids[p])
		g.displaceAll(enemy, p)
	}
}

// join settles Demoralization when n SPs (Demoralized or not) end their
// move or retreat with the side's SPs in p: the stack becomes Demoralized
// (12.2, U914), unless the SPs that are not Demoralized outnumber the
// Demoralized ones 3 to 1, when all rally (12.5.4, U935). It reports
// whether the stack is Demoralized.
func (g *game) join(side string, p rules.Point, n int, dem bool) bool {
	there, thereDem := g.sp[side][p], g.demoral[side][p]
	if n == 0 || there == 0 || dem == thereDem {
		return dem || thereDem && there > 0
	}
	demSP, fresh := n, there
	if thereDem {
		demSP, fresh = there, n
	}
	if fresh >= 3*demSP {
		delete(g.demoral[side], p)
		g.say("12.5.4", "3-1 Rally in %s: %s not Demoralized with %s: they rally", g.e.b.ids[p], spCount(fresh), spKind(demSP, "Demoralized"))
		return false
	}
	g.say("12.2", "%s and %d others end together in %s: the stack is Demoralized", spKind(demSP, "Demoralized"), fresh, g.e.b.ids[p])
	return true
}

// arrive puts a moved force in hex p.
func (g *game) arrive(side string, gen *general, subs []*general, n int, dem bool, p rules.Point) {
	dem = g.join(side, p, n, dem)
	g.sp[side][p] += n
	g.movedSP[side][p] += n
	if gen != nil {
		g.genAt[gen.id] = p
	}
	for _, sub := range subs {
		g.genAt[sub.id] = p
	}
	if dem {
		g.demoral[side][p] = true
	} else {
		delete(g.demoral[side], p) // Generals are never Demoralized (12.1)
	}
	g.tidy(side, p) // a force all of whose SPs fell arrives as nothing
	if g.sp[side][p] > 0 {
		g.clearEnemyMarker(side, p)
		g.catchLoneGenerals(side, p)
		g.takeCoastal(side, p)
		g.takeIsland(side, p) // islands.go
	}
	g.touch(p)
}

// tidy clears what a hex holds for side once it has no SPs there (its
// demoralization once it has nothing there).
func (g *game) tidy(side string, p rules.Point) {
	if g.sp[side][p] > 0 {
		return
	}
	defer g.settlePorts(p) // the side left: a port may change hands (14.4.2)
	// Foraging markers and Surrender Points mark SPs (13.5.5, 13.6.3): a
	// General left without SPs keeps neither; a Fort keeps its group's
	// points (13.6.5, surrender.go).
	delete(g.forage[side], p)
	if g.fortAt(side, p) == 0 {
		delete(g.surrPts[side], p)
	}
	if len(g.generalsAt(side, p)) > 0 {
		return
	}
	delete(g.sp[side], p)
	delete(g.demoral[side], p)
}
