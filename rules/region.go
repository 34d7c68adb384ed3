package rules

import "github.com/musterhq/muster/scenarios"

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
// next to it.
func (st *State) chain(c *scenarios.ChainCond, ctx RegionContext) Tri {
	occupied := map[Point]bool{}
	maybe := false
	for _, u := range st.sortedUnits() {
		if !u.OnMap {
			continue
		}
		switch st.Matches(&c.Units, u) {
		case Yes:
			occupied[u.At] = true
		case Unknown:
			maybe = true
		}
	}
	inclusive := c.Inclusive == nil || *c.Inclusive
	undecided := maybe
	isTo := func(p Point) bool {
		switch st.InRegion(p, &c.To, ctx) {
		case Yes:
			return true
		case Unknown:
			undecided = true
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
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if isTo(p) {
			return Yes
		}
		for _, q := range st.Topo.Neighbours(p) {
			if !inclusive && isTo(q) {
				return Yes
			}
			if occupied[q] && !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	if undecided {
		return Unknown
	}
	return No
}
