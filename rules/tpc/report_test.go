package tpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

func init() { sim.Register(Ruleset{}) }

// runLayer plays the campaign's strategic layer with the sim's harness.
func runLayer(t *testing.T, games int, options map[string]string, shard, shards int) *sim.Totals {
	t.Helper()
	sf := scenarios.Builtin().Scenario("tpc-11")
	newGame, err := sim.ForScenario(sf, options)
	if err != nil {
		t.Fatal(err)
	}
	tot, err := sim.Run(sim.Config{Scenario: sf.Scenario.ID, Games: games, Seed: 34, Bots: []string{"sensible", "sensible"},
		Options: options, Workers: 2, Shard: shard, Shards: shards, ScenarioDigest: sim.ScenarioDigest(sf)}, newGame)
	if err != nil {
		t.Fatal(err)
	}
	return tot
}

// byTag collapses the totals' winners: games by tag and value.
func byTag(tot *sim.Totals) map[string]map[string]int {
	out := map[string]map[string]int{}
	for tag, vals := range tot.Tags {
		out[tag] = map[string]int{}
		for v, w := range vals {
			for _, n := range w {
				out[tag][v] += n
			}
		}
	}
	return out
}

// The report's "Rain of the rolls" by month against a hand calculation
// from the printed Random Events Table (Sept, Oct, Nov, March 1-24),
// lines 1563-1588: Rain (Current) is rolled on 3, 4 and 5; the % of 5
// converts it to No Effect "in October, November 16-30 ..., & March 1-15"
// (line 1588), and no other conversion touches a Rain. So a roll in
// September gives Rain with P(3, 4 or 5) = (2 + 3 + 4) / 36 = 1/4, and in
// October with P(3 or 4) = (2 + 3) / 36. Each roll is an independent
// 2d6, so over n rolls the share's standard error is sqrt(p(1-p)/n); the
// bound is 4.5 of them (a chance of about 7 in a million that a correct
// engine fails it on a new seed; the seed is fixed, so the test is
// deterministic).
func TestRainShareAgainstTheTable(t *testing.T) {
	tot := runLayer(t, 400, nil, 0, 0)
	rep := sim.NewReport(tot)
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		month string
		p     float64
	}{{"1864-09", 9.0 / 36}, {"1864-10", 5.0 / 36}} {
		rain, rolls := RainShare(byTag(tot), tc.month)
		if rolls < 3000 {
			t.Fatalf("%s: %d rolls in 400 games: the months are not counted", tc.month, rolls)
		}
		got := float64(rain) / float64(rolls)
		bound := 4.5 * math.Sqrt(tc.p*(1-tc.p)/float64(rolls))
		if math.Abs(got-tc.p) > bound {
			t.Errorf("%s: Rain on %d of %d rolls (%.4f), want %.4f within %.4f", tc.month, rain, rolls, got, tc.p, bound)
		}
		// The printed table shows the same share.
		cell := fmt.Sprintf("%.1f%%", 100*got)
		found := false
		for _, line := range strings.Split(text.String(), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), tc.month) && strings.HasSuffix(line, " "+cell) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: the weather table does not end a row with %s:\n%s", tc.month, cell, text.String())
		}
	}
	for _, want := range []string{"strategic layer only (not a game result)", "Assumptions: A quiet front", "Weather by month", "Manpower adjustments by red turn", "Strategic events that took effect"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the report does not say %q", want)
		}
	}
	if strings.Contains(text.String(), "by tag") {
		t.Error("the layer's figures leaked into the generic tag table")
	}
}

// A run split into shards and merged gives the unsplit run's report
// byte for byte, under assumptions other than the default.
func TestShardsMergeToTheWholeRun(t *testing.T) {
	opts := map[string]string{AssumptionsOption: `{"title":"t","facts":{"union-oos-divisions":1},"from":[{"date":"1864-10-01","facts":{"cohesion":false}}],"unionPosture":"active-when-affordable"}`}
	whole := runLayer(t, 60, opts, 0, 0)
	var parts []*sim.Totals
	for k := 1; k <= 3; k++ {
		part := runLayer(t, 60, opts, k, 3)
		// Through JSON, as the files muster writes.
		data, err := json.Marshal(part)
		if err != nil {
			t.Fatal(err)
		}
		var back sim.Totals
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, &back)
	}
	merged, err := sim.Merge([]*sim.Totals{parts[2], parts[0], parts[1]})
	if err != nil {
		t.Fatal(err)
	}
	render := func(tot *sim.Totals) string {
		var b bytes.Buffer
		r := sim.NewReport(tot)
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteHTML(&b); err != nil {
			t.Fatal(err)
		}
		j, _ := json.Marshal(r)
		b.Write(j)
		return b.String()
	}
	a, b := render(whole), render(merged)
	if a != b {
		t.Fatalf("the merged report differs from the unsplit one:\n%s\n--- unsplit:\n%s", b, a)
	}
	if !strings.Contains(a, "From 1864-10-01: cohesion=false") || !strings.Contains(a, "active-when-affordable") {
		t.Errorf("the header does not print the assumptions:\n%s", a)
	}
}

// The posture policies of the assumptions drive the sensible bot: an
// active-when-affordable Union goes active at every segment it can
// afford, a passive one never.
func TestPosturePolicies(t *testing.T) {
	for _, tc := range []struct{ policy, want string }{{"active-when-affordable", "all"}, {"passive", "none"}} {
		tags := byTag(runLayer(t, 20, map[string]string{AssumptionsOption: `{"title":"t","facts":{},"unionPosture":"` + tc.policy + `"}`}, 0, 0))
		c := counts(tags)
		for _, m := range c.keys(mCommand) {
			aff, _ := c.sum(mAffordable + " " + m)
			act, _ := c.sum(mActive + " " + m)
			if tc.want == "all" && act != aff || tc.want == "none" && act != 0 {
				t.Errorf("%s, %s: active %d of %d affordable segments", tc.policy, m, act, aff)
			}
		}
	}
}

// Dated assumptions take effect on their date and hold after it.
func TestDatedAssumptions(t *testing.T) {
	a, err := ParseAssumptions([]byte(`{"title":"t","facts":{"union-losses":4},"from":[{"date":"1864-09-01","facts":{"weldon-cut":true}},{"date":"1865-01-01","facts":{"union-losses":0}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		date   string
		losses int
		weldon bool
	}{{"1864-06-15", 4, false}, {"1864-08-31", 4, false}, {"1864-09-01", 4, true}, {"1865-01-01", 0, true}, {"1865-04-09", 0, true}} {
		f := a.factsOn(tc.date)
		if f.n("union-losses") != tc.losses || f.b("weldon-cut") != tc.weldon || !f.b("cohesion") {
			t.Errorf("%s: losses %d weldon %v cohesion %v, want %d %v true", tc.date, f.n("union-losses"), f.b("weldon-cut"), f.b("cohesion"), tc.losses, tc.weldon)
		}
	}
}

// The parser refuses what it cannot play, with a message naming it.
func TestAssumptionsRefused(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"title":"t","facts":{},"extra":1}`, "unknown field"},
		{`{"title":"t","facts":{"nope":true}}`, `no fact "nope"`},
		{`{"title":"t","facts":{"cohesion":1}}`, "true or false"},
		{`{"title":"t","facts":{"union-losses":-1}}`, "whole number"},
		{`{"title":"t","facts":{"union-losses":1.5}}`, "whole number"},
		{`{"title":"t","facts":{"union-losses":100000}}`, "at most 1000"},
		{`{"title":"t","facts":{"union-tactical-failure":true}}`, "not an assumption"},
		{`{"title":"t","facts":{}} {}`, "after the JSON object"},
		{`{"facts":{}}`, "title"},
		{`{"title":"t"}`, `"facts"`},
		{`{"title":"t","facts":{},"from":[{"date":"1864-13-01","facts":{"cohesion":false}}]}`, "YYYY-MM-DD"},
		{`{"title":"t","facts":{},"from":[{"date":"1864-10-01","facts":{"cohesion":false}},{"date":"1864-09-01","facts":{"cohesion":true}}]}`, "date order"},
		{`{"title":"t","facts":{},"from":[{"date":"1864-10-01"}]}`, "give the facts"},
		{`{"title":"t","facts":{},"unionPosture":"always"}`, "unionPosture"},
		{`{"title":"t","facts":{},"confederateOverride":"always"}`, "confederateOverride"},
		{`[]`, "assumptions"},
		{`{"title":"t","facts":{"evacuation":true}}`, `give it in "from"`},
		{`{"title":"t","facts":{},"from":[{"date":"1864-10-01","facts":{"evacuation":true}},{"date":"1864-11-01","facts":{"evacuation":false}}]}`, "declared once"},
	} {
		_, err := ParseAssumptions([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.in, err, tc.want)
		}
	}
	if _, err := ParseAssumptions(DefaultAssumptions()); err != nil {
		t.Errorf("the shipped default: %v", err)
	}
}

// FuzzAssumptions: any bytes give assumptions or an error, never a panic,
// and parsed assumptions give facts for any date.
func FuzzAssumptions(f *testing.F) {
	f.Add(DefaultAssumptions())
	f.Add([]byte(`{"title":"t","facts":{"union-losses":4},"from":[{"date":"1864-09-01","facts":{"weldon-cut":true}}],"unionPosture":"passive"}`))
	f.Add([]byte(`{"title":"t","facts":{"cohesion":1e400}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseAssumptions(data)
		if err != nil {
			return
		}
		for _, d := range []string{"1864-06-15", "1865-04-09"} {
			f := a.factsOn(d)
			for k := range factDefs {
				if _, ok := f[k]; !ok {
					t.Fatalf("%s: fact %s missing", d, k)
				}
			}
		}
		_ = a.Lines()
	})
}

// BenchmarkLayerGame plays one game of the campaign's strategic layer
// with its figures, as the sim does.
func BenchmarkLayerGame(b *testing.B) {
	e, err := Compile(scenarios.Builtin().Scenario("tpc-11"))
	if err != nil {
		b.Fatal(err)
	}
	if e.assume, err = ParseAssumptions(DefaultAssumptions()); err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		gm, err := e.Sim(uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !gm.Over() {
			if err := gm.Apply(gm.Legal()[0]); err != nil {
				b.Fatal(err)
			}
		}
		_ = gm.Outcome()
	}
}

// An Evacuation the assumptions date is declared on the first turn
// played from that date (the Union then automatically active, no Lull),
// the game ends seven turns later, and with no exit or occupation
// assumed it is a Draw (30.0): the Confederate cannot win.
func TestAssumedEvacuation(t *testing.T) {
	evac := map[string]string{AssumptionsOption: `{"title":"t","facts":{},"from":[{"date":"1865-03-16","facts":{"evacuation":true}}]}`}
	tot := runLayer(t, 40, evac, 0, 0)
	newGame, err := sim.ForScenario(scenarios.Builtin().Scenario("tpc-11"), evac)
	if err != nil {
		t.Fatal(err)
	}
	bots := []sim.Bot{}
	for range 2 {
		b, _ := sim.BotByName("sensible")
		bots = append(bots, b)
	}
	for seed := range uint64(40) {
		_, g, err := sim.Play(newGame, bots, seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		// Declared on Turn 275, or on the turn after a Lull that passed
		// it (one from Turn 272 at the latest ends on 284): the end is
		// Turn 282 to 292.
		if x := g.(*Game).g.turn; x < 282 || x > 292 {
			t.Errorf("game %d ends on turn %d, want 282-292", seed, x)
		}
	}
	if got := byTag(tot)[tagPrefix+"ending"]; got["Draw"] != 40 {
		t.Errorf("endings %v, want 40 Draws", got)
	}
	if _, err := ParseAssumptions([]byte(`{"title":"t","facts":{},"from":[{"date":"1864-06-15","facts":{"evacuation":true}}]}`)); err != nil {
		t.Fatal(err)
	}
	sf := scenarios.Builtin().Scenario("tpc-11")
	// With none of its conditions in effect, compiling refuses it, before
	// any game plays into 29.0's refusal.
	if _, err := sim.ForScenario(sf, map[string]string{AssumptionsOption: `{"title":"t","facts":{},"from":[{"date":"1864-06-15","facts":{"evacuation":true}}]}`}); !errors.Is(err, rules.ErrBadOption) || !strings.Contains(err.Error(), "evacuation-condition") {
		t.Errorf("an Evacuation with none of its conditions compiles: %v", err)
	}
	newGame, err = sim.ForScenario(sf, map[string]string{AssumptionsOption: `{"title":"t","facts":{},"from":[{"date":"1864-06-15","facts":{"evacuation":true,"evacuation-condition":true}}]}`})
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(1)
	for err == nil && !g.Over() {
		err = g.Apply(g.Legal()[0])
	}
	if err == nil || !strings.Contains(err.Error(), "September 1 (Turn 79)") {
		t.Errorf("an Evacuation assumed on Turn 1: %v, want 29.0's refusal", err)
	}
}
