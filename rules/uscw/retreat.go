package uscw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Retreat (11.6, U854-891): the defender's two hexes, their
// restrictions (11.6.4) and the priorities of 11.6.3 among the legal
// paths, with Coastal Forts (coastal.go), and pushing aside an enemy
// force seven times smaller (11.6.5, pushAside). Not played: Islands (not
// on the engine's board).

// zoi reports whether a unit of owner in q exerts its Zone of Influence
// into p (9.1, U565-570): an adjacent hex, not across an unbridged
// Navigable River or impassable hexside (bridges.go: a railroad bridge
// the owner may use bridges), not into a Resource/Objective Hex the
// owner's enemy controls, nor into a hex with the enemy's SPs or Fort.
// The one ZOI: retreats (11.6), reactions (9.2-9.4, reaction.go) and
// Railroad Control (6.5, railcontrol.go, which passes the hexside's fixed
// facts the board compiled) read it.
func (g *game) zoi(owner string, q, p rules.Point) bool {
	b := g.e.b
	if q == p || !b.adjacent(q, p) {
		return false
	}
	return g.zoiAcross(owner, q, p, b.zoiHexside(q, p))
}

// The fixed facts of a hexside for 9.1: closed to any ZOI, open, or a
// railroad bridge over a Navigable River (open while the owner may use
// it, bridgedFor).
const (
	zoiOpen int8 = iota
	zoiShut
	zoiBridge
)

// zoiHexside is the hexside q-p's fixed facts for 9.1 (the board keeps
// them for its steps, step.zoi).
func (b *board) zoiHexside(q, p rules.Point) int8 {
	if b.hexes[p] == nil || b.coastalLink(q, p) != nil {
		return zoiShut // read: no ZOI across a Coastal Fort's water, "similar to a Navigable River" (U744)
	}
	switch kind, bridge := b.crossing(q, p); {
	case kind == "":
		return zoiOpen
	case bridge:
		return zoiBridge
	}
	return zoiShut
}

// zoiAcross is zoi for adjacent q and p whose hexside's fixed facts are
// kind (zoiHexside).
func (g *game) zoiAcross(owner string, q, p rules.Point, kind int8) bool {
	switch kind {
	case zoiShut:
		return false
	case zoiBridge:
		if !g.bridgedFor(owner, q, p) {
			return false
		}
	}
	enemy := other(owner)
	if h := g.e.b.hex(p); (h.Objective || h.BP != nil) && g.controller(p) == enemy {
		return false
	}
	return !g.defended(enemy, p)
}

// zoiHolders calls fn once for each hex whose units of owner exert a ZOI
// (SPs, a Fort or Militia: exertsZOI), in no set order.
func (g *game) zoiHolders(owner string, fn func(q rules.Point)) {
	for q, n := range g.sp[owner] {
		if n > 0 {
			fn(q)
		}
	}
	for q, w := range g.works {
		if w.fort == owner && owner != "" && g.sp[owner][q] == 0 {
			fn(q)
		}
	}
	for q := range g.milHex {
		if g.militiaIn(owner, q) && g.sp[owner][q] == 0 && g.fortAt(owner, q) == 0 {
			fn(q)
		}
	}
}

// inEnemyZOI reports p in the ZOI of any unit (SPs or Fort) of side's
// enemy.
func (g *game) inEnemyZOI(side string, p rules.Point) bool {
	return g.inEnemyZOIBut(side, p, nowhere)
}

// nowhere is no hex of any board: "leave out no hex".
var nowhere = rules.Point{Frame: -1, X: -1 << 30, Y: -1 << 30}

// inEnemyZOIBut is inEnemyZOI leaving out the units in hex skip (the
// attacker, whose ZOI 11.6.4 judges from the hex it attacked from).
func (g *game) inEnemyZOIBut(side string, p, skip rules.Point) bool {
	enemy := other(side)
	for _, q := range g.e.b.neighbors(p) {
		if q != skip && g.exertsZOI(enemy, q) && g.zoi(enemy, q, p) {
			return true
		}
	}
	return false
}

// retreatStep refuses a retreat step from a into p that 11.6.4 forbids
// (U871-884) for the pending retreat r of n SPs.
func (g *game) retreatStep(r *pendingRetreat, n int, a, p rules.Point) error {
	b, side := g.e.b, r.side
	enemy := other(side)
	if !b.adjacent(a, p) {
		return refuse("11.6.1", "%s is not adjacent to %s", b.ids[p], b.ids[a])
	}
	if p == r.from {
		return refuse("11.6.1", "the retreat leaves the battle hex %s", b.ids[p])
	}
	if b.coastal[a] != nil || b.coastal[p] != nil {
		return refuse("11.6.4", "the defender can never retreat 'Into or out of a Coastal Fort' (U877): %s-%s", b.ids[a], b.ids[p])
	}
	if g.sp[enemy][p] > 0 || g.zeroSP(enemy, p) {
		if err := g.pushable(r, n, a, p); err != nil {
			return err
		}
	}
	h := b.hexes[p]
	if h == nil || b.prohib[h.Terrain] {
		return refuse("11.6.4", "%s is prohibited terrain", b.ids[p])
	}
	if (h.Objective || h.BP != nil) && g.controller(p) == enemy {
		return refuse("11.6.4", "the defender can never retreat into an enemy-controlled Objective/Resource Hex, even if vacant (U874): %s", b.ids[p])
	}
	if k := g.barrier(side, a, p); k != "" {
		return refuse("11.6.4", "the defender can never retreat across an Impassable Mountain or unbridged Navigable River hexside (U875-876): %s-%s is %s", b.ids[a], b.ids[p], k)
	}
	// Reading: the hex the attacker entered the battle from is refused
	// with its ZOI: "Lee can retreat to A1, A2 or A3—outside of Grant's
	// ZOI" (the example at line 886) leaves none of the six hexes around
	// the battle hex but the three away from Grant's.
	if p == r.attackFrom || g.zoi(enemy, r.attackFrom, p) {
		return refuse("11.6.4", "%s was in the ZOI of the attacking stack, judged from the hex it entered the battle from, %s (U879; that hex itself too, a reading of the example at line 886)", b.ids[p], b.ids[r.attackFrom])
	}
	for _, q := range b.neighbors(p) {
		if m := g.sp[enemy][q]; q != r.attacker && m > 0 && m >= n && g.zoi(enemy, q, p) {
			return refuse("11.6.4", "%s is in the ZOI of %s in %s, as many as or more than the %d retreating (U880)", b.ids[p], spKind(m, "enemy"), b.ids[q], n)
		}
	}
	return nil
}

// pushable refuses a retreat of n SPs from a into p, a space holding
// enemy units, that may not push them aside: "If the retreating force
// has 7 times as many SPs as the enemy force, and that enemy force is not
// in a Fort, the retreating force may push the smaller force out of the
// way. The force that is pushed is moved one hex by the owning player
// following all the restrictions of Avoid Battle" (11.6.5, U889).
// Readings: a 0 SP force (a Militia, an intrinsic garrison) is not pushed
// (the garrison is the hex's own, 17.4; a Militia is not SPs to count
// seven times), and the force pushed needs a hex to go to (pushTargets).
func (g *game) pushable(r *pendingRetreat, n int, a, p rules.Point) error {
	b, enemy := g.e.b, other(r.side)
	m := g.sp[enemy][p]
	switch {
	case m == 0 || g.zeroSP(enemy, p):
		return refuse("11.6.4", "the defender can never retreat into a space that contains enemy units (U873): %s holds a 0 SP %s force (a Militia or intrinsic garrison, 17.2-17.4), which is not pushed aside (11.6.5, a reading)", b.ids[p], enemy)
	case n < 7*m:
		return refuse("11.6.4", "the defender can never retreat into a space that contains enemy SPs, unless those SPs can be pushed aside (U873): %s holds %s, and the retreating %s push them aside only with 7 times as many (11.6.5, U889)", b.ids[p], spCount(m), spCount(n))
	case g.fortAt(enemy, p) > 0:
		return refuse("11.6.4", "the defender can never retreat into a space that contains enemy SPs, unless those SPs can be pushed aside (U873): the %s SPs in %s are in a Fort (11.6.5: 'that enemy force is not in a Fort', U889)", enemy, b.ids[p])
	case len(g.pushTargets(r, a, p, nowhere)) == 0:
		return refuse("11.6.4", "the defender can never retreat into a space that contains enemy SPs, unless those SPs can be pushed aside (U873): the %s force in %s has no hex to be pushed into following the restrictions of Avoid Battle (11.6.5, U889)", enemy, b.ids[p])
	}
	return nil
}

// pushTargets lists, in board order, the hexes the enemy force in p may
// be pushed into by the retreat entering p from a and going on to next
// (nowhere if it stops in p): Avoid Battle's restrictions (9.3.2,
// U611-620) with the retreating force as the active one, judged from a;
// never into the battle hex, the attacker's, the retreat's next hex or a
// Coastal Fort (a reading: no Coastal Fort reaction is a push).
func (g *game) pushTargets(r *pendingRetreat, a, p, next rules.Point) []rules.Point {
	b, side := g.e.b, r.side
	pushed := other(side)
	n := g.sp[pushed][p]
	var out []rules.Point
	for _, t := range b.neighbors(p) {
		h := b.hexes[t]
		switch {
		case t == a || t == next || t == r.from || t == r.attacker || h == nil || b.prohib[h.Terrain] || b.coastal[t] != nil || b.coastalLink(p, t) != nil:
			continue
		case g.barrier(pushed, p, t) != "": // U613
			continue
		case (h.Objective || h.BP != nil) && g.controller(t) == side: // U614
			continue
		case g.zoi(side, a, t): // U615, judged from the hex the retreat enters p from
			continue
		}
		if e := g.sp[side][t]; g.defended(side, t) && (n < 7*e || e == 0 && n < 4) { // U616
			continue
		}
		shut := false
		for _, q := range b.neighbors(t) {
			if e := g.sp[side][q]; q != r.from && e > 0 && e >= n && g.zoi(side, q, t) { // U620
				shut = true
				break
			}
		}
		if !shut {
			out = append(out, t)
		}
	}
	return out
}

// pushAside moves the enemy force in p, entered by the retreat from a on
// its way to next, one hex: to, or the first hex in board order (11.6.5).
func (g *game) pushAside(r *pendingRetreat, a, p, next, to rules.Point, named bool) error {
	b, enemy := g.e.b, other(r.side)
	ts := g.pushTargets(r, a, p, next)
	dest := rules.Point{}
	switch {
	case len(ts) == 0:
		return refuse("11.6.5", "the %s force in %s has no hex to be pushed into (U889)", enemy, b.ids[p])
	case !named:
		dest = ts[0]
	case slices.Contains(ts, to):
		dest = to
	default:
		return refuse("11.6.5", "the %s force in %s may be pushed into %s (Avoid Battle's restrictions, U889), not %s", enemy, b.ids[p], strings.Join(idList(b, ts), ", "), b.ids[to])
	}
	m := g.sp[enemy][p]
	gens := g.generalsAt(enemy, p)
	g.shift(enemy, p, dest, m, gens)
	g.say("11.6.5", "the retreating %s pushes the %s force (%s, %s) aside from %s to %s", r.side, enemy, spCount(m), genCount(len(gens)), b.ids[p], b.ids[dest])
	return nil
}

// mayStop reports a hex where the defender's retreat may stop after one
// hex (11.6.1, U856): a friendly-controlled Objective or Resource Hex, a
// friendly Fortification, or more friendly SPs than the retreating n.
func (g *game) mayStop(side string, p rules.Point, n int) bool {
	h := g.e.b.hexes[p]
	return (h.Objective || h.BP != nil) && g.controller(p) == side || g.fortified(side, p) || g.sp[side][p] > n
}

// retreatPaths lists the defender's retreat paths 11.6 allows, in board
// order: the legal paths (11.6.1, 11.6.4), then only those best by the
// priorities of 11.6.3 (U860-869).
func (g *game) retreatPaths(r *pendingRetreat) [][]rules.Point {
	b := g.e.b
	n := g.sp[r.side][r.from]
	var stops, near, far [][]rules.Point
	for _, a := range b.neighbors(r.from) {
		if g.retreatStep(r, n, r.from, a) != nil {
			continue
		}
		if g.mayStop(r.side, a, n) {
			stops = append(stops, []rules.Point{a})
		}
		for _, c := range b.neighbors(a) {
			if g.retreatStep(r, n, a, c) != nil {
				continue
			}
			if g.sp[other(r.side)][a] > 0 && len(g.pushTargets(r, r.from, a, c)) == 0 {
				continue // the force pushed from a has no hex but c (11.6.5)
			}
			// "The second hex of a two hex retreat may not be adjacent to
			// the battle hex unless there is no other legal path" (U856).
			if b.adjacent(c, r.from) {
				near = append(near, []rules.Point{a, c})
			} else {
				far = append(far, []rules.Point{a, c})
			}
		}
	}
	legal := append(stops, far...)
	if len(far) == 0 {
		legal = append(legal, near...)
	}
	return g.bestRetreats(r, legal)
}

// bestRetreats keeps the paths that best satisfy 11.6.3's guidelines in
// order: 1 not into an enemy ZOI, 2 not across a Mountain hexside (a
// Pass or Rail Gap is no Mountain hexside here), 3 ending "in supply (Full
// or Limited)" (U867): the hex's supply state of 13.1, judged in the
// position before the retreat.
func (g *game) bestRetreats(r *pendingRetreat, paths [][]rules.Point) [][]rules.Point {
	if len(paths) < 2 {
		return paths
	}
	b := g.e.b
	score := func(path []rules.Point) int {
		zoi, mountain := false, false
		at := r.from
		for _, p := range path {
			zoi = zoi || g.inEnemyZOIBut(r.side, p, r.attacker)
			for _, k := range b.topo.Side(at, p) {
				mountain = mountain || k == "mountain"
			}
			at = p
		}
		s := 0
		if zoi {
			s += 4
		}
		if mountain {
			s += 2
		}
		if !g.inSupply(r.side, at) {
			s++
		}
		return s
	}
	best := -1
	var out [][]rules.Point
	for _, path := range paths {
		switch s := score(path); {
		case best < 0 || s < best:
			best, out = s, append(out[:0], path)
		case s == best:
			out = append(out, path)
		}
	}
	return out
}

// retreatTo plays the defender's retreat along path (11.6.1-11.6.4),
// pushing aside an enemy force on it (11.6.5) into the hex push names
// ("" the first legal one in board order).
func (g *game) retreatTo(path []string, push string) error {
	r := g.retreat
	if g.stage != stRetreat || r == nil {
		return refuse("11.6", "no force has to retreat now")
	}
	b := g.e.b
	if len(path) == 0 || len(path) > 2 {
		return refuse("11.6.1", "the defender retreats two hexes (or one into a friendly hex): give a path of 1 or 2 hexes, not %d", len(path))
	}
	side := r.side
	n := g.sp[side][r.from]
	var pts []rules.Point
	at := r.from
	for _, id := range path {
		p, err := b.locate(id)
		if err != nil {
			return err
		}
		if err := g.retreatStep(r, n, at, p); err != nil {
			return err
		}
		at = p
		pts = append(pts, p)
	}
	if len(pts) == 1 && !g.mayStop(side, at, n) {
		return refuse("11.6.1", "the defender must retreat two hexes; it may stop after one only in a friendly-controlled Objective or Resource Hex, a friendly Fortification, or a hex with more friendly SPs than the %d retreating (U856): %s is none of these", n, b.ids[at])
	}
	if !g.offeredRetreat(r, pts) {
		return refuse("11.6.3", "%s is not among the retreats the guidelines allow: 1 avoid an enemy ZOI, 2 avoid a Mountain hexside, 3 end in supply (U860-869), and a second hex not adjacent to the battle hex unless no other path (U856); allowed: %s", idsOf(b, pts), g.describeRetreats(r))
	}
	var pushTo rules.Point
	if push != "" {
		p, err := b.locate(push)
		if err != nil {
			return err
		}
		pushTo = p
	}
	pushes := 0
	for i, p := range pts {
		if g.sp[other(side)][p] == 0 {
			continue
		}
		a, next := r.from, nowhere
		if i > 0 {
			a = pts[i-1]
		}
		if i+1 < len(pts) {
			next = pts[i+1]
		}
		if err := g.pushAside(r, a, p, next, pushTo, push != ""); err != nil {
			return err
		}
		pushes++
	}
	if push != "" && pushes == 0 {
		return refuse("11.6.5", "the retreat %s pushes no enemy force aside: push names none", idsOf(b, pts))
	}
	gens := g.generalsAt(side, r.from)
	mover, before := g.commander(side, r.from), g.commander(side, at) // 7.2.4 ENEMY ACTION PHASE (U451)
	g.sp[side][r.from] = 0
	delete(g.demoral[side], r.from)
	if g.forage[side][r.from] {
		g.forage[side][at] = true // the marker goes with the stack (13.5.5)
	}
	dem := g.join(side, at, n, true)
	g.sp[side][at] += n
	for _, gen := range gens {
		g.genAt[gen.id] = at
	}
	if dem {
		g.demoral[side][at] = true
	} else {
		delete(g.demoral[side], at)
	}
	g.combine(side, at, before, mover)
	g.tidy(side, r.from)
	for _, p := range pts {
		g.clearEnemyMarker(side, p)
		g.invade(side, p)
	}
	g.clearEnemyMarker(other(side), r.from) // the victor holds the field
	g.catchLoneGenerals(side, at)
	g.touch(r.from)
	g.touch(at)
	g.say("11.6.1", "the %s retreats %s and %s from %s to %s%s", side, spCount(n), genCount(len(gens)), b.ids[r.from], b.ids[at], map[bool]string{true: ", Demoralized", false: ""}[dem])
	g.retreat = nil
	g.stage = stPlayer
	g.askSurvivors() // a victorious attacker without SPs (11.2.3, 11.2.4)
	return nil
}

func (g *game) offeredRetreat(r *pendingRetreat, pts []rules.Point) bool {
	for _, path := range g.retreatPaths(r) {
		if len(path) == len(pts) && (len(path) == 1 || path[1] == pts[1]) && path[0] == pts[0] {
			return true
		}
	}
	return false
}

func (g *game) describeRetreats(r *pendingRetreat) string {
	s := ""
	for i, path := range g.retreatPaths(r) {
		if i > 0 {
			s += ", "
		}
		s += idsOf(g.e.b, path)
	}
	return s
}

// idsOf writes a path of hexes: "3431-3432".
func idsOf(b *board, pts []rules.Point) string {
	return strings.Join(idList(b, pts), "-")
}

// idList is the hex ids of pts.
func idList(b *board, pts []rules.Point) []string {
	out := make([]string, len(pts))
	for i, p := range pts {
		out[i] = b.ids[p]
	}
	return out
}

// continuation is a victorious attacker that may move on (11.7).
type continuation struct {
	side      string
	gen       *general
	subs      []string
	at        rules.Point
	n, ma, mp int // its SPs, MA and the MPs it has spent
}

// mayContinue: "If the attacker wins the battle and his activated stack
// (not just the SPs that were allowed in the battle) was twice the size
// of the defender, then the attacker can continue moving. 1 SP is
// considered twice as many SPs as 0 SP" (11.7, U894); after an Automatic
// Displacement "The attacker may continue moving if the stack has any MPs
// remaining" (11.1.2, U773).
func (g *game) mayContinue(f force, subs []*general, at rules.Point, spent, inBattle int) {
	bt := g.last
	if bt == nil || spent >= f.ma || g.sp[f.side][at] == 0 {
		return
	}
	switch {
	case bt.winner == "displaced":
	case bt.winner == "attacker" && f.n >= 2*bt.dSP && f.n > 0:
	default:
		return
	}
	c := &continuation{side: f.side, gen: f.gen, at: at, n: g.sp[f.side][at], ma: f.ma, mp: spent}
	for _, s := range subs {
		c.subs = append(c.subs, s.id)
	}
	if f.gen == nil {
		c.n = min(c.n, f.n)
	}
	g.cont = c
	g.say("11.7", "the attacker won with %s against %d and has %d MP left: it may continue moving", spCount(f.n), bt.dSP, f.ma-spent)
}

// continueMove moves the force that may continue (11.7) along path.
func (g *game) continueMove(path []string) error {
	c := g.cont
	if c == nil || g.stage != stPlayer || c.side != g.phasing {
		return refuse("11.7", "no force may continue moving now: 'If the attacker wins the battle and his activated stack ... was twice the size of the defender, then the attacker can continue moving' (U894)")
	}
	return g.march(force{side: c.side, gen: c.gen, subs: c.subs, start: c.at, n: c.n, ma: c.ma, spent: c.mp, cont: true}, moveOrder{path: path})
}

// acrossRiverLimit is how many of n SPs may fight a battle across the
// hexside a-p (11.5, U838-844): 3 across a Navigable River, 1 if the
// defender has Naval Control of it and gen has no Naval Assist (19.6).
// intercepted: the defender intercepted into the vacant hex the force
// was crossing into, 11.5.2's Intercepted Crossing, which is a Direct
// Assault too; a railroad bridge changes nothing (U840).
func (g *game) acrossRiverLimit(side string, gen *general, a, p rules.Point, n int, intercepted bool) int {
	b := g.e.b
	if !acrossNavigable(b, a, p) {
		return n
	}
	if e, ok := b.railEdgeOf(a, p); ok && !e.ferry {
		g.say("11.5.1", "the railroad bridge %s-%s 'has no effect on the combat' (U840)", b.ids[a], b.ids[p])
	}
	if nc := g.navalControl(a, p); (nc == other(side) || nc == "both") && !g.assistsAcross(side, gen, a, p) {
		g.say("11.5.3", "the Navigable River %s-%s is under enemy Naval Control: only 1 SP may cross and attack (U844)", b.ids[a], b.ids[p])
		return min(n, 1)
	}
	if intercepted {
		g.say("11.5.2", "an Intercepted Crossing of the Navigable River %s-%s: 'it is considered a Direct Assault and the attacker may use no more than 3 SPs in the battle' (U842)", b.ids[a], b.ids[p])
	} else {
		g.say("11.5.1", "a Direct Assault across the Navigable River %s-%s: up to 18 SPs, no more than 3 in the battle (U838)", b.ids[a], b.ids[p])
	}
	return min(n, 3)
}

// canEntrenchOnMove refuses an Entrenchment built during movement that
// 10.1.2 forbids (U677, U680): a force of 2 or more SPs, 2 MPs.
func (g *game) canEntrenchOnMove(side string, at rules.Point, n, spent, ma int, dig []rules.Point) error {
	if n < 2 {
		return refuse("10.1.2", "only 'an activated force with 2 or more SPs may spend 2 MPs to build an Entrenchment' (U680), not %d", n)
	}
	if spent+2 > ma {
		return refuse("10.1.2", "building an Entrenchment costs 2 MPs (U680): %d spent of a Movement Allowance of %d", spent, ma)
	}
	for _, p := range dig {
		if p == at {
			return refuse("10.2.4", "the force already entrenches in %s", g.e.b.ids[at])
		}
	}
	return g.canEntrench(side, at)
}

// fortNote names an enemy Fort in a battle's log line.
func fortNote(level int) string {
	if level == 0 {
		return ""
	}
	return fmt.Sprintf(" and an F%d Fort", level)
}
