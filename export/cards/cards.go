package cards

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/musterhq/muster/scenarios"
)

// Cards are a scenario's printable setup cards: one card per side, with the
// side's units grouped by where they set up, its later entries by turn,
// the footnote legend, and the scenario's start state, special rules and
// victory summary (every card carries them, so each player's card stands
// alone at the table).
type Cards struct {
	Scenario string
	Title    string
	Module   string
	Length   string
	Maps     string
	Sides    []*Side
	Start    *Start
	Rules    []scenarios.SpecialRule
	Variants []scenarios.Variant
	Options  []scenarios.Option
	Victory  scenarios.Victory
	// Manpower is whether the game has a manpower value (TPC does; LGV
	// and USCW do not), so the unit tables show the column.
	Manpower bool
	// RosterBoxes are the labels of a roster row's marker boxes, in the
	// game's own words (RosterBoxes).
	RosterBoxes []string
	// sideNames maps side ids to names for the victory summary.
	sideNames map[string]string
}

// Side is one side's card.
type Side struct {
	Side string
	Name string
	// Locations are the on-map setup groups in the order the rulebook
	// first names them; overlapping-sheet ids of one hex share a group.
	Locations []*Location
	// Boxes are off-map setups (gunboat boxes) and placements of the
	// player's choice.
	Boxes []*Location
	// Entries are deferred entries grouped by turn, earliest first; a
	// group with Turn 0 holds entries without a printed turn.
	Entries []*EntryTurn
	Legend  []Footnote
	// RowsMissing says where the rows are when the source lacks them
	// (USCW's At Start Cards).
	RowsMissing []string
}

// Location is a group of units that set up in one place.
type Location struct {
	Label string // "S0607", an area number, a box name
	Place string // the place name, printed or from the map
	Units []*Unit
}

// EntryTurn is the deferred entries of one turn.
type EntryTurn struct {
	Turn  int
	Date  string
	Units []*Unit
}

// Unit is one setup row (or a counter the start state places).
type Unit struct {
	Name     string
	Marker   bool // a marker row (redoubt, depot), not a unit
	Size     string
	Command  string
	Type     string
	Manpower *int
	Marks    string
	// Badges are the starting states and restrictions its marks (and the
	// row's own states) resolve to, readable: "Fatigue 2".
	Badges []string
	// Where is the entry or placement text as printed.
	Where string
}

// Footnote is one entry of a side's footnote legend.
type Footnote struct {
	Symbol string
	Text   string
	Badges []string
}

// Start is the scenario's start state in readable lines.
type Start struct {
	Tracks      [][2]string // name, value
	Statuses    [][2]string
	Cards       [][2]string
	Boxes       [][2]string // box name, counter names
	Markers     []string
	FirstPlayer string
	Text        string
}

// cardsHasManpower says whether the game has manpower values: its counters
// carry one, or the scenario's rows print one.
func cardsHasManpower(m *scenarios.Module, s *scenarios.Scenario) bool {
	if m != nil && m.Counters != nil && slices.Contains(m.Counters.Values, "manpower") {
		return true
	}
	for _, t := range s.Setup {
		for _, r := range t.Rows {
			if r.Manpower != nil {
				return true
			}
		}
	}
	return false
}

// RosterBoxes are a roster row's marker boxes, from the game's unit
// states (game.json): a box for each level (TPC's Fatigue, USCW's
// Surrender Points) and for each exclusive set of values other than the
// counter's own side (TPC's Entrenchment, LGV's Off the map), and one
// "Other" box when the game has further states (flags such as Flanks
// Refused, markers such as Disorganized).
func RosterBoxes(g *scenarios.Game) []string {
	if g == nil {
		return []string{"Other"}
	}
	var boxes []string
	other := false
	for _, d := range g.States {
		side := d.Kind == "enum" && strings.Contains(strings.ToLower(d.Name), "side")
		switch {
		case side:
		case d.Kind == "level":
			boxes = append(boxes, cardsLevelName(d.Name))
		case d.Kind == "enum" && d.Exclusive:
			boxes = append(boxes, d.Name)
		default:
			other = true
		}
	}
	if other {
		boxes = append(boxes, "Other")
	}
	return boxes
}

// cardsLevelName drops a trailing "level" from a level's name ("Fatigue
// level" is marked as Fatigue).
func cardsLevelName(name string) string {
	if n := strings.TrimSuffix(strings.TrimSuffix(name, " level"), " Level"); n != "" {
		return n
	}
	return name
}

// Build builds the setup cards of scenario s of module m. It never
// fails: what the module does not know is shown as printed.
func Build(m *scenarios.Module, s *scenarios.Scenario) *Cards {
	ix := (&scenarios.Module{}).Index()
	var game *scenarios.Game
	if m != nil {
		ix, game = m.Index(), m.Game
	}
	c := &Cards{Scenario: s.ID, Title: s.Title, Module: s.Module, Length: s.Length.Text, Maps: s.Maps.Text,
		Rules: s.SpecialRules, Variants: s.Variants, Options: s.Options, Victory: s.Victory, sideNames: map[string]string{},
		Manpower: cardsHasManpower(m, s), RosterBoxes: RosterBoxes(game)}

	sides := map[string]*cardsSideBuilder{}
	var order []string
	side := func(id string) *cardsSideBuilder {
		if b := sides[id]; b != nil {
			return b
		}
		name := id
		if sd := ix.Sides[id]; sd != nil {
			name = sd.Name
		}
		b := &cardsSideBuilder{card: &Side{Side: id, Name: name}, ix: ix, prefixes: s.Maps.Prefixes,
			locs: map[string]*Location{}, boxes: map[string]*Location{}, turns: map[string]*EntryTurn{}}
		sides[id] = b
		order = append(order, id)
		c.sideNames[id] = name
		return b
	}
	if game != nil {
		for _, sd := range game.Sides {
			if cardsSideHasSetup(s, sd.ID) {
				side(sd.ID)
			}
		}
	}
	for ti := range s.Setup {
		t := &s.Setup[ti]
		b := side(t.Side)
		if t.RowsMissing != "" {
			b.card.RowsMissing = append(b.card.RowsMissing, t.RowsMissing)
		}
		for _, fn := range t.Footnotes {
			b.addFootnote(fn)
		}
		for ri := range t.Rows {
			b.addRow(&t.Rows[ri], t.Footnotes)
		}
	}
	if st := s.Start; st != nil {
		for _, sm := range st.Markers {
			if sm.Unit == "" {
				continue
			}
			ctr := ix.Counters[sm.Unit]
			sideID := sm.Side
			if sideID == "" && ctr != nil {
				sideID = ctr.Side
			}
			if sideID == "" {
				continue
			}
			side(sideID).addStartUnit(&sm, ctr)
		}
		c.Start = cardsBuildStart(st, ix, s.SpecialRules)
	}
	for _, id := range order {
		c.Sides = append(c.Sides, sides[id].finish())
	}
	return c
}

func cardsSideHasSetup(s *scenarios.Scenario, side string) bool {
	for _, t := range s.Setup {
		if t.Side == side {
			return true
		}
	}
	return false
}

type cardsSideBuilder struct {
	card     *Side
	ix       *scenarios.Index
	prefixes map[string]string
	locs     map[string]*Location
	boxes    map[string]*Location
	turns    map[string]*EntryTurn
}

// addFootnote adds a legend entry unless the side already lists the same
// symbol with the same text (TPC repeats a legend per setup table).
func (b *cardsSideBuilder) addFootnote(fn scenarios.Footnote) {
	for _, f := range b.card.Legend {
		if f.Symbol == fn.Symbol && f.Text == fn.Text {
			return
		}
	}
	b.card.Legend = append(b.card.Legend, Footnote{Symbol: fn.Symbol, Text: fn.Text, Badges: cardsFootnoteBadges(fn, b.ix)})
}

func (b *cardsSideBuilder) addRow(r *scenarios.SetupRow, legend []scenarios.Footnote) {
	u := &Unit{Name: r.Name, Size: cardsClean(r.Size), Command: cardsClean(r.Command), Type: cardsClean(r.Type),
		Manpower: r.Manpower, Marks: r.Marks}
	if r.Unit == "" && r.Marker != "" {
		u.Marker = true
		if mk := b.ix.Markers[r.Marker]; mk != nil && u.Type == "" {
			u.Type = mk.Name
		}
	}
	if ctr := b.ix.Counters[r.Unit]; ctr != nil {
		// LGV rows print only the name: the counter gives the rest.
		if u.Size == "" {
			u.Size = ctr.Size
		}
		if u.Type == "" {
			u.Type = ctr.Type
		}
		if u.Command == "" {
			u.Command = cardsCounterCommand(ctr)
		}
	}
	u.Badges = cardsMarkBadges(r.Marks, legend, b.ix)
	u.Badges = append(u.Badges, cardsStateBadges(r.States, b.ix)...)

	switch {
	case r.Hex != "":
		b.location(r.Hex, r.Place).Units = append(b.location(r.Hex, r.Place).Units, u)
	case r.Box != "":
		b.box(r.Box).Units = append(b.box(r.Box).Units, u)
	case r.Entry != nil:
		u.Where = r.Entry.Text
		b.entryTurn(r.Entry.Turn, r.Entry.Date).Units = append(b.entryTurn(r.Entry.Turn, r.Entry.Date).Units, u)
	case r.Placement != nil:
		g := b.box("Placed by the player")
		u.Where = r.Placement.Text
		g.Units = append(g.Units, u)
	default:
		g := b.box("No setup location printed")
		g.Units = append(g.Units, u)
	}
}

// addStartUnit adds a counter the start state places like a marker (TPC
// 11's Longstreet waiting on the Turn Track): it enters on that turn.
func (b *cardsSideBuilder) addStartUnit(sm *scenarios.StartMarker, ctr *scenarios.Counter) {
	u := &Unit{Name: sm.Unit, Where: sm.Text}
	if ctr != nil {
		u.Name, u.Size, u.Type, u.Command = ctr.Name, ctr.Size, ctr.Type, cardsCounterCommand(ctr)
	}
	switch {
	case sm.Turn > 0:
		if u.Where == "" {
			u.Where = sm.Box
		}
		g := b.entryTurn(sm.Turn, "")
		g.Units = append(g.Units, u)
	case sm.At != "":
		g := b.location(sm.At, "")
		g.Units = append(g.Units, u)
	default:
		g := b.box(cardsFirst(sm.Box, "Placed by the start state"))
		g.Units = append(g.Units, u)
	}
}

func cardsCounterCommand(ctr *scenarios.Counter) string {
	if ctr.Command != "" {
		return ctr.Command
	}
	if len(ctr.Commands) > 0 {
		return ctr.Commands[0]
	}
	return ""
}

// location returns the group of a map location, keyed by the physical hex
// (or area) so two sheet ids of one hex share a group.
func (b *cardsSideBuilder) location(at, place string) *Location {
	key := "raw:" + at
	var mapPlace string
	if loc, err := b.ix.Resolve(at, b.prefixes); err == nil {
		key = loc.Key()
		if loc.Area != nil && loc.Area.Name != "" {
			mapPlace = loc.Area.Name
		} else if names := b.ix.Places[key]; len(names) > 0 {
			mapPlace = names[0]
		}
	}
	label := at
	if loc, err := b.ix.Resolve(at, b.prefixes); err == nil && loc.Area != nil && loc.Area.Kind != "" {
		label = cardsCapitalize(loc.Area.Kind) + " " + at // "Area 73", "Zone H"
	}
	g := b.locs[key]
	if g == nil {
		g = &Location{Label: label}
		b.locs[key] = g
		b.card.Locations = append(b.card.Locations, g)
	} else if !strings.Contains(g.Label, at) {
		g.Label += " = " + at
	}
	if g.Place == "" {
		g.Place = cardsFirst(place, mapPlace)
	}
	return g
}

func (b *cardsSideBuilder) box(name string) *Location {
	g := b.boxes[name]
	if g == nil {
		g = &Location{Label: name}
		b.boxes[name] = g
		b.card.Boxes = append(b.card.Boxes, g)
	}
	return g
}

func (b *cardsSideBuilder) entryTurn(turn int, date string) *EntryTurn {
	key := fmt.Sprintf("%d|%s", turn, date)
	g := b.turns[key]
	if g == nil {
		g = &EntryTurn{Turn: turn, Date: date}
		b.turns[key] = g
		b.card.Entries = append(b.card.Entries, g)
	}
	return g
}

func (b *cardsSideBuilder) finish() *Side {
	// Entries by turn; entries without a printed turn last.
	sort.SliceStable(b.card.Entries, func(i, j int) bool {
		ti, tj := b.card.Entries[i].Turn, b.card.Entries[j].Turn
		if (ti == 0) != (tj == 0) {
			return tj == 0
		}
		return ti < tj
	})
	return b.card
}

// cardsMarkBadges resolves a row's footnote marks through its table's
// legend. A mark the legend does not define is shown as itself.
func cardsMarkBadges(marks string, legend []scenarios.Footnote, ix *scenarios.Index) []string {
	var out []string
	for _, r := range marks {
		sym := string(r)
		var fn *scenarios.Footnote
		for i := range legend {
			if legend[i].Symbol == sym {
				fn = &legend[i]
				break
			}
		}
		if fn == nil {
			out = append(out, "note "+sym+" (not in the legend)")
			continue
		}
		bs := cardsFootnoteBadges(*fn, ix)
		if len(bs) == 0 {
			bs = []string{"see note " + sym}
		}
		out = append(out, bs...)
	}
	return out
}

// cardsFootnoteBadges turns a footnote's structured states and restrictions
// into badges.
func cardsFootnoteBadges(fn scenarios.Footnote, ix *scenarios.Index) []string {
	out := cardsStateBadges(fn.States, ix)
	for _, r := range fn.Restrictions {
		out = append(out, cardsRestrictionBadge(r, fn.Rule))
	}
	return out
}

// cardsStateBadges names starting states in the game's own words: an
// entrenchment value as printed ("Breastworks-Complete"), a level with its
// number ("Fatigue 2"), a flag by its name ("Flanks Refused"), a counter
// side ("Exhausted side"). Default values (a normal side) are left out.
// Badges come in a fixed order, so output is stable.
func cardsStateBadges(states map[string]any, ix *scenarios.Index) []string {
	if len(states) == 0 {
		return nil
	}
	keys := make([]string, 0, len(states))
	for k := range states {
		keys = append(keys, k)
	}
	rank := func(k string) int {
		if ix.States[k] == nil {
			return 4
		}
		return cardsStateRank(k)
	}
	sort.SliceStable(keys, func(i, j int) bool {
		ri, rj := rank(keys[i]), rank(keys[j])
		if ri != rj {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	var out []string
	for _, k := range keys {
		v := states[k]
		d := ix.States[k]
		if d == nil {
			out = append(out, fmt.Sprintf("%s: %v", k, v))
			continue
		}
		if d.Default != nil && fmt.Sprint(d.Default) == fmt.Sprint(v) && d.Kind != "level" {
			continue
		}
		switch d.Kind {
		case "flag":
			if b, ok := v.(bool); ok && !b {
				continue
			}
			out = append(out, d.Name)
		case "level":
			out = append(out, fmt.Sprintf("%s %s", cardsLevelName(d.Name), cardsNumber(v)))
		default:
			val := fmt.Sprint(v)
			label := cardsCapitalize(val)
			if strings.Contains(strings.ToLower(d.Name), "side") {
				label += " side"
			}
			out = append(out, label)
		}
	}
	return out
}

// cardsStateRank puts the states a player sets out markers for first
// (entrenchment, fatigue, then the counter's side), the others after.
func cardsStateRank(id string) int {
	switch id {
	case "entrenchment":
		return 0
	case "fatigue":
		return 1
	case "face":
		return 2
	}
	return 3
}

// cardsRestrictionBadge says a restriction in a few words: "may not
// activate turn 1", "may not move or recover turns 1-2 unless released".
func cardsRestrictionBadge(r scenarios.Restriction, rule string) string {
	var b strings.Builder
	b.WriteString("may not ")
	b.WriteString(cardsJoinOr(r.Restrict))
	switch {
	case r.Turns == nil:
		if len(r.Release) == 0 {
			b.WriteString(" all game")
		}
	case r.Turns.From == r.Turns.To && r.Turns.From > 0:
		fmt.Fprintf(&b, " turn %d", r.Turns.From)
	case r.Turns.From > 0 && r.Turns.To > 0:
		fmt.Fprintf(&b, " turns %d-%d", r.Turns.From, r.Turns.To)
	case r.Turns.To > 0:
		fmt.Fprintf(&b, " through turn %d", r.Turns.To)
	case r.Turns.From > 0:
		fmt.Fprintf(&b, " from turn %d", r.Turns.From)
	}
	if len(r.Release) > 0 {
		b.WriteString(" unless released")
	}
	if rule != "" {
		fmt.Fprintf(&b, " (rule %s)", rule)
	}
	return b.String()
}

func cardsJoinOr(xs []string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strings.ReplaceAll(x, "-", " ")
	}
	switch len(out) {
	case 0:
		return "act"
	case 1:
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

// cardsBuildStart gives the start state's lines: tracks, statuses, cards,
// boxes, one line per start marker (a sentence that places several
// markers once), the first player, and what the printed start text says
// beyond them and the special rules the card prints.
func cardsBuildStart(st *scenarios.Start, ix *scenarios.Index, rules []scenarios.SpecialRule) *Start {
	out := &Start{}
	for _, k := range cardsSortedKeys(st.Tracks) {
		name := k
		if t := ix.Tracks[k]; t != nil {
			name = t.Name
		}
		out.Tracks = append(out.Tracks, [2]string{name, cardsNumber(st.Tracks[k])})
	}
	for _, k := range cardsSortedKeys(st.Statuses) {
		name := k
		if t := ix.Statuses[k]; t != nil {
			name = t.Name
		}
		out.Statuses = append(out.Statuses, [2]string{name, cardsCapitalize(st.Statuses[k])})
	}
	for _, k := range cardsSortedKeys(st.Cards) {
		name := k
		if sd := ix.Sides[k]; sd != nil {
			name = sd.Name
		}
		out.Cards = append(out.Cards, [2]string{name, strconv.Itoa(st.Cards[k])})
	}
	for _, k := range cardsSortedKeys(st.Boxes) {
		name := k
		if bx := ix.Boxes[k]; bx != nil {
			name = bx.Name
		}
		var units []string
		for _, id := range st.Boxes[k] {
			if ctr := ix.Counters[id]; ctr != nil {
				units = append(units, ctr.Name)
			} else {
				units = append(units, id)
			}
		}
		out.Boxes = append(out.Boxes, [2]string{name, strings.Join(units, ", ")})
	}
	seen := map[string]bool{}
	for _, sm := range st.Markers {
		line := sm.Text
		if line == "" {
			what := cardsFirst(sm.Marker, sm.Unit)
			if mk := ix.Markers[sm.Marker]; mk != nil {
				what = mk.Name
			}
			where := cardsFirst(sm.Box, sm.At, strings.Join(sm.Hexside, "/"))
			line = strings.TrimSpace(what + " " + where)
		}
		// Markers placed by one printed sentence ("x1 and x10 markers in
		// the 0 space") share their text: the card prints it once.
		if !seen[line] {
			seen[line] = true
			out.Markers = append(out.Markers, line)
		}
	}
	said := append([]string(nil), out.Markers...)
	if st.FirstPlayer != nil {
		out.FirstPlayer = st.FirstPlayer.Text
		said = append(said, out.FirstPlayer)
	}
	for _, r := range rules {
		said = append(said, r.Text)
	}
	out.Text = cardsUnsaid(st.Text, said)
	return out
}

// cardsUnsaid is text less its sentences that one of said already holds
// (a sentence's leading label, "Note:", aside): the printed start text
// often repeats, sentence for sentence, what its markers and special rules
// say, and a card that prints both lists the start state twice.
func cardsUnsaid(text string, said []string) string {
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	var pool []string
	for _, s := range said {
		pool = append(pool, norm(s))
	}
	holds := func(sentence string) bool {
		for _, s := range pool {
			if strings.Contains(s, sentence) {
				return true
			}
		}
		return false
	}
	var kept []string
	for _, sentence := range cardsSentences(norm(text)) {
		bare := sentence
		if label, rest, ok := strings.Cut(sentence, ": "); ok && len(strings.Fields(label)) <= 3 {
			bare = rest
		}
		if !holds(sentence) && !holds(bare) {
			kept = append(kept, sentence)
		}
	}
	return strings.Join(kept, " ")
}

// cardsSentences splits text after a full stop, question or exclamation
// mark that a space and a capital letter, a digit or an opening quote or
// bracket follow.
func cardsSentences(text string) []string {
	var out []string
	start := 0
	rs := []rune(text)
	for i := 0; i+2 < len(rs); i++ {
		if !strings.ContainsRune(".!?", rs[i]) || rs[i+1] != ' ' {
			continue
		}
		next := rs[i+2]
		if unicode.IsUpper(next) || unicode.IsDigit(next) || strings.ContainsRune("\"“‘'([", next) {
			out = append(out, string(rs[start:i+1]))
			start = i + 2
		}
	}
	if start < len(rs) {
		out = append(out, string(rs[start:]))
	}
	return out
}

func cardsSortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func cardsNumber(v any) string {
	switch n := v.(type) {
	case float64:
		return strconv.FormatFloat(n, 'f', -1, 64)
	case int:
		return strconv.Itoa(n)
	}
	return fmt.Sprint(v)
}

func cardsCapitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// cardsClean drops the "-" TPC prints in empty cells.
func cardsClean(s string) string {
	if s == "-" || s == "–" {
		return ""
	}
	return s
}

func cardsFirst(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}
