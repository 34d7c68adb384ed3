package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/svg"
	"github.com/musterhq/muster/internal/fileout"
)

func init() {
	exportSubcommands = append(exportSubcommands, exportSVGCommand())
}

func exportSVGCommand() *cli.Command {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the picture to `FILE` (- for standard output)"},
		&cli.StringFlag{Name: "crop", Value: svg.CropSheets, Usage: "`AREA` drawn: sheets (every hex of the sheets in play) or setup (the hexes used, plus a margin)"},
		forceFlag,
		&cli.IntFlag{Name: "margin", Value: 2, Usage: "keep `N` hexes around the used ones with --crop setup"},
		draftFlag,
	}
	return &cli.Command{
		Name:  "svg",
		Usage: "draw a scenario's setup as an SVG picture of the map",
		UsageText: "muster export svg SCENARIO -o FILE.svg [--crop sheets|setup] [--margin N] [--draft]\n\n" +
			"SCENARIO is a scenario file or the id of a built-in scenario (muster list). On a hex map,\n" +
			"draws every hex of the sheets in play with its number, placed where overlapping sheets\n" +
			"join, the sheet outlines, the unit stacks at their set-up hexes (names in side colours,\n" +
			"a count per stack), the victory locations and the restricted regions of the special\n" +
			"rules (shaded only where the map data decides it). On an area map, draws the areas and\n" +
			"zones as a grid of boxes coloured by sector, each listing its units. A caption says\n" +
			"what the map data lacks. Options may come before or after SCENARIO. A scenario with validation\n" +
			"errors is not drawn: its findings are printed as muster validate prints them (exit 1); --draft\n" +
			"draws it anyway, labelled DRAFT with its error count above the picture.\n\n" +
			"Examples:\n" +
			"   muster export svg tpc-01 -o tpc-01.svg\n" +
			"   muster export svg --crop setup --margin 3 tpc-11 -o tpc-11-setup.svg\n" +
			"   muster export svg lgv-01 -o - > lgv-01.svg\n" +
			"   muster export svg --draft unfinished.json -o unfinished.svg",
		Flags: flags,
		Action: func(c *cli.Context) error {
			arg, opts, err := svgArgs(c, flags)
			if err != nil {
				return err
			}
			out := opts("output")
			if out == "" {
				return usageError("export svg needs -o FILE.svg (or -o - for standard output)")
			}
			crop := opts("crop")
			if crop != svg.CropSheets && crop != svg.CropSetup {
				return usageError("unknown --crop %q (sheets or setup)", crop)
			}
			margin, err := strconv.Atoi(opts("margin"))
			if err != nil || margin < 0 {
				return usageError("--margin takes a whole number of hexes, 0 or more (not %q)", opts("margin"))
			}
			sf, err := loadScenarioArg(c, arg)
			if err != nil {
				return err
			}
			errs, _, err := draftGate(c, opts("draft") == "true", arg, sf, nil, "the picture is labelled DRAFT")
			if err != nil {
				return err
			}
			data, err := svg.Draw(sf.Module, sf.Scenario, svg.Options{Crop: crop, Margin: margin, Draft: errs})
			if err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			if out == "-" {
				// Data, not text for a terminal: the SVG goes out as written
				// (the escaper turned a bidi mark in a name into \u202e).
				_, err = dataOut(c.App.Writer).Write(data)
			} else {
				var inputs []string
				if _, statErr := os.Stat(arg); statErr == nil {
					inputs = append(inputs, arg)
				}
				err = fileout.WriteOpts(out, data, fileout.Options{Inputs: inputs, Kind: &fileout.SVG, Force: opts("force") == "true"})
			}
			if err != nil {
				return cli.Exit("export svg: "+err.Error(), exitUsage)
			}
			return nil
		},
	}
}

// svgArgs returns the SCENARIO argument and the option values, reading
// options given after SCENARIO too (muster export svg tpc-01 -o x.svg),
// which the command-line library leaves among the arguments.
func svgArgs(c *cli.Context, flags []cli.Flag) (string, func(string) string, error) {
	args := c.Args().Slice()
	if len(args) == 0 {
		return "", nil, usageError("export svg takes one SCENARIO (a file or a built-in id; see muster list)")
	}
	late := flag.NewFlagSet("svg", flag.ContinueOnError)
	late.SetOutput(io.Discard)
	for _, f := range flags {
		if err := f.Apply(late); err != nil {
			return "", nil, usageError("%v", err)
		}
	}
	extra := 0
	for rest := args[1:]; ; {
		if err := late.Parse(rest); err != nil {
			return "", nil, usageError("%v", err)
		}
		if late.NArg() == 0 {
			break
		}
		extra++
		rest = late.Args()[1:]
	}
	if extra > 0 {
		return "", nil, usageError("export svg takes one SCENARIO, not %d arguments", extra+1)
	}
	set := map[string]bool{}
	late.Visit(func(f *flag.Flag) { set[f.Name] = true })
	get := func(name string) string {
		names := []string{name}
		for _, f := range flags {
			if f.Names()[0] == name {
				names = f.Names()
			}
		}
		for _, n := range names {
			if set[n] {
				return late.Lookup(n).Value.String()
			}
		}
		return fmt.Sprint(c.Value(name))
	}
	return args[0], get, nil
}
