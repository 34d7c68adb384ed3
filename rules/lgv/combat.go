package lgv

import "slices"

// startAttack begins Combat Resolution in an Area (9.4).
func (g *game) startAttack(p int) {
	cb := combat{area: p, front: none, lead: none, defLead: none, primary: none, mandatory: !g.contestedAtStart(p),
		attackers: g.cb.attackers[:0], support: g.cb.support[:0], retreating: g.cb.retreating[:0], absorbed: g.cb.absorbed}
	for u := range g.units {
		if g.units[u].status != onMap || g.units[u].loc != p || g.e.units[u].side != g.mover {
			continue
		}
		switch {
		case g.holdBack[u]: // moved, so Exhausted (8.1), but not in the attack (9.2)
			g.setFresh(u, false)
		case g.commit[u] || g.moved[u] && g.cameFrom[u] != none && g.units[u].fresh:
			cb.attackers = append(cb.attackers, u)
		case contains(g.waveUnits, u): // Exhausted by the attack it overran with
			cb.attackers = append(cb.attackers, u)
			cb.secondWave = true
			g.waveUnits = remove(g.waveUnits, u)
		}
	}
	// The attack ends the commitments of the units it takes: a unit
	// committed within the Contested Active Area stays committed while
	// another attack is made first (8.2.1 "Attacks made into different
	// Areas do not have to be designated in advance").
	for u := range g.commit {
		if g.units[u].loc == p {
			g.commit[u] = false
		}
	}
	g.cb = cb
	g.pending = remove(g.pending, p)
	g.attacked[p] = true
	if cb.mandatory { // 9.4.3D: all attackers crossed water
		minor, major := true, true
		for _, u := range cb.attackers {
			l, _ := g.e.b.linkOf(g.cameFrom[u], p)
			// Zone H - Area 53 is "considered to have crossed a Major
			// Water Boundary" whatever the map draws (14.1.1, line 703).
			isMajor := l.boundary == majorWater || l.germanna
			minor = minor && (l.boundary == minorWater || isMajor && !g.e.opts.WaterMixedNone) // option water-mixed
			major = major && isMajor
		}
		switch {
		case major && len(cb.attackers) > 0:
			g.cb.waterCross = 2
		case minor && len(cb.attackers) > 0:
			g.cb.waterCross = 1
		}
	}
	g.stage = stLead
	c := g.leadCandidates()
	if len(c) == 0 { // nobody can lead (4.2.1, 4.2.5): no attack is made
		for _, u := range g.cb.attackers {
			g.setFresh(u, false)
		}
		g.cb.attackers = g.cb.attackers[:0]
		g.voluntary()
		return
	}
	if len(c) == 1 {
		g.cb.lead = c[0]
		g.afterLead()
	}
}

// leadCandidates: not a Leader or Artillery (4.2.1, 4.2.5); not an
// Independent unit unless no other can lead (9.4A "normally").
func (g *game) leadCandidates() []int {
	out := g.cand[:0] // scratch: valid until the next candidate listing
	for _, u := range g.cb.attackers {
		if g.eligibleLead(u) {
			out = append(out, u)
		}
	}
	g.cand = out
	return g.notNormallyIndependent(out)
}

// notNormallyIndependent keeps the units not in Independent commands, or
// all of them when no other is there: a lead unit "may not normally be an
// Independent unit" (9.4A, 9.4B).
func (g *game) notNormallyIndependent(us []int) []int {
	regular := us[:0] // in place: us is scratch, and untouched when no unit is regular
	for _, u := range us {
		if !g.e.units[u].independent {
			regular = append(regular, u)
		}
	}
	if len(regular) == 0 {
		return us
	}
	return regular
}

func (g *game) afterLead() {
	g.stage = stFrontLeader
	if len(g.frontCandidates()) == 0 {
		g.afterFront()
	}
}

// frontCandidates: a Leader affiliated with the Lead Attacking Unit
// (9.4.2F), or for a bombardment the side's Artillery Leader present
// (10.3C).
func (g *game) frontCandidates() []int {
	out := g.cand[:0] // scratch: valid until the next candidate listing
	for u := range g.units {
		info := &g.e.units[u]
		if info.kind != leader || info.side != g.mover || g.units[u].status != onMap {
			continue
		}
		if g.cb.bombard {
			if info.artLeader && g.units[u].loc == g.units[g.cb.lead].loc {
				out = append(out, u)
			}
			continue
		}
		if g.units[u].loc == g.cb.area && g.e.commands(u, g.cb.lead) && contains(g.cb.attackers, u) {
			out = append(out, u)
		}
	}
	g.cand = out
	return out
}

func (g *game) afterFront() {
	if g.cb.bombard {
		g.stage = stPrimary
		if c := g.primaryCandidates(); len(c) == 1 {
			g.cb.primary, g.cb.defLead = c[0], c[0]
			g.rollCombat()
		}
		return
	}
	g.stage = stSupport
	if len(g.supportCandidates()) == 0 {
		g.stage = stDefLead
		g.autoDefLead()
	}
}

// supportCandidates: Fresh Artillery adjacent to the attacked Area (9.5);
// not into or out of a Zone (14.4).
func (g *game) supportCandidates() []int {
	out := g.cand[:0] // scratch: valid until the next candidate listing
	p := g.cb.area
	for _, u := range g.e.arts[g.mover] {
		if g.units[u].status != onMap || !g.units[u].fresh || g.moved[u] || contains(g.cb.support, u) || contains(g.cb.attackers, u) {
			continue
		}
		at := g.units[u].loc
		if at == p || g.e.b.zone[at] || g.e.b.zone[p] {
			continue
		}
		if g.adjacent(at, p) {
			out = append(out, u)
		}
	}
	g.cand = out
	return out
}

// defLeadCandidates: the Defender's choice of "any one unit", not normally
// an Independent unit (9.4B, 9.4.3A); a Leader may be chosen (4.2.5 bars
// Leaders only from leading an Assault).
func (g *game) defLeadCandidates() []int {
	out := g.cand[:0] // scratch: valid until the next candidate listing
	for u := range g.units {
		if g.defenderAt(u, g.cb.area) {
			out = append(out, u)
		}
	}
	g.cand = out
	return g.notNormallyIndependent(out)
}

func (g *game) autoDefLead() {
	if c := g.defLeadCandidates(); len(c) == 1 {
		g.cb.defLead = c[0]
		g.rollCombat()
	} else if len(c) == 0 {
		g.afterCombat() // the defenders screened or left
	}
}

// primaryCandidates: not a Leader unless only Leaders are there (10.2.1).
func (g *game) primaryCandidates() []int {
	others := false
	for u := range g.units {
		if g.defenderAt(u, g.cb.area) && g.e.units[u].kind != leader {
			others = true
			break
		}
	}
	out := g.cand[:0] // scratch: valid until the next candidate listing
	for u := range g.units {
		if g.defenderAt(u, g.cb.area) && (g.e.units[u].kind == leader) != others {
			out = append(out, u)
		}
	}
	g.cand = out
	return out
}

// bombarders: Fresh Artillery in range of a Target Area (10.1.1, 14.4).
func (g *game) bombarders(target int) []int {
	out := g.cand[:0] // scratch: valid until the next candidate listing
	for _, u := range g.e.arts[g.mover] {
		if g.units[u].status != onMap || !g.units[u].fresh {
			continue
		}
		at := g.units[u].loc
		if at == target {
			out = append(out, u)
			continue
		}
		if g.e.b.zone[at] || g.e.b.zone[target] || g.contested(at) {
			continue
		}
		if g.adjacent(at, target) {
			out = append(out, u)
		}
	}
	g.cand = out
	return out
}

// rollCombat: both players roll 2D6 (9.4.1, 10.4), then may re-roll.
func (g *game) rollCombat() {
	g.cb.atRoll = [2]int{g.roll2(), g.roll2()}
	g.cb.rerollTurn = 0
	g.stage = stReroll
	g.skipRerolls()
}

// skipRerolls passes over a side with nothing to re-roll with.
func (g *game) skipRerolls() {
	for g.cb.rerollTurn < 2 {
		side := g.toAct()
		if !g.cb.rerolled[g.cb.rerollTurn] && (g.advantage == side || !g.cb.bombard && g.rerolls[side] > 0) {
			return
		}
		g.cb.rerollTurn++
	}
	g.resolve()
}

func (g *game) nextReroll() {
	g.cb.rerollTurn++
	g.skipRerolls()
}

// resolve computes the result (9.4.4, 10.4).
func (g *game) resolve() {
	cb := &g.cb
	p := cb.area
	def := 1 - g.mover
	if cb.bombard {
		lead := cb.lead
		cb.av = g.e.units[lead].attack + len(cb.attackers) - 1
		at := g.units[lead].loc
		if g.e.b.hill[at] && g.free(g.mover, at) {
			cb.av += 2
		}
		if cb.front != none {
			cb.av++
		}
		cb.dv = g.e.b.tem[p]
		for u := range g.units {
			if g.defenderAt(u, p) && g.units[u].fresh && g.e.units[u].kind == artillery {
				cb.dv++
			}
		}
		cb.dv += g.ent(def, p)
		for _, u := range cb.attackers {
			g.setFresh(u, false)
		}
	} else {
		lead := cb.lead
		cb.av = g.e.units[lead].attack
		perUnit := 1
		if g.mover == union {
			perUnit = 2
		}
		byCommand := g.cmdCount[:0]
		for range g.e.nCmds {
			byCommand = append(byCommand, 0)
		}
		// 9.4.2D: every non-Leader attacker from a Wilderness Area, or
		// one of them (option surprise).
		anyWild, allWild := false, true
		for _, u := range cb.attackers {
			if u != lead && (g.e.units[u].kind != leader || g.e.opts.LeadersCount) {
				cb.av += perUnit // 9.4.2B "each additional unit" (option leader-attack-bonus)
			}
			if g.e.units[u].kind == leader {
				continue // 9.4.2E "non-Leader units"; a Leader entered from where he stood
			}
			if !g.e.units[u].independent { // 4.3.5: each is in an Independent command
				byCommand[g.e.cmdIdx[u]]++
			}
			from := g.cameFrom[u]
			if from == none {
				from = g.active
			}
			wild := g.e.b.wild[from] && from != p
			anyWild, allWild = anyWild || wild, allWild && wild
		}
		surprise := g.e.b.wild[p] && (allWild && !g.e.opts.SurpriseAny || anyWild && g.e.opts.SurpriseAny)
		cb.av += len(cb.support)
		if surprise {
			cb.av++
		}
		for _, n := range byCommand {
			if n >= 3 {
				cb.av++
			}
		}
		g.cmdCount = byCommand
		if cb.front != none {
			cb.av += g.e.units[cb.front].frontBonus
		}
		cb.dv = g.defense(cb.defLead) + g.e.b.tem[p] + cb.waterCross
		leaderThere := false
		for u := range g.units {
			if !g.defenderAt(u, p) {
				continue
			}
			if g.e.units[u].kind == leader {
				leaderThere = true
			} else if u != cb.defLead && g.units[u].fresh {
				cb.dv++
			}
		}
		if leaderThere {
			cb.dv++
		}
		cb.dv += g.ent(def, p)
		for _, u := range cb.support {
			g.setFresh(u, false)
		}
	}
	at, dt := cb.av+cb.atRoll[0], cb.dv+cb.atRoll[1]
	g.last = combatReport{area: p, bombard: cb.bombard, av: cb.av, dv: cb.dv, ar: cb.atRoll[0], dr: cb.atRoll[1]}
	switch {
	case at > dt:
		g.last.result, g.last.cp = "success", at-dt
		if cb.bombard {
			g.last.result = "hit"
		}
	case cb.bombard:
		g.last.result = "no-effect"
	case at == dt:
		g.last.result = "stalemate"
	default:
		g.last.result = "repulse"
	}
	if g.logOn {
		g.logf("combat in %s: AT %d (AV %d + %d) vs DT %d (DV %d + %d)", g.e.b.ids[p], at, cb.av, cb.atRoll[0], dt, cb.dv, cb.atRoll[1])
	}
	if cb.atRoll[0] == cb.atRoll[1] && cb.front != none { // 11.1.1
		g.set(cb.front, none, false, offFront)
		if g.logOn {
			g.logf("%s falls leading from the front", g.e.units[cb.front].id)
		}
	}
	if cb.bombard {
		if at > dt {
			g.startCasualties(at - dt)
			return
		}
		g.voluntary()
		return
	}
	switch {
	case at < dt: // Repulse
		g.eliminate(cb.lead, "LGV 9.4.4 Repulse")
		for _, u := range cb.attackers {
			g.setFresh(u, false)
		}
		if cb.mandatory { // 9.1, 11.2: back where they came from
			for _, u := range cb.attackers {
				if g.units[u].status == onMap {
					g.retreat(u, g.cameFrom[u])
				}
			}
		}
		g.voluntary()
	case at == dt: // Stalemate
		for _, u := range cb.attackers {
			g.setFresh(u, false)
		}
		if cb.mandatory { // "the Attacker may retreat at their option", before the Defender (11.2)
			g.stage = stAttackerRetreat
			if len(g.legalActions()) > 1 {
				return
			}
		}
		g.voluntary()
	default: // Success
		for _, u := range cb.attackers {
			g.setFresh(u, false)
		}
		g.startCasualties(at - dt)
	}
}

// startCasualties: the Defender absorbs CP (11.1); more than the Area can
// absorb is an Overrun (9.4.4).
func (g *game) startCasualties(cp int) {
	cb := &g.cb
	capacity := 0
	for u := range g.units {
		if g.defenderAt(u, cb.area) {
			if g.units[u].fresh {
				capacity += 3
			} else {
				capacity += 2
			}
		}
	}
	cb.cp = cp
	cb.overrun = !cb.bombard && cp > capacity && !g.entrenchedAny(cb.area) && !g.e.b.zone[cb.area] && !cb.secondWave
	if cb.overrun {
		g.last.result = "overrun"
	}
	cb.retreating = cb.retreating[:0]
	cb.firstTaken = false
	if len(cb.absorbed) != len(g.units) {
		cb.absorbed = make([]bool, len(g.units))
	}
	for i := range cb.absorbed {
		cb.absorbed[i] = false
	}
	if cp > capacity {
		// More CP than the Area can absorb: eliminating every defender
		// absorbs the most any choice can ("exact losses must be applied
		// whenever possible"), and the rest "are ignored" (9.4.4, 11.1).
		// With exactly as many, the exactness of casualtyLegal leads there.
		for u := range g.units {
			if g.defenderAt(u, cb.area) {
				g.eliminate(u, "LGV 11.1: more CP than the Area can absorb")
			}
		}
		cb.cp = 0
		g.afterCasualties()
		return
	}
	g.stage = stCasualty
	g.autoCasualty()
}

func (g *game) casualtyLegal() {
	cb := &g.cb
	first := !cb.firstTaken && g.defenderAt(cb.defLead, cb.area)
	exact := g.absorbable(cb.cp, none, nil)
	for u := range g.units {
		if !g.defenderAt(u, cb.area) || cb.absorbed[u] || first && u != cb.defLead {
			continue
		}
		opts := [2]int{cpElimExh, cpRetreatExh}
		if g.units[u].fresh {
			opts = [2]int{cpFlip, cpElimFresh}
		}
		for _, o := range opts {
			var after []int // what u may still absorb after o
			if o == cpFlip && !g.e.opts.CPOnce {
				after = []int{1, 2}
			}
			if cpCost[o] <= cb.cp && (!exact || g.absorbable(cb.cp-cpCost[o], u, after)) {
				g.push(aCP, u, o)
				if o == cpRetreatExh {
					g.targets = g.zoneRetreats(u, g.targets)
					for _, z := range g.targets { // 14.5
						g.push(aCP, u, cpZone+z)
					}
				}
			}
		}
	}
}

// absorbable: the defenders can still absorb exactly cp, unit u (if any)
// only as after says: "exact losses must be applied whenever possible"
// (11.1).
func (g *game) absorbable(cp, u int, after []int) bool {
	if cp < 0 { // a shift of 64 or more below gives 0: no more than 63 CP fit in reach
		return false
	}
	cb := &g.cb
	reach := uint64(1) // bit s: s CP can be absorbed
	for v := range g.units {
		if !g.defenderAt(v, cb.area) || v != u && cb.absorbed[v] {
			continue
		}
		sums := []int{1, 2}
		switch {
		case v == u:
			sums = after
		case g.units[v].fresh && !g.e.opts.CPOnce:
			sums = []int{1, 2, 3}
		case g.units[v].fresh:
			sums = []int{1, 3}
		}
		next := reach
		if v != u && v == cb.defLead && !cb.firstTaken {
			next = 0 // the Lead Defending Unit takes the first CP
		}
		for _, s := range sums {
			next |= reach << s
		}
		reach = next
	}
	return reach>>cp&1 == 1
}

// autoCasualty ends absorption when nothing is left to take or absorb.
func (g *game) autoCasualty() {
	if g.cb.cp <= 0 || len(g.legalActions()) == 0 {
		g.afterCasualties()
	}
}

func (g *game) absorb(u, how int) {
	cb := &g.cb
	cb.firstTaken = true
	// A unit absorbs once, unless the repeat reading lets a unit it
	// flipped go on absorbing as an Exhausted unit (Options.CPOnce unset).
	cb.absorbed[u] = how != cpFlip || !!g.e.opts.CPOnce
	cb.cp -= cpCostOf(how)
	if how >= cpZone { // 14.5: the owner's Zone, whatever the priorities
		g.retreatIntoZone(u, how-cpZone)
		g.autoCasualty()
		return
	}
	switch how {
	case cpFlip:
		g.setFresh(u, false)
	case cpElimFresh, cpElimExh:
		g.eliminate(u, "LGV 11.1")
	case cpRetreatExh:
		cb.retreating = append(cb.retreating, u)
	}
	g.autoCasualty()
}

func (g *game) afterCasualties() {
	cb := &g.cb
	if cb.overrun { // every defender goes: the rest of the CP are ignored
		for u := range g.units {
			if g.defenderAt(u, cb.area) && !contains(cb.retreating, u) {
				g.eliminate(u, "LGV 9.4.4 Overrun")
			}
		}
	}
	for _, u := range cb.retreating {
		g.retreat(u, none)
	}
	g.voluntary()
}

// voluntary: Exhausted defenders may retreat (11.2.3).
func (g *game) voluntary() {
	g.stage = stVoluntary
	if len(g.legalActions()) == 1 {
		g.afterCombat()
	}
}

// afterCombat: Control of a cleared Area (7.2), Overrun movement, and on.
func (g *game) afterCombat() {
	cb := &g.cb
	p := cb.area
	if !g.occupied(1-g.mover, p) && g.occupied(g.mover, p) {
		if cb.bombard {
			g.setControl(g.mover, p) // entrenchments are captured only in an Assault (15.2)
		} else {
			g.takeControl(g.mover, p, true)
		}
	} else if !g.occupied(g.mover, p) && g.occupied(1-g.mover, p) && g.control[p] == g.mover {
		// 7.2: the attackers are gone from a Contested Area they
		// Controlled (a Repulse eliminated the Lead Attacking Unit, 9.3).
		g.setControl(1-g.mover, p)
	}
	if cb.bombard {
		g.endActivation()
		return
	}
	g.stage = stAssault
	g.cb.secondWave = false
	if cb.overrun {
		for _, u := range cb.attackers {
			if g.units[u].status == onMap && g.mfLeft[u] > 0 {
				g.overrunners = append(g.overrunners, u)
			}
		}
	}
	if g.activeDone() {
		g.endActivation()
	}
}

// activeDone: nothing is left to do in the activation.
func (g *game) activeDone() bool {
	return len(g.legalActions()) == 1 && g.legal[0] == act(aEnd, 0, 0) && g.current == none
}

// bombardTargets offers every enemy-occupied Area some Fresh Artillery of
// the Attacker can reach (10.1.1), in location order.
func (g *game) bombardTargets() {
	n := g.nLoc()
	enemy := g.occ[(1-g.mover)*n : (2-g.mover)*n]
	t := g.targets[:0]
	for _, u := range g.e.arts[g.mover] {
		if g.units[u].status != onMap || !g.units[u].fresh {
			continue
		}
		at := g.units[u].loc
		if enemy[at] > 0 {
			t = append(t, at)
		}
		if g.e.b.zone[at] || g.contested(at) {
			continue
		}
		for i := range g.e.b.adj[at] {
			l := &g.e.b.adj[at][i]
			if enemy[l.to] > 0 && !g.e.b.zone[l.to] && g.adjacentLink(l) {
				t = append(t, l.to)
			}
		}
	}
	slices.Sort(t) // in location order, each once
	for i, loc := range t {
		if i == 0 || loc != t[i-1] {
			g.push(aBombard, loc, 0)
		}
	}
	g.targets = t
}
