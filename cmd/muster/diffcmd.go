package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/scenarios"
)

func diffCommand() *cli.Command {
	return &cli.Command{
		Name:  "diff",
		Usage: "list the differences between two versions of a scenario, as errata",
		UsageText: "muster diff [--format text|json] OLD NEW\n\n" +
			"OLD and NEW are scenario files or built-in ids (muster list). The comparison works on\n" +
			"the decoded scenarios, so key order, whitespace and number spelling (1 vs 1.0) do not\n" +
			"count. It reports units added, removed or moved, changed manpower, marks, starting\n" +
			"states, size, command, type and deferred entries; special rules and VP lines added,\n" +
			"removed or changed; victory level thresholds; length, dates, maps and start state; notes\n" +
			"added, removed or changed (kind, text, what was printed, source).\n" +
			"Exit code 0 when the scenarios do not differ, 1 when they do, 2 on usage or I/O errors.\n\n" +
			"Examples:\n   muster diff tpc-01 my-tpc-01.json\n   muster diff --format json old/05.json new/05.json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output `FORMAT`: text or json"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return usageError("diff takes two scenarios, OLD and NEW (muster diff OLD NEW)")
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return usageError("unknown --format %q (text or json)", format)
			}
			old, err := loadDiffArg(c, c.Args().Get(0))
			if err != nil {
				return err
			}
			new, err := loadDiffArg(c, c.Args().Get(1))
			if err != nil {
				return err
			}
			changes := scenarios.Diff(old.Scenario, new.Scenario)
			if format == "json" {
				err = writeDiffJSON(c.App.Writer, c.Args().Get(0), c.Args().Get(1), old, new, changes)
			} else {
				err = writeDiffText(c.App.Writer, changes, sideNamer(old, new))
			}
			if err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			if len(changes) > 0 {
				return cli.Exit("", exitFindings)
			}
			return nil
		},
	}
}

// loadDiffArg loads a scenario argument; a file that is not a valid
// scenario is an input error here (exit 2), since exit 1 means "differs".
func loadDiffArg(c *cli.Context, arg string) (*scenarios.ScenarioFile, error) {
	sf, err := loadScenarioArg(c, arg)
	if err != nil {
		if ec, ok := err.(cli.ExitCoder); ok && ec.ExitCode() != exitUsage {
			return nil, cli.Exit(ec.Error(), exitUsage)
		}
		return nil, err
	}
	if sf.Scenario == nil {
		return nil, usageError("%s did not load (muster validate)", arg)
	}
	return sf, nil
}

// sideNamer names sides as the game module does ("union" -> "Union"),
// falling back to the id with a capital.
func sideNamer(files ...*scenarios.ScenarioFile) func(string) string {
	names := map[string]string{}
	for _, f := range files {
		if f.Module == nil || f.Module.Game == nil {
			continue
		}
		for _, s := range f.Module.Game.Sides {
			if _, ok := names[s.ID]; !ok {
				names[s.ID] = s.Name
			}
		}
	}
	return func(id string) string {
		if n := names[id]; n != "" {
			return n
		}
		if id == "" {
			return ""
		}
		return strings.ToUpper(id[:1]) + id[1:]
	}
}

var diffSectionTitles = map[string]string{
	scenarios.SectionScenario:     "Scenario",
	scenarios.SectionLength:       "Length",
	scenarios.SectionMaps:         "Maps",
	scenarios.SectionStart:        "Start",
	scenarios.SectionSetup:        "Set-up",
	scenarios.SectionSpecialRules: "Special rules",
	scenarios.SectionVictory:      "Victory conditions",
	scenarios.SectionLevels:       "Victory levels",
	scenarios.SectionVariants:     "Variants",
	scenarios.SectionOptions:      "Options",
}

// writeDiffText prints the changes as an errata list: a heading per
// section, then one change per line, led by its side when it has one.
// Nothing is printed when there are no changes.
func writeDiffText(w io.Writer, changes []scenarios.Change, sideName func(string) string) error {
	section := ""
	for _, ch := range changes {
		if ch.Section != section {
			section = ch.Section
			title := diffSectionTitles[section]
			if title == "" {
				title = section
			}
			if _, err := fmt.Fprintln(w, title); err != nil {
				return err
			}
		}
		line := ch.Text
		if ch.Side != "" {
			line = sideName(ch.Side) + ": " + line
		}
		if _, err := fmt.Fprintln(w, "  "+line); err != nil {
			return err
		}
	}
	return nil
}

type diffSideJSON struct {
	Arg   string `json:"arg"`
	ID    string `json:"id"`
	Title string `json:"title"`
}

func writeDiffJSON(w io.Writer, oldArg, newArg string, old, new *scenarios.ScenarioFile, changes []scenarios.Change) error {
	if changes == nil {
		changes = []scenarios.Change{}
	}
	out := struct {
		Old     diffSideJSON       `json:"old"`
		New     diffSideJSON       `json:"new"`
		Count   int                `json:"count"`
		Changes []scenarios.Change `json:"changes"`
	}{
		Old:     diffSideJSON{oldArg, old.Scenario.ID, old.Scenario.Title},
		New:     diffSideJSON{newArg, new.Scenario.ID, new.Scenario.Title},
		Count:   len(changes),
		Changes: changes,
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // keep "->" and "&" readable
	return enc.Encode(out)
}
