package uscw

import (
	"maps"
	"slices"

	"github.com/musterhq/muster/rules"
)

// clone copies the game. The rules core's state is copied where the
// engine writes it (its tracks and statuses); the rest is read only.
func (g *game) clone() *game {
	c := *g
	c.log, c.search, c.locSearch, c.nearSearch, c.navalScratch = nil, nil, nil, nil, nil
	c.bonusReach = nil // its map grows as the game asks: a clone keeps its own
	c.supply, c.gridOnly, c.scanScratch, c.scanDepth = [2]*supplyCache{}, [2]*supplyCache{}, nil, 0
	c.forage, c.surrPts = map[string]map[rules.Point]bool{}, map[string]map[rules.Point]surrenderMark{}
	for _, s := range sides {
		c.forage[s], c.surrPts[s] = maps.Clone(g.forage[s]), maps.Clone(g.surrPts[s])
	}
	core := *g.core
	core.Tracks = maps.Clone(g.core.Tracks)
	core.Statuses = maps.Clone(g.core.Statuses) // the Border States change sides (17.1)
	c.core = &core
	c.theaterAP = maps.Clone(g.theaterAP)
	c.cards = g.cards.clone()
	c.draws = slices.Clone(g.draws)
	c.grants, c.reinfState = slices.Clone(g.grants), maps.Clone(g.reinfState)
	c.genAt = maps.Clone(g.genAt)
	c.designated = maps.Clone(g.designated)
	c.moved = maps.Clone(g.moved)
	c.displace = maps.Clone(g.displace)
	c.marker = maps.Clone(g.marker)
	c.works = maps.Clone(g.works)
	c.militia, c.milHex, c.garrisonGone = slices.Clone(g.militia), maps.Clone(g.milHex), maps.Clone(g.garrisonGone)
	c.arsenal = maps.Clone(g.arsenal)
	c.displacedGen = maps.Clone(g.displacedGen)
	c.cavDelay, c.cavNoted = maps.Clone(g.cavDelay), maps.Clone(g.cavNoted)
	c.gens, c.gone = maps.Clone(g.gens), maps.Clone(g.gone)
	c.morale = maps.Clone(g.morale)
	c.destroyed = maps.Clone(g.destroyed)
	c.credit = maps.Clone(g.credit)
	c.spIn, c.spLost = maps.Clone(g.spIn), maps.Clone(g.spLost)
	c.sp, c.movedSP, c.demoral = map[string]map[rules.Point]int{}, map[string]map[rules.Point]int{}, map[string]map[rules.Point]bool{}
	for _, s := range sides {
		c.sp[s], c.movedSP[s], c.demoral[s] = maps.Clone(g.sp[s]), maps.Clone(g.movedSP[s]), maps.Clone(g.demoral[s])
	}
	c.mgmt.arrived = maps.Clone(g.mgmt.arrived)
	c.track = slices.Clip(g.track) // an append of the copy's must not write into g's
	c.survivors = slices.Clip(g.survivors)
	if g.retreat != nil {
		r := *g.retreat
		c.retreat = &r
	}
	if g.pending != nil {
		pm := *g.pending
		pm.avoided = maps.Clone(pm.avoided)
		c.pending = &pm
	}
	return &c
}

// Game is a game in play for the sim: its actions are indexes into the
// candidates of the position (actions.go).
type Game struct {
	g     *game
	seed  uint64
	n     int // actions applied
	cands []candidate
	at    int // the n the candidates were listed for; -1 none
	// The sampler's list, the candidates without the DISPERSE offer
	// (sample.go), and 1 + the n it was listed for (0: none).
	part    []candidate
	partFor int
	legal   []rules.Action
	bot     *botView // the sensible bot's targets for a decision (bot.go)
	// The actions applied, for Log's replay: a sim game keeps no log as
	// it plays (the cost of every line); a clone keeps no history.
	history []rules.Action
	track   bool
}

// Sim starts a game for the sim runner.
func (e *Engine) Sim(seed uint64) (rules.Game, error) {
	g, err := newGame(e, seed)
	if err != nil {
		return nil, err
	}
	g.beginTurn()
	return &Game{g: g, seed: seed, at: -1, track: true}, g.err
}

func (x *Game) Sides() []string { return []string{"union", "confederate"} }
func (x *Game) ToAct() string {
	switch x.g.stage {
	case stOver:
		return ""
	case stRetreat:
		return x.g.retreat.side
	case stReact:
		return x.g.reactor()
	case stGenerals:
		return x.g.survivors[0].side
	case stCards:
		_, side := x.g.cardChoice()
		return side
	case stReinforce:
		if x.g.arsenalState != "" {
			return "confederate"
		}
		return x.g.grants[0].side
	}
	return x.g.phasing
}

func (x *Game) list() []candidate {
	if x.at != x.n {
		x.cands, x.at = x.g.candidates(x.cands), x.n
	}
	return x.cands
}

func (x *Game) Legal() []rules.Action {
	c := x.list()
	x.legal = x.legal[:0]
	for i := range c {
		x.legal = append(x.legal, rules.Action(i))
	}
	return x.legal
}

// pick is the candidate an Action names: an index into the list, or
// one the sampler drew (sample.go).
func (x *Game) pick(a rules.Action) (candidate, error) {
	if a&drawnAction != 0 {
		return x.pickDrawn(a)
	}
	c := x.list()
	if a >= rules.Action(len(c)) {
		return candidate{}, refuse("4.2", "action %d is not legal now (%d legal)", a, len(c))
	}
	return c[a], nil
}

func (x *Game) Apply(a rules.Action) error {
	c, err := x.pick(a)
	if err != nil {
		return err
	}
	did := ""
	if x.g.e.check {
		did = x.g.describe(c)
	}
	x.g.lastMove, x.g.lastNaval, x.g.foughtAcross = nil, nil, 0
	err = x.g.play(c)
	if e2 := x.g.err; e2 != nil {
		x.g.err = nil
		err = e2
	}
	if err != nil {
		return err
	}
	if x.track {
		x.history = append(x.history, a)
	}
	if x.g.e.check {
		if what := x.g.checkPosition(); what != "" {
			return &Violation{Seed: x.seed, Action: x.n, Did: did, What: what}
		}
	}
	x.n++
	return nil
}

func (x *Game) Describe(a rules.Action) string {
	c, err := x.pick(a)
	if err != nil {
		return "no such action"
	}
	return x.g.describe(c)
}

// Value scores a position for a side: the Union's VPs less the
// Confederate's (20.3.5), and SPs on the map as the tie-break.
func (x *Game) Value(side string) float64 {
	t := x.g.core.Tracks
	v := t["union-vp"] - t["csa-vp"] - t["csa-national-panic"]
	sp := 0
	for _, n := range x.g.sp["union"] {
		sp += n
	}
	for _, n := range x.g.sp["confederate"] {
		sp -= n
	}
	sp += x.g.inTransit("union") - x.g.inTransit("confederate") // a MOVE stopped for a reaction (9.0)
	v += float64(sp) / 100
	if side == "confederate" {
		return -v
	}
	return v
}

func (x *Game) Clone(seed uint64) rules.Game {
	c := x.g.clone()
	c.dice = rules.NewDice(seed)
	c.cards.dice = rules.NewDice(deckSeed(seed))
	return &Game{g: c, seed: seed, n: x.n, at: -1}
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
	if x.g.log != nil || !x.track {
		if x.g.log == nil {
			x.g.log = rules.NewEventLog(x.g.e.sf.Scenario.ID, x.g.dice.Seed())
		}
		return x.g.log
	}
	// Play the game again from its seed with the log on: the same
	// actions in the same positions give the same game.
	g, err := newGame(x.g.e, x.seed)
	if err != nil {
		x.g.log = rules.NewEventLog(x.g.e.sf.Scenario.ID, x.seed)
		return x.g.log
	}
	g.log = rules.NewEventLog(x.g.e.sf.Scenario.ID, x.seed)
	g.beginTurn()
	r := &Game{g: g, seed: x.seed, at: -1}
	for _, a := range x.history {
		if err := r.Apply(a); err != nil {
			g.say("4.2", "replay stopped: %v", err)
			break
		}
	}
	return g.log
}
