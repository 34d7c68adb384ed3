package uscw

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
)

// The sampler's slots that are legal moves are exactly the listed
// moves, at every decision of random campaign games: each legal action is
// one slot, so a uniform draw of slots kept when legal is a uniform draw
// of the list.
func TestSamplerSlotsAreTheList(t *testing.T) {
	ng, err := Ruleset{}.Compile(loadScenario(t, scenCampaign), nil)
	if err != nil {
		t.Fatal(err)
	}
	games := 4
	if testing.Short() {
		games = 1
	}
	decisions, moves := 0, 0
	for i := range games {
		x, err := ng(sim.GameSeed(11, i))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for n := 0; !x.Over() && n < 20000; n++ {
			game := x.(*Game)
			g := game.g
			if g.stage == stPlayer {
				listed := map[string]int{}
				for _, c := range g.candidates(nil) {
					listed[fmt.Sprint(c)]++
				}
				side := g.phasing
				drawn := map[string]int{}
				for _, c := range g.rallies(side, []candidate{{pass: true}}) {
					drawn[fmt.Sprint(c)]++
				}
				ms := g.movers(side, nil)
				g.markEnemy(side)
				g.freshReach(side)
				for k := range ms {
					for _, dst := range ms[k].slots {
						if c, ok := g.slotMove(side, &ms[k], dst); ok {
							drawn[fmt.Sprint(c)]++
							moves++
						}
					}
				}
				if fmt.Sprint(listed) != fmt.Sprint(drawn) {
					t.Fatalf("game %d, action %d: the sampler's legal slots differ from the list: %d listed, %d slots", i, n, len(listed), len(drawn))
				}
				decisions++
			}
			a, ok := game.Sample(rng)
			if !ok {
				t.Fatalf("game %d, action %d: nothing drawn", i, n)
			}
			if err := x.Apply(a); err != nil {
				t.Fatalf("game %d, action %d: %s: %v", i, n, x.Describe(a), err)
			}
		}
	}
	if decisions < 200 || moves == 0 {
		t.Fatalf("%d decisions, %d moves compared: the comparison saw too little", decisions, moves)
	}
}

// Drawn many times in one position, every listed action comes up, each
// about as often: the draws' counts stay within a wide band of the
// uniform mean (a fixed seed: the test is deterministic).
func TestSamplerIsUniform(t *testing.T) {
	ng, err := Ruleset{}.Compile(loadScenario(t, scen1861), nil)
	if err != nil {
		t.Fatal(err)
	}
	x, err := ng(5)
	if err != nil {
		t.Fatal(err)
	}
	game := x.(*Game)
	n := len(x.Legal())
	if n < 10 {
		t.Fatalf("only %d legal actions at the start", n)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	count := map[string]int{}
	draws := 400 * n
	for range draws {
		a, ok := game.Sample(rng)
		if !ok {
			t.Fatal("nothing drawn")
		}
		count[x.Describe(a)]++
	}
	if len(count) != n {
		t.Fatalf("%d distinct actions drawn of %d legal", len(count), n)
	}
	for what, k := range count {
		if k < 250 || k > 550 { // mean 400, sd 20
			t.Errorf("%q drawn %d times in %d draws of %d actions (mean 400)", what, k, draws, n)
		}
	}
}

// A sim game's log is its replay from the seed: a game of sampled
// actions replays to its end (muster playtest replay shows it), with
// the End Phase of every turn it played.
func TestLogReplaysSampledGame(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	random, _ := sim.BotByName("random")
	o, g, err := sim.Play(ng, []sim.Bot{random, random}, sim.GameSeed(3, 1), 0)
	if err != nil {
		t.Fatal(err)
	}
	ends, over := 0, false
	for _, e := range g.Log().Events {
		text, _ := e.Data["text"].(string)
		switch {
		case strings.Contains(text, "replay stopped"):
			t.Fatalf("the replay stopped: %s", text)
		case e.Data["rule"] == "USCW 3.5":
			ends++
		case e.Data["rule"] == "USCW 20.3" && strings.Contains(text, "automatic victory"):
			over = true
		}
	}
	if ends != o.Turns || !over {
		t.Fatalf("the replayed log has %d End Phases and its end %v; the game played %d turns to %s", ends, over, o.Turns, o.Level)
	}
}
