package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/cards"
	"github.com/musterhq/muster/internal/fileout"
)

func init() {
	exportSubcommands = append(exportSubcommands, exportCardsCommand())
}

func exportCardsCommand() *cli.Command {
	return &cli.Command{
		Name:  "cards",
		Usage: "printable setup cards: one card per side, units grouped by location (Markdown, HTML or PDF)",
		UsageText: "muster export cards [--paper letter|a4] [--roster [--counter SIZE]] SCENARIO -o FILE.{md,html,pdf} [--draft]\n\n" +
			"SCENARIO is a scenario file or a built-in id (muster list). One card per side: its units\n" +
			"grouped by hex (or area) and place name, each with size, command, type, manpower and\n" +
			"its starting states as badges (footnote marks resolved through the legend), off-map\n" +
			"boxes, reinforcements by turn, the footnote legend, the start state, the special rules\n" +
			"and a victory summary. The format follows the extension of -o: .md (Markdown), .html\n" +
			"(one self-contained page; print it from a browser) or .pdf (printed by headless\n" +
			"Chrome, Chromium or Edge, found where each system installs them, or MUSTER_CHROMIUM). --roster adds\n" +
			"counter-sized boxes to each unit row to keep fatigue and entrenchment markers off the map.\n" +
			"A scenario with validation errors is not exported: its findings are printed as muster validate\n" +
			"prints them (exit 1). --draft exports it anyway, with a banner on every card and printed page\n" +
			"saying DRAFT and how many errors it has.\n\n" +
			"Examples:\n" +
			"   muster export cards tpc-01 -o tpc-01-cards.html\n" +
			"   muster export cards --paper a4 tpc-11 -o tpc-11-cards.pdf\n" +
			"   muster export cards --roster --counter 5/8in lgv-01 -o lgv-roster.pdf\n" +
			"   muster export cards drafts/my-scenario.json -o my-scenario-cards.md\n" +
			"   muster export cards --draft unfinished.json -o unfinished-cards.pdf",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (.md, .html or .pdf)"},
			forceFlag,
			&cli.StringFlag{Name: "paper", Value: "letter", Usage: "`PAPER` size for print: letter or a4"},
			&cli.BoolFlag{Name: "roster", Usage: "roster layout: counter-sized boxes for each unit's markers"},
			&cli.StringFlag{Name: "counter", Value: "0.5in", Usage: "counter edge `SIZE` for --roster boxes (0.5in, 5/8in, 16mm)"},
			draftFlag,
		},
		Action: exportCards,
	}
}

func exportCards(c *cli.Context) error {
	// urfave/cli stops reading flags at the first argument; the usage
	// puts -o after SCENARIO, so run again with the flags first.
	if args, moved := cardsFlagsFirst(c.Command, c.Args().Slice()); moved {
		// Keep the flags already read before SCENARIO.
		var set []string
		for _, f := range c.Command.Flags {
			name := f.Names()[0]
			if !c.IsSet(name) {
				continue
			}
			if _, isBool := f.(*cli.BoolFlag); isBool {
				set = append(set, fmt.Sprintf("--%s=%t", name, c.Bool(name)))
			} else {
				set = append(set, "--"+name+"="+c.String(name))
			}
		}
		args = append(set, args...)
		parent := c
		if l := c.Lineage(); len(l) > 1 {
			parent = l[1]
		}
		nc := cli.NewContext(c.App, nil, parent)
		nc.Command = c.Command
		return c.Command.Run(nc, append([]string{c.Command.Name}, args...)...)
	}
	if c.String("output") == "" {
		return usageError("export cards needs -o FILE (.md, .html or .pdf)")
	}
	if c.NArg() != 1 {
		return usageError("export cards takes one SCENARIO (a file or a built-in id; see muster list)")
	}
	out := c.String("output")
	format := strings.ToLower(strings.TrimPrefix(filepath.Ext(out), "."))
	if format == "htm" {
		format = "html"
	}
	if format != "md" && format != "html" && format != "pdf" {
		return usageError("-o %s: the extension picks the format: .md, .html or .pdf", out)
	}
	paper := strings.ToLower(c.String("paper"))
	if paper != "letter" && paper != "a4" {
		return usageError("unknown --paper %q (letter or a4)", c.String("paper"))
	}
	counter, err := cards.ParseCounter(c.String("counter"))
	if err != nil {
		return usageError("--counter: %v", err)
	}
	opt := cards.Options{Paper: paper, Roster: c.Bool("roster"), Counter: counter}

	// Find Chromium before any work, so a missing browser fails at once.
	var chromium string
	if format == "pdf" {
		if chromium, err = cards.FindChromium(); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
	}
	arg := c.Args().First()
	sf, err := loadScenarioArg(c, arg)
	if err != nil {
		return err
	}
	if opt.Draft, _, err = draftGate(c, c.Bool("draft"), arg, sf, nil, "every card and printed page is marked DRAFT"); err != nil {
		return err
	}
	set := cards.Build(sf.Module, sf.Scenario)
	var data []byte
	switch format {
	case "md":
		data = set.Markdown(opt)
	default:
		if data, err = set.HTML(opt); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		if format == "pdf" {
			if data, err = cards.PrintPDF(c.Context, chromium, data); err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
		}
	}
	var inputs []string
	if _, err := os.Stat(arg); err == nil {
		inputs = append(inputs, arg)
	}
	kind := map[string]*fileout.Kind{"md": &fileout.Markdown, "html": &fileout.HTML, "pdf": &fileout.PDF}[format]
	if err := writeOutput(c, out, data, kind, inputs...); err != nil {
		return err
	}
	kindText := strings.ToUpper(format)
	if opt.Draft > 0 {
		kindText += ", draft"
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: %s for %s (%s)\n", out, cardsSummary(set), sf.Scenario.ID, kindText)
	return nil
}

// cardsFlagsFirst moves flags (and the values of non-boolean flags) that
// follow the arguments in front of them; moved is false when there are
// none. "--" ends the flags.
func cardsFlagsFirst(cmd *cli.Command, args []string) (out []string, moved bool) {
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		if len(pos) > 0 {
			moved = true
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	if !moved {
		return args, false
	}
	return append(append(flags, "--"), pos...), true
}

func cardsSummary(c *cards.Cards) string {
	var names []string
	for _, s := range c.Sides {
		names = append(names, s.Name)
	}
	n := len(c.Sides)
	word := "cards"
	if n == 1 {
		word = "card"
	}
	return fmt.Sprintf("%d setup %s (%s)", n, word, strings.Join(names, ", "))
}
