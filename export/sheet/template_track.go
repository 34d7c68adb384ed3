package sheet

import (
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

// The turn record track sheets of the component template: Turn Record
// Track (per turn: season, year, the Union Benchmark, winter) and General
// Events (the general arrivals, promotions, transfers... printed on the
// track), for every turn-track table of the module.

const (
	tmplSheetTrack    = "Turn Record Track"
	tmplSheetGenerals = "General Events"
	tmplColTurn       = "Turn"
	tmplColSeason     = "Season"
	tmplColYear       = "Year"
	tmplColBenchmark  = "Benchmark"
	tmplColWinter     = "Winter"
	tmplColCode       = "Code"
	tmplColGeneral    = "General"
	tmplColPartner    = "Partner"
	tmplColTheater    = "Theater"
	tmplColPrinted    = "Printed"
	tmplColOptional   = "Optional"
	tmplListSeason    = "season"
	tmplListCode      = "code"
	tmplListSide      = "side"
	tmplListTheater   = "theater"
)

var (
	tmplSeasons    = []string{"winter", "spring", "summer", "fall"}
	tmplEventCodes = []string{"arrive", "promote", "demote", "remove", "transfer", "unassigned", "return", "replace-with"}
	tmplTheaters   = []string{"E", "W", "TM"}
)

// tmplTrack is the module's turn-track table, if any (the first).
func tmplTrack(m *scenarios.Module) *scenarios.TableFile {
	for _, tf := range m.Tables {
		if tf.Table != nil && tf.Table.Kind == "turn-track" && tf.Doc != nil && tf.Doc.Root != nil {
			return tf
		}
	}
	return nil
}

func (b *xlsxBook) writeTemplateTrack(t *scenarios.Table) error {
	g := &xlsxGrid{sheet: tmplSheetTrack, freezeCols: 1}
	g.col(tmplColTurn, 7, false, true, "")
	g.col(tmplColSeason, 10, false, false, tmplListSeason)
	g.col(tmplColYear, 8, false, false, "")
	g.col(tmplColBenchmark, 11, false, false, "")
	g.col(tmplColWinter, 8, false, false, tmplListYesNo)
	g.col(tmplColStatus, 10, false, true, "")
	for _, tt := range t.Turns {
		row := []any{tt.Turn, tt.Season, "", "", "", tt.Status}
		if tt.Year != 0 {
			row[2] = tt.Year
		}
		if tt.Benchmark != nil {
			row[3] = *tt.Benchmark
		}
		if tt.Winter != nil {
			row[4] = tmplYesText(*tt.Winter)
		}
		g.rows = append(g.rows, row)
	}
	if err := b.writeGrid(g); err != nil {
		return err
	}
	e := &xlsxGrid{sheet: tmplSheetGenerals, freezeCols: 1}
	e.col(tmplColTurn, 7, false, false, "")
	e.col(tmplColSide, 13, false, false, tmplListSide)
	e.col(tmplColCode, 13, false, false, tmplListCode)
	e.col(tmplColGeneral, 24, false, false, "")
	e.col(tmplColPartner, 24, false, false, "")
	e.col(tmplColTheater, 9, false, false, tmplListTheater)
	e.col(tmplColPrinted, 16, false, false, "")
	e.col(tmplColOptional, 9, false, false, tmplListYesNo)
	for _, ev := range t.GeneralEvents {
		opt := ""
		if ev.Optional {
			opt = "yes"
		}
		e.rows = append(e.rows, []any{ev.Turn, ev.Side, ev.Code, ev.General, ev.Partner, ev.Theater, ev.Printed, opt})
	}
	return b.writeGrid(e)
}

func tmplYesText(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}

// readTrack reads the Turn Record Track sheet. A value the rulebook gives
// (a turn of status partial or source) may not be changed; a turn with
// all four filled gets status source, one with some partial.
func (r *tmplReader) readTrack() {
	tf := tmplTrack(r.m)
	if tf == nil {
		return
	}
	sh := tmplSheetTrack
	t, ok := r.tmplTable(sh, tmplColTurn)
	if !ok {
		return
	}
	doc := r.tableDoc(tf)
	turns := doc.root.Get("turns")
	byTurn := map[string]*jsonsrc.Node{}
	given := map[string]bool{} // turns whose values come from the rulebook
	if turns != nil {
		for _, it := range turns.Items {
			if n := it.Get("turn"); n != nil {
				byTurn[n.Text] = it
				if s := it.Get("status"); s != nil && (s.Text == "source" || s.Text == "partial") && it.Get("source") != nil {
					given[n.Text] = true
				}
			}
		}
	}
	heads := []string{tmplColSeason, tmplColYear, tmplColBenchmark, tmplColWinter}
	keys := &tmplKeys{col: tmplColTurn, heads: heads, need: "a row with values needs its Turn",
		unknown: "turn %q is not on the track (its turns are 1 to " + strconv.Itoa(len(byTurn)) + ")", noun: "turn", known: func(id string) bool { return byTurn[id] != nil }}
	changed := 0
	for i := 1; i < len(t.rows); i++ {
		id, ok := r.rowKey(sh, t, i, keys)
		if !ok {
			continue
		}
		tn := byTurn[id]
		before := string(tmplFormat(tn))
		r.from(tn, t, i, tmplColTurn, map[string]string{"season": tmplColSeason, "year": tmplColYear, "benchmark": tmplColBenchmark, "winter": tmplColWinter})
		bad := false
		for _, h := range heads {
			s := tmplCell(t, i, h)
			if s == "" {
				continue
			}
			key := strings.ToLower(h)
			var v *jsonsrc.Node
			switch h {
			case tmplColSeason:
				if !tmplContains(tmplSeasons, strings.ToLower(s)) {
					r.errorf(sh, t.colOf(h), i+1, "Season %q is not one of %s", xlsxCut(s), strings.Join(tmplSeasons, ", "))
					bad = true
					continue
				}
				v = tmplStr(strings.ToLower(s))
			case tmplColYear, tmplColBenchmark:
				n, err := strconv.Atoi(s)
				if err != nil || n < 0 || (h == tmplColYear && (n < 1000 || n > 9999)) {
					r.errorf(sh, t.colOf(h), i+1, "%s %q is not a whole number%s", h, xlsxCut(s), map[bool]string{true: " (a year such as 1862)"}[h == tmplColYear])
					bad = true
					continue
				}
				v = tmplInt(n)
			case tmplColWinter:
				yes, ok := tmplYesNo(s)
				if !ok {
					r.errorf(sh, t.colOf(h), i+1, "Winter %q is not yes or no", xlsxCut(s))
					bad = true
					continue
				}
				v = tmplBool(yes)
			}
			if old := tn.Get(key); old != nil && given[id] && tmplScalarText(old) != tmplScalarText(v) {
				r.errorf(sh, t.colOf(h), i+1, "%s: the rulebook gives %s for turn %s (%s); correct %s by hand (with a note) if the track prints another", h, tmplScalarText(old), id, tmplSourceText(tn), doc.path)
				bad = true
				continue
			}
			tmplSet(tn, key, v)
		}
		if bad {
			t.cover(i)
			continue
		}
		have := 0
		for _, h := range heads {
			if tn.Get(strings.ToLower(h)) != nil {
				have++
			}
		}
		if string(tmplFormat(tn)) == before {
			continue
		}
		if have == len(heads) {
			tmplSet(tn, "status", tmplStr("source"))
		} else {
			tmplSet(tn, "status", tmplStr("partial"))
		}
		changed++
	}
	if changed > 0 {
		doc.edit = true
		r.changef("turn record track: %d turns filled", changed)
	}
}

// tmplSourceText is a node's source lines, for a message.
func tmplSourceText(n *jsonsrc.Node) string {
	if s := n.Get("source"); s != nil {
		if l := s.Get("lines"); l != nil {
			return "line " + l.Text
		}
	}
	return "the rulebook"
}

// readGenerals reads the General Events sheet: a row equal to an event of
// the track is kept; any other is a new event (status source: typed off
// the track). General and Partner are counter ids or names, including
// counters the Counters sheet adds.
func (r *tmplReader) readGenerals() {
	tf := tmplTrack(r.m)
	if tf == nil {
		return
	}
	sh := tmplSheetGenerals
	t, ok := r.tmplTable(sh, tmplColTurn, tmplColSide, tmplColCode)
	if !ok {
		return
	}
	doc := r.tableDoc(tf)
	turns := map[int]bool{}
	for _, tt := range tf.Table.Turns {
		turns[tt.Turn] = true
	}
	type evKey struct {
		turn                   int
		side, code, gen, partn string
	}
	have := map[evKey]bool{}
	for _, ev := range tf.Table.GeneralEvents {
		have[evKey{ev.Turn, ev.Side, ev.Code, ev.General, ev.Partner}] = true
	}
	var sides []string
	for _, s := range r.m.Game.Sides {
		sides = append(sides, s.ID)
	}
	events := tmplList(doc.root, "generalEvents")
	added := 0
	heads := []string{tmplColTurn, tmplColSide, tmplColCode, tmplColGeneral, tmplColPartner, tmplColTheater, tmplColPrinted, tmplColOptional}
	for i := 1; i < len(t.rows); i++ {
		vals := map[string]string{}
		for _, h := range heads {
			vals[h] = tmplCell(t, i, h)
		}
		if t.blank(i, heads) {
			continue
		}
		fail := func(h, format string, args ...any) {
			r.errorf(sh, t.colOf(h), i+1, format, args...)
			t.cover(i)
		}
		turn, err := strconv.Atoi(vals[tmplColTurn])
		switch {
		case err != nil:
			fail(tmplColTurn, "Turn %q is not a turn number", xlsxCut(vals[tmplColTurn]))
			continue
		case !turns[turn]:
			fail(tmplColTurn, "turn %d is not on the track", turn)
			continue
		case !tmplContains(sides, vals[tmplColSide]):
			fail(tmplColSide, "Side %q is not one of %s", xlsxCut(vals[tmplColSide]), strings.Join(sides, ", "))
			continue
		case !tmplContains(tmplEventCodes, vals[tmplColCode]):
			fail(tmplColCode, "Code %q is not one of %s", xlsxCut(vals[tmplColCode]), strings.Join(tmplEventCodes, ", "))
			continue
		}
		gen, gname, ok := r.counterRef(vals[tmplColGeneral])
		if !ok {
			fail(tmplColGeneral, "General %q is not a counter of counters.json or of the Counters sheet (give its Id or Name; add a row on the Counters sheet for a general the rulebook never names)", xlsxCut(vals[tmplColGeneral]))
			continue
		}
		partner, _, ok := r.counterRef(vals[tmplColPartner])
		if !ok {
			fail(tmplColPartner, "Partner %q is not a counter of counters.json or of the Counters sheet (give its Id or Name)", xlsxCut(vals[tmplColPartner]))
			continue
		}
		th := vals[tmplColTheater]
		if th != "" && !tmplContains(tmplTheaters, th) {
			fail(tmplColTheater, "Theater %q is not one of %s", xlsxCut(th), strings.Join(tmplTheaters, ", "))
			continue
		}
		opt := false
		if s := vals[tmplColOptional]; s != "" {
			v, ok := tmplYesNo(s)
			if !ok {
				fail(tmplColOptional, "Optional %q is not yes or no", xlsxCut(s))
				continue
			}
			opt = v
		}
		k := evKey{turn, vals[tmplColSide], vals[tmplColCode], gen, partner}
		if have[k] {
			continue // an event of the track, as written
		}
		have[k] = true
		printed := vals[tmplColPrinted]
		if printed == "" {
			printed = gname
		}
		if printed == "" {
			fail(tmplColPrinted, "an event with no General needs the Printed text of the track")
			continue
		}
		ev := tmplObj()
		tmplSet(ev, "turn", tmplInt(turn))
		tmplSet(ev, "side", tmplStr(vals[tmplColSide]))
		tmplSet(ev, "code", tmplStr(vals[tmplColCode]))
		if gen != "" {
			tmplSet(ev, "general", tmplStr(gen))
		}
		tmplSet(ev, "printed", tmplStr(printed))
		if th != "" {
			tmplSet(ev, "theater", tmplStr(th))
		}
		if partner != "" {
			tmplSet(ev, "partner", tmplStr(partner))
		}
		if opt {
			tmplSet(ev, "optional", tmplBool(true))
		}
		tmplSet(ev, "status", tmplStr("source"))
		r.from(ev, t, i, tmplColTurn, map[string]string{"turn": tmplColTurn, "side": tmplColSide, "code": tmplColCode, "general": tmplColGeneral,
			"partner": tmplColPartner, "theater": tmplColTheater, "printed": tmplColPrinted, "optional": tmplColOptional})
		events.Items = append(events.Items, ev)
		added++
	}
	if added > 0 {
		doc.edit = true
		r.changef("general events: %d added", added)
	}
}

// counterRef finds a counter of the copied counters.json (so one the
// Counters sheet added too) by id or name; "" for an empty cell. ok is
// false when nothing matches or a name is ambiguous.
func (r *tmplReader) counterRef(s string) (id, name string, ok bool) {
	if s == "" {
		return "", "", true
	}
	cs := r.cntRoot.Get("counters")
	if cs == nil {
		return "", "", false
	}
	var hits [][2]string
	for _, c := range cs.Items {
		cid, cn := c.Get("id"), c.Get("name")
		if cid == nil {
			continue
		}
		nm := ""
		if cn != nil {
			nm = cn.Text
		}
		if cid.Text == s {
			return cid.Text, nm, true
		}
		if strings.EqualFold(nm, s) {
			hits = append(hits, [2]string{cid.Text, nm})
		}
	}
	if len(hits) == 1 {
		return hits[0][0], hits[0][1], true
	}
	return "", "", false
}

// The Decks sheet: one row per card of each deck of game.json (Special
// Action Cards), its number given, its theater to fill.

const (
	tmplSheetDecks = "Decks"
	tmplColDeck    = "Deck"
	tmplColCard    = "Card"
	tmplColTitle   = "Title"
	tmplColNaval   = "Naval"
	tmplListDeckTh = "decktheater"
)

func (b *xlsxBook) writeTemplateDecks(gm *scenarios.Game) error {
	g := &xlsxGrid{sheet: tmplSheetDecks, freezeCols: 2}
	g.col(tmplColDeck, 28, false, true, "")
	g.col(tmplColSide, 13, false, true, "")
	g.col(tmplColCard, 7, false, true, "")
	g.col(tmplColTheater, 18, false, false, tmplListDeckTh)
	g.col(tmplColTitle, 28, false, false, "")
	g.col(tmplColNaval, 8, false, false, tmplListYesNo)
	for _, d := range gm.Decks {
		for n := 1; n <= d.Size; n++ {
			row := []any{d.ID, d.Side, n, "", "", ""}
			for _, c := range d.Cards {
				if c.Number == n {
					row[3], row[4] = c.Theater, c.Title
					if c.Naval {
						row[5] = "yes"
					}
				}
			}
			g.rows = append(g.rows, row)
		}
	}
	return b.writeGrid(g)
}

// readDecks reads the Decks sheet: a deck whose cards are all given a
// theater gets its cards (status source); one with some is refused, at
// each empty Theater, since a deck is played whole.
func (r *tmplReader) readDecks() {
	gm := r.m.Game
	if len(gm.Decks) == 0 {
		return
	}
	sh := tmplSheetDecks
	t, ok := r.tmplTable(sh, tmplColDeck, tmplColCard, tmplColTheater)
	if !ok {
		return
	}
	type card struct {
		row                   int
		theater, title, naval string
	}
	got := map[string]map[int]card{}
	refused := map[string]bool{} // decks with a row reported: not checked whole
	seen := map[string]int{}
	for i := 1; i < len(t.rows); i++ {
		deck, num := tmplCell(t, i, tmplColDeck), tmplCell(t, i, tmplColCard)
		c := card{row: i + 1, theater: tmplCell(t, i, tmplColTheater), title: tmplCell(t, i, tmplColTitle), naval: tmplCell(t, i, tmplColNaval)}
		if deck == "" && num == "" {
			if c.theater != "" || c.title != "" || c.naval != "" {
				r.errorf(sh, t.colOf(tmplColDeck), i+1, "a card needs its Deck and Card number")
				t.cover(i)
			}
			continue
		}
		var d *scenarios.Deck
		for k := range gm.Decks {
			if gm.Decks[k].ID == deck {
				d = &gm.Decks[k]
			}
		}
		n, err := strconv.Atoi(num)
		switch {
		case d == nil:
			r.errorf(sh, t.colOf(tmplColDeck), i+1, "unknown deck %q (not a deck of game.json)", xlsxCut(deck))
			t.cover(i)
			continue
		case err != nil || n < 1 || n > d.Size:
			r.errorf(sh, t.colOf(tmplColCard), i+1, "Card %q is not a card number of deck %s (1 to %d)", xlsxCut(num), deck, d.Size)
			t.cover(i)
			continue
		}
		key := deck + "\x00" + num
		if prev, dup := seen[key]; dup {
			r.errorf(sh, t.colOf(tmplColCard), i+1, "card %d of deck %s is also on row %d", n, deck, prev)
			t.cover(i)
			continue
		}
		seen[key] = i + 1
		if c.theater != "" && len(d.Theaters) > 0 && !tmplContains(d.Theaters, c.theater) {
			refused[deck] = true
			r.errorf(sh, t.colOf(tmplColTheater), i+1, "Theater %q is not one of deck %s's: %s", xlsxCut(c.theater), deck, strings.Join(d.Theaters, ", "))
			t.cover(i)
			continue
		}
		if c.naval != "" {
			if _, ok := tmplYesNo(c.naval); !ok {
				refused[deck] = true
				r.errorf(sh, t.colOf(tmplColNaval), i+1, "Naval %q is not yes or no", xlsxCut(c.naval))
				t.cover(i)
				continue
			}
		}
		if got[deck] == nil {
			got[deck] = map[int]card{}
		}
		got[deck][n] = c
	}
	nodes := tmplIndex(r.gameRoot.Get("decks"), "id")
	for _, d := range gm.Decks {
		filled := 0
		for _, c := range got[d.ID] {
			if c.theater != "" {
				filled++
			}
		}
		if filled == 0 || refused[d.ID] {
			continue
		}
		complete := true
		for n := 1; n <= d.Size; n++ {
			c, ok := got[d.ID][n]
			switch {
			case !ok:
				r.errorf(sh, 0, 0, "deck %s has theaters for some cards but no row for card %d: fill every card of the deck or none", d.ID, n)
				complete = false
			case c.theater == "":
				r.errorf(sh, t.colOf(tmplColTheater), c.row, "deck %s: card %d has no Theater while other cards have one: fill every card of the deck or none", d.ID, n)
				complete = false
			}
		}
		dn := nodes[d.ID]
		if !complete || dn == nil {
			continue
		}
		before := string(tmplFormat(dn))
		cards := tmplArr()
		for n := 1; n <= d.Size; n++ {
			c := got[d.ID][n]
			cn := tmplObj()
			tmplSet(cn, "number", tmplInt(n))
			if c.title != "" {
				tmplSet(cn, "title", tmplStr(c.title))
			}
			tmplSet(cn, "theater", tmplStr(c.theater))
			if v, _ := tmplYesNo(c.naval); v {
				tmplSet(cn, "naval", tmplBool(true))
			}
			r.from(cn, t, c.row-1, tmplColCard, map[string]string{"theater": tmplColTheater, "title": tmplColTitle, "naval": tmplColNaval})
			cards.Items = append(cards.Items, cn)
		}
		if old := dn.Get("cards"); old != nil && string(tmplFormat(old)) == string(tmplFormat(cards)) {
			continue // the cards as game.json has them
		}
		tmplSet(dn, "cards", cards)
		tmplSet(dn, "status", tmplStr("source"))
		if string(tmplFormat(dn)) != before {
			r.gameEdit = true
			r.changef("deck %s: %d cards", d.ID, d.Size)
		}
	}
}
