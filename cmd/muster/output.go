package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/internal/termsafe"
)

// dataOut is standard output without the terminal escaper, for a stream a
// program reads (the language server's protocol, an SVG on -o -): there
// the escaper would change the data (a bidi mark in a name) and break a
// frame's length. Whatever went through the escaper is flushed first.
func dataOut(w io.Writer) io.Writer {
	if t, ok := w.(*termsafe.Writer); ok {
		t.Flush()
		return t.W
	}
	return w
}

// forceFlag lets -o replace an existing file that is not a previous output
// of the same kind (a scenario JSON named as an xlsx output, say).
var forceFlag = &cli.BoolFlag{Name: "force", Usage: "replace an existing output file even if it is not of the output's kind"}

// writeOutput writes a command's output file: atomically, never over an
// input, a link or a special file, with an extension that matches kind,
// and over an existing file of another kind only with --force. A failure
// is an I/O error (exit 2).
func writeOutput(c *cli.Context, path string, data []byte, kind *fileout.Kind, inputs ...string) error {
	err := fileout.WriteOpts(path, data, fileout.Options{Inputs: inputs, Kind: kind, Force: c.Bool("force")})
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	return nil
}
