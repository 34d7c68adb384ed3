package lgv

import "github.com/musterhq/muster/rules"

// Action kinds: an action is kind<<32 | a<<16 | b.
const (
	aContinue = iota + 1
	aSteal
	aAccept
	aRerollAdv
	aRerollMarker
	aPass
	aAssault
	aBombard
	aPontoon
	aMove
	aStop
	aCommit
	aAttack
	aEnd
	aLead
	aFront
	aNoFront
	aSupport
	aRoll
	aDefLead
	aCP
	aVRetreat
	aDone
	aScreen
	aBombLead
	aPrimary
	aReorg
	aRally
	aPlace
	aEntrench
	aARetreat       // an attacker retreats after a Stalemate (9.4.4)
	aRemoveEntrench // 15.3
	aRemovePontoon  // 16.3
	aHoldBack       // a unit that entered stays out of an Optional Attack (9.2)
	aSwap           // the Variant Union Setup's switch (5.2): a is the candidate corps
	aCapture        // a friendly Entrench +1 placed in a captured Area (15.2): a is the Area
)

// CP choices of 11.1.
const (
	cpFlip       = iota // Fresh unit flips Exhausted: 1 CP
	cpElimFresh         // 3 CP
	cpElimExh           // 2 CP
	cpRetreatExh        // Exhausted unit retreats: 1 CP
	// cpZone+z: an Exhausted unit retreats into Zone z (14.5): 1 CP.
	cpZone = 16
)

var cpCost = [4]int{1, 3, 2, 1}

// cpCostOf is the CP a choice of 11.1 absorbs.
func cpCostOf(how int) int {
	if how >= cpZone {
		return 1
	}
	return cpCost[how]
}

func act(kind, a, b int) rules.Action {
	return rules.Action(uint64(kind)<<32 | uint64(a)<<16 | uint64(b))
}

func split(x rules.Action) (kind, a, b int) {
	return int(uint64(x) >> 32), int(uint64(x) >> 16 & 0xffff), int(uint64(x) & 0xffff)
}

// ---- Turn and phases (6.0) ----

// startTurn is the Momentum Phase (6.1).
func (g *game) startTurn() {
	if g.turn == 1 {
		g.momentumWon = union // 6.1.1: turn 1
	} else {
		var total [2]int
		for s := 0; s < 2; s++ {
			total[s] = g.roll()
			for loc, star := range g.e.b.star {
				if star && g.control[loc] == s {
					total[s]++
				}
			}
		}
		g.momentumWon = confederate // ties go to the Confederate player
		if total[union] > total[confederate] {
			g.momentumWon = union
		}
		if g.logOn {
			g.logf("turn %d momentum: union %d, confederate %d", g.turn, total[union], total[confederate])
		}
	}
	if g.turn < len(g.momentumBy) {
		g.momentumBy[g.turn] = g.momentumWon
	}
	g.advantage, g.advNext = g.momentumWon, none
	g.confBonus = g.momentumWon == confederate // never on turn 1, the Union's (6.1.1)
	g.stolen = [2]bool{}
	g.mover, g.activation, g.lastPassed = g.momentumWon, 1, false
	g.beginImpulse()
}

func (g *game) hasFresh(side int) bool { return g.freshTotal[side] > 0 }

// beginImpulse starts an impulse of the side with Momentum (6.2).
func (g *game) beginImpulse() {
	if g.advNext != none { // 13.2
		g.advantage, g.advNext = g.advNext, none
	}
	if !g.hasFresh(g.mover) { // 6.2.1C
		if !g.hasFresh(1 - g.mover) {
			g.endCombatPhase()
			return
		}
		g.mover, g.activation = 1-g.mover, 1
	}
	// Only the last activation's units carry impulse marks (allocImpulse
	// starts them clear).
	for _, i := range g.activeUnits {
		g.moved[i], g.startedIn[i], g.mfLeft[i], g.cameFrom[i], g.commit[i], g.holdBack[i] = false, false, 0, -1, false, false
	}
	clear(g.attacked)
	g.epoch++ // contested0 is snapped anew as units move (snap)
	g.pending, g.crossings, g.current, g.overrunners = g.pending[:0], g.crossings[:0], -1, g.overrunners[:0]
	g.waveUnits, g.waveTargets, g.resume = g.waveUnits[:0], g.waveTargets[:0], g.resume[:0]
	g.activeUnits, g.anyMove, g.bridged = g.activeUnits[:0], false, false
	g.captures = g.captures[:0] // 15.2's discretion lasts the activation
	g.pontoons0 = append(g.pontoons0[:0], g.pontoons...)
	if g.advantage == g.mover && !g.stolen[g.mover] {
		g.stage = stImpulseStart
		return
	}
	g.retention()
}

// retention is the Momentum Retention Check (6.2.5).
func (g *game) retention() {
	if g.activation < 2 {
		g.stage = stDeclare
		return
	}
	g.retRoll = g.roll()
	g.retentionResult()
}

func (g *game) retentionLost() bool {
	lose := min(g.activation-1, 5) // "Activation 6 and thereafter": 1-5
	return g.retRoll != 6 && g.retRoll <= lose
}

func (g *game) retentionResult() {
	lost := g.retentionLost()
	// 13.1A: the side the roll went against may spend the Advantage.
	against := g.mover
	if !lost {
		against = 1 - g.mover
	}
	if g.advantage == against && !g.retRerolled {
		g.rrSide, g.stage = against, stRetentionReroll
		return
	}
	g.retRerolled = false
	if lost {
		if g.logOn {
			g.logf("%s loses Momentum (retention roll %d at activation %d)", sideNames[g.mover], g.retRoll, g.activation)
		}
		g.mover, g.activation = 1-g.mover, 1
		g.beginImpulse()
		return
	}
	g.stage = stDeclare
}

func (g *game) useAdvantage(side int) {
	g.advantage, g.advNext = none, 1-side
}

// endActivation ends an impulse that was an activation.
func (g *game) endActivation() {
	if g.e.opts.Check && g.violation == "" {
		g.violation = g.checkActivationEnd()
	}
	g.activation++
	g.beginImpulse()
}

func (g *game) endCombatPhase() {
	if g.advNext != none {
		g.advantage, g.advNext = g.advNext, none
	}
	g.reorgSide = union
	g.startReorg()
}

// ---- ToAct, Legal ----

func (g *game) toAct() int {
	switch g.stage {
	case stRetentionReroll:
		return g.rrSide
	case stDefLead, stCasualty, stVoluntary, stScreen:
		return 1 - g.mover
	case stReroll:
		if g.cb.rerollTurn == 0 {
			return g.mover
		}
		return 1 - g.mover
	case stReorg, stPlace, stEntrench, stEndRemove:
		return g.reorgSide
	case stSwap:
		return g.e.swapSide
	}
	return g.mover
}

// push lists a legal action.
func (g *game) push(k, a, b int) {
	g.legal = append(g.legal, act(k, a, b))
	g.legalCost = append(g.legalCost, 0)
}

// pushMove lists a move with its MF cost, which apply then spends.
func (g *game) pushMove(u, to, cost int) {
	g.legal = append(g.legal, act(aMove, u, to))
	g.legalCost = append(g.legalCost, int8(cost))
}

func (g *game) legalActions() []rules.Action {
	g.legal, g.legalCost = g.legal[:0], g.legalCost[:0]
	switch g.stage {
	case stSwap:
		g.push(aDone, 0, 0) // "can switch": the standard setup stands
		for c := range g.e.swapCands {
			g.push(aSwap, c, 0)
		}
	case stImpulseStart:
		g.push(aContinue, 0, 0)
		g.push(aSteal, 0, 0)
	case stRetentionReroll:
		g.push(aAccept, 0, 0)
		g.push(aRerollAdv, 0, 0)
	case stDeclare:
		g.push(aPass, 0, 0)
		fresh := g.bitsOf(g.freshBits, g.mover)
		for loc := nextBit(fresh, 0); loc >= 0; loc = nextBit(fresh, loc+1) {
			g.push(aAssault, loc, 0) // 8.1: an Area with a Fresh unit
		}
		g.bombardTargets()
	case stAssault:
		g.assaultLegal()
	case stLead:
		for _, u := range g.leadCandidates() {
			g.push(aLead, u, 0)
		}
	case stFrontLeader:
		g.push(aNoFront, 0, 0)
		for _, l := range g.frontCandidates() {
			g.push(aFront, l, 0)
		}
	case stSupport:
		g.push(aRoll, 0, 0)
		for _, u := range g.supportCandidates() {
			g.push(aSupport, u, 0)
		}
	case stDefLead:
		for _, u := range g.defLeadCandidates() {
			g.push(aDefLead, u, 0)
		}
	case stReroll:
		g.push(aAccept, 0, 0)
		side := g.toAct()
		if !g.cb.rerolled[g.cb.rerollTurn] {
			if g.advantage == side {
				g.push(aRerollAdv, 0, 0)
			}
			if !g.cb.bombard && g.rerolls[side] > 0 {
				g.push(aRerollMarker, 0, 0)
			}
		}
	case stCasualty:
		g.casualtyLegal()
	case stVoluntary:
		g.push(aDone, 0, 0)
		at := g.unitsAt(g.cb.area)
		for u := nextBit(at, 0); u >= 0; u = nextBit(at, u+1) {
			if g.defenderAt(u, g.cb.area) && !g.units[u].fresh {
				g.push(aVRetreat, u, 0)
				g.targets = g.zoneRetreats(u, g.targets)
				for _, z := range g.targets { // 14.5
					g.push(aVRetreat, u, z+1)
				}
			}
		}
	case stScreen:
		g.push(aDone, 0, 0)
		at := g.unitsAt(g.screenArea)
		for u := nextBit(at, 0); u >= 0; u = nextBit(at, u+1) {
			if g.defenderAt(u, g.screenArea) && g.e.units[u].kind == cavalry {
				g.push(aScreen, u, 0)
				g.targets = g.zoneRetreats(u, g.targets)
				for _, z := range g.targets { // 14.5
					g.push(aScreen, u, z+1)
				}
			}
		}
	case stBombardLead:
		for _, u := range g.bombarders(g.cb.area) {
			g.push(aBombLead, u, 0)
		}
	case stPrimary:
		for _, u := range g.primaryCandidates() {
			g.push(aPrimary, u, 0)
		}
	case stReorg:
		g.reorgLegal()
	case stPlace:
		for _, loc := range g.placements(g.placing) {
			g.push(aPlace, g.placing, loc)
		}
	case stEntrench:
		g.push(aDone, 0, 0)
		inf := g.bitsOf(g.kindBits, g.reorgSide*nKinds+infantry)
		for loc := nextBit(inf, 0); loc >= 0; loc = nextBit(inf, loc+1) { // 15.1 asks for friendly Infantry
			if g.canEntrench(loc) {
				g.push(aEntrench, loc, 0)
			}
		}
	case stAttackerRetreat:
		g.push(aDone, 0, 0)
		for _, u := range g.cb.attackers {
			if g.units[u].status == onMap && g.units[u].loc == g.cb.area && g.canRetreatInto(u, g.cb.area, g.cameFrom[u]) {
				g.push(aARetreat, u, 0)
			}
		}
	case stEndRemove:
		g.removalLegal()
	}
	return g.legal
}

func (g *game) defenderAt(u, loc int) bool {
	return g.units[u].status == onMap && g.units[u].loc == loc && int(g.e.hot[u].side) != g.mover
}

// canActivate: an Area with a Fresh unit of the Attacker (8.1).
func (g *game) canActivate(loc int) bool {
	_, fresh := g.count(g.mover, loc)
	return fresh > 0
}

func (g *game) assaultLegal() {
	for _, loc := range g.captures { // 15.2 "at the discretion of the attacking player"
		if g.canCapture(g.mover, loc) {
			g.push(aCapture, loc, 0)
		}
	}
	if g.current != none {
		g.movesOf(g.current)
		g.push(aStop, g.current, 0)
		return
	}
	if g.mover == union && !g.anyMove && !g.bridged && (g.e.pontoonSupply < 0 || len(g.pontoons) < g.e.pontoonSupply) { // 16.0: the markers supplied
		for _, l := range g.e.b.adj[g.active] {
			if (l.ford || l.germanna) && g.e.b.sector[g.active] == union && !g.pontoonAt(g.active, l.to) && g.freshEngineer(g.active) != none {
				g.push(aPontoon, g.active, l.to)
			}
		}
	}
	for _, u := range g.activeUnits {
		if !g.moved[u] && g.units[u].fresh && g.units[u].status == onMap {
			g.movesOf(u)
			if g.contestedAtStart(g.active) && !g.attacked[g.active] && g.occupied(1-g.mover, g.active) && (g.eligibleLead(u) || g.committedLead()) {
				g.push(aCommit, u, 0)
			}
		}
	}
	for _, u := range g.overrunners {
		g.movesOf(u)
	}
	for _, u := range g.resume { // 8.3: after a screen, each may go on or stop
		g.movesOf(u)
		g.push(aStop, u, 0)
	}
	for _, p := range g.pending {
		g.push(aAttack, p, 0)
		if g.contestedAtStart(p) { // 9.2: "some, all, or none of his units that entered"
			g.holdBackLegal(p)
		}
	}
	if g.committedLead() && g.occupied(1-g.mover, g.active) { // 9.3: while an enemy unit is there to attack (a screen may have emptied it, 8.3)
		g.push(aAttack, g.active, 0)
	}
	if !g.mandatoryPending() {
		g.push(aEnd, 0, 0)
	}
}

func (g *game) freshEngineer(loc int) int {
	for _, u := range g.e.engs[union] {
		if g.units[u].status == onMap && g.units[u].loc == loc && g.units[u].fresh {
			return u
		}
	}
	return none
}

// movesOf lists u's moves, or, while a sampler draws (sampleMoves), notes
// u and its candidate links instead (sample.go).
func (g *game) movesOf(u int) {
	if g.sampleMoves {
		g.moveUnits = append(g.moveUnits, u)
		return
	}
	g.unitMoves(u)
}

func (g *game) unitMoves(u int) {
	if g.mfLeft[u] < 1 { // every Area costs at least 1 MF (8.2)
		return
	}
	from := g.units[u].loc
	overrun := g.isOverrunner(u)
	if overrun && g.e.b.zone[from] {
		return // 9.4.4: Overrun movement never leaves a Zone
	}
	adj := g.e.b.adj[from]
	for _, i := range g.e.b.open[g.e.hot[u].class][from] { // the others are closed whatever the position
		l := &adj[i]
		if cost, why := g.moveCost(u, from, l.to, l); why == "" {
			if overrun && (g.e.b.zone[l.to] || !g.secondAttackArea(from, l.to)) {
				continue // nor enters one, nor attacks a second Area
			}
			g.pushMove(u, l.to, cost)
		}
	}
}

// secondAttackArea: an overrunner in the Overrun's Area from may enter to.
// "they may enter and attack any one adjacent Area" (9.4.4): once one of
// them has entered an enemy-occupied Area, that is the Overrun's one
// second attack; the others may join it or enter Vacant Areas.
func (g *game) secondAttackArea(from, to int) bool {
	if !g.occupied(1-g.mover, to) {
		return true
	}
	t := g.waveTarget(from)
	return t == none || t == to
}

// waveTarget is the Area of the second attack of the Overrun in from, -1.
func (g *game) waveTarget(from int) int {
	for i := 0; i+1 < len(g.waveTargets); i += 2 {
		if g.waveTargets[i] == from {
			return g.waveTargets[i+1]
		}
	}
	return none
}

func (g *game) isOverrunner(u int) bool {
	for _, v := range g.overrunners {
		if v == u {
			return true
		}
	}
	return false
}

func (g *game) committedLead() bool {
	for _, u := range g.activeUnits {
		if g.commit[u] && g.eligibleLead(u) {
			return true
		}
	}
	return false
}

// holdBackLegal offers to keep each unit that entered p out of the
// Optional Attack there, while another would still attack (9.2: "If he
// chooses to attack at least one unit must attack").
func (g *game) holdBackLegal(p int) {
	n := 0
	for _, u := range g.activeUnits {
		if g.entered(u, p) {
			n++
		}
	}
	if n < 2 {
		return
	}
	for _, u := range g.activeUnits {
		if g.entered(u, p) {
			g.push(aHoldBack, u, 0)
		}
	}
}

// entered: u moved into p this impulse, Fresh and not held back.
func (g *game) entered(u, p int) bool {
	s := g.units[u]
	return s.status == onMap && s.loc == p && s.fresh && g.moved[u] && g.cameFrom[u] != none && !g.holdBack[u]
}

func (g *game) mandatoryPending() bool {
	for _, p := range g.pending {
		if !g.contestedAtStart(p) {
			return true
		}
	}
	return false
}
