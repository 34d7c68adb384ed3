package playtest

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Driver plays a script on an engine (rules.Driver).
type Driver = rules.Driver

var drivers = map[string]rules.Engine{}

// RegisterEngine makes an engine available to scripts under its system's
// name ("engine": "lgv"); the CLI registers the engines it is built with.
func RegisterEngine(e rules.Engine) { drivers[e.System()] = e }

func engineNames() []string {
	var out []string
	for n := range drivers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func runOnEngine(res *Result, s *Script, sf *scenarios.ScenarioFile, line func(int) string) {
	engine := drivers[s.Engine]
	if engine == nil {
		res.Failure = fmt.Sprintf("no engine %q (engines: %v)", s.Engine, engineNames())
		return
	}
	d, err := engine.Script(sf, s)
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
