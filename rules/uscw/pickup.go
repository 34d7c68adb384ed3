package uscw

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Picking up and dropping off SPs and subordinates during a move (7.5,
// U476-487). A path names them between its hexes: "pick:N" or "drop:N"
// SPs, "pick:GENERAL" or "drop:GENERAL" (a General's id), each in the hex
// the force stands in at that point of the path. The plan is checked as
// the path is read and played once the Action Point is paid.

// handoff is one pick-up or drop-off of the plan.
type handoff struct {
	at   rules.Point
	pick bool
	sps  int
	gen  *general
	into *rules.Point // a Regroup (5.9, regroup.go): taken from the adjacent hex at into the force's hex
}

// moving is the moving force as its path is read: its commander,
// subordinates, SPs and MA, what it took from or left in each hex, and its
// plan.
type moving struct {
	gen          *general
	subs         []string
	n, ma        int
	taken, left  map[rules.Point]int
	gensTaken    map[string]bool
	gensLeftHere map[rules.Point]int
	plan         []handoff
	regroups     []regroupDone // its Regroups (5.9), for the invariant checker
}

func newMoving(f force) *moving {
	mv := &moving{gen: f.gen, subs: slices.Clone(f.subs), n: f.n, ma: f.ma, taken: map[rules.Point]int{}, left: map[rules.Point]int{}, gensTaken: map[string]bool{}, gensLeftHere: map[rules.Point]int{}}
	mv.taken[f.start] = f.n // the SPs the force set out with
	return mv
}

// handoffToken reads "pick:X" or "drop:X"; ok is false for a hex id.
func handoffToken(tok string) (pick bool, what string, ok bool) {
	switch {
	case strings.HasPrefix(tok, "pick:"):
		return true, tok[5:], true
	case strings.HasPrefix(tok, "drop:"):
		return false, tok[5:], true
	}
	return false, "", false
}

// planHandoff checks one pick-up or drop-off in hex at and adds it to the
// plan, or refuses it naming the case.
func (g *game) planHandoff(side string, mv *moving, tok string, at rules.Point, spent int) error {
	pick, what, _ := handoffToken(tok)
	b := g.e.b
	h := handoff{at: at, pick: pick}
	if k, err := strconv.Atoi(what); err == nil {
		if k <= 0 {
			return fmt.Errorf("%s: give a positive number of SPs", tok)
		}
		h.sps = k
	} else {
		h.gen = g.gens[what]
		if h.gen == nil {
			return fmt.Errorf("%s: no General %q in the counters", tok, what)
		}
	}
	switch {
	case pick && h.gen == nil:
		free := g.unmovedSPs(side, at) - mv.taken[at]
		if h.sps > free {
			return refuse("5.1.2", "%s holds %s of the %s that have not moved this Action Phase, not %d to pick up (U218)", b.ids[at], spCount(free), side, h.sps)
		}
		if g.sp[side][at]+mv.left[at]-mv.taken[at]-h.sps < 1 && g.generalsStaying(side, at, mv) > 0 {
			return refuse("7.5.3", "picking up %s in %s would leave a General there with less than 1 SP (U486)", spCount(h.sps), b.ids[at])
		}
		mv.taken[at] += h.sps
		mv.n += h.sps
	case pick:
		sub := h.gen
		if p, on := g.genAt[sub.id]; !on || p != at || sub.side != side || mv.gensTaken[sub.id] || mv.gen == sub || slices.Contains(mv.subs, sub.id) {
			return refuse("7.5.1", "%s is not a %s General waiting in %s to be picked up", sub.name, side, b.ids[at])
		}
		if g.moved[sub.id] {
			return refuse("5.1.2", "%s has already been activated or moved in this Action Phase (U218)", sub.name)
		}
		mv.gensTaken[sub.id] = true
		if mv.gen == nil || sub.rank > mv.gen.rank {
			// 7.5.2 (U480): "the higher-ranking General immediately takes
			// command for the remainder of the move. If the two Generals
			// have different MAs then always use the rate of the slower".
			if mv.gen != nil {
				mv.subs = append(mv.subs, mv.gen.id)
			}
			mv.gen, mv.ma = sub, min(mv.ma, sub.ma)
			for _, id := range mv.subs {
				if s := g.gens[id]; s.rank >= 3 && sub.rank < 4 {
					return refuse("7.4.1", "%s, a 3-star General, may never be a subordinate except under Grant (U470)", s.name)
				}
			}
		} else {
			if sub.rank >= 3 && mv.gen.rank < 4 {
				return refuse("7.4.1", "%s is a 3-star General: 'They may never be a subordinate, except under the 4-star general Grant' (U470)", sub.name)
			}
			mv.subs = append(mv.subs, sub.id)
		}
	case h.gen == nil:
		if h.sps > mv.n {
			return refuse("7.5.1", "the force carries %s, not %d to drop off in %s", spCount(mv.n), h.sps, b.ids[at])
		}
		mv.left[at] += h.sps
		mv.n -= h.sps
	default:
		sub := h.gen
		if mv.gen == sub {
			return refuse("7.5.1", "%s commands the move: 'the General currently in command for the move may not be dropped off' (U478)", sub.name)
		}
		i := slices.Index(mv.subs, sub.id)
		if i < 0 {
			return refuse("7.5.1", "%s does not move with this force", sub.name)
		}
		if g.sp[side][at]+mv.left[at]-mv.taken[at] < 1 {
			return refuse("7.5.3", "dropping off %s in %s would leave him with less than 1 SP: 'You may not leave behind or drop off subordinates ... if that would leave a General in the hex with less than 1 SP' (U486)", sub.name, b.ids[at])
		}
		mv.subs = slices.Delete(mv.subs, i, i+1)
		mv.gensLeftHere[at]++
	}
	if mv.gen != nil && mv.n > g.e.commandLimit(mv.gen) {
		return refuse("7.5.1", "%s may carry %s: 'as long as there are never more than the maximum allowable SPs moving with the General at a given time' (U478), not %d", mv.gen.name, spCount(g.e.commandLimit(mv.gen)), mv.n)
	}
	if mv.gen == nil && mv.n > 3 {
		return refuse("7.8", "without a General at most 3 SPs move together, not %d", mv.n)
	}
	if spent > mv.ma {
		g.say("7.5.2", "the slower General's MA %d is already spent (%d MP)", mv.ma, spent)
	}
	mv.plan = append(mv.plan, h)
	return nil
}

// generalsStaying counts side's Generals in p that stay there as the
// force's plan stands.
func (g *game) generalsStaying(side string, p rules.Point, mv *moving) int {
	k := mv.gensLeftHere[p]
	for _, gen := range g.generalsAt(side, p) {
		if !mv.gensTaken[gen.id] && gen != mv.gen && !slices.Contains(mv.subs, gen.id) {
			k++
		}
	}
	return k
}

// playHandoffs plays the plan once the force has left its hex: SPs and
// Generals dropped off stay (moved), those picked up join the force; the
// force is Demoralized if it picks up Demoralized SPs (12.2, U917).
func (g *game) playHandoffs(side string, mv *moving, dem bool) bool {
	for _, h := range mv.plan {
		id := g.e.b.ids[h.at]
		switch {
		case h.pick && h.gen == nil:
			if g.demoral[side][h.at] && !dem {
				dem = true
				g.say("12.2", "the force picks up Demoralized SPs in %s: it becomes Demoralized (U917)", id)
			}
			g.sp[side][h.at] -= h.sps
			g.tidy(side, h.at)
			if h.into != nil {
				g.regrouped++
				g.say("5.9", "%s in %s Regroup into %s and join the force", spCount(h.sps), id, g.e.b.ids[*h.into])
			} else {
				g.say("7.5.1", "the force picks up %s in %s", spCount(h.sps), id)
			}
		case h.pick:
			g.moved[h.gen.id] = true
			if h.into != nil {
				g.say("5.9", "%s in %s Regroups into %s with the SPs, a subordinate", h.gen.name, id, g.e.b.ids[*h.into])
			} else {
				g.say("7.5.1", "the force picks up %s in %s", h.gen.name, id)
			}
		case h.gen == nil:
			d := g.join(side, h.at, h.sps, dem)
			g.sp[side][h.at] += h.sps
			g.movedSP[side][h.at] += h.sps
			if d {
				g.demoral[side][h.at] = true
			}
			g.say("7.5.1", "the force drops off %s in %s", spCount(h.sps), id)
		default:
			g.genAt[h.gen.id] = h.at
			g.say("7.5.1", "the force drops off %s in %s", h.gen.name, id)
		}
		g.touch(h.at)
	}
	if len(mv.plan) > 0 && mv.gen != nil {
		g.say("7.5.2", "%s commands the force for the rest of the move (MA %d)", mv.gen.name, mv.ma)
	}
	return dem
}
