package uscw

import (
	"math/rand/v2"
	"slices"

	"github.com/musterhq/muster/rules"
)

// Drawing one legal action without listing them all (rules.Sampler), for
// the random bot. Listing searches every force's reachable hexes; a
// draw needs the search of one force only. Each force's hexes within its
// MA on an empty board (no enemy SPs: they only end or bar paths, so the
// hexes a force reaches are among these) are counted, and kept for the
// game: the board does not change. A draw takes one slot of the lot
// (pass, a rally, or a force and one of its hexes), searches that force's real
// reach (kept for the phase, reachcache.go) and keeps the slot if the
// move is legal (as candidates lists it), else draws again: every legal
// action, listed once, has the same chance, as a draw from Legal gives.
// After sampleTries misses, or in a retreat, it draws from the full list.

const sampleTries = 16

// sampledAction marks an Action as the last draw (x.sampled), not an
// index into the list.
const sampledAction rules.Action = 1 << 62

// mover is a force the side may move now, as candidates finds it.
type mover struct {
	general string // "" for SPs alone
	from    rules.Point
	sps, ma int
	slots   []int // the hexes within its MA on an empty board, board order
}

// Sample draws one legal action of the side to act at random.
func (x *Game) Sample(rng *rand.Rand) (rules.Action, bool) {
	g := x.g
	if g.stage == stPlayer {
		if c, ok := g.sampleMove(rng, &x.movers); ok {
			x.sampled, x.sampledAt = c, x.n
			return sampledAction, true
		}
	}
	if g.stage == stOver {
		return 0, false
	}
	l := x.Legal()
	if len(l) == 0 {
		return 0, false
	}
	return l[rng.IntN(len(l))], true
}

// sampleMove draws pass or a move; false after sampleTries misses.
func (g *game) sampleMove(rng *rand.Rand, buf *[]mover) (candidate, bool) {
	side := g.phasing
	others := g.rallies(side, append(g.others[:0], candidate{pass: true}))
	g.others = others
	ms := g.movers(side, (*buf)[:0])
	*buf = ms
	total := len(others) // pass and the rallies
	for i := range ms {
		total += len(ms[i].slots)
	}
	g.markEnemy(side)
	g.freshReach(side)
	for range sampleTries {
		r := rng.IntN(total)
		if r < len(others) {
			return others[r], true
		}
		r -= len(others)
		for i := range ms {
			m := &ms[i]
			if r >= len(m.slots) {
				r -= len(m.slots)
				continue
			}
			if c, ok := g.slotMove(side, m, m.slots[r]); ok {
				return c, true
			}
			break
		}
	}
	return candidate{}, false
}

// movers lists the forces of side that may move now, each with its
// empty-board hexes: the Generals (by id) with the SPs they may carry,
// then each hex's SPs alone (board order), as candidates does.
func (g *game) movers(side string, out []mover) []mover {
	s := g.scratch()
	clear(s.enemy) // the empty board
	if g.genCount == nil {
		g.genCount = map[rules.Point]int{}
	}
	clear(g.genCount) // the side's Generals per hex: generalsAt's length, counted once
	for id, at := range g.genAt {
		if gen := g.gens[id]; gen != nil && gen.side == side {
			g.genCount[at]++
		}
	}
	for _, id := range g.e.genIDs {
		gen := g.gens[id]
		at, on := g.genAt[id]
		if gen.side != side || !on || g.moved[id] || !g.canSpend(at) {
			continue
		}
		n := min(g.sp[side][at]-g.movedSP[side][at], g.e.commandLimit(gen))
		if n == g.sp[side][at] && g.genCount[at] > 1 {
			n-- // never leave a General without SPs (7.6)
		}
		out = append(out, mover{general: id, from: at, sps: n, ma: gen.ma, slots: g.openReach(side, at, gen.ma)})
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
		if free == g.sp[side][at] && g.genCount[at] > 0 {
			free--
		}
		if free == 0 {
			continue
		}
		out = append(out, mover{from: at, sps: min(free, 3), ma: 3, slots: g.openReach(side, at, 3)})
	}
	return out
}

// openReach is reach on the empty board (call with the scratch's enemy
// marks clear), kept for the game per start, MA and New Madrid's closure.
func (g *game) openReach(side string, p rules.Point, ma int) []int {
	k := openKey{start: g.e.b.index[p], ma: ma, closed: g.e.hasNewMadrid && g.kentuckyNeutral()}
	if f, ok := g.open[k]; ok {
		return f
	}
	if g.open == nil {
		g.open = map[openKey][]int{}
	}
	f := slices.Clone(g.reach(side, p, ma, true))
	g.open[k] = f
	return f
}

type openKey struct {
	start, ma int
	closed    bool
}

// slotMove is m's move to board index dst if candidates lists it.
func (g *game) slotMove(side string, m *mover, dst int) (candidate, bool) {
	real := g.reachCached(side, m.from, m.ma, m.sps > 0)
	if _, found := slices.BinarySearch(real, dst); !found {
		return candidate{}, false
	}
	if m.general != "" {
		if m.sps == 0 && g.sp[side][g.e.b.order[dst]] == 0 {
			return candidate{}, false // a General without SPs ends with friendly SPs (7.6)
		}
		return candidate{move: true, general: m.general, sps: m.sps, ma: m.ma, dst: dst}, true
	}
	return candidate{move: true, from: m.from, sps: m.sps, ma: m.ma, dst: dst}, true
}
