package main

import (
	"fmt"
	"strconv"
	"strings"

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
			"effects, award structure, notes) comes from the workbook's hidden data sheet. Every\n" +
			"non-empty cell is accounted for: a cell that cannot be used is reported as SHEET!CELL, and\n" +
			"so is each cell the import does not read (under a header muster does not write, with the\n" +
			"nearest one it does; outside a table; in a grey column, a view sheet or a row it skips; on\n" +
			"a sheet muster does not write), as is a header or sheet muster wrote that is missing. The\n" +
			"scenario then gets the same checks as muster validate, findings named by cell, one per\n" +
			"mistake. Exit 0 when the scenario is written, 1 on errors (nothing is written; with\n" +
			"--lenient the cells not read are warnings), 2 on usage or I/O errors.\n\n" +
			"Examples:\n" +
			"   muster import xlsx -o tpc-01-edited.json tpc-01.xlsx\n" +
			"   muster import xlsx tpc-01.xlsx | less\n" +
			"   muster import xlsx --lenient tpc-01.xlsx | less\n" +
			"   muster import xlsx --module ../my-game -o my-game-01.json my-game-01.xlsx",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the scenario to `FILE` instead of standard output"},
			forceFlag,
			&cli.StringFlag{Name: "module", Usage: "the game `MODULE`: a module folder or a built-in module id (default: the built-in module the scenario names)"},
			lenientFlag,
		},
		Action: func(c *cli.Context) error {
			args, flags, err := xlsxTrailingFlags(c, "output", "module", "lenient")
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
			errs := xlsxCellErrors(c, im.Errors, flags["lenient"] != "")
			js, err := im.JSON()
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			name := out
			if name == "" {
				name = "<stdout>"
			}
			for _, d := range xlsxCheck(name, js, im) {
				if d.Severity == diag.Info || xlsxFollows(im, d) {
					continue
				}
				if d.Severity == diag.Error {
					errs++
				}
				// The spreadsheet user never sees the JSON: a finding is
				// named by its cell, or else by the workbook and pointer.
				summary := xlsxCiteCells(im, d)
				if cell := im.CellOf(d.Pointer); cell != "" {
					fmt.Fprintf(c.App.ErrWriter, "%s: %s[%s] %s\n", cell, d.Severity, d.Code, summary)
				} else {
					ptr := d.Pointer
					if ptr == "" {
						ptr = "/"
					}
					fmt.Fprintf(c.App.ErrWriter, "%s: %s[%s] %s: %s\n", in, d.Severity, d.Code, ptr, summary)
				}
			}
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

// xlsxFollows reports whether a finding about the imported scenario
// follows from a cell the import already reported (on that cell's row, or
// citing it): one finding per mistake.
func xlsxFollows(im *sheet.Import, d *diag.Diagnostic) bool {
	if im.Follows(d.Pointer) {
		return true
	}
	for _, c := range d.Cites {
		if im.Follows(c.Pointer) {
			return true
		}
	}
	return false
}

// xlsxCiteCells is a finding's summary with each "line N" it cites (a line
// of the JSON the spreadsheet user never sees) replaced by the cell the
// value came from, or by its JSON Pointer when no cell holds it.
func xlsxCiteCells(im *sheet.Import, d *diag.Diagnostic) string {
	s, from := d.Summary, 0
	for _, c := range d.Cites {
		word := "line " + strconv.Itoa(c.Line)
		i := from
		for {
			k := strings.Index(s[i:], word)
			if k < 0 {
				i = -1
				break
			}
			i += k
			if end := i + len(word); end == len(s) || s[end] < '0' || s[end] > '9' {
				break
			}
			i += len(word)
		}
		if i < 0 {
			continue
		}
		place := im.CellOf(c.Pointer)
		if place == "" {
			place = "the scenario's " + c.Pointer
		}
		s = s[:i] + place + s[i+len(word):]
		from = i + len(place)
	}
	return s
}

var lenientFlag = &cli.BoolFlag{Name: "lenient", Usage: "report the cells the import does not read (a header or sheet muster does not write, a cell outside the table, a grey column edited) as warnings, and write the result; the default is to refuse"}

// xlsxCellErrors prints the cells an import refused or did not read and
// returns how many are errors: a cell not read is one unless lenient.
func xlsxCellErrors(c *cli.Context, cells []sheet.CellError, lenient bool) int {
	n := 0
	for _, e := range cells {
		if e.Unread && lenient {
			fmt.Fprintf(c.App.ErrWriter, "%s (warning)\n", e.Error())
			continue
		}
		fmt.Fprintln(c.App.ErrWriter, e.Error())
		n++
	}
	return n
}
