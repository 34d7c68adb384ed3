package validate

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// BenchmarkValidateTPC measures what `muster validate scenarios/tpc` does
// after schema compilation: strict parsing, schema validation and the
// semantic checks of the game file, map, counters and every scenario. Files
// are read into memory first so disk speed does not count.
func BenchmarkValidateTPC(b *testing.B) {
	mem := fstest.MapFS{}
	root := "../scenarios/tpc"
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel("../scenarios", p)
		mem[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	if err := schema.Compile(); err != nil {
		b.Fatal(err)
	}
	b.Run("module", func(b *testing.B) { benchModule(b, mem) })
	b.Run("ten-scenarios", func(b *testing.B) { benchScenarios(b, mem) })
}

// benchModule: game, map, counters and every scenario.
func benchModule(b *testing.B, mem fstest.MapFS) {
	b.ReportAllocs()
	for b.Loop() {
		l := scenarios.NewLoader(scenarios.FS{FS: mem})
		m, err := l.Module("tpc")
		if err != nil || !m.Complete {
			b.Fatalf("module: %v", err)
		}
		Scenarios(m.Scenarios, Options{})
		if l.Diags.HasErrors() || len(m.Scenarios) < 10 {
			b.Fatalf("unexpected errors: %v", l.Diags)
		}
	}
}

// benchScenarios: the scenario files alone, parsed, schema-checked and
// semantically checked one after another, against a module loaded once.
func benchScenarios(b *testing.B, mem fstest.MapFS) {
	l := scenarios.NewLoader(scenarios.FS{FS: mem})
	m, err := l.Module("tpc")
	if err != nil {
		b.Fatal(err)
	}
	srcs := map[string][]byte{}
	for _, sf := range m.Scenarios {
		srcs[sf.Doc.Path] = mem[sf.Doc.Path].Data
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, sf := range m.Scenarios {
			doc, ds := scenarios.Parse(sf.Doc.Path, srcs[sf.Doc.Path])
			var s scenarios.Scenario
			if ds.HasErrors() || doc.Decode(&s) != nil {
				b.Fatal(ds)
			}
			Scenario(&scenarios.ScenarioFile{Doc: doc, Scenario: &s, Module: m}, Options{})
		}
	}
}

// BenchmarkCatalog is `muster validate scenarios` in one process, after the
// one-time schema compilation: every shipped module, scenario and table,
// read from disk.
func BenchmarkCatalog(b *testing.B) {
	if _, err := Paths([]string{"../scenarios"}, Options{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		rep, err := Paths([]string{"../scenarios"}, Options{})
		if err != nil || rep.Diags.HasErrors() {
			b.Fatalf("catalog: %v %v", err, rep.Diags)
		}
	}
}

// BenchmarkSyntheticUnits validates a made-up module whose one scenario sets
// up N units, one per hex, to show that cost grows linearly with the size of
// a setup (compare ns/unit across N).
func BenchmarkSyntheticUnits(b *testing.B) {
	for _, n := range []int{1000, 2500, 5000, 10000} {
		mem := syntheticModule(n)
		b.Run(fmt.Sprintf("units=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l := scenarios.NewLoader(scenarios.FS{FS: mem})
				m, err := l.Module("synthetic")
				if err != nil || !m.Complete || len(m.Scenarios) != 1 {
					b.Fatalf("module: %v %v", err, l.Diags)
				}
				if ds := Scenarios(m.Scenarios, Options{}); ds.HasErrors() {
					b.Fatal(ds[0])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/unit")
		})
	}
}

// syntheticModule builds a made-up game (test data, not a game) with n
// counters on a square sheet and a scenario placing each on its own hex.
func syntheticModule(n int) fstest.MapFS {
	side := 1
	for side*side < n {
		side++
	}
	var counters, rows strings.Builder
	for i := 0; i < n; i++ {
		sep := ",\n"
		if i == n-1 {
			sep = "\n"
		}
		fmt.Fprintf(&counters, `{"id": "b.u%d.inf", "name": "U%d", "side": "blue", "type": "Inf", "size": "Div", "command": "I", "printed": {"status": "source", "values": {"manpower": 9}}}%s`, i, i, sep)
		fmt.Fprintf(&rows, `{"name": "U%d", "unit": "b.u%d.inf", "size": "Div", "command": "I", "type": "Inf", "manpower": 5, "hex": "%03d%03d"}%s`, i, i, i%side+1, i/side+1, sep)
	}
	game := `{"$schema": "game.schema.json", "id": "synthetic", "title": "Synthetic benchmark game (made up)", "publisher": "muster tests", "system": "gcacw",
 "source": {"document": "made-up"}, "sides": [{"id": "blue", "name": "Blue"}, {"id": "red", "name": "Red"}],
 "unitTypes": [{"code": "Inf", "name": "Infantry", "role": "combat"}], "unitSizes": [{"code": "Div", "name": "Division", "rank": 1}],
 "commands": {"blue": [{"code": "I", "name": "I Corps", "level": "corps"}], "red": []}, "states": [], "markers": [],
 "files": {"map": "map.json", "counters": "counters.json", "scenarios": "scenarios"}}`
	mp := fmt.Sprintf(`{"$schema": "map.schema.json", "module": "synthetic", "kind": "hex",
 "sheets": [{"id": "main", "name": "Main", "prefix": "", "digits": 3, "columns": {"min": 1, "max": %d}, "rows": {"min": 1, "max": %d}, "orientation": "columns", "oddColumns": "up"}]}`, side, side)
	scen := `{"$schema": "scenario.schema.json", "id": "synthetic-1", "module": "synthetic", "title": "Many units", "source": {"document": "made-up"},
 "maps": {"text": "x", "sheets": [{"sheet": "main"}]}, "length": {"text": "1 turn", "turns": 1},
 "setup": [{"side": "blue", "rows": [
` + rows.String() + `]}],
 "specialRules": [], "victory": {"text": "x", "scoring": "blue", "levels": {"bands": [{"level": "A", "winner": "blue", "min": 1}, {"level": "B", "winner": "red", "max": 0}]}}}`
	return fstest.MapFS{
		"synthetic/game.json":                {Data: []byte(game)},
		"synthetic/map.json":                 {Data: []byte(mp)},
		"synthetic/counters.json":            {Data: []byte(`{"$schema": "counters.schema.json", "module": "synthetic", "counters": [` + counters.String() + `]}`)},
		"synthetic/scenarios/synthetic.json": {Data: []byte(scen)},
	}
}
