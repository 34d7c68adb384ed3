package playtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// TestEveryVPLineIsAsserted: every VP line with an id in a shipped
// scenario is asserted by some shipped script, either with its points or
// as undecided ("unknown": the module lacks what decides it). A new line,
// or a script dropped, fails here.
func TestEveryVPLineIsAsserted(t *testing.T) {
	asserted := map[string]bool{}
	scripts, _ := filepath.Glob("../scenarios/*/playtests/*.json")
	for _, p := range scripts {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var s Script
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		var walk func(steps []Step)
		walk = func(steps []Step) {
			for i := range steps {
				for id := range steps[i].Lines {
					asserted[s.Scenario+" "+id] = true
				}
				for _, id := range steps[i].Unknown {
					asserted[s.Scenario+" "+id] = true
				}
				if steps[i].Step != nil {
					walk([]Step{*steps[i].Step})
				}
			}
		}
		walk(s.Steps)
	}
	var missing []string
	cat := scenarios.Builtin()
	for _, m := range cat.Modules {
		for _, sf := range m.Scenarios {
			var walk func(as []scenarios.Award)
			walk = func(as []scenarios.Award) {
				for i := range as {
					key := sf.Scenario.ID + " " + as[i].ID
					if as[i].ID != "" && !asserted[key] {
						missing = append(missing, key)
					}
					walk(as[i].Lines)
				}
			}
			walk(sf.Scenario.Victory.Awards)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("VP lines no shipped playtest asserts (assert its points, or that it is unknown, in a script): %v", missing)
	}
}
