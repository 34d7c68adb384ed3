package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// FuzzValidateScenario: whatever bytes a scenario file holds, loading and
// every semantic check end with diagnostics, never a panic. Seeds are the
// shipped scenarios and the broken fixtures; the module is the shipped one
// the document names, or TPC.
func FuzzValidateScenario(f *testing.F) {
	seeds, _ := filepath.Glob("../scenarios/*/scenarios/*.json")
	fixtures, _ := filepath.Glob("testdata/*.json")
	for _, p := range append(seeds, fixtures...) {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	catalog := scenarios.Builtin()
	for _, m := range catalog.Modules {
		m.Index()
		topology(m)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, _ := scenarios.Parse("fuzz.json", src)
		if doc == nil || !doc.Valid || doc.Kind != "scenario" {
			return
		}
		var s scenarios.Scenario
		if err := doc.Decode(&s); err != nil {
			return
		}
		m := catalog.Module(s.Module)
		if m == nil {
			m = catalog.Module("tpc")
		}
		Scenario(&scenarios.ScenarioFile{Doc: doc, Scenario: &s, Module: m}, Options{})
	})
}
