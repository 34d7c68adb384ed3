package main

import (
	"encoding/json"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/counters"
)

func countersCommand() *cli.Command {
	return &cli.Command{
		Name:  "counters",
		Usage: "look up a game module's counters: ids, names, sides, commands and printed values",
		UsageText: "muster counters [--side SIDE] [--command CODE] [--type TYPE] [--name TEXT] [--format text|md|json] MODULE\n\n" +
			"MODULE is a built-in module id (muster list) or a module folder. Lists each counter's id (what\n" +
			"a scenario's setup rows name), name, side, size, type, command and printed values; a value\n" +
			"the rulebook text does not give reads \"missing\". --side, --command and --type take an id, code\n" +
			"or name (any case); --name a fragment of the name or id. Exit 1 when no counter matches.\n\n" +
			"Examples:\n" +
			"   muster counters tpc --side union --command II\n" +
			"   muster counters lgv --name hill\n" +
			"   muster counters --format md --type Ldr tpc > tpc-leaders.md\n" +
			"   muster counters --format json scenarios/uscw",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "side", Usage: "only the counters of `SIDE` (id or name)"},
			&cli.StringFlag{Name: "command", Usage: "only the counters of command `CODE`"},
			&cli.StringFlag{Name: "type", Usage: "only the counters of unit type `TYPE` (code or name)"},
			&cli.StringFlag{Name: "name", Usage: "only the counters whose name or id contains `TEXT` (any case)"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output `FORMAT`: text, md (Markdown) or json"},
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if format != "text" && format != "md" && format != "json" {
				return usageError("unknown --format %q (text, md or json)", format)
			}
			if c.NArg() != 1 {
				return usageError("counters takes one MODULE (a built-in module id or a module folder; see muster list)")
			}
			m, isModule, err := xlsxModuleArg(c.Args().First())
			if !isModule {
				return usageError("no module %q: give a built-in module id (muster list) or a module folder", c.Args().First())
			}
			if err != nil {
				return err
			}
			list, err := counters.List(m, counters.Filter{
				Side: c.String("side"), Command: c.String("command"), Type: c.String("type"), Name: c.String("name"),
			})
			if err != nil {
				return usageError("%v", err)
			}
			switch format {
			case "json":
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				err = enc.Encode(list)
			case "md":
				err = list.WriteMarkdown(c.App.Writer)
			default:
				err = list.WriteText(c.App.Writer)
			}
			if err != nil {
				return cli.Exit("write: "+err.Error(), exitUsage)
			}
			if len(list.Counters) == 0 {
				return cli.Exit(fmt.Sprintf("no counter of %s matches", list.Module), exitFindings)
			}
			return nil
		},
	}
}
