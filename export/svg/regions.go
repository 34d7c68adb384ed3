package svg

// Which locations the picture shades: the victory locations (those a VP
// award or a victory condition names by a hex list or a map feature) and
// the restricted regions of the special rules. Both are decided per
// location by rules.Topology.InRegion and shaded only where the answer is
// Yes; what the map cannot decide is said in the caption.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// svgVictoryRegions returns the regions that name victory locations: the
// `where` of each award (and of its per-location points and lines), and
// the locations the award's and the automatic results' conditions name.
// Regions are reduced to what they name: adjacentTo and withinOf give the
// hexes they count from, any gives its parts, and not, here, markers,
// paths and map edges name no fixed location. Duplicates are dropped.
func svgVictoryRegions(v *scenarios.Victory) []*scenarios.Region {
	var out []*scenarios.Region
	seen := map[string]bool{}
	var named func(r *scenarios.Region)
	named = func(r *scenarios.Region) {
		switch {
		case r == nil:
		case r.AdjacentTo != nil:
			named(r.AdjacentTo)
		case r.WithinOf != nil:
			named(&r.WithinOf.Of)
		case len(r.Any) > 0:
			for i := range r.Any {
				named(&r.Any[i])
			}
		case len(r.Hexes) > 0, r.Feature != "", len(r.All) > 0:
			key, _ := json.Marshal(r)
			if !seen[string(key)] {
				seen[string(key)] = true
				out = append(out, r)
			}
		}
	}
	var cond func(c *scenarios.Condition)
	cond = func(c *scenarios.Condition) {
		if c == nil {
			return
		}
		if c.Occupied != nil {
			named(&c.Occupied.Where)
		}
		if c.Controlled != nil {
			named(&c.Controlled.Where)
		}
		if c.Markers != nil {
			named(c.Markers.Where)
		}
		if c.Chain != nil {
			named(&c.Chain.To)
		}
		if c.LineOfCommunication != nil {
			named(&c.LineOfCommunication.To)
		}
		if c.Path != nil {
			named(&c.Path.To)
		}
		if c.RRHexPathsCut != nil {
			named(&c.RRHexPathsCut.Into)
		}
		if c.Consecutive != nil {
			cond(&c.Consecutive.Condition)
		}
		for i := range c.All {
			cond(&c.All[i])
		}
		for i := range c.Any {
			cond(&c.Any[i])
		}
		cond(c.Not)
	}
	var award func(a *scenarios.Award)
	award = func(a *scenarios.Award) {
		named(a.Where)
		for i := range a.PointsByLocation {
			named(&a.PointsByLocation[i].Where)
		}
		cond(a.Condition)
		for i := range a.Requires {
			cond(&a.Requires[i])
		}
		cond(a.Qualifier)
		for i := range a.Lines {
			award(&a.Lines[i])
		}
	}
	if v == nil {
		return nil
	}
	for i := range v.Awards {
		award(&v.Awards[i])
	}
	for i := range v.Automatic {
		cond(v.Automatic[i].Condition)
		cond(v.Automatic[i].Qualifier)
	}
	return out
}

// svgVictory decides the victory locations among pts and returns the
// caption lines on what it could not place: regions the map data cannot
// decide (nowhere is the reason when nothing is missing) and features whose
// hex lists the map marks incomplete.
func svgVictory(rt *svgRegionTester, pts []rules.Point, s *scenarios.Scenario, ix *scenarios.Index, nowhere string) (map[rules.Point]bool, []string) {
	vp := map[rules.Point]bool{}
	var undecided, partial []string
	for _, r := range svgVictoryRegions(&s.Victory) {
		in, t := svgDecide(rt, pts, r)
		for p := range in {
			vp[p] = true
		}
		var incomplete []string
		for _, id := range svgFeatures(r) {
			f := ix.Features[id]
			if f != nil && f.Complete != nil && !*f.Complete && len(f.Hexes) > 0 && !slices.Contains(incomplete, id) {
				incomplete = append(incomplete, id)
			}
		}
		if t.yes > 0 {
			for _, id := range incomplete {
				if !slices.Contains(partial, id) {
					partial = append(partial, id)
				}
			}
			continue
		}
		why := svgRegionGaps(r, ix)
		if len(why) == 0 && len(incomplete) > 0 {
			why = []string{"the map data lists only some hexes of " + strings.Join(incomplete, ", ")}
		}
		if len(why) == 0 {
			why = []string{nowhere}
		}
		undecided = append(undecided, svgRegionText(r)+" ("+strings.Join(why, "; ")+")")
	}
	var out []string
	if len(undecided) > 0 {
		out = append(out, "Victory locations not marked because the map cannot place them: "+svgList(undecided, 8)+".")
	}
	if len(partial) > 0 {
		out = append(out, "Victory locations marked only in part: the map data lists some, not all, hexes of "+strings.Join(partial, ", ")+".")
	}
	return vp, out
}

// svgFeatures lists the map features a region names.
func svgFeatures(r *scenarios.Region) []string {
	if r == nil {
		return nil
	}
	var out []string
	if r.Feature != "" {
		out = append(out, r.Feature)
	}
	out = append(out, svgFeatures(r.AdjacentTo)...)
	out = append(out, svgFeatures(r.Not)...)
	if r.WithinOf != nil {
		out = append(out, svgFeatures(&r.WithinOf.Of)...)
	}
	for i := range r.All {
		out = append(out, svgFeatures(&r.All[i])...)
	}
	for i := range r.Any {
		out = append(out, svgFeatures(&r.Any[i])...)
	}
	return out
}

// svgRestriction is a restricted-region effect of a special rule.
type svgRestriction struct {
	rule   *scenarios.SpecialRule
	effect *scenarios.Effect
}

func svgRestrictions(s *scenarios.Scenario) []svgRestriction {
	var out []svgRestriction
	for i := range s.SpecialRules {
		r := &s.SpecialRules[i]
		for j := range r.Effects {
			if e := &r.Effects[j]; e.Kind == "restricted-region" && e.Region != nil {
				out = append(out, svgRestriction{rule: r, effect: e})
			}
		}
	}
	return out
}

// label is the legend text of a restriction: the rule, what it says and
// whom it binds.
func (r svgRestriction) label() string {
	var b strings.Builder
	b.WriteString("Restricted region")
	if r.rule.Number != "" {
		b.WriteString(", special rule " + r.rule.Number)
	}
	if r.rule.Title != "" {
		b.WriteString(" (" + r.rule.Title + ")")
	}
	b.WriteString(": ")
	if r.effect.Text != "" {
		b.WriteString(r.effect.Text)
	} else {
		b.WriteString(svgRegionText(r.effect.Region) + ".")
	}
	if len(r.effect.Sides) > 0 || r.effect.Side != "" {
		sides := r.effect.Sides
		if r.effect.Side != "" {
			sides = append([]string{r.effect.Side}, sides...)
		}
		b.WriteString(" Binds: " + strings.Join(sides, ", ") + ".")
	}
	if len(r.effect.Prohibits) > 0 {
		b.WriteString(" Prohibits: " + strings.Join(r.effect.Prohibits, ", ") + ".")
	}
	if t := r.effect.Turns; t != nil {
		b.WriteString(" " + svgTurnSpan(t) + ".")
	}
	if len(r.effect.Release) > 0 {
		b.WriteString(" Released by a trigger (see the rule).")
	}
	return b.String()
}

func svgTurnSpan(t *scenarios.TurnSpan) string {
	switch {
	case t.From > 0 && t.To > 0:
		return fmt.Sprintf("Turns %d-%d", t.From, t.To)
	case t.From > 0:
		return fmt.Sprintf("From turn %d", t.From)
	case t.To > 0:
		return fmt.Sprintf("Through turn %d", t.To)
	}
	return ""
}

// svgRegionText describes a region briefly for a caption.
func svgRegionText(r *scenarios.Region) string {
	if r == nil {
		return "?"
	}
	switch {
	case len(r.Hexes) > 0:
		return strings.Join(r.Hexes, ", ")
	case r.Mask != "":
		if r.AndBeyond != "" {
			return r.Mask + " and " + r.AndBeyond
		}
		return r.Mask
	case r.Feature != "":
		return "feature " + r.Feature
	case r.MapRegion != "":
		return "map region " + r.MapRegion
	case r.Sheet != "":
		return "sheet " + r.Sheet
	case r.Terrain != "":
		return "terrain " + r.Terrain
	case r.Marker != "":
		return "marker " + r.Marker
	case r.Here:
		return "the location scored"
	case r.AdjacentTo != nil:
		return "adjacent to " + svgRegionText(r.AdjacentTo)
	case r.WithinOf != nil:
		return fmt.Sprintf("within %d of %s", r.WithinOf.Distance, svgRegionText(&r.WithinOf.Of))
	case r.Path != nil:
		return "along " + r.Path.Along
	case r.Edge != nil:
		return r.Edge.Side + " edge of " + r.Edge.Sheet
	case len(r.All) > 0:
		return svgJoinRegions(r.All, " and ")
	case len(r.Any) > 0:
		return svgJoinRegions(r.Any, " or ")
	case r.Not != nil:
		return "not " + svgRegionText(r.Not)
	}
	return "?"
}

func svgJoinRegions(rs []scenarios.Region, sep string) string {
	parts := make([]string, len(rs))
	for i := range rs {
		parts[i] = svgRegionText(&rs[i])
	}
	return "(" + strings.Join(parts, sep) + ")"
}

// svgRegionGaps lists the operands of a region whose map data is missing
// (a county without hexes, a road without a path, a marker placed during
// play): the reasons InRegion may answer Unknown.
func svgRegionGaps(r *scenarios.Region, ix *scenarios.Index) []string {
	var out []string
	add := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	var walk func(r *scenarios.Region)
	walk = func(r *scenarios.Region) {
		switch {
		case r == nil:
		case r.Feature != "":
			if f := ix.Features[r.Feature]; f == nil || f.Provenance == "not-in-source" || len(f.Hexes) == 0 {
				add("feature " + r.Feature + " (no hexes in the map data)")
			}
		case r.MapRegion != "":
			if mr := ix.Regions[r.MapRegion]; mr == nil || mr.Provenance == "not-in-source" || len(mr.Hexes) == 0 {
				add("map region " + r.MapRegion + " (no hexes in the map data)")
			}
		case r.Terrain != "":
			add("terrain " + r.Terrain)
		case r.Marker != "":
			add("marker " + r.Marker + " (placed during play)")
		case r.Path != nil:
			add("the path of " + r.Path.Along)
		case r.Edge != nil:
			add("the " + r.Edge.Side + " edge of " + r.Edge.Sheet)
		case r.AdjacentTo != nil:
			walk(r.AdjacentTo)
		case r.WithinOf != nil:
			walk(&r.WithinOf.Of)
		case r.Not != nil:
			walk(r.Not)
		default:
			for i := range r.All {
				walk(&r.All[i])
			}
			for i := range r.Any {
				walk(&r.Any[i])
			}
		}
	}
	walk(r)
	return out
}

// svgTally counts the answers over a set of points.
type svgTally struct {
	yes, unknown int
}

// svgRegionTester decides regions with rules.Topology.InRegion, reading a
// hex-row or hex-column mask that names no sheet ("03xx") on the sheets in
// play: where such sheets overlap and disagree the answer is Unknown. Left
// to the topology, a bare mask is read on whichever sheet under the hex it
// meets first, which differs from run to run where sheets overlap.
type svgRegionTester struct {
	topo    *rules.Topology
	ctx     rules.RegionContext
	inPlay  map[string]bool
	qualify map[string]string // sheet id -> prefix that names it alone
}

func svgNewRegionTester(topo *rules.Topology, s *scenarios.Scenario, sheets []*scenarios.Sheet) *svgRegionTester {
	rt := &svgRegionTester{topo: topo, ctx: rules.RegionContext{Prefixes: s.Maps.Prefixes}, inPlay: map[string]bool{}, qualify: map[string]string{}}
	for _, sh := range sheets {
		rt.inPlay[sh.ID] = true
		rt.qualify[sh.ID] = sh.Prefix
		if sh.QualifiedPrefix != "" {
			rt.qualify[sh.ID] = sh.QualifiedPrefix
		}
	}
	return rt
}

func (rt *svgRegionTester) in(p rules.Point, r *scenarios.Region) rules.Tri {
	switch {
	case r == nil:
		return rules.Unknown
	case len(r.All) > 0:
		out := rules.Yes
		for i := range r.All {
			out = min(out, rt.in(p, &r.All[i]))
		}
		return out
	case len(r.Any) > 0:
		out := rules.No
		for i := range r.Any {
			out = max(out, rt.in(p, &r.Any[i]))
		}
		return out
	case r.Not != nil:
		return rules.Yes - rt.in(p, r.Not)
	case r.Mask != "" && len(r.Mask) >= 4:
		return rt.mask(p, r)
	}
	return rt.topo.InRegion(p, r, rt.ctx)
}

func (rt *svgRegionTester) mask(p rules.Point, r *scenarios.Region) rules.Tri {
	prefix := strings.TrimSpace(r.Mask[:len(r.Mask)-4])
	body := strings.ReplaceAll(r.Mask[len(r.Mask)-4:], "X", "x") // "S22XX" as printed
	eval := func(prefix string) rules.Tri {
		q := *r
		q.Mask = prefix + body
		return rt.topo.InRegion(p, &q, rt.ctx)
	}
	if prefix != "" || len(rt.inPlay) == 0 {
		return eval(prefix)
	}
	out, first := rules.Unknown, true
	for _, id := range rt.topo.Sheets(p) {
		if !rt.inPlay[id] {
			continue
		}
		v := eval(rt.qualify[id])
		if !first && v != out {
			return rules.Unknown
		}
		out, first = v, false
	}
	if first {
		return eval("")
	}
	return out
}

// svgDecide evaluates r at every point and returns the points where the
// answer is Yes, with the tally.
func svgDecide(rt *svgRegionTester, pts []rules.Point, r *scenarios.Region) (map[rules.Point]bool, svgTally) {
	in := map[rules.Point]bool{}
	var t svgTally
	for _, p := range pts {
		switch rt.in(p, r) {
		case rules.Yes:
			in[p] = true
			t.yes++
		case rules.Unknown:
			t.unknown++
		}
	}
	return in, t
}
