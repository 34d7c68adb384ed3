package playtest

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

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
	Log() *rules.EventLog
}

// NewDriver starts a game of a scenario for a script.
type NewDriver func(sf *scenarios.ScenarioFile, s *Script) (Driver, error)

var drivers = map[string]NewDriver{}

// RegisterEngine makes an engine available to scripts by name.
func RegisterEngine(name string, d NewDriver) { drivers[name] = d }

func engineNames() []string {
	var out []string
	for n := range drivers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func runOnEngine(res *Result, s *Script, sf *scenarios.ScenarioFile, line func(int) string) {
	newDriver := drivers[s.Engine]
	if newDriver == nil {
		res.Failure = fmt.Sprintf("no engine %q (engines: %v)", s.Engine, engineNames())
		return
	}
	d, err := newDriver(sf, s)
	if err != nil {
		res.Failure = err.Error()
		return
	}
	res.Log = d.Log()
	for i := range s.Steps {
		step := &s.Steps[i]
		res.Steps++
		var err error
		what := step.Play
		switch {
		case step.Expect != "":
			what = "expect " + step.Expect
			err = d.Expect(step)
		case step.Do != "":
			what = step.Do
			err = d.Act(step)
		default:
			err = d.Act(step)
		}
		if err != nil {
			res.Failure = fmt.Sprintf("%s: step %d (%s): %v", line(i), i+1, what, err)
			return
		}
	}
	if err := d.Close(); err != nil {
		res.Failure = fmt.Sprintf("%s: %v", res.Path, err)
	}
}
