package uscw

import (
	"strings"
	"testing"
)

// The bots are offered the Leader Transfer; played through Apply in test
// mode it repositions the General alone, who may not move again this
// Action Phase.
func TestTransferOfferedToBots(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	for seed := uint64(1); seed <= 20; seed++ {
		x, err := ng(seed)
		if err != nil {
			t.Fatal(err)
		}
		g := x.(*Game).g
		for _, a := range x.Legal() {
			d := x.Describe(a)
			if !strings.HasPrefix(d, "transfer ") {
				continue
			}
			id := strings.Fields(d)[1]
			side := g.gens[id].side
			from := g.genAt[id]
			spFrom := g.sp[side][from]
			if err := x.Apply(a); err != nil {
				t.Fatalf("seed %d %s: %v", seed, d, err)
			}
			if g.genAt[id] == from || g.sp[side][from] != spFrom || !g.moved[id] {
				t.Fatalf("seed %d %s: %s at %v, %d SPs left behind of %d, moved %v", seed, d, id, g.genAt[id], g.sp[side][from], spFrom, g.moved[id])
			}
			for _, b := range x.Legal() {
				if dd := x.Describe(b); strings.HasPrefix(dd, "move "+id+" ") || strings.HasPrefix(dd, "transfer "+id+" ") {
					t.Fatalf("seed %d: %s offered after his Transfer", seed, dd)
				}
			}
			return
		}
	}
	t.Fatal("no Leader Transfer offered in 20 games' first positions")
}
