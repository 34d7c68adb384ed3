package lgv

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/musterhq/muster/rules"
)

// The sim's view of a game (simgame.go): the value of a position, the
// outcome, the names of actions and the sensible bot's weights, each
// pinned on small positions with values worked out by hand.

// Value is the VP the Union would have if the game ended now (17.2: the
// VP Track, the VP Areas held with a path to Zones L-O, +1/-1 per unit
// eliminated, the KIA values; after the final count the VP Track alone,
// which holds them all), 100 more for a Union victory and 100 less for a
// Confederate one; the Confederate's value is its negative ("The
// Confederate side does not receive Victory Points. Victory depends
// solely on the Union Victory Point total", 17.2, line 784).
func TestValue(t *testing.T) {
	position := func() *Game {
		// As in 17-vp-areas-path: Griffin holds Prospect Hill (6), next to
		// Elys Ford (56) and Zone N; the other five VP Areas are the
		// Confederate's.
		x := scriptGame(t, nil,
			rules.Step{Do: "setup", Unit: "c.jackson.ldr-corps", To: "14"},
			rules.Step{Do: "setup", Unit: "c.rodes.ldr-div", To: "14"},
			rules.Step{Do: "setup", Unit: "c.colquitt.inf", To: "14"},
			rules.Step{Do: "setup", Unit: "c.doles.inf", To: "14"},
			rules.Step{Do: "setup", Unit: "c.o-neal.inf", To: "14"},
			rules.Step{Do: "setup", Unit: "c.ramseur.inf", To: "14"},
			rules.Step{Do: "setup", Unit: "c.mcintosh.art", To: "14"},
			rules.Step{Do: "setup", Unit: "u.griffin.inf", To: "6"},
			rules.Step{Do: "control", Side: "union", Hexes: []string{"6"}},
			rules.Step{Do: "track", Track: "vp", Value: 5, Note: "5 VP from earlier End Phases"},
			rules.Step{Do: "eliminate", Unit: "c.archer.inf", Note: "+1"},
			rules.Step{Do: "setup", Unit: "c.lee.ldr-army", Set: map[string]any{"status": "kia"}, Note: "+3 'if the Lee Leader is KIA'"},
			rules.Step{Do: "setup", Unit: "u.berry.inf", Set: map[string]any{"status": "permanent"}, Note: "-1"},
			rules.Step{Do: "setup", Unit: "u.couch.ldr-corps", Set: map[string]any{"status": "kia"}, Note: "-1 a Union Leader KIA"},
		)
		return x
	}
	// 5 + 1 (Prospect Hill) + 1 + 3 - 1 - 1 = 8.
	cases := []struct {
		name       string
		end        func(g *game)
		union, con float64
	}{
		{"in play", func(*game) {}, 8, -8},
		{"over without a level", func(g *game) { g.finish(-1, "no level") }, 8, -8},
		{"a Union Automatic Victory", func(g *game) { g.finish(union, "Union Automatic Victory") }, 108, -108},
		{"a Confederate Automatic Victory", func(g *game) { g.finish(confederate, "Confederate Automatic Victory") }, -92, 92},
		// The End Phase of Turn 6: no Automatic Victory (the Union holds
		// Areas 3 and 6 of the Confederate sector, 17.1.2), Prospect Hill
		// scores 1 and the eliminations 2: 5 + 1 + 2 = 8 VP, a Union
		// Marginal Victory (17.3: 8 or 9 VP). Counted once.
		{"the final Victory Check", func(g *game) {
			g.turn = g.e.turns
			g.endPhase()
			if g.stage != stOver || g.vp != 8 || g.level != "Union Marginal Victory" {
				t.Fatalf("the final count came to %d VP, %q", g.vp, g.level)
			}
		}, 108, -108},
	}
	for _, c := range cases {
		x := position()
		c.end(x.g)
		if got := x.Value("union"); got != c.union {
			t.Errorf("%s: Value(union) = %v, want %v", c.name, got, c.union)
		}
		if got := x.Value("confederate"); got != c.con {
			t.Errorf("%s: Value(confederate) = %v, want %v", c.name, got, c.con)
		}
	}
}

// Outcome tags count the turns 2-6 whose Momentum Phase the Union won
// (turn 1 is the Union's by 6.1.1) and name who won turn 2's, once there
// was a turn 2; a scenario longer than the game's six turns is counted
// over turns 2-6 too.
func TestOutcomeTags(t *testing.T) {
	e := testEngine(t)
	sf := loadTest(t, testScenario)
	sf.Scenario.Length.Turns = 8
	long, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	const u, c = union, confederate
	cases := []struct {
		name     string
		e        *Engine
		turn     int
		momentum [7]int // by turn, 1-6
		won      string
		turn2    string // "": no tag
	}{
		{"turn 6: the Union won turns 3, 4 and 6", e, 6, [7]int{0, u, c, u, u, c, u}, "3", "confederate"},
		{"ended on turn 2, won by the Union (turns 3-6 unplayed)", e, 2, [7]int{0, u, u, u, u, u, u}, "1", "union"},
		{"ended on turn 1", e, 1, [7]int{0, u, u, u, u, u, u}, "0", ""},
		{"turn 8 of an 8-turn scenario", long, 8, [7]int{0, u, u, u, u, u, u}, "5", "union"},
	}
	for _, cs := range cases {
		x, err := cs.e.Sim(1)
		if err != nil {
			t.Fatal(err)
		}
		g := x.(*Game)
		g.g.turn, g.g.momentumBy, g.g.vp = cs.turn, cs.momentum, 9
		g.g.finish(union, "Union Marginal Victory") // 8 or 9 VP (17.3)
		o := g.Outcome()
		if o.Turns != cs.turn || o.VP != 9 || o.Winner != "union" || o.Level != "Union Marginal Victory" {
			t.Errorf("%s: outcome %+v", cs.name, o)
		}
		if got := o.Tags["union-momentum-turns-2-6"]; got != cs.won {
			t.Errorf("%s: union-momentum-turns-2-6 = %q, want %q", cs.name, got, cs.won)
		}
		got, ok := o.Tags["turn-2-momentum"]
		if cs.turn2 == "" && ok {
			t.Errorf("%s: turn-2-momentum = %q before turn 2 was played", cs.name, got)
		}
		if cs.turn2 != "" && got != cs.turn2 {
			t.Errorf("%s: turn-2-momentum = %q, want %q", cs.name, got, cs.turn2)
		}
	}
}

// An action naming a unit or location the game does not have is named
// by number and refused with an error, not a panic.
func TestDescribeOutOfRange(t *testing.T) {
	e := testEngine(t)
	x, err := e.Sim(1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := x.Describe(act(aMove, e.byID["u.brooks.inf"], e.b.lookup("10"))), "move u.brooks.inf to 10"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
	nu, nl := len(e.units), len(e.b.ids)
	for _, c := range []struct {
		a    rules.Action
		want string
	}{
		{act(aMove, nu, 0), fmt.Sprintf("move unit %d to %s", nu, e.b.ids[0])},
		{act(aMove, 0, nl), fmt.Sprintf("move %s to location %d", e.units[0].id, nl)},
	} {
		if got := x.Describe(c.a); got != c.want {
			t.Errorf("Describe = %q, want %q", got, c.want)
		}
		var re *rules.RuleError
		if err := x.Apply(c.a); !errors.As(err, &re) {
			t.Errorf("Apply(%s) = %v, want a rule error", c.want, err)
		}
	}
}

// scriptGame plays steps of a forced-dice script from the start of the
// test scenario and hands the game over as the sim sees it.
func scriptGame(t *testing.T, dice []int, steps ...rules.Step) *Game {
	t.Helper()
	drv, err := newScriptDriver(loadTest(t, testScenario), &rules.Script{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	d := drv.(*scriptDriver)
	d.g.forced, d.g.forcedOnly = append([]int(nil), dice...), true
	for i := range steps {
		if err := d.Act(&steps[i]); err != nil {
			t.Fatalf("step %d %+v: %v", i, steps[i], err)
		}
	}
	return &Game{g: d.g, seed: 1}
}

// play applies one more step to a game of scriptGame.
func play(t *testing.T, x *Game, s rules.Step) {
	t.Helper()
	d := &scriptDriver{e: x.g.e, g: x.g, log: rules.NewEventLog("", 1)}
	if err := d.Act(&s); err != nil {
		t.Fatalf("%+v: %v", s, err)
	}
}

// The sensible bot re-rolls a Combat or Bombardment Resolution only when
// the dice went against it: a Repulse or Stalemate for the Attacker (no
// effect in a Bombardment), a Success or Overrun for the Defender
// (Weight 1); not a roll that went its way (Weight 0).
func TestWeightCombatReroll(t *testing.T) {
	rerollAdv, rerollMarker := act(aRerollAdv, 0, 0), act(aRerollMarker, 0, 0)
	// Brooks (Attack Factor 4) assaults Wright (Defense Factor 3, Fresh,
	// alone) in Area 10, TEM 2: AV 4, DV 5 (as in
	// 13-reroll-advantage-combat). The Union rolls first, then the
	// Confederate (9.4.1).
	assault := []rules.Step{
		{Do: "setup", Unit: "c.wright.inf", To: "10"},
		{Play: "continue"},
		{Play: "assault", At: "3"},
		{Play: "move", Unit: "u.brooks.inf", To: "10"},
		{Play: "attack", At: "10"},
	}
	for _, c := range []struct {
		name     string
		dice     []int
		result   string
		atk, def float64 // the Attacker's and the Defender's weight of a re-roll
	}{
		{"Repulse: AT 4+2 = 6 < DT 5+12 = 17", []int{1, 1, 6, 6}, "repulse", 1, 0},
		{"Stalemate: AT 4+8 = 12 = DT 5+7", []int{4, 4, 3, 4}, "stalemate", 1, 0},
		{"Success: AT 4+6 = 10 > DT 5+4 = 9, 1 CP", []int{3, 3, 2, 2}, "success", 0, 1},
		// 9 CP, more than Wright alone can absorb (3, eliminated Fresh,
		// 11.1A), and no Entrenchment in Area 10.
		{"Overrun: AT 4+12 = 16, DT 5+2 = 7", []int{6, 6, 1, 1}, "overrun", 0, 1},
	} {
		x := scriptGame(t, c.dice, assault...)
		if x.ToAct() != "union" || x.g.stage != stReroll {
			t.Fatalf("%s: %s decides %s, want the Union's re-roll", c.name, x.ToAct(), stageNames[x.g.stage])
		}
		// The Union holds the Advantage and a Re-Roll marker.
		if w := x.Weight(rerollAdv, "union"); w != c.atk {
			t.Errorf("%s: the Attacker's Advantage re-roll weighs %v, want %v", c.name, w, c.atk)
		}
		if w := x.Weight(rerollMarker, "union"); w != c.atk {
			t.Errorf("%s: the Attacker's Re-Roll marker weighs %v, want %v", c.name, w, c.atk)
		}
		play(t, x, rules.Step{Play: "accept"})
		if x.ToAct() != "confederate" || x.g.stage != stReroll {
			t.Fatalf("%s: %s decides %s, want the Confederate's re-roll", c.name, x.ToAct(), stageNames[x.g.stage])
		}
		if w := x.Weight(rerollMarker, "confederate"); w != c.def {
			t.Errorf("%s: the Defender's Re-Roll marker weighs %v, want %v", c.name, w, c.def)
		}
		play(t, x, rules.Step{Play: "accept"})
		if x.g.last.result != c.result {
			t.Fatalf("%s: the roll came to %s, not %s as worked out", c.name, x.g.last.result, c.result)
		}
	}
	// A Union Bombardment of Area 6 from Area 56 (as in
	// 10-bombard-adjacent): AV 5 +1 = 6, DV TEM 2 +1 = 3. Only the
	// Advantage may re-roll it (13.1A, 13.3).
	bombard := []rules.Step{
		{Do: "setup", Unit: "u.ny-artillery.art", To: "56"},
		{Do: "setup", Unit: "u.us-artillery.art", To: "56"},
		{Play: "continue"},
		{Play: "bombard", At: "6"},
		{Play: "bombard-with", Unit: "u.us-artillery.art"},
		{Play: "primary", Unit: "c.colquitt.inf"},
	}
	for _, c := range []struct {
		name   string
		dice   []int
		result string
		atk    float64
	}{
		{"a hit: AT 6+10 = 16 > DT 3+6 = 9", []int{5, 5, 3, 3}, "hit", 0},
		{"no effect: AT 6+2 = 8 < DT 3+12 = 15", []int{1, 1, 6, 6}, "no-effect", 1},
	} {
		x := scriptGame(t, c.dice, bombard...)
		if x.ToAct() != "union" || x.g.stage != stReroll {
			t.Fatalf("%s: %s decides %s, want the Union's re-roll", c.name, x.ToAct(), stageNames[x.g.stage])
		}
		if w := x.Weight(rerollAdv, "union"); w != c.atk {
			t.Errorf("Bombardment, %s: the Advantage re-roll weighs %v, want %v", c.name, w, c.atk)
		}
		play(t, x, rules.Step{Play: "accept"})
		if x.g.last.result != c.result {
			t.Fatalf("%s: the roll came to %s, not %s as worked out", c.name, x.g.last.result, c.result)
		}
	}
}

// The Advantage spent on the Momentum Retention die (13.1A) pays when a
// new 1D6 turns the roll at least as often as not (6.2.5, lines
// 390-397: at Activation N a roll of 1 to min(N-1, 5) loses Momentum, a
// 6 always keeps it). The side with Momentum that lost it keeps it on
// a re-roll with 6-(N-1) faces of 6: 5 at Activation 2, 3 at 4 (pays),
// 2 at 5, 1 at 6 and after (does not). The other side, against which the
// roll kept Momentum, turns it with N-1 faces: 1 at 2, 2 at 3 (does not
// pay), 3 at 4, 5 at 6 and after (pays).
func TestWeightRetentionReroll(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		activation int
		lost       bool // the roll lost Momentum: the mover asks
		want       float64
	}{
		{2, true, 1}, {3, true, 1}, {4, true, 1}, {5, true, 0}, {6, true, 0}, {9, true, 0},
		{2, false, 0}, {3, false, 0}, {4, false, 1}, {5, false, 1}, {6, false, 1}, {9, false, 1},
	} {
		x, err := e.Sim(1)
		if err != nil {
			t.Fatal(err)
		}
		g := x.(*Game)
		g.g.stage, g.g.mover, g.g.activation = stRetentionReroll, union, c.activation
		g.g.rrSide = union
		if !c.lost {
			g.g.rrSide = confederate
		}
		side := sideNames[g.g.rrSide]
		if got := g.Weight(act(aRerollAdv, 0, 0), side); got != c.want {
			t.Errorf("activation %d, Momentum lost %v: the %s re-roll weighs %v, want %v", c.activation, c.lost, side, got, c.want)
		}
		if got := g.Weight(act(aAccept, 0, 0), side); got != 1 {
			t.Errorf("activation %d: accepting weighs %v, want 1", c.activation, got)
		}
	}
}

// A retreat the sensible bot never takes is one that can only eliminate
// the unit (11.2.4); any other weighs 1. An attacker retreating after a
// Stalemate goes back into the Area it entered from (11.2, line 623).
func TestWeightRetreats(t *testing.T) {
	t.Run("attacker retreat after a Stalemate", func(t *testing.T) {
		// 11-attacker-retreat-on-from-entry with a Stalemate and Area 17
		// left to the Confederate: Griffin, Sykes and Humphries enter
		// Area 10 from Area 18, where five Union units stay. AV 9
		// (Griffin 4, +2 +2, +1 V Corps), DV 3 (Wright Exhausted 1, +2
		// TEM): AT 9+2 = 11 = DT 3+8.
		x := scriptGame(t, []int{1, 1, 4, 4},
			rules.Step{Do: "setup", Unit: "u.griffin.inf", To: "18"},
			rules.Step{Do: "setup", Unit: "u.sykes.inf", To: "18"},
			rules.Step{Do: "setup", Unit: "u.humphries.inf", To: "18"},
			rules.Step{Do: "setup", Unit: "u.french.inf", To: "18"},
			rules.Step{Do: "setup", Unit: "u.hancock.inf", To: "18"},
			rules.Step{Do: "setup", Unit: "u.gibbon.inf", To: "18"},
			rules.Step{Do: "setup", Unit: "u.birney.inf", To: "18"},
			rules.Step{Do: "setup", Unit: "u.berry.inf", To: "18"},
			rules.Step{Do: "setup", Unit: "c.wright.inf", To: "10", Set: map[string]any{"side": "exhausted"}},
			rules.Step{Do: "control", Side: "union", Hexes: []string{"18"}},
			rules.Step{Play: "continue"},
			rules.Step{Play: "assault", At: "18"},
			rules.Step{Play: "move", Unit: "u.griffin.inf", To: "10"},
			rules.Step{Play: "move", Unit: "u.sykes.inf", To: "10"},
			rules.Step{Play: "move", Unit: "u.humphries.inf", To: "10"},
			rules.Step{Play: "attack", At: "10"},
			rules.Step{Play: "lead", Unit: "u.griffin.inf"},
			rules.Step{Play: "accept"},
			rules.Step{Play: "accept"},
		)
		if x.g.last.result != "stalemate" || x.g.stage != stAttackerRetreat {
			t.Fatalf("%s, %s decides %s; want a Stalemate and the attacker's retreat", x.g.last.result, x.ToAct(), stageNames[x.g.stage])
		}
		humphries, sykes := x.g.e.byID["u.humphries.inf"], x.g.e.byID["u.sykes.inf"]
		// Humphries goes back into Area 18, the sixth Union unit there.
		if w := x.Weight(act(aARetreat, humphries, 0), "union"); w != 1 {
			t.Errorf("Humphries's retreat into Area 18 weighs %v, want 1", w)
		}
		play(t, x, rules.Step{Play: "retreat", Unit: "u.humphries.inf"})
		// Area 18 is now fully stacked (7.1.1: six): Sykes would retreat
		// into it and on from there (11.2.1, 11.2.2D), but every other
		// neighbour of 18 is Confederate-Controlled: eliminated (11.2.4).
		// Sideways from Area 10, the Union-held Area 3 would take him;
		// that is not his retreat (11.2).
		if w := x.Weight(act(aARetreat, sykes, 0), "union"); w != 0 {
			t.Errorf("Sykes's retreat through the full Area 18 weighs %v, want 0", w)
		}
		play(t, x, rules.Step{Play: "retreat", Unit: "u.sykes.inf"})
		if s := x.g.units[humphries]; s.status != onMap || x.g.e.b.ids[s.loc] != "18" {
			t.Errorf("Humphries after the retreat: %+v", s)
		}
		if s := x.g.units[sykes]; s.status != eliminated {
			t.Errorf("Sykes after the retreat: %+v", s)
		}
	})
	t.Run("voluntary retreat", func(t *testing.T) {
		// 11-voluntary-retreat: after the Success on Area 5, Exhausted Perry
		// may retreat along the road to Area 6.
		x := scriptGame(t, []int{1, 4, 2, 4},
			rules.Step{Do: "setup", Unit: "c.wright.inf", To: "5"},
			rules.Step{Do: "setup", Unit: "c.posey.inf", To: "5"},
			rules.Step{Do: "setup", Unit: "c.perry.inf", To: "5", Set: map[string]any{"side": "exhausted"}},
			rules.Step{Do: "setup", Unit: "c.mahone.inf", To: "5", Set: map[string]any{"side": "exhausted"}},
			rules.Step{Do: "control", Side: "union", Hexes: []string{"27"}},
			rules.Step{Play: "continue"},
			rules.Step{Play: "assault", At: "56"},
			rules.Step{Play: "move", Unit: "u.griffin.inf", To: "5"},
			rules.Step{Play: "move", Unit: "u.sykes.inf", To: "5"},
			rules.Step{Play: "move", Unit: "u.humphries.inf", To: "5"},
			rules.Step{Play: "attack", At: "5"},
			rules.Step{Play: "lead", Unit: "u.griffin.inf"},
			rules.Step{Play: "defend", Unit: "c.wright.inf"},
			rules.Step{Play: "accept"},
			rules.Step{Play: "accept"},
			rules.Step{Play: "absorb", Unit: "c.wright.inf", Value: "flip"},
		)
		if x.g.stage != stVoluntary {
			t.Fatalf("%s decides %s, want the voluntary retreat", x.ToAct(), stageNames[x.g.stage])
		}
		perry := x.g.e.byID["c.perry.inf"]
		if w := x.Weight(act(aVRetreat, perry, 0), "confederate"); w != 1 {
			t.Errorf("Perry's retreat to Area 6 weighs %v, want 1", w)
		}
		play(t, x, rules.Step{Play: "retreat", Unit: "c.perry.inf"})
		if s := x.g.units[perry]; s.status != onMap || x.g.e.b.ids[s.loc] != "6" {
			t.Errorf("Perry after the retreat: %+v", s)
		}
	})
	t.Run("voluntary retreat into elimination", func(t *testing.T) {
		// 11-retreat-elimination: Exhausted Brooks in Area 7, attacked by
		// Barksdale (AV 4; DV Brooks 1 + TEM 3 = 4) and Repulsed: AT 4+2 =
		// 6 < DT 4+6 = 10. Areas 6, 8, 14 and 15 hold Confederate units
		// only and the ford to Area 57 has no Pontoon Bridge: a retreat
		// eliminates him.
		x := scriptGame(t, []int{1, 1, 3, 3},
			rules.Step{Do: "setup", Unit: "c.early.ldr-div", To: "14"},
			rules.Step{Do: "setup", Unit: "c.hays.inf", To: "14"},
			rules.Step{Do: "setup", Unit: "c.hoke.inf", To: "14"},
			rules.Step{Do: "setup", Unit: "c.gordon.inf", To: "14"},
			rules.Step{Do: "setup", Unit: "c.smith.inf", To: "14"},
			rules.Step{Do: "setup", Unit: "u.brooks.inf", To: "7", Set: map[string]any{"side": "exhausted"}},
			rules.Step{Do: "control", Side: "union", Hexes: []string{"7"}},
			rules.Step{Do: "marker", At: "7", Marker: "entrench-1", Remove: true},
			rules.Step{Play: "continue"},
			rules.Step{Play: "pass"},
			rules.Step{Play: "assault", At: "8"},
			rules.Step{Play: "move", Unit: "c.barksdale.inf", To: "7"},
			rules.Step{Play: "attack", At: "7"},
			rules.Step{Play: "roll"},
			rules.Step{Play: "accept"},
			rules.Step{Play: "accept"},
		)
		if x.g.last.result != "repulse" || x.g.stage != stVoluntary {
			t.Fatalf("%s, %s decides %s; want a Repulse and the voluntary retreat", x.g.last.result, x.ToAct(), stageNames[x.g.stage])
		}
		brooks := x.g.e.byID["u.brooks.inf"]
		if w := x.Weight(act(aVRetreat, brooks, 0), "union"); w != 0 {
			t.Errorf("Brooks's retreat weighs %v, want 0", w)
		}
		if w := x.Weight(act(aDone, 0, 0), "union"); w != 1 {
			t.Errorf("staying weighs %v, want 1", w)
		}
		play(t, x, rules.Step{Play: "retreat", Unit: "u.brooks.inf"})
		if s := x.g.units[brooks]; s.status != eliminated {
			t.Errorf("Brooks after the retreat: %+v", s)
		}
	})
}

// The sensible bot declares no Assault Activation that could only end
// with nothing done, and ends none with nothing done: an activation is
// weighed 0 exactly when, declared on a copy, its only legal action is
// to end it; and ending one is weighed 0 until a unit moved, was
// committed or bridged.
func TestWeightEmptyActivation(t *testing.T) {
	e := testEngine(t)
	zero, some, ends := 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		gm, _ := e.Sim(seed)
		x := gm.(*Game)
		rng := rand.New(rand.NewPCG(seed, 5))
		for !x.Over() {
			legal := slices.Clone(x.Legal())
			side := x.ToAct()
			for _, a := range legal {
				k, _, _ := split(a)
				switch k {
				case aAssault:
					c := x.Clone(1).(*Game)
					if err := c.Apply(a); err != nil {
						t.Fatal(err)
					}
					after := c.Legal()
					empty := len(after) == 1 && after[0] == act(aEnd, 0, 0)
					if w := x.Weight(a, side); (w == 0) != empty {
						t.Fatalf("seed %d: %s weighs %v, and declared it offers %d actions", seed, x.Describe(a), w, len(after))
					}
					if empty {
						zero++
					} else {
						some++
					}
				case aEnd:
					if w := x.Weight(a, side); !x.g.anyMove && !x.g.bridged && w != 0 {
						t.Fatalf("seed %d: ending an activation with nothing done weighs %v", seed, w)
					} else if w == 0 && (x.g.anyMove || x.g.bridged) && len(x.g.captures) == 0 {
						t.Fatalf("seed %d: ending an activation after a move weighs 0", seed)
					}
					ends++
				}
			}
			if err := x.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if zero == 0 || some == 0 || ends == 0 {
		t.Fatalf("activations weighed 0: %d, above 0: %d, ends seen %d: the test saw too little", zero, some, ends)
	}
	t.Logf("activations weighed 0: %d, above 0: %d; ends weighed: %d", zero, some, ends)
}
