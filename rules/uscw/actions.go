package uscw

import (
	"fmt"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Engine-built actions for the sim's bots (the second level):
// "this General with the SPs he may carry to a reachable hex by the
// cheapest legal path", or up to 3 SPs alone likewise, or a retreat path.
// Each expands into the fine step a script takes (a MOVE with its path,
// a retreat with its path), so a log replays.

// candidate is one legal action of the side to act.
// A move is kept as its force and destination; its path is searched
// again only when it is played or described.
type candidate struct {
	pass    bool
	move    bool
	general string      // the moving General, "" for SPs alone
	from    rules.Point // SPs alone: their hex
	sps, ma int
	dst     int // the destination's board index (a move's, an Avoid Battle's or a Maneuver's)
	retreat []string
	react   reactKind // at a reaction: pass, intercept (general), avoid, maneuver (general), backup, attack
}

// order expands a move candidate into the MOVE a script would give.
func (g *game) order(c candidate) moveOrder {
	start := c.from
	if c.general != "" {
		at, on := g.genAt[c.general]
		if !on { // moving now (a reaction stopped his MOVE) or gone
			return moveOrder{general: c.general, sps: c.sps}
		}
		start = at
	}
	g.markEnemy(g.phasing)
	g.reach(g.phasing, start, c.ma, c.sps > 0)
	o := moveOrder{general: c.general, sps: c.sps, path: g.pathTo(start, c.dst)}
	if c.general == "" {
		o.from = g.e.b.ids[c.from]
	}
	return o
}

func (g *game) describe(c candidate) string {
	switch {
	case c.react != rNone:
		return g.describeReaction(c)
	case c.pass:
		return "pass"
	case c.move:
		o := g.order(c)
		who := o.general
		if who == "" {
			who = "sps@" + o.from
		}
		return fmt.Sprintf("move %s %d SPs %s", who, o.sps, strings.Join(o.path, "-"))
	}
	return "retreat " + strings.Join(c.retreat, "-")
}

// candidates lists the legal actions in a fixed order: pass first, then
// each General's moves (by id), then each hex's SPs alone (board order).
func (g *game) candidates(out []candidate) []candidate {
	out = out[:0]
	switch g.stage {
	case stRetreat:
		for _, path := range g.retreatPaths(g.retreat.side, g.retreat.from) {
			ids := make([]string, len(path))
			for i, p := range path {
				ids[i] = g.e.b.ids[p]
			}
			out = append(out, candidate{retreat: ids})
		}
		return out
	case stReact:
		return g.reactCandidates(out)
	case stPlayer:
	default:
		return nil
	}
	out = append(out, candidate{pass: true})
	side := g.phasing
	g.markEnemy(side)
	for _, id := range g.e.genIDs {
		gen := g.gens[id]
		at, on := g.genAt[id]
		if gen.side != side || !on || g.moved[id] || !g.canSpend(at) {
			continue
		}
		n := min(g.sp[side][at]-g.movedSP[side][at], g.e.commandLimit(gen))
		if n == g.sp[side][at] && len(g.generalsAt(side, at)) > 1 {
			n-- // never leave a General without SPs (7.6)
		}
		for _, dst := range g.reach(side, at, gen.ma, n > 0) {
			if n == 0 && (g.sp[side][g.e.b.order[dst]] == 0 || g.pathEntersZOI(side, at, dst)) {
				continue // a General without SPs ends his move with friendly SPs, never entering an enemy ZOI (7.6)
			}
			out = append(out, candidate{move: true, general: id, sps: n, ma: gen.ma, dst: dst})
		}
	}
	stacks := make([]rules.Point, 0, len(g.sp[side]))
	for at, n := range g.sp[side] {
		if n-g.movedSP[side][at] > 0 && g.canSpend(at) {
			stacks = append(stacks, at)
		}
	}
	sortPoints(stacks)
	for _, at := range stacks {
		free := g.sp[side][at] - g.movedSP[side][at]
		if free == g.sp[side][at] && len(g.generalsAt(side, at)) > 0 {
			free-- // never leave a General without SPs (7.6)
		}
		if free == 0 {
			continue
		}
		for _, dst := range g.reach(side, at, 3, true) {
			out = append(out, candidate{move: true, from: at, sps: min(free, 3), ma: 3, dst: dst})
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

// reach lists (by board index, in board order) every hex a force may move to from p
// within ma MPs (5.3): it stops in a hex holding enemy SPs (a battle,
// 11.1.1), which it enters only with SPs (attack) and never across a
// Navigable River (11.5, not yet played). A bucket queue over the
// board's indexed steps: MP costs are small integers.
// The cheapest paths stay in the scratch memory for pathTo until the next
// search. Call markEnemy first.
func (g *game) reach(side string, p rules.Point, ma int, attack bool) []int {
	b := g.e.b
	s := g.scratch()
	enemy := s.enemy
	start := b.index[p]
	closed := -1 // New Madrid while Kentucky is neutral (17.1.3)
	if g.e.hasNewMadrid && g.kentuckyNeutral() {
		closed = b.index[g.e.newMadrid]
	}
	s.stamp++
	s.best[start], s.seen[start] = 0, s.stamp
	buckets := s.buckets[:0]
	for range ma + 1 {
		buckets = append(buckets, nil)
	}
	buckets[0] = append(buckets[0][:0], start)
	found := s.found[:0]
	for c := 0; c <= ma; c++ {
		for k := 0; k < len(buckets[c]); k++ {
			i := buckets[c][k]
			if s.best[i] != c {
				continue
			}
			if i != start {
				found = append(found, i)
			}
			if enemy[i] {
				continue // a battle ends the move
			}
			for _, st := range b.next[i] {
				nc := c + st.cost
				if st.cost < 0 || nc > ma {
					continue
				}
				if enemy[st.to] && (!attack || st.navRiver) || st.to == closed {
					continue
				}
				if s.seen[st.to] == s.stamp && s.best[st.to] <= nc {
					continue
				}
				s.seen[st.to], s.best[st.to], s.prev[st.to] = s.stamp, nc, i
				buckets[nc] = append(buckets[nc], st.to)
			}
		}
	}
	s.buckets, s.found = buckets, found
	sort.Ints(found) // board order
	return found
}

// pathTo is the cheapest path of the last search from start to dst.
func (g *game) pathTo(start rules.Point, dst int) []string {
	b, s := g.e.b, g.scratch()
	from := b.index[start]
	n := 0
	for at := dst; at != from; at = s.prev[at] {
		n++
	}
	path := make([]string, n)
	for at := dst; at != from; at = s.prev[at] {
		n--
		path[n] = b.ids[b.order[at]]
	}
	return path
}

// searchScratch is the reusable memory of the path searches: a search
// marks what it touched with a new stamp instead of clearing.
type searchScratch struct {
	best, prev []int
	seen       []uint32
	stamp      uint32
	enemy      []bool
	buckets    [][]int
	found      []int // reach's answer, valid until the next search
}

func (g *game) scratch() *searchScratch {
	n := len(g.e.b.order)
	if g.search == nil || len(g.search.best) != n {
		g.search = &searchScratch{best: make([]int, n), prev: make([]int, n), seen: make([]uint32, n), enemy: make([]bool, n)}
	}
	return g.search
}

// markEnemy notes the hexes holding SPs of side's enemy for reach.
func (g *game) markEnemy(side string) {
	s := g.scratch()
	clear(s.enemy)
	for p, n := range g.sp[other(side)] {
		if n > 0 {
			s.enemy[g.e.b.index[p]] = true
		}
	}
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
	case c.react != rNone:
		return g.playReaction(c)
	case c.pass:
		if g.stage != stPlayer {
			return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
		}
		g.say("4.2", "the %s ends its Player Action Phase", g.phasing)
		g.endPlayerPhase()
		return nil
	case c.move:
		return g.move(g.order(c))
	}
	return g.retreatTo(c.retreat)
}
