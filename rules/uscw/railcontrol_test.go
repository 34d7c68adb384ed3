package uscw

import (
	"slices"
	"testing"
)

// The cost of one Railroad Control computation on the campaign's opening
// position (the cache bypassed): what a position change costs.
func BenchmarkRailControl(b *testing.B) {
	e, err := Compile(loadScenario(b, scenCampaign))
	if err != nil {
		b.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		g.computeRailControl()
	}
}

// The kept control's lookup: the position's version and a map read.
func BenchmarkRailControlCached(b *testing.B) {
	e, err := Compile(loadScenario(b, scenCampaign))
	if err != nil {
		b.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		b.Fatal(err)
	}
	p := e.b.rails.railHexs[0]
	b.ResetTimer()
	for range b.N {
		g.railController(p)
	}
}

// plantNaval sets the Naval Control of the Navigable River hexside a-c
// (the test map's bridge and ferry are lone Type 2 hexsides whose
// control could come only from their own two hexes, whose control stops
// a line anyway, so no script reaches this: the control is planted).
func plantNaval(t *testing.T, g *game, a, c string, v int8) {
	t.Helper()
	b := g.e.b
	s, ok := b.ww.side(b.index[b.pts[a]], b.index[b.pts[c]])
	if !ok {
		t.Fatalf("%s-%s is no Navigable River hexside", a, c)
	}
	ctrl := slices.Clone(g.naval())
	ctrl[s] = v
	g.navalC = &navalCache{key: g.navalKey(nil), ctrl: ctrl}
	g.ver++ // the position changed
}

// 6.5.1 (U411): the line back may not "Use a railroad bridge over a
// Navigable River hexside controlled by the enemy (5.4.3)"; a Railroad
// Ferry likewise (5.4.4, U283). In 1862 the Union line crosses the ferry
// 3036-3037 into 3037; under Confederate Naval Control it may not, and
// the Confederate line from 3236 takes 3037 (under the Union's own, the
// Union keeps it).
func TestRailControlNavalControl(t *testing.T) {
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/02-1862.json"))
	if err != nil {
		t.Fatal(err)
	}
	at := e.b.pts["3037"]
	for _, c := range []struct {
		nav  int8
		want string
	}{{navNone, "union"}, {navUnion, "union"}, {navConfederate, "confederate"}} {
		g, err := newGame(e, 1)
		if err != nil {
			t.Fatal(err)
		}
		plantNaval(t, g, "3036", "3037", c.nav)
		if got := g.railController(at); got != c.want {
			t.Errorf("Naval Control %d of the ferry 3036-3037: 3037's railroad is %q's, want %q's", c.nav, got, c.want)
		}
	}
}

// The railroad bridge 3020-3021 bridges the Navigable River for 9.1's ZOI,
// Avoid Battle, Maneuver and Retreat unless the enemy has Naval Control
// of it (5.4.3, U277: "treat the Navigable River hexside as if no
// railroad bridge exists there"); the Railroad Ferry 3036-3037 never does
// (5.4.4, U281: "For Land Movement and Reaction (9.0) it is treated as an
// unbridged hexside").
func TestRailroadBridgeBarrier(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	bridge := func(side string) string { return g.barrier(side, b.pts["3020"], b.pts["3021"]) }
	if k := bridge("union") + bridge("confederate"); k != "" {
		t.Errorf("the uncontrolled bridge 3020-3021 stops a side (%q)", k)
	}
	if k := g.barrier("union", b.pts["3036"], b.pts["3037"]); k != "navigable-river-type-2" {
		t.Errorf("the ferry 3036-3037: barrier %q, want navigable-river-type-2", k)
	}
	if !g.zoi("confederate", b.pts["3021"], b.pts["3020"]) {
		t.Error("a Confederate ZOI does not cross the uncontrolled bridge 3021-3020 (9.1A)")
	}
	plantNaval(t, g, "3020", "3021", navUnion)
	if bridge("union") != "" || bridge("confederate") != "navigable-river-type-2" {
		t.Errorf("under Union Naval Control the bridge stops the union %q, the confederate %q: want only the confederate", bridge("union"), bridge("confederate"))
	}
	if g.zoi("confederate", b.pts["3021"], b.pts["3020"]) {
		t.Error("under Union Naval Control a Confederate ZOI crosses the bridge 3021-3020")
	}
}
