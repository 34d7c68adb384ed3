package sim

import (
	"math/rand/v2"
	"testing"
)

// The search bot's names read back as the bot they name; a budget or
// depth out of range, or not a plain number, is refused with the forms.
func TestSearchBotNames(t *testing.T) {
	for name, want := range map[string]searchBot{
		"search":        {DefaultSearchBudget, DefaultSearchDepth},
		"search:200":    {200, DefaultSearchDepth},
		"search:16:0":   {16, 0},
		"search:1:4000": {1, 4000},
	} {
		b, err := BotByName(name)
		if err != nil || b != want || b.Name() != name {
			t.Errorf("%s: %#v %v, want %#v named %s", name, b, err, want, name)
		}
	}
	for _, name := range []string{"search:", "search:0", "search:-3", "search:+5", "search:05", "search:1:2:3", "search:8:-1", "search:x", "searchy", "search:99999999999"} {
		if b, err := BotByName(name); err == nil {
			t.Errorf("%s: accepted as %#v", name, b)
		}
	}
}

// From the race's start the search bot never stumbles back (Value -1
// against +1 for the safe step), and takes the gamble (0-3, 1.5 on
// average) more often than the safe step.
func TestSearchBotPrefersTheBetterAction(t *testing.T) {
	g, _ := newRace(3)
	b := searchBot{budget: 300, depth: 0}
	rng := rand.New(rand.NewPCG(1, 2))
	c := map[Action]int{}
	for range 60 {
		c[b.Choose(g, g.ToAct(), g.Legal(), rng)]++
	}
	if c[2] != 0 || c[1] <= c[0] {
		t.Errorf("chose advance %d, gamble %d, stumble %d times of 60: want no stumble and more gambles than advances", c[0], c[1], c[2])
	}
}

// The search bot wins the race more often than the random bot does
// against the same random opponent, and its games are the same for the
// same seed on 1 or 2 workers.
func TestSearchBotPlaysBetterAndDeterministic(t *testing.T) {
	cfg := Config{Scenario: "race", Games: 200, Seed: 4, Bots: []string{"search:32:2", "random"}, Workers: 1}
	one := runJSON(t, cfg)
	cfg.Workers = 2
	if two := runJSON(t, cfg); one != two {
		t.Fatalf("1 and 2 workers differ:\n%s\n%s", one, two)
	}
	wins := func(bot string) int {
		tot, err := Run(Config{Scenario: "race", Games: 200, Seed: 4, Bots: []string{bot, "random"}, Workers: 2}, newRace)
		if err != nil {
			t.Fatal(err)
		}
		return tot.Winners["north"]
	}
	s, r := wins("search:32:2"), wins("random")
	if s < r+40 {
		t.Errorf("north wins of 200 against random: search %d, random %d; search should win clearly more", s, r)
	}
	t.Logf("north wins of 200: search %d, random %d", s, r)
}

// A decision with one legal action is taken at once, and the bot's name
// is what the totals record.
func TestSearchBotOneAction(t *testing.T) {
	g := &weighted{weights: []float64{1}}
	if c := choices(searchBot{budget: 5, depth: 1}, g, 3); c[0] != 3 {
		t.Errorf("one legal action: chose %v", c)
	}
}

// A bot name from the command line (--bots) is read or refused, never a
// panic, and a search bot read back by its Name is the same bot.
func FuzzBotByName(f *testing.F) {
	for _, s := range []string{"search", "search:16", "search:8:0", "search:", "search:1:2:3", "random", "greedy", "search:99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		b, err := BotByName(name)
		if err != nil {
			return
		}
		again, err := BotByName(b.Name())
		if err != nil || again != b {
			t.Fatalf("%q read as %#v named %q, which reads as %#v (%v)", name, b, b.Name(), again, err)
		}
	})
}
