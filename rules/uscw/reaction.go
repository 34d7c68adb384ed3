package uscw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Reaction Movement (9.0, U559-662): the Zone of Influence (9.1), and the
// non-Phasing player's Interception (9.2) and Avoid Battle (9.3) with
// their DRMs (9.4). A MOVE walks its path hex by hex; before the force
// enters a hex where the other side may react, the engine stops in the
// stage "reaction" and the reacting side answers (intercept, avoid-battle
// or pass); a Cavalry force that was intercepted answers backup or attack
// (8.2). The moving force is off the map meanwhile, held in g.pending.

// pendingMove is a MOVE under way: the force, its path, and the
// reactions already asked at the hex it is about to enter.
type pendingMove struct {
	side    string
	gen     *general
	subs    []*general
	n       int
	dem     bool
	start   rules.Point
	pts     []rules.Point // the path
	i       int           // the index of the hex about to be entered
	at      rules.Point   // the hex the force stands in
	asked   int           // i+1 once the reactions at pts[i] were offered
	tried   bool          // the Interceptions at pts[i] were declared (9.2.3)
	avoided map[string]bool
	// the defender in pts[i] failed to Avoid Battle: no terrain or
	// Fortification DRM in its battle (9.3.3)
	avoidFailed bool
	// the defender intercepted into pts[i] while it was vacant (11.5.2)
	intoVacant bool
	backup     bool // an intercepted Cavalry force chooses: back up or attack (8.2)
	// what the MOVE plays when it ends (move.go's march): the force as it
	// set out (11.7), the MPs spent once each hex of pts is entered, the
	// Entrenchments it builds on the way (10.1.2) with the hexes entered
	// before each, and its Foraging marker (13.5.5)
	f        force
	spentAt  []int
	dig      []rules.Point
	digK     []int
	marks    []rules.Point // the Control markers it places (6.2.1, marking.go)
	marksK   []int
	foraging bool
	// land: the pending MOVE is a Naval Transport's landing in pts[0],
	// stopped for 10.3.2's automatic reaction (U1622); land plays the
	// landing once the reaction is answered (transport.go)
	land func()
	// the pick-ups and drop-offs (7.5), how many hexes of pts the force
	// has entered at each, the force after each, and how many are played
	plan   []handoff
	planK  []int
	shapes []forceShape
	played int
	off    bool // the path ends off the map (5.1.4, offmap.go)
}

// forceShape is the moving force after a pick-up or drop-off (7.5).
type forceShape struct {
	gen   *general
	subs  []string
	n, ma int
}

// handOff plays the pick-ups and drop-offs of the pending MOVE in the
// hex it stands in (7.5, U476-487): a force stopped short of a hex (a
// reaction, 8.2's Backup) never plays those planned there.
func (g *game) handOff() {
	pm := g.pending
	j := pm.played
	for j < len(pm.plan) && pm.planK[j] <= pm.i {
		j++
	}
	if j == pm.played {
		return
	}
	sh := pm.shapes[j-1]
	pm.dem = g.playHandoffs(pm.side, &moving{gen: sh.gen, ma: sh.ma, plan: pm.plan[pm.played:j]}, pm.dem)
	pm.played = j
	pm.gen, pm.n, pm.subs = sh.gen, sh.n, nil
	if sh.gen != nil {
		delete(g.genAt, sh.gen.id)
	}
	for _, id := range sh.subs {
		pm.subs = append(pm.subs, g.gens[id])
		delete(g.genAt, id) // a General picked up moves with the force
	}
	pm.f.gen, pm.f.n, pm.f.ma, pm.f.subs = sh.gen, sh.n, sh.ma, sh.subs
	if pm.n == 0 && pm.dem {
		pm.dem = false
		g.say("12.4", "the General leaves his Demoralized SPs: he recovers at once (U925)")
	}
}

// commander is the Commanding General of side's stack in p: the highest
// rank, a Cavalry General only when no other General is there (8.4). Of
// equal highest ranks "the owning player may choose, between those, who
// will command" (7.2.2, U441): the General designated since the stack
// was last activated (7.2.4, command.go), else, unless a script names him (an
// Interception names its General, an Avoid Battle its `unit`), the one
// with the best Defense Rating, which is all a stack's command changes
// while it is not activated (9.4.1's "+? the Commanding General's
// Defense Rating", U644; the battle's choice is battlegenerals.go's).
func (g *game) commander(side string, p rules.Point) *general {
	if d := g.designatedAt(side, p); d != nil { // 7.2.4 (command.go)
		return d
	}
	cs := g.commandChoices(side, p)
	if len(cs) == 0 {
		return nil
	}
	best := cs[0]
	for _, c := range cs[1:] {
		if c.defense > best.defense {
			best = c
		}
	}
	return best
}

// commandChoices lists the Generals of side's stack in p who may command
// it (7.2.2, U441): the highest rank, in rank order (8.4: a Cavalry
// General only when no other General is there).
func (g *game) commandChoices(side string, p rules.Point) []*general {
	gs := g.generalsAt(side, p)
	for i, c := range gs {
		if c.rank != gs[0].rank || c.cavalry != gs[0].cavalry {
			return gs[:i]
		}
	}
	return gs
}

// namedCommander is the General a script names to command side's stack
// in p (7.2.2, U441: "If there is more than one high-ranking General, then
// the owning player may choose, between those, who will command"), or the
// default (commander) when it names none; one other than the General
// designated since the stack was last activated is refused (7.2.4, U445).
func (g *game) namedCommander(side string, p rules.Point, id string) (*general, error) {
	if id == "" {
		return g.commander(side, p), nil
	}
	gen := g.gens[id]
	if gen == nil {
		return nil, fmt.Errorf("no General %q in the counters", id)
	}
	cs := g.commandChoices(side, p)
	if at, on := g.genAt[id]; !on || at != p || gen.side != side {
		return nil, refuse("7.2.2", "%s is not a %s General in %s", gen.name, side, g.e.b.ids[p])
	}
	if !slices.Contains(cs, gen) {
		return nil, refuse("7.2.2", "%s (%d-star) is outranked by %s (%d-star) in %s: 'the highest ranking General must be designated the Commanding General' (U441)", gen.name, gen.rank, cs[0].name, cs[0].rank, g.e.b.ids[p])
	}
	if d := g.designatedAt(side, p); d != nil && d != gen {
		return nil, refuse("7.2.4", "%s is the designated Commanding General of the stack in %s: 'The owning player may switch the Commanding General of a stack each time a stack is activated' (U445), and a reaction is no activation; %s may not take the command", d.name, g.e.b.ids[p], gen.name)
	}
	return gen, nil
}

// interceptors lists the hexes whose stacks may try to intercept into p:
// a General (7.8: never the intrinsic one) whose stack, or who alone
// (7.6, U490), has p in its ZOI (9.2.1, U578); and the stacks, with or
// without a General, that 10.3.2's automatic reaction links to p (U739).
func (g *game) interceptors(p rules.Point) []rules.Point {
	pm := g.pending
	if pm == nil || pm.tried || pm.n == 0 {
		return nil
	}
	react := other(pm.side)
	var out []rules.Point
	for id, q := range g.genAt { // fewer Generals than hexes: the cheap side to walk
		if gen := g.gens[id]; gen != nil && gen.side == react && !slices.Contains(out, q) && pm.land == nil && g.zoi(react, q, p) {
			out = append(out, q)
		}
	}
	for _, q := range g.autoPartners(react, p) { // 10.3.2 (U739): SPs alone too
		if !slices.Contains(out, q) && (g.sp[react][q] > 0 || g.commander(react, q) != nil) {
			out = append(out, q)
		}
	}
	sortPoints(out) // map order is random: the listing must not be
	return out
}

// mayAvoid reports whether the stack in p may try to Avoid Battle now:
// it has a General (9.3.1, U605), or SPs that 10.3.2's automatic
// reaction links to another space (U739), the active force is about to
// enter its hex, and no Interception into the hex has succeeded (U634).
func (g *game) mayAvoid(p rules.Point) bool {
	pm := g.pending
	if pm == nil || pm.backup || pm.n == 0 {
		return false
	}
	for id, q := range g.genAt {
		if q == p && g.gens[id] != nil && g.gens[id].side != pm.side {
			return true
		}
	}
	react := other(pm.side)
	return g.sp[react][p] > 0 && len(g.autoPartners(react, p)) > 0
}

// offerReactions reports whether the reacting side has a choice before
// the force enters p.
func (g *game) offerReactions(p rules.Point) bool {
	return len(g.interceptors(p)) > 0 || g.mayAvoid(p) && len(g.avoidTargets(p)) > 0
}

// advance walks the pending MOVE on: it stops where the other side may
// react, and ends the move in a battle or at the path's end.
func (g *game) advance() {
	pm := g.pending
	if pm.land != nil { // a landing: the reaction answered, it lands (transport.go)
		g.pending, g.stage = nil, stPlayer
		pm.land()
		return
	}
	enemy := other(pm.side)
	for pm.i < len(pm.pts) && g.err == nil {
		p := pm.pts[pm.i]
		if pm.asked != pm.i+1 {
			pm.asked, pm.tried, pm.avoidFailed, pm.intoVacant = pm.i+1, false, false, false
			if g.offerReactions(p) {
				g.stage = stReact
				ways := "intercept, avoid-battle or pass"
				if g.e.maneuver {
					ways = "intercept, maneuver, avoid-battle or pass" // Optional 5
				}
				g.say("9.0", "the %s force is about to enter %s: the %s may react (%s)", pm.side, g.e.b.ids[p], enemy, ways)
				return
			}
		}
		if g.defended(enemy, p) {
			g.finishMove(&p)
			return
		}
		pm.at = p
		pm.i++
		g.handOff()
	}
	g.finishMove(nil)
}

// finishMove ends the pending MOVE where it stands, or in a battle in
// the hex it is about to enter: the hexes entered are invaded, the
// Entrenchments built on the way placed, the battle fought (11.5's limit
// across a Navigable River, 11.7's moving on), the Foraging marker
// carried.
func (g *game) finishMove(battleAt *rules.Point) {
	pm := g.pending
	side, b := pm.side, g.e.b
	g.stage = stPlayer
	passed := pm.pts[:pm.i]
	for _, p := range passed {
		g.clearEnemyMarker(side, p)
	}
	for _, p := range passed {
		g.invade(side, p)
	}
	for k, p := range pm.dig {
		if pm.digK[k] <= pm.i { // built in a hex the force reached
			g.placeEntrenchment(side, p)
		}
	}
	for k, p := range pm.marks {
		if pm.marksK[k] <= pm.i { // placed in a hex the force reached
			g.placeMarkerOnMove(side, p)
		}
	}
	what := fmt.Sprintf("%s", spCount(pm.n))
	if pm.gen != nil {
		what = fmt.Sprintf("%s with %s", pm.gen.name, spCount(pm.n))
	}
	if battleAt != nil {
		g.invade(side, *battleAt)
		g.say("11.1.1", "%s enters %s, which holds %s%s: battle", what, b.ids[*battleAt], spKind(g.sp[other(side)][*battleAt], "enemy"), fortNote(g.fortAt(other(side), *battleAt)))
		inBattle := g.acrossRiverLimit(side, pm.gen, pm.at, *battleAt, pm.n, pm.intoVacant)
		g.fight(side, pm.gen, pm.subs, pm.n, inBattle, pm.dem, pm.at, *battleAt)
		if acrossNavigable(b, pm.at, *battleAt) && g.last != nil {
			g.foughtAcross = g.last.aSP // for the invariant checker (11.5.1)
		}
		g.mayContinue(pm.f, pm.subs, *battleAt, pm.spentAt[pm.i], inBattle)
	}
	left := battleAt == nil && pm.off && pm.i == len(pm.pts)
	switch {
	case left:
		g.leaveMap(pm) // its Foraging marker goes with it
	case battleAt == nil:
		before := g.commander(side, pm.at)
		g.arrive(side, pm.gen, pm.subs, pm.n, pm.dem, pm.at)
		g.combine(side, pm.at, before, pm.gen) // 7.2.4 1) and 2) (U447-449)
	}
	g.pending = nil
	if pm.foraging && !left {
		g.carryForaging(side, pm.gen, pm.at, battleAt)
	}
	// The hex left reverts only now, the move and its battle done (6.3, U390).
	g.tidy(side, pm.start)
	g.touch(pm.start)
}

// terrainDenied reports the 9.3.3 penalty (U626): the defender in p
// failed to Avoid Battle and has no terrain DRM in this battle.
func (g *game) terrainDenied(p rules.Point) bool {
	pm := g.pending
	return pm != nil && pm.avoidFailed && pm.i < len(pm.pts) && pm.pts[pm.i] == p
}

// inTransit is the SPs of side off the map in a pending MOVE.
func (g *game) inTransit(side string) int {
	if pm := g.pending; pm != nil && pm.side == side {
		return pm.n
	}
	return 0
}

// The kinds of reaction roll.
const (
	kIntercept = iota
	kAvoid
	kManeuver // Optional 5
)

// reactionDRM sums the 9.4.1 modifiers (U642-649) of the stack in q
// reacting across the hexside q-p with the Generals force, its
// Commanding General first (7.2.2: an Interception's named General, an
// Avoid Battle's chosen one): his Defense Rating; +2 for a Cavalry
// General in force (8.2; "if a Cavalry Unit is making the
// Interception/Avoid Battle or if a Cavalry General is present in the
// force", U645: the Generals who react, not those left behind in q, so
// the example of U659's C, Beauregard at +1) or else +2 Picket
// Line (an Interception into a hex holding friendly SPs); +1 Momentum (an
// Avoid Battle of a Demoralized stack, or one a General of force has
// already avoided with in this activation); -1 across an unbridged Minor River or a bridged
// Navigable River (bridges.go; no reaction crosses an unbridged one);
// -1 across a Mountain hexside by a Pass or Rail Gap, -2 without.
func (g *game) reactionDRM(q, p rules.Point, kind int, force []*general, why *[]string) int {
	avoid := kind == kAvoid
	react := other(g.pending.side)
	drm := 0
	add := func(v int, what string) {
		drm += v
		*why = append(*why, fmt.Sprintf("%+d %s", v, what))
	}
	if len(force) > 0 { // the force's Commanding General, first (7.2.2)
		add(force[0].defense, force[0].name+"'s Defense Rating")
	}
	switch {
	case slices.ContainsFunc(force, cavalryBenefit): // the force's, not the hex's (U645)
		add(2, "Cavalry (8.2)")
	case kind == kIntercept && g.sp[react][p] > 0: // not for Maneuver (U1755)
		add(2, "Picket Line")
	}
	if avoid && (g.demoral[react][q] || slices.ContainsFunc(force, func(c *general) bool { return g.pending.avoided[c.id] })) {
		add(1, "Momentum")
	}
	kinds := g.e.b.topo.Side(q, p)
	switch {
	case slices.Contains(kinds, "minor-river") && !g.minorBridged(q, p):
		add(-1, "Rivers (an unbridged Minor River)")
	case acrossNavigable(g.e.b, q, p) && g.barrier(react, q, p) == "":
		add(-1, "Rivers (a bridged Navigable River)") // none crosses an unbridged one (9.1 A)
	}
	switch {
	case slices.Contains(kinds, "mountain-pass") || slices.Contains(kinds, "railroad-gap"):
		add(-1, "Mountain hexside by a Pass or Rail Gap")
	case slices.Contains(kinds, "mountain"):
		add(-2, "Mountain hexside")
	}
	return drm
}

// reactionRoll rolls 2d6 with the DRMs: 9 or more succeeds (9.2.2, U580;
// 9.3.2, U611).
func (g *game) reactionRoll(what string, q, p rules.Point, kind int, force []*general) bool {
	var why []string
	drm := g.reactionDRM(q, p, kind, force, &why)
	r := g.roll(2, what)
	ok := r+drm >= 9
	rule, verdict := "9.2.2", map[bool]string{true: "succeeds", false: "fails"}[ok]
	switch kind {
	case kAvoid:
		rule = "9.3.2"
	case kManeuver:
		rule = "Optional 5"
	}
	g.say(rule, "%s: 2d6 %d %+d = %d (%s), 9 or more needed: %s", what, r, drm, r+drm, strings.Join(why, ", "), verdict)
	return ok
}

// reactor is the side to answer in the reaction stage: the non-Phasing
// player, or the Phasing player choosing a Cavalry Backup (8.2).
func (g *game) reactor() string {
	if g.pending != nil && g.pending.backup {
		return g.pending.side
	}
	return other(g.phasing)
}

// reactCandidates lists the bots' choices in the reaction stage: pass
// first, then each stack's Interception (its Commanding General with
// every SP he may carry), then each Avoid Battle hex; or backup and
// attack for an intercepted Cavalry force.
func (g *game) reactCandidates(out []candidate) []candidate {
	pm := g.pending
	if pm.backup {
		return append(out, candidate{react: rAttack}, candidate{react: rBackup})
	}
	out = append(out, candidate{react: rPass})
	p := pm.pts[pm.i]
	react := other(pm.side)
	for _, q := range g.interceptors(p) {
		cs := g.commandChoices(react, q)
		if len(cs) == 0 {
			if _, err := g.declareAutoSPs(p, q, -1); err == nil {
				out = append(out, candidate{react: rIntercept, from: q})
			}
			continue
		}
		for _, c := range cs { // the owner's choice of equal ranks (7.2.2)
			if _, err := g.declareInterception(p, c.id, -1, nil); err == nil {
				out = append(out, candidate{react: rIntercept, general: c.id})
			}
		}
	}
	if g.e.maneuver && !pm.tried {
		for _, q := range g.interceptors(p) {
			c := g.commander(react, q)
			if c == nil || !g.zoi(react, q, p) { // Maneuver needs the ZOI and a roll (U1750)
				continue
			}
			if _, err := g.declareInterception(p, c.id, -1, nil); err != nil {
				continue
			}
			for _, m := range g.maneuverTargets(q, p) {
				out = append(out, candidate{react: rManeuver, general: c.id, dst: g.e.b.index[m]})
			}
		}
	}
	if g.mayAvoid(p) {
		cs := g.commandChoices(react, p)
		if g.designatedAt(react, p) != nil {
			cs = nil // the stack's Commanding General is designated (7.2.4, command.go)
		}
		for _, r := range g.avoidTargets(p) {
			if len(cs) < 2 {
				out = append(out, candidate{react: rAvoid, dst: g.e.b.index[r]})
				continue
			}
			for _, c := range cs { // the owner's choice of equal ranks (7.2.2)
				out = append(out, candidate{react: rAvoid, dst: g.e.b.index[r], general: c.id})
			}
		}
	}
	return out
}

func (g *game) describeReaction(c candidate) string {
	to := g.e.b.ids[g.e.b.order[c.dst]]
	switch c.react {
	case rIntercept:
		if c.general == "" {
			return "intercept sps@" + g.e.b.ids[c.from]
		}
		return "intercept " + c.general
	case rAvoid:
		if c.general != "" {
			return "avoid-battle " + to + " " + c.general
		}
		return "avoid-battle " + to
	case rManeuver:
		return "maneuver " + c.general + " " + to
	}
	return reactNames[c.react]
}

func (g *game) playReaction(c candidate) error {
	to := g.e.b.ids[g.e.b.order[c.dst]]
	switch c.react {
	case rIntercept:
		if c.general == "" {
			return g.intercept("sps", g.e.b.ids[c.from], -1, nil, nil)
		}
		return g.intercept(c.general, "", -1, nil, nil)
	case rAvoid:
		return g.avoidBattle(to, c.general)
	case rManeuver:
		return g.maneuver(c.general, -1, nil, to, nil)
	case rBackup, rAttack:
		return g.backUp(c.react == rBackup)
	}
	return g.reactPass()
}

// pathEntersZOI reports whether the last search's cheapest path from
// start to dst enters a hex in an enemy ZOI (7.6: a General without SPs
// may not).
func (g *game) pathEntersZOI(side string, start rules.Point, dst int) bool {
	b, s := g.e.b, g.scratch()
	from := b.index[start]
	for at := dst; at != from; at = s.prev[at] {
		if g.inEnemyZOI(side, b.order[at]) {
			return true
		}
	}
	return false
}

// reactKind is a bot's reaction candidate (kept small: the bots list
// thousands of candidates).
type reactKind uint8

const (
	rNone reactKind = iota
	rPass
	rIntercept
	rAvoid
	rManeuver
	rBackup
	rAttack
)

var reactNames = []string{"", "pass", "intercept", "avoid-battle", "maneuver", "backup", "attack"}
