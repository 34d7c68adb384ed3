package rules

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// InRegion is Topology.InRegion with the play state: a "marker" operand is
// decided by the markers on the map (a Union redoubt), which the map alone
// cannot know.
func (st *State) InRegion(p Point, r *scenarios.Region, ctx RegionContext) Tri {
	if r == nil {
		return Unknown
	}
	switch {
	case r.Marker != "":
		for _, m := range st.Markers {
			if m.ID == r.Marker && m.At == p && (r.MarkerSide == "" || m.Side == r.MarkerSide) {
				return Yes
			}
		}
		return No
	case len(r.All) > 0:
		out := Yes
		for i := range r.All {
			out = min(out, st.InRegion(p, &r.All[i], ctx))
		}
		return out
	case len(r.Any) > 0:
		out := No
		for i := range r.Any {
			out = max(out, st.InRegion(p, &r.Any[i], ctx))
		}
		return out
	case r.Not != nil:
		return not(st.InRegion(p, r.Not, ctx))
	}
	return st.Topo.InRegion(p, r, ctx)
}

// chain decides "an unbroken chain of <units> in hexes from <from> to <to>":
// every hex of the chain holds a matching unit, each next to the last; the
// end hex in <to> must hold one too when inclusive, else the chain may end
// next to it. With w it says where the chain runs or where it breaks.
func (st *State) chain(c *scenarios.ChainCond, ctx RegionContext, w *why) Tri {
	occupied := map[Point]bool{}
	maybe := false
	var maybeUnits []string
	for _, u := range st.sortedUnits() {
		if !u.OnMap {
			continue
		}
		switch st.Matches(&c.Units, u) {
		case Yes:
			occupied[u.At] = true
		case Unknown:
			maybe = true
			if w != nil {
				maybeUnits = append(maybeUnits, st.unitAt(u))
			}
		}
	}
	inclusive := c.Inclusive == nil || *c.Inclusive
	undecided := maybe
	toUnknown := false
	isTo := func(p Point) bool {
		switch st.InRegion(p, &c.To, ctx) {
		case Yes:
			return true
		case Unknown:
			undecided, toUnknown = true, true
		}
		return false
	}
	var queue []Point
	seen := map[Point]bool{}
	for p := range occupied {
		switch st.InRegion(p, &c.From, ctx) {
		case Yes:
			queue = append(queue, p)
			seen[p] = true
		case Unknown:
			undecided = true
		}
	}
	var e *chainWhy
	if w != nil {
		e = &chainWhy{st: st, c: c, ctx: ctx, inclusive: inclusive, from: map[Point]Point{}}
		sortPoints(queue)
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if e != nil {
			e.reached = append(e.reached, p)
		}
		if isTo(p) {
			if e != nil {
				e.holds(w, p, p)
			}
			return Yes
		}
		for _, q := range st.Topo.Neighbours(p) {
			if !inclusive && isTo(q) {
				if e != nil {
					e.holds(w, p, q)
				}
				return Yes
			}
			if occupied[q] && !seen[q] {
				seen[q] = true
				queue = append(queue, q)
				if e != nil {
					e.from[q] = p
				}
			}
		}
	}
	if e != nil {
		e.broken(w, toUnknown, maybeUnits)
	}
	if undecided {
		return Unknown
	}
	return No
}

// chainWhy words a chain's outcome from the hexes it reached.
type chainWhy struct {
	st        *State
	c         *scenarios.ChainCond
	ctx       RegionContext
	inclusive bool
	reached   []Point         // in the order the search reached them
	from      map[Point]Point // the hex each was reached from
}

func (e *chainWhy) what() string {
	incl := ", inclusive"
	if !e.inclusive {
		incl = ", ending next to it"
	}
	return fmt.Sprintf("chain of %s units from %s to %s%s", e.st.filter(&e.c.Units), e.st.region(&e.c.From, e.ctx.Here), e.st.region(&e.c.To, e.ctx.Here), incl)
}

// holds names the chain found, from its start to the end hex.
func (e *chainWhy) holds(w *why, last, end Point) {
	path := []Point{last}
	for p, ok := e.from[last]; ok; p, ok = e.from[p] {
		path = append(path, p)
	}
	slices.Reverse(path)
	if end != last {
		path = append(path, end)
	}
	w.set("%s: unbroken, %s", e.what(), strings.Join(e.st.names(path), " - "))
}

// broken says where a chain stops: no unit to start it, or the hexes it
// reached and the nearest end hex, with the empty hex between.
func (e *chainWhy) broken(w *why, toUnknown bool, maybeUnits []string) {
	st := e.st
	switch {
	case len(e.reached) == 0:
		w.set("%s: no such unit in %s", e.what(), st.region(&e.c.From, e.ctx.Here))
	default:
		where := "in"
		if !e.inclusive {
			where = "in or next to"
		}
		reached := list(st.names(e.reached))
		if len(e.reached) > 1 {
			reached = fmt.Sprintf("%d hexes (%s)", len(e.reached), reached)
		}
		w.set("%s: broken: it reaches %s, none %s %s", e.what(), reached, where, st.region(&e.c.To, e.ctx.Here))
		if ends, ok := st.listLocations(&e.c.To, e.ctx.Here); ok {
			if gap := e.gap(ends); gap != "" {
				w.text += "; " + gap
			}
		}
	}
	if toUnknown {
		w.text += fmt.Sprintf("; the data cannot tell which hexes are in %s", st.region(&e.c.To, e.ctx.Here))
	}
	if len(maybeUnits) > 0 {
		w.text += fmt.Sprintf("; the data cannot tell whether these are %s units: %s", st.filter(&e.c.Units), list(maybeUnits))
	}
}

// gap names the break nearest an end hex: the reached hex closest to one,
// and the hexes next to it toward that end, none of which holds a unit of
// the chain (one that did would have been reached, and be closer).
func (e *chainWhy) gap(ends []Point) string {
	st := e.st
	best, bestD := -1, 0
	var end Point
	for i, r := range e.reached {
		for _, t := range ends {
			if d, ok := st.Topo.Distance(r, t); ok && (best < 0 || d < bestD) {
				best, bestD, end = i, d, t
			}
		}
	}
	if best < 0 {
		return ""
	}
	r := e.reached[best]
	if bestD == 1 {
		return fmt.Sprintf("%s, next to %s, holds no such unit", st.name(end), st.name(r))
	}
	var toward []string
	for _, q := range st.Topo.Neighbours(r) {
		if d, ok := st.Topo.Distance(q, end); ok && d < bestD {
			toward = append(toward, st.name(q))
		}
	}
	return fmt.Sprintf("the nearest end, %s, is %d hexes from %s, and no such unit stands in %s, the next hexes toward it", st.name(end), bestD, st.name(r), strings.Join(toward, " or "))
}

// sortPoints orders points so that a search from them runs the same way
// every time.
func sortPoints(ps []Point) {
	slices.SortFunc(ps, func(a, b Point) int {
		return cmp.Or(cmp.Compare(a.Frame, b.Frame), cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y), strings.Compare(a.Area, b.Area))
	})
}
