package main

import (
	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/fileout"
)

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
