package main

import (
	"encoding/json"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/oob"
)

func oobCommand() *cli.Command {
	return &cli.Command{
		Name:  "oob",
		Usage: "show a scenario's order of battle as a command tree per side",
		UsageText: "muster oob [--format text|md|json] [--side SIDE] SCENARIO\n\n" +
			"SCENARIO is a scenario file or the id of a built-in scenario (muster list). For each\n" +
			"side, shows the game module's command hierarchy with each command's leaders and units\n" +
			"(size, type, manpower, where they set up or enter) and manpower totals that include\n" +
			"every command beneath. Commands with nothing in the scenario are left out. Units whose\n" +
			"command the module does not know are listed under \"Command unknown\"; marker rows\n" +
			"(redoubts, depots, gunboats) under \"Markers\", outside every total. A circle of command\n" +
			"parents in game.json (muster validate: command-cycle) is cut at its first command, shown\n" +
			"at the top level, and named as a problem of the side.\n\n" +
			"Examples:\n" +
			"   muster oob tpc-11\n" +
			"   muster oob --side union --format md tpc-11 > oob-union.md\n" +
			"   muster oob --format json scenarios/lgv/scenarios/01-chancellorsville.json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output `FORMAT`: text, md (Markdown) or json"},
			&cli.StringFlag{Name: "side", Usage: "show only `SIDE` (its id or name, e.g. union)"},
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if format != "text" && format != "md" && format != "json" {
				return usageError("unknown --format %q (text, md or json)", format)
			}
			if c.NArg() != 1 {
				return usageError("oob takes one SCENARIO (a file or a built-in id; see muster list)")
			}
			sf, err := loadScenarioArg(c, c.Args().First())
			if err != nil {
				return err
			}
			order := oob.Build(sf.Module, sf.Scenario)
			if side := c.String("side"); side != "" {
				s := order.Side(side)
				if s == nil {
					var names []string
					for _, s := range order.Sides {
						names = append(names, s.Side)
					}
					return usageError("--side: %s has no side %q (%s)", order.Scenario, side, strings.Join(names, ", "))
				}
				order.Sides = []*oob.Side{s}
			}
			switch format {
			case "md":
				err = order.WriteMarkdown(c.App.Writer)
			case "json":
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false) // keep footnote marks such as & readable
				err = enc.Encode(order)
			default:
				err = order.WriteText(c.App.Writer)
			}
			if err != nil {
				return cli.Exit("write: "+err.Error(), exitUsage)
			}
			return nil
		},
	}
}
