package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/replay"
	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// The replay of a log that is not a sim game's: a playtest script's
// (muster playtest replay SCRIPT) or a stored one (--events LOG.jsonl),
// and the writing of any replay as JSON lines or as the HTML page.

// isPlaytestScript says whether path is a JSON document of kind playtest.
func isPlaytestScript(path string) bool {
	if !strings.HasSuffix(path, ".json") {
		return false
	}
	src, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return false
	}
	root, perr := jsonsrc.Parse(src)
	if perr != nil {
		return false
	}
	s := root.Get("$schema")
	if s == nil || s.Kind != jsonsrc.String {
		return false
	}
	k, ok := schema.KindOf(s.Text)
	return ok && k == "playtest"
}

// replayScript runs a playtest script and writes its log; a failing
// script still writes what it played, then exits 1.
func replayScript(c *cli.Context, path string) error {
	if c.IsSet("game") || c.IsSet("events") {
		return usageError("a playtest script replays itself: --game and --events go with a SCENARIO")
	}
	res := playtest.RunFile(path)
	if res.ReadErr != nil {
		return cli.Exit(res.ReadErr.Error(), exitUsage)
	}
	if res.Diags.HasErrors() {
		(&diag.TextWriter{W: c.App.ErrWriter, Snippet: true}).Write(res.Diags)
	}
	if res.Log == nil || res.Scenario == nil {
		return cli.Exit(fmt.Sprintf("%s: %s", path, res.Failure), exitFindings)
	}
	result := "the script passes"
	if !res.Passed() {
		result = "the script fails: " + res.Failure
	}
	info := replay.Info{Source: "playtest " + res.ID + " (" + path + ")", Result: result}
	if err := writeReplay(c, res.Scenario, res.Log, info, path); err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "%s: %s\n", res.ID, result)
	if !res.Passed() {
		return cli.Exit("", exitFindings)
	}
	return nil
}

// replayEvents writes a stored log (muster playtest --log, a golden log,
// or replay --log) over the map of its scenario.
func replayEvents(c *cli.Context, sf *scenarios.ScenarioFile) error {
	if c.IsSet("game") {
		return usageError("--events replays a stored log: --game goes with a sim run")
	}
	path := c.String("events")
	data, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	log, err := rules.ReadEventLog(bytes.NewReader(data))
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", path, err), exitUsage)
	}
	source := "the event log " + path
	if id, _ := log.Header["script"].(string); id != "" {
		source = "playtest " + id + " (" + path + ")"
	}
	return writeReplay(c, sf, log, replay.Info{Source: source}, path, c.Args().First())
}

// checkReplayFormat refuses a --format replay cannot write.
func checkReplayFormat(c *cli.Context) error {
	if f := c.String("format"); f != "jsonl" && f != "html" {
		return usageError("--format must be jsonl or html")
	}
	return nil
}

// writeReplay writes a game's log in the --format asked: JSON lines (to
// --log, -o or standard output) or the HTML page (to -o or standard
// output, and the log to --log as well when given).
// Its --format was checked by checkReplayFormat before the game was played.
func writeReplay(c *cli.Context, sf *scenarios.ScenarioFile, log *rules.EventLog, info replay.Info, inputs ...string) error {
	format := c.String("format")
	var lines bytes.Buffer
	log.WriteTo(&lines)
	if path := c.String("log"); path != "" {
		if err := fileout.WriteOpts(path, lines.Bytes(), fileout.Options{Inputs: inputs, Kind: &fileout.JSONL}); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
	}
	out, kind := lines.Bytes(), &fileout.JSONL
	switch format {
	case "jsonl":
		if c.String("log") != "" && c.String("output") == "" {
			return nil
		}
	case "html":
		page, err := replay.Build(sf.Module, sf.Scenario, log, info)
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		var b bytes.Buffer
		if err := page.HTML(&b); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		out, kind = b.Bytes(), &fileout.HTML
	}
	if path := c.String("output"); path != "" {
		return writeOutput(c, path, out, kind, inputs...)
	}
	_, err := c.App.Writer.Write(out)
	return err
}
