package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// flagsFirst lets flags follow the positional arguments, as designers
// type them (muster playtest sim lgv-01 --games 100): the flag parser of
// urfave/cli v2 stops at the first positional argument, so the arguments
// after the command path are reordered, flags (with their values) first.
// A "--" ends the reordering.
func flagsFirst(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	cmds := app.Commands
	var cmd *cli.Command
	i := 1
	for i < len(args) {
		next := findCommand(cmds, args[i])
		if next == nil {
			break
		}
		cmd, cmds = next, next.Subcommands
		i++
	}
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, name := range f.Names() {
			takesValue[name] = !isBool
		}
	}
	var flags, positional []string
	rest := args[i:]
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if a == "--" {
			positional = append(positional, rest[j:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if takesValue[name] && !strings.Contains(name, "=") {
			if j+1 == len(rest) {
				return args // a flag without its value: the parser says so
			}
			j++
			flags = append(flags, rest[j])
		}
	}
	out := append([]string{}, args[:i]...)
	out = append(out, flags...)
	return append(out, positional...)
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}
