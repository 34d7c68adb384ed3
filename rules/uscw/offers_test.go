package uscw

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
)

// Every action the engine offers is one its step accepts: along random
// games, every legal action of a position is applied to a clone. A bot
// offered a move the step refuses stops a sim (CI's 2,000-game run found
// two: the Chesapeake paths of 19.4, and a General without SPs leaving
// another, 7.6); random play finds such an offer only when it happens to
// pick it, this test tries them all. It tries every 5th position (every
// 10th with -short); MUSTER_OFFER_GAMES=N tries every position of N
// games of each scenario, a longer hunt. The invariant checker's own
// runs are TestInvariants and FuzzInvariants.
func TestEveryOfferAccepted(t *testing.T) {
	games := map[string]int{scen1861: 2, scenCampaign: 1}
	every := 5
	if testing.Short() {
		games, every = map[string]int{scen1861: 1}, 10
	}
	if s := os.Getenv("MUSTER_OFFER_GAMES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("MUSTER_OFFER_GAMES=%q: %v", s, err)
		}
		games, every = map[string]int{scen1861: n, scenCampaign: n}, 1
	}
	random, _ := sim.BotByName("random")
	for _, path := range []string{scen1861, scenCampaign} {
		ng, err := Ruleset{}.Compile(loadScenario(t, path), nil)
		if err != nil {
			t.Fatal(err)
		}
		tried := 0
		for i := range games[path] {
			seed := sim.GameSeed(invariantRunSeed+1, i)
			g, err := ng(seed)
			if err != nil {
				t.Fatal(err)
			}
			x := g.(*Game)
			rng := rand.New(rand.NewPCG(seed, 3))
			for n := 0; !x.Over() && n < 5000; n++ {
				legal := x.Legal()
				for _, a := range legal {
					if n%every != 0 {
						break
					}
					c := x.Clone(seed + uint64(n)).(*Game)
					if err := c.Apply(a); err != nil {
						t.Fatalf("%s game %d (seed %d), position %d: offered %q, refused: %v", path, i, seed, n, x.Describe(a), err)
					}
					tried++
				}
				if err := x.Apply(random.Choose(x, x.ToAct(), legal, rng)); err != nil {
					t.Fatalf("%s game %d (seed %d), position %d: %v", path, i, seed, n, err)
				}
			}
		}
		if games[path] > 0 && tried == 0 {
			t.Fatalf("%s: no offer tried in %d games", path, games[path])
		}
		t.Logf("%s: %d offers tried in %d games", path, tried, games[path])
	}
}
