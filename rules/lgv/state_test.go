package lgv

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/musterhq/muster/playtest"
)

// nextBit walks a bit set in order, across words, and stops at its end.
func TestNextBit(t *testing.T) {
	words := []uint64{1<<0 | 1<<5 | 1<<63, 0, 1 << 2}
	var got []int
	for i := nextBit(words, 0); i >= 0; i = nextBit(words, i+1) {
		got = append(got, i)
	}
	want := []int{0, 5, 63, 130}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	for _, c := range []struct{ from, want int }{{1, 5}, {6, 63}, {64, 130}, {131, -1}, {192, -1}, {500, -1}} {
		if got := nextBit(words, c.from); got != c.want {
			t.Errorf("nextBit from %d = %d, want %d", c.from, got, c.want)
		}
	}
	if nextBit(nil, 0) != -1 {
		t.Errorf("empty set")
	}
}

// The counts and bit sets kept beside the units (occ, freshOcc, kinds,
// freshAdj, freshTotal and their bits, unitBits, entrenchBits) always say
// what the units and markers themselves say: after every action of random
// games, each is counted afresh from g.units and g.entrench and compared.
// The sets are checked in both rows (sides) and from the first location
// and unit on, so an index taken from the wrong row or word shows.
func TestCountsAgreeWithUnits(t *testing.T) {
	e := testEngine(t)
	for seed := uint64(1); seed <= 6; seed++ {
		x, err := e.Sim(seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		for n := 0; !x.Over() && n < 3000; n++ {
			legal := x.Legal()
			if err := x.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			if msg := countsDisagree(x.(*Game).g); msg != "" {
				t.Fatalf("seed %d, action %d: %s", seed, n, msg)
			}
		}
	}
}

// countsDisagree counts the units and markers afresh and names the first
// kept count or bit that differs.
func countsDisagree(g *game) string {
	n := g.nLoc()
	w := (n + 63) >> 6
	uw := (len(g.units) + 63) >> 6
	occ := make([]int16, 2*n)
	fresh := make([]int16, 2*n)
	kinds := make([]int16, 2*nKinds*n)
	adj := make([]int16, 2*n)
	var total [2]int
	for u, s := range g.units {
		onMap := s.status == onMap && s.loc >= 0
		if got := g.unitBits[max(s.loc, 0)*uw+u/64]>>(u%64)&1 == 1; onMap && !got {
			return fmt.Sprintf("unit %d at %d not in unitBits", u, s.loc)
		}
		if !onMap {
			continue
		}
		side, kind := int(g.e.hot[u].side), int(g.e.hot[u].kind)
		occ[side*n+s.loc]++
		kinds[(side*nKinds+kind)*n+s.loc]++
		if s.fresh {
			fresh[side*n+s.loc]++
			total[side]++
			if !g.e.b.zone[s.loc] {
				for _, y := range g.e.b.near[s.loc] {
					adj[side*n+y]++
				}
			}
		}
	}
	bit := func(set []uint64, row, loc int) bool { return set[row*w+loc/64]>>(loc%64)&1 == 1 }
	for side := range 2 {
		if total[side] != g.freshTotal[side] {
			return fmt.Sprintf("freshTotal[%d] %d, units say %d", side, g.freshTotal[side], total[side])
		}
		for loc := range n {
			i := side*n + loc
			switch {
			case occ[i] != g.occ[i] || bit(g.occBits, side, loc) != (occ[i] > 0):
				return fmt.Sprintf("occ side %d loc %d: %d (bit %v), units say %d", side, loc, g.occ[i], bit(g.occBits, side, loc), occ[i])
			case fresh[i] != g.freshOcc[i] || bit(g.freshBits, side, loc) != (fresh[i] > 0):
				return fmt.Sprintf("freshOcc side %d loc %d: %d (bit %v), units say %d", side, loc, g.freshOcc[i], bit(g.freshBits, side, loc), fresh[i])
			case adj[i] != g.freshAdj[i]:
				return fmt.Sprintf("freshAdj side %d loc %d: %d, units say %d", side, loc, g.freshAdj[i], adj[i])
			case bit(g.entrenchBits, side, loc) != (g.ent(side, loc) > 0):
				return fmt.Sprintf("entrenchBits side %d loc %d: %v, marker level %d", side, loc, bit(g.entrenchBits, side, loc), g.ent(side, loc))
			}
			for k := range nKinds {
				j := (side*nKinds+k)*n + loc
				if kinds[j] != g.kinds[j] || bit(g.kindBits, side*nKinds+k, loc) != (kinds[j] > 0) {
					return fmt.Sprintf("kinds side %d kind %d loc %d: %d (bit %v), units say %d", side, k, loc, g.kinds[j], bit(g.kindBits, side*nKinds+k, loc), kinds[j])
				}
			}
			for u := range g.units {
				s := g.units[u]
				want := s.status == onMap && s.loc == loc
				if got := g.unitBits[loc*uw+u/64]>>(u%64)&1 == 1; got != want {
					return fmt.Sprintf("unitBits loc %d unit %d: %v, units say %v", loc, u, got, want)
				}
			}
		}
	}
	return ""
}

// A unit set back on the map from off it (a script's setup of an
// eliminated unit, same side up) is counted where it now stands and no
// longer where it stood before it left: only a unit already on the map
// moves its counts from one location to another.
func TestSetupFromOffMapCounts(t *testing.T) {
	d, err := newScriptDriver(loadTest(t, testScenario), &playtest.Script{ID: "setup-from-off-map", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g := d.(*scriptDriver).g
	for _, s := range []playtest.Step{
		{Do: "setup", Unit: "u.sykes.inf", To: "20", Set: map[string]any{"side": "exhausted"}},
		{Do: "eliminate", Unit: "u.sykes.inf"},
		{Do: "setup", Unit: "u.sykes.inf", To: "18", Set: map[string]any{"side": "exhausted"}},
	} {
		if err := d.Act(&s); err != nil {
			t.Fatalf("%s: %v", s.Do, err)
		}
		if msg := countsDisagree(g); msg != "" {
			t.Fatalf("after %s %s: %s", s.Do, s.To, msg)
		}
	}
}
