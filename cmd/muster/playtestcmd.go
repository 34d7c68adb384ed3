package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/schema"
	"github.com/musterhq/muster/validate"
)

func playtestCommand() *cli.Command {
	return &cli.Command{
		Name:  "playtest",
		Usage: "run scripted playtests",
		UsageText: "muster playtest [--log DIR] [--golden | --update] PATH...\n\n" +
			"Runs playtest scripts (JSON documents of kind playtest; folders are searched for them):\n" +
			"each sets up a scenario, acts (move, attack, lose manpower, ...) and expects results (a\n" +
			"unit's place, the VP count and its lines, an action the rules must refuse). Prints one\n" +
			"line per script and a final 'N passed, M failed'; exit 1 if any failed. A VP line that does\n" +
			"not score as expected says why: the requirement, condition or qualifier that fails, with\n" +
			"the hexes and units involved.\n\n" +
			"--log DIR writes each game's event log (JSON lines, the seed in the header; a failing VP\n" +
			"expectation ends it with a 'vp' event, the lines that differ and why). --golden\n" +
			"compares each log with the one stored beside its script (NAME.golden.jsonl); --update\n" +
			"rewrites those.\n\n" +
			"Balance playouts: muster playtest sim, sweep, replay and merge; games people played: muster playtest record (see their --help).\n\n" +
			"Examples:\n" +
			"   muster playtest scenarios\n" +
			"   muster playtest --log out/logs scenarios/tpc/playtests/01-petersburg.json\n" +
			"   muster playtest --golden scenarios/tpc/playtests",
		Subcommands: []*cli.Command{simCommand(), sweepCommand(), replayCommand(), mergeCommand(), recordCommand()},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "log", Usage: "write each script's event log into `DIR`"},
			&cli.BoolFlag{Name: "golden", Usage: "compare each event log with the stored NAME.golden.jsonl"},
			&cli.BoolFlag{Name: "update", Usage: "rewrite the stored NAME.golden.jsonl logs"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageError("playtest needs scripts or folders")
			}
			scripts, err := playtestScripts(c.Args().Slice())
			if err != nil {
				// muster playtest merg: a typo of a subcommand, not a path.
				if first := c.Args().First(); errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(first, `/\.`) {
					if near := closestCommand(c.Command.Subcommands, first); near != "" {
						return cli.Exit(fmt.Sprintf("%v: did you mean \"muster playtest %s\"?", err, near), exitUsage)
					}
				}
				return cli.Exit(err.Error(), exitUsage)
			}
			if len(scripts) == 0 {
				return usageError("no playtest scripts in %s", strings.Join(c.Args().Slice(), " "))
			}
			if dir := c.String("log"); dir != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return cli.Exit(err.Error(), exitUsage)
				}
			}
			passed, failed, unreadable := 0, 0, 0
			logged := map[string]string{} // playtest id -> the script whose log took its name
			w := c.App.Writer
			for _, path := range scripts {
				res := playtest.RunFile(path)
				if res.ReadErr != nil {
					unreadable++
				}
				failure := res.Failure
				if res.Log != nil {
					var logText bytes.Buffer
					res.Log.WriteTo(&logText)
					if dir := c.String("log"); dir != "" {
						// The schema keeps ids local; a script that did not validate
						// may still carry one that climbs out of DIR.
						if !validID(res.ID) || !filepath.IsLocal(res.ID+".jsonl") {
							return cli.Exit(fmt.Sprintf("%s: the playtest id %q cannot name a log file in %s", path, res.ID, dir), exitUsage)
						}
						// Two scripts with one id would write one log file, the
						// second over the first: the second fails instead.
						if first, ok := logged[res.ID]; ok {
							failure = fmt.Sprintf("the playtest id %q is also the id of %s: its log would replace that one's in %s", res.ID, first, dir)
						} else if err := fileout.WriteOpts(filepath.Join(dir, res.ID+".jsonl"), logText.Bytes(), fileout.Options{Inputs: []string{path}, Kind: &fileout.JSONL}); err != nil {
							return cli.Exit(err.Error(), exitUsage)
						} else {
							logged[res.ID] = path
						}
					}
					golden := strings.TrimSuffix(path, ".json") + ".golden.jsonl"
					switch {
					case c.Bool("update"):
						if err := fileout.Write(golden, logText.Bytes(), path); err != nil {
							return cli.Exit(err.Error(), exitUsage)
						}
					case c.Bool("golden") && failure == "":
						want, err := readin.File(golden, readin.MaxSize)
						if err != nil {
							failure = fmt.Sprintf("no stored log %s (muster playtest --update writes it)", golden)
						} else if !bytes.Equal(want, logText.Bytes()) {
							failure = fmt.Sprintf("the event log differs from %s", golden)
						}
					}
				}
				if failure == "" && !res.Diags.HasErrors() {
					passed++
					fmt.Fprintf(w, "PASS %s (%d steps)  %s\n", res.ID, res.Steps, path)
					continue
				}
				failed++
				name := res.ID
				if name == "" {
					name = "?"
				}
				fmt.Fprintf(w, "FAIL %s  %s\n", name, path)
				if res.Diags.HasErrors() {
					(&diag.TextWriter{W: w, Snippet: true}).Write(res.Diags)
				}
				fmt.Fprintf(w, "     %s\n", failure)
			}
			fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
			if unreadable > 0 {
				return cli.Exit(fmt.Sprintf("%d scripts could not be read", unreadable), exitUsage)
			}
			if failed > 0 {
				return cli.Exit("", exitFindings)
			}
			return nil
		},
	}
}

// playtestScripts lists the playtest documents a set of paths names: files
// as given, and in folders the JSON files whose $schema is the playtest
// schema.
func playtestScripts(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		files, err := validate.JSONFiles([]string{p})
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			src, err := readin.File(f, readin.MaxSize)
			if err != nil {
				return nil, err
			}
			root, perr := jsonsrc.Parse(src)
			if perr != nil {
				continue // not a playtest we can read; validate reports it
			}
			if s := root.Get("$schema"); s != nil && s.Kind == jsonsrc.String {
				if k, ok := schema.KindOf(s.Text); ok && k == "playtest" {
					out = append(out, f)
				}
			}
		}
	}
	return out, nil
}
