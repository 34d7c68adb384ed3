package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/musterhq/muster/internal/readin"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/replay"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/rules/tpc"
	"github.com/musterhq/muster/scenarios"
)

// The balance playouts: muster playtest sim, replay and merge.

func simCommand() *cli.Command {
	return &cli.Command{
		Name:  "sim",
		Usage: "play many automated games of a scenario and report its balance",
		UsageText: "muster playtest sim SCENARIO [--games N] [--bots A,B] [--seed S] [--workers K] [--shard k/n] [--assumptions FILE] [--format text|json|html] [-o FILE]\n\n" +
			"Plays N games with bots (sensible, the default: at random among the legal actions the engine\n" +
			"finds sensible, no retreat into certain elimination, re-rolls only of bad rolls; random:\n" +
			"uniform among the legal actions, for fuzzing; greedy: the action that leaves its side the\n" +
			"best position; search: a Monte Carlo tree search of 64 playouts a decision, search:N for N,\n" +
			"search:N:D for D random actions a playout, 8 by default; the strong play, and the slow one),\n" +
			"one bot per side in the game's side order, and reports\n" +
			"the victory-level and winner shares with 95% confidence intervals, the VP mean and\n" +
			"histogram, game length, and outcomes by first player and momentum; the first mover's win\n" +
			"share, the victory routes, the final count's margin, the lead changes and the VP at each\n" +
			"turn's end; with --records DIR, the games people played beside the bots'. Results are identical\n" +
			"for the same seed whatever the worker count. --shard k/n plays every n-th game from the\n" +
			"k-th and writes totals (JSON) that muster playtest merge adds up, as a batch system's\n" +
			"array jobs would. A progress bar shows on a terminal. On The Petersburg Campaign's campaign\n" +
			"(tpc-11, tpc-12) the games play the strategic layer alone, with the tactical inputs fixed by\n" +
			"--assumptions FILE (default: rules/tpc/assumptions/default.json), and the report adds the\n" +
			"layer's distributions by month: weather, Lulls, Command Points, posture, manpower, events.\n\n" +
			"Examples:\n" +
			"   muster playtest sim rules/lgv/testdata/module/scenarios/01-chancellorsville.json --games 10000 --bots random,greedy\n" +
			"   muster playtest sim rules/lgv/testdata/module/scenarios/01-chancellorsville.json --games 100000 --shard 3/8 --format json -o part3.json\n" +
			"   muster playtest sim rules/lgv/testdata/module/scenarios/01-chancellorsville.json --format html -o balance.html\n" +
			"   muster playtest sim rules/lgv/testdata/module/scenarios/01-chancellorsville.json --games 200 --records playtest/record/testdata/records\n" +
			"   muster playtest sim tpc-11 --games 200 --assumptions rules/tpc/assumptions/default.json\n" +
			"   muster playtest sim rules/lgv/testdata/module/scenarios/01-chancellorsville.json --games 6 --bots search:16,greedy",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "games", Value: 1000, Usage: "games to play"},
			&cli.StringFlag{Name: "bots", Value: sim.DefaultBot + "," + sim.DefaultBot, Usage: "one bot per side, in the game's side order (sensible, random, greedy, search or search:N[:D])"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the run's seed; game i plays with a seed derived from it"},
			&cli.IntFlag{Name: "workers", Usage: "games played at once", DefaultText: "the number of CPUs"},
			&cli.StringFlag{Name: "shard", Usage: "play shard `k/n` of the run and write its totals; without it, a batch system's array task: SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX (Kubernetes Indexed Job) with --shards"},
			&cli.IntFlag{Name: "shards", Usage: "`n`, the number of shards of a Kubernetes Indexed Job (its completions), read with JOB_COMPLETION_INDEX"},
			&cli.StringSliceFlag{Name: "option", Usage: "a rule option `key=value` of the engine (lgv: bid=N, bid-reading=threshold|shift, cp-absorption=repeat|once, leader-attack-bonus=none|count, adjacency=movable|boundary, ford-limit=per-ford|per-impulse, kia-jackson-stuart=each|together, front-leader-fate=return|roll, surprise=all|any, water-mixed=minor|none, invariants=off|check; uscw: invariants=off|check, game=basic, attrition=per-stack|by-size, blockade-2m=with-bps|no-bps, dice-difference-2=bonus-action|off, salt-hexes=on|off, army-morale=on|off, maneuver-reaction=on|off, off-map-generals=eliminated|displaced, coastal-fort-supply=fortress|port-only); repeat the flag for more"},
			assumptionsFlag,
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, json or html"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"},
			&cli.StringFlag{Name: "records", Usage: "summarise the games people played, the records in `DIR` (muster playtest record), beside the bots'"},
			forceFlag,
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("sim needs one SCENARIO")
			}
			humans, err := humanGames(c)
			if err != nil {
				return err
			}
			sf, err := loadScenarioArg(c, c.Args().First())
			if err != nil {
				return err
			}
			options, err := parseOptions(c.StringSlice("option"))
			if err != nil {
				return usageError("%v", err)
			}
			if err := assumptionsApply(c, sf); err != nil {
				return err
			}
			if options, err = withAssumptions(c, options); err != nil {
				return err
			}
			cfg := sim.Config{Scenario: sf.Scenario.ID, Games: c.Int("games"), Seed: c.Uint64("seed"), Bots: strings.Split(c.String("bots"), ","), Options: options, Workers: c.Int("workers"),
				MadeUp: sf.Module.MadeUpLabel(), Source: c.Args().First(), ScenarioDigest: sim.ScenarioDigest(sf)}
			if s := c.String("shard"); s != "" {
				if cfg.Shard, cfg.Shards, err = parseShard(s); err != nil {
					return usageError("%v", err)
				}
			} else if cfg.Shard, cfg.Shards, err = shardFromEnv(os.Getenv, c.Int("shards")); err != nil {
				return usageError("%v", err)
			}
			format := c.String("format")
			if format != "text" && format != "json" && format != "html" {
				return usageError("--format must be text, json or html")
			}
			newGame, err := sim.ForScenario(sf, options)
			if errors.Is(err, sim.ErrBadOption) {
				return usageError("%v", err)
			}
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			if err := sim.CheckConfig(cfg, newGame); err != nil {
				return usageError("%v", err)
			}
			if isTerminal(c.App.ErrWriter) {
				cfg.Progress = progressBar(c.App.ErrWriter, time.Now())
			}
			tot, err := sim.Run(cfg, newGame)
			if cfg.Progress != nil {
				fmt.Fprintln(c.App.ErrWriter)
			}
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			if cfg.Shards > 1 && format != "json" {
				return usageError("a shard writes its totals as JSON (--format json) for muster playtest merge")
			}
			if humans != nil && cfg.Shards > 1 {
				return usageError("--records goes with a report, not with a shard's totals: give it to muster playtest merge")
			}
			return writeSimOutput(c, tot, format, cfg.Shards > 1, humans, c.Args().First())
		},
	}
}

// assumptionsFlag names an engine's assumptions file: TPC's strategic
// layer reads the tactical inputs it cannot play from it.
var assumptionsFlag = &cli.StringFlag{Name: "assumptions", Usage: "the engine's assumptions `FILE` (tpc: the tactical inputs of the strategic layer, as rules/tpc/assumptions/default.json; the report's header prints them)"}

// withAssumptions puts --assumptions FILE's text into the options the
// engine compiles with and the totals record (so shards played under
// other assumptions do not merge); the engine parses it strictly.
func withAssumptions(c *cli.Context, options map[string]string) (map[string]string, error) {
	path := c.String("assumptions")
	if path == "" {
		return options, nil
	}
	if _, dup := options["assumptions"]; dup {
		return nil, usageError("give the assumptions with --assumptions FILE, not --option assumptions=...")
	}
	data, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return nil, usageError("--assumptions: %v", err)
	}
	data, _ = readin.TrimBOM(data)
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return nil, usageError("--assumptions %s: not JSON: %v", path, err)
	}
	// Read here too, not only in the engine, so that a fault names the
	// file rather than an --option.
	if _, err := tpc.ParseAssumptions(data); err != nil {
		return nil, usageError("--assumptions %s: %s", path, strings.TrimPrefix(err.Error(), "assumptions: "))
	}
	if options == nil {
		options = map[string]string{}
	}
	options["assumptions"] = compact.String()
	return options, nil
}

// assumptionsApply refuses --assumptions for a scenario whose engine
// takes none, and assumptions the scenario will refuse in play (an
// Evacuation declared with none of its conditions), naming the file.
func assumptionsApply(c *cli.Context, sf *scenarios.ScenarioFile) error {
	path := c.String("assumptions")
	if path == "" {
		return nil
	}
	n := fmt.Sprint(sf.Scenario.Number)
	if sf.Module == nil || sf.Module.Game == nil || sf.Module.Game.ID != "tpc" || n != "11" && n != "12" {
		return usageError("--assumptions applies only to The Petersburg Campaign's campaign scenarios (tpc-11, tpc-12), not to %s", sf.Scenario.ID)
	}
	data, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return usageError("--assumptions: %v", err)
	}
	data, _ = readin.TrimBOM(data)
	a, err := tpc.ParseAssumptions(data)
	if err == nil {
		err = a.CheckFor(n == "11")
	}
	if err != nil {
		return usageError("--assumptions %s: %s", path, strings.TrimPrefix(err.Error(), "assumptions: "))
	}
	return nil
}

// parseOptions reads --option key=value flags.
func parseOptions(flags []string) (map[string]string, error) {
	if len(flags) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, f := range flags {
		k, v, ok := strings.Cut(f, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("--option %q: want key=value", f)
		}
		out[k] = v
	}
	return out, nil
}

// shardFromEnv reads the shard of a batch system's array task when
// --shard is absent: Slurm's SLURM_ARRAY_TASK_ID (from
// SLURM_ARRAY_TASK_MIN, 0 if unset) of SLURM_ARRAY_TASK_COUNT tasks, or a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based) of --shards N.
// No variable set: the whole run (0, 0).
func shardFromEnv(getenv func(string) string, shards int) (k, n int, err error) {
	num := func(name string) (int, error) {
		v, err := strconv.Atoi(getenv(name))
		if err != nil {
			return 0, fmt.Errorf("%s=%q: want a whole number", name, getenv(name))
		}
		return v, nil
	}
	switch {
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		id, err := num("SLURM_ARRAY_TASK_ID")
		if err != nil {
			return 0, 0, err
		}
		if getenv("SLURM_ARRAY_TASK_COUNT") == "" {
			return 0, 0, errors.New("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not: give --shard k/n")
		}
		if n, err = num("SLURM_ARRAY_TASK_COUNT"); err != nil {
			return 0, 0, err
		}
		low := 0
		if getenv("SLURM_ARRAY_TASK_MIN") != "" {
			if low, err = num("SLURM_ARRAY_TASK_MIN"); err != nil {
				return 0, 0, err
			}
		}
		if shards > 0 && shards != n {
			return 0, 0, fmt.Errorf("--shards %d but the Slurm array has %d tasks", shards, n)
		}
		k = id - low + 1
		if n < 1 || k < 1 || k > n {
			return 0, 0, fmt.Errorf("Slurm array task %d (from %d, %d tasks) is not shard 1-%d: use a contiguous array (--array=0-%d)", id, low, n, n, n-1)
		}
		return k, n, nil
	case getenv("JOB_COMPLETION_INDEX") != "":
		idx, err := num("JOB_COMPLETION_INDEX")
		if err != nil {
			return 0, 0, err
		}
		if shards < 1 {
			return 0, 0, errors.New("JOB_COMPLETION_INDEX is set: give --shards N, the Indexed Job's completions")
		}
		if idx < 0 || idx >= shards {
			return 0, 0, fmt.Errorf("JOB_COMPLETION_INDEX %d is not an index of %d shards (0-%d)", idx, shards, shards-1)
		}
		return idx + 1, shards, nil
	case shards > 0:
		return 0, 0, errors.New("--shards N goes with a Kubernetes Indexed Job's JOB_COMPLETION_INDEX; otherwise give --shard k/n")
	}
	return 0, 0, nil
}

func parseShard(s string) (k, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("--shard %q: want k/n with 1 <= k <= n", s)
	}
	return k, n, nil
}

// writeSimOutput writes totals (for a shard) or the report.
func writeSimOutput(c *cli.Context, tot *sim.Totals, format string, totals bool, humans []sim.HumanGame, inputs ...string) error {
	var b bytes.Buffer
	var err error
	report := sim.NewReport(tot)
	if humans != nil {
		report.CompareRecords(humans, tot.Winners, tot.Levels)
	}
	switch {
	case totals:
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		err = enc.Encode(tot)
	case format == "json":
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		err = enc.Encode(struct {
			MadeUp string      `json:"madeUp,omitempty"` // first, so a reader sees it first
			Report sim.Report  `json:"report"`
			Totals *sim.Totals `json:"totals"`
		}{tot.MadeUp, report, tot})
	case format == "html":
		err = report.WriteHTML(&b)
	default:
		err = report.WriteText(&b)
	}
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	return writeReport(c, b.Bytes(), totals, format, inputs...)
}

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:  "merge",
		Usage: "add up the totals of the shards of a split sim run or sweep",
		UsageText: "muster playtest merge [--partial] [--scenario SCENARIO] [--records DIR] [--format text|json|html] [-o FILE] TOTALS.json...\n\n" +
			"Adds the totals written by muster playtest sim --shard k/n into the report of the whole\n" +
			"run: exactly the figures one unsplit run gives. Each shard is checked against the scenario\n" +
			"its games were played on (the SCENARIO sim was given, as the totals record it; --scenario\n" +
			"names it where it lies elsewhere now): the scenario and its data are the ones played,\n" +
			"every level is one its games can end in and the winners follow from the levels, no game\n" +
			"runs past the scenario's turns, each shard played all its games, the made-up data label is\n" +
			"the module's; and against its signature, so that a part edited by hand shows. Refuses\n" +
			"totals of another run and a shard given twice. With shards of the run missing it names\n" +
			"them and writes no report; --partial writes the report of the shards given (it says\n" +
			"which) and still names the missing ones. The shards of a sweep (muster playtest sweep\n" +
			"--shard k/n) merge the same way.\n\n" +
			"Exit codes: 0 the report is written; 1 the totals are refused (a shard edited or not adding\n" +
			"up, of another run or scenario, given twice, or shards missing without --partial); 2 usage\n" +
			"or I/O (a file that cannot be read or holds no sim totals, a scenario not found, an output\n" +
			"that cannot be written).\n\n" +
			"Examples:\n" +
			"   muster playtest merge part*.json\n" +
			"   muster playtest merge --format html -o balance.html part*.json\n" +
			"   muster playtest merge --partial part3.json",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "partial", Usage: "report on the shards given when some of the run's shards are missing"},
			&cli.StringFlag{Name: "scenario", Usage: "the `SCENARIO` the shards were played on (a file or a built-in id), when it is no longer where sim was given it"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, json or html"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"},
			&cli.StringFlag{Name: "records", Usage: "summarise the games people played, the records in `DIR`, beside the bots' (a sim run's report, or compared with every point of a sweep)"},
			forceFlag,
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageError("merge needs the shards' totals files")
			}
			format := c.String("format")
			if format != "text" && format != "json" && format != "html" {
				return usageError("--format must be text, json or html")
			}
			if isSweepFile(c.Args().First()) {
				return mergeSweep(c, format)
			}
			var parts []*sim.Totals
			for _, path := range c.Args().Slice() {
				t, err := readTotals(path)
				if err != nil {
					return err
				}
				parts = append(parts, t)
			}
			if err := checkTotals(c, parts); err != nil {
				return err
			}
			tot, err := sim.Merge(parts)
			if err == nil {
				err = tot.Check() // shards that each add up may still overflow the run
			}
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			if missing := tot.Missing(); len(missing) > 0 {
				what := fmt.Sprintf("shard %s of %d is missing", sim.ShardList(missing), tot.Shards)
				if len(missing) > 1 {
					what = fmt.Sprintf("shards %s of %d are missing", sim.ShardList(missing), tot.Shards)
				}
				if !c.Bool("partial") {
					return cli.Exit(fmt.Sprintf("%s: the given totals hold %d games of %d (merge them all, or give --partial for a report of these)", what, tot.Played, tot.Games), exitFindings)
				}
				fmt.Fprintf(c.App.ErrWriter, "muster: %s: the report covers %d games of %d\n", what, tot.Played, tot.Games)
			}
			humans, err := humanGames(c)
			if err != nil {
				return err
			}
			return writeSimOutput(c, tot, format, false, humans, c.Args().Slice()...)
		},
	}
}

// checkTotals checks each part against the scenario its games were played
// on (--scenario, else the first part's source) and against its
// signature; a refusal names the file (exit 1). A scenario that cannot be
// found is a usage error (exit 2).
func checkTotals(c *cli.Context, parts []*sim.Totals) error {
	ref := c.String("scenario")
	if ref == "" {
		ref = parts[0].Source
	}
	if ref == "" {
		return cli.Exit(fmt.Sprintf("%s: the totals do not say what scenario they were played on: give it with --scenario", parts[0].Path), exitUsage)
	}
	sf, err := loadScenarioArg(c, ref)
	if err != nil {
		var ec cli.ExitCoder
		if errors.As(err, &ec) && ec.ExitCode() == exitUsage {
			what := "the shards were played on"
			if c.IsSet("scenario") {
				what = "--scenario names"
			}
			return cli.Exit(fmt.Sprintf("%s %s, which muster cannot load here (%v): give it with --scenario SCENARIO", what, ref, err), exitUsage)
		}
		return err
	}
	games := map[string]sim.NewGame{}
	for _, t := range parts {
		if t.Scenario != sf.Scenario.ID {
			return cli.Exit(fmt.Sprintf("%s: refused: the totals are of scenario %s, not %s (%s)", t.Path, t.Scenario, sf.Scenario.ID, ref), exitFindings)
		}
		key := fmt.Sprint(t.Options) // fmt prints maps sorted
		newGame, ok := games[key]
		if !ok {
			newGame, err = sim.ForScenario(sf, t.Options)
			if err != nil {
				return cli.Exit(fmt.Sprintf("%s: %v", t.Path, err), exitFindings)
			}
			games[key] = newGame
		}
		if err := t.CheckScenario(sf, newGame); err != nil {
			return cli.Exit(fmt.Sprintf("%s: refused: %v", t.Path, err), exitFindings)
		}
		if err := t.Verify(); err != nil {
			return cli.Exit(fmt.Sprintf("%s: refused: %v", t.Path, err), exitFindings)
		}
	}
	return nil
}

// readTotals reads a shard's totals, or the totals inside the JSON report
// of a whole run (sim --format json, or --shard 1/1), so merge can also
// render a finished run in another format. A file that cannot be read or
// holds no sim totals is a usage error (exit 2); totals that do not add
// up or carry no signature are refused (exit 1).
func readTotals(path string) (*sim.Totals, error) {
	data, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitUsage)
	}
	data, _ = readin.TrimBOM(data)
	strict := func(v any) error {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		return dec.Decode(v)
	}
	var t sim.Totals
	if err := strict(&t); err != nil {
		var whole struct {
			MadeUp string          `json:"madeUp"`
			Report json.RawMessage `json:"report"`
			Totals *sim.Totals     `json:"totals"`
		}
		if strict(&whole) != nil || whole.Report == nil || whole.Totals == nil {
			return nil, cli.Exit(fmt.Sprintf("%s: not the totals of a sim shard (muster playtest sim --shard k/n writes them) nor a sim report in JSON: %v", path, err), exitUsage)
		}
		t = *whole.Totals
	}
	if t.Scenario == "" || t.Games < 1 || t.Levels == nil {
		return nil, cli.Exit(fmt.Sprintf("%s: not the totals of a sim shard (no scenario, games or counts)", path), exitUsage)
	}
	t.Path = path
	if err := t.Check(); err != nil {
		return nil, cli.Exit(fmt.Sprintf("%s: refused: the totals do not add up (edited by hand?): %v", path, err), exitFindings)
	}
	if t.Signature == nil {
		return nil, cli.Exit(fmt.Sprintf("%s: refused: %v", path, sim.ErrUnsigned), exitFindings)
	}
	return &t, nil
}

func replayCommand() *cli.Command {
	return &cli.Command{
		Name:  "replay",
		Usage: "replay one game of a sim run, or a playtest script, as its event log or a page to watch",
		UsageText: "muster playtest replay SCENARIO --seed S --game I [--bots A,B] [--log FILE] [--format jsonl|html] [-o FILE]\n" +
			"muster playtest replay SCRIPT.json [--format jsonl|html] [-o FILE]\n" +
			"muster playtest replay SCENARIO --events LOG.jsonl --format html [-o FILE]\n\n" +
			"Plays game I (0-based) of the run with seed S exactly as muster playtest sim played it,\n" +
			"prints its outcome, the route that decided it and its VP at each turn's end to standard\n" +
			"error, and writes its event log (JSON lines, the turns' standings as \"vp-track\" events)\n" +
			"to --log or standard output. Given a playtest script instead, plays the script (a failing one up to\n" +
			"where it fails, then exit 1); with --events, reads a stored log (muster playtest --log, a\n" +
			"golden log).\n\n" +
			"--format html writes one self-contained page (no network) that steps through the log over\n" +
			"the scenario's map: units moving, combats, markers, control, the VP and other tracks, turn\n" +
			"and phase, and the list of events; a place the map does not draw is named in the list.\n" +
			"Keys: Left and Right step, Home and End jump, Page Up and Page Down go by turn; #step=K in\n" +
			"the address opens step K.\n\n" +
			"Examples:\n" +
			"   muster playtest replay rules/lgv/testdata/module/scenarios/01-chancellorsville.json --seed 1 --game 417 --bots random,greedy --log game417.jsonl\n" +
			"   muster playtest replay rules/lgv/testdata/module/scenarios/01-chancellorsville.json --seed 1 --game 417 --format html -o game417.html\n" +
			"   muster playtest replay scenarios/tpc/playtests/01-petersburg.json --format html -o petersburg.html",
		Flags: []cli.Flag{
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the run's seed"},
			// Checked in Action: a Required flag missing made urfave/cli report
			// the scenario as an unknown command.
			&cli.IntFlag{Name: "game", Usage: "the game's index in the sim run (required for a sim game)"},
			&cli.StringFlag{Name: "bots", Value: sim.DefaultBot + "," + sim.DefaultBot, Usage: "the bots of the run"},
			&cli.StringSliceFlag{Name: "option", Usage: "the rule options `key=value` of the run"},
			assumptionsFlag,
			&cli.StringFlag{Name: "log", Usage: "write the event log to `FILE`"},
			&cli.StringFlag{Name: "events", Usage: "replay the stored event log `LOG.jsonl` of a game of SCENARIO instead of a sim game"},
			&cli.StringFlag{Name: "format", Value: "jsonl", Usage: "jsonl (the event log) or html (a page that steps through it over the map)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"},
			forceFlag,
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("replay needs one SCENARIO or playtest SCRIPT")
			}
			// The flags and the argument are checked before a game is played.
			if err := checkReplayFormat(c); err != nil {
				return err
			}
			if isPlaytestScript(c.Args().First()) {
				return replayScript(c, c.Args().First())
			}
			sf, err := loadScenarioArg(c, c.Args().First())
			if err != nil {
				return err
			}
			if c.IsSet("events") {
				return replayEvents(c, sf)
			}
			if !c.IsSet("game") {
				return usageError("replay needs --game I, the 0-based index of the game in the sim run")
			}
			if c.Int("game") < 0 {
				return usageError("--game is 0 or more")
			}
			var bots []sim.Bot
			for _, name := range strings.Split(c.String("bots"), ",") {
				b, err := sim.BotByName(name)
				if err != nil {
					return usageError("%v", err)
				}
				bots = append(bots, b)
			}
			options, err := parseOptions(c.StringSlice("option"))
			if err != nil {
				return usageError("%v", err)
			}
			if options, err = withAssumptions(c, options); err != nil {
				return err
			}
			newGame, err := sim.ForScenario(sf, options)
			if errors.Is(err, sim.ErrBadOption) {
				return usageError("%v", err)
			}
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			seed := sim.GameSeed(c.Uint64("seed"), c.Int("game"))
			o, g, err := sim.Play(newGame, bots, seed, 0)
			if err != nil && g == nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			result := fmt.Sprintf("game %d (seed %d): %s, winner %s, %g VP, %d turns", c.Int("game"), seed, o.Level, orNone(o.Winner), o.VP, o.Turns)
			if err != nil { // the log shows the game up to the action that failed (an invariant broken, invariants=check)
				result = fmt.Sprintf("game %d (seed %d): %v", c.Int("game"), seed, err)
			}
			info := replay.Info{Source: fmt.Sprintf("game %d of the sim run with seed %d (%s)", c.Int("game"), c.Uint64("seed"), c.String("bots")), Result: result}
			// The label, outcome and course go to standard error: standard
			// output may be the log or the page, and must hold only that.
			out := c.App.ErrWriter
			if label := sf.Module.MadeUpLabel(); label != "" {
				fmt.Fprintln(out, label)
			}
			if err == nil {
				fmt.Fprintln(out, result)
				printCourse(out, g)
			}
			if werr := writeReplay(c, sf, g.Log(), info, c.Args().First()); werr != nil {
				return werr
			}
			if err != nil {
				return cli.Exit(result, exitFindings)
			}
			return nil
		},
	}
}

// printCourse prints the route and the VP track of a replayed game
// (the log's "vp-track" events), where its engine tells them.
func printCourse(w io.Writer, g sim.Game) {
	ch, ok := g.(rules.Chronicler)
	if !ok {
		return
	}
	var parts []string
	for _, t := range ch.VPTrack() {
		parts = append(parts, fmt.Sprintf("%d: %g (%s)", t.Turn, t.VP, orNone(t.Leader)))
	}
	fmt.Fprintf(w, "decided by: %s", orNone(ch.Route()))
	if m, ok := ch.Margin(); ok {
		fmt.Fprintf(w, ", margin %d VP", m)
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "; VP at each turn's end (leading): %s; %d lead changes", strings.Join(parts, ", "), rules.LeadChanges(ch.VPTrack()))
	}
	fmt.Fprintln(w)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// progressBar redraws one line as games finish, at most ten times a second.
func progressBar(w io.Writer, start time.Time) func(done, total int) {
	var last time.Time
	return func(done, total int) {
		now := time.Now()
		if done != total && now.Sub(last) < 100*time.Millisecond {
			return
		}
		last = now
		const width = 30
		filled := done * width / total
		rate := float64(done) / max(now.Sub(start).Seconds(), 1e-9)
		fmt.Fprintf(w, "\r[%s%s] %d/%d games, %.0f/s", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), done, total, rate)
	}
}

// writeReport writes a sim, merge or sweep report (or its totals) to
// --output, atomically and never over an input, or to standard output.
func writeReport(c *cli.Context, data []byte, totals bool, format string, inputs ...string) error {
	if out := c.String("output"); out != "" {
		kind := &fileout.Text
		switch {
		case totals || format == "json":
			kind = &fileout.JSON
		case format == "html":
			kind = &fileout.HTML
		}
		return writeOutput(c, out, data, kind, inputs...)
	}
	_, err := c.App.Writer.Write(data)
	return err
}
