package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// The sensible bot's weights (rules.Weigher): what a player of either
// side is after, read from the victory rules, not from the dice.
//
// The Union wins on VPs, which it earns by holding Confederate Resource
// Hexes (6.4.1, 20.3.1) against a Benchmark that climbs every turn
// (20.3.5); so its forces go for Confederate-held Resource Hexes (by
// their BPs), Confederate-held Objective Hexes and the Southern ports
// (the Blockade, 14.4: an open Blockade Runner Port by its modifier, the
// Union's 1/2 VP a point, S1.2, and the Confederate's BPs; any other a
// little). The Confederate wins by keeping the
// Union below the Benchmark: its forces stay on the Resource and
// Objective Hexes they hold, counterattack Union forces in the South and
// retake the Resource Hexes the Union took; Invading the North (20.3.2:
// 2 VPs a turn per Northern Objective Hex) is a lesser aim.
//
// A move's weight: a battle by its odds (none where the defender has the
// better of it), a move onto a target by the target's worth, a move
// toward the nearest target by the hexes it gains, nothing for a move
// that gains nothing or that leaves a hex the side holds only by
// standing in it. Passing weighs 1, so a side with a purposeful move
// rarely passes and one without one does.

// botView is what the weights of one decision share: for the side to
// act, each hex's worth as a target and its distance in hexes from the
// nearest target. Built once per decision (Weight is asked for every
// legal action of it).
type botView struct {
	at    int // the Game's action count it was built for; -1 none
	side  string
	worth []float64 // by board index
	dist  []int32   // by board index; -1 unreachable
	near  []int32   // the Confederate's: hexes from the nearest Union SPs
	union []float64 // the hexes holding Union SPs (1), near's sources
	enemy []int32   // the enemy's SPs by board index
	// the last force weighed: a force's candidates come together
	from  int
	holds bool
	queue []int
}

// threatRange is how near Union SPs must be (in hexes) for the
// Confederate to guard an empty Resource Hex.
const threatRange = 3

// Weight is how sensible an action is for side (rules.Weigher).
func (x *Game) Weight(a rules.Action, side string) float64 {
	c := x.list()
	if int(a) < 0 || int(a) >= len(c) {
		return 0
	}
	g := x.g
	v := x.view(side)
	switch cand := c[a]; {
	case cand.pass:
		return 1
	case cand.rally:
		return 5 // a Demoralized stack attacks at -2 (11.4, 12.2)
	case cand.sacrifice:
		return 0.5 // On to Richmond! declined (4.1.4): an SP lost, a last resort
	case cand.disperse:
		return 0.5 // half of them return next turn (14.6): less than passing, a last resort
	case cand.survivors == keepThem:
		return 3 // a General kept on the map commands again at once (11.2.4)
	case cand.survivors == displaceThem:
		return 1
	case cand.reinforce, cand.arsenal:
		return 1
	case isCardAnswer(cand.card.use):
		return g.cardChoiceWeight(cand.card, side)
	case cand.move:
		return g.moveWeight(cand, side, v)
	default:
		return g.retreatWeight(cand, side)
	}
}

// view builds (or reuses) the decision's targets and distances.
func (x *Game) view(side string) *botView {
	v := x.bot
	if v == nil {
		n := len(x.g.e.b.order)
		v = &botView{at: -1, worth: make([]float64, n), dist: make([]int32, n), near: make([]int32, n), enemy: make([]int32, n)}
		x.bot = v
	}
	if v.at == x.n && v.side == side {
		return v
	}
	v.at, v.side, v.from = x.n, side, -1
	g := x.g
	clear(v.worth)
	clear(v.enemy)
	b := g.e.b
	for _, p := range g.e.markable { // every other hex is worth nothing but for the enemy in it
		v.worth[b.index[p]] = g.targetWorth(side, p)
	}
	force := 1.0 // a Union force in the South to drive out
	if side == "union" {
		force = 0.5 // a Confederate force to beat: the hex is what counts
	}
	for p, n := range g.sp[other(side)] {
		v.enemy[b.index[p]] = int32(n)
		if n > 0 && slices.Contains(southern, homeState(b.hexes[p])) {
			v.worth[b.index[p]] += force
		}
	}
	if side == "confederate" {
		g.guard(v)
	}
	g.distances(v, v.worth, v.dist)
	return v
}

// guard adds to the Confederate's targets its own empty Resource Hexes
// within threatRange of Union SPs, by their BPs: the hexes the Union
// would take next.
func (g *game) guard(v *botView) {
	if v.union == nil {
		v.union = make([]float64, len(v.near))
	}
	clear(v.union)
	for p, n := range g.sp["union"] {
		if n > 0 {
			v.union[g.e.b.index[p]] = 1 // a source of the search below
		}
	}
	g.distances(v, v.union, v.near)
	for _, p := range g.e.resources {
		i := g.e.b.index[p]
		h := g.e.b.hexes[p]
		if d := v.near[i]; d >= 0 && d <= threatRange && g.sp["confederate"][p] == 0 && g.controller(p) == "confederate" && slices.Contains(southern, homeState(h)) {
			v.worth[i] += float64(*h.BP)
		}
	}
}

// targetWorth is what taking (or holding) the markable hex p is worth
// to side, 0 for a hex that is no target.
func (g *game) targetWorth(side string, p rules.Point) float64 {
	h := g.e.b.hexes[p]
	if h == nil {
		return 0
	}
	home := homeState(h)
	south := slices.Contains(southern, home)
	held := g.controller(p) == side
	w := 0.0
	switch side {
	case "union":
		if h.BP != nil && south {
			u, _ := g.resourceShare(p)
			w += float64(*h.BP - u) // the BPs the Union does not count yet (6.4.1)
		}
		if h.Objective && !held {
			w += 2 // a Southern one to take, a Northern one the CSA scores (20.3.2)
		}
		if h.Port != "" && south && !held {
			w += 0.5
			if h.Blockade != nil {
				w += 0.5 * float64(h.Blockade.Modifier) // closing it (14.4.2)
			}
		}
	default:
		if h.BP != nil && south && g.credit[p] > 0 {
			w += float64(g.credit[p]) // retake what the Union counts
		}
		if h.Objective && g.northern(home) && !held {
			w += 1 // Invading the North (20.3.2)
		}
	}
	return w
}

// distances fills dist: hexes from the nearest hex of worth > 0, over
// the enterable steps of the board (a breadth-first search from every
// such hex at once; MP costs and enemy forces left aside).
func (g *game) distances(v *botView, worth []float64, dist []int32) {
	b := g.e.b
	q := v.queue[:0]
	for i := range dist {
		dist[i] = -1
		if worth[i] > 0 {
			dist[i] = 0
			q = append(q, i)
		}
	}
	for k := 0; k < len(q); k++ {
		i := q[k]
		for _, st := range b.next[i] {
			if st.cost < 0 || dist[st.to] >= 0 {
				continue
			}
			dist[st.to] = dist[i] + 1
			q = append(q, st.to)
		}
	}
	v.queue = q
}

// moveWeight weighs a MOVE candidate.
func (g *game) moveWeight(c candidate, side string, v *botView) float64 {
	b := g.e.b
	from := c.from
	var gen *general
	if c.general != "" {
		gen = g.gens[c.general]
		from = g.genAt[c.general]
	}
	fi := b.index[from]
	if d := v.enemy[c.dst]; d > 0 {
		return g.battleWeight(c, gen, int(d), from, b.order[c.dst], side) * (1 + v.worth[c.dst])
	}
	if c.sps == 0 {
		return 0.2 // a General alone joins other SPs (7.6): seldom the point
	}
	if v.from != fi {
		v.from, v.holds = fi, g.holdsByStanding(side, from)
	}
	if v.holds && g.sp[side][from] == c.sps {
		return 0.05 // leaving would give the hex back (6.3)
	}
	more := 1.0
	if c.pickUp {
		more = 1.2 // gathering SPs on the way (7.5.1)
	}
	if w := v.worth[c.dst]; w > 0 {
		return (50 + 25*w) * more
	}
	gain := v.dist[fi] - v.dist[c.dst]
	if v.dist[fi] < 0 || v.dist[c.dst] < 0 || gain <= 0 {
		return 0
	}
	return (1 + float64(gain)) * more
}

// holdsByStanding: side controls p only because its SPs stand there (a
// Town, Port, Objective or Resource Hex of the enemy's state with no
// Control marker of side's yet, 6.3), or p is a target the enemy's
// forces would take (the Confederate's defence of its Resource and
// Objective Hexes).
func (g *game) holdsByStanding(side string, p rules.Point) bool {
	h := g.e.b.hexes[p]
	if !markable(h) {
		return false
	}
	if g.stateSide(homeState(h)) != side && g.marker[p] != side {
		return true
	}
	return side == "confederate" && (h.BP != nil || h.Objective)
}

// battleWeight: the odds of a battle, read from the forces and the
// Generals' ratings (11.1.2, 11.3-11.4): high at 7:1 (Automatic
// Displacement), good at 3:2 or better after the ratings, fair at even
// (the Confederate counterattacks so), none below.
func (g *game) battleWeight(c candidate, gen *general, d int, from, at rules.Point, side string) float64 {
	n := c.sps
	if n >= 7*d {
		return 100
	}
	atk := float64(n)
	if gen != nil {
		atk += float64(gen.attack)
	}
	if g.demoral[side][from] {
		atk -= 2
	}
	def := float64(d)
	dUsed, _ := g.defenderGenerals(other(side), at, generalsUsed(d))
	for i, dg := range dUsed {
		def += float64(battleRating(dg, dg.defense, i > 0)) // as the battle uses them (11.3)
	}
	if g.e.b.mountainOrMarsh(from, at) {
		def++
	}
	if g.e.b.river(from, at) {
		def++
	}
	switch {
	case atk >= 1.5*def:
		return 40
	case atk >= def && side == "confederate":
		return 15
	case atk >= def:
		return 5
	}
	return 0
}

// retreatWeight prefers a retreat that ends with friendly SPs, then one
// into a hex the side controls (11.6).
func (g *game) retreatWeight(c candidate, side string) float64 {
	if len(c.retreat) == 0 {
		return 1
	}
	p, err := g.e.b.locate(c.retreat[len(c.retreat)-1])
	if err != nil {
		return 1
	}
	w := 1.0
	if g.sp[side][p] > 0 {
		w += 2
	}
	if g.controller(p) == side {
		w++
	}
	return w
}
