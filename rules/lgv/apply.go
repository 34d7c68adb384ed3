package lgv

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// apply performs a legal action.
func (g *game) apply(x rules.Action) error {
	cost := 0                          // a move's MF
	if g.sampledOK && x == g.sampled { // drawn and checked by sample
		cost = int(g.sampledCost)
	} else {
		list := g.legal
		if !g.legalOK { // not listed for this position yet
			list = g.legalActions()
		}
		at := slices.Index(list, x)
		if at < 0 {
			g.legalOK, g.sampledOK = false, false
			code, msg := g.refusal(x)
			return &rules.RuleError{Code: code, Msg: msg}
		}
		cost = int(g.legalCost[at])
	}
	g.legalOK, g.sampledOK = false, false
	k, a, b := split(x)
	switch k {
	case aContinue:
		g.retention()
	case aSteal: // 13.1B
		g.stolen[g.mover] = true
		g.useAdvantage(g.mover)
		for u := range g.units {
			if g.units[u].status == onMap {
				g.setFresh(u, true)
			}
		}
		g.activation = 1
		if g.logOn {
			g.logf("%s steals a march", sideNames[g.mover])
		}
		g.retention()
	case aAccept:
		if g.stage == stRetentionReroll {
			g.retRerolled = true
			g.retentionResult()
			return nil
		}
		g.nextReroll()
	case aRerollAdv:
		side := g.toAct()
		g.useAdvantage(side)
		if g.stage == stRetentionReroll {
			g.retRoll, g.retRerolled = g.roll(), true
			g.retentionResult()
			return nil
		}
		g.cb.rerolled[g.cb.rerollTurn] = true
		g.cb.atRoll = [2]int{g.roll2(), g.roll2()}
		g.nextReroll()
	case aRerollMarker:
		g.rerolls[g.toAct()]--
		g.cb.rerolled[g.cb.rerollTurn] = true
		g.cb.atRoll = [2]int{g.roll2(), g.roll2()}
		g.nextReroll()
	case aPass:
		if g.logOn {
			g.logf("%s passes", sideNames[g.mover])
		}
		if g.lastPassed { // 6.2.4
			g.endCombatPhase()
			return nil
		}
		g.lastPassed = true
		g.mover, g.activation = 1-g.mover, 1
		g.beginImpulse()
	case aAssault:
		g.lastPassed = false
		g.active, g.stage = a, stAssault
		at := g.unitsAt(a)
		for u := nextBit(at, 0); u >= 0; u = nextBit(at, u+1) {
			if s := g.units[u]; int(g.e.hot[u].side) == g.mover && s.loc == a && s.fresh && s.status == onMap {
				g.startedIn[u], g.mfLeft[u] = true, g.mf(u)
				g.activeUnits = append(g.activeUnits, u)
			}
		}
		if g.logOn {
			g.logf("%s activates %s", sideNames[g.mover], g.e.b.ids[a])
		}
	case aBombard:
		g.lastPassed = false
		g.cb = combat{bombard: true, area: a, front: none, lead: none, defLead: none, primary: none, attackers: g.cb.attackers[:0], support: g.cb.support[:0], retreating: g.cb.retreating[:0], absorbed: g.cb.absorbed}
		g.stage = stBombardLead
	case aPontoon: // 16.1
		lo, hi := a, b
		if lo > hi {
			lo, hi = hi, lo
		}
		g.pontoons = append(g.pontoons, [2]int{lo, hi})
		g.setFresh(g.freshEngineer(a), false)
		g.bridged = true // "the option of placing a Pontoon Bridge marker": one per declaration (16.1)
		if g.logOn {
			g.logf("pontoon bridge between %s and %s", g.e.b.ids[a], g.e.b.ids[b])
		}
	case aMove:
		g.move(a, b, cost)
	case aStop:
		g.finishMove(a)
	case aCommit:
		g.finishResumed()
		g.commit[a], g.moved[a], g.mfLeft[a] = true, true, 0 // ALL MF (8.2)
		g.anyMove = true
	case aAttack:
		if g.current != none {
			g.finishMove(g.current)
		}
		g.finishResumed()
		g.startAttack(a)
	case aEnd:
		if g.current != none {
			g.finishMove(g.current)
		}
		g.finishResumed()
		for _, u := range g.activeUnits {
			if g.commit[u] { // spent ALL MF for an attack not made (8.2): Exhausted (8.1)
				g.setFresh(u, false)
			}
		}
		for _, p := range g.pending { // optional attacks not made (9.2)
			for u := range g.units {
				if g.moved[u] && g.units[u].loc == p && g.e.units[u].side == g.mover {
					g.setFresh(u, false)
				}
			}
		}
		g.overrunners = g.overrunners[:0]
		g.endActivation()
	case aLead:
		g.cb.lead = a
		g.afterLead()
	case aFront:
		g.cb.front = a
		g.afterFront()
	case aNoFront:
		g.afterFront()
	case aSupport:
		g.cb.support = append(g.cb.support, a)
	case aRoll:
		g.stage = stDefLead
		g.autoDefLead()
	case aDefLead:
		g.cb.defLead = a
		g.rollCombat()
	case aCP:
		g.absorb(a, b)
	case aVRetreat:
		if b > 0 {
			g.retreatIntoZone(a, b-1) // 14.5
		} else {
			g.retreat(a, none)
		}
	case aDone:
		switch g.stage {
		case stVoluntary:
			g.afterCombat()
		case stScreen:
			g.afterScreen()
		case stEntrench:
			g.nextReorgSide()
		case stReorg:
			g.stage = stEntrench
			for i := range g.entrenched {
				g.entrenched[i] = false
			}
		case stAttackerRetreat:
			g.voluntary()
		case stEndRemove:
			g.nextRemovalSide()
		case stSwap:
			g.startTurn()
		}
	case aSwap: // 5.2
		g.swapSetup(a)
		g.startTurn()
	case aARetreat:
		g.retreat(a, g.cameFrom[a])
		if len(g.legalActions()) == 1 {
			g.voluntary()
		}
	case aHoldBack:
		g.holdBack[a] = true
	case aCapture: // 15.2
		g.capture(g.mover, a)
	case aRemoveEntrench: // 15.3
		g.setEntrench(a, 0, g.reorgSide)
		if g.logOn {
			g.logf("%s removes the Entrench marker in %s", sideNames[g.reorgSide], g.e.b.ids[a])
		}
		g.afterRemoval()
	case aRemovePontoon: // 16.3
		kept := g.pontoons[:0]
		for _, p := range g.pontoons {
			if p != [2]int{a, b} {
				kept = append(kept, p)
			}
		}
		g.pontoons = kept
		if g.logOn {
			g.logf("union removes the Pontoon Bridge between %s and %s", g.e.b.ids[a], g.e.b.ids[b])
		}
		g.afterRemoval()
	case aScreen: // 8.3: not Exhausted by screening
		if b > 0 {
			g.retreatIntoZone(a, b-1) // 14.5
		} else {
			g.retreat(a, none)
		}
		if len(g.legalActions()) == 1 {
			g.afterScreen()
		}
	case aBombLead:
		g.cb.lead = a
		g.cb.attackers = g.cb.attackers[:0]
		for u := range g.units {
			if g.units[u].status == onMap && g.units[u].loc == g.units[a].loc && g.units[u].fresh && g.e.units[u].kind == artillery && g.e.units[u].side == g.mover {
				g.cb.attackers = append(g.cb.attackers, u)
			}
		}
		g.afterLead()
	case aPrimary:
		g.cb.primary, g.cb.defLead = a, a
		g.rollCombat()
	case aReorg:
		g.returnUnit(a)
		g.setStatus(b, permanent)
		if g.logOn {
			g.logf("%s reorganizes, %s permanently eliminated", g.e.units[a].id, g.e.units[b].id)
		}
		g.nextPlacement()
	case aRally: // 13.1C
		g.useAdvantage(g.reorgSide) // nobody's until the Phase ends (13.2)
		g.returnUnit(a)
		if g.logOn {
			g.logf("%s rallies", g.e.units[a].id)
		}
		g.nextPlacement()
	case aPlace:
		g.set(a, b, true, onMap)
		g.placeQueue = g.placeQueue[1:]
		g.nextPlacement()
	case aEntrench: // 15.1
		g.entrenched[a] = true
		// 15.1: a +1 where the side has no marker, else flipped to +2.
		g.setEntrench(a, g.ent(g.reorgSide, a)+1, g.reorgSide)
	}
	return nil
}

// move takes one unit one Area (8.1) at the cost the listing worked out.
func (g *game) move(u, to, cost int) {
	continuing := g.current == u
	if g.current != none && g.current != u {
		g.finishMove(g.current)
	}
	switch {
	case contains(g.resume, u):
		g.resume = remove(g.resume, u)
	case !continuing:
		g.finishResumed() // another unit moves: units move one at a time (8.1)
	}
	from := g.units[u].loc
	g.mfLeft[u] -= cost
	g.moved[u], g.cameFrom[u], g.anyMove = true, from, true
	overrun := g.isOverrunner(u)
	if overrun {
		g.dropOverrunner(u)
	}
	g.enter(u, from, to)
	if g.logOn {
		g.logf("%s moves %s to %s (%d MF)", g.e.units[u].id, g.e.b.ids[from], g.e.b.ids[to], cost)
	}
	if g.occupied(1-g.mover, to) {
		if !contains(g.pending, to) {
			g.pending = append(g.pending, to)
		}
		if overrun { // the Overrun's one second attack (9.4.4)
			g.waveUnits = append(g.waveUnits, u)
			if g.waveTarget(from) == none {
				g.waveTargets = append(g.waveTargets, from, to)
			}
		}
		g.current = none
		if g.hasCavalry(1-g.mover, to) && !g.cavalryEntered(to) { // 8.3
			g.screenArea, g.screenNext, g.stage = to, u, stScreen
		}
		return
	}
	if g.mfLeft[u] <= 0 || g.e.b.zone[to] || overrun {
		g.finishMove(u)
		return
	}
	g.current = u
}

func (g *game) dropOverrunner(u int) {
	kept := g.overrunners[:0]
	for _, v := range g.overrunners {
		if v != u {
			kept = append(kept, v)
		}
	}
	g.overrunners = kept
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func (g *game) hasCavalry(side, loc int) bool { return g.kindCount(side, cavalry, loc) > 0 }

// cavalryEntered: a Cavalry unit of the mover entered loc this impulse, so
// the enemy force holds Cavalry and no Screen is offered (8.3).
func (g *game) cavalryEntered(loc int) bool {
	for _, v := range g.activeUnits {
		if s := g.units[v]; s.status == onMap && s.loc == loc && g.moved[v] && g.cameFrom[v] != none && g.e.units[v].kind == cavalry {
			return true
		}
	}
	return false
}

// afterScreen: the screened Area may now be empty; the units that entered
// it go on: "Enemy units do not become Exhausted; if they have any
// remaining MF, they may continue moving after Cavalry Screening has taken
// place" (8.3), every one that entered, not only the last, one at a time
// (8.1). A unit that entered by Overrun movement had its one Area (9.4.4).
func (g *game) afterScreen() {
	g.stage = stAssault
	to := g.screenArea
	if g.occupied(1-g.mover, to) {
		return
	}
	g.pending = remove(g.pending, to)
	g.takeControl(g.mover, to, false)
	for _, u := range g.activeUnits {
		if s := g.units[u]; s.status != onMap || s.loc != to || !g.moved[u] || g.cameFrom[u] == none {
			continue
		}
		// A unit held back from the attack (9.2) entered like the others:
		// with the enemy gone there is no attack to hold it back from.
		g.holdBack[u] = false
		wave := contains(g.waveUnits, u)
		if !g.units[u].fresh && !wave {
			continue // moved earlier and stopped here
		}
		g.waveUnits = remove(g.waveUnits, u)
		if wave || g.mfLeft[u] <= 0 || g.e.b.zone[to] {
			g.finishMove(u)
			continue
		}
		g.resume = append(g.resume, u)
	}
	if len(g.resume) == 1 {
		g.current, g.resume = g.resume[0], g.resume[:0]
	}
}

// finishResumed ends the movement of units left free to go on after a
// screen (8.3) once another unit acts.
func (g *game) finishResumed() {
	for len(g.resume) > 0 {
		g.finishMove(g.resume[0])
	}
}

func remove(xs []int, x int) []int {
	out := xs[:0]
	for _, v := range xs {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}

// finishMove: a unit that moved is flipped Exhausted (8.1), unless it
// waits in an Area it will attack.
func (g *game) finishMove(u int) {
	if !contains(g.pending, g.units[u].loc) {
		g.setFresh(u, false)
	}
	g.resume = remove(g.resume, u)
	if g.current == u {
		g.current = none
	}
}
