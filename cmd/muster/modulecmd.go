package main

import (
	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/sheet"
	"github.com/musterhq/muster/internal/fileout"
)

func moduleCommand() *cli.Command {
	return &cli.Command{
		Name:      "module",
		Usage:     "work on a game module's data",
		UsageText: "muster module COMMAND [options] MODULE\n\nMODULE is a module folder or a built-in module id (muster list).",
		Subcommands: []*cli.Command{
			moduleTemplateCommand(),
		},
	}
}

func moduleTemplateCommand() *cli.Command {
	return &cli.Command{
		Name:  "template",
		Usage: "write a workbook for filling in what the module marks missing from the physical components",
		UsageText: "muster module template -o FILE.xlsx MODULE\n\n" +
			"What a rulebook does not contain (counter values, map terrain, adjacency) the module marks\n" +
			"missing. This writes a workbook an owner of the game fills in from the map and counters:\n" +
			"Instructions; Counters (one row per counter whose printed values are not all known, one\n" +
			"column per value name); for an area map Areas (name, TEM, terrain and hill features per Area\n" +
			"and Zone) and Links (adjacency: boundary type, road, ford, prohibited; empty rows for new\n" +
			"links); for a hex map Terrain (one row per hex of the sheets in play); Markers when the rules\n" +
			"limit markers to those supplied (one row per marker and side: the count, empty where\n" +
			"game.json lacks it); one sheet per matrix table the rulebook does not print (a column per\n" +
			"heading with its dice, a row per key, cells as printed: USCW's CRT, Blockade, Attrition\n" +
			"and Random States tables); Turn Record Track and General Events for a turn track; Decks\n" +
			"for card decks; hex data columns on Terrain where map.json lists them missing (states,\n" +
			"theater, place kind, port, objective, BP, salt, blockade zone and DRM). Drop-downs offer\n" +
			"the map's boundary types, area ids, seasons, theaters and yes/no.\n" +
			"muster import template reads it back into a copy of the module.\n\n" +
			"Examples:\n" +
			"   muster module template -o lgv-components.xlsx lgv\n" +
			"   muster module template -o tpc-terrain.xlsx scenarios/tpc\n" +
			"   muster module template -o uscw-components.xlsx uscw",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the workbook to `FILE` (.xlsx; required)"},
			forceFlag,
		},
		Action: func(c *cli.Context) error {
			args, flags, err := xlsxTrailingFlags(c, "output")
			if err != nil {
				return err
			}
			if len(args) != 1 {
				return usageError("module template takes one MODULE (a module folder or a built-in module id)")
			}
			out := flags["output"]
			if out == "" {
				return usageError("module template needs -o FILE.xlsx")
			}
			m, isModule, err := xlsxModuleArg(args[0])
			if !isModule {
				return usageError("no module %q: give a module folder or a built-in module id (muster list)", args[0])
			}
			if err != nil {
				return err
			}
			data, err := sheet.Template(m)
			if err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			return writeOutput(c, out, data, &fileout.XLSX, xlsxModuleInputs(m)...)
		},
	}
}
