package lgv

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
)

// Every action the sampler draws is in the legal list, and a game played
// by drawn actions replays action for action through the listed path of
// Apply to the same outcome: the sampler's check of the one action drawn
// (moveCost, 9.4.4's limits) agrees with the listing.
func TestSampleDrawsLegalActions(t *testing.T) {
	e := testEngine(t)
	games := 60
	if underMutation {
		games = 10
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		gm, _ := e.Sim(seed)
		x := gm.(*Game)
		rng := rand.New(rand.NewPCG(seed, 3))
		var played []rules.Action
		for !x.Over() {
			legal := slices.Clone(x.Legal())
			a, ok := x.Sample(rng)
			if !ok || !slices.Contains(legal, a) {
				t.Fatalf("seed %d, action %d: drew %q (ok %v), not among the %d legal", seed, len(played), x.Describe(a), ok, len(legal))
			}
			if err := x.Apply(a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			played = append(played, a)
		}
		r, _ := e.Sim(seed)
		for i, a := range played {
			if err := r.Apply(a); err != nil {
				t.Fatalf("seed %d, action %d (%s): the listed path refuses: %v", seed, i, r.Describe(a), err)
			}
		}
		if !r.Over() || r.Outcome().Level != x.Outcome().Level || r.Outcome().VP != x.Outcome().VP {
			t.Fatalf("seed %d: replayed %+v, sampled %+v", seed, r.Outcome(), x.Outcome())
		}
	}
}

// The sampler draws every legal action with the same chance, as a draw
// from the list does: at the first 40 Assault Activation positions of a
// few games with 4 or more actions, 2,000 draws each pass a chi-square
// test against the uniform share (at the 0.999 level), and every action
// is drawn.
func TestSampleIsUniform(t *testing.T) {
	e := testEngine(t)
	rng := rand.New(rand.NewPCG(9, 9))
	positions, maxChi := 0, 0.0
	for seed := uint64(1); positions < 40; seed++ {
		gm, _ := e.Sim(seed)
		x := gm.(*Game)
		for !x.Over() && positions < 40 {
			legal := slices.Clone(x.Legal())
			if x.g.stage == stAssault && len(legal) >= 4 && rng.IntN(20) == 0 {
				positions++
				const draws = 2000
				count := map[rules.Action]int{}
				for range draws {
					a, _ := x.Sample(rng)
					count[a]++
				}
				chi2 := 0.0
				for _, a := range legal {
					want := float64(draws) * float64(countOf(legal, a)) / float64(len(legal))
					got := float64(count[a])
					if got == 0 {
						t.Fatalf("seed %d: %q never drawn in %d draws among %d", seed, x.Describe(a), draws, len(legal))
					}
					chi2 += (got - want) * (got - want) / want / float64(countOf(legal, a))
				}
				df := float64(len(legal) - 1)
				// Wilson-Hilferty: the 0.999 quantile of chi-square(df).
				limit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
				maxChi = max(maxChi, chi2/limit)
				if chi2 > limit {
					t.Errorf("seed %d: chi-square %.1f over %d actions, above %.1f: %v", seed, chi2, len(legal), limit, count)
				}
			}
			a, _ := x.Sample(rng)
			if err := x.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions, the largest chi-square %.2f of its limit", positions, maxChi)
}

func countOf(l []rules.Action, a rules.Action) int {
	n := 0
	for _, b := range l {
		if b == a {
			n++
		}
	}
	return n
}

// The random bot draws through the sampler: the same seed gives the same
// game.
func TestSampledGamesDeterministic(t *testing.T) {
	e := testEngine(t)
	r, _ := sim.BotByName("random")
	bots := []sim.Bot{r, r}
	a, _, err := sim.Play(e.Sim, bots, 7, 20000)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := sim.Play(e.Sim, bots, 7, 20000)
	if err != nil {
		t.Fatal(err)
	}
	if a.Level == "" || a.Turns == 0 {
		t.Fatalf("seed 7 did not play to an ending: %+v", a)
	}
	if a.VP != b.VP || a.Level != b.Level || jsonOf(t, a) != jsonOf(t, b) {
		t.Fatalf("seed 7 twice: %+v and %+v", a, b)
	}
}
