package uscw

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

const (
	scen1861     = "testdata/module/scenarios/01-1861.json"
	scenCampaign = "testdata/module/scenarios/04-campaign.json"
	// invariantRunSeed is the run TestInvariants plays; a failure names
	// the game so `muster playtest replay` shows it.
	invariantRunSeed = 20261127
)

func loadScenario(t testing.TB, path string) *scenarios.ScenarioFile {
	t.Helper()
	sf, err := scenarios.NewLoader(scenarios.Disk{}).Scenario(path)
	if err != nil {
		t.Fatal(err)
	}
	return sf
}

func checkedGames(t testing.TB, path string) rules.NewGame {
	t.Helper()
	ng, err := Ruleset{}.Compile(loadScenario(t, path), map[string]string{"invariants": "check"})
	if err != nil {
		t.Fatal(err)
	}
	return ng
}

// Hundreds of random games in test mode, on the 1861 scenario and the
// campaign: after every action the checker finds nothing (SP
// conservation, Command Limits, no 4+ SPs moving without a General,
// control markers where 6.2.3 and 20.1.1 allow and never under enemy SPs,
// the Resource BPs and VP tracks equal to their causes).
func TestInvariants(t *testing.T) {
	games := map[string]int{scen1861: 300, scenCampaign: 40}
	if testing.Short() {
		games = map[string]int{scen1861: 60, scenCampaign: 8}
	}
	random, _ := sim.BotByName("random")
	for _, path := range []string{scen1861, scenCampaign} {
		ng := checkedGames(t, path)
		moves, battles := 0, 0
		for i := range games[path] {
			seed := sim.GameSeed(invariantRunSeed, i)
			bots := []sim.Bot{random, random}
			_, g, err := sim.Play(ng, bots, seed, 0)
			if err != nil {
				t.Fatalf("%s game %d of run seed %d: %v\n  replay: muster playtest replay rules/uscw/%s --seed %d --game %d --bots random,random --option invariants=check", path, i, invariantRunSeed, err, path, invariantRunSeed, i)
			}
			x := g.(*Game)
			moves += x.n
			if x.g.spLost["union"]+x.g.spLost["confederate"] > 0 {
				battles++
			}
		}
		// The games must exercise what the checker checks.
		if moves < 10*games[path] || battles == 0 {
			t.Fatalf("%s: %d actions and %d games with losses in %d games: the bots are not playing", path, moves, battles, games[path])
		}
	}
}

// The checker can fail: SPs that appear from nowhere break the count, a
// Union Control marker in a Union state breaks 6.2.1, and Resource BPs
// credited to nobody break 6.4.1.
func TestInvariantCheckerReports(t *testing.T) {
	ng := checkedGames(t, scen1861)
	cases := map[string]func(g *game){
		"USCW 14.6": func(g *game) {
			p := g.e.b.order[0]
			g.sp["union"][p] += 2
		},
		"USCW 6.2.1": func(g *game) { g.marker[g.e.objectives[0]] = "union" },
		"USCW 6.4.1": func(g *game) {
			p := g.e.resources[0]
			g.sp["union"][p] += 1
			g.spIn["union"]++
		},
		"USCW 7.8": func(g *game) { g.lastMove = &movedForce{sps: 4} },
	}
	for code, breakIt := range cases {
		x, err := ng(1)
		if err != nil {
			t.Fatal(err)
		}
		breakIt(x.(*Game).g)
		if what := x.(*Game).g.checkPosition(); len(what) < len(code) || what[:len(code)] != code {
			t.Errorf("want a violation of %s, got %q", code, what)
		}
	}
	// Through Apply, the Violation names the game and the action.
	x, _ := ng(7)
	x.(*Game).g.sp["confederate"][x.(*Game).g.e.b.order[5]] += 1
	var v *Violation
	if err := x.Apply(x.Legal()[0]); !errors.As(err, &v) || v.Seed != 7 || v.Action != 0 {
		t.Fatalf("want a Violation at action 0 of seed 7, got %v", err)
	}
}

// The same seed gives the same totals for 1 and 2 workers and for a run
// split into 3 shards and merged.
func TestSimTotalsDeterministic(t *testing.T) {
	ng := checkedGames(t, scen1861)
	cfg := sim.Config{Scenario: "uscw-s1", Games: 24, Seed: 5, Bots: []string{"random", "random"}, Workers: 1}
	one, err := sim.Run(cfg, ng)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	two, err := sim.Run(cfg, ng)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*sim.Totals
	for k := 1; k <= 3; k++ {
		c := cfg
		c.Shard, c.Shards = k, 3
		p, err := sim.Run(c, ng)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	merged, err := sim.Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := jsonOf(t, one), jsonOf(t, two), jsonOf(t, merged)
	if a != b || a != c {
		t.Fatalf("totals differ:\n1 worker  %s\n2 workers %s\nmerged    %s", a, b, c)
	}
}

// A game replayed from its seed takes the same actions to the same log.
func TestSameSeedSameGame(t *testing.T) {
	ng := checkedGames(t, scen1861)
	random, _ := sim.BotByName("random")
	play := func() string {
		g, err := ng(99)
		if err != nil {
			t.Fatal(err)
		}
		log := g.Log()
		rng := rand.New(rand.NewPCG(99, 2))
		for !g.Over() {
			l := g.Legal()
			if err := g.Apply(random.Choose(g, g.ToAct(), l, rng)); err != nil {
				t.Fatal(err)
			}
		}
		return fmt.Sprint(len(log.Events), jsonOf(t, log.Events[len(log.Events)-1]), g.Outcome())
	}
	if a, b := play(), play(); a != b {
		t.Fatalf("two plays of seed 99 differ:\n%s\n%s", a, b)
	}
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The fuzzer chooses every action of a game from its bytes, with the
// invariant checker on.
func FuzzInvariants(f *testing.F) {
	ng := checkedGames(f, scen1861)
	f.Add(uint64(1), []byte{0, 3, 7, 1, 9, 2})
	f.Add(uint64(77), []byte{5, 5, 5, 5, 5, 5, 5, 5})
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		x, err := ng(seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for n := 0; !x.Over() && n < 5000; n++ {
			legal := x.Legal()
			if len(legal) == 0 {
				t.Fatalf("seed %d: no legal action and the game is not over", seed)
			}
			i := rng.IntN(len(legal))
			if n < len(choices) {
				i = int(choices[n]) % len(legal)
			}
			if err := x.Apply(legal[i]); err != nil {
				t.Fatalf("seed %d, choices %v: %v", seed, choices, err)
			}
		}
	})
}

// A random-bot campaign game on the test module, the cost
// docs/performance.md quotes: cpu-ns/op is the process's CPU time per
// game (on a shared machine wall time measures the queue), turns/op the
// game's length (random bots end it by Automatic Victory long before turn
// 20), cpu-ns/turn the cost of a turn.
func BenchmarkRandomCampaignGame(b *testing.B) {
	ng, err := Ruleset{}.Compile(loadScenario(b, scenCampaign), nil)
	if err != nil {
		b.Fatal(err)
	}
	random, _ := sim.BotByName("random")
	b.ReportAllocs()
	cpu, turns := cpuNanos(), 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o, _, err := sim.Play(ng, []sim.Bot{random, random}, sim.GameSeed(1, i), 0)
		if err != nil {
			b.Fatal(err)
		}
		turns += o.Turns
	}
	used := float64(cpuNanos() - cpu)
	b.ReportMetric(used/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/op")
	b.ReportMetric(used/float64(turns), "cpu-ns/turn")
}

// A bot's copy of a game is its own: playing the copy to its end leaves
// the original's tracks, statuses and forces as they were.
func TestCloneIsIndependent(t *testing.T) {
	ng := checkedGames(t, scen1861)
	x, err := ng(3)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	state := func() string {
		return fmt.Sprint(jsonOf(t, []any{g.core.Tracks, g.core.Statuses}), g.sp, g.genAt, g.marker, g.demoral, g.displace, g.cards)
	}
	before := state()
	c := x.Clone(4)
	random, _ := sim.BotByName("random")
	rng := rand.New(rand.NewPCG(4, 4))
	for n := 0; !c.Over() && n < 5000; n++ {
		if err := c.Apply(random.Choose(c, c.ToAct(), c.Legal(), rng)); err != nil {
			t.Fatal(err)
		}
	}
	if after := state(); after != before {
		t.Fatalf("playing the copy changed the original:\nbefore %s\nafter  %s", before, after)
	}
}
