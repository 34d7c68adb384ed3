package uscw

import (
	"strings"
	"testing"
)

// The bots' Training action completes an SP on the seventh point through
// Apply, with the invariant checker on: the SP enters play where 17.3
// allows and the marker goes back to 0 (random games rarely reach seven).
func TestTrainingCompletesInTestMode(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	for seed := uint64(1); seed <= 20; seed++ {
		x, err := ng(seed)
		if err != nil {
			t.Fatal(err)
		}
		gm := x.(*Game)
		g := gm.g
		side := g.phasing
		g.core.Tracks[trainingTrack(side)] = trainingCost - 1
		before := g.spIn[side]
		for _, a := range x.Legal() {
			if !strings.HasPrefix(x.Describe(a), "train at ") {
				continue
			}
			if err := x.Apply(a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if g.spIn[side] != before+1 || g.core.Tracks[trainingTrack(side)] != 0 {
				t.Fatalf("seed %d: the seventh point gave %d SPs, marker %g", seed, g.spIn[side]-before, g.core.Tracks[trainingTrack(side)])
			}
			return
		}
	}
	t.Fatal("no Training action was offered in 20 games' first positions")
}
