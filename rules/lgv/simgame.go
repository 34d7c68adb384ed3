package lgv

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Ruleset is the LGV engine as the tools see it (rules.Engine): the CLI
// registers it with the playtest runner and the sim.
type Ruleset struct{}

// System is the game system of game.json.
func (Ruleset) System() string { return "lgv" }

// Compile prepares a scenario with rule options for the sim's games.
func (Ruleset) Compile(sf *scenarios.ScenarioFile, options map[string]string) (rules.NewGame, error) {
	opts, err := ParseOptions(options)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", rules.ErrBadOption, err)
	}
	e, err := CompileWith(sf, opts)
	if err != nil {
		return nil, err
	}
	return e.Sim, nil
}

// Script starts a game for a scripted playtest ("engine": "lgv").
func (Ruleset) Script(sf *scenarios.ScenarioFile, s *rules.Script) (rules.Driver, error) {
	return newScriptDriver(sf, s)
}

// Game is a game in play for bots and scripts.
type Game struct {
	g *game
	// history is the actions applied, so Log can replay the game with its
	// log on without slowing the playouts down.
	history []rules.Action
	seed    uint64
	track   bool
	// scratch is the copy Try plays actions on.
	scratch    *game
	scratchPCG *rand.PCG
	// zoneBuf is scratch space for Weight's look at 14.5's Zones.
	zoneBuf []int
}

// Sim starts a game for the sim runner.
func (e *Engine) Sim(seed uint64) (rules.Game, error) {
	return &Game{g: e.NewGame(seed), seed: seed, track: true, history: make([]rules.Action, 0, 4096)}, nil
}

func (x *Game) Sides() []string { return sideNames[:] }

func (x *Game) ToAct() string {
	if x.g.stage == stOver {
		return ""
	}
	return sideNames[x.g.toAct()]
}

func (x *Game) Legal() []rules.Action {
	if x.g.stage == stOver {
		return nil
	}
	l := x.g.legalActions()
	x.g.legalOK = true
	return l
}

func (x *Game) Apply(a rules.Action) error {
	did := ""
	if x.g.e.opts.Check {
		did = x.g.describe(a)
	}
	if err := x.g.apply(a); err != nil {
		return err
	}
	n := len(x.history)
	if x.track {
		x.history = append(x.history, a)
	}
	if x.g.e.opts.Check {
		what := x.g.violation
		if what == "" {
			what = x.g.checkPosition()
		}
		if what != "" {
			return &Violation{Seed: x.seed, Action: n, Did: did, What: what}
		}
	}
	return nil
}

func (x *Game) Describe(a rules.Action) string { return x.g.describe(a) }

// Value scores a position for a side: the Union VP as if the game ended
// now (VP already scored, the VP Areas held now, units eliminated; after
// the final count of 17.2 the VP Track alone, which holds them), and a
// victory above all.
func (x *Game) Value(side string) float64 { return x.g.value(sideIndex(side)) }

func (g *game) value(side int) float64 {
	v := float64(g.vp)
	if !g.finalVP {
		v += float64(g.vpAreas() + g.eliminationVP())
	}
	if g.stage == stOver {
		switch g.winner {
		case union:
			v += 100
		case confederate:
			v -= 100
		}
	}
	if side == confederate {
		return -v
	}
	return v
}

// Try scores an action for a side on a scratch copy of the game whose
// dice are reseeded (rules.Trier): what a greedy bot asks of every legal
// action, without a new copy each time.
func (x *Game) Try(a rules.Action, seed uint64, side string) (float64, error) {
	if x.scratch == nil {
		x.scratch, x.scratchPCG = &game{}, newPCG(seed)
	}
	x.g.copyInto(x.scratch)
	x.scratchPCG.Seed(seed, seed^0x9e3779b97f4a7c15)
	x.scratch.pcg = x.scratchPCG
	if err := x.scratch.apply(a); err != nil {
		return 0, err
	}
	return x.scratch.value(sideIndex(side)), nil
}

func (x *Game) Clone(seed uint64) rules.Game {
	c := x.g.clone()
	c.pcg = newPCG(seed)
	return &Game{g: c, seed: seed}
}

func (x *Game) Over() bool { return x.g.stage == stOver }

func (x *Game) Outcome() rules.Outcome {
	g := x.g
	o := rules.Outcome{Level: g.level, VP: float64(g.vp), Turns: g.turn, Tags: map[string]string{}}
	if g.winner != none {
		o.Winner = sideNames[g.winner]
	}
	won := 0
	for t := 2; t <= g.turn && t < len(g.momentumBy); t++ {
		if g.momentumBy[t] == union {
			won++
		}
	}
	o.Tags["union-momentum-turns-2-6"] = strconv.Itoa(won)
	if g.turn >= 2 {
		o.Tags["turn-2-momentum"] = sideNames[g.momentumBy[2]]
	}
	// The side that moves first: the Union, which has Momentum on turn 1
	// (6.1.1), the report's first-mover advantage.
	o.Tags["first-player"] = sideNames[g.momentumBy[1]]
	return o
}

// Endings lists the results a game can end in (rules.Ender): the
// Automatic Victories (17.1), the levels of the final Victory Check (17.3,
// as a bid rewrote them), and the scenario's outcome when no level holds
// the total, else "no level".
func (x *Game) Endings() []rules.Ending {
	e := x.g.e
	out := []rules.Ending{{Level: "Union Automatic Victory", Winner: "union"}, {Level: "Confederate Automatic Victory", Winner: "confederate"}}
	for _, b := range e.bands { // as finalLevel gives them
		out = append(out, rules.Ending{Level: b.Level, Winner: sideNames[sideIndex(b.Winner)]})
	}
	switch o := e.otherwise; {
	case o == nil:
		out = append(out, rules.Ending{Level: "no level"})
	case o.Draw || o.Winner == "":
		out = append(out, rules.Ending{Level: o.Level})
	default:
		out = append(out, rules.Ending{Level: o.Level, Winner: sideNames[sideIndex(o.Winner)]})
	}
	return out
}

// Log replays the game with its log on.
func (x *Game) Log() *rules.EventLog {
	log := rules.NewEventLog(x.g.e.sf.Scenario.ID, x.seed)
	r := x.g.e.NewGameLogged(x.seed)
	for _, a := range x.history {
		r.logf("%s: %s", sideNames[r.toAct()], r.describe(a))
		if err := r.apply(a); err != nil {
			r.logf("replay stopped: %v", err)
			break
		}
	}
	track, k := r.track(), 0
	for _, ev := range r.events {
		if ev.vp {
			if k < len(track) {
				log.Add(rules.VPEvent(track[k], "LGV 17.2"))
				k++
			}
			continue
		}
		log.Add(rules.Event{Turn: ev.turn, Kind: "lgv", Data: map[string]any{"text": ev.text}})
	}
	return log
}

// NewGameLogged starts a game that records what happens.
func (e *Engine) NewGameLogged(seed uint64) *game {
	g := e.start.clone()
	g.pcg = newPCG(seed)
	g.logOn = true
	g.begin()
	return g
}

// describe names an action.
func (g *game) describe(x rules.Action) string {
	k, a, b := split(x)
	id := func(u int) string {
		if u < len(g.e.units) {
			return g.e.units[u].id
		}
		return fmt.Sprintf("unit %d", u)
	}
	loc := func(l int) string {
		if l < len(g.e.b.ids) {
			return g.e.b.ids[l]
		}
		return fmt.Sprintf("location %d", l)
	}
	switch k {
	case aContinue:
		return "continue"
	case aSteal:
		return "steal a march (13.1B)"
	case aAccept:
		return "accept the roll"
	case aRerollAdv:
		return "re-roll with the Advantage (13.1A)"
	case aRerollMarker:
		return "re-roll with a Re-Roll marker (13.3)"
	case aPass:
		return "pass"
	case aAssault:
		return "assault activation in " + loc(a)
	case aBombard:
		return "bombard " + loc(a)
	case aPontoon:
		return "pontoon bridge " + loc(a) + "-" + loc(b)
	case aMove:
		return "move " + id(a) + " to " + loc(b)
	case aStop:
		return "stop " + id(a)
	case aCommit:
		return "commit " + id(a) + " to the attack"
	case aAttack:
		return "attack " + loc(a)
	case aEnd:
		return "end the activation"
	case aLead:
		return "lead " + id(a)
	case aFront:
		return id(a) + " leads from the front"
	case aNoFront:
		return "no leader in front"
	case aSupport:
		return "support with " + id(a)
	case aRoll:
		return "roll"
	case aDefLead:
		return "defend with " + id(a)
	case aCP:
		if b >= cpZone {
			return "retreat " + id(a) + " into " + loc(b-cpZone) + " (14.5)"
		}
		return [4]string{"flip ", "eliminate fresh ", "eliminate exhausted ", "retreat "}[b&3] + id(a)
	case aVRetreat:
		if b > 0 {
			return "retreat " + id(a) + " into " + loc(b-1) + " (11.2.3, 14.5)"
		}
		return "retreat " + id(a) + " (11.2.3)"
	case aDone:
		return "done"
	case aScreen:
		if b > 0 {
			return "screen with " + id(a) + " into " + loc(b-1) + " (14.5)"
		}
		return "screen with " + id(a)
	case aBombLead:
		return "bombard with " + id(a)
	case aPrimary:
		return "primary target " + id(a)
	case aReorg:
		return "reorganize " + id(a) + ", removing " + id(b)
	case aRally:
		return "rally " + id(a)
	case aPlace:
		return "place " + id(a) + " in " + loc(b)
	case aEntrench:
		return "entrench in " + loc(a)
	case aARetreat:
		return "retreat " + id(a) + " after the Stalemate (9.4.4)"
	case aRemoveEntrench:
		return "remove the Entrench marker in " + loc(a) + " (15.3)"
	case aRemovePontoon:
		return "remove the pontoon bridge " + loc(a) + "-" + loc(b) + " (16.3)"
	case aHoldBack:
		return "hold " + id(a) + " back from the attack (9.2)"
	case aCapture:
		return "place an Entrench +1 marker in " + loc(a) + " (15.2)"
	case aSwap:
		if a < len(g.e.swapCands) {
			return "switch the setup Areas of " + g.e.swapCands[a].command + " Corps with " + g.e.swapWith.command + " Corps (5.2)"
		}
	}
	return fmt.Sprintf("action %d", uint64(x))
}

// Weight is how sensible an action is for the sensible bot (rules.Weigher):
// 0 for a retreat, screen or voluntary retreat that can only eliminate the
// unit (11.2.4) or that follows the priorities where 14.5 opens a Zone, for a re-roll of a roll that went the side's way and for
// ending an activation with a capture of 15.2 still open; 1 otherwise.
func (x *Game) Weight(a rules.Action, side string) float64 {
	g := x.g
	k, u, b := split(a)
	switch k {
	case aScreen, aVRetreat, aARetreat:
		if k != aARetreat && b > 0 {
			return 1 // into a friendly Zone (14.5): never an elimination
		}
		if x.zoneBuf = g.zoneRetreats(u, x.zoneBuf); k != aARetreat && len(x.zoneBuf) > 0 {
			return 0 // a Zone is open: out of reach of Assault and Bombardment (14.4), the sensible choice
		}
		prefer := none
		if k == aARetreat {
			prefer = g.cameFrom[u]
		}
		if x.retreatEliminates(u, prefer) {
			return 0
		}
	case aCP:
		if b != cpRetreatExh {
			break
		}
		if x.zoneBuf = g.zoneRetreats(u, x.zoneBuf); len(x.zoneBuf) > 0 {
			return 0 // as above: the Zone rather than the priorities
		}
	case aEnd:
		for _, loc := range g.captures { // 15.2: take a capture before ending the activation
			if g.canCapture(g.mover, loc) {
				return 0
			}
		}
	case aRerollAdv, aRerollMarker:
		if g.stage == stReroll && !x.rollIsBad(sideIndex(side)) {
			return 0
		}
		if g.stage == stRetentionReroll && !g.retentionRerollPays() {
			return 0
		}
	}
	return 1
}

// retentionRerollPays: the retention roll went against the side (that is
// when it may spend the Advantage, 13.1A), and a new 1D6 turns it at
// least as often as not (6.2.5): worth the Advantage.
func (g *game) retentionRerollPays() bool {
	lose := min(g.activation-1, 5)
	if g.rrSide == g.mover { // Momentum lost: a re-roll keeps it on 6 or above lose
		return 6-lose >= 3
	}
	return lose >= 3 // kept: a re-roll loses it on 1..lose
}

// retreatEliminates: retreating u now (11.2.2, or into prefer) would
// eliminate it, tried on the scratch copy.
func (x *Game) retreatEliminates(u, prefer int) bool {
	s := x.scratchCopy()
	s.retreat(u, prefer)
	return s.units[u].status != onMap
}

// rollIsBad: the combat's dice as rolled give side a result it would
// re-roll: a Repulse or Stalemate for the Attacker (no effect in a
// Bombardment), a Success for the Defender.
func (x *Game) rollIsBad(side int) bool {
	s := x.scratchCopy()
	s.resolve()
	attackerWon := s.last.result == "success" || s.last.result == "overrun" || s.last.result == "hit"
	return attackerWon == (side != x.g.mover)
}

// scratchCopy copies the game into the scratch game (no log, own dice).
func (x *Game) scratchCopy() *game {
	if x.scratch == nil {
		x.scratch, x.scratchPCG = &game{}, newPCG(x.seed)
	}
	x.g.copyInto(x.scratch)
	x.scratchPCG.Seed(x.seed, x.seed^0x9e3779b97f4a7c15)
	x.scratch.pcg = x.scratchPCG
	return x.scratch
}
