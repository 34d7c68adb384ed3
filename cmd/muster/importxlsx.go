package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/sheet"
	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/validate"
)

func init() {
	importSubcommands = append(importSubcommands, importXLSXCommand())
}

func importXLSXCommand() *cli.Command {
	return &cli.Command{
		Name:  "xlsx",
		Usage: "read a workbook written by muster export xlsx back into scenario JSON",
		UsageText: "muster import xlsx [-o FILE.json] [--module DIR] FILE.xlsx\n\n" +
			"Reads the sheets of a scenario workbook (setup, reinforcements, markers, start markers,\n" +
			"special rules, victory lines and levels) and writes the scenario as canonical JSON to FILE\n" +
			"(or standard output). Cells you edited win; what the sheets do not show (special-rule\n" +
			"effects, award structure, notes) comes from the workbook's hidden data sheet. A cell that\n" +
			"cannot be used is reported as SHEET!CELL; the scenario then gets the same checks as muster\n" +
			"validate, findings named by cell where they come from one. Exit 0 when the scenario is\n" +
			"written, 1 on errors (nothing is written), 2 on usage or I/O errors.\n\n" +
			"Examples:\n" +
			"   muster import xlsx -o scenarios/tpc/scenarios/01-my-best-achievement.json tpc-01.xlsx\n" +
			"   muster import xlsx tpc-01.xlsx | less\n" +
			"   muster import xlsx --module ../my-game -o my-game-01.json my-game-01.xlsx",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the scenario to `FILE` instead of standard output"},
			forceFlag,
			&cli.StringFlag{Name: "module", Usage: "the game `MODULE`: a module folder or a built-in module id (default: the built-in module the scenario names)"},
		},
		Action: func(c *cli.Context) error {
			args, flags, err := xlsxTrailingFlags(c, "output", "module")
			if err != nil {
				return err
			}
			if len(args) != 1 {
				return usageError("import xlsx takes one FILE.xlsx")
			}
			in, out := args[0], flags["output"]
			data, err := xlsxReadFile(in)
			if err != nil {
				return err
			}
			modFor := moduleResolver(nil)
			if arg := flags["module"]; arg != "" {
				m, _, err := moduleArg(arg)
				if err != nil {
					return err
				}
				modFor = func(string) *scenarios.Module { return m }
			}
			im, err := sheet.Read(data, modFor)
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			errs := len(im.Errors)
			for _, e := range im.Errors {
				fmt.Fprintln(c.App.ErrWriter, e.Error())
			}
			js, err := im.JSON()
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			name := out
			if name == "" {
				name = "<stdout>"
			}
			ds := xlsxCheck(name, js, im)
			var unplaced diag.Diagnostics
			for _, d := range ds {
				if d.Severity == diag.Info {
					continue
				}
				if d.Severity == diag.Error {
					errs++
				}
				if cell := im.CellOf(d.Pointer); cell != "" {
					fmt.Fprintf(c.App.ErrWriter, "%s: %s[%s] %s\n", cell, d.Severity, d.Code, d.Summary)
				} else {
					unplaced = append(unplaced, d)
				}
			}
			(&diag.TextWriter{W: c.App.ErrWriter}).Write(unplaced)
			if errs > 0 {
				return cli.Exit(fmt.Sprintf("%s: %d errors; nothing written", in, errs), exitFindings)
			}
			if out == "" {
				_, err = c.App.Writer.Write(js)
			} else {
				return writeOutput(c, out, js, &fileout.JSON, in)
			}
			if err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			return nil
		},
	}
}

func xlsxReadFile(path string) ([]byte, error) {
	data, err := readin.File(path, readin.MaxWorkbookSize)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitUsage)
	}
	return data, nil
}

// xlsxCheck runs the schema and muster validate's semantic checks over the
// imported scenario, as the file it will be written to.
func xlsxCheck(name string, js []byte, im *sheet.Import) diag.Diagnostics {
	doc, ds := scenarios.Parse(name, js)
	if !doc.Valid {
		return ds
	}
	var s scenarios.Scenario
	if err := doc.Decode(&s); err != nil {
		return append(ds, &diag.Diagnostic{Severity: diag.Error, Code: "decode", Summary: err.Error()})
	}
	return append(ds, validate.Scenario(&scenarios.ScenarioFile{Doc: doc, Scenario: &s, Module: im.Module}, validate.Options{})...)
}
