package tpc

import (
	"strconv"

	"github.com/musterhq/muster/rules"
)

// Game is the strategic layer in play for the sim's bots: the Union
// declares its posture, the Confederate overrides or accepts, and the
// referee's Action Cycle is one "continue" at the assumptions of the
// facts' defaults (no unit out of supply or cohesion, the cohesion check
// passed, no losses, no railroad path cut, no occupation).
type Game struct {
	g *game
}

// Sim starts a game for the sim runner.
func (e *Engine) Sim(seed uint64) (rules.Game, error) {
	g := e.start.clone()
	g.dice = rules.NewDice(seed)
	g.begin()
	return &Game{g: g}, g.err
}

func (x *Game) Sides() []string { return []string{"union", "confederate"} }
func (x *Game) ToAct() string   { return x.g.toAct() }
func (x *Game) Legal() []rules.Action {
	return x.g.legal()
}
func (x *Game) Apply(a rules.Action) error {
	if err := x.g.apply(a); err != nil {
		return err
	}
	if err := x.g.err; err != nil {
		x.g.err = nil
		return err
	}
	return nil
}
func (x *Game) Describe(a rules.Action) string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return "?"
}

// Value is 0: the strategic layer alone has no victory to score.
func (x *Game) Value(string) float64 { return 0 }

// Weight: the Confederate overrides only in a critical situation (4.0,
// the Strategy Note), which the strategic layer cannot see: never, for
// the sensible bot.
func (x *Game) Weight(a rules.Action, side string) float64 {
	if a == aOverride {
		return 0
	}
	return 1
}

func (x *Game) Clone(seed uint64) rules.Game {
	c := x.g.clone()
	c.dice = rules.NewDice(seed)
	c.log = nil
	return &Game{g: c}
}

func (x *Game) Over() bool { return x.g.stage == stOver }

// layerOnly is the level of every game of the strategic layer.
const layerOnly = "strategic layer only (not a game result)"

// Endings: the one level Outcome reports (rules.Ender).
func (x *Game) Endings() []rules.Ending { return []rules.Ending{{Level: layerOnly}} }

// Outcome reports no winner (the strategic layer is not a game result),
// and tags the figures of the layer.
func (x *Game) Outcome() rules.Outcome {
	g := x.g
	return rules.Outcome{Level: layerOnly, Turns: g.turn, Tags: map[string]string{
		"lulls":            strconv.Itoa(g.lulls),
		"union-commanders": strconv.Itoa(min(g.commanders, 6)),
		"dutch-gap":        map[string]string{"": "none", "started": "started", "completed": "completed"}[g.dutchGap],
	}}
}

func (x *Game) Log() *rules.EventLog {
	if x.g.log == nil {
		return rules.NewEventLog(x.g.e.sf.Scenario.ID, x.g.dice.Seed())
	}
	return x.g.log
}

// The course for the report (rules.Chronicler): the strategic layer alone
// is no game result, so no victory check decides it, it keeps no VP and
// has no margin.

// Route is "no result".
func (x *Game) Route() string {
	if x.g.stage != stOver {
		return ""
	}
	return rules.RouteNoResult
}

// VPTrack is empty: the layer keeps no VP.
func (x *Game) VPTrack() []rules.TurnVP { return nil }

// Margin: none.
func (x *Game) Margin() (int, bool) { return 0, false }

var _ rules.Chronicler = (*Game)(nil)
