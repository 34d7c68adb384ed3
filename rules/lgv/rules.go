package lgv

import "fmt"

var sprintf = fmt.Sprintf

// present reports whether a unit is on the map.
func (g *game) present(u int) bool { return g.units[u].status == onMap }

// count returns the units of a side at a location: all, Fresh, and those
// counting against stacking (7.1).
func (g *game) count(side, loc int) (all, fresh int) {
	i := side*g.nLoc() + loc
	return int(g.occ[i]), int(g.freshOcc[i])
}

func (g *game) occupied(side, loc int) bool { return g.occ[side*g.nLoc()+loc] > 0 }

func (g *game) contested(loc int) bool { return g.occupied(union, loc) && g.occupied(confederate, loc) }

// free: Vacant of enemy units and friendly-Controlled (7.4, 7.5).
func (g *game) free(side, loc int) bool { return g.control[loc] == side && !g.occupied(1-side, loc) }

// stacked counts the units of a side against the stacking limit of 7.1:
// the kinds the module counts (Engine.stackKinds: Infantry, Artillery,
// Cavalry and Leaders, Union Engineers free), a Leader free with a unit
// of his command present, Hooker and Lee always.
func (g *game) stacked(side, loc int) int {
	k := &g.e.stackKinds[side]
	n := 0
	for kind := infantry; kind < leader; kind++ {
		if k[kind] {
			n += g.kindCount(side, kind, loc)
		}
	}
	if !k[leader] || g.kindCount(side, leader, loc) == 0 {
		return n
	}
	for _, u := range g.e.leaders[side] {
		if s := g.units[u]; s.status == onMap && s.loc == loc && g.leaderCounts(u, loc) {
			n++
		}
	}
	return n
}

// leaderCounts: Leader u counts against stacking at loc (7.1.3).
func (g *game) leaderCounts(u, loc int) bool {
	return !g.e.units[u].stackFree && !(g.e.stackFreeCmd && g.commandPresent(u, loc))
}

func (g *game) commandPresent(ldr, loc int) bool {
	side := g.e.hot[ldr].side
	at := g.unitsAt(loc)
	for u := nextBit(at, 0); u >= 0; u = nextBit(at, u+1) {
		if u != ldr && g.e.hot[u].side == side && g.units[u].status == onMap && g.units[u].loc == loc && g.e.hot[u].kind != leader && g.e.commands(ldr, u) {
			return true
		}
	}
	return false
}

// counts: unit u would count against stacking at loc (7.1.3: Union
// Engineers, Hooker and Lee, and Leaders with a unit of their command
// there stack free).
func (g *game) counts(u, loc int) bool {
	info := &g.e.units[u]
	switch {
	case !g.e.stackKinds[info.side][info.kind]:
		return false
	case info.kind == leader:
		return g.leaderCounts(u, loc)
	}
	return true
}

func (g *game) full(side, loc int) bool {
	limit := g.e.stackLimit[side]
	all, _ := g.count(side, loc)
	return all >= limit && !g.e.b.zone[loc] && g.stacked(side, loc) >= limit
}

// freshEnemyAdjacent: 8.2's 2 MF case, ignoring enemies across a Major
// Water Boundary and in Zones (14.1); count1 keeps the counts.
func (g *game) freshEnemyAdjacent(side, loc int) bool {
	return g.freshAdj[(1-side)*g.nLoc()+loc] > 0
}

// moveCost is the MF unit u spends to enter to from from (8.2), or why it may not
// (8.4, 14.1, 14.2) naming the case broken.
func (g *game) moveCost(u, from, to int, l *link) (int, string) {
	info := g.e.hot[u]
	side := int(info.side)
	b := g.e.b
	if l.prohibited {
		return 0, "LGV 14.2"
	}
	if g.attacked[to] {
		return 0, "LGV 8.2.1" // no more units enter an Area once attacked
	}
	// 8.4.2, 14.2, 8.4.6, 8.4.3 and the fordless or Confederate crossing
	// of 8.4.4 depend on the link alone (board.staticDeny).
	if d := l.deny[info.class]; d != 0 {
		return 0, denyCases[d]
	}
	if side == union && b.exitZones[to] && (!b.exitFrom[from] || g.control[from] != union) {
		return 0, "LGV 14.2.1"
	}
	germanna := l.germanna
	if l.boundary == majorWater || germanna {
		limit := 1
		if hasPair(g.pontoons0, from, to) { // "existed there at the beginning of the Union player's Impulse"
			limit = 5
		}
		n := g.crossed(from, to)
		if limit == 1 && g.e.opts.FordLimitPerImpulse {
			n = g.crossedUnbridged() // option ford-limit=per-impulse
		}
		if n >= limit {
			return 0, "LGV 8.4.4"
		}
	}
	if g.full(side, to) && g.counts(u, to) {
		return 0, "LGV 8.4.1"
	}
	if b.zone[to] && (g.moved[u] || !g.startedIn[u]) {
		return 0, "LGV 14.1" // a Zone is entered only from where the unit began the impulse
	}
	if g.contested(from) && !g.free(side, to) {
		return 0, "LGV 8.4.5"
	}
	enemy := g.occupied(1-side, to)
	if info.kind == leader && !enemy && g.control[to] != side && !g.accompanied(u, to) {
		return 0, "LGV 8.4.7"
	}
	if enemy && !g.canLead(side, to, u) {
		return 0, "LGV 9.4A" // no unit there could lead the attack
	}
	cost := 1
	switch {
	case germanna:
		if g.mfLeft[u] < g.mf(u) {
			return 0, "LGV 14.1.1"
		}
		cost = g.mf(u)
	case b.zone[to]:
		// "It costs 1 MP to move to/from a map Area to a Zone via the
		// double arrows" (3.1), enemy units there or not; leaving a Zone
		// pays "the entrance costs of that Area" (14.1).
		cost = 1
	case enemy:
		_, fresh := g.count(1-side, to)
		cost = 3
		if fresh > 0 {
			cost = 4
		}
		if !l.road {
			cost++
		}
	case g.freshEnemyAdjacent(side, to):
		cost = 2
	}
	if cost > g.mfLeft[u] {
		return 0, "LGV 8.2"
	}
	return cost, ""
}

// adjacent: 3.1 "Two Areas are adjacent to each other if they share a
// common boundary and units could move directly from one to another":
// not over a Major Water Boundary without a ford nor a prohibited boundary,
// unless the option adjacency=boundary says any common boundary.
func (g *game) adjacent(a, c int) bool {
	l, ok := g.e.b.linkOf(a, c)
	return ok && g.adjacentLink(l)
}

func (g *game) adjacentLink(l *link) bool {
	if g.e.opts.AdjacentAcrossWater {
		return true
	}
	return !l.prohibited && (l.boundary != majorWater || l.ford || l.germanna)
}

// accompanied: a non-Leader friendly unit is already in the Area (8.4.7).
func (g *game) accompanied(ldr, loc int) bool {
	side := g.e.units[ldr].side
	all, _ := g.count(side, loc)
	return all > g.kindCount(side, leader, loc)+g.kindCount(side, engineer, loc)
}

// canLead: after u enters, some unit attacking there could be the Lead
// Attacking Unit (9.4A, 4.2.1, 4.2.5).
func (g *game) canLead(side, loc, u int) bool {
	if g.eligibleLead(u) {
		return true
	}
	for _, v := range g.activeUnits { // the units that may have moved this impulse
		if g.units[v].status == onMap && g.units[v].loc == loc && g.moved[v] && g.eligibleLead(v) {
			return true
		}
	}
	return false
}

func (g *game) eligibleLead(u int) bool {
	k := g.e.hot[u].kind
	return k != leader && k != artillery
}

func (g *game) mf(u int) int {
	h := g.e.hot[u]
	m := int(h.mf)
	if g.confBonus && h.side == confederate && m == 5 {
		m++
	}
	return m
}

func (g *game) pontoonAt(a, b int) bool { return hasPair(g.pontoons, a, b) }

func hasPair(pairs [][2]int, a, b int) bool {
	a, b = min(a, b), max(a, b)
	for _, p := range pairs {
		if p == [2]int{a, b} {
			return true
		}
	}
	return false
}

// crossedUnbridged counts the crossings this impulse at fords without a
// Pontoon Bridge from the start of the impulse.
func (g *game) crossedUnbridged() int {
	n := 0
	for i := 0; i < len(g.crossings); i += 2 { // pairs, lower location first
		if !hasPair(g.pontoons0, g.crossings[i], g.crossings[i+1]) {
			n++
		}
	}
	return n
}

func (g *game) crossed(a, b int) int {
	a, b = min(a, b), max(a, b)
	n := 0
	for i := 0; i < len(g.crossings); i += 2 {
		if g.crossings[i] == a && g.crossings[i+1] == b {
			n++
		}
	}
	return n
}

// enter moves u into to, with control changes (7.2), entrenchment capture
// (15.2) and Pontoon Bridge removal (16.3).
func (g *game) enter(u, from, to int) {
	side := g.e.units[u].side
	g.setLoc(u, to)
	if l, _ := g.e.b.linkOf(from, to); l.boundary == majorWater || l.ford {
		g.crossings = append(g.crossings, min(from, to), max(from, to))
	}
	if !g.occupied(1-side, to) {
		g.takeControl(side, to, false)
	}
	if g.control[from] == side && !g.occupied(side, from) && g.occupied(1-side, from) {
		// 7.2: the last friendly unit left a Contested Area; the enemy
		// units there now hold a Vacant Area Controlled by their enemy.
		g.setControl(1-side, from)
	}
}

// takeControl gives side Control of loc and deals with the enemy Entrench
// marker there (15.2). assault: the Area was cleared by an Assault, where
// "an enemy Entrench +1 or Entrench +2 marker may be replaced by a friendly
// Entrench +1 marker at the discretion of the attacking player" (line 735),
// only "if ... there are no friendly Entrench markers already in the
// Area": the marker stays until the attacker replaces it (a capture,
// offered while the activation lasts), and stays for good if he does not.
// A unit entering an Area with no enemy unit to assault removes the enemy
// marker in any case ("that entrenchment marker is removed") and "a
// friendly Entrench +1 marker may be placed at the moving player's
// discretion": a capture too. Either is offered only while the side has a
// marker left (15.0).
func (g *game) takeControl(side, loc int, assault bool) {
	g.setControl(side, loc)
	if g.ent(1-side, loc) == 0 || assault && g.ent(side, loc) > 0 {
		return
	}
	if !assault {
		g.setEntrench(loc, 0, 1-side)
		if g.logOn {
			g.logf("the %s Entrench marker in %s is removed (15.2)", sideNames[1-side], g.e.b.ids[loc])
		}
	}
	if g.ent(side, loc) == 0 && !contains(g.captures, loc) {
		g.captures = append(g.captures, loc)
	}
}

// canCapture: side may place a friendly Entrench +1 in loc now (15.2):
// an Area it Controls where it has no marker, with a marker left.
func (g *game) canCapture(side, loc int) bool {
	return g.control[loc] == side && g.ent(side, loc) == 0 && g.entrenchLeft(side)
}

// capture places side's Entrench +1 in loc, replacing the enemy's (15.2).
func (g *game) capture(side, loc int) {
	g.captures = remove(g.captures, loc)
	g.setEntrench(loc, 0, 1-side)
	g.setEntrench(loc, 1, side)
	if g.logOn {
		g.logf("%s places an Entrench +1 marker in %s (15.2)", sideNames[side], g.e.b.ids[loc])
	}
}

// setControl changes Control (7.2); a Confederate-Controlled Area loses
// its Pontoon Bridges (16.3).
func (g *game) setControl(side, loc int) {
	if g.control[loc] != side {
		g.control[loc] = side
		if g.logOn {
			g.logf("%s takes control of %s", sideNames[side], g.e.b.ids[loc])
		}
		if side == confederate {
			kept := g.pontoons[:0]
			for _, p := range g.pontoons {
				if p[0] != loc && p[1] != loc {
					kept = append(kept, p)
				}
			}
			g.pontoons = kept
		}
	}
}

// retreat moves a unit by the priorities of 11.2.2 (or into prefer, the
// Area it came from, when not none), eliminating it when it cannot
// (11.2.4). Ties between equal choices go to the lowest location index:
// the owner's choice, made for him.
func (g *game) retreat(u, prefer int) {
	side := g.e.units[u].side
	at := g.units[u].loc
	visited := []int{at}
	if prefer != none && !g.canRetreatInto(u, at, prefer) { // 11.2: only into the Area it entered from (11.2.4, 16.2)
		g.eliminate(u, "LGV 11.2.4")
		return
	}
	if prefer != none {
		if !g.full(side, prefer) || !g.counts(u, prefer) {
			g.moveRetreat(u, at, prefer)
			return
		}
		// The Area it entered from is full: "subsequent units must continue
		// their retreat to another Area ... follow the Retreat Priorities to
		// determine the second (or more) Areas" (11.2.1): into it and on
		// from there, as through any full Area (11.2.2D), not sideways from
		// the attacked Area.
		if !g.retreatGoesOn(u, prefer, visited, 8) {
			g.eliminate(u, "LGV 11.2.4")
			return
		}
		g.moveRetreat(u, at, prefer)
		visited = append(visited, prefer)
		at = prefer
	}
	// At most 8 steps, and 8 full Areas deep for retreatGoesOn: more full
	// Areas than the counters can fill (41 Union counters at 6 an Area,
	// 49 Confederate at 10: 7.1.1, 7.1.2), so the bound never cuts a retreat.
	for step := 0; step < 8; step++ {
		best, bestRank := g.retreatStep(u, at, visited)
		if best == none {
			break
		}
		g.moveRetreat(u, at, best)
		if bestRank != 4 {
			return
		}
		visited = append(visited, best)
		at = best
	}
	g.eliminate(u, "LGV 11.2.4")
}

// retreatStep is where a unit retreating from at goes next by the
// priorities of 11.2.2, and the priority it went by (4: a full Area it
// must retreat on from); none when it can go nowhere. A Zone is an Area
// here (3.1): 14.5's Zone "even if this would violate normal retreat
// priorities" is the owner's choice, offered beside this (zoneRetreats).
func (g *game) retreatStep(u, at int, visited []int) (best, bestRank int) {
	side := g.e.units[u].side
	best, bestRank, bestAdj := none, 99, 99
	for _, l := range g.e.b.adj[at] {
		to := l.to
		if contains(visited, to) || !g.canRetreatIntoLink(u, at, l) {
			continue
		}
		rank, adjEnemy := 99, 0
		switch {
		case g.full(side, to) && g.counts(u, to):
			if !g.retreatGoesOn(u, to, visited, 8) {
				continue // a full Area that leads nowhere is no way out (11.2.2D, 11.2.4)
			}
			rank = 4
		case g.free(side, to):
			rank = 1
			for i := range g.e.b.adj[to] {
				m := &g.e.b.adj[to][i]
				if g.adjacentLink(m) && g.control[m.to] != side {
					adjEnemy++
				}
			}
		case g.contested(to) && g.control[to] == side:
			rank = 2
		case g.contested(to):
			rank = 3
		}
		if rank < bestRank || rank == bestRank && adjEnemy < bestAdj {
			best, bestRank, bestAdj = to, rank, adjEnemy
		}
	}
	return best, bestRank
}

// zoneRetreats lists, into buf, the Zones unit u may retreat into from
// where it stands under 14.5 ("A unit may retreat into a
// friendly-Controlled, Vacant Zone, even if this would violate normal
// retreat priorities", line 721), other than the one the priorities of
// 11.2.2 already give: each a choice of the retreating unit's owner.
func (g *game) zoneRetreats(u int, buf []int) []int {
	buf = buf[:0]
	at := g.units[u].loc
	if at == none || g.units[u].status != onMap {
		return buf
	}
	side := g.e.units[u].side
	for _, l := range g.e.b.adj[at] {
		if g.e.b.zone[l.to] && g.free(side, l.to) && g.canRetreatIntoLink(u, at, l) {
			buf = append(buf, l.to)
		}
	}
	if len(buf) == 0 {
		return buf
	}
	if best, _ := g.retreatStep(u, at, []int{at}); best != none {
		buf = remove(buf, best)
	}
	return buf
}

// retreatIntoZone moves u into the Zone z its owner chose (14.5).
func (g *game) retreatIntoZone(u, z int) {
	g.moveRetreat(u, g.units[u].loc, z)
}

// retreatGoesOn: a unit forced into the full Area from can retreat on from
// there, through more full Areas if need be, to an Area where it may end
// its retreat (11.2.2D).
func (g *game) retreatGoesOn(u, from int, visited []int, depth int) bool {
	if depth == 0 {
		return false
	}
	visited = append(visited[:len(visited):len(visited)], from)
	side := g.e.units[u].side
	for _, l := range g.e.b.adj[from] {
		if contains(visited, l.to) || !g.canRetreatIntoLink(u, from, l) {
			continue
		}
		if !g.full(side, l.to) || !g.counts(u, l.to) || g.retreatGoesOn(u, l.to, visited, depth-1) {
			return true
		}
	}
	return false
}

func (g *game) canRetreatInto(u, from, to int) bool {
	l, ok := g.e.b.linkOf(from, to)
	return ok && g.canRetreatIntoLink(u, from, *l)
}

func (g *game) canRetreatIntoLink(u, from int, l link) bool {
	info := &g.e.units[u]
	b := g.e.b
	to := l.to
	switch {
	case l.prohibited:
		return false
	case info.side == confederate && b.sector[to] != confederate:
		return false
	case info.side == union && b.zone[to] && b.sector[to] == confederate && !(b.exitZones[to] && b.exitFrom[from] && g.control[from] == union):
		// 14.2: no Confederate Zone, but Zones C and D are entered "by
		// exiting a Union-Controlled Area 16 ... or Area 47" (14.2.1), and
		// retreated into from there (14.5).
		return false
	case info.kind == engineer && b.sector[to] != union:
		return false
	case (b.wild[from] || b.wild[to]) && !l.road:
		return false // 11.2.4
	case (l.boundary == majorWater || l.germanna) && !(info.side == union && (l.ford || l.germanna) && g.pontoonAt(from, to)):
		return false // 11.2.4, 16.2
	case g.occupied(1-info.side, to) && !g.occupied(info.side, to):
		return false
	case !g.occupied(1-info.side, to) && g.control[to] != info.side:
		return false
	}
	return true
}

func (g *game) moveRetreat(u, from, to int) {
	g.setLoc(u, to)
	if g.logOn {
		g.logf("%s retreats from %s to %s", g.e.units[u].id, g.e.b.ids[from], g.e.b.ids[to])
	}
}

func (g *game) eliminate(u int, why string) {
	g.set(u, g.units[u].loc, false, eliminated)
	if g.logOn {
		g.logf("%s eliminated (%s)", g.e.units[u].id, why)
	}
	// Leaders left alone with enemy units share the Area's fate only
	// through combat; a Leader with no friendly unit left stays (7.1.3).
}

// exhaustedOrFresh defense value (4.3.2).
func (g *game) defense(u int) int {
	if g.units[u].fresh {
		return g.e.units[u].defense
	}
	return g.e.units[u].exhDefense
}

// unionReach marks the Union-Controlled locations from which a path of
// Union-Controlled Areas leads to a Union-Controlled Zone L, M, N or O
// (17.1.1, 17.2): one search back from the Zones serves every question of
// an End Phase.
func (g *game) unionReach() []bool {
	n := len(g.control)
	if cap(g.seen) < n {
		g.seen = make([]bool, n)
	}
	seen := g.seen[:n]
	clear(seen)
	stack := g.stack[:0]
	for loc, t := range g.e.b.targetZones {
		if t && g.control[loc] == union {
			seen[loc] = true
			stack = append(stack, loc)
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i := range g.e.b.adj[x] {
			l := &g.e.b.adj[x][i]
			if !seen[l.to] && !l.prohibited && g.adjacentLink(l) && g.control[l.to] == union {
				seen[l.to] = true
				stack = append(stack, l.to)
			}
		}
	}
	g.stack = stack
	return seen
}

// tracePath: a path of Union-Controlled Areas leads from loc to Zones L-O
// (17.1.1, 17.2); reach is unionReach's.
func (g *game) tracePath(loc int, reach []bool) bool {
	if g.e.b.targetZones[loc] || reach[loc] {
		return true
	}
	for i := range g.e.b.adj[loc] {
		l := &g.e.b.adj[loc][i]
		if !l.prohibited && g.adjacentLink(l) && reach[l.to] {
			return true
		}
	}
	return false
}

// vpAreas counts the VP Areas the Union controls with a path (17.2).
func (g *game) vpAreas() int {
	n := 0
	var reach []bool
	for loc, v := range g.e.b.vp {
		if v > 0 && g.control[loc] == union {
			if reach == nil {
				reach = g.unionReach()
			}
			if g.tracePath(loc, reach) {
				n += v
			}
		}
	}
	return n
}

// unionAutomatic: 17.1.1.
func (g *game) unionAutomatic() bool {
	var reach []bool
	for loc := range g.control {
		if g.e.b.exitZones[loc] && (g.control[loc] == union || g.occupied(union, loc)) {
			if reach == nil {
				reach = g.unionReach()
			}
			if g.tracePath(loc, reach) {
				return true
			}
		}
	}
	return false
}

// confederateAutomatic: 17.1.2.
// "Areas within the Confederate Operational Sector (Areas with a butternut
// brown Identifier)": Zones A-G have butternut Identifiers (8.4.2) and
// "Zones are considered the equivalent of Areas in every respect unless
// stated otherwise" (3.1), so a Union-Controlled Zone C or D counts.
func (g *game) confederateAutomatic() bool {
	n := 0
	for loc, s := range g.control {
		if s == union && g.e.b.sector[loc] == confederate {
			n++
		}
	}
	return n < 2
}

// eliminationVP: 17.2 at the End Phase of the last turn.
func (g *game) eliminationVP() int {
	vp, pair := 0, false
	for u, s := range g.units {
		info := &g.e.units[u]
		sign := 1
		if info.side == union {
			sign = -1
		}
		switch s.status {
		case permanent, eliminated:
			if info.kind != leader {
				vp += sign
			}
		case kia:
			if info.jacksonOrStuart && g.e.opts.KIAJacksonStuartTogether {
				pair = true
				continue
			}
			vp += info.kiaVP
		}
	}
	if pair {
		vp += 2
	}
	return vp
}
