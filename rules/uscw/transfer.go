package uscw

import (
	"fmt"
	"slices"

	"github.com/musterhq/muster/rules"
)

// The Leader Transfer action (16.6.1-16.6.2, U1348-1350): for 1 Action
// Point, "any two 1- or 2-star Generals on the map" are repositioned, no
// SPs with them, each to a space that "must contain a friendly
// non-Isolated SP that is not Militia"; no path is traced; "Cavalry
// Generals and 3-star Generals may not be repositioned" (nor Grant, a
// 4-star: 7.4.1-7.4.2, U472-474); "A General may not be moved during the
// same Action Phase in which he is Transferred". Readings: a General
// already activated this Action Phase may not be transferred (5.1.2,
// U218: activated once per Action Phase); with a dice difference of 1 the
// Generals start in the theater whose point pays (4.1.3, U167-169).
// Isolation (13.6) is not played: every friendly SP counts; a Militia
// (17.2) is never one (militia.go keeps them apart from the SPs). In the
// Leader Management Phase the same Transfer is free, "up to two one- or
// two-star Generals" for the side (16.6.3, U1352).

// transferable reports a General the Leader Transfer may reposition: a
// 1- or 2-star General, never a Cavalry General (8.1, U518), nor
// Sheridan, Van Dorn or Price promoted with intrinsic cavalry ("As with
// other Cavalry Generals, they cannot be Transferred", 8.6 U551).
func transferable(gen *general) bool { return gen.rank <= 2 && !cavalryBenefit(gen) }

// transferOrder is one General and the space he goes to.
type transferOrder struct {
	general string
	to      rules.Point
}

// transfer plays a Leader Transfer action of one or two Generals.
func (g *game) transfer(orders []transferOrder) error {
	free := g.stage == stLeaders // 16.6.3: no cost, up to two in the phase
	if g.stage != stPlayer && !free {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	if len(orders) == 0 || len(orders) > 2 {
		return refuse("16.6.2", "a Leader Transfer repositions one or two Generals, not %d (U1350)", len(orders))
	}
	if free && g.mgmt.moves+len(orders) > 2 {
		return refuse("16.6.3", "the %s has repositioned %s in this Leader Management Phase: 'up to two one- or two-star Generals may be repositioned' (U1352)", g.phasing, genCount(g.mgmt.moves))
	}
	side, b := g.phasing, g.e.b
	var theater string
	for i, o := range orders {
		gen := g.gens[o.general]
		if gen == nil {
			return fmt.Errorf("no General %q in the counters", o.general)
		}
		at, on := g.genAt[gen.id]
		switch {
		case gen.side != side:
			return refuse("4.1.5", "%s is a %s General; the %s is the Phasing player", gen.name, gen.side, side)
		case !on:
			return refuse("16.6.2", "%s is not on the map: 'any two 1- or 2-star Generals on the map' (U1350)", gen.name)
		case cavalryBenefit(gen):
			return refuse("8.1", "%s is a Cavalry General: 'Cavalry Generals may never be repositioned in a Transfer Action' (U518; 8.6 U551 for Sheridan, Van Dorn and Price; 16.6.2 U1350)", gen.name)
		case gen.rank > 2:
			return refuse("16.6.2", "%s is a %d-star General: '3-star Generals may not be repositioned unless it is a free Transfer' (U1350, 7.4.1 U472)", gen.name, gen.rank)
		case !free && g.moved[gen.id]:
			return refuse("5.1.2", "%s has already been activated in this Action Phase (U218)", gen.name)
		case i == 1 && o.general == orders[0].general:
			return refuse("16.6.2", "%s is named twice", gen.name)
		case g.sp[side][o.to] == 0:
			return refuse("16.6.2", "%s holds no friendly SP: 'The ending space must contain a friendly non-Isolated SP' (U1350)", b.ids[o.to])
		case o.to == at:
			return refuse("16.6.2", "%s already stands in %s", gen.name, b.ids[at])
		case g.isolated(side, o.to):
			return refuse("16.6.2", "the %s SPs in %s are Isolated (13.6.2): 'The ending space must contain a friendly non-Isolated SP that is not Militia' (U1350)", side, b.ids[o.to])
		}
		if t := b.theater(at); i == 0 {
			theater = t
		} else if !free && g.diff == 1 && t != theater {
			return refuse("4.1.3", "with a dice difference of 1 one theater's Action Point pays: %s starts in the %s, %s in the %s", g.gens[orders[0].general].name, theater, gen.name, t)
		}
	}
	if free {
		g.mgmt.moves += len(orders)
		for _, o := range orders {
			gen := g.gens[o.general]
			g.say("16.6.3", "%s is repositioned free from %s to %s in the Leader Management Phase, no SPs with him (U1352)", gen.name, b.ids[g.genAt[gen.id]], b.ids[o.to])
			g.genAt[gen.id] = o.to
			delete(g.mgmt.arrived, gen.id) // transferred: no longer placed (16.2)
		}
		return nil
	}
	if err := g.spend(g.genAt[orders[0].general], "LEADER TRANSFER"); err != nil {
		return err
	}
	for _, o := range orders {
		gen := g.gens[o.general]
		from := g.genAt[gen.id]
		g.genAt[gen.id] = o.to
		g.moved[gen.id] = true // "may not be moved during the same Action Phase"
		g.say("16.6.2", "%s transfers from %s to %s, no SPs with him", gen.name, b.ids[from], b.ids[o.to])
	}
	return nil
}

// transferCandidates offers each Phasing General a Leader Transfer may
// move a transfer to the largest friendly stack without a General of his
// side, else to the largest other one (the lowest in board order among
// equals): an engine-built choice.
func (g *game) transferCandidates(out []candidate) []candidate {
	side := g.phasing
	if g.stage == stLeaders && g.mgmt.moves >= 2 {
		return out // 16.6.3: up to two
	}
	led := func(p rules.Point) bool {
		for id, at := range g.genAt {
			if at == p && g.gens[id].side == side {
				return true
			}
		}
		return false
	}
	// better orders the stacks: leaderless first, then more SPs, then
	// board order. Only the best two are kept: a General standing in the
	// best goes to the second.
	type stack struct {
		p   rules.Point
		led bool
		n   int
	}
	better := func(a, c stack) bool {
		if a.led != c.led {
			return !a.led
		}
		if a.n != c.n {
			return a.n > c.n
		}
		return pointLess(a.p, c.p)
	}
	var top [2]stack
	found := 0
	for p, n := range g.sp[side] {
		if n == 0 {
			continue
		}
		s := stack{p, led(p), n}
		switch {
		case found == 0 || better(s, top[0]):
			top[1], top[0] = top[0], s
		case found == 1 || better(s, top[1]):
			top[1] = s
		}
		found++
	}
	if found >= 2 && (g.isolated(side, top[0].p) || g.isolated(side, top[1].p)) {
		// "a friendly non-Isolated SP" (U1350): the rare case of an
		// Isolated stack among the best two, whose search is kept off the
		// common path
		var all []stack
		for p, n := range g.sp[side] {
			if n > 0 && !g.isolated(side, p) {
				all = append(all, stack{p, led(p), n})
			}
		}
		slices.SortFunc(all, func(a, c stack) int {
			switch {
			case better(a, c):
				return -1
			case better(c, a):
				return 1
			}
			return 0
		})
		found = len(all)
		copy(top[:], all)
	}
	if found < 2 {
		return out
	}
	for _, id := range g.e.genIDs {
		gen := g.gens[id]
		at, on := g.genAt[id]
		if gen.side != side || !on || !transferable(gen) || g.stage == stPlayer && (g.moved[id] || !g.canSpend(at)) {
			continue
		}
		dst := top[0].p
		if dst == at {
			dst = top[1].p
		}
		out = append(out, candidate{transfer: id, from: dst})
	}
	return out
}
