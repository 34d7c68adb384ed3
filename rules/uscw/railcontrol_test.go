package uscw

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/musterhq/muster/rules"
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

// The bridge 3020-3021 likewise, from a source in Full Supply (6.5.1,
// U409): in 1861, with Union SPs holding the Town 3021 and the Resource
// Hex 3020 across the bridge, the Union line from Pennsylvania's
// Objective Hex 2621 runs 2922, 3021, over the uncontrolled bridge to
// 3020 and on to 2918; 3020's own Supply Path is the one hex over the
// bridge's hexside to the railed 3021 (13.3.2). Under Confederate Naval
// Control the line stops at 3021, and 3020, whose hexside to 3021 is now
// enemy-controlled, is in no Full Supply, so no source: 3020 and 2918
// are nobody's. Under the Union's own the line crosses.
func TestRailControlBridgeNavalControl(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		nav    int8
		far    string // 3020's and 2918's railroad
		supply supplyLevel
	}{{navNone, "union", fullSupply}, {navUnion, "union", fullSupply}, {navConfederate, "", limitedSupply}} {
		g, err := newGame(e, 1)
		if err != nil {
			t.Fatal(err)
		}
		g.addSP("union", e.b.pts["3021"], 2)
		g.addSP("union", e.b.pts["3020"], 2)
		plantNaval(t, g, "3020", "3021", c.nav)
		if got := g.railController(e.b.pts["3021"]); got != "union" {
			t.Errorf("Naval Control %d of the bridge 3020-3021: 3021's railroad is %q's, want the Union's", c.nav, got)
		}
		want := c.far
		if got := g.railController(e.b.pts["3020"]); got != want {
			t.Errorf("Naval Control %d of the bridge 3020-3021: 3020's railroad is %q's, want %q's", c.nav, got, want)
		}
		if got := g.railController(e.b.pts["2918"]); got != want {
			t.Errorf("Naval Control %d of the bridge 3020-3021: 2918's railroad is %q's, want %q's", c.nav, got, want)
		}
		if got := g.supplyAt("union", e.b.pts["3020"]); got != c.supply {
			t.Errorf("Naval Control %d of the bridge 3020-3021: the Union in 3020 %v, want %v", c.nav, got, c.supply)
		}
		if v := g.railViolations(); len(v) > 0 {
			t.Error(v)
		}
	}
}

// 17.1.3 (U1368) closes Kentucky to Supply Paths and LOCs, not to
// Railroad Control's lines (6.5.1 names no such bar): from a source the
// line runs into neutral Kentucky. The test map's only line into it from
// a source (2649) has no source in Full Supply while Kentucky is neutral
// (its Supply Path runs through Kentucky: script 340), so the lines'
// search (railReach) is asked directly, from 2649.
func TestRailLinesEnterNeutralKentucky(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !g.kentuckyNeutral() {
		t.Fatal("the premise: Kentucky neutral in 1861")
	}
	rg := e.b.rails
	ctl := g.railHexControllers()
	zoi := g.railZOIs("union")
	open := func(i int) bool { return ctl[i] != "confederate" && !zoi[i] }
	reach := g.railReach("union", open, g.naval(), g.railsBuilt1864(), []int{rg.railIdx[e.b.pts["2649"]]})
	for _, h := range []string{"2644", "2643", "2543", "2443", "2344", "1647"} {
		if !reach[rg.railIdx[e.b.pts[h]]] {
			t.Errorf("the line from 2649 does not reach %s through neutral Kentucky", h)
		}
	}
	if g.railControlled("union", e.b.pts["2643"]) {
		t.Error("2643 is the Union's while 2649 is in no Full Supply (U409)")
	}
}

// railFixedPoint's later rounds keep the Primary Supply Sources decided
// in the round before whose LOC scan asked no rail segment (nextRailRound).
// At every 3rd position of random 1861 games and whole 20-turn campaign
// games (the Automatic Victories taken out): every source answer of the
// caches railFixedPoint returns is the one decided afresh under the same
// lines; and, every candidate decided under the position's lines, a next
// round under none of the side's lines (the fewest) keeps answers that
// are the fresh ones under no lines. (The sources whose scan asked a rail
// segment are asked again; in these games they keep their answer too, so
// the test cannot fail when every source is kept: it pins the kept ones.)
func TestRailRoundsKeepSources(t *testing.T) {
	flipped, railed := 0, 0
	for _, path := range []string{scen1861, scenCampaign} {
		sf := loadScenario(t, path)
		sf.Scenario.Victory.Automatic = nil
		ng, err := Ruleset{}.Compile(sf, nil)
		if err != nil {
			t.Fatal(err)
		}
		asked, kept := 0, 0
		for seed := uint64(1); seed <= 2; seed++ {
			gm, err := ng(seed)
			if err != nil {
				t.Fatal(err)
			}
			x := gm.(*Game)
			rng := rand.New(rand.NewPCG(seed, 9))
			for n := 0; !x.Over(); n++ {
				if g := x.g; n%3 == 0 && g.assaultNaval == nil {
					where := func(side string, i int) string {
						return fmt.Sprintf("%s seed %d action %d: %s as a %s Primary Supply Source", path, seed, n, g.e.b.ids[g.e.b.order[i]], side)
					}
					_, caches := g.railFixedPoint(false)
					for k, side := range sides {
						c := caches[k]
						fresh := g.newSupplyCache()
						fresh.built, fresh.rc = c.built, c.rc
						for i, v := range c.source {
							if v == 0 {
								continue
							}
							asked++
							if now := g.isSourceAt(side, i, fresh); now != (v == 2) {
								t.Fatalf("%s: kept %v, decided afresh under the same lines %v", where(side, i), v == 2, now)
							}
						}
						// The fewest lines: the side's taken out.
						all := g.newSupplyCache()
						all.built, all.rc = c.built, g.railControl()
						for i := range all.source {
							g.isSourceAt(side, i, all)
						}
						none := &railControl{owner: slices.Clone(all.rc.owner)}
						for r, o := range none.owner {
							if o == side {
								none.owner[r] = ""
							}
						}
						next := g.nextRailRound(all)
						next.built, next.rc = c.built, none
						fresh = g.newSupplyCache()
						fresh.built, fresh.rc = c.built, none
						for i, v := range next.source {
							now := g.isSourceAt(side, i, fresh)
							if v != 0 && all.source[i] != v {
								t.Fatalf("%s: %v under the position's lines, %v kept", where(side, i), all.source[i], v)
							}
							if v == 2 {
								kept++
								if now != (v == 2) {
									t.Fatalf("%s: kept %v from the position's lines, decided afresh under none of the side's %v", where(side, i), v == 2, now)
								}
							} else if all.source[i] == 2 {
								railed++ // asked a rail segment
								if !now {
									flipped++ // and no source without the lines
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
		t.Logf("%s: %d source answers of railFixedPoint and %d kept under no lines asked afresh", path, asked, kept)
	}
	t.Logf("of %d sources whose scan asked a rail segment, %d are none without the side's lines", railed, flipped)
}
