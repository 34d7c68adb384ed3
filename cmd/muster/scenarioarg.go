package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// loadScenarioArg resolves a SCENARIO argument: a path to a scenario file
// (checked against its module folder, or the shipped module it names), or
// the id of a scenario built into muster (tpc-11, lgv-01; see muster list).
// A file that does not load or is not a valid scenario is a usage error
// that prints its diagnostics.
func loadScenarioArg(c *cli.Context, arg string) (*scenarios.ScenarioFile, error) {
	if _, err := os.Stat(arg); err == nil {
		l := scenarios.NewLoader(scenarios.Disk{})
		l.Builtin = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
		sf, err := l.Scenario(arg)
		if err != nil {
			return nil, cli.Exit(err.Error(), exitUsage)
		}
		if errs := l.Diags; errs.HasErrors() || sf == nil || sf.Scenario == nil {
			w := &diag.TextWriter{W: c.App.ErrWriter, Snippet: true}
			w.Write(errs)
			return nil, cli.Exit(fmt.Sprintf("%s is not a valid scenario (muster validate %s)", arg, arg), exitFindings)
		}
		return sf, nil
	}
	if sf := scenarios.Builtin().Scenario(arg); sf != nil {
		return sf, nil
	}
	if strings.HasSuffix(arg, ".json") {
		return nil, usageError("no file %s", arg)
	}
	return nil, usageError("no scenario %q: give a file or a built-in id (muster list)", arg)
}
