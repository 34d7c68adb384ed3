package uscw

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Regroup Movement (5.9, U339-345): "At the cost of 1 MP an activated 2, 3
// or 4-star General can order friendly troops in an adjacent hex to move
// to the General's hex. Each Regroup Command can bring in up to 6 SPs plus
// any Generals with the SPs that can become subordinates (7.2.3). The SPs
// all must be in the same adjacent hex, must be within 1 MP of the
// General's hex, and must not have moved yet that Action Phase. A General
// can move before and after Regrouping as long as he has the necessary MPs
// remaining."
//
// A path names it between its hexes: "regroup:HEX" brings every unmoved SP
// of HEX (at most 6), "regroup:HEX:N" brings N of them. Reading: the SPs
// and Generals brought in join the moving force, like a pick-up from the
// adjacent hex (7.5), so the Command Limit (7.3) counts them from then on
// and they move on with the General unless a drop:N leaves them where they
// arrived. The engine plays a Regroup as a hand-off of the plan (pickup.go)
// taken from the adjacent hex: it happens when the force reaches the hex
// it is ordered in, so a reaction that stops the force short leaves it
// unplayed (9.0). A Regroup is offered to scripts only, not to the bots.

// regroupPrefix starts a Regroup in a path.
const regroupPrefix = "regroup:"

// regroupMPs is what a Regroup costs: the module's List of Movement Costs
// (5.3, U257), else the 1 MP 5.9 states (U341).
func (b *board) regroupMPs() int {
	if c, ok := b.cost["regroup"]; ok {
		return c
	}
	return 1
}

// regroupToken reads "regroup:HEX" (sps -1: every unmoved SP there) or
// "regroup:HEX:N"; ok is false for any other path item.
func regroupToken(tok string) (hex string, sps int, ok bool, err error) {
	rest, ok := strings.CutPrefix(tok, regroupPrefix)
	if !ok {
		return "", 0, false, nil
	}
	hex, count, counted := strings.Cut(rest, ":")
	if !counted {
		return hex, -1, true, nil
	}
	n, err := strconv.Atoi(count)
	if err != nil || n <= 0 {
		return "", 0, true, fmt.Errorf("%s: regroup:HEX or regroup:HEX:N with N a positive number of SPs", tok)
	}
	return hex, n, true, nil
}

// planRegroup checks a Regroup ordered by the force mv standing in at
// with spent of its MA used, adds its hand-offs to the plan and returns
// its MP cost, or refuses it naming the case.
func (g *game) planRegroup(side string, mv *moving, tok string, at rules.Point, spent int, rail bool) (int, error) {
	hex, want, _, err := regroupToken(tok)
	if err != nil {
		return 0, err
	}
	b := g.e.b
	if rail {
		return 0, refuse("5.4.2", "a force using the Rail Movement Bonus 'May not pickup SPs along the way (7.5) or use Regroup Movement (5.9)' (U271)")
	}
	gen := mv.gen
	if gen == nil || gen.rank < 2 {
		who := "SPs without a General (an intrinsic 1-star General, 7.8)"
		if gen != nil {
			who = fmt.Sprintf("%s, a %d-star General,", gen.name, gen.rank)
		}
		return 0, refuse("5.9", "%s may not Regroup: 'an activated 2, 3 or 4-star General can order friendly troops in an adjacent hex to move to the General's hex' (U341)", who)
	}
	cost := b.regroupMPs()
	if spent+cost > mv.ma {
		return 0, refuse("5.9", "a Regroup costs %d MP (U341): %s has spent %d of his Movement Allowance of %d ('as long as he has the necessary MPs remaining')", cost, gen.name, spent, mv.ma)
	}
	q, err := b.locate(hex)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", tok, err)
	}
	if !b.adjacent(q, at) {
		return 0, refuse("5.9", "%s is not adjacent to %s's hex %s: a Regroup calls in 'friendly troops in an adjacent hex' (U341)", hex, gen.name, b.ids[at])
	}
	if g.sp[side][q] == 0 {
		return 0, refuse("5.9", "%s holds no %s SPs to Regroup (U341: 'up to 6 SPs plus any Generals with the SPs')", hex, side)
	}
	free := g.unmovedSPs(side, q) - mv.taken[q]
	n := want
	if n < 0 {
		n = free
	}
	if free == 0 {
		return 0, refuse("5.9", "the %s in %s have all moved this Action Phase: the SPs regrouped 'must not have moved yet that Action Phase' (U341)", spKind(g.sp[side][q], side), hex)
	}
	if n > free {
		return 0, refuse("5.9", "%s holds %s that have not moved this Action Phase, not %d: the SPs regrouped 'must not have moved yet that Action Phase' (U341)", hex, spKind(free, side), n)
	}
	if n > 6 {
		return 0, refuse("5.9", "'Each Regroup Command can bring in up to 6 SPs' (U341), not %d (name the count: regroup:%s:6)", n, hex)
	}
	c, why, err := b.stepCostBuilt(q, at, g.railsBuilt1864())
	if err != nil {
		return 0, refuse("5.9", "the SPs in %s may not enter %s: %v; they 'must be within 1 MP of the General's hex' (U341)", hex, b.ids[at], err)
	}
	if extra, err := g.riverCrossing(side, nil, q, at, n); err != nil { // nil: no Naval Assist, a river costs over 1 MP anyway
		return 0, err
	} else if extra > 0 {
		c += extra
		why += fmt.Sprintf(" + %d (enemy Naval Control, 5.8.3)", extra)
	}
	if c > 1 {
		return 0, refuse("5.9", "entering %s from %s costs %d MP (%s): the SPs regrouped 'must be within 1 MP of the General's hex' (U341)", b.ids[at], hex, c, why)
	}
	// The Generals with the SPs who may become subordinates come too
	// (7.2.3); a General who may not (a 3-star under a 2-star, 7.4.1, or
	// one who outranks the commander) or who has moved stays.
	var subs []*general
	for _, s := range g.generalsAt(side, q) {
		if !g.moved[s.id] && !mv.gensTaken[s.id] && subordinateOK(gen, s) == nil {
			subs = append(subs, s)
		}
	}
	for _, s := range subs {
		mv.gensTaken[s.id] = true // counted as gone by generalsStaying
	}
	if g.sp[side][q]+mv.left[q]-mv.taken[q]-n < 1 && g.generalsStaying(side, q, mv) > 0 {
		for _, s := range subs {
			delete(mv.gensTaken, s.id)
		}
		return 0, refuse("7.5.3", "regrouping %s from %s would leave a General there with less than 1 SP: 'You may not ... pick up SPs from a stack if that would leave a General in the hex with less than 1 SP' (U486); a General who may not be %s's subordinate stays", spCount(n), hex, gen.name)
	}
	if limit := g.e.commandLimit(gen); mv.n+n > limit {
		for _, s := range subs {
			delete(mv.gensTaken, s.id)
		}
		return 0, refuse("5.9", "%s carries %s and may carry %d (7.3 Command Limit, U455-460): regrouping %d more would make %d", gen.name, spCount(mv.n), limit, n, mv.n+n)
	}
	mv.taken[q] += n
	mv.n += n
	mv.regroups = append(mv.regroups, regroupDone{by: gen, from: q, to: at, sps: n})
	mv.plan = append(mv.plan, handoff{at: q, pick: true, sps: n, into: &at})
	for _, s := range subs {
		mv.subs = append(mv.subs, s.id)
		mv.plan = append(mv.plan, handoff{at: q, pick: true, gen: s, into: &at})
	}
	return cost, nil
}

// regroupDone is a Regroup a MOVE played, for the invariant checker: the
// General who ordered it, the hexes, the SPs brought in.
type regroupDone struct {
	by       *general
	from, to rules.Point
	sps      int
}

// regroupViolations checks the last MOVE's Regroups against 5.9 (U341):
// a 2-star or higher General, an adjacent hex, at most 6 SPs.
func (g *game) regroupViolations() []string {
	if g.lastMove == nil {
		return nil
	}
	var out []string
	for _, r := range g.lastMove.regroups {
		b := g.e.b
		switch {
		case r.by == nil || r.by.rank < 2:
			out = append(out, fmt.Sprintf("USCW 5.9: a Regroup into %s ordered by no 2-, 3- or 4-star General", b.ids[r.to]))
		case !b.adjacent(r.from, r.to):
			out = append(out, fmt.Sprintf("USCW 5.9: a Regroup from %s into %s, not an adjacent hex", b.ids[r.from], b.ids[r.to]))
		case r.sps < 1 || r.sps > 6:
			out = append(out, fmt.Sprintf("USCW 5.9: a Regroup brought %s from %s, not 1 to 6", spCount(r.sps), b.ids[r.from]))
		}
	}
	return out
}

// regroupCandidate is the bots' Regroup: the General in at, with n SPs
// of his own and ma MPs, calls in the unmoved SPs of the first adjacent
// hex (board order) that holds no General and lies within 1 MP, as many
// as 6 and his Command Limit allow, and stays. One candidate a General at
// most, so the listing stays cheap.
func (g *game) regroupCandidate(side string, gen *general, at rules.Point, n, ma int) (candidate, bool) {
	b := g.e.b
	if gen.rank < 2 || ma < b.regroupMPs() {
		return candidate{}, false
	}
	room := min(6, g.e.commandLimit(gen)-n)
	if room < 1 {
		return candidate{}, false
	}
	built := g.railsBuilt1864()
	for _, q := range b.neighbors(at) {
		free := g.unmovedSPs(side, q)
		if free < 1 || len(g.generalsAt(side, q)) > 0 {
			continue
		}
		if c, _, err := b.stepCostBuilt(q, at, built); err != nil || c > 1 {
			continue
		}
		if extra, err := g.riverCrossing(side, nil, q, at, min(free, room)); err != nil || extra > 0 {
			continue
		}
		return candidate{move: true, general: gen.id, sps: n, ma: ma, dst: b.index[at], regroupFrom: q, regroupSPs: min(free, room)}, true
	}
	return candidate{}, false
}
