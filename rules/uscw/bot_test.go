package uscw

import (
	"slices"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
)

// unionToAct plays random actions of an 1861 game until the Union's
// Player Action Phase, then gives it 2 Action Points (a dice difference
// of 2, 4.1.1) for the planted moves.
func unionToAct(t *testing.T) *Game {
	t.Helper()
	x, err := checkedGames(t, scen1861)(3)
	if err != nil {
		t.Fatal(err)
	}
	game := x.(*Game)
	for n := 0; game.g.stage != stPlayer || game.g.phasing != "union"; n++ {
		if n > 1000 || x.Over() {
			t.Fatal("the Union never got to act")
		}
		if err := x.Apply(x.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	game.g.diff, game.g.ap = 2, 2
	game.at = -1 // list again
	return game
}

// A planted Union stack beside an empty Confederate Resource Hex: the
// sensible weights put the move into the hex above every other move of
// the stack, and an attack on a stack three times its size at 0.
func TestSensibleWeights(t *testing.T) {
	x := unionToAct(t)
	g := x.g
	b := g.e.b
	var target, from, strong rules.Point
	found := false
	for _, r := range g.e.resources {
		h := b.hexes[r]
		if !slices.Contains(southern, homeState(h)) || g.controller(r) != "confederate" || g.sp["confederate"][r] > 0 || g.sp["union"][r] > 0 {
			continue
		}
		var free []rules.Point
		for _, n := range b.neighbors(r) {
			if g.sp["union"][n] == 0 && g.sp["confederate"][n] == 0 && len(g.generalsAt("union", n))+len(g.generalsAt("confederate", n)) == 0 {
				if _, _, err := b.stepCost(n, r); err == nil && !b.prohib[b.hexes[n].Terrain] {
					free = append(free, n)
				}
			}
		}
		if len(free) >= 2 {
			target, from, strong, found = r, free[0], free[1], true
			break
		}
	}
	if !found {
		t.Fatal("no empty Confederate Resource Hex with two free neighbours on the test map")
	}
	plantSPs(g, "union", from, 3)
	plantSPs(g, "confederate", strong, 9)
	if !b.adjacent(from, strong) {
		// the attack is weighed only where the stack can reach the strong one
		t.Logf("%s and %s are not adjacent: the attack is checked if the stack reaches it", b.ids[from], b.ids[strong])
	}
	best, bestW, capture, attack := -1, -1.0, -1.0, -1.0
	for a := range x.Legal() {
		c := x.list()[a]
		if !c.move || c.general != "" || c.from != from {
			continue
		}
		w := x.Weight(rules.Action(a), "union")
		if w > bestW {
			best, bestW = c.dst, w
		}
		switch b.order[c.dst] {
		case target:
			capture = w
		case strong:
			attack = w
		}
	}
	if capture < 10 || best != b.index[target] {
		t.Errorf("the move into the empty Resource Hex %s weighs %g (want at least 10 and the most; the most is %g into %s)", b.ids[target], capture, bestW, b.ids[b.order[best]])
	}
	if attack != 0 && attack != -1 {
		t.Errorf("3 SPs attacking 9 weigh %g, want 0", attack)
	}
	if attack == -1 && b.adjacent(from, strong) {
		t.Errorf("no attack on the adjacent %s listed", b.ids[strong])
	}
}

// The sensible bot plays to the victory conditions: its Union beats a
// random Confederate, and its Confederate a random Union, in nearly every
// game of the campaign, where random against random the Union never wins
// (a fixed run: the counts are deterministic).
func TestSensibleBeatsRandom(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	sensible, _ := sim.BotByName("sensible")
	random, _ := sim.BotByName("random")
	const games = 16
	unionWins := func(bots []sim.Bot) int {
		n := 0
		for i := range games {
			o, _, err := sim.Play(ng, bots, sim.GameSeed(2026, i), 0)
			if err != nil {
				t.Fatal(err)
			}
			if o.Winner == "union" {
				n++
			}
		}
		return n
	}
	if n := unionWins([]sim.Bot{sensible, random}); n < games/2 {
		t.Errorf("a sensible Union won %d of %d games against a random Confederate", n, games)
	}
	if n := unionWins([]sim.Bot{random, sensible}); n > 0 {
		t.Errorf("a random Union won %d of %d games against a sensible Confederate", n, games)
	}
	if n := unionWins([]sim.Bot{random, random}); n > 0 {
		t.Errorf("a random Union won %d of %d games against a random Confederate", n, games)
	}
}

// The Action Phase Rally is offered to the bots (12.5.2, U931): a
// Demoralized stack with an LOC that has not moved may rally; once it has
// moved, or without an Action Point, it may not.
func TestRallyOffered(t *testing.T) {
	x := unionToAct(t)
	g := x.g
	var at rules.Point
	found := false
	for p, n := range g.sp["union"] {
		if n > 0 && g.hasLOC("union", p) && (!found || pointLess(p, at)) {
			at, found = p, true
		}
	}
	if !found {
		t.Fatal("no Union stack with an LOC")
	}
	g.demoral["union"][at] = true
	offered := func() bool {
		x.at = -1
		for a := range x.Legal() {
			if x.Describe(rules.Action(a)) == "rally "+g.e.b.ids[at] {
				return true
			}
		}
		return false
	}
	if !offered() {
		t.Fatalf("the Demoralized stack in %s with an LOC is not offered a rally", g.e.b.ids[at])
	}
	g.movedSP["union"][at] = 1
	if offered() {
		t.Errorf("the stack in %s moved this Action Phase and is still offered a rally (U931)", g.e.b.ids[at])
	}
	g.movedSP["union"][at] = 0
	g.ap = 0
	if offered() {
		t.Errorf("a rally is offered without an Action Point (4.3)")
	}
}

// The bots' Action Phase Rally reads the rally's own check, in Supply
// (13.1, 12.5.2 U931): a Demoralized stack whose only supply is its own
// Fort's Fortress Supply (13.2.3, U967: units in such a hex "may Rally"),
// Limited Supply without an LOC to a Primary Supply Source, is offered
// the rally, and the engine takes it.
func TestRallyOfferedFortressSupply(t *testing.T) {
	x := unionToAct(t)
	g := x.g
	var at rules.Point
	found := false
	for _, p := range g.e.b.order {
		if g.sp["union"][p] == 0 && g.sp["confederate"][p] == 0 && g.e.b.coastal[p] == nil && g.works[p] == (works{}) && g.supplyAt("union", p) == outOfSupply && !g.inEnemyZOI("union", p) {
			at, found = p, true
			break
		}
	}
	if !found {
		t.Fatal("no empty hex Out of Supply for the Union")
	}
	g.setWorks(at, works{fort: "union", level: 1})
	g.addSP("union", at, 1)
	g.demoral["union"][at] = true
	if l := g.supplyAt("union", at); l != limitedSupply || g.hasLOC("union", at) {
		t.Fatalf("the premise: the stack in %s with its Fort is %v, LOC to a Primary Supply Source %v; want limited, false", g.e.b.ids[at], l, g.hasLOC("union", at))
	}
	x.at = -1
	for a := range x.Legal() {
		if x.Describe(rules.Action(a)) == "rally "+g.e.b.ids[at] {
			if err := x.Apply(rules.Action(a)); err != nil {
				t.Fatal(err)
			}
			if g.demoral["union"][at] {
				t.Fatalf("the stack in %s is still Demoralized", g.e.b.ids[at])
			}
			return
		}
	}
	t.Fatalf("the Demoralized stack in %s with Fortress Supply is not offered a rally", g.e.b.ids[at])
}

// The bots' pick-ups (7.5.1, U478): a Union General carrying fewer SPs
// than his Command Limit, with unmoved SPs of his stack set in the hexes
// around his, is offered moves that pick them up on the way; the one played
// arrives with them, and every SP is still on the map.
func TestPickUpOffered(t *testing.T) {
	x := unionToAct(t)
	g := x.g
	var gen *general
	var at rules.Point
	for _, id := range g.e.genIDs {
		c := g.gens[id]
		p, on := g.genAt[id]
		if c.side == "union" && on && !c.cavalry && !g.moved[id] && g.sp["union"][p] > 1 && g.sp["union"][p] < g.e.commandLimit(c) && len(g.generalsAt("union", p)) == 1 {
			gen, at = c, p
			break
		}
	}
	if gen == nil {
		t.Fatal("no Union General with room for more SPs")
	}
	planted := 0
	for _, q := range g.e.b.neighbors(at) {
		if g.sp["union"][q] == 0 && g.sp["confederate"][q] == 0 && len(g.generalsAt("union", q)) == 0 && len(g.generalsAt("confederate", q)) == 0 && g.e.b.coastal[q] == nil && g.controller(q) != "confederate" {
			if g.sp["union"][at] < 2 {
				break
			}
			g.sp["union"][q], g.sp["union"][at] = 1, g.sp["union"][at]-1 // the same SPs: the SP account holds (14.6)
			planted++
		}
	}
	if planted == 0 {
		t.Fatalf("no Union-controlled hex beside %s to plant an SP in", g.e.b.ids[at])
	}
	total := func() (n int) {
		for _, k := range g.sp["union"] {
			n += k
		}
		return n
	}
	before, carried := total(), g.sp["union"][at]
	x.at = -1
	for a := range x.Legal() {
		d := x.Describe(rules.Action(a))
		if !strings.HasPrefix(d, "move "+gen.id+" ") || !strings.Contains(d, "-pick:") {
			continue
		}
		if err := x.Apply(rules.Action(a)); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if g.stage == stPlayer {
			if p := g.genAt[gen.id]; g.sp["union"][p] <= carried {
				t.Errorf("%s: %s arrives in %s with %d SPs, no more than the %d he set out with", d, gen.name, g.e.b.ids[p], g.sp["union"][p], carried)
			}
		}
		if total() != before {
			t.Errorf("%s: %d Union SPs on the map, %d before", d, total(), before)
		}
		return
	}
	t.Errorf("%s in %s, with SPs planted around him, is offered no move picking them up", gen.name, g.e.b.ids[at])
}

// SPs lost after some of their hex's SPs moved (a tied battle's supply
// check, 13.5.4, in the sensible bot's game 15 of seed 2026) leave the
// hex fewer SPs than moved there: none of the survivors may move again
// (5.1.2), and no MOVE is offered or played with a negative count. The
// General alone may still move if he ends with friendly SPs (7.5.3).
func TestMovedSPsOutnumberTheHex(t *testing.T) {
	x := unionToAct(t)
	g := x.g
	id := onMapGeneral(t, g, "union")
	p := g.genAt[id]
	g.movedSP["union"][p] = g.sp["union"][p] + 1
	if n := g.unmovedSPs("union", p); n != 0 {
		t.Fatalf("%d SPs may still move, want 0", n)
	}
	x.at = -1
	for _, d := range descriptions(x) {
		if strings.Contains(d, " -") {
			t.Errorf("offered %q", d)
		}
	}
	for _, q := range g.e.b.neighbors(p) {
		save := g.clone()
		if err := g.move(moveOrder{general: id, sps: -1, path: []string{g.e.b.ids[q]}}); err == nil {
			if msg := g.checkPosition(); msg != "" {
				t.Errorf("%s's move to %s with every SP he may take: %s", id, g.e.b.ids[q], msg)
			}
		}
		x.g = save
		g = save
	}
}
