package uscw

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
)

// descriptions is the legal list as Describe words it.
func descriptions(x *Game) []string {
	var out []string
	for _, a := range x.Legal() {
		out = append(out, x.Describe(a))
	}
	return out
}

// Every action the sampler draws is one of the legal list's (the same
// description), and a game played by drawn actions replays action for
// action from its seed to the same outcome and value.
func TestSampleDrawsLegalActions(t *testing.T) {
	for _, path := range []string{scen1861, scenCampaign} {
		ng := checkedGames(t, path)
		for seed := uint64(1); seed <= 3; seed++ {
			gm, err := ng(seed)
			if err != nil {
				t.Fatal(err)
			}
			x := gm.(*Game)
			rng := rand.New(rand.NewPCG(seed, 3))
			var played []rules.Action
			drawn := 0
			for !x.Over() {
				legal := descriptions(x)
				x.at = -1 // forget the list: draw as the random bot does
				a, ok := x.Sample(rng)
				if !ok {
					a = rules.Action(rng.IntN(len(legal)))
				} else {
					drawn++
				}
				if d := x.Describe(a); !slices.Contains(legal, d) {
					t.Fatalf("%s seed %d, action %d: drew %q, not among the %d legal", path, seed, len(played), d, len(legal))
				}
				if err := x.Apply(a); err != nil {
					t.Fatalf("%s seed %d: %v", path, seed, err)
				}
				played = append(played, a)
			}
			if drawn == 0 {
				t.Fatalf("%s seed %d: the sampler drew nothing", path, seed)
			}
			r, _ := ng(seed)
			for i, a := range played {
				if err := r.Apply(a); err != nil {
					t.Fatalf("%s seed %d, action %d (%s): the replay refuses: %v", path, seed, i, r.Describe(a), err)
				}
			}
			if !r.Over() || jsonOf(t, r.Outcome()) != jsonOf(t, x.Outcome()) || r.Value("union") != x.Value("union") {
				t.Fatalf("%s seed %d: replayed %+v, sampled %+v", path, seed, r.Outcome(), x.Outcome())
			}
		}
	}
}

// The sampler draws every legal action with the same chance, as a draw
// from the list does, where the DISPERSE offer is made and where it is
// not: at 12 Player Action Phase positions of each kind, 30 draws an
// action (2,000 at least) pass a chi-square test against the uniform share (at the 0.999
// level), and every action is drawn.
func TestSampleIsUniform(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	rng := rand.New(rand.NewPCG(9, 9))
	with, without, maxChi := 0, 0, 0.0
	for seed := uint64(1); (with < 12 || without < 12) && seed < 40; seed++ {
		gm, _ := ng(seed)
		x := gm.(*Game)
		for !x.Over() && (with < 12 || without < 12) {
			legal := descriptions(x)
			offered := slices.ContainsFunc(x.cands, func(c candidate) bool { return c.disperse })
			if x.g.stage == stPlayer && len(legal) >= 3 && (offered && with < 12 || !offered && without < 12 && rng.IntN(10) == 0) {
				if offered {
					with++
				} else {
					without++
				}
				draws := max(2000, 30*len(legal))
				count := map[string]int{}
				for range draws {
					x.at = -1
					a, ok := x.Sample(rng)
					if !ok {
						t.Fatalf("seed %d: no draw in a Player Action Phase", seed)
					}
					count[x.Describe(a)]++
				}
				share := map[string]int{}
				for _, d := range legal {
					share[d]++
				}
				chi2 := 0.0
				for d, k := range share {
					want := float64(draws) * float64(k) / float64(len(legal))
					got := float64(count[d])
					if got == 0 {
						t.Fatalf("seed %d: %q never drawn in %d draws among %d", seed, d, draws, len(legal))
					}
					chi2 += (got - want) * (got - want) / want
				}
				df := float64(len(share) - 1)
				if df < 1 {
					continue
				}
				// Wilson-Hilferty: the 0.999 quantile of chi-square(df).
				limit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
				maxChi = max(maxChi, chi2/limit)
				if chi2 > limit {
					t.Errorf("seed %d: chi-square %.1f over %d actions, above %.1f", seed, chi2, len(legal), limit)
				}
			}
			x.at = -1
			a, ok := x.Sample(rng)
			if !ok {
				a = x.Legal()[rng.IntN(len(legal))]
			}
			if err := x.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if with < 12 || without < 12 {
		t.Fatalf("%d positions with the DISPERSE offer and %d without in 40 games: want 12 of each", with, without)
	}
	t.Logf("the largest chi-square %.2f of its limit", maxChi)
}

// The random bot draws through the sampler, and the same seed gives the
// same game; the log replays the drawn actions.
func TestSampledGamesDeterministic(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	r, _ := sim.BotByName("random")
	bots := []sim.Bot{r, r}
	a, ga, err := sim.Play(ng, bots, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := sim.Play(ng, bots, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	if a.Level == "" || a.Turns == 0 || jsonOf(t, a) != jsonOf(t, b) {
		t.Fatalf("seed 7 twice: %+v and %+v", a, b)
	}
	x := ga.(*Game)
	if !slices.ContainsFunc(x.history, func(a rules.Action) bool { return a&drawnAction != 0 }) {
		t.Fatal("the random bot drew no action through the sampler")
	}
	log := x.Log()
	for _, e := range log.Events {
		if text, _ := e.Data["text"].(string); strings.HasPrefix(text, "replay stopped") {
			t.Fatalf("the log's replay stopped: %s", text)
		}
	}
	if len(log.Events) == 0 || log.Events[len(log.Events)-1].Turn != a.Turns {
		t.Fatalf("the log's replay does not reach the game's end (turn %d)", a.Turns)
	}
}
