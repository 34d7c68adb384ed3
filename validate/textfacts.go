package validate

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
)

// A structured value against the printed text kept beside it (issue 29,
// family 1). One mechanism: read facts (points with their sign and side,
// turns, the side a restriction binds) out of an object's own text, compare
// each with the structured field it restates, and report an unambiguous
// contradiction quoting the text. A deliberate departure (a correction of a
// garbled source) is declared by a notes entry of the object, kind
// "correction", whose field names the structured field (or whose text
// names it); the check reads it and stays silent.

// textFact is one fact read from text, with the words it was read from.
type textFact struct {
	field  string  // the structured field it restates: points, turns, sides
	num    float64 // points, turn
	side   string  // a side id, for sides and for points printed for a side
	quote  string
	signed bool // points printed with an explicit sign
}

var (
	// "+3", "-2", "1", "1/2 VP", "1 VP (Confederate)": a printed points
	// cell; anything else ("+?", "1 VP per BP") states no single value.
	printedPointsRe = regexp.MustCompile(`^\s*([+-])?\s*(\d+(?:\.\d+)?|\d+/\d+)\s*(?:VPs?|Victory Points?)?\s*(?:\(([A-Za-z]+)\))?\s*$`)
	// "+1 Victory Point: Each...", "-2 if the Hooker Leader is KIA."
	leadingPointsRe = regexp.MustCompile(`^\s*([+-])(\d+(?:\.\d+)?)\s*(?:VPs?\b|Victory Points?\b|if\b)`)
	// "on Turn 2", "Turn 4": turns a text names.
	turnRe = regexp.MustCompile(`\b[Tt]urns?\s+(\d+)(?:\s*(?:-|–|to|through|and)\s*(\d+))?\b`)
	// Words that make a turn mention something else than when the effect
	// applies, and the words that must lead one that states it.
	turnQualifier = regexp.MustCompile(`(?i)\b(?:until|after|before|not|except|beginning|starting|later|earlier|prior|each|every|first|last|next|following|previous|by)\b`)
	turnLead      = regexp.MustCompile(`(?i)\b(?:on|in|during|of)\s+$`)
	// "applies only to the Union player", "(Confederate player only)".
	onlySideRe = regexp.MustCompile(`(?i)\bonly\s+(?:to\s+|for\s+)?the\s+([A-Za-z]+)\s+player\b|\(\s*([A-Za-z]+)\s+player\s+only\s*\)`)
)

func parseAmount(s string) (float64, bool) {
	if a, b, ok := strings.Cut(s, "/"); ok {
		x, err1 := strconv.ParseFloat(a, 64)
		y, err2 := strconv.ParseFloat(b, 64)
		if err1 != nil || err2 != nil || y == 0 {
			return 0, false
		}
		return x / y, true
	}
	x, err := strconv.ParseFloat(s, 64)
	return x, err == nil
}

// sideByWord maps a side's id, name and adjective (lower case) to its id.
func (p *Pass) sideByWord(w string) string {
	w = strings.ToLower(w)
	for id, sd := range p.Index.Sides {
		if w == strings.ToLower(id) || w == strings.ToLower(sd.Name) || w == strings.ToLower(sd.Adjective) {
			return id
		}
	}
	return ""
}

// departs reports whether an object's notes declare a departure from its
// text for a field: a correction note naming the field.
func departs(obj *jsonsrc.Node, field string) bool {
	notes := obj.Get("notes")
	if notes == nil || notes.Kind != jsonsrc.Array {
		return false
	}
	for _, n := range notes.Items {
		k := n.Get("kind")
		if k == nil || k.Text != "correction" {
			continue
		}
		if f := n.Get("field"); f != nil && (f.Text == field || strings.HasSuffix(f.Text, "/"+field) || strings.HasSuffix(f.Text, "."+field)) {
			return true
		}
		if t := n.Get("text"); t != nil && strings.Contains(strings.ToLower(t.Text), strings.ToLower(field)) {
			return true
		}
	}
	return false
}

var textMismatch = register(&Check{
	Code:     "text-mismatch",
	Title:    "structured value that contradicts the printed text beside it",
	Doc:      "The data keeps the rulebook's wording beside the structured fields, and the two must agree. Read from the object's own text: a VP line's printed points (\"printedPoints\": \"+3\", \"1 VP (Confederate)\"; a text that opens \"+1 Victory Point:\" or \"-2 if ...\") against its \"points\", sign included, a points value printed for the other side counting against the scoring side; the one turn or span of turns an effect's text names (\"On Turn 2 ...\") against its \"turns\"; the one side a restriction's text binds (\"applies only to the Union player\") against its \"side\"/\"sides\"; a start state's track values (the scenario's and each variant's) against the value its text prints for the track, naming it as game.json's tracks do (the name, its part before a parenthesis, the short form in the parenthesis, the part after a colon, a \"... Track\" without its side word): \"Resource BPs = 97\", \"Box 2 on the Union Posture Track\", \"in the “0” space of the Victory Point Track\", \"on the Command Point Track in the \\\"3\\\" box\" (a text printing two values for one track is not judged); the game-length line against \"turns\" (\"GAME LENGTH: 4 turns\", \"six turns long\"), \"start\" and \"end\" (its first and last dates: \"July 27 - July 30, 1864\", \"February 5-6, 1865\") and \"calendarTurns\" (\"Starts on Turn 4 ... ends ... of Turn 8\"); a start marker's \"turn\" against the one \"(Turn N)\" its text and box print. A contradiction is an error quoting the text. Where the data departs from its text on purpose (a correction of a garbled source), a notes entry of the same object, kind \"correction\", whose field names the structured field (or whose text names it) declares it, and the check stays silent.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		scoring := p.Scenario.Victory.Scoring
		for _, o := range p.objects() {
			if strings.Contains(o.ptr, "/notes/") {
				continue
			}
			p.pointsFacts(o, scoring)
			p.turnFacts(o)
			p.sideFacts(o)
		}
		p.startFacts("/start", p.Scenario.Start)
		p.markerFacts("/start", p.Scenario.Start)
		p.lengthFacts("/length", &p.Scenario.Length, p.Scenario.Notes)
		for i := range p.Scenario.Variants {
			v := &p.Scenario.Variants[i]
			p.startFacts(fmt.Sprintf("/variants/%d/start", i), v.Start)
			p.markerFacts(fmt.Sprintf("/variants/%d/start", i), v.Start)
			p.lengthFacts(fmt.Sprintf("/variants/%d/length", i), v.Length, v.Notes)
		}
	},
})

// pointsFacts compares a VP line's points with its printed points and the
// signed amount its text opens with.
func (p *Pass) pointsFacts(o object, scoring string) {
	n := o.node
	pts := n.Get("points")
	if pts == nil || pts.Kind != jsonsrc.Number || n.Get("text") == nil {
		return
	}
	got, err := strconv.ParseFloat(pts.Text, 64)
	if err != nil || departs(n, "points") {
		return
	}
	owner := scoring
	if s := n.Get("side"); s != nil && s.Kind == jsonsrc.String {
		owner = s.Text
	}
	if k := n.Get("kind"); k != nil && k.Text == "track" {
		p.trackPointsFacts(o, got, owner)
		return
	}
	var facts []textFact
	if pp := n.Get("printedPoints"); pp != nil && pp.Kind == jsonsrc.String {
		if m := printedPointsRe.FindStringSubmatch(pp.Text); m != nil {
			if v, ok := parseAmount(m[2]); ok {
				f := textFact{field: "points", num: v, quote: pp.Text, signed: m[1] != ""}
				if m[1] == "-" {
					f.num = -v
				}
				if m[3] != "" {
					f.side = p.sideByWord(m[3])
				}
				facts = append(facts, f)
			}
		}
	}
	if t := n.Get("text"); t.Kind == jsonsrc.String {
		if m := leadingPointsRe.FindStringSubmatch(t.Text); m != nil {
			if v, ok := parseAmount(m[2]); ok {
				if m[1] == "-" {
					v = -v
				}
				facts = append(facts, textFact{field: "points", num: v, quote: clip(t.Text, 60), signed: true})
			}
		}
	}
	for _, f := range facts {
		want := f.num
		if f.side != "" && owner != "" && f.side != owner {
			want = -want // printed for the other side: it counts against the scoring side
		}
		if !f.signed && f.side == "" && math.Abs(got) == math.Abs(want) {
			continue // an unsigned amount: the sign is the line's wording, not the cell's
		}
		if got != want {
			p.Report(o.ptr+"/points", fmt.Sprintf("points %v contradict the printed %q, which gives %v", got, f.quote, want),
				"correct points (or the printed text); if the data departs from the text on purpose, say so in a notes entry {\"kind\": \"correction\", \"field\": \"points\"}")
			return
		}
	}
}

// turnFacts compares an effect's turns with the one turn or span its own
// text names or, when its text names none, the title of the special rule
// it belongs to ("Turn 1 Restriction").
func (p *Pass) turnFacts(o object) {
	n := o.node
	turns, t := n.Get("turns"), n.Get("text")
	if turns == nil || turns.Kind != jsonsrc.Object || departs(n, "turns") {
		return
	}
	if t == nil || t.Kind == jsonsrc.String && !strings.Contains(t.Text, "urn") && !strings.Contains(t.Text, "URN") {
		i := strings.Index(o.ptr, "/effects/")
		if i < 0 || !strings.HasPrefix(o.ptr, "/specialRules/") {
			return
		}
		rule, _ := p.Doc.Root.Lookup(o.ptr[:i])
		title := rule.Get("title")
		if title == nil || title.Kind != jsonsrc.String {
			return
		}
		m := titleTurnRe.FindStringSubmatch(title.Text)
		if m == nil {
			return
		}
		from, _ := strconv.Atoi(m[1])
		to := from
		if m[2] != "" {
			to, _ = strconv.Atoi(m[2])
		}
		p.compareTurns(o, turns, from, to, strings.TrimSpace(m[0]), "the title of its special rule: "+strconv.Quote(title.Text))
		return
	}
	if t.Kind != jsonsrc.String {
		return
	}
	ms := turnRe.FindAllStringSubmatchIndex(t.Text, -1)
	if len(ms) != 1 || !turnLead.MatchString(t.Text[:ms[0][0]]) {
		return // none, several, or not "on/in/during/of Turn N"
	}
	text := t.Text
	// "until Turn 2", "but not on Turn 1", "Turn 3 and later": the words
	// about the mention make it something else than when the effect applies.
	if turnQualifier.MatchString(lastWords(text[:ms[0][0]], 3)) || turnAfter.MatchString(text[ms[0][1]:]) {
		return
	}
	from, _ := strconv.Atoi(text[ms[0][2]:ms[0][3]])
	to := from
	if ms[0][4] >= 0 {
		to, _ = strconv.Atoi(text[ms[0][4]:ms[0][5]])
	}
	p.compareTurns(o, turns, from, to, strings.TrimSpace(text[ms[0][0]:ms[0][1]]), "the text: "+strconv.Quote(clip(text, 80)))
}

// turnAfter: words after a turn mention that make it a bound.
var turnAfter = regexp.MustCompile(`(?i)^\s*(?:,\s*)?(?:and|or|onwards?|on\b|through|until|to\b|thereafter|after|before|-|–)`)

// lastWords returns the last n words of s.
func lastWords(s string, n int) string {
	w := strings.Fields(s)
	if len(w) > n {
		w = w[len(w)-n:]
	}
	return strings.Join(w, " ")
}

// titleTurnRe reads the turns a special rule's title opens with: "Turn 1
// Restriction", "Turns 1-2 Impassable Hexes".
var titleTurnRe = regexp.MustCompile(`^Turns?\s+(\d+)(?:\s*(?:-|–|and|&)\s*(\d+))?\b`)

// compareTurns reports turns that leave out the span [from, to] a text
// names.
func (p *Pass) compareTurns(o object, turns *jsonsrc.Node, from, to int, named, where string) {
	num := func(k string) (int, bool) {
		v := turns.Get(k)
		if v == nil {
			return 0, false
		}
		i, err := strconv.Atoi(v.Text)
		return i, err == nil
	}
	gf, okF := num("from")
	gt, okT := num("to")
	// "Turn 2" and "until Turn 5" both name a turn; only a turn outside the
	// structured span contradicts it.
	inside := func(x int) bool { return (!okF || x >= gf) && (!okT || x <= gt) }
	if inside(from) && inside(to) {
		return
	}
	// A text may name the calendar's turn ("Turn 6" of the 1862 scenario,
	// which starts on Turn 4) where turns count the scenario's own.
	if ct := p.Scenario.Length.CalendarTurns; ct != nil && ct.First > 1 {
		if d := ct.First - 1; inside(from-d) && inside(to-d) {
			return
		}
	}
	p.Report(o.ptr+"/turns", fmt.Sprintf("turns %s contradict %s, which names %s", spanText(gf, okF, gt, okT), where, named),
		"correct turns (or the text); if the data departs from the text on purpose, say so in a notes entry {\"kind\": \"correction\", \"field\": \"turns\"}")
}

func spanText(from int, okF bool, to int, okT bool) string {
	switch {
	case okF && okT && from == to:
		return strconv.Itoa(from)
	case okF && okT:
		return fmt.Sprintf("%d-%d", from, to)
	case okF:
		return fmt.Sprintf("from %d", from)
	case okT:
		return fmt.Sprintf("to %d", to)
	}
	return "(none)"
}

// sideFacts compares the sides an object binds with the one side its text
// says it applies to only.
func (p *Pass) sideFacts(o object) {
	n := o.node
	t := n.Get("text")
	if t == nil || t.Kind != jsonsrc.String || !strings.Contains(t.Text, "nly") && !strings.Contains(t.Text, "NLY") {
		return
	}
	key, v := "sides", n.Get("sides")
	if v == nil {
		key, v = "side", n.Get("side")
	}
	if v == nil || departs(n, "sides") || departs(n, "side") {
		return
	}
	ms := onlySideRe.FindAllStringSubmatch(t.Text, -1)
	if len(ms) != 1 {
		return
	}
	word := ms[0][1] + ms[0][2]
	only := p.sideByWord(word)
	if only == "" {
		return
	}
	var got []string
	switch v.Kind {
	case jsonsrc.String:
		got = []string{v.Text}
	case jsonsrc.Array:
		for _, it := range v.Items {
			got = append(got, it.Text)
		}
	}
	if len(got) == 1 && got[0] == only {
		return
	}
	p.Report(o.ptr+"/"+key, fmt.Sprintf("%s %s contradict the text, which binds only the %s player: %q", key, strings.Join(got, ", "), word, clip(ms[0][0], 60)),
		fmt.Sprintf("set %s to %q (or correct the text); a deliberate departure is declared by a notes entry {\"kind\": \"correction\", \"field\": %q}", key, only, key))
}

// printedSideRe reads the side a printed points cell ends with: "3 VPs
// (Confederate)", "2 VPs per Northern Objective Hex (Confederate)".
var printedSideRe = regexp.MustCompile(`\(([A-Za-z]+)\)\s*$`)

// trackPointsFacts judges a track line: its points multiply the track's
// value, so the printed cell gives the sign (a side's VPs count against
// the other side), and its amount only where the track counts something
// else than VPs ("1/2 VP" for each Blockade DRM point).
func (p *Pass) trackPointsFacts(o object, got float64, owner string) {
	n := o.node
	pp := n.Get("printedPoints")
	if pp == nil || pp.Kind != jsonsrc.String || got == 0 {
		return
	}
	negative := strings.HasPrefix(strings.TrimSpace(pp.Text), "-")
	if m := printedSideRe.FindStringSubmatch(pp.Text); m != nil {
		if sd := p.sideByWord(m[1]); sd != "" && owner != "" && sd != owner {
			negative = !negative
		}
	}
	if (got < 0) != negative {
		why := fmt.Sprintf("VPs printed for the %s side count for it, so points must be positive", owner)
		if negative {
			why = fmt.Sprintf("VPs printed for another side than %s count against it, so points must be negative", owner)
		}
		p.Report(o.ptr+"/points", fmt.Sprintf("points %v contradict the printed %q: %s", got, pp.Text, why),
			"correct the sign of points (or the printed text); if the data departs from the text on purpose, say so in a notes entry {\"kind\": \"correction\", \"field\": \"points\"}")
		return
	}
	tr := n.Get("track")
	if tr == nil || p.Index.Tracks[tr.Text] == nil {
		return
	}
	if strings.Contains(p.Index.Tracks[tr.Text].Name, "VP") {
		// A VP track holds the points already ("1 VP per BP" is how the
		// track accrues): each of its points is one VP.
		if math.Abs(got) != 1 {
			p.Report(o.ptr+"/points", fmt.Sprintf("points %v on the VP track %s: the track holds the VPs the printed %q awards, so each of its points counts 1 (or -1 against the scoring side)", got, tr.Text, pp.Text),
				"set points to 1 or -1; if the data departs from the text on purpose, say so in a notes entry {\"kind\": \"correction\", \"field\": \"points\"}")
		}
		return
	}
	m := printedPointsRe.FindStringSubmatch(pp.Text)
	if m == nil {
		return
	}
	if v, ok := parseAmount(m[2]); ok && math.Abs(got) != v {
		p.Report(o.ptr+"/points", fmt.Sprintf("points %v contradict the printed %q, which gives %v for each point of the track %s", got, pp.Text, v, tr.Text),
			"correct points (or the printed text); if the data departs from the text on purpose, say so in a notes entry {\"kind\": \"correction\", \"field\": \"points\"}")
	}
}
