package rules

import (
	"errors"

	"github.com/musterhq/muster/scenarios"
)

// Engine is what a game system's rules engine offers the tools that drive
// it (the playtest runner, the sim's bots): compile a scenario with rule
// options into games that list their legal actions, apply one and report
// the outcome; and play a scripted playtest. The tools consume engines
// through this interface and the CLI registers them, so the arrows run one
// way: no engine imports the harness.
type Engine interface {
	// System is the game system the engine plays (game.json "system").
	System() string
	// Compile prepares a scenario for play with rule options (an unknown
	// option is an error wrapping ErrBadOption), or lists what its module
	// lacks.
	Compile(sf *scenarios.ScenarioFile, options map[string]string) (NewGame, error)
	// Script starts a game of a scenario for a scripted playtest.
	Script(sf *scenarios.ScenarioFile, s *Script) (Driver, error)
}

// ErrBadOption wraps an engine's refusal of a rule option.
var ErrBadOption = errors.New("bad option")

// Game is one game in play, as a game system's engine offers it to bots.
type Game interface {
	// Sides lists the sides in the order bots are given for them.
	Sides() []string
	// ToAct is the side to act; "" once the game is over.
	ToAct() string
	// Legal lists the legal actions of the side to act, in a fixed order.
	// The slice may be reused by the next call.
	Legal() []Action
	// Apply performs one of the legal actions.
	Apply(action Action) error
	// Describe names an action for logs and messages.
	Describe(action Action) string
	// Value scores the position for a side (VP, then combat odds), what a
	// greedy bot maximises.
	Value(side string) float64
	// Clone copies the game, so a bot can try an action. The copy's dice
	// are reseeded with seed: a bot trying an action must not learn the
	// rolls the real game will make.
	Clone(seed uint64) Game
	Over() bool
	Outcome() Outcome
	Log() *EventLog
}

// Trier is a Game that can score an action without a copy per try: Try
// must equal Clone(seed), Apply(a), then Value(side) on the copy.
type Trier interface {
	Try(a Action, seed uint64, side string) (float64, error)
}

// Weigher is a Game that says how sensible a legal action is for a side
// to play (0: only if nothing else is left), what the sensible bot draws
// by: an engine knows a retreat that can only eliminate the unit, or a
// re-roll of a roll that already went the side's way.
type Weigher interface {
	Weight(a Action, side string) float64
}

// Rescorer is a Game that can read its final outcome again under other
// rule options where those options change only that reading (a victory
// threshold, a bid read as one): a sweep plays such a game once and
// scores it again per grid point. Rescores says whether options differ
// from the game's only so; Rescore is the outcome of the finished game as
// a game played with them would end (automatic victories unchanged).
type Rescorer interface {
	Rescores(options map[string]string) bool
	Rescore(options map[string]string) Outcome
}

// Router is a Game that says by which victory route it was decided, once
// over: one of the Route constants (course.go), "" while in play.
type Router interface {
	Route() string
}

// Action is a legal action as an engine encodes it: a number, so that
// listing the legal actions of a position allocates nothing.
type Action uint64

// Outcome is how a game ended.
type Outcome struct {
	Winner string  `json:"winner,omitempty"` // "" for a draw or no result
	Level  string  `json:"level"`
	VP     float64 `json:"vp"`
	Turns  int     `json:"turns"`
	// Tags are facts the report breaks outcomes down by: "first-player",
	// "momentum" ... with their values in this game.
	Tags map[string]string `json:"tags,omitempty"`
}

// Ending is one way a game can end: a level and its winner ("" for a
// draw or no result).
type Ending struct {
	Level  string
	Winner string
}

// Ender is a Game that lists every ending its games can reach, so that
// totals said to come from its games can be checked against them
// (playtest merge refuses a level no game reaches, or wins that do not
// follow from the levels).
type Ender interface {
	Endings() []Ending
}

// NewGame starts a game of a scenario with its own seed.
type NewGame func(seed uint64) (Game, error)

// Script is a playtest document (schema/playtest.schema.json).
type Script struct {
	ID       string `json:"id"`
	Title    string `json:"title,omitempty"`
	Scenario string `json:"scenario"`
	Variant  string `json:"variant,omitempty"`
	// Engine names a game system's own rules engine to play the script
	// on (its steps may then be "play" steps); empty: the rules core.
	Engine  string         `json:"engine,omitempty"`
	Options map[string]any `json:"options,omitempty"`
	Seed    uint64         `json:"seed,omitempty"`
	Dice    *struct {
		Forced     []int `json:"forced,omitempty"`
		ForcedOnly bool  `json:"forcedOnly,omitempty"`
	} `json:"dice,omitempty"`
	Cites string `json:"cites,omitempty"`
	Steps []Step `json:"steps"`
}

// Step is one action (Do) or expectation (Expect).
type Step struct {
	Do          string             `json:"do,omitempty"`
	Play        string             `json:"play,omitempty"`
	Expect      string             `json:"expect,omitempty"`
	Unit        string             `json:"unit,omitempty"`
	To          string             `json:"to,omitempty"`
	Path        []string           `json:"path,omitempty"`
	Targets     []string           `json:"targets,omitempty"`
	Manpower    int                `json:"manpower,omitempty"`
	Cause       string             `json:"cause,omitempty"`
	Set         map[string]any     `json:"set,omitempty"`
	At          string             `json:"at,omitempty"`
	Via         []string           `json:"via,omitempty"`
	Retreat     bool               `json:"retreat,omitempty"`
	Demoralized bool               `json:"demoralized,omitempty"`
	Marker      string             `json:"marker,omitempty"`
	Side        string             `json:"side,omitempty"`
	Remove      bool               `json:"remove,omitempty"`
	Hexes       []string           `json:"hexes,omitempty"`
	Track       string             `json:"track,omitempty"`
	Value       any                `json:"value,omitempty"`
	Event       string             `json:"event,omitempty"`
	Turn        int                `json:"turn,omitempty"`
	Phase       string             `json:"phase,omitempty"`
	Dim         string             `json:"dim,omitempty"`
	Key         string             `json:"key,omitempty"`
	Total       *float64           `json:"total,omitempty"`
	Lines       map[string]float64 `json:"lines,omitempty"`
	Unknown     []string           `json:"unknown,omitempty"`
	Level       string             `json:"level,omitempty"`
	Winner      string             `json:"winner,omitempty"`
	Exact       *bool              `json:"exact,omitempty"`
	Step        *Step              `json:"step,omitempty"`
	Code        string             `json:"code,omitempty"`
	Facts       map[string]any     `json:"facts,omitempty"`
	Sacrifice   string             `json:"sacrifice,omitempty"`
	Rule        string             `json:"rule,omitempty"`
	Cites       string             `json:"cites,omitempty"`
	Note        string             `json:"note,omitempty"`
}

// Driver plays a script on a game system's own rules engine: the whole
// sequence of play, where every decision is a "play" step and "do" steps
// edit the position.
type Driver interface {
	// Act performs a play or do step.
	Act(s *Step) error
	// Expect checks an expectation, "fail" included.
	Expect(s *Step) error
	// Close reports what the script left unused (forced dice).
	Close() error
	Log() *EventLog
}
