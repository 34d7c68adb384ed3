package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/playtest/record"
	"github.com/musterhq/muster/playtest/sim"
)

// muster playtest record: the games people played, as records a sim
// report summarises beside the bots' (--records DIR).

func recordCommand() *cli.Command {
	return &cli.Command{
		Name:  "record",
		Usage: "write a game people played as a record, or import a spreadsheet of them",
		UsageText: "muster playtest record --scenario ID|FILE --player SIDE=NAME... (--winner SIDE | --draw) [--level L] [--vp N] [--last-turn T] [--notes TEXT] -o FILE.json\n" +
			"muster playtest record --from-csv FILE.csv [--scenario FILE] -o DIR\n\n" +
			"Writes one played game (scenario and version, sides and players, result, VP, last turn,\n" +
			"notes) as a JSON document checked against schema/record.schema.json. --from-csv reads a\n" +
			"spreadsheet saved as CSV, one game a row under a header naming the columns (scenario,\n" +
			"version, date, player:SIDE per side, first player, winner, level, route, vp, last turn,\n" +
			"notes, made-up) and writes one record per row into DIR (NAME-rowN.json); a problem names\n" +
			"its row and column. Each game is checked against its scenario (a built-in id, or the\n" +
			"scenario's file given as --scenario): a real date, one player per side, a level the\n" +
			"scenario's games can end in, a last turn within its length; a scenario not found is refused.\n" +
			"muster playtest sim --records DIR summarises a folder of records\n" +
			"beside the bots' games.\n\n" +
			"Examples:\n" +
			"   muster playtest record --scenario rules/lgv/testdata/module/scenarios/01-chancellorsville.json --player union=Ann --player confederate=Ben --winner confederate --vp 6 --last-turn 6 -o game1.json\n" +
			"   muster playtest record --from-csv playtest/record/testdata/games.csv --scenario rules/lgv/testdata/module/scenarios/01-chancellorsville.json -o my-records",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "scenario", Usage: "the scenario: a built-in `ID` or its file (with --from-csv, the file of the rows' scenario when it is not built in)"},
			&cli.StringFlag{Name: "version", Usage: "the scenario's version the game was played on"},
			&cli.StringFlag{Name: "date", Usage: "the day played, `YYYY-MM-DD`"},
			&cli.StringSliceFlag{Name: "player", Usage: "a side and its player, `SIDE=NAME`; repeat for each side"},
			&cli.StringFlag{Name: "first-player", Usage: "the `SIDE` that moved first"},
			&cli.StringFlag{Name: "winner", Usage: "the winning `SIDE`"},
			&cli.BoolFlag{Name: "draw", Usage: "a draw, or no result"},
			&cli.StringFlag{Name: "level", Usage: "the victory level reached"},
			&cli.StringFlag{Name: "route", Usage: "what decided the game: automatic, sudden death, final count, concession, no result"},
			&cli.StringFlag{Name: "vp", Usage: "the final VP total"},
			&cli.StringFlag{Name: "last-turn", Usage: "the last turn played"},
			&cli.StringFlag{Name: "notes", Usage: "notes on the game"},
			&cli.StringFlag{Name: "from-csv", Usage: "import the games of a spreadsheet saved as `FILE.csv`"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "the record's `FILE` (a folder with --from-csv)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 0 {
				return usageError("record takes flags only, not %q", c.Args().First())
			}
			out := c.String("output")
			if out == "" {
				return usageError("record needs -o: the record's file (a folder with --from-csv)")
			}
			if path := c.String("from-csv"); path != "" {
				var cs csvScenarios
				if id := c.String("scenario"); id != "" {
					sf, err := loadScenarioArg(c, id)
					if err != nil {
						return err
					}
					cs.given = sf
				}
				return importCSV(c, path, out, cs)
			}
			r := &record.Record{Scenario: c.String("scenario"), Version: c.String("version"), Date: c.String("date"),
				FirstPlayer: c.String("first-player"), Notes: c.String("notes"), Players: map[string]string{},
				Result: record.Result{Winner: c.String("winner"), Draw: c.Bool("draw"), Level: c.String("level"), Route: c.String("route")}}
			if r.Scenario == "" {
				return usageError("record needs --scenario ID (or the scenario's FILE)")
			}
			sf, err := loadScenarioArg(c, r.Scenario)
			if err != nil {
				return err
			}
			r.Scenario = sf.Scenario.ID
			if (r.Result.Winner == "") == !r.Result.Draw {
				return usageError("record needs one of --winner SIDE and --draw")
			}
			for _, p := range c.StringSlice("player") {
				side, name, ok := strings.Cut(p, "=")
				if !ok || side == "" || name == "" {
					return usageError("--player %q: want SIDE=NAME", p)
				}
				r.Players[side] = name
			}
			if v := c.String("vp"); v != "" {
				x, err := strconv.ParseFloat(v, 64)
				if err != nil {
					return usageError("--vp %q is not a number", v)
				}
				r.VP = &x
			}
			if v := c.String("last-turn"); v != "" {
				x, err := strconv.Atoi(v)
				if err != nil {
					return usageError("--last-turn %q is not a whole number", v)
				}
				r.LastTurn = &x
			}
			b, err := r.JSON()
			if err != nil {
				return usageError("%v", err)
			}
			if f := checkRecordAgainst(r, sf); f != nil {
				return usageError("%v", f)
			}
			return writeOutput(c, out, b, &fileout.JSON)
		},
	}
}

// importCSV writes one record per row of a CSV into dir.
func importCSV(c *cli.Context, path, dir string, cs csvScenarios) error {
	src, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	rows, err := record.FromCSV(path, src)
	if err != nil {
		return cli.Exit(err.Error(), exitFindings)
	}
	// Every row is checked against its scenario before any is written.
	for _, row := range rows {
		sf := cs.find(row.Record.Scenario)
		if sf == nil {
			return cli.Exit((&record.CellError{File: path, Row: row.Row, Column: "scenario", Msg: fmt.Sprintf("no scenario %q: a built-in id, or give its file with --scenario FILE", row.Record.Scenario)}).Error(), exitFindings)
		}
		if f := checkRecordAgainst(row.Record, sf); f != nil {
			return cli.Exit((&record.CellError{File: path, Row: row.Row, Column: rowColumn(f.field, row.Record), Msg: f.msg}).Error(), exitFindings)
		}
	}
	// A folder that already holds files is refused, as import template
	// refuses one: records written among a module's scenarios would stop
	// that module loading, and a rerun would mix two imports.
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return usageError("-o %s: the folder is not empty; give a new or empty folder for the records", dir)
	}
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	for _, row := range rows {
		b, err := row.Record.JSON()
		if err != nil {
			return cli.Exit(fmt.Sprintf("%s: row %d: %v", path, row.Row, err), exitFindings)
		}
		if err := fileout.WriteOpts(filepath.Join(dir, fmt.Sprintf("%s-row%d.json", base, row.Row)), b, fileout.Options{Inputs: []string{path}, Kind: &fileout.JSON}); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
	}
	fmt.Fprintf(c.App.ErrWriter, "%s written to %s\n", countOf(len(rows), "record"), dir)
	return nil
}

// humanGames reads the records of --records DIR for the sim report.
func humanGames(c *cli.Context) ([]sim.HumanGame, error) {
	dir := c.String("records")
	if dir == "" {
		return nil, nil
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return nil, usageError("--records %s: not a folder of records", dir)
	}
	recs, ds, err := record.ReadDir(dir)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitUsage)
	}
	if ds.HasErrors() {
		(&diag.TextWriter{W: c.App.ErrWriter, Snippet: true}).Write(ds)
		return nil, cli.Exit(fmt.Sprintf("--records %s: %s in the records", dir, countOf(ds.Count(diag.Error), "finding")), exitFindings)
	}
	out := make([]sim.HumanGame, len(recs))
	for i, r := range recs {
		out[i] = sim.HumanGame{Scenario: r.Scenario, Winner: r.Result.Winner, Level: r.Result.Level, FirstPlayer: r.FirstPlayer, MadeUp: r.MadeUp}
	}
	return out, nil
}

// countOf writes "1 record", "2 records".
func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
