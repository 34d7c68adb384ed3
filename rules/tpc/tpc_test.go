package tpc

import (
	"math"
	"path/filepath"
	"strings"
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

// A bool fact's text says what true means (cohesion true: the Union
// passes the Cohesion Check, 001:1798), so the log's note of a false fact
// must say the opposite, not state the true meaning (01-lull sets
// cohesion false: the note said "fact cohesion = false: the Union passes
// the Cohesion Check ...").
func TestFalseFactNoteNegatesItsText(t *testing.T) {
	res := playtest.RunFile(filepath.Join("testdata", "playtests", "01-lull.json"))
	if res.Log == nil {
		t.Fatalf("no log: %s %v", res.Failure, res.Diags)
	}
	want := "fact cohesion = false: it is not so that " + factDefs["cohesion"].text
	found := false
	for _, e := range res.Log.Events {
		text, _ := e.Data["text"].(string)
		if text == want {
			found = true
		}
		if k, rest, ok := strings.Cut(strings.TrimPrefix(text, "fact "), " = false: "); ok && strings.HasPrefix(text, "fact ") && strings.HasPrefix(rest, factDefs[k].text) {
			t.Errorf("a false fact's note states its true meaning: %q", text)
		}
	}
	if !found {
		t.Errorf("no note %q in the log of 01-lull", want)
	}
	for k, d := range factDefs {
		if d.kind != "bool" {
			continue
		}
		if got := factNote(k, true); got != "fact "+k+" = true: "+d.text {
			t.Errorf("true %s: %q", k, got)
		}
		if got := factNote(k, false); got != "fact "+k+" = false: it is not so that "+d.text {
			t.Errorf("false %s: %q", k, got)
		}
	}
}
