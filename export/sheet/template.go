package sheet

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

// The component template (muster module template): a workbook with one row
// per fact a module marks missing that an owner of the game can read off
// the physical map and counters, and ReadTemplate, which applies the filled
// cells to copies of the module's map.json and counters.json.

// templateVersion tags the hidden sheet so a later muster can tell which
// layout it reads.
const templateVersion = "muster-template 1"

// Sheet names of the template.
const (
	tmplSheetInstructions = "Instructions"
	tmplSheetCounters     = "Counters"
	tmplSheetAreas        = "Areas"
	tmplSheetLinks        = "Links"
	tmplSheetTerrain      = "Terrain"
	tmplSheetMarkers      = "Markers"
	tmplSheetData         = "muster-template"
)

// Column headers the reader looks for (columns are found by header, so a
// user may reorder them).
const (
	tmplColID         = "Id"
	tmplColName       = "Name"
	tmplColSide       = "Side"
	tmplColType       = "Type"
	tmplColSize       = "Size"
	tmplColCommand    = "Command"
	tmplColStatus     = "Status now"
	tmplColNotes      = "Notes"
	tmplColKind       = "Kind"
	tmplColSector     = "Sector"
	tmplColTEM        = "TEM"
	tmplColA          = "Area A"
	tmplColB          = "Area B"
	tmplColBoundary   = "Boundary"
	tmplColRoad       = "Road"
	tmplColFord       = "Ford"
	tmplColProhibited = "Prohibited"
	tmplColCrossing   = "Crossing"
	tmplColHex        = "Hex"
	tmplColSheet      = "Sheet"
	tmplColPlace      = "Place"
	tmplColTerrain    = "Terrain"
	tmplColSupplied   = "Supplied"
)

// Drop-down list keys of the template.
const (
	tmplListYesNo    = "yesno"
	tmplListBoundary = "boundary"
	tmplListCrossing = "crossing"
	tmplListAreas    = "areas"
	tmplListTerrain  = "terrain"
)

// tmplLinkRows is how many empty rows of the Links sheet carry drop-downs
// for links a designer adds (writeGrid adds 500 below the last row).
const tmplLinkRows = 400

// tmplAreaFeature reports whether a map feature is a set of areas a
// template asks about area by area (LGV's Wilderness and hills).
func tmplAreaFeature(f *scenarios.Feature) bool {
	return f.Kind == "terrain" || f.Kind == "hill"
}

// tmplLinkFeature reports whether a feature names one crossing between two
// areas (LGV's Reynold's Crossing: a ford feature with no count), which
// the Links sheet's Crossing column places on a link.
func tmplLinkFeature(f *scenarios.Feature) bool {
	return f.Kind == "ford" && f.Count == nil
}

// tmplCrossingIDs lists the map's named crossings.
func tmplCrossingIDs(mp *scenarios.Map) []string {
	var out []string
	for i := range mp.Features {
		if tmplLinkFeature(&mp.Features[i]) {
			out = append(out, mp.Features[i].ID)
		}
	}
	if len(out) == 0 {
		out = []string{"none on this map"}
	}
	return out
}

// tmplFeatureHead is the Areas column of such a feature.
func tmplFeatureHead(f *scenarios.Feature) string {
	if f.Name != "" {
		return f.Name
	}
	return f.ID
}

// tmplHex is one hex of a sheet in play, under the id the map uses.
type tmplHex struct {
	id    string
	sheet *scenarios.Sheet
}

// tmplHexID is the id of a sheet's hex as the map writes it ("OTR S0907",
// "2516").
func tmplHexID(s *scenarios.Sheet, col, row int) string {
	d := s.Digits
	if d == 0 {
		d = 2
	}
	p := s.Prefix
	if s.QualifiedPrefix != "" {
		p = s.QualifiedPrefix
	}
	a, b := col, row
	if s.IDOrder == "row-column" {
		a, b = row, col
	}
	return fmt.Sprintf("%s%0*d%0*d", p, d, a, d, b)
}

// tmplHexes lists the hexes of the sheets in play, sheet by sheet, column
// by column. A hex that lies under another sheet (map.json overlaps, followed
// through chained overlaps) is listed once, under the sheet on top.
func tmplHexes(mp *scenarios.Map) []tmplHex {
	sheets := map[string]*scenarios.Sheet{}
	for i := range mp.Sheets {
		sheets[mp.Sheets[i].ID] = &mp.Sheets[i]
	}
	in := func(s *scenarios.Sheet, c, r int) bool {
		return c >= s.Columns.Min && c <= s.Columns.Max && r >= s.Rows.Min && r <= s.Rows.Max
	}
	inPlay := func(s *scenarios.Sheet) bool { return s.InPlay == nil || *s.InPlay }
	var covered func(id string, c, r, depth int) bool
	covered = func(id string, c, r, depth int) bool {
		if depth > len(mp.Overlaps) {
			return false
		}
		for _, o := range mp.Overlaps {
			if o.Lower != id {
				continue
			}
			up := sheets[o.Upper]
			if up == nil || !inPlay(up) {
				continue
			}
			c2, r2 := c+o.ColumnOffset, r+o.RowOffset
			if in(up, c2, r2) || covered(up.ID, c2, r2, depth+1) {
				return true
			}
		}
		return false
	}
	var out []tmplHex
	for i := range mp.Sheets {
		s := &mp.Sheets[i]
		if !inPlay(s) {
			continue
		}
		for c := s.Columns.Min; c <= s.Columns.Max; c++ {
			for r := s.Rows.Min; r <= s.Rows.Max; r++ {
				if covered(s.ID, c, r, 0) {
					continue
				}
				out = append(out, tmplHex{tmplHexID(s, c, r), s})
			}
		}
	}
	return out
}

// tmplCounters are the counters whose printed values are not all known.
func tmplCounters(c *scenarios.Counters) []*scenarios.Counter {
	var out []*scenarios.Counter
	if c == nil {
		return nil
	}
	for i := range c.Counters {
		if c.Counters[i].Printed.Status != "source" {
			out = append(out, &c.Counters[i])
		}
	}
	return out
}

// tmplValueText is a printed value as a cell shows it.
func tmplValueText(v any) any {
	switch x := v.(type) {
	case float64:
		if x == float64(int(x)) {
			return int(x)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		return x
	case string:
		return x
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// Template returns the component template of a game module: an
// Instructions sheet, a Counters sheet (one row per counter whose printed
// values are not all known, one column per value name), and for an area map
// an Areas sheet (TEM, names, terrain and hill membership) and a Links
// sheet (adjacency with boundary type, road, ford, prohibited), for a hex
// map a Terrain sheet (one row per hex of the sheets in play).
// ReadTemplate reads the filled workbook back.
func Template(m *scenarios.Module) ([]byte, error) {
	if m == nil || m.Game == nil || m.Map == nil || m.Counters == nil {
		return nil, fmt.Errorf("export: template: the module did not load (game.json, map.json and counters.json are needed)")
	}
	b, err := newXLSXBook(m, nil)
	if err != nil {
		return nil, fmt.Errorf("export: template: %w", err)
	}
	if err := b.writeTemplate(m); err != nil {
		return nil, fmt.Errorf("export: template: %w", err)
	}
	return b.bytes()
}

func (b *xlsxBook) writeTemplate(m *scenarios.Module) error {
	mp := m.Map
	if err := b.writeTemplateInstructions(m); err != nil {
		return err
	}
	if err := b.writeTemplateLists(m); err != nil {
		return err
	}
	if err := b.writeTemplateCounters(m); err != nil {
		return err
	}
	if mp.Kind == "area" {
		if err := b.writeTemplateAreas(mp); err != nil {
			return err
		}
		if err := b.writeTemplateLinks(mp); err != nil {
			return err
		}
	} else if len(mp.Sheets) > 0 {
		if err := b.writeTemplateTerrain(mp); err != nil {
			return err
		}
	}
	if len(tmplMarkers(m.Game)) > 0 {
		if err := b.writeTemplateMarkers(m.Game); err != nil {
			return err
		}
	}
	for _, tf := range tmplMatrixTables(m) {
		if err := b.writeTemplateMatrix(tf.Table); err != nil {
			return err
		}
	}
	if tf := tmplTrack(m); tf != nil {
		if err := b.writeTemplateTrack(tf.Table); err != nil {
			return err
		}
	}
	if len(m.Game.Decks) > 0 {
		if err := b.writeTemplateDecks(m.Game); err != nil {
			return err
		}
	}
	if _, err := b.f.NewSheet(tmplSheetData); err != nil {
		return err
	}
	vals := []any{templateVersion, m.Game.ID}
	if err := b.f.SetSheetCol(tmplSheetData, "A1", &vals); err != nil {
		return err
	}
	return b.f.SetSheetVisible(tmplSheetData, false, true)
}

// writeTemplateLists fills the hidden Lists sheet the drop-downs read.
func (b *xlsxBook) writeTemplateLists(m *scenarios.Module) error {
	mp := m.Map
	ls := []dropList{{tmplListYesNo, "Yes/no", []string{"yes", "no"}}}
	if mp.Kind == "area" {
		var bt, areas []string
		for _, t := range mp.BoundaryTypes {
			bt = append(bt, t.ID)
		}
		for _, a := range mp.Areas {
			areas = append(areas, a.ID)
		}
		ls = append(ls, dropList{tmplListBoundary, "Boundary types", bt}, dropList{tmplListAreas, "Areas and zones", areas})
		var crossings []string
		for i := range mp.Features {
			if tmplLinkFeature(&mp.Features[i]) {
				crossings = append(crossings, mp.Features[i].ID)
			}
		}
		ls = append(ls, dropList{tmplListCrossing, "Named crossings", crossings})
	}
	// Terrain names the map already uses, offered but not enforced.
	seen := map[string]bool{}
	var terr []string
	for _, h := range mp.Hexes {
		if h.Terrain != "" && !seen[h.Terrain] {
			seen[h.Terrain] = true
			terr = append(terr, h.Terrain)
		}
	}
	sort.Strings(terr)
	ls = append(ls, dropList{tmplListTerrain, "Terrain", terr})
	var sides, deckTh, hexTh []string
	for _, sd := range m.Game.Sides {
		sides = append(sides, sd.ID)
	}
	for _, d := range m.Game.Decks {
		for _, t := range d.Theaters {
			if !tmplContains(deckTh, t) {
				deckTh = append(deckTh, t)
			}
		}
	}
	for _, g := range mp.Regions {
		if g.Kind == "theater" {
			hexTh = append(hexTh, g.ID)
		}
	}
	ls = append(ls, dropList{tmplListSeason, "Seasons", tmplSeasons}, dropList{tmplListCode, "General event codes", tmplEventCodes},
		dropList{tmplListSide, "Sides", sides}, dropList{tmplListTheater, "Event theaters", tmplTheaters},
		dropList{tmplListDeckTh, "Card theaters", deckTh}, dropList{tmplListHexTheater, "Hex theaters", hexTh},
		dropList{tmplListPlaceKind, "Place kinds", []string{"town", "city", "capital"}}, dropList{tmplListPort, "Ports", []string{"ocean", "river"}})
	return b.writeListSheet(ls)
}

func (b *xlsxBook) writeTemplateInstructions(m *scenarios.Module) error {
	sh := tmplSheetInstructions
	if err := b.newSheet(sh); err != nil {
		return err
	}
	mp := m.Map
	type line struct {
		text string
		head bool
	}
	var ls []line
	add := func(head bool, format string, args ...any) {
		ls = append(ls, line{fmt.Sprintf(format, args...), head})
	}
	add(true, "%s: facts printed on the map and counters", m.Game.Title)
	add(false, "The rulebook does not contain these facts, so the muster module %q marks them missing. If you own the game, read them off the components and fill in the empty cells. Leave a cell empty when you cannot read it: an empty cell changes nothing.", m.Game.ID)
	add(false, "Grey headers are for reference and are not read back (except the ids that name the row). Blue headers are the cells to fill in. Rows may be sorted or filtered; columns may be moved.")
	add(false, "Read the filled workbook back with:  muster import template FILE.xlsx --module %s -o NEW-FOLDER", m.Game.ID)
	add(false, "It writes a copy of the module with your values applied, checked like muster validate; a cell it cannot use is reported as Sheet!Cell and nothing is written.")
	add(false, "")
	add(true, "Sheet %s", tmplSheetCounters)
	if len(m.Counters.Values) > 0 {
		add(false, "One row per counter whose printed values are not all known (%d of %d counters), one column per value the game's counters carry: %s. Cells already filled are values the rulebook gives; they are shown for checking and are not to be changed here.",
			len(tmplCounters(m.Counters)), len(m.Counters.Counters), strings.Join(m.Counters.Values, ", "))
	} else {
		add(false, "counters.json lists no value names (its \"values\"), so this sheet has no value columns; add them to counters.json first.")
	}
	add(false, "Type whole numbers as printed, and a symbol (such as *) as printed; a word is refused. Type - where a counter prints no such value. A counter whose values are all filled gets printed status \"source\", one with some \"partial\". The Notes cell, if filled, becomes a comment on the counter.")
	for _, n := range m.Counters.Notes {
		if n.Kind == "comment" || n.Kind == "missing" {
			add(false, "counters.json: %s", n.Text)
		}
	}
	if mp.Kind == "area" {
		var feats []string
		for i := range mp.Features {
			if f := &mp.Features[i]; tmplAreaFeature(f) {
				h := tmplFeatureHead(f)
				if f.Count != nil {
					h += fmt.Sprintf(" (%d in all)", *f.Count)
				}
				feats = append(feats, h)
			}
		}
		add(false, "")
		add(true, "Sheet %s", tmplSheetAreas)
		add(false, "One row per Area and Zone (%d). Fill in the Name where the map prints one that the rulebook does not give, the TEM (the Terrain Effects Modifier printed in the Identifier, a whole number), and yes or no for %s. Yes is prefilled where the rulebook names the area; no only where the map file says the list is complete.",
			len(mp.Areas), strings.Join(feats, ", "))
		add(false, "")
		add(true, "Sheet %s", tmplSheetLinks)
		add(false, "One row per link between two adjacent Areas or Zones. The links the module already has come first; add a row for every other link, in any order (Area A and Area B are ids; which is A does not matter). Boundary is one of: %s. Road: a road crosses the boundary. Ford: a ford on a major water boundary. Prohibited: no movement across (red X). Crossing: the name of a crossing the rules single out (%s), on its link.",
			strings.Join(tmplBoundaryIDs(mp), ", "), strings.Join(tmplCrossingIDs(mp), ", "))
	} else if len(mp.Sheets) > 0 {
		add(false, "")
		add(true, "Sheet %s", tmplSheetTerrain)
		add(false, "One row per hex of the map sheets in play (%d); a hex under another sheet is listed once, under the sheet on top. Type the hex's terrain as the Terrain Effects Chart names it (clear, woods, ...), one name per hex, the same spelling throughout.",
			len(tmplHexes(mp)))
	}
	if mks := tmplMarkers(m.Game); len(mks) > 0 {
		var names []string
		for _, mk := range mks {
			names = append(names, fmt.Sprintf("%s (%s)", mk.Name, mk.ID))
		}
		add(false, "")
		add(true, "Sheet %s", tmplSheetMarkers)
		add(false, "The rules limit play to the markers supplied with the game, and the rulebook does not say how many there are: %s. One row per marker and side. Count the markers on the counter sheet and type each side's count in Supplied, a whole number (0 for a side the rules give none). Fill every side of a marker or none: a marker with all its cells empty stays missing, one with some empty is refused. The counts go into game.json (the marker's \"supplied\"), the marker is no longer listed missing, and the engine enforces the limit.", strings.Join(names, ", "))
	}
	if cols := tmplHexDataCols(mp); len(cols) > 0 && len(mp.Sheets) > 0 {
		var heads []string
		for _, c := range cols {
			heads = append(heads, c.head)
		}
		add(false, "")
		add(true, "Sheet %s: hex data", tmplSheetTerrain)
		add(false, "Beside Terrain, the columns %s ask what the map prints in each hex. Fill them in parts, a theater at a time if you like: a row with any of them needs its Theater, and counts as read off the map (an empty cell of such a row means the hex has none: no port, no BPs). States: one state, or two separated by a comma where a state border runs through the hex (names or ids of map.json's states). Objective and Salt: yes or no. BP: whole number. Blockade zone and Blockade DRM (such as +2) go together. map.json keeps the topics missing until every hex is filled.", strings.Join(heads, ", "))
	}
	for _, tf := range tmplMatrixTables(m) {
		t := tf.Table
		add(false, "")
		add(true, "Sheet %s", tmplMatrixSheet(t))
		how := map[string]string{"result": "the SPs lost and the mark as printed (2, 1*, 0◇: * for an asterisk, ◇ or D for a diamond)", "bp": "the BPs and a Maintenance rise as printed (10, +2M, 4 +2M)", "value": "the number as printed", "region": "the state as printed (a name or id of map.json's states)"}[tmplMatrixCellKind(t)]
		add(false, "%s (rule %s) as printed on its component. Row 1: %s in A1, then one column per column of the table, its heading as printed with its dice in brackets (such as 9-12 (2d6)); the columns the rulebook names are there already, add the others in printed order. One row per row of the table: its key in column A as printed (<=1, 7, 20+ for the last, open row), then one cell per column: %s. Every cell is read: a cell muster cannot read is reported, and an empty cell in a filled row is an error.", t.Title, t.Rule, tmplMatrixKeyHead(t), how)
	}
	if tf := tmplTrack(m); tf != nil {
		add(false, "")
		add(true, "Sheets %s and %s", tmplSheetTrack, tmplSheetGenerals)
		add(false, "One row per turn of the track: Season (winter, spring, summer, fall), Year, Benchmark (the Union Benchmark printed on the turn), Winter (yes/no). Values the rulebook gives are filled and may not be changed. General Events: one row per general event printed on the track; those the rulebook names are listed, add the others: Turn, Side, Code (%s), General and Partner (the counter's Id or Name), Theater (E, W or TM for an arrival), Printed (the name as the track prints it), Optional (yes/no).", strings.Join(tmplEventCodes, ", "))
	}
	if len(m.Game.Decks) > 0 {
		add(false, "")
		add(true, "Sheet %s", tmplSheetDecks)
		add(false, "One row per card of each deck (game.json decks), numbered. Type each card's Theater (one of the deck's), and its Title and Naval (yes/no) if you like. Fill every card of a deck or none.")
	}
	add(false, "")
	add(true, "Counters the rulebook never names")
	add(false, "Add a row to the %s sheet with a new Id (lower case letters, digits and . _ / -, such as u.smith.ldr-general), its Name, Side and Type, and its values: the counter is added to counters.json.", tmplSheetCounters)
	if len(mp.Missing) > 0 {
		add(false, "")
		add(true, "Everything map.json marks missing")
		add(false, "For reference. What the sheets above do not ask for has to be added to map.json by hand.")
		for _, t := range mp.Missing {
			add(false, "%s: %s", t.Topic, t.Text)
		}
	}
	col := make([]any, len(ls))
	for i, l := range ls {
		col[i] = l.text
	}
	if err := b.f.SetSheetCol(sh, "A1", &col); err != nil {
		return err
	}
	if err := b.f.SetColWidth(sh, "A", "A", 120); err != nil {
		return err
	}
	if err := b.f.SetColStyle(sh, "A", b.wrap); err != nil {
		return err
	}
	b.noteWrap(sh, 1, 120)
	bold, err := b.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 12}, Alignment: &excelize.Alignment{Vertical: "top", WrapText: true}})
	if err != nil {
		return err
	}
	for i, l := range ls {
		if l.head {
			if err := b.f.SetCellStyle(sh, xlsxCell(1, i+1), xlsxCell(1, i+1), bold); err != nil {
				return err
			}
		}
	}
	portrait, one, any := "portrait", 1, 0
	if err := b.f.SetPageLayout(sh, &excelize.PageLayoutOptions{Orientation: &portrait, FitToWidth: &one, FitToHeight: &any}); err != nil {
		return err
	}
	fit := true
	return b.f.SetSheetProps(sh, &excelize.SheetPropsOptions{FitToPage: &fit})
}

func tmplBoundaryIDs(mp *scenarios.Map) []string {
	var out []string
	for _, t := range mp.BoundaryTypes {
		out = append(out, t.ID)
	}
	return out
}

func (b *xlsxBook) writeTemplateCounters(m *scenarios.Module) error {
	c := m.Counters
	g := &xlsxGrid{sheet: tmplSheetCounters, freezeCols: 2}
	g.col(tmplColID, 24, false, true, "")
	g.col(tmplColName, 18, false, true, "")
	g.col(tmplColSide, 12, false, true, "")
	g.col(tmplColType, 8, false, true, "")
	g.col(tmplColSize, 8, false, true, "")
	g.col(tmplColCommand, 10, false, true, "")
	for _, v := range c.Values {
		g.col(v, float64(max(10, len(v)+4)), false, false, "")
	}
	g.col(tmplColStatus, 10, false, true, "")
	g.col(tmplColNotes, 40, true, false, "")
	for _, ct := range tmplCounters(c) {
		g.rows = append(g.rows, tmplCounterCells(c, ct))
	}
	return b.writeGrid(g)
}

// tmplCounterCells is a counter's row of the Counters sheet.
func tmplCounterCells(c *scenarios.Counters, ct *scenarios.Counter) []any {
	cmd := ct.Command
	if cmd == "" {
		cmd = strings.Join(ct.Commands, ", ")
	}
	row := []any{ct.ID, ct.Name, ct.Side, ct.Type, ct.Size, cmd}
	for _, v := range c.Values {
		row = append(row, tmplValueText(ct.Printed.Values[v]))
	}
	return append(row, ct.Printed.Status, "")
}

// tmplMarkers are the markers whose supplied count the Markers sheet asks
// for: those game.json marks suppliedMissing, and those it gives a count
// (shown for checking, and changed if the cell is).
func tmplMarkers(g *scenarios.Game) []*scenarios.Marker {
	var out []*scenarios.Marker
	for i := range g.Markers {
		if mk := &g.Markers[i]; mk.SuppliedMissing || mk.Supplied != nil {
			out = append(out, mk)
		}
	}
	return out
}

// writeTemplateMarkers writes the Markers sheet: one row per marker with
// a supplied count and side of the game.
func (b *xlsxBook) writeTemplateMarkers(gm *scenarios.Game) error {
	g := &xlsxGrid{sheet: tmplSheetMarkers, freezeCols: 1}
	g.col(tmplColID, 18, false, true, "")
	g.col(tmplColName, 24, false, true, "")
	g.col(tmplColSide, 14, false, true, "")
	g.col(tmplColSupplied, 10, false, false, "")
	for _, mk := range tmplMarkers(gm) {
		for _, sd := range gm.Sides {
			n := any("")
			if v, ok := mk.Supplied[sd.ID]; ok && !mk.SuppliedMissing {
				n = v
			}
			g.rows = append(g.rows, []any{mk.ID, mk.Name, sd.ID, n})
		}
	}
	return b.writeGrid(g)
}

func (b *xlsxBook) writeTemplateAreas(mp *scenarios.Map) error {
	g := &xlsxGrid{sheet: tmplSheetAreas, freezeCols: 1}
	g.col(tmplColID, 6, false, true, "")
	g.col(tmplColKind, 7, false, true, "")
	g.col(tmplColName, 24, false, false, "")
	g.col(tmplColSector, 13, false, true, "")
	g.col(tmplColTEM, 7, false, false, "")
	var feats []*scenarios.Feature
	for i := range mp.Features {
		if f := &mp.Features[i]; tmplAreaFeature(f) {
			feats = append(feats, f)
			g.col(tmplFeatureHead(f), float64(max(12, len(tmplFeatureHead(f))+2)), false, false, tmplListYesNo)
		}
	}
	for _, a := range mp.Areas {
		tem := any("")
		if a.TEM != nil {
			tem = *a.TEM
		}
		row := []any{a.ID, a.Kind, a.Name, a.Sector, tem}
		for _, f := range feats {
			v := ""
			switch {
			case tmplContains(f.Hexes, a.ID):
				v = "yes"
			case f.Complete != nil && *f.Complete:
				v = "no"
			}
			row = append(row, v)
		}
		g.rows = append(g.rows, row)
	}
	return b.writeGrid(g)
}

func tmplContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (b *xlsxBook) writeTemplateLinks(mp *scenarios.Map) error {
	g := &xlsxGrid{sheet: tmplSheetLinks}
	g.col(tmplColA, 9, false, false, tmplListAreas)
	g.col(tmplColB, 9, false, false, tmplListAreas)
	g.col(tmplColBoundary, 16, false, false, tmplListBoundary)
	g.col(tmplColRoad, 8, false, false, tmplListYesNo)
	g.col(tmplColFord, 8, false, false, tmplListYesNo)
	g.col(tmplColProhibited, 11, false, false, tmplListYesNo)
	g.col(tmplColCrossing, 18, false, false, tmplListCrossing)
	yes := func(v bool) string {
		if v {
			return "yes"
		}
		return ""
	}
	crossing := map[string]string{} // pair key -> feature id
	for i := range mp.Features {
		if f := &mp.Features[i]; tmplLinkFeature(f) && len(f.Hexes) == 2 {
			crossing[tmplPairKey(f.Hexes[0], f.Hexes[1])] = f.ID
		}
	}
	for _, l := range mp.Adjacency {
		if len(l.Between) != 2 {
			continue
		}
		g.rows = append(g.rows, []any{l.Between[0], l.Between[1], l.Boundary, yes(l.Road), yes(l.Ford), yes(l.Prohibited), crossing[tmplPairKey(l.Between[0], l.Between[1])]})
	}
	return b.writeGrid(g)
}

func (b *xlsxBook) writeTemplateTerrain(mp *scenarios.Map) error {
	g := &xlsxGrid{sheet: tmplSheetTerrain, freezeCols: 1}
	g.col(tmplColHex, 11, false, true, "")
	g.col(tmplColSheet, 14, false, true, "")
	g.col(tmplColPlace, 28, false, true, "")
	g.col(tmplColTerrain, 16, false, false, tmplListTerrain)
	cols := tmplHexDataCols(mp)
	for _, c := range cols {
		g.col(c.head, float64(max(9, len(c.head)+3)), false, false, c.list)
	}
	places := map[string][]string{}
	for _, p := range mp.Places {
		places[p.At] = append(places[p.At], p.Name)
	}
	data := map[string]*scenarios.HexData{}
	for i := range mp.Hexes {
		data[mp.Hexes[i].At] = &mp.Hexes[i]
	}
	for _, h := range tmplHexes(mp) {
		terrain := ""
		if d := data[h.id]; d != nil {
			terrain = d.Terrain
		}
		row := []any{h.id, h.sheet.Name, strings.Join(places[h.id], "; "), terrain}
		g.rows = append(g.rows, append(row, tmplHexDataCells(cols, data[h.id])...))
	}
	return b.writeGrid(g)
}

// The reader edits module documents as parsed trees, so every key, note and
// number of the files stays as it was; these build and change nodes.

func tmplClone(n *jsonsrc.Node) *jsonsrc.Node {
	if n == nil {
		return nil
	}
	c := &jsonsrc.Node{Kind: n.Kind, Text: n.Text, Bool: n.Bool}
	for _, it := range n.Items {
		c.Items = append(c.Items, tmplClone(it))
	}
	for _, m := range n.Members {
		c.Members = append(c.Members, jsonsrc.Member{Key: m.Key, Value: tmplClone(m.Value)})
	}
	return c
}

func tmplStr(s string) *jsonsrc.Node { return &jsonsrc.Node{Kind: jsonsrc.String, Text: s} }
func tmplInt(i int) *jsonsrc.Node    { return &jsonsrc.Node{Kind: jsonsrc.Number, Text: strconv.Itoa(i)} }
func tmplBool(v bool) *jsonsrc.Node  { return &jsonsrc.Node{Kind: jsonsrc.Bool, Bool: v} }
func tmplObj() *jsonsrc.Node         { return &jsonsrc.Node{Kind: jsonsrc.Object} }
func tmplArr() *jsonsrc.Node         { return &jsonsrc.Node{Kind: jsonsrc.Array} }

// tmplSet sets key of an object node, keeping its place when present.
func tmplSet(obj *jsonsrc.Node, key string, v *jsonsrc.Node) {
	for i := range obj.Members {
		if obj.Members[i].Key == key {
			obj.Members[i].Value = v
			return
		}
	}
	obj.Members = append(obj.Members, jsonsrc.Member{Key: key, Value: v})
}

// tmplDel removes key from an object node.
func tmplDel(obj *jsonsrc.Node, key string) {
	for i := range obj.Members {
		if obj.Members[i].Key == key {
			obj.Members = append(obj.Members[:i], obj.Members[i+1:]...)
			return
		}
	}
}

// tmplList returns the array at key of obj, creating it when absent.
func tmplList(obj *jsonsrc.Node, key string) *jsonsrc.Node {
	if n := obj.Get(key); n != nil && n.Kind == jsonsrc.Array {
		return n
	}
	n := tmplArr()
	tmplSet(obj, key, n)
	return n
}
