// Command countersync adds to a module's counters file a counter for every
// unit id its scenarios' setup rows use and the file lacks, taking name,
// side, type, size and commands from the rows. Existing counters are never
// changed. It is a maintenance tool for transcribers:
//
//	go run ./tools/countersync scenarios/tpc
//
// Printed counter values are not in the rulebooks, so new counters are
// marked "printed": {"status": "missing"}.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/scenarios"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: countersync MODULE-DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "countersync:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	var game scenarios.Game
	if err := readJSON(filepath.Join(dir, "game.json"), &game); err != nil {
		return err
	}
	path := filepath.Join(dir, game.Files.Counters)
	doc := map[string]any{
		"$schema": "../../schema/counters.schema.json",
		"module":  game.ID,
		"values":  []string{},
	}
	var existing []json.RawMessage
	if _, err := os.Stat(path); err == nil {
		var raw map[string]json.RawMessage
		if err := readJSON(path, &raw); err != nil {
			return err
		}
		for k, v := range raw {
			if k != "counters" {
				var x any
				_ = json.Unmarshal(v, &x)
				doc[k] = x
			}
		}
		_ = json.Unmarshal(raw["counters"], &existing)
	}
	have := map[string]bool{}
	for _, e := range existing {
		var c struct{ ID string }
		_ = json.Unmarshal(e, &c)
		have[c.ID] = true
	}
	added := map[string]*scenarios.Counter{}
	files, _ := filepath.Glob(filepath.Join(dir, game.Files.Scenarios, "*.json"))
	sort.Strings(files)
	for _, f := range files {
		var s scenarios.Scenario
		if err := readJSON(f, &s); err != nil {
			return err
		}
		for _, t := range s.Setup {
			for _, r := range t.Rows {
				if r.Unit == "" || have[r.Unit] {
					continue
				}
				c := added[r.Unit]
				if c == nil {
					c = &scenarios.Counter{ID: r.Unit, Name: r.Name, Side: t.Side, Type: r.Type, Size: r.Size,
						Printed: scenarios.PrintedValues{Status: "missing"}}
					added[r.Unit] = c
				}
				if r.Command != "" && !contains(c.Commands, r.Command) {
					c.Commands = append(c.Commands, r.Command)
				}
			}
		}
	}
	ids := make([]string, 0, len(added))
	for id, c := range added {
		ids = append(ids, id)
		if len(c.Commands) == 1 {
			c.Command, c.Commands = c.Commands[0], nil
		}
		if c.Size == "" {
			c.Notes = append(c.Notes, scenarios.Note{Kind: "comment", Text: "The setup tables print no size for this counter."})
		}
	}
	sort.Strings(ids)
	var b bytes.Buffer
	b.WriteString("{\n")
	for _, k := range []string{"$schema", "module", "values", "notes"} {
		if v, ok := doc[k]; ok {
			enc, _ := json.Marshal(v)
			fmt.Fprintf(&b, "  %q: %s,\n", k, enc)
		}
	}
	b.WriteString("  \"counters\": [\n")
	var lines []string
	for _, e := range existing {
		var c bytes.Buffer
		_ = json.Compact(&c, e)
		lines = append(lines, "    "+c.String())
	}
	for _, id := range ids {
		enc, _ := json.Marshal(added[id])
		lines = append(lines, "    "+string(enc))
	}
	sort.SliceStable(lines, func(i, j int) bool { return idOf(lines[i]) < idOf(lines[j]) })
	b.WriteString(strings.Join(lines, ",\n"))
	b.WriteString("\n  ]\n}\n")
	fmt.Fprintf(os.Stderr, "countersync: %d counters kept, %d added\n", len(existing), len(ids))
	return fileout.Write(path, b.Bytes())
}

func idOf(line string) string {
	var c struct{ ID string }
	_ = json.Unmarshal([]byte(strings.TrimSpace(line)), &c)
	return c.ID
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
