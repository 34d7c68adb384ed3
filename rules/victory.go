package rules

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

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

// award evaluates one VP line and says why it did not score (or cannot
// be decided): the requirement, condition or qualifier that fails, with
// the locations and units involved.
func (st *State) award(a *scenarios.Award, scoring string, here *Point) LineResult {
	lr := LineResult{ID: a.ID, Text: a.Text}
	if a.Adjudication == "manual" || a.Kind == "manual" {
		lr.Status, lr.Why = "manual", "left to the players' adjudication"
		return lr
	}
	w := &why{}
	for i := range a.Requires {
		if t := st.holds(&a.Requires[i], here, w); t != Yes {
			lr.Status, lr.Why = "not-awarded", fmt.Sprintf("requirement %d of %d %s: %s", i+1, len(a.Requires), fails(t), w.text)
			if t == Unknown {
				lr.Status = "unknown"
			}
			return lr
		}
	}
	w.text = ""
	var v float64
	t := Yes
	switch a.Kind {
	case "occupy":
		v, t = st.occupy(a, here, w)
	case "per-location":
		if a.Phase != "" {
			v, t = st.accumulated(a, scoring, w)
		} else {
			v, t = st.perLocation(a, w)
		}
	case "fixed":
		t = st.holds(a.Condition, here, w)
		if t == Yes {
			v = pts(a.Points)
		} else {
			w.text = "the condition " + fails(t) + ": " + w.text
		}
	case "manpower-loss":
		v, t = st.manpowerLoss(a, w)
	case "unit-event":
		v, t = st.unitEvent(a, w)
	case "exit":
		v, t = st.exit(a, w)
	case "per-phase":
		v, t = st.accumulated(a, scoring, w)
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
		if v == 0 {
			w.set("track %s is %s, %s at the start (counting %s)", a.Track, num(cur), num(start), a.Counting)
		}
	case "highest-of":
		return st.highestOf(a, scoring, here)
	default:
		lr.Status, lr.Why = "unknown", "award kind "+a.Kind+" is not evaluated yet"
		return lr
	}
	if a.Qualifier != nil && t == Yes && v != 0 && a.Kind != "occupy" && a.Kind != "per-location" {
		// Occupation and per-location lines ask their qualifier of each
		// location; the others of the state as a whole.
		switch q := st.holds(a.Qualifier, here, w); q {
		case No, Unknown:
			w.text = "the qualifier " + fails(q) + ": " + w.text
			if q == No {
				v = 0
			} else {
				t = Unknown
			}
		}
	}
	switch t {
	case Unknown:
		lr.Status, lr.Why = "unknown", w.text
		if lr.Why == "" {
			lr.Why = "needs map data or play history the module lacks"
		}
	case No:
		lr.Status, lr.Why = "not-awarded", w.text
	default:
		lr.Points, lr.Status = v, "awarded"
		if v == 0 {
			// 0, not the -0 a negative rate times nothing gives.
			lr.Points, lr.Status, lr.Why = 0, "not-awarded", w.text
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
// highestOnly only the best-scoring location counts. With w it says why
// nothing scored: no unit found, or the qualifier failing where they stand.
func (st *State) occupy(a *scenarios.Award, here *Point, w *why) (float64, Tri) {
	ctx := st.regionContext(here)
	if len(a.PointsByLocation) > 0 && a.Where == nil {
		// Each listed region scores its points once when occupied.
		if a.Qualifier != nil {
			if w != nil {
				w.set("the qualifier has no location to be asked of (the line lists its locations by points, with no where)")
			}
			return 0, Unknown // no location to ask the qualifier of
		}
		total, t := 0.0, Yes
		var empty []string
		for i := range a.PointsByLocation {
			lp := &a.PointsByLocation[i]
			found, ft := st.anyUnitIn(a.Units, &lp.Where, a.Exclude, ctx)
			if ft == Unknown {
				t = Unknown
			}
			if found {
				total = addOrBest(total, lp.Points, a.HighestOnly)
			} else if w != nil {
				empty = append(empty, st.region(&lp.Where, here))
			}
		}
		if w != nil {
			w.set("no %s unit in any of %s", st.filter(a.Units), list(empty))
			if t == Unknown {
				w.text += "; the data cannot tell whether some units count there"
			}
		}
		return capped(total, a.Max), t
	}
	unitsAt := map[Point]int{}
	var order []Point
	t := Yes
	var maybe undecidedUnits
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
			if w != nil {
				maybe.add(st.unitAt(u), m, in)
			}
		}
	}
	var units int
	var locs []Point
	var failed []string
	for _, p := range order {
		if a.Qualifier != nil {
			p := p
			var qw *why
			if w != nil {
				qw = &why{}
			}
			switch st.holds(a.Qualifier, &p, qw) {
			case No:
				if w != nil {
					failed = append(failed, fmt.Sprintf("at %s the qualifier does not hold: %s", st.name(p), qw.text))
				}
				continue
			case Unknown:
				t = Unknown
				if w != nil {
					failed = append(failed, fmt.Sprintf("at %s the qualifier cannot be decided: %s", st.name(p), qw.text))
				}
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
					if w != nil {
						failed = append(failed, fmt.Sprintf("the data cannot tell which listed location %s is", st.name(p)))
					}
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
	if w != nil {
		where := st.region(a.Where, here)
		if a.Exclude != nil {
			where += " (not " + st.region(a.Exclude, here) + ")"
		}
		var parts []string
		if len(order) == 0 {
			parts = append(parts, fmt.Sprintf("no %s unit in %s", st.filter(a.Units), where))
		}
		if len(failed) > 0 {
			parts = append(parts, some(failed))
		}
		parts = append(parts, maybe.words(st.filter(a.Units), where)...)
		w.text = strings.Join(parts, "; ")
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
// holds with "here" standing for that location. With w it says, when
// nothing scores, why at each location.
func (st *State) perLocation(a *scenarios.Award, w *why) (float64, Tri) {
	pts0 := pts(a.Points)
	locs, ok := st.listLocations(a.Where, nil)
	if !ok {
		if w != nil {
			w.set("the module cannot list the locations of %s", st.region(a.Where, nil))
		}
		return 0, Unknown
	}
	total, t := 0.0, Yes
	ctx := st.regionContext(nil)
	var cw *why
	var reasons, undecided []string
	if w != nil {
		cw = &why{}
	}
	for _, p := range locs {
		p := p
		holds := st.holds(a.Condition, &p, cw)
		what := ""
		if holds == Yes && a.Qualifier != nil {
			holds, what = st.holds(a.Qualifier, &p, cw), " the qualifier"
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
			if w != nil {
				undecided = append(undecided, fmt.Sprintf("at %s%s undecided: %s", st.name(p), what, cw.text))
			}
		default:
			if w != nil {
				reasons = append(reasons, fmt.Sprintf("at %s%s: %s", st.name(p), what, cw.text))
			}
		}
	}
	if w != nil {
		switch {
		case len(locs) == 0:
			w.set("%s has no locations now", st.region(a.Where, nil))
		default:
			scored := len(locs) - len(undecided) - len(reasons)
			w.set("%d of %d locations (%s) score", scored, len(locs), st.region(a.Where, nil))
			if len(undecided) > 0 {
				w.text += fmt.Sprintf(", %d undecided", len(undecided))
			}
			w.text += ": " + some(append(undecided, reasons...))
		}
	}
	return capped(total, a.Max), t
}

// some joins reasons, the first few of them and a count of the rest.
func some(reasons []string) string {
	const n = 4
	if len(reasons) > n {
		return strings.Join(reasons[:n], "; ") + fmt.Sprintf("; and %d more", len(reasons)-n)
	}
	return strings.Join(reasons, "; ")
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
func (st *State) manpowerLoss(a *scenarios.Award, w *why) (float64, Tri) {
	var lost float64
	t := Yes
	if w != nil {
		defer func() {
			units := ""
			if a.Units != nil {
				units = " by " + st.filter(a.Units) + " units"
			}
			w.set("%s %s manpower lost to %s%s", num(lost), a.LossSide, strings.Join(a.Causes, " or "), units)
			if lost == 0 {
				w.set("no %s manpower lost to %s%s", a.LossSide, strings.Join(a.Causes, " or "), units)
			}
			if t == Unknown {
				w.text += "; the data cannot tell whether some losses count"
			}
		}()
	}
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
func (st *State) unitEvent(a *scenarios.Award, w *why) (float64, Tri) {
	if a.WaivedIf != nil {
		switch st.holds(a.WaivedIf, nil, w) {
		case Yes:
			if w != nil {
				w.set("waived: %s", w.text)
			}
			return 0, Yes
		case Unknown:
			if w != nil {
				w.set("whether it is waived cannot be decided: %s", w.text)
			}
			return 0, Unknown
		}
	}
	total, t := 0.0, Yes
	var maybe []string
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
			if w != nil {
				maybe = append(maybe, u.ID)
			}
			continue
		}
		total += capped(float64(n)*pts(a.Points), a.MaxPerUnit)
	}
	if w != nil {
		where := ""
		if a.Where != nil {
			where = " in " + st.region(a.Where, nil)
		}
		w.set("%s VP for %s units %s%s", num(total), st.filter(a.Units), a.Event, where)
		if total == 0 {
			w.set("no %s unit %s%s", st.filter(a.Units), a.Event, where)
		}
		if len(maybe) > 0 {
			w.text += fmt.Sprintf("; the data cannot tell whether these are %s units: %s", st.filter(a.Units), list(maybe))
		}
	}
	return capped(total, a.Max), t
}

// exit scores units that left the map from the award's locations (an
// edge from one hex to another) by its kinds of hexside.
func (st *State) exit(a *scenarios.Award, w *why) (float64, Tri) {
	total, t := 0.0, Yes
	ctx := st.regionContext(nil)
	if w != nil {
		defer func() {
			how := ""
			if len(a.Via) > 0 {
				how = " by " + strings.Join(a.Via, " or ")
			}
			from := ""
			if a.Where != nil {
				from = " from " + st.region(a.Where, nil)
			}
			w.set("%s VP for units that exited the map%s%s", num(total), from, how)
			if total == 0 {
				w.set("no unit the line counts exited the map%s%s", from, how)
			}
			if t == Unknown {
				w.text += "; the data cannot tell whether some exits count"
			}
		}()
	}
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
			w := &why{}
			switch st.qualifies(a.Qualifier, &a.Lines[i], here, w) {
			case No:
				sub.Status, sub.Why, sub.Points = "not-awarded", "the group's qualifier does not hold: "+w.text, 0
			case Unknown:
				sub.Status, sub.Why = "unknown", "the group's qualifier cannot be decided: "+w.text
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
	// parts names the group's lines of the statuses with why each is so.
	parts := func(head string, statuses ...string) string {
		var b strings.Builder
		b.WriteString(head + ":")
		for i, p := range lr.Parts {
			if !slices.Contains(statuses, p.Status) {
				continue
			}
			name := p.ID
			if name == "" {
				name = fmt.Sprintf("#%d", i+1)
			}
			fmt.Fprintf(&b, " [%s: %s]", name, p.Why)
		}
		return b.String()
	}
	if unknown {
		lr.Status, lr.Why = "unknown", parts("a line of the group cannot be decided", "unknown", "manual")
		if best.Status == "awarded" {
			lr.Why = fmt.Sprintf("at least %v VP (%s); %s", best.Points, best.Text, parts("another line of the group cannot be decided", "unknown", "manual"))
		}
		return lr
	}
	lr.Points, lr.Status = best.Points, best.Status
	if best.Status != "awarded" {
		lr.Why = parts("no line of the group scored", "not-awarded")
	}
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
// (its "VP hex"); a line not tied to hexes is asked as a whole. w says why
// it fails at each.
func (st *State) qualifies(q *scenarios.Condition, line *scenarios.Award, here *Point, w *why) Tri {
	if line.Kind != "occupy" || line.Where == nil {
		return st.holds(q, here, w)
	}
	ctx := st.regionContext(here)
	out := No
	seen := map[Point]bool{}
	var reasons []string
	for _, u := range st.sortedUnits() {
		if !u.OnMap || seen[u.At] || st.Matches(line.Units, u) != Yes || st.InRegion(u.At, line.Where, ctx) != Yes {
			continue
		}
		seen[u.At] = true
		p := u.At
		switch st.holds(q, &p, w) {
		case Yes:
			return Yes
		case Unknown:
			out = Unknown
		}
		if w != nil {
			reasons = append(reasons, "at "+st.name(p)+": "+w.text)
		}
	}
	if w != nil {
		w.set("%s", some(reasons))
	}
	return out
}

// Holds evaluates a condition; here stands for the location a per-location
// award scores.
func (st *State) Holds(c *scenarios.Condition, here *Point) Tri { return st.holds(c, here, nil) }

// holds is Holds and Explain in one: with w non-nil it also says why the
// condition has its value.
func (st *State) holds(c *scenarios.Condition, here *Point, w *why) Tri {
	if c == nil {
		if w != nil {
			w.set("no condition")
		}
		return Yes
	}
	ctx := st.regionContext(here)
	switch {
	case c.Occupied != nil:
		return st.occupied(c.Occupied, ctx, w)
	case c.Controlled != nil:
		return st.controlled(c.Controlled, ctx, w)
	case c.Chain != nil:
		return st.chain(c.Chain, ctx, w)
	case c.Markers != nil:
		return st.markers(c.Markers, ctx, w)
	case c.Track != nil:
		return st.track(c.Track, w)
	case c.Status != nil:
		got := st.Statuses[c.Status.ID]
		in := contains(c.Status.Values, got)
		if w != nil {
			if got == "" {
				got = "unset"
			} else {
				got = strconv.Quote(got)
			}
			verb := "is not"
			if in {
				verb = "is"
			}
			w.set("status %s is %s, which %s one of %s", c.Status.ID, got, verb, strings.Join(c.Status.Values, ", "))
		}
		return triOf(in)
	case c.Turn != nil:
		in := (c.Turn.From == 0 || st.Turn >= c.Turn.From) && (c.Turn.To == 0 || st.Turn <= c.Turn.To)
		if w != nil {
			w.set("%s", turnWhy(st.Turn, c.Turn, in))
		}
		return triOf(in)
	case c.Declared != nil:
		d := c.Declared
		turn, ok := st.Declared[d.Event]
		switch {
		case !ok:
			if w != nil {
				w.set("%s has not been declared", d.Event)
			}
			return No
		case d.Side != "" && st.DeclaredBy[d.Event] != d.Side:
			if w != nil {
				w.set("%s was declared by %s, not %s", d.Event, st.DeclaredBy[d.Event], d.Side)
			}
			return No
		}
		in := d.Turns == nil || (d.Turns.From == 0 || turn >= d.Turns.From) && (d.Turns.To == 0 || turn <= d.Turns.To)
		if w != nil {
			if d.Turns == nil {
				w.set("%s was declared on turn %d", d.Event, turn)
			} else {
				w.set("%s was declared on turn %d: %s", d.Event, turn, turnWhy(turn, d.Turns, in))
			}
		}
		return triOf(in)
	case c.Attacked != nil:
		for _, e := range st.Log.Events {
			if e.Kind != "attacked" {
				continue
			}
			if u := st.Units[e.Unit]; u != nil && st.Matches(&c.Attacked.Units, u) == Yes {
				if w != nil {
					w.set("%s was attacked (event %d, turn %d)", u.ID, e.Seq, e.Turn)
				}
				return Yes
			}
		}
		if w != nil {
			w.set("no %s unit has been attacked", st.filter(&c.Attacked.Units))
		}
		return No
	case len(c.All) > 0:
		return st.all(c.All, here, w)
	case len(c.Any) > 0:
		return st.any(c.Any, here, w)
	case c.Not != nil:
		t := not(st.holds(c.Not, here, w))
		if w != nil {
			w.set("not (%s)", w.text)
		}
		return t
	case c.GameEnd:
		if w != nil {
			w.set("the game has not ended")
			if st.Ended {
				w.set("the game has ended")
			}
		}
		return triOf(st.Ended)
	case c.LineOfCommunication != nil, c.Path != nil, c.RRHexPathsCut != nil:
		// These need the map's roads and supply network, which the
		// engine does not have.
		if w != nil {
			w.set("%s needs the map's roads and supply network, which the module lacks", condKind(c))
		}
		return Unknown
	case c.Consecutive != nil:
		// The game's sequence of victory checks is not kept.
		if w != nil {
			w.set("consecutive needs the results of earlier victory checks, which the engine does not keep")
		}
		return Unknown
	}
	if w != nil {
		w.set("a condition with no operand decides nothing")
	}
	return Unknown
}

// condKind is a condition's operand as the schema names it.
func condKind(c *scenarios.Condition) string {
	switch {
	case c.LineOfCommunication != nil:
		return "lineOfCommunication"
	case c.Path != nil:
		return "path"
	case c.RRHexPathsCut != nil:
		return "rrHexPathsCut"
	}
	return "condition"
}

// all holds when every operand does: the first that fails says why.
func (st *State) all(cs []scenarios.Condition, here *Point, w *why) Tri {
	if len(cs) == 1 {
		return st.holds(&cs[0], here, w)
	}
	out := Yes
	var reasons []string
	undecided := -1
	for i := range cs {
		t := st.holds(&cs[i], here, w)
		if w != nil {
			reasons = append(reasons, w.text)
		}
		if t == No {
			if w != nil {
				w.set("all of %d must hold, #%d does not: %s", len(cs), i+1, w.text)
			}
			return No
		}
		if t == Unknown && undecided < 0 {
			undecided = i
		}
		out = min(out, t)
	}
	if w != nil {
		if out == Unknown {
			w.set("all of %d must hold, #%d is undecided: %s", len(cs), undecided+1, reasons[undecided])
		} else {
			w.set("all of %d hold: %s", len(cs), operands(reasons))
		}
	}
	return out
}

// any holds when one operand does: that one says why, else every one.
func (st *State) any(cs []scenarios.Condition, here *Point, w *why) Tri {
	if len(cs) == 1 {
		return st.holds(&cs[0], here, w)
	}
	out := No
	var reasons []string
	for i := range cs {
		t := st.holds(&cs[i], here, w)
		if t == Yes {
			if w != nil {
				w.set("#%d of any %d holds: %s", i+1, len(cs), w.text)
			}
			return Yes
		}
		if w != nil {
			reasons = append(reasons, w.text)
		}
		out = max(out, t)
	}
	if w != nil {
		if out == Unknown {
			w.set("none of any %d holds for certain: %s", len(cs), operands(reasons))
		} else {
			w.set("none of any %d holds: %s", len(cs), operands(reasons))
		}
	}
	return out
}

// occupied holds when at least min units of the filter stand in the
// region (in distinct locations when asked).
func (st *State) occupied(o *scenarios.OccupiedCond, ctx RegionContext, w *why) Tri {
	need := max(o.Min, 1)
	n, t := 0, No
	seen := map[Point]bool{}
	var found []string
	var maybe undecidedUnits
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
			if w != nil {
				found = append(found, st.unitAt(u))
			}
		} else if m != No && in != No {
			t = Unknown
			if w != nil {
				maybe.add(st.unitAt(u), m, in)
			}
		}
	}
	if n >= need {
		t = Yes
	}
	if w != nil {
		what := fmt.Sprintf("occupied by %s units in %s", st.filter(&o.Units), st.region(&o.Where, ctx.Here))
		if need > 1 || o.Distinct {
			distinct := ""
			if o.Distinct {
				distinct = " in distinct locations"
			}
			what = fmt.Sprintf("%s (%d needed%s)", what, need, distinct)
		}
		switch {
		case n == 0:
			w.set("%s: none found", what)
		default:
			w.set("%s: %d found (%s)", what, n, list(found))
		}
		for _, m := range maybe.words(st.filter(&o.Units), st.region(&o.Where, ctx.Here)) {
			w.text += "; " + m
		}
	}
	return t
}

// markers holds when at least min markers of the kind lie in the region.
func (st *State) markers(mc *scenarios.MarkerCond, ctx RegionContext, w *why) Tri {
	n, t := 0, No
	var found, maybe []string
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
			if w != nil {
				found = append(found, st.name(mk.At))
			}
		case Unknown:
			t = Unknown
			if w != nil {
				maybe = append(maybe, st.name(mk.At))
			}
		}
	}
	need := max(mc.Min, 1)
	if n >= need {
		t = Yes
	}
	if w != nil {
		side := ""
		if mc.Side != "" {
			side = mc.Side + " "
		}
		what := fmt.Sprintf("%d %s%s markers", need, side, mc.Marker)
		if need == 1 {
			what = fmt.Sprintf("a %s%s marker", side, mc.Marker)
		}
		if mc.Where != nil {
			what += " in " + st.region(mc.Where, ctx.Here)
		}
		if n == 0 {
			w.set("%s: none found", what)
		} else {
			w.set("%s: %d found (at %s)", what, n, list(found))
		}
		if len(maybe) > 0 {
			w.text += fmt.Sprintf("; the data cannot tell whether these lie in %s: %s", st.region(mc.Where, ctx.Here), list(maybe))
		}
	}
	return t
}

func (st *State) controlled(cc *scenarios.ControlCond, ctx RegionContext, w *why) Tri {
	locs, ok := st.listLocations(&cc.Where, ctx.Here)
	if !ok {
		if w != nil {
			w.set("controlled by %s of %s: the module cannot list its locations", cc.Side, st.region(&cc.Where, ctx.Here))
		}
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
	if w != nil {
		what := "controlled by " + cc.Side
		if !cc.Where.Here {
			what += " of " + st.region(&cc.Where, ctx.Here)
		}
		if len(locs) != 1 {
			what += fmt.Sprintf(" (%d of %d needed, %d held)", need, len(locs), n)
		}
		// Who holds each: the ones the side lacks first.
		var lacking, held []string
		for _, p := range locs {
			switch s := st.Control[p]; s {
			case cc.Side:
				held = append(held, st.name(p)+" held by "+s)
			case "":
				lacking = append(lacking, st.name(p)+" held by no side")
			default:
				lacking = append(lacking, st.name(p)+" held by "+s)
			}
		}
		w.set("%s: %s", what, list(append(lacking, held...)))
		if len(locs) == 0 {
			w.set("%s: it has no locations", what)
		}
	}
	return triOf(n >= need)
}

func (st *State) track(tc *scenarios.TrackCond, w *why) Tri {
	v := st.Tracks[tc.ID] + tc.Offset
	var x float64
	switch {
	case tc.Value != nil:
		x = *tc.Value
	case tc.Track != "":
		x = st.Tracks[tc.Track]
	default:
		if w != nil {
			w.set("track %s: no value or track to compare it with", tc.ID)
		}
		return Unknown
	}
	t := Unknown
	switch tc.Compare {
	case ">=", "at-least":
		t = triOf(v >= x)
	case ">", "more-than":
		t = triOf(v > x)
	case "<=", "at-most":
		t = triOf(v <= x)
	case "<", "less-than":
		t = triOf(v < x)
	case "=", "==", "equal":
		t = triOf(v == x)
	}
	if w != nil {
		got := fmt.Sprintf("track %s is %s", tc.ID, num(st.Tracks[tc.ID]))
		if tc.Offset != 0 {
			got += fmt.Sprintf(" (%s with the offset %+g)", num(v), tc.Offset)
		}
		want := num(x)
		if tc.Track != "" && tc.Value == nil {
			want = fmt.Sprintf("track %s (%s)", tc.Track, num(x))
		}
		switch t {
		case Unknown:
			w.set("%s: comparison %q is not one the engine knows", got, tc.Compare)
		case Yes:
			w.set("%s, %s %s", got, tc.Compare, want)
		default:
			w.set("%s, not %s %s", got, tc.Compare, want)
		}
	}
	return t
}
