package uscw

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
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

// Every check of the checker can fail: each case plants one break on a
// fresh 1861 game and requires that check's report and no other (a
// check that cannot fail is a defect). The want strings are the start
// of each report: they tell apart the two 20.3.1, the two 14.5 and the
// two 20.3.2 checks.
func TestInvariantCheckerReports(t *testing.T) {
	ng := checkedGames(t, scen1861)
	cases := []struct {
		want    string
		breakIt func(t *testing.T, g *game)
	}{
		{"USCW 7.8: 4 SPs moved without a General", func(t *testing.T, g *game) { g.lastMove = &movedForce{sps: 4} }},
		{"USCW 7.3: ", func(t *testing.T, g *game) {
			gen := g.gens[onMapGeneral(t, g, "union")]
			g.lastMove = &movedForce{gen: gen, sps: g.e.commandLimit(gen) + 1}
		}},
		{"USCW 11.2.1: -1 union SPs", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil })
			g.sp["union"][p] = -1
			g.spIn["union"]-- // the count still balances: only the sign is wrong
		}},
		{"USCW 11.6: both sides' SPs stand", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil })
			plantSPs(g, "union", p, 2)
			plantSPs(g, "confederate", p, 1)
		}},
		{"USCW 6.2.2: a confederate Control marker stays", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool {
				return markable(h) && h.BP == nil && g.stateSide(homeState(h)) == "union"
			})
			plantSPs(g, "union", p, 1)
			g.marker[p] = "confederate"
		}},
		// SPs that appear from nowhere (here in the Displaced Box) break the count.
		{"USCW 14.6: the union has", func(t *testing.T, g *game) { g.displace["union"] += 2 }},
		{"USCW 12.2: a union Demoralized marker", func(t *testing.T, g *game) {
			g.demoral["union"][quietHex(t, g, func(*scenarios.HexData) bool { return true })] = true
		}},
		{"USCW 7.1: ", func(t *testing.T, g *game) {
			g.genAt[onMapGeneral(t, g, "union")] = rules.Point{Frame: 99, X: -5, Y: -5}
		}},
		{"USCW 16.5.1: ", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil })
			plantSPs(g, "confederate", p, 1)
			g.genAt[onMapGeneral(t, g, "union")] = p
		}},
		{"USCW 16.4: ", func(t *testing.T, g *game) { g.displacedGen[onMapGeneral(t, g, "union")] = true }},
		// A MOVE left stopped after its reaction was answered.
		{"USCW 9.0: ", func(t *testing.T, g *game) { g.pending = &pendingMove{side: "union", avoided: map[string]bool{}} }},
		{"USCW 6.2.3: ", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return !markable(h) })
			side := "union" // a side that does not control the state, so 6.2.1 holds
			if g.stateSide(homeState(g.e.b.hexes[p])) == "union" {
				side = "confederate"
			}
			g.marker[p] = side
		}},
		{"USCW 6.2.1: a union Control marker", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool {
				return markable(h) && h.BP == nil && g.stateSide(homeState(h)) == "union"
			})
			g.marker[p] = "union"
		}},
		// Resource BPs credited to nobody.
		{"USCW 6.4.1: ", func(t *testing.T, g *game) { g.credit[g.e.resources[0]]++ }},
		{"USCW 20.3.1: Union VPs", func(t *testing.T, g *game) { g.core.Tracks["resource-bps"]++ }},
		{"USCW 20.3.1: the Union VP track moved", func(t *testing.T, g *game) {
			g.core.Tracks["union-vp"]++ // the sum holds; the Union gained a VP for no Resource Hex
			g.core.Tracks["resource-bps"]--
		}},
		{"USCW 20.3.2: the CSA VP track", func(t *testing.T, g *game) { g.core.Tracks["csa-vp"]++ }},
		{"USCW 14.5: ", func(t *testing.T, g *game) {
			p := g.e.resources[0]
			n := 2**g.e.b.hexes[p].BP + 1
			g.arsenal[p] = n
			g.core.Tracks["arsenals"] += float64(n) // the track agrees: only the hex's count is wrong
		}},
		{"USCW 14.5: the Arsenals track", func(t *testing.T, g *game) { g.core.Tracks["arsenals"]++ }},
		{"USCW 14.4.5: ", func(t *testing.T, g *game) { g.core.Tracks["maintenance"]-- }},
		{"USCW 20.3.2: National Panic", func(t *testing.T, g *game) { g.core.Tracks["csa-national-panic"] = 2 }},
	}
	fresh := func() *game {
		x, err := ng(1)
		if err != nil {
			t.Fatal(err)
		}
		return x.(*Game).g
	}
	if v := fresh().violations(); len(v) != 0 {
		t.Fatalf("a fresh game breaks invariants: %q", v)
	}
	for _, c := range cases {
		g := fresh()
		c.breakIt(t, g)
		v := g.violations()
		if len(v) != 1 || !strings.HasPrefix(v[0], c.want) {
			t.Errorf("want one violation starting %q, got %q", c.want, v)
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

// quietHex is the first hex (in board order) where ok holds and nothing
// stands: no SPs, General, Control marker or Resource credit, so a break
// planted there touches nothing else.
func quietHex(t *testing.T, g *game, ok func(*scenarios.HexData) bool) rules.Point {
	t.Helper()
	busy := map[rules.Point]bool{}
	for _, p := range g.genAt {
		busy[p] = true
	}
	for _, p := range g.e.b.order {
		h := g.e.b.hexes[p]
		if ok(h) && !busy[p] && g.sp["union"][p] == 0 && g.sp["confederate"][p] == 0 && g.marker[p] == "" && g.credit[p] == 0 {
			return p
		}
	}
	t.Fatal("no quiet hex fits")
	return rules.Point{}
}

// onMapGeneral is the first (by id) of side's Generals on the map.
func onMapGeneral(t *testing.T, g *game, side string) string {
	t.Helper()
	ids := slices.Sorted(maps.Keys(g.genAt))
	for _, id := range ids {
		if g.gens[id].side == side {
			return id
		}
	}
	t.Fatalf("no %s General on the map", side)
	return ""
}

// plantSPs puts n of side's SPs in p as entering play, so the count holds.
func plantSPs(g *game, side string, p rules.Point, n int) {
	g.sp[side][p] += n
	g.spIn[side] += n
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
