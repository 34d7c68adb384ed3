package lgv

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
)

// invariantRunSeed is the run whose games TestInvariants plays; a failure
// names the game so `muster playtest replay` shows it.
const invariantRunSeed = 20261124

// Thousands of random games in test mode: after every action the
// invariant checker must find nothing (every unit that moved is Exhausted
// when its activation ends, no unit where 8.4 forbids it, stacking within
// 7.1, Control agreeing with occupation, every Mandatory Attack made, the
// VP Track equal to its causes).
func TestInvariants(t *testing.T) {
	games := 2000
	if testing.Short() || underMutation {
		games = 200
	}
	e := checkedEngine(t)
	random, _ := sim.BotByName("random")
	bots := []sim.Bot{random, random}
	for i := range games {
		seed := sim.GameSeed(invariantRunSeed, i)
		if _, _, err := sim.Play(e.Sim, bots, seed, 0); err != nil {
			t.Fatal(replayHint(i, err, "random,random", ""))
		}
	}
	// The other readings too, with the sensible bot.
	sensible, _ := sim.BotByName("sensible")
	other := Options{Check: true, CPOnce: true, LeadersCount: true, AdjacentAcrossWater: true, FordLimitPerImpulse: true}
	o, err := CompileWith(loadTest(t, testScenario), other)
	if err != nil {
		t.Fatal(err)
	}
	for i := range games / 4 {
		if _, _, err := sim.Play(o.Sim, []sim.Bot{sensible, sensible}, sim.GameSeed(invariantRunSeed, i), 0); err != nil {
			t.Fatal(replayHint(i, err, "sensible,sensible", " --option cp-absorption=once --option leader-attack-bonus=count --option adjacency=boundary --option ford-limit=per-impulse"))
		}
	}
}

func checkedEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := CompileWith(loadTest(t, testScenario), Options{Check: true})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func replayHint(game int, err error, bots, options string) string {
	return fmt.Sprintf("game %d of run seed %d: %v\n  replay: muster playtest replay rules/lgv/%s --seed %d --game %d --bots %s --option invariants=check%s",
		game, invariantRunSeed, err, testScenario, invariantRunSeed, game, bots, options)
}

// The checker can fail: a position that breaks 7.2 (a Vacant Area of the
// enemy held by one side's units without Control) is reported.
func TestInvariantCheckerReports(t *testing.T) {
	e := checkedEngine(t)
	x, _ := e.Sim(1)
	g := x.(*Game)
	loc := e.b.lookup("18")
	g.g.set(e.byID["u.sykes.inf"], loc, true, onMap) // Area 18 stays Confederate-Controlled
	legal := g.Legal()
	err := g.Apply(legal[0])
	var v *Violation
	if !errors.As(err, &v) || v.Seed != 1 || v.Action != 0 {
		t.Fatalf("want a Violation of 7.2 at action 0 of seed 1, got %v", err)
	}
}

// The fuzzer chooses every action of a game from its bytes (then from a
// seeded source), with the invariant checker on.
func FuzzInvariants(f *testing.F) {
	e := checkedEngine(f)
	f.Add(uint64(1), []byte{0, 3, 7, 1, 9, 2})
	f.Add(uint64(77), []byte{5, 5, 5, 5, 5, 5, 5, 5})
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		x, err := e.Sim(seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for n := 0; !x.Over() && n < 20000; n++ {
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

// The sensible bot re-rolls only bad rolls and never takes a retreat that
// can only eliminate the unit; random does both.
func TestSensibleBot(t *testing.T) {
	e := testEngine(t)
	count := func(bot string) (rerolls, suicides int) {
		b, err := sim.BotByName(bot)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 100 {
			_, x, err := sim.Play(e.Sim, []sim.Bot{b, b}, sim.GameSeed(7, i), 0)
			if err != nil {
				t.Fatal(err)
			}
			r := e.NewGame(x.(*Game).seed)
			for _, a := range x.(*Game).history {
				k, u, b := split(a)
				switch k {
				case aRerollAdv, aRerollMarker:
					rerolls++
				case aScreen, aVRetreat, aARetreat:
					if k != aARetreat && b > 0 {
						break // into a Zone (14.5)
					}
					prefer := -1
					if k == aARetreat {
						prefer = r.cameFrom[u]
					}
					c := r.clone()
					c.retreat(u, prefer)
					if c.units[u].status != onMap {
						suicides++
					}
				}
				if err := r.apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		return rerolls, suicides
	}
	rr, rs := count("random")
	sr, ss := count("sensible")
	t.Logf("100 games: random %d re-rolls, %d retreats into elimination; sensible %d, %d", rr, rs, sr, ss)
	if ss != 0 || rs == 0 {
		t.Errorf("retreats into certain elimination: sensible %d (want 0), random %d (want some)", ss, rs)
	}
	if sr*2 > rr {
		t.Errorf("sensible re-rolled %d times, random %d: want under half", sr, rr)
	}
}

// Every case of the checker can fail: each plants one violation on the
// start of a game (which passes) and wants the checker to name the case
// of the rulebook it breaks. A checker case that could never fire would
// let the very faults it is there for through.
func TestInvariantCheckerCases(t *testing.T) {
	e := checkedEngine(t)
	id := func(s string) int {
		u, ok := e.byID[s]
		if !ok {
			t.Fatalf("no unit %s", s)
		}
		return u
	}
	loc := func(s string) int { return e.b.lookup(s) }
	// units returns n units of a side that count for stacking (7.1: not
	// Leaders, nor Engineers).
	units := func(side, n int) []int {
		var out []int
		for u := range e.units {
			if e.units[u].side == side && e.units[u].kind != leader && e.units[u].kind != engineer && len(out) < n {
				out = append(out, u)
			}
		}
		if len(out) < n {
			t.Fatalf("the test scenario has fewer than %d %s units", n, sideNames[side])
		}
		return out
	}
	cases := []struct {
		name  string
		plant func(g *game)
		check func(g *game) string
		want  string
	}{
		{"a Confederate unit in the Union Operational Sector",
			func(g *game) { g.set(id("c.archer.inf"), loc("60"), true, onMap) },
			(*game).checkPosition, "LGV 8.4.2: c.archer.inf stands in 60"},
		{"an Engineer outside the Union Operational Sector",
			func(g *game) { g.set(id("u.colgate-engineer.eng"), loc("5"), true, onMap) },
			(*game).checkPosition, "LGV 8.4.6: Engineer u.colgate-engineer.eng stands in 5"},
		{"one unit over the Union stacking limit (7.1.1: six)",
			func(g *game) {
				for _, u := range units(union, e.stackLimit[union]+1) {
					g.set(u, loc("60"), true, onMap)
				}
			},
			(*game).checkPosition, fmt.Sprintf("LGV 7.1: %d union units count for stacking in 60 (limit %d)", e.stackLimit[union]+1, e.stackLimit[union])},
		{"a unit on the map at no location",
			func(g *game) { g.units[id("c.archer.inf")].loc = len(e.b.ids) },
			(*game).checkPosition, "c.archer.inf is on the map at no location"},
		{"the VP Track off the sum of its causes at the end",
			func(g *game) { g.stage, g.finalVP, g.vp = stOver, true, g.vpAreaSum+g.eliminationVP()+1 },
			(*game).checkPosition, "LGV 17.2: the VP Track shows"},
		{"a unit that moved still Fresh as its activation ends",
			func(g *game) {
				u := id("c.archer.inf")
				g.activeUnits = append(g.activeUnits, u)
				g.moved[u], g.units[u].fresh = true, true
			},
			(*game).checkActivationEnd, "LGV 8.1: c.archer.inf moved this activation and is still Fresh"},
		{"a Mandatory Attack not made",
			func(g *game) { g.pending = append(g.pending, loc("60")) },
			(*game).checkActivationEnd, "LGV 9.1: the Mandatory Attack in 60 was not made"},
	}
	for _, c := range cases {
		g := e.NewGame(1)
		if what := c.check(g); what != "" {
			t.Fatalf("the start of a game breaks an invariant: %s", what)
		}
		c.plant(g)
		if what := c.check(g); !strings.HasPrefix(what, c.want) {
			t.Errorf("%s: the checker says %q, want it to start %q", c.name, what, c.want)
		}
	}
	// 7.1 does not hold in Zones (14.3): the same stack in a Zone passes.
	g := e.NewGame(1)
	for _, u := range units(union, e.stackLimit[union]+1) {
		g.set(u, loc("A"), true, onMap)
	}
	if what := g.checkPosition(); strings.HasPrefix(what, "LGV 7.1") {
		t.Errorf("a stack in Zone A was held to 7.1: %s", what)
	}
}
