package sim_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/rules/lgv"
	"github.com/musterhq/muster/rules/tpc"
	"github.com/musterhq/muster/rules/uscw"
	"github.com/musterhq/muster/scenarios"
)

// The search bot plays every engine through the rules.Game interface
// alone: a game of each engine's test scenario ends, and the same seed
// gives the same game (outcome and event log).
func TestSearchBotPlaysEveryEngine(t *testing.T) {
	for _, c := range []struct {
		engine rules.Engine
		path   string // a scenario file, or a shipped scenario's id
	}{
		{lgv.Ruleset{}, "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"},
		{tpc.Ruleset{}, "tpc-11"},
		{uscw.Ruleset{}, "../../rules/uscw/testdata/module/scenarios/01-1861.json"},
	} {
		t.Run(c.engine.System(), func(t *testing.T) {
			var sf *scenarios.ScenarioFile
			if strings.HasSuffix(c.path, ".json") {
				l := scenarios.NewLoader(scenarios.Disk{})
				var err error
				if sf, err = l.Scenario(c.path); err != nil || l.Diags.HasErrors() {
					t.Fatalf("%s: %v %v", c.path, err, l.Diags)
				}
			} else {
				sf = scenarios.Builtin().Scenario(c.path)
			}
			newGame, err := c.engine.Compile(sf, nil)
			if err != nil {
				t.Fatal(err)
			}
			s, err := sim.BotByName("search:4:2")
			if err != nil {
				t.Fatal(err)
			}
			var runs [2]string
			for i := range runs {
				o, g, err := sim.Play(newGame, []sim.Bot{s, s}, 3, 0)
				if err != nil {
					t.Fatal(err)
				}
				if !g.Over() || o.Level == sim.Unfinished {
					t.Fatalf("the game did not end: %+v", o)
				}
				b, _ := json.Marshal(o)
				var log strings.Builder
				g.Log().WriteTo(&log)
				runs[i] = string(b) + "\n" + log.String()
			}
			if runs[0] != runs[1] {
				t.Fatalf("seed 3 twice gave two games:\n%.300s\n%.300s", runs[0], runs[1])
			}
		})
	}
}
