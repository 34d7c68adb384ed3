package uscw

import (
	"container/heap"
	"fmt"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Engine-built actions for the sim's bots (the second level):
// "this General with the SPs he may carry to a reachable hex by the
// cheapest legal path", or up to 3 SPs alone likewise, or a retreat path.
// Each expands into the fine step a script takes (a MOVE with its path,
// a retreat with its path), so a log replays.

// candidate is one legal action of the side to act.
type candidate struct {
	pass    bool
	move    *moveOrder
	retreat []string
}

func (c candidate) describe() string {
	switch {
	case c.pass:
		return "pass"
	case c.move != nil:
		who := c.move.general
		if who == "" {
			who = "sps@" + c.move.from
		}
		return fmt.Sprintf("move %s %d SPs %s", who, c.move.sps, strings.Join(c.move.path, "-"))
	}
	return "retreat " + strings.Join(c.retreat, "-")
}

// candidates lists the legal actions in a fixed order: pass first, then
// each General's moves (by id), then each hex's SPs alone (board order).
func (g *game) candidates() []candidate {
	switch g.stage {
	case stRetreat:
		var out []candidate
		for _, path := range g.retreatPaths(g.retreat.side, g.retreat.from) {
			ids := make([]string, len(path))
			for i, p := range path {
				ids[i] = g.e.b.ids[p]
			}
			out = append(out, candidate{retreat: ids})
		}
		return out
	case stPlayer:
	default:
		return nil
	}
	out := []candidate{{pass: true}}
	side := g.phasing
	for _, id := range g.e.genIDs {
		gen := g.e.generals[id]
		at, on := g.genAt[id]
		if gen.side != side || !on || g.moved[id] || !g.canSpend(at) {
			continue
		}
		n := min(g.sp[side][at]-g.movedSP[side][at], g.e.commandLimit(gen))
		for _, path := range g.reach(side, at, gen.ma, n > 0) {
			out = append(out, candidate{move: &moveOrder{general: id, sps: n, path: path}})
		}
	}
	for _, at := range g.e.b.order {
		free := g.sp[side][at] - g.movedSP[side][at]
		if free <= 0 || !g.canSpend(at) {
			continue
		}
		for _, path := range g.reach(side, at, 3, true) {
			out = append(out, candidate{move: &moveOrder{from: g.e.b.ids[at], sps: min(free, 3), path: path}})
		}
	}
	return out
}

// canSpend reports an Action Point for an action starting in p (4.3,
// 4.1.3).
func (g *game) canSpend(p rules.Point) bool {
	if g.diff == 1 {
		return g.theaterAP[g.e.b.theater(p)] > 0
	}
	return g.ap > 0
}

// reach lists the cheapest path to every hex a force may move to from p
// within ma MPs (5.3): it stops in a hex holding enemy SPs (a battle,
// 11.1.1), which it enters only with SPs (attack) and never across a
// Navigable River (11.5, not yet played).
func (g *game) reach(side string, p rules.Point, ma int, attack bool) [][]string {
	b := g.e.b
	best := map[rules.Point]int{p: 0}
	prev := map[rules.Point]rules.Point{}
	q := &costQueue{{p, 0}}
	var order []rules.Point
	for q.Len() > 0 {
		it := heap.Pop(q).(costItem)
		if it.cost > best[it.p] {
			continue
		}
		if it.p != p {
			order = append(order, it.p)
		}
		if g.sp[other(side)][it.p] > 0 {
			continue // a battle ends the move
		}
		for _, n := range b.neighbors(it.p) {
			c, _, err := b.stepCost(it.p, n)
			if err != nil || it.cost+c > ma {
				continue
			}
			if g.sp[other(side)][n] > 0 && (!attack || acrossNavigable(b, it.p, n)) {
				continue
			}
			if old, seen := best[n]; seen && old <= it.cost+c {
				continue
			}
			best[n], prev[n] = it.cost+c, it.p
			heap.Push(q, costItem{n, it.cost + c})
		}
	}
	sortPoints(order)
	out := make([][]string, 0, len(order))
	for _, dst := range order {
		var path []string
		for at := dst; at != p; at = prev[at] {
			path = append(path, b.ids[at])
		}
		for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
			path[i], path[j] = path[j], path[i]
		}
		out = append(out, path)
	}
	return out
}

func acrossNavigable(b *board, a, c rules.Point) bool {
	for _, k := range b.topo.Side(a, c) {
		if k == "navigable-river-type-1" || k == "navigable-river-type-2" {
			return true
		}
	}
	return false
}

// play applies a candidate as the script's fine step would.
func (g *game) play(c candidate) error {
	switch {
	case c.pass:
		if g.stage != stPlayer {
			return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
		}
		g.say("4.2", "the %s ends its Player Action Phase", g.phasing)
		g.endPlayerPhase()
		return nil
	case c.move != nil:
		return g.move(*c.move)
	}
	return g.retreatTo(c.retreat)
}
