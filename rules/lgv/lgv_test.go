package lgv

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/scenarios"
)

const testScenario = "testdata/module/scenarios/01-chancellorsville.json"

func loadTest(t testing.TB, path string) *scenarios.ScenarioFile {
	t.Helper()
	l := scenarios.NewLoader(scenarios.Disk{})
	sf, err := l.Scenario(path)
	if err != nil || sf == nil || l.Diags.HasErrors() {
		t.Fatalf("%s: %v %v", path, err, l.Diags)
	}
	return sf
}

func testEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := Compile(loadTest(t, testScenario))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The shipped module lacks the map and counter facts: play stops with
// the list.
func TestShippedModuleListsMissingData(t *testing.T) {
	sf := scenarios.Builtin().Scenario("lgv-01")
	_, err := Compile(sf)
	var md *MissingData
	if !errors.As(err, &md) {
		t.Fatalf("want MissingData, got %v", err)
	}
	for _, want := range []string{"map: the TEM of area 1", "counters: c.lee.ldr-army (Lee) lacks", "map: adjacency"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing-data list lacks %q", want)
		}
	}
}

func TestRandomGamesEnd(t *testing.T) {
	e := testEngine(t)
	bots := []sim.Bot{}
	for _, n := range []string{"random", "random"} {
		b, _ := sim.BotByName(n)
		bots = append(bots, b)
	}
	levels := map[string]int{}
	for seed := uint64(1); seed <= 200; seed++ {
		o, _, err := sim.Play(e.Sim, bots, seed, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if o.Level == sim.Unfinished {
			t.Fatalf("seed %d did not end", seed)
		}
		levels[o.Level]++
	}
	if len(levels) < 2 {
		t.Errorf("200 random games all ended the same way: %v", levels)
	}
	t.Log(levels)
}

func BenchmarkRandomGame(b *testing.B) { benchGame(b, "random") }

// The default bot of balance reports: weights from the engine (scratch
// copies for retreats and re-rolls) on top of the random game.
func BenchmarkSensibleGame(b *testing.B) { benchGame(b, "sensible") }

// The search bot at its default budget (64 playouts a decision) as the
// Union against greedy: what a game of the ladder costs (-benchtime 5x).
func BenchmarkSearchGame(b *testing.B) { benchGame(b, "search", "greedy") }

// benchGame plays whole games on the test module with the named bots
// (one: on both sides), seeds 1, 2, ...
func benchGame(b *testing.B, names ...string) {
	e := testEngine(b)
	if len(names) == 1 {
		names = append(names, names[0])
	}
	var bots []sim.Bot
	for _, n := range names {
		r, err := sim.BotByName(n)
		if err != nil {
			b.Fatal(err)
		}
		bots = append(bots, r)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuNanos()
	for i := 0; i < b.N; i++ {
		if _, _, err := sim.Play(e.Sim, bots, uint64(i+1), 20000); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time per game (the process's, GC included): on a machine shared
	// with other work it measures the game where ns/op measures the queue.
	b.ReportMetric(float64(cpuNanos()-cpu)/float64(b.N), "cpu-ns/op")
}

// The sim totals of LGV games are the same for 1 and 2 workers and for a
// run split into 4 shards and merged.
func TestSimTotalsDeterministic(t *testing.T) {
	e := testEngine(t)
	games := 60
	if underMutation {
		games = 12 // 3 a shard
	}
	cfg := sim.Config{Scenario: "lgv-test-01", Games: games, Seed: 5, Bots: []string{"random", "greedy"}, Workers: 1}
	one, err := sim.Run(cfg, e.Sim)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	two, _ := sim.Run(cfg, e.Sim)
	var parts []*sim.Totals
	for k := 1; k <= 4; k++ {
		c := cfg
		c.Shard, c.Shards = k, 4
		p, err := sim.Run(c, e.Sim)
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

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A replayed game's log is the same each time, and names what happened.
func TestReplayLog(t *testing.T) {
	e := testEngine(t)
	r, _ := sim.BotByName("random")
	var logs [2]string
	for i := range logs {
		_, g, err := sim.Play(e.Sim, []sim.Bot{r, r}, 99, 20000)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		g.Log().WriteTo(&b)
		logs[i] = b.String()
	}
	if logs[0] != logs[1] || !strings.Contains(logs[0], "activates") || !strings.Contains(logs[0], "game over") || !strings.Contains(logs[0], `"turn":6`) {
		t.Fatalf("replay logs differ or say nothing:\n%.500s", logs[0])
	}
}

// Movement restrictions of 8.4 name the case they break.
func TestMovementRestrictions(t *testing.T) {
	e := testEngine(t)
	g := e.NewGame(1)
	unit := func(id string) int {
		u, ok := e.byID[id]
		if !ok {
			t.Fatalf("no unit %s", id)
		}
		return u
	}
	loc := func(id string) int { return e.b.lookup(id) }
	cases := []struct {
		unit, from, to, want string
	}{
		{"c.archer.inf", "5", "60", "LGV 8.4.2"},           // Confederates stay in their sector
		{"u.colgate-engineer.eng", "60", "5", "LGV 8.4.6"}, // Engineers stay in the Union sector
	}
	for _, c := range cases {
		u, from, to := unit(c.unit), loc(c.from), loc(c.to)
		g.mfLeft[u] = 10
		g.startedIn[u] = true
		l := link{to: to, road: true}
		e.b.finishLink(from, &l)
		_, why := g.moveCost(u, from, to, &l)
		if why != c.want {
			t.Errorf("%s %s->%s: %q, want %q", c.unit, c.from, c.to, why, c.want)
		}
	}
	// 8.4.4: a Major Water Boundary without a ford.
	u := unit("c.archer.inf")
	water := link{to: loc("6"), boundary: majorWater, road: true}
	e.b.finishLink(loc("5"), &water)
	if _, why := g.moveCost(u, loc("5"), loc("6"), &water); why != "LGV 8.4.4" {
		t.Errorf("confederate over major water: %q", why)
	}
	// 8.4.3: Wilderness entered off-road.
	var wild int
	for i, w := range e.b.wild {
		if w {
			wild = i
			break
		}
	}
	offRoad := link{to: wild}
	e.b.finishLink(loc("5"), &offRoad)
	if _, why := g.moveCost(u, loc("5"), wild, &offRoad); why != "LGV 8.4.3" {
		t.Errorf("off-road into the Wilderness: %q", why)
	}
}

func BenchmarkGreedyGame(b *testing.B) {
	e := testEngine(b)
	g, _ := sim.BotByName("greedy")
	bots := []sim.Bot{g, g}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := sim.Play(e.Sim, bots, uint64(i+1), 20000); err != nil {
			b.Fatal(err)
		}
	}
}

// The greedy bot plays the Union better than the random bot: it wins
// more games against the same random Confederate. (A greedy bot whose
// tries all fail would play at random.)
func TestGreedyBeatsRandom(t *testing.T) {
	e := testEngine(t)
	wins := map[string]int{}
	for _, union := range []string{"random", "greedy"} {
		tot, err := sim.Run(sim.Config{Scenario: "lgv-test-01", Games: 150, Seed: 11, Bots: []string{union, "random"}, Workers: 2}, e.Sim)
		if err != nil {
			t.Fatal(err)
		}
		wins[union] = tot.Winners["union"]
	}
	if wins["greedy"] <= 2*wins["random"]+5 {
		t.Errorf("Union wins in 150 games: greedy %d, random %d; greedy should win clearly more", wins["greedy"], wins["random"])
	}
	t.Log(wins)
}

// A module that gives the counter sheet's Entrench and Pontoon Bridge
// counts limits play to them (15.0, 16.0); one that marks them missing
// sets no limit.
func TestMarkersSupplied(t *testing.T) {
	play := func(supplied bool) (entrench [2]bool, pontoon bool) {
		sf := loadTest(t, testScenario)
		for i := range sf.Module.Game.Markers {
			mk := &sf.Module.Game.Markers[i]
			switch mk.ID {
			case "entrench-1": // the start has one Union and two Confederate markers
				mk.SuppliedMissing, mk.Supplied = !supplied, map[string]int{"union": 1, "confederate": 3}
			case "pontoon-bridge": // the start has the bridge at Reynold's Crossing
				mk.SuppliedMissing, mk.Supplied = !supplied, map[string]int{"union": 1}
			}
		}
		e, err := Compile(sf)
		if err != nil {
			t.Fatal(err)
		}
		g := e.NewGame(1)
		for s := range entrench {
			entrench[s] = g.entrenchLeft(s)
		}
		return entrench, pontoonOfferedAtElys(t, g) != 0
	}
	if ent, pon := play(true); ent != [2]bool{false, true} || pon {
		t.Errorf("counts given: entrench markers left (union, confederate) %v, want [false true]; a pontoon offered %v, want false", ent, pon)
	}
	if ent, pon := play(false); ent != [2]bool{true, true} || !pon {
		t.Errorf("counts missing: entrench markers left %v, want [true true]; a pontoon offered %v, want true", ent, pon)
	}
}
