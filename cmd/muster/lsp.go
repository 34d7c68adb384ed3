package main

import (
	"context"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/lsp"
	"github.com/musterhq/muster/schema"
)

func lspCommand() *cli.Command {
	return &cli.Command{
		Name:  "lsp",
		Usage: "run the language server for editors (LSP 3.17 over stdio)",
		UsageText: "muster lsp [options]\n\n" +
			"Speaks the Language Server Protocol on standard input and output, for any editor with an\n" +
			"LSP client: diagnostics as you type (the checks and codes of muster validate, on the unsaved\n" +
			"text), hover on counter and hex ids, completion of counter and hex ids, go to definition,\n" +
			"formatting (muster fmt's form), an outline, and quick fixes for \"did you mean\" hints.\n" +
			"Editors start it themselves; docs/editors.md sets up VS Code, Neovim and Helix.",
		Flags: []cli.Flag{
			&cli.DurationFlag{Name: "debounce", Value: lsp.DefaultDebounce, Usage: "wait this long after the last keystroke before checking"},
			&cli.StringSliceFlag{Name: "disable", Usage: "skip semantic checks by `CODE` (repeatable or comma-separated)"},
			docsURLFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("lsp takes no arguments (it speaks LSP on stdin and stdout)")
			}
			opts, err := checkOptions(c)
			if err != nil {
				return err
			}
			schema.Warm()
			err = lsp.Serve(context.Background(), stdio{os.Stdin, dataOut(c.App.Writer)}, lsp.Options{
				Debounce: c.Duration("debounce"), Version: versionString(), Validate: opts, DocsURL: docsURL(c),
			})
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			return nil
		},
	}
}

// stdio joins standard input and output into the one stream the server
// reads and writes; closing it closes the input, ending the read loop.
type stdio struct {
	in  io.ReadCloser
	out io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.in.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.out.Write(p) }
func (s stdio) Close() error                { return s.in.Close() }
