package validate

import (
	"io/fs"
	"os"
	"path/filepath"
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
