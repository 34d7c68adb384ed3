// Command muster checks, plays and exports board wargame scenarios kept as
// schema-checked JSON. This package only wires flags to the library
// packages; it holds no game logic.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/internal/termsafe"
)

// Exit codes: 0 clean, 1 findings (validation errors), 2 usage or I/O.
const (
	exitFindings = 1
	exitUsage    = 2
)

func main() {
	// A muster run is short and its heap small (tens of MB for the whole
	// catalog), so collecting less often costs little memory and saves time.
	// GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	readin.Reset() // each run has its own inputs, which no output may replace
	// Titles, names and quoted lines come from documents: their control
	// characters are escaped before they reach a terminal.
	safeOut, safeErr := termsafe.NewWriter(stdout), termsafe.NewWriter(stderr)
	defer safeErr.Flush()
	code := runApp(args, safeOut, safeErr)
	// Output that could not be written (a full disk, a closed pipe) is an
	// I/O error whatever the command found.
	if err := safeOut.Flush(); err != nil {
		fmt.Fprintf(safeErr, "muster: write standard output: %v\n", err)
		return exitUsage
	}
	return code
}

func runApp(args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	unknown := ""
	app.CommandNotFound = func(c *cli.Context, name string) { unknown = unknownCommand(c, name) }
	err := app.Run(commandLine(app, args))
	if unknown != "" {
		fmt.Fprintln(stderr, "muster:", unknown)
		return exitUsage
	}
	if err == nil {
		return 0
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := ec.Error(); msg != "" {
			fmt.Fprintln(stderr, "muster:", msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "muster:", err)
	return exitUsage
}

func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "muster",
		Usage: "check, play and export board wargame scenarios",
		Description: "muster keeps wargame scenarios (setups, orders of battle, special rules, victory\n" +
			"conditions) as schema-checked JSON and validates them against the game's map and counters.\n\n" +
			"Exit codes: 0 clean, 1 findings, 2 usage or I/O errors.",
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {}, // run() prints and picks the code
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return cli.Exit(fmt.Sprintf("%v (see muster %s --help)", err, c.Command.Name), exitUsage)
		},
		Commands: []*cli.Command{
			validateCommand(),
			explainCommand(),
			listCommand(),
			oobCommand(),
			countersCommand(),
			diffCommand(),
			playtestCommand(),
			schemaCommand(),
			exportCommand(),
			importCommand(),
			newCommand(),
			moduleCommand(),
			fmtCommand(),
			lspCommand(),
			versionCommand(),
			completionCommand(),
		},
	}
	enableCompletion(app)
	return app
}

// unknownCommand says that name is not a command of c's command (muster,
// or muster export, ...), with the one meant when name is a typo of it
// (muster valdate: did you mean "validate"?), and where they are listed.
func unknownCommand(c *cli.Context, name string) string {
	parent, cmds := "muster", c.App.Commands
	if c.Command != nil && len(c.Command.Subcommands) > 0 {
		parent, cmds = c.Command.FullName(), c.Command.Subcommands
	}
	if !strings.HasPrefix(parent, "muster") {
		parent = "muster " + parent
	}
	msg := fmt.Sprintf("no command %q", name)
	if parent != "muster" {
		msg += " in " + parent
	}
	if near := closestCommand(cmds, name); near != "" {
		msg += fmt.Sprintf(": did you mean %q?", near)
	}
	return msg + " (see " + parent + " --help)"
}

// closestCommand is the visible command whose name is a typo of name
// away (an edit distance of at most 2), or "".
func closestCommand(cmds []*cli.Command, name string) string {
	var names []string
	for _, cmd := range cmds {
		if !cmd.Hidden {
			names = append(names, cmd.Name)
		}
	}
	return suggest.Closest(name, names)
}

// usageError is a usage problem: exit code 2.
func usageError(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), exitUsage)
}
