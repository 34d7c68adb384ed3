package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/validate"
)

// draftFlag lets an export print a scenario that has validation errors,
// marked as a draft with its error count on every page, sheet or picture.
var draftFlag = &cli.BoolFlag{Name: "draft", Usage: "export even with validation errors, marking every page or sheet DRAFT with the error count"}

// draftErrors runs the checks muster validate runs on what an export is
// about to print: a scenario file (with the findings validate gives for
// it: its own and the errors of its module's files), a built-in scenario,
// or a module's scenarios. It returns the findings validate would show
// (errors and warnings) and the number of errors.
func draftErrors(arg string, sf *scenarios.ScenarioFile, m *scenarios.Module) (diag.Diagnostics, int, error) {
	var ds diag.Diagnostics
	if st, err := os.Stat(arg); err == nil && (sf != nil || st.IsDir()) {
		rep, err := validate.Paths([]string{arg}, validate.Options{})
		if err != nil {
			return nil, 0, cli.Exit(err.Error(), exitUsage)
		}
		ds = rep.Diags
	} else if sf != nil {
		ds = validate.Scenario(sf, validate.Options{})
	} else if m != nil {
		ds = append(validate.Scenarios(m.Scenarios, validate.Options{}), validate.Module(m, validate.Options{})...)
	}
	var shown diag.Diagnostics
	for _, d := range ds {
		if d.Severity != diag.Info {
			shown = append(shown, d)
		}
	}
	return shown.Sort(), ds.Count(diag.Error), nil
}

// draftGate decides whether an export of arg goes ahead: with no
// validation errors it does (0); with errors and no --draft it prints the
// findings as muster validate prints them and refuses (exit 1); with
// --draft it says on standard error that the output is a draft and
// returns the number of errors, which the export marks on its pages.
// marked says how the export marks a draft ("every sheet is marked
// DRAFT"). The findings come back too, for an export that lists them.
func draftGate(c *cli.Context, draft bool, arg string, sf *scenarios.ScenarioFile, m *scenarios.Module, marked string) (int, diag.Diagnostics, error) {
	shown, errs, err := draftErrors(arg, sf, m)
	if err != nil || errs == 0 {
		return 0, nil, err
	}
	what := "scenario"
	if sf == nil {
		what = "module's scenarios"
	}
	if !draft {
		w := &diag.TextWriter{W: c.App.ErrWriter, Snippet: true}
		if err := w.Write(shown); err != nil {
			return 0, nil, cli.Exit(err.Error(), exitUsage)
		}
		return 0, nil, cli.Exit(fmt.Sprintf("not exported: the %s %s %s (above); fix them, or export a marked draft with --draft",
			what, draftHave(sf == nil), draftCount(errs)), exitFindings)
	}
	fmt.Fprintf(c.App.ErrWriter, "draft: the %s %s %s (muster validate %s lists them); %s\n",
		what, draftHave(sf == nil), draftCount(errs), arg, marked)
	return errs, shown, nil
}

func draftHave(plural bool) string {
	if plural {
		return "have"
	}
	return "has"
}

func draftCount(n int) string {
	if n == 1 {
		return "1 validation error"
	}
	return fmt.Sprintf("%d validation errors", n)
}
