package uscw

import (
	"math/rand/v2"

	"github.com/musterhq/muster/rules"
)

// Drawing one legal action without the whole list (rules.Sampler), for
// the random bot. In a Player Action Phase the DISPERSE offer
// (disperseCandidates, 4.3) asks the supply state (13.1) of every stack
// of the side, a fresh trace after every action that changes the
// position: about two fifths of a random game's CPU. It is at most one
// action, so the sampler lists the others and keeps one slot for it:
// drawing that slot works the offer out, and where there is none the
// draw is made again among the others. Every legal action keeps the same
// chance as a draw from Legal (1/(n+1) each with the offer, 1/n without).
//
// An action drawn is its index in the list without the offer, the offer
// itself the index just past it, with drawnAction set: Apply, Describe
// and the log's replay take it by listing the same list again; Legal's
// indexes are unchanged.

// drawnAction marks an index into the sampler's list.
const drawnAction rules.Action = 1 << 32

// Sample draws one legal action of the side to act at random; false
// outside a Player Action Phase (the caller draws from Legal).
func (x *Game) Sample(rng *rand.Rand) (rules.Action, bool) {
	if x.g.stage != stPlayer {
		return 0, false
	}
	if x.at == x.n { // listed already: draw from the whole list
		if len(x.cands) == 0 {
			return 0, false
		}
		return rules.Action(rng.IntN(len(x.cands))), true
	}
	part := x.partial()
	n := len(part)
	if r := rng.IntN(n + 1); r < n {
		return drawnAction | rules.Action(r), true
	}
	// The DISPERSE slot, index n: worked out only now.
	if off := x.g.disperseCandidates(x.g.phasing, nil); len(off) > 0 {
		return drawnAction | rules.Action(n), true
	}
	if n == 0 {
		return 0, false
	}
	return drawnAction | rules.Action(rng.IntN(n)), true
}

// partial is the sampler's list for the position: the candidates without
// the DISPERSE offer, in candidates' order.
func (x *Game) partial() []candidate {
	if x.partFor != x.n+1 {
		x.part, x.partFor = x.g.listCandidates(x.part, false), x.n+1
	}
	return x.part
}

// pickDrawn is the candidate a drawn action names.
func (x *Game) pickDrawn(a rules.Action) (candidate, error) {
	i := a &^ drawnAction
	if x.g.stage != stPlayer {
		return candidate{}, refuse("4.2", "action %d was drawn in a Player Action Phase, not now", i)
	}
	c := x.partial()
	if i == rules.Action(len(c)) {
		if off := x.g.disperseCandidates(x.g.phasing, nil); len(off) > 0 {
			return off[0], nil
		}
	}
	if i >= rules.Action(len(c)) {
		return candidate{}, refuse("4.2", "drawn action %d is not legal now (%d legal without DISPERSE)", i, len(c))
	}
	return c[i], nil
}
