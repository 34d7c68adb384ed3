package lgv

import (
	"math/bits"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// startReorg begins a side's Reorganization (12.0): Leader fates first,
// then units that return without choice are placed.
func (g *game) startReorg() {
	side := g.reorgSide
	g.placeQueue = g.placeQueue[:0]
	for u := range g.units {
		info := &g.e.units[u]
		if info.side != side || info.kind != leader {
			continue
		}
		switch s := g.units[u]; s.status {
		case offFront:
			if !g.e.opts.FrontLeaderFate { // 11.1.1: back this Reorganization Phase
				g.placeQueue = append(g.placeQueue, u)
				break
			}
			fallthrough // the fate roll of 12.2 too (option front-leader-fate=roll)
		case eliminated: // 12.2
			switch d := g.roll(); {
			case d <= 2:
				g.setStatus(u, kia)
				if g.logOn {
					g.logf("%s killed in action (roll %d)", info.id, d)
				}
			case d <= 4:
				g.set(u, g.turn+1, false, wounded) // loc holds the turn he returns
				if g.logOn {
					g.logf("%s wounded (roll %d)", info.id, d)
				}
			default:
				g.placeQueue = append(g.placeQueue, u)
			}
		case wounded:
			if s.loc <= g.turn {
				g.placeQueue = append(g.placeQueue, u)
			}
		}
	}
	g.nextPlacement()
}

func (g *game) returnUnit(u int) {
	g.placeQueue = append(g.placeQueue, u)
}

// nextPlacement asks where the next returning unit goes, or offers the
// Reorganization choices.
func (g *game) nextPlacement() {
	for len(g.placeQueue) > 0 {
		u := g.placeQueue[0]
		if len(g.placements(u)) > 0 {
			g.placing, g.stage = u, stPlace
			return
		}
		g.placeQueue = g.placeQueue[1:] // nowhere to go: stays out
	}
	g.placing, g.stage = none, stReorg
	if len(g.legalActions()) == 1 {
		g.stage = stEntrench
		for i := range g.entrenched {
			g.entrenched[i] = false
		}
		if len(g.legalActions()) == 1 {
			g.nextReorgSide()
		}
	}
}

// placements: friendly-Controlled, Vacant Areas with another friendly
// unit; else "any friendly-Controlled Zone" (12.1A, 12.2), Vacant or not
// (14.5 asks Vacant of a retreat, 12.1A does not); a Leader also with his
// army commander (12.2).
// Nobody is placed where he may never be (8.4.2, 8.4.6) or past the
// stacking limit (7.1: a Leader counts unless a unit of his command is
// there, 7.1.3).
func (g *game) placements(u int) []int {
	side := g.e.units[u].side
	out := g.placeBuf[:0]
	occ := g.bitsOf(g.occBits, side)
	for loc := nextBit(occ, 0); loc >= 0; loc = nextBit(occ, loc+1) { // with another friendly unit
		if !g.e.b.zone[loc] && g.free(side, loc) && g.mayPlace(u, loc) {
			out = append(out, loc)
		}
	}
	if len(out) == 0 {
		for loc := range g.e.b.ids {
			if g.e.b.zone[loc] && g.control[loc] == side && g.mayPlace(u, loc) {
				out = append(out, loc)
			}
		}
		if g.e.units[u].kind == leader && !g.e.units[u].armyLeader {
			for v := range g.units {
				if g.e.units[v].armyLeader && g.e.units[v].side == side && g.units[v].status == onMap && g.mayPlace(u, g.units[v].loc) && !contains(out, g.units[v].loc) {
					out = append(out, g.units[v].loc)
				}
			}
		}
	}
	g.placeBuf = out // scratch: valid until the next call
	return out
}

// mayPlace: the unit may stand at loc: in its side's sector (8.4.2), an
// Engineer in the Union sector (8.4.6), and not past the stacking limit
// (7.1, 7.1.3).
func (g *game) mayPlace(u, loc int) bool {
	info := &g.e.units[u]
	sector := g.e.b.sector[loc]
	switch {
	case info.side == confederate && sector != confederate:
		return false
	case info.kind == engineer && sector != union:
		return false
	}
	return !g.full(info.side, loc) || !g.counts(u, loc)
}

func (g *game) reorgLegal() {
	side := g.reorgSide
	g.push(aDone, 0, 0)
	elim := g.cand[:0] // scratch: the side's eliminated units, in index order
	for u := range g.units {
		if g.units[u].status == eliminated && g.e.units[u].side == side {
			elim = append(elim, u)
		}
	}
	g.cand = elim
	// Whether a unit of each type has somewhere to go: the same for all of
	// a type, but not across types (a Union Engineer stays in the Union
	// sector and stacks free, 8.4.6, 7.1.3).
	var known, placeable [nKinds]bool
	for _, u := range elim {
		k := g.e.units[u].kind
		if k == leader {
			continue
		}
		if !known[k] {
			known[k], placeable[k] = true, len(g.placements(u)) > 0
		}
		if !placeable[k] {
			continue
		}
		for _, v := range elim { // 12.1B: another of the same type
			if v != u && g.e.units[v].kind == g.e.units[u].kind {
				g.push(aReorg, u, v)
			}
		}
		if g.advantage == side {
			g.push(aRally, u, 0)
		}
	}
}

// canEntrench: no marker placed there this phase, the side's own marker
// not already +2 (15.1); an enemy marker in the Area (a Contested Area) is
// no bar, markers are each side's. The listing asks it only of Areas with
// friendly Infantry (15.1).
func (g *game) canEntrench(loc int) bool {
	side := g.reorgSide
	if g.entrenched[loc] || g.ent(side, loc) >= 2 {
		return false
	}
	// "limited to the markers supplied with the game" (15.0)
	return g.ent(side, loc) > 0 || g.entrenchLeft(side)
}

// entrenchLeft: the side has an Entrench marker not in play (15.0), or
// the module does not say how many there are.
func (g *game) entrenchLeft(side int) bool {
	supply := g.e.entrenchSupply[side]
	if supply < 0 {
		return true
	}
	n := 0
	for _, w := range g.bitsOf(g.entrenchBits, side) {
		n += bits.OnesCount64(w)
	}
	return n < supply
}

func (g *game) nextReorgSide() {
	if g.reorgSide == union {
		g.reorgSide = confederate
		g.startReorg()
		return
	}
	if g.advNext != none { // 13.2: a rally's Advantage shifts as the Phase ends
		g.advantage, g.advNext = g.advNext, none
	}
	g.endPhase()
}

// endPhase is 6.4: automatic victory (17.1), the VP Areas (17.2), the
// voluntary removal of markers (15.3, 16.3), then Exhausted units flip
// Fresh, the Re-Roll markers return, and the next turn begins; after the
// last turn the final Victory Check (17.3).
func (g *game) endPhase() {
	switch {
	case g.unionAutomatic(): // 17.1.1
		g.finish(union, "Union Automatic Victory")
		return
	case g.confederateAutomatic(): // 17.1.2
		g.finish(confederate, "Confederate Automatic Victory")
		return
	}
	areas := g.vpAreas() // 17.2
	g.vp += areas
	g.vpAreaSum += areas
	if g.turn >= g.e.turns {
		g.vp += g.eliminationVP()
		g.finalVP = true
		g.recordVP()
		g.finish(g.e.finalLevel(g.vp))
		return
	}
	g.recordVP()
	g.reorgSide = union // "The Union player removes Entrench markers first" (15.3)
	g.startRemovals()
}

// recordVP keeps the VP Track at the End Phase's count (17.2; on the
// last turn with the units eliminated) for the report's VP over time.
func (g *game) recordVP() {
	if g.vpTurns < len(g.vpAt) {
		g.vpAt[g.vpTurns] = turnVP{g.turn, g.vp}
		g.vpTurns++
	}
	if g.logOn {
		g.events = append(g.events, loggedEvent{turn: g.turn, vp: true})
	}
}

// finalLevel is the level of the final Victory Check (17.3) for a Union VP
// total: the first band of the table holding it (rules.InBand: min, max and
// under), else the scenario's otherwise outcome, else no level.
func (e *Engine) finalLevel(vp int) (winner int, level string) {
	return e.levelIn(e.bands, vp)
}

// levelIn is finalLevel read on a table of bands (a bid's, rescore.go).
func (e *Engine) levelIn(bands []scenarios.Band, vp int) (winner int, level string) {
	for _, b := range bands {
		if rules.InBand(float64(vp), b) {
			return sideIndex(b.Winner), b.Level
		}
	}
	if o := e.otherwise; o != nil {
		if o.Draw || o.Winner == "" {
			return none, o.Level
		}
		return sideIndex(o.Winner), o.Level
	}
	return none, "no level"
}

// startRemovals offers the side its markers to remove, if it has any.
func (g *game) startRemovals() {
	g.stage = stEndRemove
	if len(g.legalActions()) == 1 {
		g.nextRemovalSide()
	}
}

func (g *game) afterRemoval() {
	if len(g.legalActions()) == 1 {
		g.nextRemovalSide()
	}
}

func (g *game) nextRemovalSide() {
	if g.reorgSide == union {
		g.reorgSide = confederate
		g.startRemovals()
		return
	}
	g.nextTurn()
}

// removalLegal: the side's own Entrench markers (15.3) and, for the
// Union, any Pontoon Bridge (16.3).
func (g *game) removalLegal() {
	g.push(aDone, 0, 0)
	own := g.bitsOf(g.entrenchBits, g.reorgSide)
	for loc := nextBit(own, 0); loc >= 0; loc = nextBit(own, loc+1) {
		g.push(aRemoveEntrench, loc, 0)
	}
	if g.reorgSide == union {
		for _, p := range g.pontoons {
			g.push(aRemovePontoon, p[0], p[1])
		}
	}
}

// nextTurn ends the End Phase (6.4) and starts the next turn.
func (g *game) nextTurn() {
	for u := range g.units {
		if g.units[u].status == onMap {
			g.setFresh(u, true)
		}
	}
	g.rerolls = [2]int{1, 1} // 13.3: returned to their players
	g.turn++
	g.startTurn()
}

func (g *game) finish(winner int, level string) {
	g.winner, g.level, g.stage = winner, level, stOver
	if g.logOn {
		g.logf("game over: %s (%d VP)", level, g.vp)
	}
}
