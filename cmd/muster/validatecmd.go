package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/schema"
	"github.com/musterhq/muster/validate"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:  "validate",
		Usage: "check scenarios, maps, counters and game modules",
		UsageText: "muster validate [options] [PATH...]\n\n" +
			"Checks each JSON file (folders are searched for *.json) against its schema, then checks\n" +
			"scenarios against their module's map, counters and vocabulary. Every finding names\n" +
			"file:line:col and the JSON Pointer of the value. With no PATH, checks the catalog built\n" +
			"into muster. Exit 0 when there are no errors, 1 when there are, 2 on usage or I/O errors.\n\n" +
			"Examples:\n" +
			"   muster validate scenarios\n" +
			"   muster validate scenarios/tpc/scenarios/01-my-best-achievement.json\n" +
			"   muster validate --format json --all my-scenario.json\n" +
			"   muster validate --format sarif scenarios > muster.sarif",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output `FORMAT`: text, json or sarif (SARIF 2.1.0, for code hosts that show findings inline)"},
			&cli.BoolFlag{Name: "all", Usage: "also show info findings (rules and lines left to manual adjudication)"},
			&cli.BoolFlag{Name: "strict", Usage: "treat warnings as errors"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "do not list the files checked"},
			&cli.BoolFlag{Name: "no-source", Usage: "do not quote the source line under each finding"},
			&cli.StringSliceFlag{Name: "disable", Usage: "skip semantic checks by `CODE` (repeatable or comma-separated)"},
			docsURLFlag(),
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if format != "text" && format != "json" && format != "sarif" {
				return usageError("unknown --format %q (text, json or sarif)", format)
			}
			schema.Warm()
			opts, err := checkOptions(c)
			if err != nil {
				return err
			}
			var rep *validate.Report
			if c.NArg() == 0 {
				rep = validate.Builtin(opts)
			} else {
				var err error
				rep, err = validate.Paths(c.Args().Slice(), opts)
				if err != nil {
					return cli.Exit(err.Error(), exitUsage)
				}
			}
			shown := rep.Diags
			if !c.Bool("all") {
				shown = nil
				for _, d := range rep.Diags {
					if d.Severity != diag.Info {
						shown = append(shown, d)
					}
				}
			}
			errors, warnings, infos := rep.Diags.Count(diag.Error), rep.Diags.Count(diag.Warning), rep.Diags.Count(diag.Info)
			failed := errors > 0 || (c.Bool("strict") && warnings > 0)
			switch format {
			case "json":
				if err := writeValidateJSON(c, rep, shown, failed); err != nil {
					return err
				}
			case "sarif":
				// Every code, each with its section of the check reference,
				// which code hosts show as the rule's help link.
				rules := validate.Rules()
				for i := range rules {
					rules[i].HelpURI = docsURL(c) + "#" + rules[i].Code
				}
				w := &diag.SARIFWriter{W: c.App.Writer, Tool: "muster", Version: versionString(), Rules: rules, Strict: c.Bool("strict")}
				if err := w.Write(shown); err != nil {
					return err
				}
			default:
				w := &diag.TextWriter{W: c.App.Writer, Snippet: !c.Bool("no-source")}
				if err := w.Write(shown); err != nil {
					return err
				}
				if !c.Bool("quiet") {
					for _, f := range rep.Files {
						status := "ok"
						if f.Kind == "" || f.Errors > 0 {
							status = "FAIL"
						}
						label := f.Kind
						if label == "" {
							label = "?"
						}
						desc := f.ID
						if f.Title != "" {
							desc += ": " + f.Title
						}
						fmt.Fprintf(c.App.Writer, "%-4s %-9s %s  %s\n", status, label, f.Path, desc)
					}
					for _, m := range rep.Modules {
						if m.Game == nil {
							continue
						}
						for _, line := range rep.Missing(m) {
							fmt.Fprintf(c.App.Writer, "missing  %s: %s\n", m.Game.ID, line)
						}
						for _, line := range validate.MadeUp(m) {
							fmt.Fprintf(c.App.Writer, "made-up  %s: %s\n", m.Game.ID, line)
						}
					}
				}
				fmt.Fprintf(c.App.Writer, "checked %d files: %d errors, %d warnings, %d infos", len(rep.Files), errors, warnings, infos)
				if infos > 0 && !c.Bool("all") {
					fmt.Fprint(c.App.Writer, " (--all shows infos)")
				}
				fmt.Fprintln(c.App.Writer)
			}
			if failed {
				return cli.Exit("", exitFindings)
			}
			return nil
		},
	}
}

func writeValidateJSON(c *cli.Context, rep *validate.Report, shown diag.Diagnostics, failed bool) error {
	type file struct {
		Path   string `json:"path"`
		Kind   string `json:"kind"`
		ID     string `json:"id,omitempty"`
		Title  string `json:"title,omitempty"`
		Errors int    `json:"errors"`
	}
	type module struct {
		ID      string   `json:"id"`
		Missing []string `json:"missing"`
		MadeUp  []string `json:"madeUp,omitempty"` // invented test data (test modules only)
	}
	out := struct {
		OK          bool                  `json:"ok"`
		Files       []file                `json:"files"`
		Modules     []module              `json:"modules"`
		Diagnostics []diag.JSONDiagnostic `json:"diagnostics"`
		Summary     map[string]int        `json:"summary"`
	}{
		OK:          !failed,
		Diagnostics: diag.ToJSON(shown),
		Summary: map[string]int{
			"files": len(rep.Files), "errors": rep.Diags.Count(diag.Error),
			"warnings": rep.Diags.Count(diag.Warning), "infos": rep.Diags.Count(diag.Info),
		},
	}
	for _, f := range rep.Files {
		out.Files = append(out.Files, file{f.Path, f.Kind, f.ID, f.Title, f.Errors})
	}
	for _, m := range rep.Modules {
		if m.Game != nil {
			out.Modules = append(out.Modules, module{m.Game.ID, rep.Missing(m), validate.MadeUp(m)})
		}
	}
	enc := json.NewEncoder(c.App.Writer)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// checkOptions reads --disable (codes, repeated or comma-separated) into the
// options of the validate checks, refusing a code no check has.
func checkOptions(c *cli.Context) (validate.Options, error) {
	opts := validate.Options{Disable: map[string]bool{}}
	known := map[string]bool{}
	for _, ch := range validate.Checks() {
		known[ch.Code] = true
	}
	for _, v := range c.StringSlice("disable") {
		for _, code := range strings.Split(v, ",") {
			code = strings.TrimSpace(code)
			if !known[code] {
				return opts, usageError("--disable: no check %q", code)
			}
			opts.Disable[code] = true
		}
	}
	return opts, nil
}
