package main

import (
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/sheet"
	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/scenarios"
)

func init() {
	exportSubcommands = append(exportSubcommands, exportXLSXCommand())
}

func exportXLSXCommand() *cli.Command {
	return &cli.Command{
		Name:  "xlsx",
		Usage: "write a scenario (or a whole module) as an Excel workbook",
		UsageText: "muster export xlsx [--draft] -o FILE.xlsx SCENARIO|MODULE\n\n" +
			"For a SCENARIO (a file or a built-in id, see muster list) writes one workbook: an overview,\n" +
			"a sheet per side's setup in the rulebook's column order with the footnote legend and the\n" +
			"starting states and restrictions its marks give, reinforcements, marker rows, start markers,\n" +
			"special rules, victory lines and levels, and the order of battle. Drop-downs offer the game's\n" +
			"sizes, types and commands. muster import xlsx reads the workbook back.\n" +
			"For a MODULE (a module folder such as scenarios/tpc, or a built-in module id) writes a\n" +
			"catalog: one sheet listing the scenarios and one holding every setup row.\n" +
			"A scenario (or a module whose scenarios) with validation errors is not exported: the findings\n" +
			"are printed as muster validate prints them (exit 1). --draft exports it anyway: every sheet's\n" +
			"tab turns red, its printed pages carry DRAFT and the error count in their header, and the\n" +
			"first sheet says so; muster import xlsx reads a draft workbook as any other.\n\n" +
			"Examples:\n" +
			"   muster export xlsx -o tpc-01.xlsx tpc-01\n" +
			"   muster export xlsx -o my-scenario.xlsx my-scenario.json\n" +
			"   muster export xlsx -o tpc-catalog.xlsx scenarios/tpc\n" +
			"   muster export xlsx --draft -o unfinished.xlsx unfinished.json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the workbook to `FILE` (.xlsx; required)"},
			forceFlag,
			draftFlag,
		},
		Action: func(c *cli.Context) error {
			args, flags, err := xlsxTrailingFlags(c, "output", "draft")
			if err != nil {
				return err
			}
			if len(args) != 1 {
				return usageError("export xlsx takes one SCENARIO or MODULE (a file, a module folder or a built-in id)")
			}
			arg, out, draft := args[0], flags["output"], flags["draft"] == "true"
			if out == "" {
				return usageError("export xlsx needs -o FILE.xlsx")
			}
			var (
				data   []byte
				inputs []string
			)
			if m, isModule, merr := xlsxModuleArg(arg); isModule {
				if merr != nil {
					return merr
				}
				n, found, gerr := draftGate(c, draft, arg, nil, m, "every sheet is marked DRAFT")
				if gerr != nil {
					return gerr
				}
				data, err = sheet.CatalogOpts(m, sheet.Options{Draft: n, Errors: xlsxScenarioErrors(m, found)})
				inputs = xlsxModuleInputs(m)
			} else {
				sf, lerr := loadScenarioArg(c, arg)
				if lerr != nil {
					return lerr
				}
				n, _, gerr := draftGate(c, draft, arg, sf, nil, "every sheet is marked DRAFT")
				if gerr != nil {
					return gerr
				}
				data, err = sheet.WriteFileOpts(sf, sheet.Options{Draft: n})
				if _, serr := os.Stat(arg); serr == nil {
					inputs = append(inputs, arg)
				}
				if sf.Module != nil {
					inputs = append(inputs, xlsxModuleInputs(sf.Module)...)
				}
			}
			if err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			return writeOutput(c, out, data, &fileout.XLSX, inputs...)
		},
	}
}

// xlsxModuleArg resolves a MODULE argument: a folder holding a game
// module, or the id of a built-in module that is not also a scenario id.
func xlsxModuleArg(arg string) (*scenarios.Module, bool, error) {
	if st, err := os.Stat(arg); err == nil && st.IsDir() {
		l := scenarios.NewLoader(scenarios.Disk{})
		m, err := l.Module(arg)
		if err != nil {
			return nil, true, usageError("%s is not a game module folder: %v", arg, err)
		}
		if l.Diags.HasErrors() || m.Game == nil {
			return nil, true, cli.Exit(arg+" does not load cleanly: run muster validate "+arg, exitFindings)
		}
		return m, true, nil
	}
	if _, err := os.Stat(arg); err != nil && scenarios.Builtin().Scenario(arg) == nil {
		if m := scenarios.Builtin().Module(arg); m != nil {
			return m, true, nil
		}
	}
	return nil, false, nil
}

// xlsxScenarioErrors counts the errors among findings in each scenario
// file of a module, by scenario id.
func xlsxScenarioErrors(m *scenarios.Module, found diag.Diagnostics) map[string]int {
	out := map[string]int{}
	for _, sf := range m.Scenarios {
		if sf.Doc == nil || sf.Scenario == nil {
			continue
		}
		for _, d := range found {
			if d.Severity == diag.Error && d.Subject != nil && d.Subject.Filename == sf.Doc.Path {
				out[sf.Scenario.ID]++
			}
		}
	}
	return out
}

// xlsxModuleInputs lists a module's files on disk, which an output must
// not overwrite.
func xlsxModuleInputs(m *scenarios.Module) []string {
	var out []string
	for _, d := range []*scenarios.Document{m.GameDoc, m.MapDoc, m.CountersDoc} {
		if d != nil {
			out = append(out, d.Path)
		}
	}
	for _, sf := range m.Scenarios {
		if sf.Doc != nil {
			out = append(out, sf.Doc.Path)
		}
	}
	return out
}

// xlsxTrailingFlags returns the positional arguments and the values of the
// named flags, accepting the flags after the arguments too
// ("muster export xlsx tpc-01 -o tpc-01.xlsx"), which urfave/cli leaves
// among the arguments. A boolean flag takes no value ("true" when given).
func xlsxTrailingFlags(c *cli.Context, names ...string) ([]string, map[string]string, error) {
	flags := map[string]string{}
	spell := map[string]string{}
	boolean := map[string]bool{} // a bool flag: "true" when given, "" when not
	for _, n := range names {
		flags[n] = c.String(n)
		spell["--"+n] = n
		for _, f := range c.Command.Flags {
			if _, ok := f.(*cli.BoolFlag); ok && f.Names()[0] == n {
				boolean[n] = true
				if flags[n] = ""; c.Bool(n) {
					flags[n] = "true"
				}
			}
			if f.Names()[0] == n {
				for _, a := range f.Names()[1:] {
					spell["-"+a] = n
					spell["--"+a] = n
				}
			}
		}
	}
	var args []string
	in := c.Args().Slice()
	for i := 0; i < len(in); i++ {
		a := in[i]
		name, val, hasVal := strings.Cut(a, "=")
		n, ok := spell[name]
		if !ok {
			if strings.HasPrefix(a, "-") && a != "-" {
				return nil, nil, usageError("unknown flag %s", a)
			}
			args = append(args, a)
			continue
		}
		if boolean[n] {
			switch {
			case !hasVal || val == "true":
				flags[n] = "true"
			case val == "false":
				flags[n] = ""
			default:
				return nil, nil, usageError("flag %s takes no value", name)
			}
			continue
		}
		if !hasVal {
			if i+1 >= len(in) {
				return nil, nil, usageError("flag %s needs a value", a)
			}
			i++
			val = in[i]
		}
		flags[n] = val
	}
	return args, flags, nil
}
