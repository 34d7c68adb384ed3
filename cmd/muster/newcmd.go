package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/scenarios"
)

func newCommand() *cli.Command {
	return &cli.Command{
		Name:  "new",
		Usage: "start a new scenario or game module",
		UsageText: "muster new scenario --module MODULE --id ID [--from SCENARIO] [-o FILE]\n" +
			"muster new module [--map hex|area] [-o DIR] ID\n" +
			"muster new playtest --scenario SCENARIO --id ID [-o FILE]\n\n" +
			"Writes documents with every required field present. What you must fill in is a value\n" +
			"beginning \"TODO\"; muster validate reports each one (code placeholder) until it is replaced.\n" +
			"Never overwrites an existing file.\n\n" +
			"Examples:\n" +
			"   muster new scenario --module tpc --id tpc-raid\n" +
			"   muster new scenario --module tpc --id tpc-01-errata --from tpc-01 -o drafts/01-errata.json\n" +
			"   muster new module --map area my-game\n" +
			"   muster new scenario --module ./my-game --id my-game-01   # writes my-game/scenarios/my-game-01.json\n" +
			"   muster new playtest --scenario tpc-01 --id tpc-01-first-moves",
		Subcommands: []*cli.Command{
			{
				Name:      "scenario",
				Usage:     "write a new scenario file",
				UsageText: "muster new scenario --module MODULE --id ID [--from SCENARIO] [-o FILE]",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "module", Usage: "the game `MODULE`: a built-in module id (muster list) or a module folder", Required: true},
					&cli.StringFlag{Name: "id", Usage: "the new scenario's `ID` (lower case, digits, - . _ /)", Required: true},
					&cli.StringFlag{Name: "from", Usage: "start as a copy of the whole of `SCENARIO` (a file or a built-in id) under the new id"},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (default ID.json)"},
				},
				Action: newScenarioAction,
			},
			{
				Name:      "module",
				Usage:     "write a new game module folder",
				UsageText: "muster new module [--map hex|area] [-o DIR] ID   (options before the ID)",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "map", Value: "hex", Usage: "map `KIND`: hex (sheets of hexes) or area (areas and zones)"},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "create the module in `DIR` (default ./ID)"},
				},
				Action: newModuleAction,
			},
			{
				Name:  "playtest",
				Usage: "write a new playtest script for a scenario",
				UsageText: "muster new playtest --scenario SCENARIO --id ID [-o FILE]\n\n" +
					"The script's one step expects the victory count at the start of play, as the rules\n" +
					"work it out; add moves and the counts you expect after them (muster playtest --help).",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "scenario", Usage: "the `SCENARIO` to play: a file or a built-in id (muster list)", Required: true},
					&cli.StringFlag{Name: "id", Usage: "the script's `ID` (lower case, digits, - . _ /)", Required: true},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (default ID.json)"},
				},
				Action: newPlaytestAction,
			},
		},
	}
}

func newScenarioAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageError("new scenario takes no arguments (see --help)")
	}
	id := c.String("id")
	if !validID(id) {
		return usageError("--id %q: use lower-case letters, digits and - . _ /, starting with a letter or digit", id)
	}
	m, moduleDir, err := moduleArg(c.String("module"))
	if err != nil {
		return err
	}
	var from *scenarios.ScenarioFile
	var inputs []string
	if f := c.String("from"); f != "" {
		sf, err := loadScenarioArg(c, f)
		if err != nil {
			return err
		}
		from = sf
		inputs = append(inputs, sf.Doc.Path)
	}
	out := c.String("output")
	switch {
	case out == "" && moduleDir != "":
		// In the module's scenarios folder, where muster finds the module
		// the scenario names (a file elsewhere is checked against the
		// built-in modules only).
		out = filepath.Join(moduleDir, "scenarios", filepath.Base(id)+".json")
	case out == "":
		out = filepath.Base(id) + ".json"
	}
	data, err := scenarios.NewScenario(m, id, from)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	if err := writeNew(out, data, inputs...); err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: fill in each TODO, then run muster validate %s\n", out, out)
	return nil
}

func newPlaytestAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageError("new playtest takes no arguments (see --help)")
	}
	id := c.String("id")
	if !validID(id) {
		return usageError("--id %q: use lower-case letters, digits and - . _ /, starting with a letter or digit", id)
	}
	arg := c.String("scenario")
	sf, err := loadScenarioArg(c, arg)
	if err != nil {
		return err
	}
	out := c.String("output")
	if out == "" {
		out = filepath.Base(id) + ".json"
	}
	// A scenario file is named from the script's folder, as muster
	// playtest resolves it; a built-in one by its id.
	ref, inputs := arg, []string{}
	if _, serr := os.Stat(arg); serr == nil {
		absOut, err1 := filepath.Abs(filepath.Dir(out))
		absIn, err2 := filepath.Abs(arg)
		if err1 != nil || err2 != nil {
			return cli.Exit(fmt.Sprintf("new playtest: %v %v", err1, err2), exitUsage)
		}
		rel, err := filepath.Rel(absOut, absIn)
		if err != nil {
			rel = absIn
		}
		ref, inputs = filepath.ToSlash(rel), append(inputs, arg)
	}
	data, err := playtest.NewScript(sf, ref, id)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	if err := writeNew(out, data, inputs...); err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: add moves and the counts you expect, then run muster playtest %s\n", out, out)
	return nil
}

func newModuleAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageError("new module needs one module ID, after the options (muster new module --map area ID)")
	}
	id := c.Args().First()
	if !validID(id) {
		return usageError("module id %q: use lower-case letters, digits and - . _ /, starting with a letter or digit", id)
	}
	dir := c.String("output")
	if dir == "" {
		dir = id
	}
	game, mp, counters, err := scenarios.NewModule(id, c.String("map"))
	if err != nil {
		return usageError("%v", err)
	}
	files := map[string][]byte{"game.json": game, "map.json": mp, "counters.json": counters}
	for name := range files {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return cli.Exit(fmt.Sprintf("%s already exists: muster new never overwrites", filepath.Join(dir, name)), exitUsage)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "scenarios"), 0o755); err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	for _, name := range []string{"game.json", "map.json", "counters.json"} {
		if err := writeNew(filepath.Join(dir, name), files[name]); err != nil {
			return err
		}
	}
	fmt.Fprintf(c.App.Writer, "wrote %s/{game,map,counters}.json and %s/scenarios/: fill in each TODO, then run muster validate %s\n", dir, dir, dir)
	return nil
}

// writeNew writes a file that must not exist yet.
func writeNew(path string, data []byte, inputs ...string) error {
	err := fileout.WriteNew(path, data, inputs...)
	if errors.Is(err, fileout.ErrExists) {
		return cli.Exit(fmt.Sprintf("%s already exists: muster new never overwrites", path), exitUsage)
	}
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	return nil
}

// validID follows the schemas' id pattern
// ^[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)*$: every /-separated part
// starts with a letter or digit, so no part is "." or "..".
func validID(id string) bool {
	if id == "" {
		return false
	}
	for _, part := range strings.Split(id, "/") {
		if part == "" {
			return false
		}
		for i, r := range part {
			ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || i > 0 && (r == '.' || r == '_' || r == '-')
			if !ok {
				return false
			}
		}
	}
	return true
}
