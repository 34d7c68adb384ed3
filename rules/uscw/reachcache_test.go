package uscw

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
)

// The kept reachable hexes give the same legal actions as fresh
// searches, at every decision of random campaign games: a rule that makes
// reach read something reachInputs does not hold fails here.
func TestReachCacheAgrees(t *testing.T) {
	ng, err := Ruleset{}.Compile(loadScenario(t, scenCampaign), nil)
	if err != nil {
		t.Fatal(err)
	}
	games := 6
	if testing.Short() {
		games = 2
	}
	decisions, kept := 0, 0
	for i := range games {
		x, err := ng(sim.GameSeed(7, i))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		for n := 0; !x.Over() && n < 20000; n++ {
			game := x.(*Game)
			g := game.g
			cached := g.candidates(nil)
			for _, c := range g.reaches {
				if c != nil {
					kept += len(c.found)
				}
			}
			saved := g.reaches
			g.reaches = [2]*reachCache{}
			fresh := g.candidates(nil)
			g.reaches = saved // the kept answers go on to the next decision
			if !equalCandidates(cached, fresh) {
				t.Fatalf("game %d, action %d: the kept reaches list %d actions, fresh searches %d", i, n, len(cached), len(fresh))
			}
			decisions++
			legal := x.Legal()
			if err := x.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if decisions < 1000 || kept == 0 {
		t.Fatalf("%d decisions compared, %d answers kept: the comparison saw too little", decisions, kept)
	}
}

func equalCandidates(a, b []candidate) bool {
	return slices.EqualFunc(a, b, func(x, y candidate) bool {
		return x.pass == y.pass && x.move == y.move && x.general == y.general && x.from == y.from && x.sps == y.sps && x.ma == y.ma && x.dst == y.dst && slices.Equal(x.retreat, y.retreat)
	})
}
