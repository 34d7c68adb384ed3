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
	g.assume = e.assume
	g.stats = newStats()
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

// Weight plays the assumptions' policies for the sensible bot: the
// Union's posture when the roll allows active ("either": even odds), and
// the Confederate override ("never" by default: 4.0's Strategy Note
// keeps it for a critical situation the strategic layer cannot see).
func (x *Game) Weight(a rules.Action, side string) float64 {
	as := x.g.assume
	if as == nil {
		if a == aOverride {
			return 0
		}
		return 1
	}
	switch a {
	case aOverride:
		if as.ConfederateOverride == "never" {
			return 0
		}
	case aActive:
		if as.UnionPosture == "passive" {
			return 0
		}
	case aPassive:
		if as.UnionPosture == "active-when-affordable" {
			return 0
		}
	}
	return 1
}

func (x *Game) Clone(seed uint64) rules.Game {
	c := x.g.clone()
	c.dice = rules.NewDice(seed)
	c.log = nil
	c.stats = nil // a bot's trial: its figures are not the game's
	return &Game{g: c}
}

func (x *Game) Over() bool { return x.g.stage == stOver }

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// layerOnly is the level of every game of the strategic layer.
const layerOnly = "strategic layer only (not a game result)"

// Endings: the one level Outcome reports (rules.Ender).
func (x *Game) Endings() []rules.Ending { return []rules.Ending{{Level: layerOnly}} }

// Outcome reports no winner (the strategic layer is not a game result),
// and tags the figures of the layer.
func (x *Game) Outcome() rules.Outcome {
	g := x.g
	tags := g.tags()
	tags[tagPrefix+"union-commanders"] = strconv.Itoa(min(g.commanders, 6))
	tags[tagPrefix+"ending"] = orNone(g.result)
	tags[tagPrefix+"dutch-gap"] = map[string]string{"": "none", "started": "started", "completed": "completed"}[g.dutchGap]
	// Turns is the game's length, the turns played, not the calendar
	// turn it ended on (scenario 12 starts on Turn 288).
	return rules.Outcome{Level: layerOnly, Turns: g.played, Tags: tags}
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
