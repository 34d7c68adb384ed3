package uscw

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
)

// Non-Playable Terrain (5.7, U305-307) on the made-up test map (gen.py):
// 1825 and 1826 completely non-playable, 1820 with a non-playable portion
// toward 1720, 1721 (the central trunk railroad crosses it) and 1819, and
// the Railroad Ferry 3036-3037 non-playable too. Land Movement, retreat,
// Avoid Battle, the LOC and the supply path's overland step are refused
// into the non-playable hexes and across the portion; the railroad and
// the Ferry keep theirs open; no ZOI reaches across the portion (read as
// impassable, 9.1 B). Script 240 plays the moves.
func TestNonPlayableTerrain(t *testing.T) {
	g, _, _ := reactionGame(t, "2920", "3020")
	b := g.e.b
	pt := func(id string) rules.Point {
		p, err := b.locate(id)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		from, to string
		open     bool
	}{
		{"1824", "1825", false}, {"1925", "1825", false}, {"1827", "1826", false},
		{"1819", "1820", false}, {"1720", "1820", false}, {"1820", "1720", false}, {"1820", "1819", false},
		{"1721", "1820", true}, {"1820", "1721", true}, {"1921", "1820", true}, {"3036", "3037", true}, {"1824", "1924", true},
	} {
		from, to := pt(c.from), pt(c.to)
		_, _, err := b.stepCost(from, to)
		if (err == nil) != c.open {
			t.Errorf("Land Movement %s-%s: open %v, want %v (%v)", c.from, c.to, err == nil, c.open, err)
		}
		if err != nil && !strings.Contains(err.Error(), "5.7") {
			t.Errorf("Land Movement %s-%s refused without 5.7: %v", c.from, c.to, err)
		}
		st := stepOf(t, b, from, to)
		if (st.cost >= 0) != c.open {
			t.Errorf("the compiled step %s-%s (moves, the LOC, the bots) costs %d, open want %v", c.from, c.to, st.cost, c.open)
		}
		if c.from != "3036" && !b.nonPlayableHex(to) { // the ferry bars Reaction as an unbridged river (5.4.4); a hex by prohib
			if k := g.barrier("union", from, to); (k == "") != c.open {
				t.Errorf("barrier %s-%s is %q, open want %v (ZOI, Avoid Battle, Maneuver, retreat)", c.from, c.to, k, c.open)
			}
		}
		if !b.nonPlayableHex(to) && g.overlandStep("union", from, to) != c.open {
			t.Errorf("the supply path's overland step %s-%s: open %v, want %v (13.3.2 U979)", c.from, c.to, !c.open, c.open)
		}
	}
	r := &pendingRetreat{side: "union", from: pt("1824"), attacker: pt("1723"), attackFrom: pt("1723")}
	if err := g.retreatStep(r, 1, pt("1824"), pt("1825")); err == nil || !strings.Contains(err.Error(), "prohibited") {
		t.Errorf("a retreat into the non-playable 1825: %v", err)
	}
	r = &pendingRetreat{side: "union", from: pt("1819"), attacker: pt("1818"), attackFrom: pt("1818")}
	if err := g.retreatStep(r, 1, pt("1819"), pt("1820")); err == nil || !strings.Contains(err.Error(), "non-playable") {
		t.Errorf("a retreat across the non-playable portion 1819-1820: %v", err)
	}
	if err := g.retreatStep(r, 1, pt("1721"), pt("1820")); err != nil {
		t.Errorf("a retreat along the railroad 1721-1820: %v", err)
	}
	if err := g.avoidStep(pt("1824"), pt("1825")); err == nil || !strings.Contains(err.Error(), "prohibited") {
		t.Errorf("Avoid Battle into the non-playable 1825: %v", err)
	}
	if err := g.avoidStep(pt("1819"), pt("1820")); err == nil || !strings.Contains(err.Error(), "non-playable") {
		t.Errorf("Avoid Battle across the non-playable portion 1819-1820: %v", err)
	}
	for _, p := range g.within("union", pt("1824"), locMPs) {
		if b.nonPlayableHex(p) {
			t.Errorf("the LOC from 1824 enters the non-playable %s", b.ids[p])
		}
	}
	if g.landable("union", pt("4519")) || b.refuseProhibitedLanding(pt("4519")) == nil {
		t.Error("a Naval Transport may end in the Swamp 4519 on the river 4518-4519 (5.7: only 'to move through')")
	}
	if err := b.refuseProhibitedLanding(pt("1825")); err == nil || !strings.Contains(err.Error(), "5.7") {
		t.Errorf("a Naval Transport landing in the non-playable 1825: %v", err)
	}
	g.addSP("confederate", pt("1819"), 1)
	g.touch(pt("1819"))
	if g.inEnemyZOI("union", pt("1820")) {
		t.Error("a Confederate SP in 1819 exerts a ZOI across the non-playable portion into 1820")
	}
	g.addSP("confederate", pt("1921"), 1)
	g.touch(pt("1921"))
	if !g.inEnemyZOI("union", pt("1820")) {
		t.Error("a Confederate SP in 1921 exerts no ZOI into 1820 across an open hexside")
	}
}

func stepOf(t *testing.T, b *board, from, to rules.Point) step {
	t.Helper()
	for _, st := range b.next[b.index[from]] {
		if st.to == b.index[to] {
			return st
		}
	}
	t.Fatalf("%s-%s: no step", b.ids[from], b.ids[to])
	return step{}
}
