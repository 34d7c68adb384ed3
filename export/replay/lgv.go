package replay

import (
	"regexp"
	"strconv"
)

// LGV's events are sentences (rules/lgv logf); these are the ones that
// change what the map shows.
var (
	lgvActor    = regexp.MustCompile(`^(\w+): `)
	lgvMoves    = regexp.MustCompile(`^(\S+) moves (\S+) to (\S+) \(`)
	lgvRetreats = regexp.MustCompile(`^(\S+) retreats from (\S+) to (\S+)$`)
	lgvPlace    = regexp.MustCompile(`^\w+: place (\S+) in (\S+)$`)
	lgvGone     = regexp.MustCompile(`^(\S+) (eliminated \(.*\)|killed in action|wounded)`)
	lgvReorg    = regexp.MustCompile(`^\S+ reorganizes, (\S+) permanently eliminated$`)
	lgvCombat   = regexp.MustCompile(`^combat in (\S+):`)
	lgvControl  = regexp.MustCompile(`^(\w+) takes control of (\S+)$`)
	lgvEntrench = regexp.MustCompile(`^(\w+)(?:: entrench in| places an Entrench \+1 marker in) (\S+?)(?: \(|$)`)
	lgvUntrench = regexp.MustCompile(`^(?:the )?(\w+) (?:removes the )?Entrench marker in (\S+)`)
	lgvPontoon  = regexp.MustCompile(`^pontoon bridge between (\S+) and (\S+)$`)
	lgvUnbridge = regexp.MustCompile(`removes the Pontoon Bridge between (\S+) and (\S+)$`)
	lgvActivate = regexp.MustCompile(`^(\w+) activates (\S+)$`)
	lgvOver     = regexp.MustCompile(`^game over: .* \((-?\d+) VP\)$`)
)

// lgvText reads one LGV sentence: the first pattern that matches says
// what it changes.
func (r *reader) lgvText(st *Step, text string) {
	if m := lgvActor.FindStringSubmatch(text); m != nil && r.isSide(m[1]) {
		st.Side = m[1]
	}
	for _, rd := range lgvReaders {
		if x := rd.re.FindStringSubmatch(text); x != nil {
			rd.read(r, st, x)
			return
		}
	}
}

// lgvReaders pair each LGV sentence with what it does to the map.
var lgvReaders = []struct {
	re   *regexp.Regexp
	read func(r *reader, st *Step, x []string)
}{
	{lgvMoves, func(r *reader, st *Step, x []string) { r.moveTo(st, x[1], "", x[2], x[3]) }},
	{lgvRetreats, func(r *reader, st *Step, x []string) { r.moveTo(st, x[1], "", x[2], x[3]) }},
	{lgvPlace, func(r *reader, st *Step, x []string) { r.moveTo(st, x[1], "", "", x[2]) }},
	{lgvReorg, func(r *reader, st *Step, x []string) { r.gone(st, x[1], "", "permanently eliminated") }},
	{lgvGone, func(r *reader, st *Step, x []string) {
		if r.hasUnit(x[1]) {
			r.gone(st, x[1], "", x[2])
		}
	}},
	{lgvCombat, func(r *reader, st *Step, x []string) { st.Combat = r.focus(st, x[1]) }},
	{lgvControl, func(r *reader, st *Step, x []string) {
		if at := r.focus(st, x[2]); at != "" {
			st.Control = &Control{At: at, Side: x[1]}
		}
	}},
	{lgvEntrench, func(r *reader, st *Step, x []string) {
		if at := r.focus(st, x[2]); at != "" {
			st.Marker = &Marker{At: at, Name: "Entrench", Side: x[1]}
		}
	}},
	{lgvUntrench, func(r *reader, st *Step, x []string) {
		if at := r.focus(st, x[2]); at != "" {
			st.Marker = &Marker{At: at, Name: "Entrench", Side: x[1], Remove: true}
		}
	}},
	{lgvPontoon, func(r *reader, st *Step, x []string) {
		if at := r.focus(st, x[1]); at != "" {
			st.Marker = &Marker{At: at, Name: "Pontoon Bridge to " + x[2]}
		}
		r.focus(st, x[2])
	}},
	{lgvUnbridge, func(r *reader, st *Step, x []string) {
		if at := r.focus(st, x[1]); at != "" {
			st.Marker = &Marker{At: at, Name: "Pontoon Bridge to " + x[2], Remove: true}
		}
	}},
	{lgvActivate, func(r *reader, st *Step, x []string) { r.focus(st, x[2]) }},
	{lgvOver, func(r *reader, st *Step, x []string) {
		vp, _ := strconv.ParseFloat(x[1], 64)
		st.Tracks = map[string]float64{"VP": vp}
	}},
}
