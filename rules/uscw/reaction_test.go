package uscw

import (
	"maps"
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
)

// reactionGame is a fresh 1861 game with a Union MOVE stopped before hex
// p, having come from at.
func reactionGame(t *testing.T, at, p string) (*game, rules.Point, rules.Point) {
	t.Helper()
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := e.b.locate(at)
	q, _ := e.b.locate(p)
	g.pending = &pendingMove{side: "union", n: 1, at: a, pts: []rules.Point{q}, avoided: map[string]bool{}}
	return g, a, q
}

// findSide finds two adjacent hexes of the test map whose hexside has
// exactly the kinds given.
func findSide(t *testing.T, g *game, kinds ...string) (rules.Point, rules.Point) {
	t.Helper()
	b := g.e.b
	for _, p := range b.order {
		for _, n := range b.neighbors(p) {
			if strings.Join(b.topo.Side(p, n), ",") == strings.Join(kinds, ",") {
				return p, n
			}
		}
	}
	t.Fatalf("the test map has no %v hexside", kinds)
	return rules.Point{}, rules.Point{}
}

// The 9.4.1 modifiers the scripts do not reach (U647-649): Momentum,
// Rivers, Mountain hexsides with and without a Pass.
func TestReactionDRMs(t *testing.T) {
	g, _, _ := reactionGame(t, "3432", "3431")
	lee := g.gens["c.lee.ldr-general"]
	for _, c := range []struct {
		kinds []string
		avoid int
		setup func(q rules.Point)
		want  int
		says  string
	}{
		{[]string{"minor-river"}, kIntercept, nil, 2 - 1, "Rivers"},
		{[]string{"mountain"}, kIntercept, nil, 2 - 2, "-2 Mountain hexside"},
		{[]string{"mountain-pass"}, kIntercept, nil, 2 - 1, "Pass or Rail Gap"},
		{nil, kAvoid, func(q rules.Point) { g.demoral["confederate"][q] = true }, 2 + 1, "Momentum"},
		{nil, kAvoid, func(rules.Point) { g.pending.avoided[lee.id] = true }, 2 + 1, "Momentum"},
		{nil, kIntercept, func(rules.Point) { g.pending.avoided[lee.id] = true }, 2, "Defense"}, // Momentum is for Avoid Battle only
		{nil, kManeuver, func(p rules.Point) { g.sp["confederate"][p] = 1 }, 2, "Defense"},      // no Picket Line for Maneuver (U1755)
	} {
		q, p := findSide(t, g, c.kinds...)
		g.genAt = map[string]rules.Point{lee.id: q}
		g.sp["confederate"] = map[rules.Point]int{q: 2}
		g.demoral["confederate"] = map[rules.Point]bool{}
		g.pending.avoided = map[string]bool{}
		if c.setup != nil {
			c.setup(q)
			if c.avoid == kManeuver {
				c.setup(p)
			}
		}
		var why []string
		if got := g.reactionDRM(q, p, c.avoid, g.generalsAt("confederate", q), &why); got != c.want || !strings.Contains(strings.Join(why, ", "), c.says) {
			t.Errorf("%v avoid=%v: DRM %+d (%v), want %+d saying %q", c.kinds, c.avoid, got, why, c.want, c.says)
		}
	}
}

// 8.5 (U541): a Cavalry General as a subordinate gives at most +1; as
// the commander, or promoted with intrinsic cavalry (8.6), his rating.
func TestCavalryRatings(t *testing.T) {
	st := &general{name: "Stuart", cavalry: true, defense: 2}
	if got := battleRating(st, 2, true); got != 1 {
		t.Errorf("a Cavalry subordinate's 2 gives %d, want 1", got)
	}
	if got := battleRating(st, 2, false); got != 2 {
		t.Errorf("a Cavalry commander's 2 gives %d, want 2", got)
	}
	sh := &general{name: "Sheridan", rank: 1, cavalry: true}
	if !promoteCavalry(sh) || sh.rank != 2 || sh.cavalry || !sh.intrinsicCav || !cavalryBenefit(sh) {
		t.Errorf("Sheridan promoted: %+v, want a 2-star with intrinsic cavalry (8.6)", sh)
	}
	if got := battleRating(sh, 2, true); got != 2 {
		t.Errorf("promoted Sheridan as a subordinate gives %d, want 2 (not limited, U551)", got)
	}
	if lee := (&general{name: "Lee", rank: 2}); promoteCavalry(lee) || lee.intrinsicCav {
		t.Errorf("Lee took intrinsic cavalry")
	}
	if !outranks(&general{id: "b", rank: 1}, &general{id: "a", rank: 3, cavalry: true}) {
		t.Errorf("a 1-star does not outrank a 3-star Cavalry General (8.4)")
	}
}

// 8.5 (U541): the counters' `parenthesised` flag must agree with "Cavalry
// Generals with battle ratings greater than one have their ratings in
// parentheses"; a counter that contradicts it refuses the module, naming
// the General, either way round.
func TestParenthesisedFlagRead(t *testing.T) {
	compile := func(name string, flip bool) error {
		sf := loadScenario(t, scen1861)
		for i := range sf.Module.Counters.Counters {
			c := &sf.Module.Counters.Counters[i]
			if c.Name == name && flip {
				v := maps.Clone(c.Printed.Values)
				v["parenthesised"] = !v["parenthesised"].(bool)
				c.Printed.Values = v
			}
		}
		_, err := Compile(sf)
		return err
	}
	if err := compile("", false); err != nil {
		t.Fatalf("the test module's flags: %v", err)
	}
	for _, name := range []string{"Stuart", "Lee"} {
		err := compile(name, true)
		if err == nil || !strings.Contains(err.Error(), "8.5") || !strings.Contains(err.Error(), name) {
			t.Errorf("%s's flag flipped: %v, want a refusal naming 8.5 and %s", name, err, name)
		}
	}
}

// 8.3 (U533): a Cavalry Unit pays +1 MP to remove an enemy Control
// marker it moves through, nothing where it ends its move.
func TestCavalryMarkerCost(t *testing.T) {
	g, _, p := reactionGame(t, "3432", "3431")
	st := g.gens["c.stuart.ldr-general"]
	g.marker[p] = "union"
	if got := g.markerCost(st, "confederate", p, false); got != 1 {
		t.Errorf("passing through: %d MP, want 1", got)
	}
	if got := g.markerCost(st, "confederate", p, true); got != 0 {
		t.Errorf("ending there: %d MP, want 0", got)
	}
	if got := g.markerCost(g.gens["c.lee.ldr-general"], "confederate", p, false); got != 0 {
		t.Errorf("a General who is no Cavalry: %d MP, want 0", got)
	}
}

// An Avoid Battle into an enemy Fort's hex needs 11.1.2's odds: "the
// number of enemy SPs in the hex are outnumbered by the avoiding force by
// a margin of at least 7-1 (or 4-0)" (9.3.2, U616): 4 SPs against an
// unoccupied Fort, 7 against a Fort's 1 SP. Script 181 plays the capture.
func TestAvoidBattleIntoEnemyFort(t *testing.T) {
	g, _, q := reactionGame(t, "3431", "3430")
	g.sp["confederate"][q] = 3
	g.genAt["c.lee.ldr-general"] = q
	r, _ := g.e.b.locate("3530")
	if err := g.avoidStep(q, r); err != nil {
		t.Fatalf("3530 should qualify before the Fort: %v", err)
	}
	g.setWorks(r, works{fort: "union", level: 1})
	for _, c := range []struct{ avoiding, garrison int }{{3, 0}, {6, 1}} {
		g.sp["confederate"][q], g.sp["union"][r] = c.avoiding, c.garrison
		err := g.avoidStep(q, r)
		if err == nil || !strings.Contains(err.Error(), "9.3.2") || !strings.Contains(err.Error(), "4-0") {
			t.Errorf("%d SPs avoiding into a Union F1 Fort's hex with %d SPs: %v, want a 9.3.2 refusal naming the margin", c.avoiding, c.garrison, err)
		}
	}
	for _, c := range []struct{ avoiding, garrison int }{{4, 0}, {7, 1}} {
		g.sp["confederate"][q], g.sp["union"][r] = c.avoiding, c.garrison
		if err := g.avoidStep(q, r); err != nil {
			t.Errorf("%d SPs avoiding into a Union F1 Fort's hex with %d SPs: %v, want it to qualify", c.avoiding, c.garrison, err)
		}
	}
}

// 9.4.1 (U645): "+2 CAVALRY: If a Cavalry Unit is making the
// Interception/Avoid Battle or if a Cavalry General is present in the
// force": a Cavalry General left behind in the hex gives nothing, to an
// Interception or a Maneuver alike (U659's C); in the force he gives +2.
func TestCavalryInTheForce(t *testing.T) {
	g, _, _ := reactionGame(t, "3432", "3431")
	lee, st := g.gens["c.lee.ldr-general"], g.gens["c.stuart.ldr-general"]
	q, p := findSide(t, g)
	g.genAt = map[string]rules.Point{lee.id: q, st.id: q}
	g.sp["confederate"] = map[rules.Point]int{q: 3}
	for _, c := range []struct {
		kind  int
		force []*general
		want  int
	}{
		{kIntercept, []*general{lee}, 2},
		{kManeuver, []*general{lee}, 2},
		{kIntercept, []*general{lee, st}, 2 + 2},
		{kManeuver, []*general{st}, 2 + 2},
		{kAvoid, []*general{lee, st}, 2 + 2},
	} {
		var why []string
		if got := g.reactionDRM(q, p, c.kind, c.force, &why); got != c.want {
			t.Errorf("kind %d, %d General(s) in the force: DRM %+d (%v), want %+d", c.kind, len(c.force), got, why, c.want)
		}
	}
}
