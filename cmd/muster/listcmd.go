package main

import (
	"encoding/json"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/scenarios"
)

func listCommand() *cli.Command {
	return &cli.Command{
		Name:  "list",
		Usage: "list the game modules and scenarios built into muster",
		UsageText: "muster list [--format text|json]\n\n" +
			"Shows each shipped game module with its id, and each of its scenarios with the id\n" +
			"other commands accept, its length and its dates.\n\n" +
			"Examples:\n   muster list\n   muster list --format json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output `FORMAT`: text or json"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("list takes no arguments")
			}
			cat := scenarios.Builtin()
			switch c.String("format") {
			case "text":
				return listText(c, cat)
			case "json":
				return listJSON(c, cat)
			default:
				return usageError("unknown --format %q (text or json)", c.String("format"))
			}
		},
	}
}

func listText(c *cli.Context, cat *scenarios.Catalog) error {
	w := c.App.Writer
	for _, m := range cat.Modules {
		if m.Game == nil {
			fmt.Fprintf(w, "%s (module failed to load; run muster validate)\n", m.Dir)
			continue
		}
		g := m.Game
		fmt.Fprintf(w, "%s  %s  [%s, %s]  %d scenarios\n", g.ID, g.Title, g.System, g.Publisher, len(m.Scenarios))
		for _, sf := range m.Scenarios {
			s := sf.Scenario
			if s == nil {
				fmt.Fprintf(w, "  %s (failed to load)\n", sf.Doc.Path)
				continue
			}
			dates := s.Length.Start
			if s.Length.End != "" && s.Length.End != s.Length.Start {
				dates += " to " + s.Length.End
			}
			turns := "turns"
			if s.Length.Turns == 1 {
				turns = "turn"
			}
			fmt.Fprintf(w, "  %-8s %3v  %-36s %3d %-5s  %s\n", s.ID, s.Number, s.Title, s.Length.Turns, turns, dates)
			for _, v := range s.Variants {
				fmt.Fprintf(w, "             variant %s: %s\n", v.ID, v.Title)
			}
		}
	}
	return nil
}

func listJSON(c *cli.Context, cat *scenarios.Catalog) error {
	type variant struct {
		ID    string `json:"id"`
		Title string `json:"title"`
	}
	type scn struct {
		Variants []variant `json:"variants,omitempty"`
		ID       string    `json:"id"`
		Number   any       `json:"number,omitempty"`
		Title    string    `json:"title"`
		Turns    int       `json:"turns"`
		Start    string    `json:"start,omitempty"`
		End      string    `json:"end,omitempty"`
	}
	type mod struct {
		ID        string `json:"id"`
		Title     string `json:"title"`
		System    string `json:"system"`
		Publisher string `json:"publisher"`
		Scenarios []scn  `json:"scenarios"`
	}
	var out []mod
	for _, m := range cat.Modules {
		if m.Game == nil {
			continue
		}
		md := mod{ID: m.Game.ID, Title: m.Game.Title, System: m.Game.System, Publisher: m.Game.Publisher, Scenarios: []scn{}}
		for _, sf := range m.Scenarios {
			if s := sf.Scenario; s != nil {
				sc := scn{ID: s.ID, Number: s.Number, Title: s.Title, Turns: s.Length.Turns, Start: s.Length.Start, End: s.Length.End}
				for _, v := range s.Variants {
					sc.Variants = append(sc.Variants, variant{v.ID, v.Title})
				}
				md.Scenarios = append(md.Scenarios, sc)
			}
		}
		out = append(out, md)
	}
	enc := json.NewEncoder(c.App.Writer)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
