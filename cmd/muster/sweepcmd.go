package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/playtest/sim"
)

// The balance sweep: muster playtest sweep, merged by muster playtest merge.

func sweepCommand() *cli.Command {
	return &cli.Command{
		Name:  "sweep",
		Usage: "play the same seeded games over a grid of rule options and find where the scenario is even",
		UsageText: "muster playtest sweep SCENARIO --vary KEY=a..b[/step] [--vary ...] [--games N] [--bots A,B] [--seed S] [--workers K] [--shard k/n] [--format text|json|html] [-o FILE]\n\n" +
			"Plays the games of muster playtest sim (game i has the same seed at every point) at every\n" +
			"point of a grid of rule options: --vary KEY=a..b steps by 1 (or /step), KEY=v1,v2 lists\n" +
			"values; several --vary make a grid, the last varying fastest. The report gives per point\n" +
			"each side's share of wins with its 95% (Wilson) interval, and fits along the last varied\n" +
			"option the point where each side wins half: linear interpolation between the two grid\n" +
			"points whose shares bracket one half, the interval where the interval's bounds cross it.\n" +
			"--shard k/n plays every n-th game at every point and writes totals that muster playtest\n" +
			"merge adds up to the unsplit sweep's report, byte for byte.\n\n" +
			"Examples:\n" +
			"   muster playtest sweep rules/lgv/testdata/module/scenarios/01-chancellorsville.json --vary bid=4..12/2 --games 1000\n" +
			"   muster playtest sweep rules/lgv/testdata/module/scenarios/01-chancellorsville.json --vary bid=4..12/2 --games 1000 --format html -o sweep.html\n" +
			"   muster playtest sweep rules/lgv/testdata/module/scenarios/01-chancellorsville.json --vary bid=4..12/2 --games 1000 --shard 1/2 --format json -o sweep1.json",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "vary", Usage: "an option swept over `KEY=a..b[/step]` or KEY=v1,v2,...; repeat for a grid"},
			&cli.IntFlag{Name: "games", Value: 1000, Usage: "games to play at each point"},
			&cli.StringFlag{Name: "bots", Value: sim.DefaultBot + "," + sim.DefaultBot, Usage: "one bot per side, in the game's side order (sensible, random, greedy, search or search:N[:D])"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the sweep's seed; game i plays with a seed derived from it, at every point"},
			&cli.IntFlag{Name: "workers", Usage: "games played at once", DefaultText: "the number of CPUs"},
			&cli.StringFlag{Name: "shard", Usage: "play shard `k/n` of the sweep and write its totals (or a batch system's array task, as sim reads it)"},
			&cli.IntFlag{Name: "shards", Usage: "`n`, the number of shards of a Kubernetes Indexed Job, read with JOB_COMPLETION_INDEX"},
			&cli.StringSliceFlag{Name: "option", Usage: "a rule option `key=value` every point shares (as sim's)"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, json or html"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"},
			&cli.StringFlag{Name: "records", Usage: "compare the games people played, the records in `DIR` (muster playtest record), with every point"},
			forceFlag,
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("sweep needs one SCENARIO")
			}
			humans, err := humanGames(c)
			if err != nil {
				return err
			}
			var cfg sim.SweepConfig
			for _, v := range c.StringSlice("vary") {
				ax, err := sim.ParseVary(v)
				if err != nil {
					return usageError("%v", err)
				}
				cfg.Vary = append(cfg.Vary, ax)
			}
			if len(cfg.Vary) == 0 {
				return usageError("sweep needs at least one --vary KEY=a..b[/step]")
			}
			sf, err := loadScenarioArg(c, c.Args().First())
			if err != nil {
				return err
			}
			options, err := parseOptions(c.StringSlice("option"))
			if err != nil {
				return usageError("%v", err)
			}
			cfg.Config = sim.Config{Scenario: sf.Scenario.ID, Games: c.Int("games"), Seed: c.Uint64("seed"), Bots: strings.Split(c.String("bots"), ","), Options: options, Workers: c.Int("workers")}
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
			if cfg.Shards > 1 && format != "json" {
				return usageError("a shard writes its totals as JSON (--format json) for muster playtest merge")
			}
			points, err := cfg.Points()
			if err != nil {
				return usageError("%v", err)
			}
			if newGame, err := sim.ForScenario(sf, points[0]); err == nil {
				if err := sim.CheckConfig(cfg.Config, newGame); err != nil {
					return usageError("%v", err)
				}
			}
			if isTerminal(c.App.ErrWriter) {
				cfg.Progress = progressBar(c.App.ErrWriter, time.Now())
			}
			st, err := sim.RunSweep(cfg, func(o map[string]string) (sim.NewGame, error) { return sim.ForScenario(sf, o) })
			if cfg.Progress != nil {
				fmt.Fprintln(c.App.ErrWriter)
			}
			if errors.Is(err, sim.ErrBadOption) {
				return usageError("%v", err)
			}
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			st.SetMadeUp(sf.Module.MadeUpLabel())
			if humans != nil && cfg.Shards > 1 {
				return usageError("--records goes with a report, not with a shard's totals: give it to muster playtest merge")
			}
			return writeSweepOutput(c, st, format, cfg.Shards > 1, humans, c.Args().First())
		},
	}
}

// writeSweepOutput writes a sweep's totals (for a shard) or its report.
func writeSweepOutput(c *cli.Context, st *sim.SweepTotals, format string, totals bool, humans []sim.HumanGame, inputs ...string) error {
	var b bytes.Buffer
	var err error
	report := sim.NewSweepReport(st)
	if humans != nil {
		report.CompareRecords(humans)
	}
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	switch {
	case totals:
		err = enc.Encode(st)
	case format == "json":
		err = enc.Encode(struct {
			MadeUp string           `json:"madeUp,omitempty"`
			Report sim.SweepReport  `json:"report"`
			Totals *sim.SweepTotals `json:"totals"`
		}{st.MadeUp, report, st})
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

// isSweepFile tells a sweep's totals (or JSON report) from a sim run's:
// they carry "sweep" at the top or in "totals".
func isSweepFile(path string) bool {
	data, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return false
	}
	data, _ = readin.TrimBOM(data)
	var top struct {
		Sweep  *string `json:"sweep"`
		Totals *struct {
			Sweep *string `json:"sweep"`
		} `json:"totals"`
	}
	if json.Unmarshal(data, &top) != nil {
		return false
	}
	return top.Sweep != nil || top.Totals != nil && top.Totals.Sweep != nil
}

// readSweepTotals reads a sweep shard's totals, or those inside a sweep's
// JSON report.
func readSweepTotals(path string) (*sim.SweepTotals, error) {
	data, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return nil, err
	}
	data, _ = readin.TrimBOM(data)
	strict := func(v any) error {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		return dec.Decode(v)
	}
	var st sim.SweepTotals
	if err := strict(&st); err != nil {
		var whole struct {
			MadeUp string           `json:"madeUp"`
			Report json.RawMessage  `json:"report"`
			Totals *sim.SweepTotals `json:"totals"`
		}
		if strict(&whole) != nil || whole.Report == nil || whole.Totals == nil {
			return nil, fmt.Errorf("%s: not the totals of a sweep shard (muster playtest sweep --shard k/n writes them) nor a sweep report in JSON: %v", path, err)
		}
		st = *whole.Totals
	}
	if st.Scenario == "" || st.Games < 1 {
		return nil, fmt.Errorf("%s: not the totals of a sweep shard (no scenario or games)", path)
	}
	if err := st.Check(); err != nil {
		return nil, fmt.Errorf("%s: the totals do not add up (edited by hand?): %v", path, err)
	}
	return &st, nil
}

// mergeSweep is merge for a sweep's shards.
func mergeSweep(c *cli.Context, format string) error {
	var parts []*sim.SweepTotals
	for _, path := range c.Args().Slice() {
		st, err := readSweepTotals(path)
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		parts = append(parts, st)
	}
	st, err := sim.MergeSweep(parts)
	if err == nil {
		err = st.Check()
	}
	if err != nil {
		return cli.Exit(err.Error(), exitFindings)
	}
	if missing := st.Missing(); len(missing) > 0 {
		what := fmt.Sprintf("shard %s of %d is missing", sim.ShardList(missing), st.Shards)
		if len(missing) > 1 {
			what = fmt.Sprintf("shards %s of %d are missing", sim.ShardList(missing), st.Shards)
		}
		if !c.Bool("partial") {
			return cli.Exit(fmt.Sprintf("%s: the given totals hold %d games of %d per point (merge them all, or give --partial for a report of these)", what, st.Played(), st.Games), exitFindings)
		}
		fmt.Fprintf(c.App.ErrWriter, "muster: %s: the report covers %d games of %d per point\n", what, st.Played(), st.Games)
	}
	humans, err := humanGames(c)
	if err != nil {
		return err
	}
	return writeSweepOutput(c, st, format, false, humans, c.Args().Slice()...)
}
