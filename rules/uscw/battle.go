package uscw

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// battle is the record of the last battle, what scripts check.
type battle struct {
	at               rules.Point
	attacker         string
	aSP, dSP         int
	aColumn, dColumn string
	aRoll, dRoll     int // modified
	aDRM, dDRM       int
	aResult, dResult string // the printed cells: the SPs the opponent loses
	aLoss, dLoss     int
	winner           string // "attacker", "defender", "tie", "displaced"
}

var markRank = map[string]int{"none": 0, "diamond": 1, "asterisk": 2}

// rank orders CRT results: more losses, then asterisk over diamond over
// none (11.2.2, U797).
func rank(c *scenarios.Cell) int {
	l := 0
	if c.Losses != nil {
		l = *c.Losses
	}
	return l*3 + markRank[c.Mark]
}

// generalsUsed is how many Generals a force of n SPs may use (11.3,
// U809-812).
func generalsUsed(n int) int {
	switch {
	case n >= 13:
		return 3
	case n >= 7:
		return 2
	}
	return 1
}

// fight resolves the battle of an attacking force entering hex at from
// hex from (11.1-11.4), then its retreat.
func (g *game) fight(side string, gen *general, subs []*general, n int, dem bool, from, at rules.Point) {
	e, b := g.e, g.e.b
	def := other(side)
	d := g.sp[def][at]
	bt := &battle{at: at, attacker: side, aSP: n, dSP: d}
	g.last = bt
	atkWasDem, defWasDem := dem, g.demoral[def][at] // for 12.2's second Demoralization
	// Automatic Displacement (11.1.2, U773).
	if n >= 7*d {
		bt.winner = "displaced"
		g.say("11.1.2", "%d SPs against %d: at least 7:1, no battle; the defender's SPs and Generals go to the %s Displaced Box", n, d, b.theater(at))
		g.displaceAll(def, at)
		g.arrive(side, gen, subs, n, dem, at)
		return
	}
	// Step 1: columns and dice; Step 2: DRMs (11.4).
	aCol, dCol := e.crt.ColumnFor(n, ""), e.crt.ColumnFor(d, "")
	if aCol < 0 || dCol < 0 {
		g.err = fmt.Errorf("the CRT has no column for %d or %d SPs", n, d)
		return
	}
	bt.aColumn, bt.dColumn = e.crt.Columns[aCol].ID, e.crt.Columns[dCol].ID
	if gen != nil {
		bt.aDRM += gen.attack
		g.say("11.4", "attacker: +%d, %s's Attack Rating (the Commanding General)", gen.attack, gen.name)
		// The subordinates 11.3 allows, the highest Attack Ratings first
		// (the owner's choice, read as the best).
		best := append([]*general(nil), subs...)
		sort.SliceStable(best, func(i, j int) bool { return best[i].attack > best[j].attack })
		for i, sub := range best {
			if i+1 >= generalsUsed(n) {
				g.say("11.3", "attacker: %s is not used: %d SPs use %d General(s) (U809-812)", sub.name, n, generalsUsed(n))
				continue
			}
			r := battleRating(sub, sub.attack, true)
			bt.aDRM += r
			g.say("11.4", "attacker: +%d, %s's Attack Rating (a subordinate, 11.3%s)", r, sub.name, limitNote(sub, sub.attack, r))
		}
	}
	if dem {
		bt.aDRM -= 2
		g.say("11.4", "attacker: -2, attacking when Demoralized (12.2)")
	}
	used := generalsUsed(d)
	for i, dg := range g.generalsAt(def, at) {
		if i >= used {
			g.say("11.3", "defender: %s is not used: %d SPs use %d General(s) (U809-812)", dg.name, d, used)
			continue
		}
		r := battleRating(dg, dg.defense, i > 0)
		bt.dDRM += r
		g.say("11.4", "defender: +%d, %s's Defense Rating%s", r, dg.name, limitNote(dg, dg.defense, r))
	}
	if g.terrainDenied(at) {
		g.say("9.3.3", "defender: no terrain DRM, its Avoid Battle failed (U626)")
	} else if b.mountainOrMarsh(from, at) {
		bt.dDRM++
		g.say("11.4", "defender: +1, attacking across a Mountain hexside or into or out of a Marsh hex (U832)")
	}
	if b.river(from, at) && !g.terrainDenied(at) {
		bt.dDRM++
		g.say("11.4", "defender: +1, attacking across a River (U833)")
	}
	if g.demoral[def][at] {
		g.say("12.2", "the defender is Demoralized: no defensive DRM for it in 11.4; noted only")
	}
	// Step 3: each side rolls its column's dice.
	dice := func(col int) int {
		switch e.crt.Columns[col].Dice {
		case "3d6":
			return 3
		case "2d6":
			return 2
		}
		return 1
	}
	bt.aRoll = g.roll(dice(aCol), "battle attacker") + bt.aDRM
	bt.dRoll = g.roll(dice(dCol), "battle defender") + bt.dDRM
	if g.err != nil {
		return
	}
	ac, _, aMax := e.crt.CellAt(aCol, bt.aRoll)
	dc, _, dMax := e.crt.CellAt(dCol, bt.dRoll)
	if ac == nil || dc == nil {
		g.err = fmt.Errorf("the CRT has no row for %d or %d", bt.aRoll, bt.dRoll)
		return
	}
	bt.aResult, bt.dResult = ac.Text, dc.Text
	g.say("11.2.1", "attacker %d SPs on the %s column (%s), modified roll %d: %s%s; defender %d SPs on the %s column (%s), modified roll %d: %s%s",
		n, bt.aColumn, e.crt.Columns[aCol].Dice, bt.aRoll, ac.Text, maxNote(aMax), d, bt.dColumn, e.crt.Columns[dCol].Dice, bt.dRoll, dc.Text, maxNote(dMax))
	// Step 4: losses.
	if ac.Losses != nil {
		bt.dLoss = min(*ac.Losses, d)
	}
	if dc.Losses != nil {
		bt.aLoss = min(*dc.Losses, n)
	}
	g.sp[def][at] -= bt.dLoss
	n -= bt.aLoss
	g.spLost[def] += bt.dLoss
	g.spLost[side] += bt.aLoss
	g.touch(at)
	g.say("11.2.1", "losses: the attacker loses %d SPs, the defender %d", bt.aLoss, bt.dLoss)
	// Heavy Losses (12.3, U921): 3 or more SPs lost demoralizes, even the
	// winner.
	if bt.aLoss >= 3 && !dem {
		dem = true
		g.say("12.3", "Heavy Losses: the attacker lost %d SPs and is Demoralized", bt.aLoss)
	}
	if bt.dLoss >= 3 && g.sp[def][at] > 0 && !g.demoral[def][at] {
		g.demoral[def][at] = true
		g.say("12.3", "Heavy Losses: the defender lost %d SPs and is Demoralized", bt.dLoss)
	}
	// Step 5: who won (11.2.2).
	switch ra, rd := rank(ac), rank(dc); {
	case ra > rd:
		bt.winner = "attacker"
	case rd > ra:
		bt.winner = "defender"
	default:
		bt.winner = "tie"
	}
	// A force whose SPs all fell, whatever the result: its Generals go to
	// the Displaced Box ("If all SPs accompanying a General are lost in
	// battle", 16.5.1, U1338); the winning attacker's case is 11.2.4 below.
	if g.sp[def][at] == 0 && bt.winner != "attacker" {
		if len(g.generalsAt(def, at)) > 0 {
			g.say("16.5.1", "all the defender's SPs are lost: its Generals go to the %s Displaced Box", b.theater(at))
		}
		g.displaceAll(def, at)
	}
	switch bt.winner {
	case "tie":
		g.say("11.2.2", "tie (%s against %s): neither side wins, the attacker backs up to %s, the hex it entered from (U799)", ac.Text, dc.Text, b.ids[from])
		g.arrive(side, gen, subs, n, dem, from)
	case "defender":
		g.say("11.2.2", "the defender wins (%s beats %s): the attacker is Demoralized (12.2) and retreats to %s, the hex it entered from (11.6.2)", dc.Text, ac.Text, b.ids[from])
		if atkWasDem && n > 0 {
			n--
			g.spLost[side]++
			g.say("12.2", "the attacker was Demoralized already: Demoralized again, it loses 1 more SP")
		}
		g.arrive(side, gen, subs, n, true, from)
		g.displaceIfEmpty(side, from, "defeated")
	case "attacker":
		g.say("11.2.2", "the attacker wins (%s beats %s): the defender is Demoralized (12.2) and must retreat (11.6)", ac.Text, dc.Text)
		if defWasDem && g.sp[def][at] > 0 {
			g.sp[def][at]--
			g.spLost[def]++
			g.say("12.2", "the defender was Demoralized already: Demoralized again, it loses 1 more SP")
		}
		g.arrive(side, gen, subs, n, dem, at)
		if g.sp[def][at] == 0 {
			g.say("11.2.4", "all the defeated force's SPs are eliminated: its Generals go to the %s Displaced Box", b.theater(at))
			g.displaceAll(def, at)
			return
		}
		g.demoral[def][at] = true
		if len(g.retreatPaths(def, at)) == 0 {
			g.surrender(def, at)
			return
		}
		g.retreat = &pendingRetreat{side: def, from: at, attacker: at}
		g.stage = stRetreat
	}
}

// retreatStep refuses a retreat from a into p that 11.6.4 forbids
// (U871-884): enemy SPs (pushing aside, 11.6.5, not played), an
// enemy-controlled Objective/Resource Hex, an Impassable or unbridged
// Navigable River hexside (the test map has no bridges), prohibited
// terrain. The ZOI rules are not played (9.1 not yet).
func (g *game) retreatStep(side string, a, p rules.Point) error {
	b := g.e.b
	if !b.adjacent(a, p) {
		return refuse("11.6.1", "%s is not adjacent to %s", b.ids[p], b.ids[a])
	}
	if g.sp[other(side)][p] > 0 {
		return refuse("11.6.4", "the defender can never retreat into a space that contains enemy SPs (U873)")
	}
	h := b.hexes[p]
	if h == nil || b.prohib[h.Terrain] {
		return refuse("11.6.4", "%s is prohibited terrain", b.ids[p])
	}
	if (h.Objective || h.BP != nil) && g.controller(p) == other(side) {
		return refuse("11.6.4", "the defender can never retreat into an enemy-controlled Objective/Resource Hex, even if vacant (U874): %s", b.ids[p])
	}
	for _, k := range b.topo.Side(a, p) {
		switch k {
		case "impassable", "navigable-river-type-1", "navigable-river-type-2":
			return refuse("11.6.4", "the defender can never retreat across an Impassable Mountain or unbridged Navigable River hexside (U875-876): %s-%s is %s", b.ids[a], b.ids[p], k)
		}
	}
	return nil
}

// retreatPaths lists the legal retreat paths of 1 and 2 hexes from p, in
// board order.
func (g *game) retreatPaths(side string, p rules.Point) [][]rules.Point {
	var out [][]rules.Point
	for _, n := range g.e.b.neighbors(p) {
		if g.retreatStep(side, p, n) != nil {
			continue
		}
		out = append(out, []rules.Point{n})
		for _, m := range g.e.b.neighbors(n) {
			if m != p && g.retreatStep(side, n, m) == nil {
				out = append(out, []rules.Point{n, m})
			}
		}
	}
	return out
}

// surrender: "If a force cannot Retreat, then it Surrenders the SPs are
// eliminated and the Generals are placed in that theater's Displaced Box"
// (11.6.6, U891).
func (g *game) surrender(side string, p rules.Point) {
	n := g.sp[side][p]
	g.say("11.6.6", "the %s force in %s has no legal retreat and surrenders: %d SPs eliminated, its Generals to the %s Displaced Box", side, g.e.b.ids[p], n, g.e.b.theater(p))
	g.sp[side][p] = 0
	g.spLost[side] += n
	g.displaceAll(side, p)
	g.clearEnemyMarker(other(side), p)
}

func maxNote(beyond bool) string {
	if beyond {
		return " (beyond the last row: the column's maximum)"
	}
	return ""
}

// displaceAll puts a side's SPs and Generals in hex p in the Displaced
// Box (14.6).
func (g *game) displaceAll(side string, p rules.Point) {
	g.displace[side] += g.sp[side][p]
	g.sp[side][p] = 0
	for _, gen := range g.generalsAt(side, p) {
		delete(g.genAt, gen.id)
		g.displacedGen[gen.id] = true
	}
	g.tidy(side, p)
	g.touch(p)
}

func (g *game) displaceIfEmpty(side string, p rules.Point, why string) {
	if g.sp[side][p] == 0 && len(g.generalsAt(side, p)) > 0 {
		g.say("11.2.4", "all SPs of the %s force are eliminated: its Generals go to the Displaced Box", why)
		g.displaceAll(side, p)
	}
}

// retreatTo plays the defender's retreat of one or two hexes (11.6.1,
// 11.6.4); the priorities of 11.6.3 (ZOI, mountain, supply) are not
// checked by this engine.
func (g *game) retreatTo(path []string) error {
	r := g.retreat
	if g.stage != stRetreat || r == nil {
		return refuse("11.6", "no force has to retreat now")
	}
	b := g.e.b
	if len(path) == 0 || len(path) > 2 {
		return refuse("11.6.1", "the defender retreats two hexes (or one into a friendly hex): give a path of 1 or 2 hexes, not %d", len(path))
	}
	at := r.from
	var passed []rules.Point
	for _, id := range path {
		p, err := b.locate(id)
		if err != nil {
			return err
		}
		if err := g.retreatStep(r.side, at, p); err != nil {
			return err
		}
		at = p
		passed = append(passed, p)
	}
	side := r.side
	n := g.sp[side][r.from]
	gens := g.generalsAt(side, r.from)
	g.sp[side][r.from] = 0
	delete(g.demoral[side], r.from)
	dem := g.join(side, at, n, true)
	g.sp[side][at] += n
	for _, gen := range gens {
		g.genAt[gen.id] = at
	}
	if dem {
		g.demoral[side][at] = true
	} else {
		delete(g.demoral[side], at)
	}
	g.tidy(side, r.from)
	for _, p := range passed {
		g.clearEnemyMarker(side, p)
		g.invade(side, p)
	}
	g.clearEnemyMarker(other(side), r.from) // the victor holds the field
	g.catchLoneGenerals(side, at)
	g.touch(r.from)
	g.touch(at)
	g.say("11.6.1", "the %s retreats %d SPs and %d General(s) from %s to %s%s", side, n, len(gens), b.ids[r.from], b.ids[at], map[bool]string{true: ", Demoralized", false: ""}[dem])
	g.retreat = nil
	g.stage = stPlayer
	return nil
}
