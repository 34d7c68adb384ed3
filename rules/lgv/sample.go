package lgv

import (
	"math/rand/v2"

	"github.com/musterhq/muster/rules"
)

// Drawing one legal action without listing them all (rules.Sampler), for
// the random bot's playouts. Two thirds of a random game's decisions are
// in Assault Activations (8.0), where the legal list is every move of
// every unit that may still move: checking each of those costs most of
// the game. The sampler lists the other actions of the activation (stop,
// commit, attack, end ...) as assaultLegal does, but only counts each
// moving unit's candidate links (the ones no static case of 8.4 or 14.2
// closes, board.open); it draws one slot of the lot and checks just that
// move (moveCost and the Overrun's limits of 9.4.4). A move found illegal
// is drawn again: every legal action, listed once, comes with the same
// chance, as a draw from Legal gives. After sampleTries misses, or out of
// an activation, it draws from the full list.

// sampleTries bounds the redraws before the full list is taken.
const sampleTries = 16

// Sample draws one legal action of the side to act at random.
func (x *Game) Sample(rng *rand.Rand) (rules.Action, bool) {
	g := x.g
	if g.stage == stOver {
		return 0, false
	}
	if g.stage == stAssault {
		if a, ok := g.sampleAssault(rng); ok {
			return a, true
		}
	}
	l := x.Legal()
	if len(l) == 0 {
		return 0, false
	}
	return l[rng.IntN(len(l))], true
}

// sampleAssault draws an action of an Assault Activation; false after
// sampleTries illegal moves drawn (or nothing to draw).
func (g *game) sampleAssault(rng *rand.Rand) (rules.Action, bool) {
	g.sampleMoves, g.moveUnits = true, g.moveUnits[:0]
	g.legal, g.legalCost = g.legal[:0], g.legalCost[:0]
	g.assaultLegal() // the other actions into legal, the movers into moveUnits
	g.sampleMoves, g.legalOK = false, false
	others := len(g.legal)
	total := others
	for _, u := range g.moveUnits {
		total += g.moveSlots(u)
	}
	if total == 0 {
		return 0, false
	}
	for range sampleTries {
		r := rng.IntN(total)
		if r < others {
			g.sampled, g.sampledCost, g.sampledOK = g.legal[r], 0, true
			return g.sampled, true
		}
		r -= others
		for _, u := range g.moveUnits {
			n := g.moveSlots(u)
			if r >= n {
				r -= n
				continue
			}
			if to, cost, ok := g.slotMove(u, r); ok {
				g.sampled, g.sampledCost, g.sampledOK = act(aMove, u, to), int8(cost), true
				return g.sampled, true
			}
			break
		}
	}
	return 0, false
}

// moveSlots is how many links unitMoves would check for u: its links
// open to its movement class, none when it has no MF left or is an
// overrunner in a Zone (9.4.4).
func (g *game) moveSlots(u int) int {
	if g.mfLeft[u] < 1 {
		return 0
	}
	from := g.units[u].loc
	if g.e.b.zone[from] && g.isOverrunner(u) {
		return 0
	}
	return len(g.e.b.open[g.e.hot[u].class][from])
}

// slotMove checks u's i-th open link as unitMoves does: the move's
// destination and MF cost, or false.
func (g *game) slotMove(u, i int) (to, cost int, ok bool) {
	from := g.units[u].loc
	l := &g.e.b.adj[from][g.e.b.open[g.e.hot[u].class][from][i]]
	cost, why := g.moveCost(u, from, l.to, l)
	if why != "" {
		return 0, 0, false
	}
	if g.isOverrunner(u) && (g.e.b.zone[l.to] || !g.secondAttackArea(from, l.to)) {
		return 0, 0, false
	}
	return l.to, cost, true
}
