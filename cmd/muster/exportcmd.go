package main

import "github.com/urfave/cli/v2"

// The export and import commands gather their subcommands from one file
// each (exportxlsx.go, exportcards.go, ...), which append to these lists
// in an init function.
var (
	exportSubcommands []*cli.Command
	importSubcommands []*cli.Command
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:        "export",
		Usage:       "export a scenario to a spreadsheet, printable setup cards or a map picture",
		UsageText:   "muster export FORMAT [options] SCENARIO\n\nSCENARIO is a scenario file or a built-in id (muster list).",
		Subcommands: exportSubcommands,
	}
}

func importCommand() *cli.Command {
	return &cli.Command{
		Name:        "import",
		Usage:       "read a spreadsheet or a rulebook-style table back into scenario JSON (or a filled component template into a module copy)",
		UsageText:   "muster import FORMAT [options] FILE",
		Subcommands: importSubcommands,
	}
}
