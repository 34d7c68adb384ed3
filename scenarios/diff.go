package scenarios

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A semantic diff of two versions of a scenario, for errata sheets. It
// compares the decoded model, never the text, so key order, whitespace and
// number spelling (1 vs 1.0) make no difference.

// Sections of a diff, in the order Diff reports them.
const (
	SectionScenario     = "scenario"
	SectionLength       = "length"
	SectionMaps         = "maps"
	SectionStart        = "start"
	SectionSetup        = "setup"
	SectionSpecialRules = "special-rules"
	SectionVictory      = "victory"
	SectionLevels       = "levels"
	SectionVariants     = "variants"
	SectionOptions      = "options"
)

// Kinds of change.
const (
	ChangeAdded   = "added"
	ChangeRemoved = "removed"
	ChangeMoved   = "moved"
	ChangeChanged = "changed"
)

// Change is one difference between two versions of a scenario. Section,
// Kind, Subject and Field identify it; Old and New carry the values as
// plain JSON values (nil when absent); Text is the errata line, without
// the side, which a writer prints from Side.
type Change struct {
	Section string `json:"section"`
	Kind    string `json:"kind"`
	// Side is the side id of a setup row or table, or of a VP line that
	// names one.
	Side string `json:"side,omitempty"`
	// Subject names what changed: a unit id, "marker@hex" for a marker
	// row, a special rule's number (else title), a VP line's id (else its
	// text), a victory level's name.
	Subject string `json:"subject,omitempty"`
	// Field is the changed field as a path (manpower, states.entrenchment,
	// entry.turn, effects[0].turns.to); empty for whole-item changes.
	Field string `json:"field,omitempty"`
	Old   any    `json:"old,omitempty"`
	New   any    `json:"new,omitempty"`
	Text  string `json:"text"`
}

// Diff lists the differences from old to new, grouped by section in a
// fixed order and, within a section, in the order of old then new.
func Diff(old, new *Scenario) []Change {
	d := &differ{}
	d.scenario(old, new)
	d.leaves(SectionLength, "", "", "Length", nil, generic(old.Length), generic(new.Length))
	d.leaves(SectionMaps, "", "", "Maps", nil, generic(old.Maps), generic(new.Maps))
	d.leaves(SectionStart, "", "", "Start", nil, generic(old.Start), generic(new.Start))
	d.setup(old.Setup, new.Setup)
	d.specialRules(old.SpecialRules, new.SpecialRules)
	d.victory(&old.Victory, &new.Victory)
	d.levels(old.Victory.Levels, new.Victory.Levels)
	d.leaves(SectionVariants, "", "", "Variants", nil, byID(old.Variants, func(v Variant) string { return v.ID }), byID(new.Variants, func(v Variant) string { return v.ID }))
	d.leaves(SectionOptions, "", "", "Options", nil, byID(old.Options, func(o Option) string { return o.ID }), byID(new.Options, func(o Option) string { return o.ID }))
	return d.out
}

type differ struct{ out []Change }

func (d *differ) add(c Change) { d.out = append(d.out, c) }

// scenario compares the scenario's own fields: id, title, source,
// background, notes.
func (d *differ) scenario(old, new *Scenario) {
	strip := func(s *Scenario) any {
		c := *s
		c.Maps, c.Length, c.Start, c.Setup, c.SpecialRules = ScenarioMaps{}, Length{}, nil, nil, nil
		c.Victory, c.Variants, c.Options = Victory{}, nil, nil
		return generic(c)
	}
	d.leaves(SectionScenario, "", "", "Scenario", nil, strip(old), strip(new))
}

// leaves reports each leaf of a and b (plain JSON values) that differs,
// one change per leaf, as "<label>: <path> <old> -> <new>".
func (d *differ) leaves(section, side, subject, label string, path []string, a, b any) {
	for _, l := range eachNote(leafDiff(path, a, b)) {
		field := joinPath(l.path)
		what := noteNames.ReplaceAllStringFunc(field, func(m string) string {
			sub := noteNames.FindStringSubmatch(m)
			i, _ := strconv.Atoi(sub[2])
			return strings.Replace(sub[1], ".", " ", 1) + "note " + strconv.Itoa(i+1) + strings.Replace(sub[3], ".", " ", 1)
		})
		show := show
		if isNote(l.path) {
			show = showNote
		}
		switch {
		case what == "":
			what = "value"
		case what == "states":
			what = "starting states"
		case strings.HasPrefix(what, "states."):
			what = "starting state " + strings.TrimPrefix(what, "states.")
		case strings.HasPrefix(what, "footnotes."):
			what = "footnote " + strings.TrimPrefix(what, "footnotes.")
		}
		c := Change{Section: section, Kind: ChangeChanged, Side: side, Subject: subject, Field: field, Old: l.old, New: l.new}
		switch {
		case l.old == nil:
			c.Kind = ChangeAdded
			c.Text = fmt.Sprintf("%s: %s added: %s", label, what, show(l.new))
		case l.new == nil:
			c.Kind = ChangeRemoved
			c.Text = fmt.Sprintf("%s: %s removed (was %s)", label, what, show(l.old))
		default:
			c.Text = fmt.Sprintf("%s: %s %s -> %s", label, what, show(l.old), show(l.new))
		}
		d.add(c)
	}
}

// noteNames finds "notes[i]" in a field path, which a change line names
// "note i+1" ("notes[0].text" is "note 1 text", "footnotes.&.notes[0]"
// "footnote & note 1").
var noteNames = regexp.MustCompile(`(\.?)\bnotes\[(\d+)\](\.?)`)

// isNote reports whether path names one note of a notes list.
func isNote(path []string) bool {
	n := len(path)
	return n >= 2 && path[n-2] == "notes" && strings.HasPrefix(path[n-1], "[")
}

// eachNote splits a notes list added or removed whole into one leaf per
// note, so each is shown as a note, not as the list's JSON.
func eachNote(ls []leaf) []leaf {
	var out []leaf
	for _, l := range ls {
		n := len(l.path)
		_, oldList := l.old.([]any)
		_, newList := l.new.([]any)
		if n == 0 || l.path[n-1] != "notes" || !(oldList && l.new == nil || newList && l.old == nil) {
			out = append(out, l)
			continue
		}
		orEmpty := func(v any) any {
			if v == nil {
				return []any{}
			}
			return v
		}
		out = append(out, leafDiff(l.path, orEmpty(l.old), orEmpty(l.new))...)
	}
	return out
}

// showNote prints a note for an errata line as its fields read: its kind,
// its whole text (most run past the 100 characters show keeps of a text),
// then what was printed, the field it concerns, its source and anything
// else: correction: "..." (printed "3 turns"; field length.turns; source
// rules, lines 12).
func showNote(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return show(v)
	}
	text := show(m["text"])
	if t, ok := m["text"].(string); ok {
		text = strconv.Quote(t)
	}
	if kind, ok := m["kind"].(string); ok {
		text = kind + ": " + text
	}
	var more []string
	for _, k := range sortedFields(m, "printed", "field", "source") {
		switch k {
		case "kind", "text":
		case "source":
			src, ok := m[k].(map[string]any)
			if !ok {
				more = append(more, "source "+nested(m[k]))
				continue
			}
			var ref []string
			for _, f := range sortedFields(src, "document", "section", "lines") {
				if f == "document" {
					ref = append(ref, show(src[f]))
				} else {
					ref = append(ref, f+" "+nested(src[f]))
				}
			}
			more = append(more, "source "+strings.Join(ref, ", "))
		default:
			more = append(more, k+" "+nested(m[k]))
		}
	}
	if len(more) > 0 {
		text += " (" + strings.Join(more, "; ") + ")"
	}
	return text
}

// sortedFields lists the keys of m: first those of first that it has, in
// that order, then the others by name.
func sortedFields(m map[string]any, first ...string) []string {
	var out, rest []string
	for _, k := range first {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	for k := range m {
		if !slices.Contains(first, k) {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// ---- setup ----

// placedRow is a setup row with what it gets from its table.
type placedRow struct {
	side   string
	row    SetupRow
	states any // plain JSON: footnote states by mark, then the row's own
}

func (p placedRow) key() string {
	r := p.row
	switch {
	case r.Unit != "":
		return r.Unit
	case r.Marker != "":
		return r.Marker + "@" + firstNonEmpty(r.Hex, r.Box, r.Place)
	}
	return "name:" + r.Name
}

func (p placedRow) label() string {
	r := p.row
	switch {
	case r.Unit != "":
		return fmt.Sprintf("%s (%s)", r.Name, r.Unit)
	case r.Marker != "":
		return fmt.Sprintf("%s (%s at %s)", r.Name, r.Marker, firstNonEmpty(r.Hex, r.Box, r.Place))
	}
	return r.Name
}

// location is where a row sets up, as an errata sheet prints it.
func (p placedRow) location() string {
	r := p.row
	var s string
	switch {
	case r.Hex != "":
		s = r.Hex
		if r.Place != "" {
			s += " (" + r.Place + ")"
		}
	case r.Box != "":
		s = "box " + r.Box
	case r.Place != "":
		s = r.Place
	}
	if r.Placement != nil {
		s = strings.TrimSpace(s + " placed " + r.Placement.Text)
	}
	if s == "" && r.Entry != nil {
		s = "a deferred entry"
	}
	if s == "" {
		s = "nowhere"
	}
	return s
}

// rowStates resolves a row's marks through its table's footnotes and adds
// the row's own states, which win.
func rowStates(t *SetupTable, r *SetupRow) any {
	st := map[string]any{}
	for _, sym := range splitMarks(r.Marks, t.Footnotes) {
		for _, f := range t.Footnotes {
			if f.Symbol == sym {
				for k, v := range f.States {
					st[k] = v
				}
			}
		}
	}
	for k, v := range r.States {
		st[k] = v
	}
	return generic(st)
}

// splitMarks cuts printed marks into footnote symbols, longest symbol
// first; a character no footnote declares stands for itself.
func splitMarks(marks string, fns []Footnote) []string {
	syms := make([]string, 0, len(fns))
	for _, f := range fns {
		if f.Symbol != "" {
			syms = append(syms, f.Symbol)
		}
	}
	sort.Slice(syms, func(i, j int) bool { return len(syms[i]) > len(syms[j]) })
	var out []string
	for marks != "" {
		n := 0
		for _, s := range syms {
			if strings.HasPrefix(marks, s) {
				n = len(s)
				break
			}
		}
		if n == 0 {
			_, n = utf8.DecodeRuneInString(marks)
		}
		out = append(out, marks[:n])
		marks = marks[n:]
	}
	return out
}

func flattenRows(tables []SetupTable) (keys []string, rows map[string]placedRow) {
	rows = map[string]placedRow{}
	next := map[string]int{} // a repeated key: the occurrence number to try next
	for ti := range tables {
		t := &tables[ti]
		for ri := range t.Rows {
			r := t.Rows[ri]
			p := placedRow{side: t.Side, row: r, states: rowStates(t, &r)}
			base := p.key()
			k := base
			// A key seen before (the same marker twice in a hex) gets its
			// occurrence number, so the n-th matches the n-th. The count
			// goes on from the last one given, so 20,000 identical rows
			// cost 20,000 steps, not 200 million.
			if hasKey(rows, k) {
				n := max(next[base], 2)
				for k = base + "#" + strconv.Itoa(n); hasKey(rows, k); k = base + "#" + strconv.Itoa(n) {
					n++
				}
				next[base] = n + 1
			}
			keys = append(keys, k)
			rows[k] = p
		}
	}
	return keys, rows
}

func hasKey[V any](m map[string]V, k string) bool { _, ok := m[k]; return ok }

func (d *differ) setup(old, new []SetupTable) {
	d.setupTables(old, new)
	oldKeys, oldRows := flattenRows(old)
	newKeys, newRows := flattenRows(new)
	for _, k := range oldKeys {
		o := oldRows[k]
		n, ok := newRows[k]
		if !ok {
			d.add(Change{Section: SectionSetup, Kind: ChangeRemoved, Side: o.side, Subject: k, Old: generic(o.row),
				Text: fmt.Sprintf("%s removed (was at %s)", o.label(), o.location())})
			continue
		}
		d.row(k, o, n)
	}
	for _, k := range newKeys {
		if _, ok := oldRows[k]; ok {
			continue
		}
		n := newRows[k]
		d.add(Change{Section: SectionSetup, Kind: ChangeAdded, Side: n.side, Subject: k, New: generic(n.row),
			Text: fmt.Sprintf("%s added at %s", n.label(), n.location())})
	}
}

// setupTables compares the tables themselves (titles, footnote legends,
// notes), matched by side and their order within the side.
func (d *differ) setupTables(old, new []SetupTable) {
	type tbl struct {
		side string
		t    SetupTable
	}
	index := func(ts []SetupTable) (keys []string, m map[string]tbl) {
		m = map[string]tbl{}
		seen := map[string]int{}
		for _, t := range ts {
			seen[t.Side]++
			k := t.Side
			if seen[t.Side] > 1 {
				k += "#" + strconv.Itoa(seen[t.Side])
			}
			keys = append(keys, k)
			m[k] = tbl{t.Side, t}
		}
		return keys, m
	}
	strip := func(t SetupTable) any {
		t.Rows = nil
		fns := map[string]any{}
		for _, f := range t.Footnotes {
			fns[f.Symbol] = generic(f)
		}
		t.Footnotes = nil
		g, _ := generic(t).(map[string]any)
		if g == nil {
			g = map[string]any{}
		}
		if len(fns) > 0 {
			g["footnotes"] = fns
		}
		return normalize(g)
	}
	oldKeys, om := index(old)
	newKeys, nm := index(new)
	for _, k := range oldKeys {
		o := om[k]
		n, ok := nm[k]
		title := firstNonEmpty(o.t.Title, k)
		if !ok {
			d.add(Change{Section: SectionSetup, Kind: ChangeRemoved, Side: o.side, Subject: "table:" + k,
				Text: fmt.Sprintf("Set-up table '%s' removed", title)})
			continue
		}
		d.leaves(SectionSetup, o.side, "table:"+k, fmt.Sprintf("Set-up table '%s'", title), nil, strip(o.t), strip(n.t))
	}
	for _, k := range newKeys {
		if _, ok := om[k]; !ok {
			n := nm[k]
			d.add(Change{Section: SectionSetup, Kind: ChangeAdded, Side: n.side, Subject: "table:" + k,
				Text: fmt.Sprintf("Set-up table '%s' added", firstNonEmpty(n.t.Title, k))})
		}
	}
}

func (d *differ) row(key string, o, n placedRow) {
	label := o.label()
	emit := func(field string, ov, nv any, text string) {
		d.add(Change{Section: SectionSetup, Kind: ChangeChanged, Side: n.side, Subject: key, Field: field, Old: ov, New: nv, Text: text})
	}
	if o.side != n.side {
		emit("side", o.side, n.side, fmt.Sprintf("%s: side %s -> %s", label, o.side, n.side))
	}
	if ol, nl := o.location(), n.location(); ol != nl {
		d.add(Change{Section: SectionSetup, Kind: ChangeMoved, Side: n.side, Subject: key, Field: "location",
			Old: ol, New: nl, Text: fmt.Sprintf("%s moved from %s to %s", label, ol, nl)})
	}
	if o.row.Name != n.row.Name {
		emit("name", o.row.Name, n.row.Name, fmt.Sprintf("%s: name %s -> %s", label, o.row.Name, n.row.Name))
	}
	if om, nm := intOrNil(o.row.Manpower), intOrNil(n.row.Manpower); !reflect.DeepEqual(om, nm) {
		emit("manpower", om, nm, fmt.Sprintf("%s: manpower %s -> %s", label, show(om), show(nm)))
	}
	for _, f := range []struct{ name, o, n string }{
		{"marks", o.row.Marks, n.row.Marks},
		{"size", o.row.Size, n.row.Size},
		{"command", o.row.Command, n.row.Command},
		{"type", o.row.Type, n.row.Type},
	} {
		if f.o != f.n {
			emit(f.name, strOrNil(f.o), strOrNil(f.n), fmt.Sprintf("%s: %s %s -> %s", label, f.name, show(strOrNil(f.o)), show(strOrNil(f.n))))
		}
	}
	d.leaves(SectionSetup, n.side, key, label, []string{"states"}, o.states, n.states)
	d.leaves(SectionSetup, n.side, key, label, []string{"entry"}, generic(o.row.Entry), generic(n.row.Entry))
	// Whatever else the row carries (notes, the placement's filters).
	rest := func(r SetupRow) any {
		r.Name, r.Unit, r.Marker, r.Size, r.Command, r.Type, r.Manpower, r.Marks = "", "", "", "", "", "", nil, ""
		r.Hex, r.Place, r.Box, r.Entry, r.States = "", "", "", nil, nil
		if r.Placement != nil {
			p := *r.Placement
			p.Text = ""
			r.Placement = &p
		}
		return generic(r)
	}
	d.leaves(SectionSetup, n.side, key, label, nil, rest(o.row), rest(n.row))
}

// ---- special rules ----

func ruleLabel(r *SpecialRule) string {
	if r.Number != "" {
		return fmt.Sprintf("Special rule %s '%s'", r.Number, r.Title)
	}
	return fmt.Sprintf("Special rule '%s'", r.Title)
}

func ruleSubject(r *SpecialRule) string { return firstNonEmpty(r.Number, r.Title) }

func (d *differ) specialRules(old, new []SpecialRule) {
	pairs, removed, added := match(len(old), len(new),
		func(i, j int) bool { return old[i].Number != "" && old[i].Number == new[j].Number },
		func(i, j int) bool { return old[i].Title == new[j].Title })
	for _, i := range removed {
		r := &old[i]
		d.add(Change{Section: SectionSpecialRules, Kind: ChangeRemoved, Subject: ruleSubject(r), Old: generic(*r), Text: ruleLabel(r) + " removed"})
	}
	for _, p := range pairs {
		o, n := &old[p[0]], &new[p[1]]
		d.leaves(SectionSpecialRules, "", ruleSubject(n), ruleLabel(o), nil, generic(*o), generic(*n))
	}
	for _, j := range added {
		r := &new[j]
		d.add(Change{Section: SectionSpecialRules, Kind: ChangeAdded, Subject: ruleSubject(r), New: generic(*r), Text: ruleLabel(r) + " added: " + clip(r.Text, 100)})
	}
}

// match pairs old items 0..no-1 with new items 0..nn-1 by each predicate
// in turn (samePosition last where position may decide). It returns the
// pairs in old order and the unmatched indexes.
func samePosition(i, j int) bool { return i == j }

func match(no, nn int, preds ...func(i, j int) bool) (pairs [][2]int, removed, added []int) {
	om := make([]int, no)
	nmatched := make([]bool, nn)
	for i := range om {
		om[i] = -1
	}
	for _, pred := range preds {
		for i := range om {
			if om[i] >= 0 {
				continue
			}
			for j := 0; j < nn; j++ {
				if !nmatched[j] && pred(i, j) {
					om[i], nmatched[j] = j, true
					break
				}
			}
		}
	}
	for i, j := range om {
		if j < 0 {
			removed = append(removed, i)
		} else {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	for j, ok := range nmatched {
		if !ok {
			added = append(added, j)
		}
	}
	return pairs, removed, added
}

// ---- victory ----

// flatAward is a VP line with its place in the award tree ("2" or "0.1"
// for the second line of the first award).
type flatAward struct {
	pos   string
	award Award
}

func flattenAwards(prefix string, as []Award, out []flatAward) []flatAward {
	for i, a := range as {
		pos := strconv.Itoa(i)
		if prefix != "" {
			pos = prefix + "." + pos
		}
		lines := a.Lines
		a.Lines = nil
		out = append(out, flatAward{pos, a})
		out = flattenAwards(pos, lines, out)
	}
	return out
}

func awardLabel(a *Award) string { return fmt.Sprintf("VP line '%s'", clip(a.Text, 60)) }

func awardSubject(a *Award) string { return firstNonEmpty(a.ID, clip(a.Text, 60)) }

func pointsText(a *Award) string {
	switch {
	case a.Points != nil:
		return strconv.FormatFloat(*a.Points, 'g', -1, 64) + " VP"
	case a.PrintedPoints != "":
		return a.PrintedPoints + " VP"
	}
	return "no points"
}

func (d *differ) victory(old, new *Victory) {
	strip := func(v Victory) any {
		v.Awards, v.Automatic, v.Levels = nil, nil, nil
		return generic(v)
	}
	d.leaves(SectionVictory, "", "", "Victory", nil, strip(*old), strip(*new))

	oa, na := flattenAwards("", old.Awards, nil), flattenAwards("", new.Awards, nil)
	// Lines that both carry ids match by id alone; the others by text,
	// then by place in the award tree when of the same kind.
	noIDs := func(i, j int) bool { return oa[i].award.ID == "" || na[j].award.ID == "" }
	pairs, removed, added := match(len(oa), len(na),
		func(i, j int) bool { return oa[i].award.ID != "" && oa[i].award.ID == na[j].award.ID },
		func(i, j int) bool { return noIDs(i, j) && oa[i].award.Text == na[j].award.Text },
		func(i, j int) bool {
			return oa[i].award.ID == "" && na[j].award.ID == "" && oa[i].pos == na[j].pos && oa[i].award.Kind == na[j].award.Kind
		})
	for _, i := range removed {
		a := &oa[i].award
		d.add(Change{Section: SectionVictory, Kind: ChangeRemoved, Side: a.Side, Subject: awardSubject(a), Old: generic(*a),
			Text: fmt.Sprintf("%s removed (was %s)", awardLabel(a), pointsText(a))})
	}
	for _, p := range pairs {
		o, n := &oa[p[0]].award, &na[p[1]].award
		label := awardLabel(o)
		if !reflect.DeepEqual(floatOrNil(o.Points), floatOrNil(n.Points)) || o.PrintedPoints != n.PrintedPoints {
			d.add(Change{Section: SectionVictory, Kind: ChangeChanged, Side: n.Side, Subject: awardSubject(n), Field: "points",
				Old: pointsValue(o), New: pointsValue(n), Text: fmt.Sprintf("%s: %s -> %s", label, pointsText(o), pointsText(n))})
		}
		strip := func(a Award) any {
			a.Points, a.PrintedPoints = nil, ""
			return generic(a)
		}
		d.leaves(SectionVictory, n.Side, awardSubject(n), label, nil, strip(*o), strip(*n))
	}
	for _, j := range added {
		a := &na[j].award
		d.add(Change{Section: SectionVictory, Kind: ChangeAdded, Side: a.Side, Subject: awardSubject(a), New: generic(*a),
			Text: fmt.Sprintf("%s added: %s", awardLabel(a), pointsText(a))})
	}

	ou, nu := old.Automatic, new.Automatic
	apairs, aremoved, aadded := match(len(ou), len(nu), func(i, j int) bool { return ou[i].Text == nu[j].Text }, samePosition)
	autoLabel := func(a *Automatic) string { return fmt.Sprintf("Automatic result '%s'", clip(a.Text, 60)) }
	for _, i := range aremoved {
		d.add(Change{Section: SectionVictory, Kind: ChangeRemoved, Subject: clip(ou[i].Text, 60), Old: generic(ou[i]), Text: autoLabel(&ou[i]) + " removed"})
	}
	for _, p := range apairs {
		d.leaves(SectionVictory, "", clip(nu[p[1]].Text, 60), autoLabel(&ou[p[0]]), nil, generic(ou[p[0]]), generic(nu[p[1]]))
	}
	for _, j := range aadded {
		d.add(Change{Section: SectionVictory, Kind: ChangeAdded, Subject: clip(nu[j].Text, 60), New: generic(nu[j]), Text: autoLabel(&nu[j]) + " added"})
	}
}

func pointsValue(a *Award) any {
	m := map[string]any{}
	if a.Points != nil {
		m["points"] = *a.Points
	}
	if a.PrintedPoints != "" {
		m["printedPoints"] = a.PrintedPoints
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

func (d *differ) levels(old, new *Levels) {
	var ob, nb []Band
	strip := func(l *Levels) any {
		if l == nil {
			return nil
		}
		c := *l
		c.Bands = nil
		return generic(c)
	}
	if old != nil {
		ob = old.Bands
	}
	if new != nil {
		nb = new.Bands
	}
	d.leaves(SectionLevels, "", "", "Victory levels", nil, strip(old), strip(new))
	pairs, removed, added := match(len(ob), len(nb), func(i, j int) bool { return ob[i].Level == nb[j].Level }, samePosition)
	bandLabel := func(b *Band) string { return fmt.Sprintf("Level '%s'", b.Level) }
	for _, i := range removed {
		d.add(Change{Section: SectionLevels, Kind: ChangeRemoved, Side: ob[i].Winner, Subject: ob[i].Level, Old: generic(ob[i]),
			Text: fmt.Sprintf("%s removed (was %s)", bandLabel(&ob[i]), bandRange(&ob[i]))})
	}
	for _, p := range pairs {
		o, n := &ob[p[0]], &nb[p[1]]
		d.leaves(SectionLevels, n.Winner, n.Level, bandLabel(o), nil, generic(*o), generic(*n))
	}
	for _, j := range added {
		d.add(Change{Section: SectionLevels, Kind: ChangeAdded, Side: nb[j].Winner, Subject: nb[j].Level, New: generic(nb[j]),
			Text: fmt.Sprintf("%s added: %s", bandLabel(&nb[j]), bandRange(&nb[j]))})
	}
}

func bandRange(b *Band) string {
	var parts []string
	if b.Min != nil {
		parts = append(parts, "min "+show(*b.Min))
	}
	if b.Max != nil {
		parts = append(parts, "max "+show(*b.Max))
	}
	if b.Under != nil {
		parts = append(parts, "under "+show(*b.Under))
	}
	if len(parts) == 0 {
		return "no thresholds"
	}
	return strings.Join(parts, ", ")
}

// ---- plain JSON values ----

// generic turns a model value into plain JSON values (maps, slices,
// float64, string, bool) with empty objects, arrays and nulls dropped, so
// a field left out and a field given empty compare equal.
func generic(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var g any
	if json.Unmarshal(b, &g) != nil {
		return nil
	}
	return normalize(g)
}

func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if e = normalize(e); e == nil {
				delete(x, k)
			} else {
				x[k] = e
			}
		}
		if len(x) == 0 {
			return nil
		}
	case []any:
		if len(x) == 0 {
			return nil
		}
		for i := range x {
			x[i] = normalize(x[i])
		}
	}
	return v
}

// byID keys a list by id so items match by id, not position.
func byID[T any](items []T, id func(T) string) any {
	m := map[string]any{}
	for _, it := range items {
		m[id(it)] = generic(it)
	}
	return normalize(m)
}

type leaf struct {
	path     []string
	old, new any
}

// leafDiff lists the differing leaves of two plain JSON values; an object
// or array present on one side only is one leaf.
func leafDiff(path []string, a, b any) []leaf {
	if reflect.DeepEqual(a, b) {
		return nil
	}
	// At the top, an object present on one side only is compared key by
	// key against an empty one: a start state given is one line per key.
	if len(path) == 0 {
		if _, ok := b.(map[string]any); ok && a == nil {
			a = map[string]any{}
		}
		if _, ok := a.(map[string]any); ok && b == nil {
			b = map[string]any{}
		}
	}
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		var out []leaf
		for _, k := range keys {
			out = append(out, leafDiff(append(path[:len(path):len(path)], k), x[k], y[k])...)
		}
		return out
	case []any:
		y, ok := b.([]any)
		if !ok {
			break
		}
		var out []leaf
		for i := 0; i < max(len(x), len(y)); i++ {
			var ea, eb any
			if i < len(x) {
				ea = x[i]
			}
			if i < len(y) {
				eb = y[i]
			}
			out = append(out, leafDiff(append(path[:len(path):len(path)], "["+strconv.Itoa(i)+"]"), ea, eb)...)
		}
		return out
	}
	return []leaf{{path, a, b}}
}

func joinPath(p []string) string {
	var b strings.Builder
	for _, s := range p {
		if b.Len() > 0 && !strings.HasPrefix(s, "[") {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// show prints a plain JSON value for an errata line: numbers as written
// by hand (10, 2.5), short words bare, text quoted and clipped, an object
// as its fields (sheet otr-north, part all) and a list as its items, both
// clipped, a note as a note (never the JSON of any of them).
func show(v any) string {
	switch x := v.(type) {
	case nil:
		return "none"
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	case string:
		if x != "" && len(x) <= 40 && !strings.ContainsAny(x, " \t\n\"") {
			return x
		}
		return strconv.Quote(clip(x, 100))
	case []any:
		parts := make([]string, len(x))
		sep := ", "
		for i, e := range x {
			parts[i] = nested(e)
			if _, ok := e.(map[string]any); ok {
				sep = "; "
			}
		}
		return clip(strings.Join(parts, sep), 240)
	case map[string]any:
		// What names the item first, its text and notes last.
		keys := sortedFields(x, "id", "symbol", "sheet", "name", "title", "kind")
		var parts, last []string
		for _, k := range keys {
			switch k {
			case "text":
				last = append([]string{"text " + show(x[k])}, last...)
			case "notes":
				notes, ok := x[k].([]any)
				if !ok {
					last = append(last, "notes "+nested(x[k]))
					continue
				}
				ns := make([]string, len(notes))
				for i, n := range notes {
					ns[i] = showNote(n)
				}
				if len(ns) == 1 {
					last = append(last, "note "+ns[0])
				} else {
					last = append(last, "notes ("+strings.Join(ns, "; ")+")")
				}
			default:
				parts = append(parts, k+" "+nested(x[k]))
			}
		}
		// A whole variant is pages long: the line names it and begins it
		// (--format json gives all of it).
		return clip(strings.Join(append(parts, last...), ", "), 240)
	}
	return fmt.Sprint(v)
}

// nested shows a value inside an object or a list, in parentheses when it
// has parts of its own.
func nested(v any) string {
	switch x := v.(type) {
	case map[string]any:
		if len(x) > 1 {
			return "(" + show(x) + ")"
		}
	case []any:
		if len(x) > 1 {
			return "(" + show(x) + ")"
		}
	}
	return show(v)
}

// clip shortens s to at most n runes, ending with "..." when cut, at a
// word boundary when there is one in the second half.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := string([]rune(s)[:n-3])
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:") + "..."
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func intOrNil(p *int) any {
	if p == nil {
		return nil
	}
	return float64(*p)
}

func floatOrNil(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func strOrNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}
