package replay

import (
	"encoding/json"
	"fmt"
	"sort"
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
	case "vp-track": // the VP standing at a turn's end (rules.VPEvent)
		if v, ok := dataNumber(e, "vp"); ok {
			st.Tracks = map[string]float64{"VP": v}
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
	if v, ok := dataNumber(e, "vp"); e.Kind == "vp-track" && ok {
		line := fmt.Sprintf("VP at the end of turn %d: %g", e.Turn, v)
		if leader := dataString(e, "leader"); leader != "" {
			line += ", " + leader + " leading"
		}
		return line
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
