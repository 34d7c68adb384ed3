package validate

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/musterhq/muster/scenarios"
)

// Start-state notes against values (issue 29, family 1): a scenario's
// start keeps the printed setup text ("Resource BPs = 97", "Place the
// Posture marker ... in Box 2 on the Union Posture Track", "in the “0”
// space of the Victory Point Track") beside the structured track values.
// The text names a track by the module's name for it (game.json tracks:
// the name, its part before a parenthesis, the parenthesized short form,
// the part after a colon), and the value read there must be the one set.

// trackReader reads one track's printed value out of a text.
type trackReader struct {
	id     string
	labels []string // lower case, each with its four regexps in res
	res    []*regexp.Regexp
}

// trackReaders caches the readers by the module's id and track names (a
// key that stays bounded when an editor reloads a module).
var trackReaders sync.Map // string -> []trackReader

// trackLabels lists the names a text may call a track by.
func trackLabels(name string) []string {
	var out []string
	add := func(s string) {
		s = strings.TrimSpace(s)
		if len(s) >= 3 {
			out = append(out, s)
		}
	}
	main := name
	if i := strings.Index(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		main = name[:i]
		if paren := name[i+2 : len(name)-1]; !strings.ContainsAny(paren, " ") || strings.ToUpper(paren[:1]) == paren[:1] {
			add(paren)
		}
	}
	add(main)
	if _, after, ok := strings.Cut(main, ": "); ok {
		add(after)
	}
	// "Union Command Point Track" is printed "the Command Point Track".
	if w := strings.Fields(main); len(w) >= 3 && w[len(w)-1] == "Track" {
		add(strings.Join(w[1:], " "))
	}
	return out
}

func readersFor(g *scenarios.Game) []trackReader {
	var key strings.Builder
	key.WriteString(g.ID)
	for _, t := range g.Tracks {
		key.WriteString("\x00" + t.ID + "\x00" + t.Name)
	}
	if v, ok := trackReaders.Load(key.String()); ok {
		return v.([]trackReader)
	}
	var out []trackReader
	for _, t := range g.Tracks {
		var res []*regexp.Regexp
		var labels []string
		for _, l := range trackLabels(t.Name) {
			labels = append(labels, strings.ToLower(l))
			q := regexp.QuoteMeta(l)
			res = append(res,
				// "Resource BPs = 97", "Gulf: 8"
				regexp.MustCompile(`(?i)(?:^|[^\w.])`+q+`\s*[=:]\s*(\d+(?:\.\d+)?)\b`),
				// "in Box 2 on the Union Posture Track"
				regexp.MustCompile(`(?i)\b(?:box|space)\s+(\d+)\s+(?:on|of)\s+the\s+(?:combined\s+)?`+q+`\b`),
				// "in the “0” space of the Victory Point Track"
				regexp.MustCompile(`(?i)["“](\d+)["”]\s+(?:box|space)\s+(?:on|of)\s+the\s+(?:combined\s+)?`+q+`\b`),
				// "on the Command Point Track in the "3" box"
				regexp.MustCompile(`(?i)\b`+q+`(?:\s+marker)?\s+(?:on|in)\s+the\s+["“](\d+)["”]\s+(?:box|space)\b`),
			)
		}
		out = append(out, trackReader{t.ID, labels, res})
	}
	v, _ := trackReaders.LoadOrStore(key.String(), out)
	return v.([]trackReader)
}

// startFacts compares a start's track values with the values its own text
// prints for them.
func (p *Pass) startFacts(ptr string, st *scenarios.Start) {
	if st == nil || len(st.Tracks) == 0 {
		return
	}
	texts := []string{st.Text}
	for _, m := range st.Markers {
		texts = append(texts, m.Text)
	}
	hasCue := false
	for _, t := range texts {
		if strings.ContainsAny(t, "=:") || strings.Contains(t, "ox") || strings.Contains(t, "pace") {
			hasCue = true
			break
		}
	}
	if !hasCue {
		return
	}
	lower := make([]string, len(texts))
	for i, t := range texts {
		lower[i] = strings.ToLower(t)
	}
	for _, r := range readersFor(p.Module.Game) {
		got, ok := st.Tracks[r.id]
		if !ok || declaresTrack(st.Notes, r.id) {
			continue
		}
		var vals []float64
		var quote string
		for ti, t := range texts {
			for ri, re := range r.res {
				for _, w := range windows(t, lower[ti], r.labels[ri/4]) {
					for _, m := range re.FindAllStringSubmatch(w, -1) {
						v, err := strconv.ParseFloat(m[1], 64)
						if err != nil {
							continue
						}
						if !containsF(vals, v) {
							vals = append(vals, v)
						}
						if quote == "" || v != got {
							quote = strings.TrimLeft(m[0], " ;,.(")
						}
					}
				}
			}
		}
		if len(vals) != 1 || vals[0] == got {
			continue // none printed, or several (the text is not plain about it), or agreement
		}
		p.Report(ptr+"/tracks/"+r.id, fmt.Sprintf("%s %s contradicts the start's text, which prints %s: %q", r.id, num(got), num(vals[0]), clip(quote, 80)),
			"correct the value (or the text); if the data departs from the text on purpose, say so in a notes entry of the start {\"kind\": \"correction\", \"field\": \"tracks/"+r.id+"\"}")
	}
}

// windows returns the stretches of t around each place its lower-case
// form holds label, wide enough for every reader's wording, so the
// regexps run over a few dozen characters, not the whole text.
func windows(t, lower, label string) []string {
	if len(lower) != len(t) {
		if strings.Contains(lower, label) {
			return []string{t} // lower-casing changed byte offsets
		}
		return nil
	}
	var out []string
	for from := 0; ; {
		i := strings.Index(lower[from:], label)
		if i < 0 {
			return out
		}
		i += from
		a, b := max(0, i-48), min(len(t), i+len(label)+48)
		for a > 0 && !utf8.RuneStart(t[a]) {
			a--
		}
		for b < len(t) && !utf8.RuneStart(t[b]) {
			b++
		}
		out = append(out, t[a:b])
		from = i + len(label)
	}
}

func containsF(xs []float64, x float64) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
