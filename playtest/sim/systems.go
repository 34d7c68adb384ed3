package sim

import (
	"fmt"
	"slices"
	"sort"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// engines are the rules engines that run a game system's whole sequence
// of play (bots need every legal action), by system.
var engines = map[string]rules.Engine{}

// ErrBadOption wraps an engine's refusal of a rule option.
var ErrBadOption = rules.ErrBadOption

// Register makes a game system playable by bots; the CLI registers the
// engines it is built with.
// An engine with figures of its own (rules.Reporter) also renders its
// section of the report.
func Register(e rules.Engine) {
	engines[e.System()] = e
	if rp, ok := e.(rules.Reporter); ok && !slices.ContainsFunc(reporters, func(x rules.Reporter) bool { return x.TagPrefix() == rp.TagPrefix() }) {
		reporters = append(reporters, rp)
	}
}

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
	return e.Compile(sf, options)
}
