package sim

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Game i's seed is the (i+1)-th output of SplitMix64 started at the run's
// seed, as documented: the first three outputs from 0 are the published
// reference values of Vigna's splitmix64.c.
func TestGameSeedIsSplitMix64(t *testing.T) {
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := GameSeed(0, i); got != want {
			t.Errorf("GameSeed(0, %d) = %#x, want %#x", i, got, want)
		}
	}
}

// A game still going at the action limit is counted unfinished, with no
// winner: the race needs more than 3 actions.
func TestMaxActionsStopsAGame(t *testing.T) {
	o, _, err := Play(newRace, []Bot{randomBot{}, randomBot{}}, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	if o.Level != Unfinished || o.Winner != "" {
		t.Fatalf("stopped after 3 actions: level %q, winner %q; want %q and none", o.Level, o.Winner, Unfinished)
	}
	if o, _, _ := Play(newRace, []Bot{randomBot{}, randomBot{}}, 1, 0); o.Level == Unfinished {
		t.Fatal("no limit (0) stopped the game")
	}
}

// Progress is told each game as it finishes: 1, 2, ... of the run's total.
func TestProgressCountsUp(t *testing.T) {
	var got []int
	_, err := Run(Config{Scenario: "race", Games: 5, Seed: 1, Bots: []string{"random", "random"}, Workers: 1,
		Progress: func(done, total int) {
			if total != 5 {
				t.Errorf("progress total %d, want 5", total)
			}
			got = append(got, done)
		}}, newRace)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []int{1, 2, 3, 4, 5}) {
		t.Fatalf("progress %v, want 1 to 5", got)
	}
}

// --shard 1/1 is the whole run: no shard recorded, nothing missing, no
// "partial" in the report. Shard 2/3 plays games 1, 4, 7 of 9; with shards
// 1 and 2 merged, 3 (the last) is missing.
func TestShardOfOne(t *testing.T) {
	cfg := Config{Scenario: "race", Games: 9, Seed: 2, Bots: []string{"random", "random"}, Workers: 1, Shard: 1, Shards: 1}
	tot, err := Run(cfg, newRace)
	if err != nil {
		t.Fatal(err)
	}
	if tot.Shards != 0 || tot.ShardsIn != nil || tot.Played != 9 || NewReport(tot).Partial != "" || tot.Check() != nil {
		t.Fatalf("shard 1/1: shards %d %v, played %d, partial %q, check %v", tot.Shards, tot.ShardsIn, tot.Played, NewReport(tot).Partial, tot.Check())
	}
	cfg.Shards = 3
	var parts []*Totals
	for k := 1; k <= 2; k++ {
		cfg.Shard = k
		p, err := Run(cfg, newRace)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	c := cfg
	c.Shard = 2
	if g := c.games(); !slices.Equal(g, []int{1, 4, 7}) {
		t.Errorf("shard 2/3 of 9 plays %v, want 1 4 7", g)
	}
	m, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Missing(), []int{3}) || m.Played != 6 {
		t.Fatalf("shards 1, 2 of 3: missing %v, played %d; want [3], 6", m.Missing(), m.Played)
	}
	seed := *parts[1]
	seed.Seed = 99
	if _, err := Merge([]*Totals{parts[0], &seed}); err == nil || !strings.Contains(err.Error(), "part 2 is another run: race, 9 games, seed 99") {
		t.Fatalf("a shard of another seed merged: %v", err)
	}
	other := *parts[1]
	other.Options = map[string]string{"a": "1"}
	if _, err := Merge([]*Totals{parts[0], &other}); err == nil || !strings.Contains(err.Error(), "part 2 was played with option a and part 1 without it") {
		t.Fatalf("shards with other options merged: %v", err)
	}
}

// A run's configuration is checked before any game: at least one game,
// shard k of n with 1 <= k <= n.
func TestConfigChecked(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Games: 0}, "at least one game"},
		{Config{Games: 5, Shard: 0, Shards: 2}, "shard 0/2"},
		{Config{Games: 5, Shard: 3, Shards: 2}, "shard 3/2"},
		{Config{Games: 5, Shard: 1, Shards: -1}, "shard 1/-1"},
	} {
		c.cfg.Bots = []string{"random", "random"}
		if _, err := Run(c.cfg, newRace); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.want)
		}
	}
	for _, ok := range []Config{{Games: 1}, {Games: 5, Shard: 2, Shards: 2}, {Games: 5, Shard: 1, Shards: 2}} {
		ok.Bots = []string{"random", "random"}
		if _, err := Run(ok, newRace); err != nil {
			t.Errorf("%+v: %v", ok, err)
		}
	}
}

// Add counts one game in each table: VP by its shortest decimal form,
// turns, level, winner, and each tag's value by winner.
func TestAddCountsAGame(t *testing.T) {
	tot := NewTotals(Config{Scenario: "race", Games: 3})
	tot.Add(0, Outcome{VP: 12.5, Turns: 7, Level: "Win", Winner: "north", Tags: map[string]string{"first-player": "south"}})
	tot.Add(1, Outcome{VP: 12.5, Turns: 7, Level: "Win", Winner: "north", Tags: map[string]string{"first-player": "south"}})
	tot.Add(2, Outcome{VP: -3, Turns: 8, Level: "Draw"})
	if tot.Played != 3 || tot.VP["12.5"] != 2 || tot.VP["-3"] != 1 || tot.Turns["7"] != 2 || tot.Turns["8"] != 1 ||
		tot.Levels["Win"] != 2 || tot.Winners["north"] != 2 || tot.Winners[""] != 1 || tot.Tags["first-player"]["south"]["north"] != 2 {
		t.Fatalf("totals %+v", tot)
	}
	if err := tot.Check(); err != nil {
		t.Fatal(err)
	}
}

// Totals read from a file are checked: each broken invariant is named.
func TestTotalsCheck(t *testing.T) {
	good := func() *Totals {
		return &Totals{Scenario: "race", Games: 4, Played: 2, Levels: map[string]int{"Win": 2}, Winners: map[string]int{"north": 2},
			VP: map[string]int{"1.5": 1, "-2": 1}, Turns: map[string]int{"0": 1, "3": 1},
			Tags:   map[string]map[string]map[string]int{"first-player": {"north": {"north": 1}, "south": {"north": 1}}},
			Shards: 2, ShardsIn: []int{1, 2}}
	}
	if err := good().Check(); err != nil {
		t.Fatalf("good totals: %v", err)
	}
	for _, c := range []struct {
		name   string
		breaks func(*Totals)
		want   string
	}{
		{"no games", func(t *Totals) { t.Games = 0 }, "want 0 to 0"},
		{"negative played", func(t *Totals) { t.Played = -1 }, "-1 games played"},
		{"more played than the run", func(t *Totals) { t.Played = 5 }, "5 games played of 4"},
		{"negative count", func(t *Totals) { t.Levels = map[string]int{"Win": 3, "Draw": -1} }, `levels "Draw" counts -1 games`},
		{"vp not a number", func(t *Totals) { t.VP = map[string]int{"x": 2} }, `vp "x" is not a number`},
		{"vp NaN", func(t *Totals) { t.VP = map[string]int{"NaN": 2} }, `vp "NaN"`},
		{"vp infinite", func(t *Totals) { t.VP = map[string]int{"+Inf": 2} }, `vp "+Inf"`},
		{"turns fractional", func(t *Totals) { t.Turns = map[string]int{"2.5": 2} }, `turns "2.5" is not a whole number`},
		{"turns negative", func(t *Totals) { t.Turns = map[string]int{"-1": 2} }, `turns "-1"`},
		{"table short", func(t *Totals) { t.Winners = map[string]int{"north": 1} }, "the winners counts add up to 1 games, not the 2 played"},
		{"tag negative", func(t *Totals) { t.Tags["first-player"]["north"]["north"] = -1 }, `tag "first-player" counts -1 games`},
		{"tag too many", func(t *Totals) { t.Tags["first-player"]["north"]["north"] = 2 }, `tag "first-player" counts 3 games, more than the 2 played`},
		{"one shard", func(t *Totals) { t.Shards = 1 }, "1 shards"},
		{"negative shards", func(t *Totals) { t.Shards = -2 }, "-2 shards"},
		{"shard 0", func(t *Totals) { t.ShardsIn = []int{0} }, "shard 0 of 2"},
		{"shard beyond", func(t *Totals) { t.ShardsIn = []int{3} }, "shard 3 of 2"},
	} {
		tot := good()
		c.breaks(tot)
		if err := tot.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// The edges that are allowed: none played yet, all played, zero turns.
	for _, edge := range []func(*Totals){
		func(t *Totals) {
			t.Played, t.Levels, t.Winners, t.VP, t.Turns, t.Tags = 0, nil, nil, nil, nil, nil
		},
		func(t *Totals) {
			t.Played, t.Levels, t.Winners, t.VP, t.Turns = 4, map[string]int{"Win": 4}, map[string]int{"": 4}, map[string]int{"0": 4}, map[string]int{"0": 4}
		},
		func(t *Totals) { t.Shards, t.ShardsIn = 0, nil },
		// A run of one game; a tag value or VP value no game had (0).
		func(t *Totals) {
			t.Games, t.Played, t.Levels, t.Winners, t.VP, t.Turns = 1, 1, map[string]int{"Win": 1}, map[string]int{"north": 1}, map[string]int{"2": 1, "3": 0}, map[string]int{"1": 1}
			t.Tags = map[string]map[string]map[string]int{"first-player": {"north": {"north": 1, "south": 0}}}
			t.Shards, t.ShardsIn = 0, nil
		},
	} {
		tot := good()
		edge(tot)
		if err := tot.Check(); err != nil {
			t.Errorf("%+v: %v", tot, err)
		}
	}
}

// weighted is a game whose engine weighs (Weigher) and tries (Trier) its
// actions with fixed values, for the bots' choices alone.
type weighted struct {
	raceGame
	weights, values []float64
	fail            map[Action]bool
}

func (g *weighted) Legal() []Action {
	out := make([]Action, len(g.weights))
	for i := range out {
		out[i] = Action(i)
	}
	return out
}
func (g *weighted) Weight(a Action, _ string) float64 { return g.weights[a] }
func (g *weighted) Try(a Action, _ uint64, _ string) (float64, error) {
	if g.fail[a] {
		return 0, errors.New("refused")
	}
	return g.values[a], nil
}

func choices(b Bot, g Game, n int) map[Action]int {
	rng := rand.New(rand.NewPCG(1, 2))
	out := map[Action]int{}
	for range n {
		out[b.Choose(g, "north", g.Legal(), rng)]++
	}
	return out
}

// The sensible bot draws each action with the engine's weight: weight 0
// never while another has weight (the last included, so the draw cannot
// fall through to it), 1 against 3 about a quarter of the time; all 0
// is the random bot over every action.
func TestSensibleBotDrawsByWeight(t *testing.T) {
	c := choices(sensibleBot{}, &weighted{weights: []float64{1, 0, 3, 0}}, 4000)
	if c[1] != 0 || c[3] != 0 || c[0] < 800 || c[0] > 1200 || c[0]+c[2] != 4000 {
		t.Errorf("weights 1 0 3 0: drawn %v, want action 0 about 1000 times, 2 the rest, 1 and 3 never", c)
	}
	c = choices(sensibleBot{}, &weighted{weights: []float64{0, 0, 0}}, 300)
	if len(c) != 3 || c[0] < 50 || c[1] < 50 || c[2] < 50 {
		t.Errorf("all weights 0: drawn %v, want each of the 3 about 100 times", c)
	}
	c = choices(sensibleBot{}, &weighted{weights: []float64{0, 0, 2}}, 50)
	if c[2] != 50 {
		t.Errorf("only the last weighs: drawn %v", c)
	}
}

// The greedy bot takes the action the engine scores best (Trier), a random
// one of tied bests, and skips an action the engine refuses; if every try
// is refused it plays at random.
func TestGreedyBotTakesTheBest(t *testing.T) {
	c := choices(greedyBot{}, &weighted{weights: make([]float64, 4), values: []float64{-5, 2, -1, 1}}, 100)
	if c[1] != 100 {
		t.Errorf("values -5 2 -1 1: chose %v, want 1 always", c)
	}
	c = choices(greedyBot{}, &weighted{weights: make([]float64, 4), values: []float64{-3, -1, -2, -1}}, 400)
	if c[0] != 0 || c[2] != 0 || c[1] < 150 || c[3] < 150 {
		t.Errorf("values -3 -1 -2 -1 (a tie of negatives): chose %v, want 1 and 3 about equally", c)
	}
	c = choices(greedyBot{}, &weighted{weights: make([]float64, 3), values: []float64{5, 1, 0}, fail: map[Action]bool{0: true}}, 100)
	if c[1] != 100 {
		t.Errorf("the best refused: chose %v, want 1", c)
	}
	c = choices(greedyBot{}, &weighted{weights: make([]float64, 3), values: []float64{0, 0, 0}, fail: map[Action]bool{0: true, 1: true, 2: true}}, 300)
	if len(c) != 3 {
		t.Errorf("all refused: chose %v, want each of the 3", c)
	}
}
