package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing/fstest"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/tsv"
	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/validate"
)

func init() {
	importSubcommands = append(importSubcommands, &cli.Command{
		Name:  "tsv",
		Usage: "read setup tables typed in the rulebook's layout (tab-separated) into a scenario",
		UsageText: "muster import tsv --module MODULE [--side SIDE] [--id ID] [--from SCENARIO] [-o FILE.json] FILE.tsv\n\n" +
			"Each row is six tab-separated cells as a rulebook prints them: Unit/Leader, Size, Command,\n" +
			"Type, Manpower with its footnote marks (2*, -&), Hex with the place (S0907 (Barn)).\n" +
			"Legend lines under the table give each mark's meaning (* Indicated units begin the game\n" +
			"under Breastworks-Complete markers). The input may be one side's table (give --side) or a\n" +
			"scenario's whole text with CONFEDERATE SET-UP / UNION SET-UP headings; header rows,\n" +
			"(CNTD) headings and Markdown escapes are understood. Unit ids are found among the module's\n" +
			"counters, never invented. The scenario is written with TODO placeholders for everything\n" +
			"but the setup, or with --from, with everything else of SCENARIO (maps, length, rules,\n" +
			"victory; footnotes whose symbol and text agree keep SCENARIO's reading), then validated.\n" +
			"Options may follow FILE.\n\n" +
			"Findings go to stderr as FILE:line:col. Exit 0 when the import and the scenario's checks find\n" +
			"no error (TODO placeholders are counted, not listed), 1 when they do (the JSON is still\n" +
			"written, so it can be fixed there or in the table), 2 on usage or I/O errors.\n\n" +
			"Examples:\n" +
			"   muster import tsv --module tpc --side union union.tsv -o draft.json\n" +
			"   muster import tsv scenario-5.txt --module tpc --id tpc-05-draft\n" +
			"   muster import tsv --from tpc-01 --side confederate errata.tsv -o 01-errata.json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "module", Usage: "the game `MODULE`: a built-in module id (muster list) or a module folder; default: the module of --from"},
			&cli.StringFlag{Name: "side", Usage: "the `SIDE` whose table this is; with set-up headings, import only that side"},
			&cli.StringFlag{Name: "id", Usage: "the scenario `ID` (default: from the file name)"},
			&cli.StringFlag{Name: "from", Usage: "take everything but the imported tables from `SCENARIO` (a file or a built-in id)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the scenario to `FILE` (default: standard output)"},
			forceFlag,
		},
		Action: importTSVAction,
	})
}

// importTSVFlags are the options read when they follow FILE (urfave/cli
// stops at the first argument).
var importTSVFlags = map[string]string{"--module": "module", "-module": "module", "--side": "side", "-side": "side",
	"--id": "id", "-id": "id", "--from": "from", "-from": "from", "--output": "output", "-output": "output", "-o": "output", "--o": "output"}

func importTSVAction(c *cli.Context) error {
	opts := map[string]string{}
	for _, name := range []string{"module", "side", "id", "from", "output"} {
		opts[name] = c.String(name)
	}
	var files []string
	args := c.Args().Slice()
	for i := 0; i < len(args); i++ {
		a := args[i]
		if k, v, ok := strings.Cut(a, "="); ok && importTSVFlags[k] != "" {
			opts[importTSVFlags[k]] = v
			continue
		}
		if name := importTSVFlags[a]; name != "" {
			if i+1 >= len(args) {
				return usageError("flag %s needs a value (see muster import tsv --help)", a)
			}
			opts[name] = args[i+1]
			i++
			continue
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			return usageError("unknown flag %s (see muster import tsv --help)", a)
		}
		files = append(files, a)
	}
	if len(files) != 1 {
		return usageError("import tsv needs one FILE.tsv (see muster import tsv --help)")
	}
	path := files[0]

	var from *scenarios.ScenarioFile
	inputs := []string{path}
	if opts["from"] != "" {
		sf, err := loadScenarioArg(c, opts["from"])
		if err != nil {
			return err
		}
		from = sf
		inputs = append(inputs, sf.Doc.Path)
		if opts["module"] == "" {
			opts["module"] = from.Scenario.Module
		}
	}
	if opts["module"] == "" {
		return usageError("give the game module with --module (muster list shows them)")
	}
	m, _, err := moduleArg(opts["module"])
	if err != nil {
		return err
	}
	id := opts["id"]
	if id == "" {
		id = importTSVID(path)
	}
	if !validID(id) {
		return usageError("--id %q: use lower-case letters, digits and - . _ /, starting with a letter or digit", id)
	}
	src, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return cli.Exit(fmt.Sprintf("read %s: %v", path, err), exitUsage)
	}
	imp, ds := tsv.Import(m, path, src, opts["side"])
	w := &diag.TextWriter{W: c.App.ErrWriter, Snippet: true}
	if len(imp.Tables) == 0 {
		w.Write(ds)
		for _, d := range ds {
			if d.Code == "tsv-side" {
				return cli.Exit("", exitUsage)
			}
		}
		return cli.Exit("", exitFindings)
	}
	data, err := tsv.Scenario(m, id, from, imp)
	if err != nil {
		w.Write(ds)
		return cli.Exit(err.Error(), exitUsage)
	}
	out := opts["output"]
	if out == "" {
		_, _ = c.App.Writer.Write(data)
	} else if err := writeOutput(c, out, data, &fileout.JSON, inputs...); err != nil {
		w.Write(ds)
		return err
	}

	rows := 0
	for _, t := range imp.Tables {
		rows += len(t.Table.Rows)
	}
	where := "standard output"
	if out != "" {
		where = out
	}
	if ds.HasErrors() {
		// Rows the import could not resolve have no counter id, so the JSON
		// fails its schema there; the scenario checks would only echo that.
		w.Write(ds)
		fmt.Fprintf(c.App.ErrWriter, "imported %d table(s), %d row(s) to %s: %d import error(s), %d warning(s); fix them in the table or the JSON, then muster validate\n",
			len(imp.Tables), rows, where, ds.Count(diag.Error), ds.Count(diag.Warning))
		return cli.Exit("", exitFindings)
	}
	// The scenario's own checks, positioned in the written JSON.
	name := out
	if name == "" {
		name = id + ".json"
	}
	checks, placeholders, unplaced := importTSVValidate(name, data, m)
	all := append(ds, checks...)
	w.Write(all)
	errs := all.Count(diag.Error)
	if unplaced > 0 {
		fmt.Fprintf(c.App.ErrWriter, "%d setup hex(es) wait for maps.prefixes to say which sheet a prefix means (fill in maps, or start from a scenario with --from)\n", unplaced)
	}
	fmt.Fprintf(c.App.ErrWriter, "imported %d table(s), %d row(s) to %s: %d error(s), %d warning(s); %d TODO placeholder(s) to fill in\n",
		len(imp.Tables), rows, where, errs, all.Count(diag.Warning), placeholders)
	if errs > 0 {
		return cli.Exit("", exitFindings)
	}
	return nil
}

// importTSVValidate runs the scenario checks over the written JSON. The
// placeholders muster new leaves are counted, not listed: they are expected.
// So are the hexes that cannot be placed while the maps are a placeholder
// (a prefix such as S names two sheets until maps.prefixes says which).
func importTSVValidate(name string, data []byte, m *scenarios.Module) (keep diag.Diagnostics, placeholders, unplaced int) {
	l := scenarios.NewLoader(scenarios.FS{FS: fstest.MapFS{"scenario.json": {Data: data}}})
	l.Builtin = moduleResolver(m)
	sf, err := l.Scenario("scenario.json")
	ds := l.Diags
	if err != nil {
		return ds, 0, 0
	}
	ds = append(ds, validate.Scenario(sf, validate.Options{})...)
	for _, d := range ds {
		if d.Code == "placeholder" {
			placeholders++
			continue
		}
		if d.Code == "hex-unknown" && strings.Contains(d.Summary, "maps.prefixes") {
			unplaced++
			continue
		}
		if d.Code == "footnote-unused" {
			continue // the import's tsv-legend already reports it at the legend's line in the table
		}
		if d.Subject != nil {
			r := *d.Subject
			r.Filename = name
			d.Subject = &r
		}
		keep = append(keep, d)
	}
	return keep, placeholders, unplaced
}

// importTSVID makes a scenario id from a file name: Scenario 5.tsv -> scenario-5.
func importTSVID(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(base) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return "imported"
	}
	return b.String()
}
