package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// The reachable hexes of each force, kept across decisions. A search
// (reach, actions.go) reads only the board, the hex it starts from, the
// Movement Allowance, whether the force may attack, the hexes holding
// the enemy's SPs and New Madrid's closure (17.1.3); between two
// decisions of a Player Action Phase most forces stay where they are and
// the enemy's hexes do not change, so the answer is kept per start, MA
// and attack, and thrown away whenever the enemy's hexes or New Madrid's
// closure differ from the ones it was found with. A rule that makes reach
// read anything else must add it to reachInputs (TestReachCacheAgrees
// compares the kept answers with fresh searches over random games).

type reachKey struct {
	start, ma int
	attack    bool
}

// reachInputs is what a side's kept answers were found with.
type reachInputs struct {
	enemy  []int // the board indexes of the hexes holding enemy SPs, sorted
	closed bool  // New Madrid closed
}

type reachCache struct {
	in    reachInputs
	found map[reachKey][]int
	buf   []int // the inputs of the position now, for the comparison
}

// freshReach readies side's kept answers for the position: call it once
// per listing, before reachCached.
func (g *game) freshReach(side string) {
	i := 0
	if side == "union" {
		i = 1
	}
	c := g.reaches[i]
	if c == nil {
		c = &reachCache{found: map[reachKey][]int{}}
		g.reaches[i] = c
	}
	b := g.e.b
	c.buf = c.buf[:0]
	for p, n := range g.sp[other(side)] {
		if n > 0 {
			c.buf = append(c.buf, b.index[p])
		}
	}
	slices.Sort(c.buf)
	closed := g.e.hasNewMadrid && g.kentuckyNeutral()
	if closed != c.in.closed || !slices.Equal(c.buf, c.in.enemy) {
		clear(c.found)
		c.in.closed = closed
		c.in.enemy = append(c.in.enemy[:0], c.buf...)
	}
	g.reachNow = c
}

// reachCached is reach's answer (board indexes, board order), kept: the
// caller must not change it.
func (g *game) reachCached(side string, p rules.Point, ma int, attack bool) []int {
	c := g.reachNow
	k := reachKey{g.e.b.index[p], ma, attack}
	if f, ok := c.found[k]; ok {
		return f
	}
	f := slices.Clone(g.reach(side, p, ma, attack))
	c.found[k] = f
	return f
}
