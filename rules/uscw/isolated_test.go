package uscw

import (
	"math/rand/v2"
	"testing"

	"github.com/musterhq/muster/rules"
)

// vacantNear (isolated's test without the position's LOC grid) answers
// true only where locScan over the grid finds three vacant hexes (13.6.2,
// U1097: "no LOC to at least three vacant land hexes"), and answers most
// stacks: at the positions of random games, for each side's stacks and
// the hexes beside them (vacant ones and Coastal Forts included).
func TestVacantNearIsLocScans(t *testing.T) {
	for _, path := range []string{scen1861, scenCampaign} {
		ng := checkedGames(t, path)
		asked, near := 0, 0
		for seed := uint64(1); seed <= 3; seed++ {
			gm, err := ng(seed)
			if err != nil {
				t.Fatal(err)
			}
			x := gm.(*Game)
			rng := rand.New(rand.NewPCG(seed, 5))
			for n := 0; !x.Over(); n++ {
				if n%7 == 0 {
					g := x.g
					for _, side := range sides {
						var ps []rules.Point
						for _, p := range g.stacks(side) {
							ps = append(ps, p)
							ps = append(ps, g.e.b.neighbors(p)...)
						}
						for _, p := range ps {
							quick := g.vacantNear(side, p)
							vacant := 0
							g.locScan(side, p, g.supplyFor(side), func(q rules.Point) bool {
								if g.vacantForForage(side, q) {
									vacant++
								}
								return vacant == 3
							})
							asked++
							if quick {
								near++
								if vacant < 3 {
									t.Fatalf("%s seed %d action %d: %s's LOC from %s: vacantNear found three vacant hexes, locScan %d", path, seed, n, side, g.e.b.ids[p], vacant)
								}
							}
						}
					}
				}
				a, ok := x.Sample(rng)
				if !ok {
					a = rules.Action(rng.IntN(len(x.Legal())))
				}
				if err := x.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if asked == 0 || near*2 < asked {
			t.Fatalf("%s: vacantNear answered %d of %d asks", path, near, asked)
		}
		t.Logf("%s: vacantNear answered %d of %d asks", path, near, asked)
	}
}

// The board's steps run both ways (vacantNear finds the enemy units whose
// ZOI reaches a hex among the hex's own steps).
func TestBoardStepsSymmetric(t *testing.T) {
	for _, path := range []string{scen1861, scenCampaign} {
		ng := checkedGames(t, path)
		gm, err := ng(1)
		if err != nil {
			t.Fatal(err)
		}
		b := gm.(*Game).g.e.b
		for i, steps := range b.next {
			for _, st := range steps {
				back := false
				for _, r := range b.next[st.to] {
					back = back || r.to == i
				}
				if !back {
					t.Fatalf("%s: a step %s -> %s without its way back", path, b.ids[b.order[i]], b.ids[b.order[st.to]])
				}
			}
		}
	}
}
