package lgv

import (
	"fmt"
	"github.com/musterhq/muster/rules"
)

// stageNames name the decisions of the sequence of play, for scripts and
// messages.
var stageNames = [...]string{
	stImpulseStart:    "impulse-start",
	stRetentionReroll: "retention-reroll",
	stDeclare:         "declare",
	stAssault:         "assault",
	stLead:            "lead",
	stFrontLeader:     "front",
	stSupport:         "support",
	stDefLead:         "defend",
	stReroll:          "reroll",
	stCasualty:        "casualties",
	stVoluntary:       "voluntary-retreat",
	stScreen:          "screen",
	stBombardLead:     "bombard-with",
	stPrimary:         "primary",
	stReorg:           "reorganize",
	stPlace:           "place",
	stEntrench:        "entrench",
	stAttackerRetreat: "attacker-retreat",
	stEndRemove:       "end-removal",
	stSwap:            "variant-setup",
	stOver:            "over",
}

// homeStages: the decision each kind of action belongs to.
var homeStages = map[int][]int{
	aContinue: {stImpulseStart}, aSteal: {stImpulseStart},
	aAccept: {stRetentionReroll, stReroll}, aRerollAdv: {stRetentionReroll, stReroll}, aRerollMarker: {stReroll},
	aPass: {stDeclare}, aAssault: {stDeclare}, aBombard: {stDeclare},
	aPontoon: {stAssault}, aMove: {stAssault}, aStop: {stAssault}, aCommit: {stAssault}, aAttack: {stAssault}, aEnd: {stAssault},
	aLead: {stLead}, aFront: {stFrontLeader}, aNoFront: {stFrontLeader}, aSupport: {stSupport}, aRoll: {stSupport},
	aDefLead: {stDefLead}, aCP: {stCasualty}, aVRetreat: {stVoluntary}, aARetreat: {stAttackerRetreat},
	aDone: {stVoluntary, stScreen, stReorg, stEntrench, stAttackerRetreat, stEndRemove, stSwap}, aSwap: {stSwap},
	aScreen: {stScreen}, aBombLead: {stBombardLead}, aPrimary: {stPrimary},
	aReorg: {stReorg}, aRally: {stReorg}, aPlace: {stPlace}, aEntrench: {stEntrench},
	aRemoveEntrench: {stEndRemove}, aRemovePontoon: {stEndRemove}, aHoldBack: {stAssault}, aCapture: {stAssault},
}

// kindCases: the case an action of a kind breaks when its decision is
// due but these arguments are not allowed.
var kindCases = map[int]string{
	aSteal: "LGV 13.1B", aRerollAdv: "LGV 13.1A", aRerollMarker: "LGV 13.3",
	aAssault: "LGV 8.1", aBombard: "LGV 10.1.1", aPontoon: "LGV 16.1",
	aStop: "LGV 8.1", aCommit: "LGV 9.3", aAttack: "LGV 9.2", aEnd: "LGV 9.1",
	aLead: "LGV 9.4A", aFront: "LGV 9.4.2F", aSupport: "LGV 9.5", aDefLead: "LGV 9.4B",
	aCP: "LGV 11.1", aVRetreat: "LGV 11.2.3", aARetreat: "LGV 11.2", aScreen: "LGV 8.3",
	aBombLead: "LGV 10.1.1", aPrimary: "LGV 10.2.1", aReorg: "LGV 12.1B", aRally: "LGV 13.1C",
	aPlace: "LGV 12.1A", aEntrench: "LGV 15.1", aRemoveEntrench: "LGV 15.3", aRemovePontoon: "LGV 16.3",
	aHoldBack: "LGV 9.2", aSwap: "LGV 5.2", aCapture: "LGV 15.2",
}

// refusal names the case an action that is not legal now breaks, and
// says why in words.
func (g *game) refusal(x rules.Action) (code, msg string) {
	k, a, b := split(x)
	what := g.describe(x)
	if g.stage == stOver {
		return "LGV 17.0", fmt.Sprintf("%s: the game is over (%s)", what, g.level)
	}
	home := false
	for _, s := range homeStages[k] {
		home = home || s == g.stage
	}
	switch {
	case !home && k == aSteal && g.stage == stDeclare:
		return "LGV 13.1B", what + ": a march is stolen at the start of an Impulse, before the Momentum die roll, by the side holding the Advantage, once per side per Turn"
	case !home && k == aRerollMarker && g.stage == stRetentionReroll:
		return "LGV 13.3", what + ": Re-Roll markers may not be used for any purpose but a Combat Resolution"
	}
	if !home {
		return "LGV 6.0", fmt.Sprintf("%s is not a decision of this moment: the %s player decides %s", what, sideNames[g.toAct()], stageNames[g.stage])
	}
	if k == aMove {
		return g.moveRefusal(a, b)
	}
	code = kindCases[k]
	if (k == aVRetreat || k == aScreen) && b > 0 || k == aCP && b >= cpZone {
		return "LGV 14.5", what + ": a unit retreats out of the priorities only into a friendly-Controlled, Vacant Zone next to it that it may retreat into (and one the priorities do not already give)"
	}
	switch k {
	case aAssault:
		return code, fmt.Sprintf("%s: an Area must have at least one Fresh %s unit in order to activate", what, sideNames[g.mover])
	case aBombard:
		if !g.occupied(1-g.mover, a) {
			return "LGV 6.2.3", what + ": the Target Area must contain at least one enemy unit"
		}
		return code, what + ": no Fresh friendly Artillery has it in range"
	case aRerollMarker:
		if g.cb.bombard {
			return code, what + ": Re-Roll markers may not be used for Bombardment Resolution"
		}
		return code, what + ": no Re-Roll marker left this turn, or this roll was re-rolled already"
	case aRerollAdv:
		return code, what + ": only the side holding the Advantage may spend it, once per roll"
	case aSteal:
		return code, what + ": only the side holding the Advantage may steal a march, once per turn"
	case aHoldBack:
		return code, what + ": only a unit that entered an Area it may attack without a Mandatory Attack stays out, and at least one unit must attack"
	case aEnd:
		if g.current != none {
			return "LGV 8.1", fmt.Sprintf("%s: units move one at a time; %s is moving (stop it first)", what, g.e.units[g.current].id)
		}
		return code, what + ": a Mandatory Attack is still to be made"
	case aLead:
		return code, what + ": the Lead Attacking Unit is an attacking unit, not a Leader or Artillery, and not an Independent unit while another could lead"
	case aDefLead:
		return code, what + ": the Lead Defending Unit is a defending unit, not an Independent unit while another unit could be"
	case aPontoon:
		if g.e.pontoonSupply >= 0 && len(g.pontoons) >= g.e.pontoonSupply {
			return "LGV 16.0", fmt.Sprintf("%s: all %d Pontoon Bridge markers supplied with the game are in play", what, g.e.pontoonSupply)
		}
		if g.bridged {
			return code, what + ": a Pontoon Bridge marker was already placed this Assault Activation (one option per declaration)"
		}
	case aEntrench:
		if a >= 0 && a < g.nLoc() && g.ent(g.reorgSide, a) == 0 && !g.entrenchLeft(g.reorgSide) {
			return "LGV 15.0", fmt.Sprintf("%s: all %d Entrench markers supplied with the game are in play", what, g.e.entrenchSupply[g.reorgSide])
		}
	case aPlace:
		if a < len(g.units) && b < len(g.e.b.ids) {
			info := &g.e.units[a]
			switch {
			case info.kind == engineer && g.e.b.sector[b] != union:
				return "LGV 8.4.6", what + ": Union Engineers may only be within the Union Operational Sector"
			case info.kind == leader && g.full(info.side, b) && g.counts(a, b):
				return "LGV 7.1.3", what + ": the Area is fully stacked and the Leader, with no unit of his command there, counts towards the limit"
			}
		}
		return code, what + ": a returning unit goes to a friendly-Controlled, Vacant Area with another friendly unit and room under the stacking limit, or failing that any friendly-Controlled Zone, Vacant or not (12.1A, 12.2)"
	case aCapture:
		if a >= 0 && a < g.nLoc() && g.ent(g.mover, a) == 0 && contains(g.captures, a) && !g.entrenchLeft(g.mover) {
			return "LGV 15.0", fmt.Sprintf("%s: all %d Entrench markers supplied with the game are in play", what, g.e.entrenchSupply[g.mover])
		}
		return code, what + ": a friendly Entrench +1 marker is placed only where an Assault this Activation cleared an Area holding an enemy Entrench marker and no friendly one, or where a unit entered an Area with an enemy marker and no enemy unit to assault"
	case aCP:
		return code, what + ": the first CP is the Lead Defending Unit's or Primary Target's, no loss may exceed the CP left, and the losses must come to the CP exactly whenever they can"
	}
	return code, what + " is not allowed now"
}

// moveRefusal names the case a move breaks.
func (g *game) moveRefusal(u, to int) (string, string) {
	what := g.describe(act(aMove, u, to))
	if u >= len(g.units) || to >= len(g.e.b.ids) {
		return "LGV 8.1", what + ": no such unit or location"
	}
	s := g.units[u]
	switch {
	case s.status != onMap:
		return "LGV 8.1", what + ": the unit is not on the map"
	case g.e.units[u].side != g.mover:
		return "LGV 6.2", what + ": no enemy unit may move during a friendly Impulse except to retreat"
	case !s.fresh && !g.isOverrunner(u):
		return "LGV 8.2", what + ": only Fresh units may move"
	case g.current != none && g.current != u:
		// another unit is moving: it stops first, so u may still move
	case !g.startedIn[u] && !g.isOverrunner(u):
		return "LGV 8.1.1", what + ": only units in the Active Area move"
	case contains(g.resume, u):
		// free to go on after a screen (8.3)
	case g.moved[u] && !g.isOverrunner(u) && g.current != u && g.occupied(1-g.mover, s.loc):
		return "LGV 8.2", what + ": the unit entered an Area occupied by an enemy unit, where it must stop (or spent ALL MF to Assault within a Contested Area)"
	case g.moved[u] && !g.isOverrunner(u) && g.current != u:
		return "LGV 8.1", what + ": units move one at a time; this one has moved"
	}
	l, ok := g.e.b.linkOf(s.loc, to)
	if !ok {
		return "LGV 8.1", what + ": not adjacent"
	}
	if _, why := g.moveCost(u, s.loc, to, l); why != "" {
		return why, what + ": " + caseWords[why]
	}
	if g.isOverrunner(u) && (g.e.b.zone[to] || g.e.b.zone[s.loc]) {
		return "LGV 9.4.4", what + ": Overrun movement may not enter or leave a Zone"
	}
	if g.isOverrunner(u) && !g.secondAttackArea(s.loc, to) {
		return "LGV 9.4.4", fmt.Sprintf("%s: an Overrun gives one second attack, into %s (\"enter and attack any one adjacent Area\")", what, g.e.b.ids[g.waveTarget(s.loc)])
	}
	return "LGV 8.1", what + " is not allowed now"
}

// caseWords says what each movement case forbids.
var caseWords = map[string]string{
	"LGV 14.2":   "Union units may not enter the Confederate Zones (or cross a prohibited boundary)",
	"LGV 14.2.1": "Union units enter Zone C or D only by exiting a Union-Controlled Area 16 or 47",
	"LGV 8.2.1":  "once an Area is attacked, additional units may not move into it this Impulse",
	"LGV 8.4.2":  "Confederate units may not enter an Area or Zone of the Union Operational Sector",
	"LGV 8.4.6":  "Union Engineers may not enter the Confederate Operational Sector",
	"LGV 8.4.3":  "Wilderness Areas are entered and left only along a road",
	"LGV 8.4.4":  "a Major Water Boundary is crossed only by Union units at a Ford, one unit per Impulse (five with a Pontoon Bridge there at the start of the Impulse)",
	"LGV 8.4.1":  "the Area is fully stacked",
	"LGV 14.1":   "a Zone is entered only from the Area where the unit began the Impulse",
	"LGV 8.4.5":  "units in a Contested Area must first move to a Free Area",
	"LGV 8.4.7":  "a Leader may not enter an enemy-Controlled, Vacant Area without another friendly unit",
	"LGV 9.4A":   "no unit entering there could be the Lead Attacking Unit",
	"LGV 14.1.1": "the Germanna Ford crossing takes all the unit's movement",
	"LGV 8.2":    "not enough Movement Factors left",
}
