package rules

import (
	"fmt"
	"math"

	"github.com/musterhq/muster/scenarios"
)

// Victory evaluation over a state: every VP line of the scenario with its
// points and the rulebook wording, the total, automatic results and the
// level. A line whose condition needs map data the module lacks (a road's
// path, a county's extent) is Unknown, and so is any total or level it
// could change: the evaluation says so instead of guessing.

// LineResult is one evaluated VP line.
type LineResult struct {
	ID     string  `json:"id,omitempty"`
	Text   string  `json:"text"`
	Points float64 `json:"points"`
	// Status: awarded (points earned, possibly 0 after a cap or waiver),
	// not-awarded, unknown (the data cannot decide it), manual.
	Status string `json:"status"`
	Why    string `json:"why,omitempty"`
	// Inferred: the line scored, but its points are not printed as the
	// count uses them (a note of kind inferred or missing on its points).
	Inferred bool `json:"inferred,omitempty"`
	// Parts are the lines of an only-the-highest group, each evaluated.
	Parts []LineResult `json:"parts,omitempty"`
}

// Result is a victory evaluation.
type Result struct {
	Scoring string       `json:"scoring,omitempty"`
	Total   float64      `json:"total"`
	Lines   []LineResult `json:"lines"`
	// Exact is false when an unknown or manual line leaves the total open.
	Exact     bool   `json:"exact"`
	Automatic string `json:"automatic,omitempty"` // the automatic result that applies
	Level     string `json:"level,omitempty"`
	Winner    string `json:"winner,omitempty"`
	Draw      bool   `json:"draw,omitempty"`
}

// Evaluate scores the state.
func Evaluate(st *State) Result {
	v := &st.Scenario.Victory
	res := Result{Scoring: v.Scoring, Exact: true}
	for i := range v.Awards {
		lr := st.award(&v.Awards[i], v.Scoring, nil)
		res.Lines = append(res.Lines, lr)
		switch lr.Status {
		case "awarded":
			res.Total += lr.Points
			if lr.Inferred {
				res.Exact = false
			}
		case "unknown", "manual":
			res.Exact = false
		}
	}
	for _, a := range v.Automatic {
		if a.Condition == nil {
			continue
		}
		if a.Adjudication == "manual" {
			res.Exact = false // the players decide whether it applies
			continue
		}
		switch st.Holds(a.Condition, nil) {
		case Yes:
			if a.Qualifier != nil && st.Holds(a.Qualifier, nil) != Yes {
				continue
			}
			res.Automatic, res.Winner, res.Draw, res.Level = a.Text, a.Winner, a.Draw, a.Level
			return res
		case Unknown:
			res.Exact = false
		}
	}
	if res.Exact && v.Levels != nil {
		for _, b := range v.Levels.Bands {
			if InBand(res.Total, b) {
				res.Level, res.Winner = b.Level, b.Winner
				break
			}
		}
	}
	if res.Level == "" && res.Exact && v.Otherwise != nil {
		res.Winner, res.Draw, res.Level = v.Otherwise.Winner, v.Otherwise.Draw, v.Otherwise.Level
	}
	return res
}

// InBand reports whether a VP total falls in a victory-level band: within
// min and max, below under; a band printed without thresholds decides
// nothing. Engines that keep their own count (LGV) read their bands with
// it, so the vocabulary means the same in every game.
func InBand(total float64, b scenarios.Band) bool {
	if b.Min == nil && b.Max == nil && b.Under == nil {
		return false // a band printed without thresholds decides nothing
	}
	return (b.Min == nil || total >= *b.Min) && (b.Max == nil || total <= *b.Max) && (b.Under == nil || total < *b.Under)
}

func pts(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// capped bounds an award's size whatever its sign.
func capped(v float64, max *float64) float64 {
	if max == nil {
		return v
	}
	return math.Copysign(math.Min(math.Abs(v), math.Abs(*max)), v)
}

func (st *State) award(a *scenarios.Award, scoring string, here *Point) LineResult {
	lr := LineResult{ID: a.ID, Text: a.Text}
	if a.Adjudication == "manual" || a.Kind == "manual" {
		lr.Status, lr.Why = "manual", "left to the players' adjudication"
		return lr
	}
	for i := range a.Requires {
		switch st.Holds(&a.Requires[i], here) {
		case No:
			lr.Status, lr.Why = "not-awarded", "a prerequisite does not hold"
			return lr
		case Unknown:
			lr.Status, lr.Why = "unknown", "a prerequisite needs data the module lacks"
			return lr
		}
	}
	var v float64
	t := Yes
	switch a.Kind {
	case "occupy":
		v, t = st.occupy(a, here)
	case "per-location":
		if a.Phase != "" {
			v, t = st.accumulated(a, scoring)
		} else {
			v, t = st.perLocation(a)
		}
	case "fixed":
		t = st.Holds(a.Condition, here)
		if t == Yes {
			v = pts(a.Points)
		}
	case "manpower-loss":
		v, t = st.manpowerLoss(a)
	case "unit-event":
		v, t = st.unitEvent(a)
	case "exit":
		v, t = st.exit(a)
	case "per-phase":
		v, t = st.accumulated(a, scoring)
	case "track":
		cur := st.Tracks[a.Track]
		start := 0.0
		if s := st.Scenario.Start; s != nil {
			start = s.Tracks[a.Track]
		}
		switch a.Counting {
		case "value":
			v = cur * pts(a.Points)
		case "removed":
			v = math.Max(0, start-cur) * pts(a.Points)
		case "added":
			v = math.Max(0, cur-start) * pts(a.Points)
		}
		v = capped(v, a.Max)
	case "highest-of":
		return st.highestOf(a, scoring, here)
	default:
		lr.Status, lr.Why = "unknown", "award kind "+a.Kind+" is not evaluated yet"
		return lr
	}
	if a.Qualifier != nil && t == Yes && v != 0 && a.Kind != "occupy" && a.Kind != "per-location" {
		// Occupation and per-location lines ask their qualifier of each
		// location; the others of the state as a whole.
		switch st.Holds(a.Qualifier, here) {
		case No:
			v = 0
		case Unknown:
			t = Unknown
		}
	}
	switch t {
	case Unknown:
		lr.Status, lr.Why = "unknown", "needs map data or play history the module lacks"
	case No:
		lr.Status = "not-awarded"
	default:
		lr.Points, lr.Status = v, "awarded"
		if v == 0 {
			lr.Status = "not-awarded"
		} else if n := inferredPoints(a); n != nil {
			lr.Inferred, lr.Why = true, "points "+n.Kind+": "+n.Text
		}
	}
	return lr
}

// inferredPoints is the note that says a line's points are inferred or
// missing from the source, if it has one: the count that uses them is then
// not exact.
func inferredPoints(a *scenarios.Award) *scenarios.Note {
	for i := range a.Notes {
		n := &a.Notes[i]
		if n.Field == "points" && (n.Kind == "inferred" || n.Kind == "missing") {
			return n
		}
	}
	return nil
}

// occupy scores units of a filter in a region: once, per unit, or per
// location (with first/additional rates and pointsByLocation). A
// qualifier is asked of each occupied location ("from the VP hex"); with
// highestOnly only the best-scoring location counts.
func (st *State) occupy(a *scenarios.Award, here *Point) (float64, Tri) {
	ctx := st.regionContext(here)
	if len(a.PointsByLocation) > 0 && a.Where == nil {
		// Each listed region scores its points once when occupied.
		if a.Qualifier != nil {
			return 0, Unknown // no location to ask the qualifier of
		}
		total, t := 0.0, Yes
		for i := range a.PointsByLocation {
			lp := &a.PointsByLocation[i]
			found, ft := st.anyUnitIn(a.Units, &lp.Where, a.Exclude, ctx)
			if ft == Unknown {
				t = Unknown
			}
			if found {
				total = addOrBest(total, lp.Points, a.HighestOnly)
			}
		}
		return capped(total, a.Max), t
	}
	unitsAt := map[Point]int{}
	var order []Point
	t := Yes
	for _, u := range st.sortedUnits() {
		if !u.OnMap {
			continue
		}
		m := st.Matches(a.Units, u)
		in := st.InRegion(u.At, a.Where, ctx)
		if a.Exclude != nil && in != No {
			switch st.InRegion(u.At, a.Exclude, ctx) {
			case Yes:
				in = No
			case Unknown:
				in = Unknown
			}
		}
		switch {
		case m == Yes && in == Yes:
			if unitsAt[u.At] == 0 {
				order = append(order, u.At)
			}
			unitsAt[u.At]++
		case m != No && in != No:
			t = Unknown
		}
	}
	var units int
	var locs []Point
	for _, p := range order {
		if a.Qualifier != nil {
			p := p
			switch st.Holds(a.Qualifier, &p) {
			case No:
				continue
			case Unknown:
				t = Unknown
				continue
			}
		}
		locs = append(locs, p)
		units += unitsAt[p]
	}
	var v float64
	switch a.Count {
	case "per-unit":
		v = float64(units) * pts(a.Points)
	case "per-location":
		n := len(locs)
		switch {
		case a.First != nil && n > 0:
			v = *a.First + float64(n-1)*pts(a.Additional)
			if a.HighestOnly {
				v = *a.First
			}
		case len(a.PointsByLocation) > 0:
			// A location scores the points of the first listed region it
			// lies in (a redoubt hex 20 VP), else the line's points.
			for _, p := range locs {
				lp, lt := st.locationPoints(a, p, ctx)
				if lt == Unknown {
					t = Unknown
				}
				v = addOrBest(v, lp, a.HighestOnly)
			}
		case a.HighestOnly && n > 0:
			v = pts(a.Points)
		default:
			v = float64(n) * pts(a.Points)
		}
	default: // once
		if units > 0 {
			v = pts(a.Points)
		}
	}
	if units > 0 && a.Count != "per-unit" && a.Count != "per-location" {
		t = Yes // found: unknown units elsewhere cannot change a once award
	}
	return capped(v, a.Max), t
}

// addOrBest adds a location's points to a sum, or keeps the larger of the
// two when only the highest-valued location counts.
func addOrBest(sum, v float64, highestOnly bool) float64 {
	if !highestOnly {
		return sum + v
	}
	if v > sum {
		return v
	}
	return sum
}

func (st *State) locationPoints(a *scenarios.Award, p Point, ctx RegionContext) (float64, Tri) {
	for i := range a.PointsByLocation {
		switch st.InRegion(p, &a.PointsByLocation[i].Where, ctx) {
		case Yes:
			return a.PointsByLocation[i].Points, Yes
		case Unknown:
			return pts(a.Points), Unknown
		}
	}
	return pts(a.Points), Yes
}

func (st *State) anyUnitIn(f *scenarios.UnitFilter, where, exclude *scenarios.Region, ctx RegionContext) (bool, Tri) {
	t := Yes
	for _, u := range st.sortedUnits() {
		if !u.OnMap {
			continue
		}
		m := st.Matches(f, u)
		in := st.InRegion(u.At, where, ctx)
		if exclude != nil && st.InRegion(u.At, exclude, ctx) == Yes {
			in = No
		}
		if m == Yes && in == Yes {
			return true, Yes
		}
		if m != No && in != No {
			t = Unknown
		}
	}
	return false, t
}

// perLocation scores each location of a listed region where the condition
// holds with "here" standing for that location.
func (st *State) perLocation(a *scenarios.Award) (float64, Tri) {
	pts0 := pts(a.Points)
	locs, ok := st.listLocations(a.Where, nil)
	if !ok {
		return 0, Unknown
	}
	total, t := 0.0, Yes
	ctx := st.regionContext(nil)
	for _, p := range locs {
		p := p
		holds := st.Holds(a.Condition, &p)
		if holds == Yes && a.Qualifier != nil {
			holds = st.Holds(a.Qualifier, &p)
		}
		switch holds {
		case Yes:
			v, vt := pts0, Yes
			if len(a.PointsByLocation) > 0 {
				v, vt = st.locationPoints(a, p, ctx)
			}
			if vt == Unknown {
				t = Unknown
			}
			total = addOrBest(total, v, a.HighestOnly)
		case Unknown:
			t = Unknown
		}
	}
	return capped(total, a.Max), t
}

// listLocations enumerates a region given as hexes or a feature's hexes.
func (st *State) listLocations(r *scenarios.Region, here *Point) ([]Point, bool) {
	if r == nil {
		return nil, false
	}
	if r.Here {
		if here == nil {
			return nil, false
		}
		return []Point{*here}, true
	}
	if r.Marker != "" {
		// Markers in play are the state itself: their list is complete.
		var out []Point
		seen := map[Point]bool{}
		for _, m := range st.Markers {
			if m.ID == r.Marker && (r.MarkerSide == "" || m.Side == r.MarkerSide) && !seen[m.At] {
				seen[m.At] = true
				out = append(out, m.At)
			}
		}
		return out, true
	}
	if len(r.All) > 0 {
		// The locations of the first operand that can list them, kept
		// where every other operand holds; one that cannot tell leaves
		// the list unknown.
		for i := range r.All {
			cands, ok := st.listLocations(&r.All[i], here)
			if !ok {
				continue
			}
			ctx := st.regionContext(here)
			var out []Point
			for _, p := range cands {
				switch st.InRegion(p, r, ctx) {
				case Yes:
					out = append(out, p)
				case Unknown:
					return nil, false
				}
			}
			return out, true
		}
		return nil, false
	}
	ids, prefixes := r.Hexes, st.Scenario.Maps.Prefixes
	if r.MapRegion != "" {
		mr := st.Module.Index().Regions[r.MapRegion]
		if mr == nil || mr.Provenance == "not-in-source" || len(mr.Hexes) == 0 {
			return nil, false
		}
		ids, prefixes = mr.Hexes, nil
	}
	if r.Feature != "" {
		f := st.Module.Index().Features[r.Feature]
		if f == nil || f.Provenance == "not-in-source" || len(f.Hexes) == 0 || f.Complete != nil && !*f.Complete {
			return nil, false
		}
		ids, prefixes = f.Hexes, nil
	}
	if len(ids) == 0 {
		return nil, false
	}
	var out []Point
	seen := map[Point]bool{}
	for _, id := range ids {
		p, _, err := st.Topo.Locate(id, prefixes)
		if err != nil {
			return nil, false
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out, true
}

// manpowerLoss scores points per manpower point the loss side lost by the
// award's causes, counting only units of its filter (cavalry and wagons,
// say), from the loss events of the log.
func (st *State) manpowerLoss(a *scenarios.Award) (float64, Tri) {
	var lost float64
	t := Yes
	for _, e := range st.Log.Events {
		if e.Kind != "loss" || e.Side != a.LossSide {
			continue
		}
		cause, _ := e.Data["cause"].(string)
		if !contains(a.Causes, "any") && !contains(a.Causes, cause) {
			continue
		}
		if a.Units != nil {
			switch st.Matches(a.Units, st.Units[e.Unit]) {
			case No:
				continue
			case Unknown:
				t = Unknown
				continue
			}
		}
		switch n := e.Data["manpower"].(type) {
		case int:
			lost += float64(n)
		case float64: // a log read back from JSON
			lost += n
		}
	}
	return capped(lost*pts(a.Points), a.Max), t
}

// unitEvent scores units to which an event happened (from the log).
func (st *State) unitEvent(a *scenarios.Award) (float64, Tri) {
	if a.WaivedIf != nil {
		switch st.Holds(a.WaivedIf, nil) {
		case Yes:
			return 0, Yes
		case Unknown:
			return 0, Unknown
		}
	}
	total, t := 0.0, Yes
	for _, u := range st.sortedUnits() {
		m := st.Matches(a.Units, u)
		if m == No {
			continue
		}
		// "Destroyed" and "killed" count units still out of play (a unit
		// reorganized back onto the map no longer counts, LGV 17.2).
		if (a.Event == "destroyed" && u.Removed != "eliminated") || (a.Event == "killed" && u.Removed != "killed") {
			continue
		}
		n := 0
		for _, e := range st.Log.Events {
			if e.Unit == u.ID && e.Kind == a.Event {
				if a.Where != nil {
					p, _, err := st.Topo.Locate(e.To, st.Scenario.Maps.Prefixes)
					if err != nil || st.InRegion(p, a.Where, st.regionContext(nil)) != Yes {
						continue
					}
				}
				n++
			}
		}
		if n == 0 {
			continue
		}
		if m == Unknown {
			t = Unknown
			continue
		}
		total += capped(float64(n)*pts(a.Points), a.MaxPerUnit)
	}
	return capped(total, a.Max), t
}

// exit scores units that left the map from the award's locations (an
// edge from one hex to another) by its kinds of hexside.
func (st *State) exit(a *scenarios.Award) (float64, Tri) {
	total, t := 0.0, Yes
	ctx := st.regionContext(nil)
	for _, u := range st.sortedUnits() {
		if u.Exit == nil {
			continue
		}
		if len(a.Via) > 0 && !containsAny(a.Via, u.Exit.Via) {
			continue
		}
		if a.Where != nil {
			switch st.InRegion(u.Exit.Point, a.Where, ctx) {
			case No:
				continue
			case Unknown:
				t = Unknown
				continue
			}
		}
		for _, pu := range a.PointsByUnit {
			m := st.Matches(&pu.Units, u)
			if m == Unknown {
				t = Unknown
				break
			}
			if m == Yes {
				p := pu.Points
				for _, r := range a.Reductions {
					if r.When == "retreat" && u.Exit.Retreat || r.When == "demoralized" && u.Exit.Demoralized {
						p -= r.Points
					}
				}
				total += p
				break
			}
		}
	}
	return capped(total, a.Max), t
}

// highestOf scores only the best of its lines (GCACW "only the highest
// applies"), when its qualifier holds.
func (st *State) highestOf(a *scenarios.Award, scoring string, here *Point) LineResult {
	lr := LineResult{ID: a.ID, Text: a.Text}
	best := LineResult{Status: "not-awarded"}
	unknown := false
	for i := range a.Lines {
		sub := st.award(&a.Lines[i], scoring, here)
		if a.Qualifier != nil && sub.Status == "awarded" && sub.Points != 0 {
			// The qualifier ("an unbroken chain ... from the VP hex") is
			// asked of the hexes where the line scored.
			switch st.qualifies(a.Qualifier, &a.Lines[i], here) {
			case No:
				sub.Status, sub.Why, sub.Points = "not-awarded", "the qualifier does not hold: "+a.QualifierText, 0
			case Unknown:
				sub.Status, sub.Why = "unknown", "the qualifier needs data the module lacks: "+a.QualifierText
			}
		}
		lr.Parts = append(lr.Parts, sub)
		switch {
		case sub.Status == "unknown" || sub.Status == "manual":
			unknown = true
		case sub.Status == "awarded" && (best.Status != "awarded" || sub.Points > best.Points):
			best = sub
		}
	}
	if unknown {
		lr.Status, lr.Why = "unknown", "a line of the group cannot be decided"
		if best.Status == "awarded" {
			lr.Why = fmt.Sprintf("at least %v VP (%s); another line of the group cannot be decided", best.Points, best.Text)
		}
		return lr
	}
	lr.Points, lr.Status = best.Points, best.Status
	if best.Status == "awarded" {
		lr.Why = "highest line: " + best.Text
		if n := inferredPoints(a); best.Inferred || n != nil {
			lr.Inferred = true
			if n != nil {
				lr.Why += "; points " + n.Kind + ": " + n.Text
			} else {
				lr.Why += "; " + best.Why
			}
		}
	}
	return lr
}

// qualifies asks a group's qualifier of the hexes where a line scored
// (its "VP hex"); a line not tied to hexes is asked as a whole.
func (st *State) qualifies(q *scenarios.Condition, line *scenarios.Award, here *Point) Tri {
	if line.Kind != "occupy" || line.Where == nil {
		return st.Holds(q, here)
	}
	ctx := st.regionContext(here)
	out := No
	seen := map[Point]bool{}
	for _, u := range st.sortedUnits() {
		if !u.OnMap || seen[u.At] || st.Matches(line.Units, u) != Yes || st.InRegion(u.At, line.Where, ctx) != Yes {
			continue
		}
		seen[u.At] = true
		p := u.At
		switch st.Holds(q, &p) {
		case Yes:
			return Yes
		case Unknown:
			out = Unknown
		}
	}
	return out
}

// Holds evaluates a condition; here stands for the location a per-location
// award scores.
func (st *State) Holds(c *scenarios.Condition, here *Point) Tri {
	if c == nil {
		return Yes
	}
	ctx := st.regionContext(here)
	switch {
	case c.Occupied != nil:
		o := c.Occupied
		min := max(o.Min, 1)
		n, t := 0, No
		seen := map[Point]bool{}
		for _, u := range st.sortedUnits() {
			if !u.OnMap {
				continue
			}
			m, in := st.Matches(&o.Units, u), st.InRegion(u.At, &o.Where, ctx)
			if m == Yes && in == Yes {
				if o.Distinct && seen[u.At] {
					continue
				}
				seen[u.At] = true
				n++
			} else if m != No && in != No {
				t = Unknown
			}
		}
		if n >= min {
			return Yes
		}
		return t
	case c.Controlled != nil:
		return st.controlled(c.Controlled, ctx)
	case c.Chain != nil:
		return st.chain(c.Chain, ctx)
	case c.Markers != nil:
		mc := c.Markers
		n, t := 0, No
		for _, mk := range st.Markers {
			if mk.ID != mc.Marker || mc.Side != "" && mk.Side != mc.Side {
				continue
			}
			in := Yes
			if mc.Where != nil {
				in = st.InRegion(mk.At, mc.Where, ctx)
			}
			switch in {
			case Yes:
				n++
			case Unknown:
				t = Unknown
			}
		}
		if n >= max(mc.Min, 1) {
			return Yes
		}
		return t
	case c.Track != nil:
		return st.track(c.Track)
	case c.Status != nil:
		return triOf(contains(c.Status.Values, st.Statuses[c.Status.ID]))
	case c.Turn != nil:
		return triOf((c.Turn.From == 0 || st.Turn >= c.Turn.From) && (c.Turn.To == 0 || st.Turn <= c.Turn.To))
	case c.Declared != nil:
		turn, ok := st.Declared[c.Declared.Event]
		if !ok || c.Declared.Side != "" && st.DeclaredBy[c.Declared.Event] != c.Declared.Side {
			return No
		}
		return triOf(c.Declared.Turns == nil || (c.Declared.Turns.From == 0 || turn >= c.Declared.Turns.From) && (c.Declared.Turns.To == 0 || turn <= c.Declared.Turns.To))
	case c.Attacked != nil:
		for _, e := range st.Log.Events {
			if e.Kind != "attacked" {
				continue
			}
			if u := st.Units[e.Unit]; u != nil && st.Matches(&c.Attacked.Units, u) == Yes {
				return Yes
			}
		}
		return No
	case len(c.All) > 0:
		out := Yes
		for i := range c.All {
			out = min(out, st.Holds(&c.All[i], here))
			if out == No {
				return No
			}
		}
		return out
	case len(c.Any) > 0:
		out := No
		for i := range c.Any {
			out = max(out, st.Holds(&c.Any[i], here))
			if out == Yes {
				return Yes
			}
		}
		return out
	case c.Not != nil:
		return not(st.Holds(c.Not, here))
	case c.GameEnd:
		return triOf(st.Ended)
	case c.LineOfCommunication != nil, c.Path != nil, c.RRHexPathsCut != nil, c.Consecutive != nil:
		// These need the map's roads and supply network or the game's
		// sequence of victory checks, which the engine does not have.
		return Unknown
	}
	return Unknown // a condition with no operand set decides nothing
}

func (st *State) controlled(cc *scenarios.ControlCond, ctx RegionContext) Tri {
	locs, ok := st.listLocations(&cc.Where, ctx.Here)
	if !ok {
		return Unknown
	}
	n := 0
	for _, p := range locs {
		if st.Control[p] == cc.Side {
			n++
		}
	}
	need := cc.Min
	if need == 0 {
		need = len(locs)
	}
	return triOf(n >= need)
}

func (st *State) track(tc *scenarios.TrackCond) Tri {
	v := st.Tracks[tc.ID] + tc.Offset
	var w float64
	switch {
	case tc.Value != nil:
		w = *tc.Value
	case tc.Track != "":
		w = st.Tracks[tc.Track]
	default:
		return Unknown
	}
	switch tc.Compare {
	case ">=", "at-least":
		return triOf(v >= w)
	case ">", "more-than":
		return triOf(v > w)
	case "<=", "at-most":
		return triOf(v <= w)
	case "<", "less-than":
		return triOf(v < w)
	case "=", "==", "equal":
		return triOf(v == w)
	}
	return Unknown
}
