package uscw

import (
	"fmt"
	"slices"

	"github.com/musterhq/muster/rules"
)

// The Rail Movement Bonus (5.4.2, U268-275): "An activated force that
// starts and ends its movement on a rail hex and spends its entire
// movement moving along a friendly-controlled railroad, may disregard its
// MA and move up to 12 MPs (paying 1 MP per hex and +1 MP per Railroad
// Ferry)". No more than 2 SPs use it per Action Phase, with any number of
// Generals; it may start in an enemy ZOI but not enter one (a hex under
// the side's Railroad Control is never in one, 6.5.1). It "May not pickup
// SPs along the way (7.5) or use Regroup Movement (5.9)" nor "spend any of
// its MPs to Entrench" (U271-273): march refuses those path items.

// railBonusMPs is the bonus's MPs (U268).
const railBonusMPs = 12

// railBonusSPs is the SPs a side may move with it per Action Phase (U270).
const railBonusSPs = 2

// railBonusUse counts a side's SPs moved with the bonus in one Action
// Phase; it resets itself when the turn or phase differs.
type railBonusUse struct{ turn, phase, sps int }

// railBonusLeft is how many SPs side may still move with the bonus in
// this Action Phase.
func (g *game) railBonusLeft(side string) int {
	u := g.railBonus[sideIndex(side)]
	if u.turn != g.turn || u.phase != g.phase {
		return railBonusSPs
	}
	return railBonusSPs - u.sps
}

// useRailBonus books n SPs moved with the bonus.
func (g *game) useRailBonus(side string, n int) {
	si := sideIndex(side)
	if u := g.railBonus[si]; u.turn != g.turn || u.phase != g.phase {
		g.railBonus[si] = railBonusUse{turn: g.turn, phase: g.phase}
	}
	g.railBonus[si].sps += n
}

// railBonusStart checks a force of n SPs may use the bonus from start.
func (g *game) railBonusStart(side string, start rules.Point, n int) error {
	if !g.e.b.isRail(start) {
		return refuse("5.4.2", "%s is no rail hex: the Rail Movement Bonus starts and ends on a rail hex (U268)", g.e.b.ids[start])
	}
	if left := g.railBonusLeft(side); n > left {
		return refuse("5.4.2", "'No more than 2 SPs may use the Rail Movement Bonus per Action Phase' (U270): %d left this Action Phase, not %d", left, n)
	}
	return nil
}

// railBonusStep is the cost of one step of a Rail Movement Bonus move:
// 1 MP along a railroad, +1 across a Railroad Ferry (U268), into a hex
// under the side's Railroad Control (6.5), the 1864 lines once built.
func (g *game) railBonusStep(side string, from, to rules.Point, rc *railControl) (int, string, error) {
	b := g.e.b
	e, ok := b.railEdgeOf(from, to)
	if !ok || e.from1864 && !g.railsBuilt1864() {
		return 0, "", refuse("5.4.2", "no railroad joins %s to %s: the Rail Movement Bonus 'spends its entire movement moving along a friendly-controlled railroad' (U268)", b.ids[from], b.ids[to])
	}
	if owner := rc.at(b, to); owner != side {
		if owner == "" {
			owner = "no side"
		}
		return 0, "", refuse("5.4.2", "the railroad in %s is under the control of %s, not the %s (6.5): the Rail Movement Bonus moves along a friendly-controlled railroad (U268)", b.ids[to], owner, side)
	}
	if !g.railCrossingOpen(g.naval(), side, from, to) {
		return 0, "", refuse("5.4.3", "the railroad %s-%s crosses a Navigable River under the %s's Naval Control: 'Railroad bridges that cross Navigable Rivers may only be used if the player has Naval Control (19.1.1) or neither player has Naval Control of that river hexside' (U277)", b.ids[from], b.ids[to], other(side))
	}
	if e.ferry {
		return 2, "railroad 1 + Railroad Ferry +1", nil
	}
	return 1, "railroad 1", nil
}

// railBonusReach is every rail hex (by rail index) a force of side may
// reach from start with the Rail Movement Bonus: its cheapest MPs (-1
// unreached) and the previous rail hex of its path. railBonusStep's
// rules over the rail net's indexes: 1 MP a step, +1 across a ferry, into
// the side's Railroad Control, the 1864 lines once built, never over a
// bridge or ferry under enemy Naval Control (5.4.3: closed to any force,
// whatever its SPs).
func (g *game) railBonusReach(side string, start rules.Point, rc *railControl) (cost, prev []int) {
	nav, built := g.naval(), g.railsBuilt1864()
	k := g.bonusReach
	if k == nil || k.rc != rc || k.built != built || !slices.Equal(k.nav, nav) {
		k = &railBonusReaches{rc: rc, nav: slices.Clone(nav), built: built, by: map[bonusFrom]railBonusSearch{}}
		g.bonusReach = k
	}
	from := bonusFrom{sideIndex(side), start}
	if r, ok := k.by[from]; ok {
		return r.cost, r.prev
	}
	cost, prev = g.searchRailBonus(side, start, rc, nav, built)
	k.by[from] = railBonusSearch{cost, prev}
	return cost, prev
}

// railBonusReaches keeps the Rail Movement Bonus's searches made for one
// Railroad Control: a search reads only it, the Naval Control of the
// bridges and ferries and the 1864 lines, and a position whose control
// is the one before (most: a move seldom changes who controls a
// railroad; railControl keeps the same object then) reads them again
// instead of searching. A game's own: a clone starts without.
type railBonusReaches struct {
	rc    *railControl
	nav   []int8
	built bool
	by    map[bonusFrom]railBonusSearch
}

type bonusFrom struct {
	side  int
	start rules.Point
}

// railBonusSearch is one search's answer; its slices are never written.
type railBonusSearch struct{ cost, prev []int }

// searchRailBonus is railBonusReach's search.
func (g *game) searchRailBonus(side string, start rules.Point, rc *railControl, nav []int8, built bool) (cost, prev []int) {
	rg := g.e.b.rails
	cost, prev = make([]int, len(rg.railHexs)), make([]int, len(rg.railHexs))
	for i := range cost {
		cost[i] = -1
	}
	s, ok := rg.railIdx[start]
	if !ok {
		return cost, prev
	}
	cost[s] = 0
	queue := []int{s}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, st := range rg.railNext[i] {
			c := cost[i] + 1
			if st.ferry {
				c++
			}
			if st.from1864 && !built || rc.owner[st.to] != side || c > railBonusMPs || cost[st.to] >= 0 && cost[st.to] <= c ||
				!g.railCrossingOpen(nav, side, rg.railHexs[i], rg.railHexs[st.to]) {
				continue
			}
			cost[st.to], prev[st.to] = c, i
			queue = append(queue, st.to)
		}
	}
	return cost, prev
}

// railBonusPath is the path of ids from start to dst railBonusReach found.
func (g *game) railBonusPath(side string, start, dst rules.Point, n int) []string {
	rg := g.e.b.rails
	_, prev := g.railBonusReach(side, start, g.railControl())
	s, d := rg.railIdx[start], rg.railIdx[dst]
	var rev []string
	for at := d; at != s; at = prev[at] {
		rev = append(rev, g.e.b.ids[rg.railHexs[at]])
	}
	path := make([]string, len(rev))
	for i, id := range rev {
		path[len(rev)-1-i] = id
	}
	return path
}

// railBonusCandidates offers the bots a Rail Movement Bonus move for each
// of side's Generals (with up to the SPs left of the 2) and each stack
// of SPs alone on a rail hex, to every hex in reach.
func (g *game) railBonusCandidates(side string, out []candidate) []candidate {
	left := g.railBonusLeft(side)
	if left <= 0 {
		return out
	}
	b := g.e.b
	var rc *railControl // worked out for the first force that may move by rail
	add := func(general string, from rules.Point, n int) {
		if rc == nil {
			rc = g.railControl()
		}
		cost, _ := g.railBonusReach(side, from, rc)
		for j, c := range cost { // rail index order is board order
			if c > 0 {
				out = append(out, candidate{move: true, rail: true, general: general, from: from, sps: n, ma: railBonusMPs, dst: b.index[b.rails.railHexs[j]]})
			}
		}
	}
	for _, id := range g.e.genIDs {
		gen := g.gens[id]
		at, on := g.genAt[id]
		if gen.side != side || !on || g.moved[id] || !b.isRail(at) || !g.canSpend(at) || len(g.generalsAt(side, at)) > 1 {
			continue
		}
		if n := min(g.unmovedSPs(side, at), g.e.commandLimit(gen), left); n > 0 {
			add(id, at, n)
		}
	}
	stacks := make([]rules.Point, 0, len(g.sp[side]))
	for p := range g.sp[side] {
		stacks = append(stacks, p)
	}
	sortPoints(stacks)
	for _, p := range stacks {
		free := g.unmovedSPs(side, p)
		if free > 0 && b.isRail(p) && g.canSpend(p) && len(g.generalsAt(side, p)) == 0 {
			add("", p, min(free, left))
		}
	}
	return out
}

// railBonusViolations: no more than 2 SPs a side use the Rail Movement
// Bonus per Action Phase (5.4.2, U270).
func (g *game) railBonusViolations() []string {
	var out []string
	for _, side := range sides {
		if u := g.railBonus[sideIndex(side)]; u.sps > railBonusSPs {
			out = append(out, fmt.Sprintf("USCW 5.4.2: the %s moved %s with the Rail Movement Bonus in turn %d, Action Phase %d", side, spCount(u.sps), u.turn, u.phase))
		}
	}
	return out
}
