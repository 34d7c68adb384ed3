package sim

import (
	"errors"
	"fmt"
	"sort"

	"github.com/musterhq/muster/scenarios"
)

// Engine builds games of a scenario for a game system whose whole
// sequence of play the engine runs (bots need every legal action). It
// fails, listing what is missing, when the scenario's module lacks data
// the engine needs.
type Engine func(sf *scenarios.ScenarioFile, options map[string]string) (NewGame, error)

var engines = map[string]Engine{}

// ErrBadOption wraps an engine's refusal of a rule option.
var ErrBadOption = errors.New("bad option")

// Register makes a game system playable by bots.
func Register(system string, e Engine) { engines[system] = e }

// ForScenario returns the game builder of a scenario's game system.
// Options are the engine's rule options (an engine refuses one it does
// not know).
func ForScenario(sf *scenarios.ScenarioFile, options map[string]string) (NewGame, error) {
	system := sf.Module.Game.System
	e := engines[system]
	if e == nil {
		var have []string
		for s := range engines {
			have = append(have, s)
		}
		sort.Strings(have)
		return nil, fmt.Errorf("%s: no engine plays game system %q through a whole game yet (bots need every legal action; systems with one: %v). Scripted playtests (muster playtest FILE) work for every system",
			sf.Scenario.ID, system, have)
	}
	return e(sf, options)
}
