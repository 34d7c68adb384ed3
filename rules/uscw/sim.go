package uscw

import (
	"maps"
	"slices"

	"github.com/musterhq/muster/rules"
)

// clone copies the game; the rules core's state is shared (the engine
// writes it only from "do": "track" steps, never in play).
func (g *game) clone() *game {
	c := *g
	c.log = nil
	c.theaterAP = maps.Clone(g.theaterAP)
	c.cards = maps.Clone(g.cards)
	c.genAt = maps.Clone(g.genAt)
	c.moved = maps.Clone(g.moved)
	c.displace = maps.Clone(g.displace)
	c.sp, c.movedSP, c.demoral = map[string]map[rules.Point]int{}, map[string]map[rules.Point]int{}, map[string]map[rules.Point]bool{}
	for _, s := range sides {
		c.sp[s], c.movedSP[s], c.demoral[s] = maps.Clone(g.sp[s]), maps.Clone(g.movedSP[s]), maps.Clone(g.demoral[s])
	}
	c.track = slices.Clip(g.track) // an append of the copy's must not write into g's
	if g.retreat != nil {
		r := *g.retreat
		c.retreat = &r
	}
	return &c
}

// Actions the sim's bots take: this first slice offers only the end of a
// Player Action Phase (no engine-built moves yet), so a sim game runs the
// sequence of play and the initiative rolls to the rules core's verdict.
const aPass rules.Action = 0

// Game is a game in play for the sim.
type Game struct{ g *game }

// Sim starts a game for the sim runner.
func (e *Engine) Sim(seed uint64) (rules.Game, error) {
	g, err := newGame(e, seed)
	if err != nil {
		return nil, err
	}
	g.beginTurn()
	return &Game{g: g}, g.err
}

func (x *Game) Sides() []string { return []string{"union", "confederate"} }
func (x *Game) ToAct() string {
	switch x.g.stage {
	case stOver:
		return ""
	case stRetreat:
		return x.g.retreat.side
	}
	return x.g.phasing
}
func (x *Game) Legal() []rules.Action {
	if x.g.stage == stPlayer {
		return []rules.Action{aPass}
	}
	return nil
}
func (x *Game) Apply(a rules.Action) error {
	if a != aPass || x.g.stage != stPlayer {
		return refuse("4.2", "action %d is not legal now", a)
	}
	x.g.endPlayerPhase()
	if err := x.g.err; err != nil {
		x.g.err = nil
		return err
	}
	return nil
}
func (x *Game) Describe(a rules.Action) string { return "pass" }
func (x *Game) Value(side string) float64      { return 0 }
func (x *Game) Clone(seed uint64) rules.Game {
	c := x.g.clone()
	c.dice = rules.NewDice(seed)
	return &Game{g: c}
}
func (x *Game) Over() bool { return x.g.stage == stOver }
func (x *Game) Outcome() rules.Outcome {
	if x.g.outcome != nil {
		o := *x.g.outcome
		if x.g.firstMover != "" {
			o.Tags = map[string]string{"first-player": x.g.firstMover}
		}
		return o
	}
	return rules.Outcome{Level: "unfinished", Turns: x.g.turn}
}
func (x *Game) Log() *rules.EventLog {
	if x.g.log == nil {
		x.g.log = rules.NewEventLog(x.g.e.sf.Scenario.ID, x.g.dice.Seed())
	}
	return x.g.log
}
