package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
)

// The compiled rail net of the made-up test module (gen.py's railroad
// section): the ferry and the bridge over the row-30 river, the yellow
// 1864 lines, the north-edge exits, and what a step along them costs.
func TestRailGraph(t *testing.T) {
	e, err := Compile(loadScenario(t, scenCampaign))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	pt := func(id string) rules.Point {
		t.Helper()
		q, err := b.locate(id)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	edge := func(a, c string) railEdge {
		t.Helper()
		x, ok := b.railEdgeOf(pt(a), pt(c))
		if !ok {
			t.Fatalf("no rail edge %s-%s", a, c)
		}
		return x
	}
	if x := edge("3036", "3037"); !x.ferry || x.bridge {
		t.Errorf("3036-3037: want a Railroad Ferry, got %+v", x)
	}
	if x := edge("3020", "3021"); x.ferry || !x.bridge {
		t.Errorf("3020-3021: want a railroad bridge, got %+v", x)
	}
	if x := edge("4214", "4215"); !x.from1864 {
		t.Errorf("4214-4215: want a yellow 1864 line, got %+v", x)
	}
	if _, ok := b.railEdgeOf(pt("3037"), pt("3038")); ok {
		t.Errorf("3037-3038: no railroad runs there")
	}
	if n := len(b.rails.north); n != 4 {
		t.Errorf("want 4 rail hexes on the north edge, got %d", n)
	}
	cost := func(a, c string, built bool) int {
		t.Helper()
		n, _, err := b.stepCostBuilt(pt(a), pt(c), built)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// The bridge: 1 MP, the river's +1 ignored (5.4.1); the ferry: the
	// river's +1 and the hex's cost, as with no railroad (5.4.4).
	if got := cost("3020", "3021", false); got != 1 {
		t.Errorf("bridge step: want 1 MP, got %d", got)
	}
	want := b.cost[b.hexes[pt("3037")].Terrain] + 1
	if got := cost("3036", "3037", false); got != want {
		t.Errorf("ferry step by land: want %d MP, got %d", want, got)
	}
	// The yellow line costs as terrain until built.
	if got, want := cost("4417", "4518", false), b.cost[b.hexes[pt("4518")].Terrain]; got != want {
		t.Errorf("4417-4518 unbuilt: want the terrain's %d MP, got %d", want, got)
	}
	if got := cost("4417", "4518", true); got != 1 {
		t.Errorf("4417-4518 built: want 1 MP, got %d", got)
	}
}

// The yellow lines are built from the Turn Record Track's Winter 1864
// turn (5.4.5, U287: "At the beginning of the Winter 1864 Game Turn all
// of these railroads are considered built no matter which side controls
// them"): Railroad Control then runs along them.
func TestRailroads1864(t *testing.T) {
	e, err := Compile(loadScenario(t, scenCampaign))
	if err != nil {
		t.Fatal(err)
	}
	winter := 0
	for _, tt := range e.track.Turns {
		if tt.Year == 1864 && tt.Season == "winter" {
			winter = tt.Turn
		}
	}
	if winter == 0 {
		t.Fatal("the test module's Turn Record Track has no Winter 1864 turn")
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	p, err := e.b.locate("4316") // on rr-1864-gulf, between the Confederate 4214 and 4619
	if err != nil {
		t.Fatal(err)
	}
	g.turn = winter - 1
	if g.railsBuilt1864() || g.railController(p) != "" {
		t.Errorf("turn %d: the 1864 lines are not built yet (4316 controlled by %q)", g.turn, g.railController(p))
	}
	g.turn = winter
	if !g.railsBuilt1864() || g.railController(p) != "confederate" {
		t.Errorf("turn %d (Winter 1864): want the line built and 4316 Confederate, got %q", g.turn, g.railController(p))
	}
}
