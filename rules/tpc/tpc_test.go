package tpc

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/scenarios"
)

// The tests drive the engine through the harness, as the CLI does.
func init() { playtest.RegisterEngine(Ruleset{}) }

// Every engine script passes.
func TestPlaytests(t *testing.T) {
	files, err := filepath.Glob("testdata/playtests/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no playtests: %v", err)
	}
	for _, f := range files {
		res := playtest.RunFile(f)
		if !res.Passed() {
			t.Errorf("%s: %s %v", f, res.Failure, res.Diags)
		}
	}
}

// The engine plays only the Advanced Game scenarios.
func TestCompileRefusesBasicScenarios(t *testing.T) {
	if _, err := Compile(scenarios.Builtin().Scenario("tpc-01")); err == nil {
		t.Fatal("tpc-01 compiled; the strategic layer is scenarios 11 and 12")
	}
	if _, err := Compile(scenarios.Builtin().Scenario("tpc-12")); err != nil {
		t.Fatal(err)
	}
}

// A Monte Carlo of the strategic layer against a hand calculation from
// the printed table: in August the June-August Random Events Table
// (lines 1546-1559) gives Rain (Current) on 3 and on 4 (the * converts 4
// only in June and July, line 1561), and no other result places or
// removes a Rain marker, so the share of August turns played with Rain is
// P(2d6 in {3, 4}) = (2 + 3) / 36.
func TestAugustRainShare(t *testing.T) {
	e, err := Compile(scenarios.Builtin().Scenario("tpc-11"))
	if err != nil {
		t.Fatal(err)
	}
	rain, turns := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		gm, err := e.Sim(seed)
		if err != nil {
			t.Fatal(err)
		}
		x := gm.(*Game)
		seen := map[int]bool{}
		for !x.Over() {
			g := x.g
			if g.stage == stAction && !seen[g.turn] {
				seen[g.turn] = true
				if d := g.date(); d >= "1864-08-01" && d <= "1864-08-31" {
					turns++
					if w := g.weather[g.turn]; w != nil && w.rain {
						rain++
					}
				}
			}
			if err := x.Apply(x.Legal()[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	got, want := float64(rain)/float64(turns), 5.0/36
	// 300 games, ~15 August turns each once Lulls skip some: the
	// standard error is about 0.005.
	if math.Abs(got-want) > 0.015 || turns < 4000 {
		t.Fatalf("August rain share %.4f over %d turns, want %.4f (5/36)", got, turns, want)
	}
}
