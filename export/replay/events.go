package replay

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
)

// step reads one event into a step of the page.
func (r *reader) step(e *rules.Event) {
	st := Step{Seq: e.Seq, Turn: e.Turn, Phase: e.Phase, Kind: e.Kind, Side: e.Side, Rule: e.Rule}
	if st.Rule == "" {
		st.Rule = dataString(e, "rule")
	}
	text := dataString(e, "text")
	switch e.Kind {
	case "move", "retreat", "placed":
		r.moveTo(&st, e.Unit, e.Side, e.From, e.To)
	case "destroyed", "killed", "removed", "eliminate", "eliminated", "exited", "withdrawn":
		r.gone(&st, e.Unit, e.Side, e.Kind)
	case "attacked":
		st.Combat = r.focus(&st, e.To)
	case "control":
		if at := r.focus(&st, e.To); at != "" {
			st.Control = &Control{At: at, Side: e.Side}
		}
	case "marker":
		name := dataString(e, "marker")
		if name == "" {
			name = "marker"
		}
		if at := r.focus(&st, e.To); at != "" {
			st.Marker = &Marker{At: at, Name: name, Side: e.Side}
		}
	case "scored":
		if pts, ok := dataNumber(e, "points"); ok && e.Side != "" {
			r.scored[e.Side] += pts
			st.Tracks = map[string]float64{"VP scored: " + e.Side: r.scored[e.Side]}
		}
	case "track":
		name := dataString(e, "track")
		if v, ok := dataNumber(e, "value"); ok && name != "" {
			st.Tracks = map[string]float64{name: v}
		}
	case "lgv":
		r.lgvText(&st, text)
	case "rule": // the USCW engine's sentences
		r.uscwText(&st, text)
		if len(st.Focus) == 0 && st.Combat == "" && r.page.Map == "hex" {
			r.mentions(&st, text)
		}
	default:
		if e.Unit != "" && e.To != "" && e.To != e.From {
			r.unit(e.Unit, e.Side)
		}
		if text != "" && r.page.Map == "hex" {
			r.mentions(&st, text)
		}
	}
	st.Text = describe(e, text)
	r.page.Steps = append(r.page.Steps, st)
}

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

// The USCW engine's sentences name its Generals, not counter ids: a
// General is drawn from where it is placed and moved with its SPs (the SPs
// themselves are strength, not counters, and are not drawn).
var (
	uscwActor  = regexp.MustCompile(`^the (\w+)'s Player Action Phase`)
	uscwPlaced = regexp.MustCompile(`^(\S+) \(\d-star[^)]*\) placed in (\S+) with`)
	uscwMoves  = regexp.MustCompile(`^(\S+) with \d+ SPs(?: and (.+?))? moves from (\S+): (.*);`)
	uscwEnters = regexp.MustCompile(`^(\S+) with \d+ SPs(?: and (.+?))? enters (\S+), which holds`)
	uscwHexes  = regexp.MustCompile(`(\S+) \(`)
	uscwBack   = regexp.MustCompile(`(?:retreats|backs up) to (\S+), the hex it entered from`)
	uscwRetire = regexp.MustCompile(`^the (\w+) retreats \d+ SPs and \d+ General\(s\) from ([^\s,]+) to ([^\s,]+)`)
	uscwWins   = regexp.MustCompile(`^the (attacker|defender) wins`)
	uscwAway   = regexp.MustCompile(`(the defender's SPs and Generals|its Generals) go to the (.+ Displaced Box)`)
)

// uscwText reads one USCW sentence.
func (r *reader) uscwText(st *Step, text string) {
	if m := uscwActor.FindStringSubmatch(text); m != nil && r.isSide(m[1]) {
		r.actor = m[1]
	}
	st.Side = r.actor
	generals := func(first, more string) []string {
		out := []string{first}
		if more != "" {
			out = append(out, strings.Split(more, " and ")...)
		}
		return out
	}
	switch {
	case uscwPlaced.MatchString(text):
		m := uscwPlaced.FindStringSubmatch(text)
		r.moveTo(st, m[1], "", "", m[2]) // the side from its counter: a script places both sides' Generals
	case uscwMoves.MatchString(text):
		m := uscwMoves.FindStringSubmatch(text)
		path := uscwHexes.FindAllStringSubmatch(m[4], -1)
		if len(path) == 0 {
			return
		}
		for _, g := range generals(m[1], m[2]) {
			r.moveTo(st, g, r.actor, m[3], path[len(path)-1][1])
		}
	case uscwEnters.MatchString(text):
		m := uscwEnters.FindStringSubmatch(text)
		r.attackers, r.defeated = generals(m[1], m[2]), ""
		for _, g := range r.attackers {
			r.moveTo(st, g, r.actor, "", m[3])
		}
		st.Combat = r.place(m[3])
		r.battleHex = st.Combat
	case uscwBack.MatchString(text):
		to := uscwBack.FindStringSubmatch(text)[1]
		for _, g := range r.attackers {
			r.moveTo(st, g, r.actor, "", to)
		}
	case uscwRetire.MatchString(text):
		m := uscwRetire.FindStringSubmatch(text)
		for _, id := range r.unitsAt(m[1], r.place(m[2])) {
			r.moveTo(st, id, m[1], "", m[3])
		}
	case uscwWins.MatchString(text):
		r.defeated = "attacker"
		if uscwWins.FindStringSubmatch(text)[1] == "attacker" {
			r.defeated = "defender"
		}
	case uscwAway.MatchString(text):
		m := uscwAway.FindStringSubmatch(text)
		if strings.HasPrefix(m[1], "the defender") {
			r.defeated = "defender"
		}
		for _, sd := range r.page.Sides {
			if (sd.ID == r.actor) != (r.defeated == "attacker") {
				continue
			}
			for _, id := range r.unitsAt(sd.ID, r.battleHex) {
				r.gone(st, id, sd.ID, "in the "+m[2])
			}
		}
	}
}

// unitsAt lists a side's units at a drawn place, in the page's order.
func (r *reader) unitsAt(side, at string) []string {
	var out []string
	if at == "" {
		return out
	}
	for _, u := range r.page.Units {
		if u.Side == side && r.pos[u.ID] == at {
			out = append(out, u.ID)
		}
	}
	return out
}

func (r *reader) isSide(id string) bool {
	for _, s := range r.page.Sides {
		if s.ID == id {
			return true
		}
	}
	return false
}

// placeWords come before a place in the sentences engines write ("placed
// in 4017", "moves from 4118", "in OTR S0704"); a word after one of them
// is read as a place when the map knows it.
var placeWords = map[string]bool{"in": true, "from": true, "to": true, "at": true, "into": true}

// mentions lights up the hexes a sentence names after a place word; a
// sheet prefix and hex number written apart ("OTR S0704") are tried
// together first.
func (r *reader) mentions(st *Step, text string) {
	words := strings.FieldsFunc(text, func(c rune) bool { return c == ' ' || c == ',' || c == ';' || c == ':' || c == '(' || c == ')' })
	for i := 0; i+1 < len(words); i++ {
		if !placeWords[strings.ToLower(words[i])] {
			continue
		}
		if i+2 < len(words) {
			if id := r.place(words[i+1] + " " + words[i+2]); id != "" {
				st.Focus = append(st.Focus, id)
				continue
			}
		}
		if w := words[i+1]; strings.ContainsAny(w, "0123456789") {
			if id := r.place(w); id != "" {
				st.Focus = append(st.Focus, id)
			}
		}
	}
}

// describe is the event's line in the page's list.
func describe(e *rules.Event, text string) string {
	if text != "" {
		return text
	}
	if name, ok := e.Data["track"].(string); e.Kind == "track" && ok {
		v, _ := json.Marshal(e.Data["value"])
		return "track " + name + " = " + string(v)
	}
	var b strings.Builder
	b.WriteString(e.Kind)
	for _, f := range []string{e.Side, e.Unit} {
		if f != "" {
			b.WriteString(" " + f)
		}
	}
	switch {
	case e.From != "" && e.To != "" && e.From != e.To:
		fmt.Fprintf(&b, " %s → %s", e.From, e.To)
	case e.To != "":
		b.WriteString(" at " + e.To)
	case e.From != "":
		b.WriteString(" from " + e.From)
	}
	if len(e.Data) > 0 {
		keys := make([]string, 0, len(e.Data))
		for k := range e.Data {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			v, err := json.Marshal(e.Data[k])
			if err != nil {
				continue
			}
			parts = append(parts, k+" "+strings.Trim(string(v), `"`))
		}
		b.WriteString(": " + strings.Join(parts, ", "))
	}
	return b.String()
}

func dataString(e *rules.Event, key string) string {
	s, _ := e.Data[key].(string)
	return s
}

func dataNumber(e *rules.Event, key string) (float64, bool) {
	switch v := e.Data[key].(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	case json.Number:
		f, err := v.Float64()
		return f, err == nil
	}
	return 0, false
}
