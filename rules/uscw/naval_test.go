package uscw

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/rules"
)

// randomNavalGames plays random campaign games and calls each with the
// position after every action and the action's description.
func randomNavalGames(t testing.TB, path string, games int, each func(g *game, did string)) {
	ng := checkedGames(t, path)
	for i := range games {
		x, err := ng(uint64(i + 1))
		if err != nil {
			t.Fatal(err)
		}
		gm := x.(*Game)
		r := rand.New(rand.NewPCG(uint64(i), 1862))
		for n := 0; !gm.Over() && n < 3000; n++ {
			legal := gm.Legal()
			a := legal[r.IntN(len(legal))]
			did := gm.Describe(a)
			if err := gm.Apply(a); err != nil {
				t.Fatalf("game %d action %d (%s): %v", i, n, did, err)
			}
			each(gm.g, did)
		}
	}
}

// The bots sail: random games play River Transport (19.3.4) and are
// offered River Amphibious Assaults (19.5) as engine-built moves, and the
// invariant checker (capacity, the Ocean Transport limit, the cache)
// finds nothing. Ocean Transport is offered
// too, but the Union holds no Ocean Port but 2449 (Missouri) on the test
// map, so random games seldom reach it; the scripts play it.
func TestBotsSail(t *testing.T) {
	count := map[string]int{}
	offered := 0 // River Amphibious Assaults offered: the random bots seldom pick one
	randomNavalGames(t, scenCampaign, 40, func(g *game, did string) {
		count[strings.Fields(did)[0]]++
		if offered == 0 && g.stage == stPlayer {
			for _, c := range g.candidates(nil) {
				if c.naval && c.assault && !c.ocean {
					offered++
				}
			}
		}
	})
	t.Logf("40 random campaign games: %v", count)
	if count["naval-transport"] == 0 || offered == 0 {
		t.Fatalf("40 random campaign games played %d River Transports and were offered %d River Amphibious Assaults: the bots are not offered them", count["naval-transport"], offered)
	}
}

// Naval Control as the search gives it keeps 19.1.3-19.1.4 in every
// position of random games: the Union's runs on along every touching
// hexside it is not blocked from, never onto a Type 1 hexside of a
// Confederate-controlled port in a Southern State, and the sea's
// hexsides are the Union's unless blocked.
func TestNavalControlRules(t *testing.T) {
	checked := 0
	randomNavalGames(t, scenCampaign, 6, func(g *game, _ string) {
		w := g.e.b.ww
		ctrl := g.naval()
		blocked := make([]bool, len(w.sides))
		for _, i := range w.ports {
			p := g.e.b.order[i]
			if g.controller(p) == "confederate" && slices.Contains(southern, homeState(g.e.b.hexes[p])) {
				for _, s := range w.atHex[i] {
					blocked[s] = blocked[s] || !w.sides[s].type2 && !w.sides[s].tidal // U1503: Type 1 only; never a Tidal River Path (U1601)
				}
			}
		}
		// Confederate Forts (every type) and Entrenchments (Type 1) stop it
		// too, and a Confederate Fort holds its own hexsides (19.1.3-19.1.4).
		byWorks := make([]bool, len(w.sides))
		for _, i := range w.worksHexes(g.works, g.e.b) {
			x := g.works[g.e.b.order[i]]
			for _, s := range w.atHex[i] {
				if !simmesport(g.e.b, i, w.sides[s]) && !w.sides[s].tidal && (x.fort == "confederate" || x.entrench == "confederate" && !w.sides[s].type2) {
					byWorks[s] = true
				}
			}
		}
		// A Confederate Island blocks it on the Tidal River Paths tangent
		// to it (19.1.4, U1507; islands.go).
		byIsland := make([]bool, len(w.sides))
		for p, is := range g.e.b.islands {
			if is.blocks && g.controller(p) == "confederate" {
				for _, s := range w.atHex[g.e.b.index[p]] {
					byIsland[s] = true
				}
			}
		}
		closed := func(s int) bool { return blocked[s] || byWorks[s] || byIsland[s] || g.kentuckyNeutral() && w.kyIn[s] }
		for s := range w.sides {
			if ctrl[s] == navUnion && blocked[s] {
				t.Fatalf("turn %d: Union Naval Control on a hexside a Confederate port blocks (19.1.4)", g.turn)
			}
			if ctrl[s] != navUnion {
				continue
			}
			for _, u := range w.touch[s] {
				if ctrl[u] != navUnion && !closed(u) {
					t.Fatalf("turn %d: Union Naval Control stops short of an open hexside (19.1.3)", g.turn)
				}
			}
			checked++
		}
		for _, i := range w.seaPorts {
			if g.seaBarred(g.e.b.order[i]) != nil {
				continue // 19.1.4, U1502
			}
			for _, s := range w.atHex[i] {
				if ctrl[s] != navUnion && !closed(s) {
					t.Fatalf("turn %d: a sea hexside is not the Union's (U1480)", g.turn)
				}
			}
		}
	})
	if checked == 0 {
		t.Fatal("no position held Union Naval Control: the property was never tried")
	}
}

// The made-up river of the test module is one contiguous waterway (the
// touching rule of naval.go), and the isolated Type 2 hexsides of row 30
// touch nothing but it.
func TestWaterwaysTouch(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	w := b.ww
	side := func(x, y string) int {
		s, ok := w.side(b.index[b.pts[x]], b.index[b.pts[y]])
		if !ok {
			t.Fatalf("%s-%s is no navigable hexside", x, y)
		}
		return s
	}
	seen := map[int]bool{side("2717", "2718"): true}
	queue := []int{side("2717", "2718")}
	for k := 0; k < len(queue); k++ {
		for _, u := range w.touch[queue[k]] {
			if !seen[u] {
				seen[u] = true
				queue = append(queue, u)
			}
		}
	}
	if !seen[side("3617", "3618")] || !seen[side("3017", "3018")] {
		t.Fatal("the column 17/18 river is not one waterway from 2717 to 3617")
	}
	if seen[side("3016", "3017")] || len(w.touch[side("3005", "3006")]) != 0 {
		t.Fatal("a row-30 hexside off the river touches it")
	}
}

func BenchmarkNavalControl(b *testing.B) {
	sf := loadScenario(b, scenCampaign)
	e, err := Compile(sf)
	if err != nil {
		b.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("search", func(b *testing.B) {
		for b.Loop() {
			g.computeNaval()
		}
	})
	b.Run("cached", func(b *testing.B) {
		g.naval()
		for b.Loop() {
			g.naval()
		}
	})
}

// The 1861 Naval Ramp Up (S1.3.2, U1816-1820) on Turns 2 and 3 of a
// game that starts in 1861: a Union transport carries 1 SP, then 2, and
// one Ocean Transport is allowed an Action Phase; from Turn 4, and for
// the Confederate always, 19.3.1's 3 and 1.
func TestNavalRampUp(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		turn             int
		union, csa       int
		unionWhy, csaWhy string
	}{{2, 1, 1, "S1.3.2", "19.3.1"}, {3, 2, 1, "S1.3.2", "19.3.1"}, {4, 3, 1, "19.3.1", "19.3.1"}} {
		g.turn = c.turn
		u, uw := g.transportCapacity("union")
		cs, cw := g.transportCapacity("confederate")
		if u != c.union || cs != c.csa || uw != c.unionWhy || cw != c.csaWhy {
			t.Errorf("turn %d: capacity union %d (%s), confederate %d (%s); want %d (%s), %d (%s)", c.turn, u, uw, cs, cw, c.union, c.unionWhy, c.csa, c.csaWhy)
		}
	}
	p := e.b.pts["2449"]
	g.turn = 4
	if _, err := g.oceanRoute("union", p, e.b.pts["3345"], 1, false); err == nil || !strings.Contains(err.Error(), "19.2.2") {
		t.Errorf("to 3345 past the Confederate Fort Johnson/Fisher: got %v, want the 19.2.2 refusal", err)
	}
	g.works[e.b.pts["fort-johnson-fisher"]] = works{fort: "union", level: 1, coastal: true}
	g.turn, g.oceanActs = 2, 1
	if _, err := g.oceanRoute("union", p, e.b.pts["3345"], 1, false); err == nil || !strings.Contains(err.Error(), "S1.3.2") {
		t.Errorf("turn 2, a second Ocean Transport in the Action Phase: got %v, want the S1.3.2 refusal", err)
	}
	g.turn = 4
	if _, err := g.oceanRoute("union", p, e.b.pts["3345"], 1, false); err != nil {
		t.Errorf("turn 4, a second Ocean Transport: %v", err)
	}
}

// While Kentucky is neutral no Naval Control enters a hexside wholly in
// Kentucky (17.1.3, U1368; S1.3.1, U1814). The test map has no such
// hexside, so the test marks one of the column 17/18 river's as lying in
// Kentucky: Union Naval Control stops above it, and runs on once
// Kentucky has chosen.
func TestNavalControlNeutralKentucky(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	side := func(x, y string) int {
		s, ok := b.ww.side(b.index[b.pts[x]], b.index[b.pts[y]])
		if !ok {
			t.Fatalf("%s-%s is no navigable hexside", x, y)
		}
		return s
	}
	ky := side("2817", "2818")
	b.ww.kyIn[ky] = true
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !g.kentuckyNeutral() {
		t.Fatal("the 1861 scenario starts with Kentucky neutral")
	}
	ctrl := g.naval()
	if ctrl[side("2717", "2718")] != navUnion || ctrl[ky] != navNone || ctrl[side("2817", "2918")] == navUnion {
		t.Fatalf("neutral Kentucky: want Union control above the Kentucky hexside and none on or below it, got %d, %d, %d", ctrl[side("2717", "2718")], ctrl[ky], ctrl[side("2817", "2918")])
	}
	g.joinState(kentucky, "union")
	if ctrl := g.naval(); ctrl[ky] != navUnion || ctrl[side("2817", "2918")] != navUnion {
		t.Fatal("Kentucky no longer neutral: the Union's Naval Control must run on (the cache must see the change)")
	}
}

// An Amphibious Assault's battle takes the land battle's DRMs for the hex
// it lands in (19.5.2), never for the port it sailed from: sailing out of
// a Marsh hex gives the defender nothing (11.4, U832 reads "into or out of
// a Marsh hex" for a force crossing a hexside). The test makes the port
// 2717 marsh.
func TestLandingTakesNoDRMFromThePort(t *testing.T) {
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/02-1862.json"))
	if err != nil {
		t.Fatal(err)
	}
	port := *e.b.hexes[e.b.pts["2717"]]
	port.Terrain = "marsh"
	e.b.hexes[e.b.pts["2717"]] = &port
	d := forcedDriver(t, e, "landing", 5, 2, 6, 1)
	for _, st := range []*playtest.Step{
		{Do: "place", Unit: "sps", Side: "union", To: "2717", Manpower: 3},
		{Do: "place", Unit: "sps", Side: "confederate", To: "3318", Manpower: 1},
		{Play: "amphibious-assault", Unit: "sps", At: "2717", To: "3318", Manpower: 3},
	} {
		if err := d.Act(st); err != nil {
			t.Fatal(err)
		}
	}
	if bt := d.g.last; bt == nil || bt.dDRM != 0 || bt.winner != "attacker" {
		t.Fatalf("the landing's battle: %+v; want no defender DRM (3318 is no marsh) and the attacker winning", bt)
	}
}

// A Confederate port in a Southern State blocks Union Naval Control on
// Type 1 rivers only (19.1.4, U1503; the matrix, U1532): made a port,
// 3018 leaves its Type 2 hexside 3017-3018 and the river below it to the
// Union, while 3318 (on Type 1 hexsides only) stops it.
func TestPortsBlockType1Only(t *testing.T) {
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/02-1862.json"))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	p := b.pts["3018"]
	h := *b.hexes[p]
	h.Port = "river"
	b.hexes[p] = &h
	b.hexAt[b.ix(p)] = &h // the board's hexes by index, which controller reads
	b.linkWaterways()
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.controller(p); got != "confederate" {
		t.Fatalf("3018 (Georgia) is controlled by %q", got)
	}
	for _, c := range []struct{ a, b, want string }{
		{"3017", "3018", "union"},       // Type 2: not blocked
		{"3017", "3118", "union"},       // and on down the river
		{"3217", "3218", "union"},       // to the hexside before 3318's
		{"3217", "3318", "confederate"}, // Type 1 at 3318: blocked, the port's own
	} {
		if got := g.navalControl(b.pts[c.a], b.pts[c.b]); got != c.want {
			t.Errorf("%s-%s: Naval Control %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

// A Navigable River through the middle of New Madrid (5.8.4, U337) joins
// the rivers at its corners, but "While Kentucky is neutral (17.1.3),
// Union Naval Control may not enter or pass through New Madrid" (S1.3.1,
// U1814), and nothing enters it (U1370). The test map's made-up rivers
// 3410-3510 and 3408-3509 meet at 3409 (Arkansas Post's id); the test
// makes 3409 the New Madrid hex: River Transport between their ports
// finds no way through it until Kentucky has chosen.
func TestRiverThroughNewMadrid(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	if b.madrid < 0 || b.ids[b.order[b.madrid]] != "2515" {
		t.Fatalf("the test module's New Madrid (2515) is not read as a hex with a Navigable River through it: %d", b.madrid)
	}
	b.madrid = b.index[b.pts["3409"]]
	b.linkWaterways()
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	from, to := b.index[b.pts["3410"]], b.index[b.pts["3408"]]
	if !g.kentuckyNeutral() {
		t.Fatal("the 1861 scenario starts with Kentucky neutral")
	}
	if p := g.waterPath("confederate", from, to); p != nil {
		t.Errorf("neutral Kentucky: a waterway through New Madrid %v", p)
	}
	g.joinState(kentucky, "union")
	if p := g.waterPath("confederate", from, to); len(p) != 2 {
		t.Errorf("Kentucky chosen: want the two hexsides through New Madrid, got %v", p)
	}
}

// An Amphibious Assault stopped for a Coastal Fort's automatic reaction
// (10.3.2, U739; 19.5.2's example, U1622) has sailed: the position the
// reaction is asked in has no SPs in the port, and the supply kept for
// it must say so (the CI's invariant run, game 521 of seed 2026, found
// the enemy's LOC grid keeping the sailed stack's ZOI). Script 283's
// set-up, with the Confederate LOC grid built before the assault.
func TestLandingReactionPositionKept(t *testing.T) {
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/02-1862.json"))
	if err != nil {
		t.Fatal(err)
	}
	d := forcedDriver(t, e, "landing-reaction", 5, 2, 6, 1)
	act := func(st *playtest.Step) {
		t.Helper()
		if err := d.Act(st); err != nil {
			t.Fatal(err)
		}
	}
	act(&playtest.Step{Do: "place", Unit: "u.burnside.ldr-general", To: "2449", Manpower: 3})
	act(&playtest.Step{Do: "place", Unit: "sps", To: "fort-sumter", Manpower: 2, Side: "confederate"})
	act(&playtest.Step{Do: "state", Unit: "union-special-action", Set: map[string]any{"hand": "1,2,5,6"}})
	act(&playtest.Step{Play: "card", Value: 5, Key: "assault"})
	g := d.g
	g.grid("confederate", g.supplyFor("confederate")) // kept, as a bot's listing keeps it
	act(&playtest.Step{Play: "ocean-assault", Unit: "u.burnside.ldr-general", To: "fort-sumter", Manpower: 3})
	if g.stage != stReact {
		t.Fatalf("stage %s: want the reaction to the landing", stageNames[g.stage])
	}
	if v := g.violations(); len(v) > 0 {
		t.Fatalf("the position the reaction is asked in: %v", v)
	}
}

// forcedDriver is a script driver on e whose dice are forced, and only
// those (a script's "dice": {"forced": [...], "forcedOnly": true}).
func forcedDriver(t *testing.T, e *Engine, id string, dice ...int) *scriptDriver {
	t.Helper()
	return diceDriver(t, e, id, true, dice...)
}

// diceDriver is a script driver on e (seed 1) whose first rolls are dice,
// the seeded stream after them unless forcedOnly.
func diceDriver(t *testing.T, e *Engine, id string, forcedOnly bool, dice ...int) *scriptDriver {
	t.Helper()
	s := &playtest.Script{ID: id, Seed: 1}
	s.Dice = &struct {
		Forced     []int `json:"forced,omitempty"`
		ForcedOnly bool  `json:"forcedOnly,omitempty"`
	}{Forced: dice, ForcedOnly: forcedOnly}
	d, err := e.scriptDriver(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// actSteps plays steps on d as a script would, failing the test at the
// first refused.
func actSteps(t *testing.T, d *scriptDriver, steps ...rules.Step) {
	t.Helper()
	for _, s := range steps {
		if err := d.Act(&s); err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
	}
}
