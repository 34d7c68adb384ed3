package main

import (
	"bytes"
	"fmt"
	"github.com/musterhq/muster/internal/readin"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/schema"
	"github.com/musterhq/muster/validate"
)

func fmtCommand() *cli.Command {
	return &cli.Command{
		Name:  "fmt",
		Usage: "format muster documents canonically",
		UsageText: "muster fmt [-w] PATH...\n\n" +
			"Formats every muster document (scenarios, game modules, maps, counters, tables) the same\n" +
			"way: keys in the order the schema lists them, two-space indentation, a setup row or note on\n" +
			"one line, so a version-control diff shows only real changes. Values are never changed.\n" +
			"Folders are searched for *.json, skipping hidden folders and testdata.\n\n" +
			"Without -w, lists the files that are not formatted and exits 1 if there are any (for CI).\n" +
			"With -w, rewrites them in place (atomically) and lists them.\n\n" +
			"Examples:\n" +
			"   muster fmt scenarios\n" +
			"   muster fmt -w my-scenario.json",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "write", Aliases: []string{"w"}, Usage: "rewrite files that are not formatted"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageError("fmt needs at least one file or folder")
			}
			files, err := validate.JSONFiles(c.Args().Slice())
			if err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			changed, broken := 0, 0
			for _, path := range files {
				src, err := readin.File(path, readin.MaxSize)
				if err != nil {
					// One unreadable file is reported; the others are still formatted.
					d := validate.Unreadable(path, err)
					(&diag.TextWriter{W: c.App.ErrWriter}).Write(diag.Diagnostics{d})
					if d.Severity == diag.Error {
						broken++
					}
					continue
				}
				out, d := formatDocument(path, src)
				if d == nil {
					out = keepLineEnds(src, out)
				}
				if d != nil {
					// Like gofmt: a file that does not parse is reported and left alone.
					(&diag.TextWriter{W: c.App.ErrWriter, Snippet: true}).Write(diag.Diagnostics{d})
					broken++
					continue
				}
				if bytes.Equal(out, src) {
					continue
				}
				changed++
				if c.Bool("write") {
					if err := fileout.WriteOpts(path, out, fileout.Options{Replace: path, Kind: &fileout.JSON}); err != nil {
						return cli.Exit(err.Error(), exitUsage)
					}
				}
				fmt.Fprintln(c.App.Writer, path)
			}
			switch {
			case broken > 0:
				return cli.Exit(fmt.Sprintf("%d files do not parse or cannot be read", broken), exitUsage)
			case changed > 0 && !c.Bool("write"):
				return cli.Exit("", exitFindings)
			}
			return nil
		},
	}
}

// formatDocument returns the canonical text of a document, or the syntax
// error that stops it from being formatted. The schema its $schema names
// gives the key order; a document of no known kind keeps its key order.
func formatDocument(path string, src []byte) ([]byte, *diag.Diagnostic) {
	root, perr := jsonsrc.Parse(src)
	if perr != nil {
		f := jsonsrc.NewFile(path, src)
		return nil, diag.At(f, perr.Offset, perr.Offset+1, diag.Error, perr.Code, "", perr.Msg, "fix the syntax, then run muster fmt again")
	}
	var kind schema.Kind
	if s := root.Get("$schema"); s != nil && s.Kind == jsonsrc.String {
		kind, _ = schema.KindOf(s.Text)
	}
	return schema.Format(kind, root), nil
}
