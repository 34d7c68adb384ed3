package sheet

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/export/oob"
	"github.com/musterhq/muster/scenarios"
)

// DefaultSchemaRef is the "$schema" an imported scenario gets when its
// workbook does not say (the one the shipped scenario files use).
const DefaultSchemaRef = "../../../schema/scenario.schema.json"

// xlsxDataVersion tags the hidden data sheet so a later muster can tell
// which layout it reads.
const xlsxDataVersion = "muster-xlsx 1"

// xlsxData is what the hidden sheet carries: the scenario as it was
// exported, so the parts a spreadsheet does not show (special-rule effects,
// the structure of victory awards, notes, sources) survive the round trip.
type xlsxData struct {
	Version string `json:"version"`
	Schema  string `json:"schema"`
	// Scenario is the scenario document as read (so an import keeps the
	// order of its free-form maps) or, without one, as encoded.
	Scenario json.RawMessage `json:"scenario"`
}

// xlsxBook is a workbook being written.
type xlsxBook struct {
	f      *excelize.File
	x      *xlsxCtx
	head   int               // header style
	headRO int               // header style of derived (read-only) columns
	wrap   int               // wrapped text
	lists  map[string]string // list key -> range on the Lists sheet
	first  bool              // the first sheet still carries excelize's default name
	opt    Options
	// wrapCols are the wrapped columns of each sheet and their widths,
	// for the row heights (fitRows).
	wrapCols map[string]map[int]float64
}

// Options tune a workbook.
type Options struct {
	// Draft, above 0, is the number of validation errors of the scenario
	// (or of a module's scenarios) exported as a draft (muster export xlsx
	// --draft): every sheet's tab turns red and its printed pages carry
	// the count in their header; the overview (or the catalog) says so on
	// screen. An import reads a draft workbook as it reads any other.
	Draft int
	// Errors are the validation errors of each scenario of a catalog, by
	// scenario id: a draft catalog lists them.
	Errors map[string]int
}

// DraftText is the mark of a draft workbook: "DRAFT — 4 validation errors".
func DraftText(errors int) string {
	word := "errors"
	if errors == 1 {
		word = "error"
	}
	return fmt.Sprintf("DRAFT — %d validation %s", errors, word)
}

// xlsxGrid is one table sheet: a header row, rows of cells, and what the
// sheet should offer (drop-down lists, frozen columns).
type xlsxGrid struct {
	sheet      string
	heads      []string
	widths     []float64
	wrap       []bool
	readOnly   []bool
	lists      []string
	rows       [][]any
	freezeCols int
	side       string // commands list of this side; "" for all sides
	extra      func(b *xlsxBook) error
	// printExtra prints what extra writes to the right of the table (a
	// level table's text); otherwise it stays on screen (a setup's
	// legend, a draft catalog's note).
	printExtra bool
}

func (g *xlsxGrid) col(head string, width float64, wrap, ro bool, list string) {
	g.heads = append(g.heads, head)
	g.widths = append(g.widths, width)
	g.wrap = append(g.wrap, wrap)
	g.readOnly = append(g.readOnly, ro)
	g.lists = append(g.lists, list)
}

func xlsxAddCols[T any](g *xlsxGrid, cols []xlsxCol[T]) {
	for _, c := range cols {
		g.col(c.head, c.width, c.wrap, c.set == nil, c.list)
	}
}

func xlsxCells[T any](x *xlsxCtx, cols []xlsxCol[T], r *T) []any {
	out := make([]any, 0, len(cols)+2)
	for _, c := range cols {
		out = append(out, xlsxCellValue(c.head, c.get(x, r)))
	}
	return out
}

// xlsxNumericHeads are columns written as numbers when their text is one,
// so spreadsheet sums and sorts work.
var xlsxNumericHeads = map[string]bool{"Manpower": true, "Turn": true, "Row": true, "Points": true,
	"Min": true, "Max": true, "Under": true, "Count": true, "Turns": true, "Units": true, "Leaders": true}

func xlsxCellValue(head, v string) any {
	if xlsxNumericHeads[head] && v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
		if f, err := strconv.ParseFloat(v, 64); err == nil && strconv.FormatFloat(f, 'f', -1, 64) == v {
			return f
		}
	}
	return v
}

func newXLSXBook(m *scenarios.Module, s *scenarios.Scenario) (*xlsxBook, error) {
	if m == nil || m.Game == nil {
		return nil, fmt.Errorf("export: xlsx needs the scenario's game module")
	}
	f := excelize.NewFile()
	b := &xlsxBook{f: f, x: &xlsxCtx{mod: m, ix: m.Index(), scn: s}, lists: map[string]string{}, first: true}
	var err error
	if b.head, err = f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true, Color: "FFFFFF"},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"1F4E78"}},
		Alignment: &excelize.Alignment{Vertical: "center", WrapText: true},
		Border:    []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}},
	}); err != nil {
		return nil, err
	}
	if b.headRO, err = f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true, Italic: true, Color: "FFFFFF"},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"7F7F7F"}},
		Alignment: &excelize.Alignment{Vertical: "center", WrapText: true},
		Border:    []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}},
	}); err != nil {
		return nil, err
	}
	if b.wrap, err = f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{Vertical: "top", WrapText: true}}); err != nil {
		return nil, err
	}
	return b, nil
}

// newSheet adds a sheet, reusing excelize's default first sheet.
func (b *xlsxBook) newSheet(name string) error {
	if b.first {
		b.first = false
		return b.f.SetSheetName("Sheet1", name)
	}
	_, err := b.f.NewSheet(name)
	return err
}

func xlsxCell(col, row int) string {
	c, _ := excelize.CoordinatesToCellName(col, row)
	return c
}

func xlsxColLetters(col int) string {
	n, _ := excelize.ColumnNumberToName(col)
	return n
}

// xlsxSheetRef quotes a sheet name for a formula.
func xlsxSheetRef(name string) string {
	return "'" + strings.ReplaceAll(name, "'", "''") + "'"
}

// writeGrid writes a table sheet with a styled, frozen header, an
// autofilter, column widths, drop-down lists and print setup.
func (b *xlsxBook) writeGrid(g *xlsxGrid) error {
	f := b.f
	if err := b.newSheet(g.sheet); err != nil {
		return err
	}
	heads := make([]any, len(g.heads))
	for i, h := range g.heads {
		heads[i] = h
	}
	if err := f.SetSheetRow(g.sheet, "A1", &heads); err != nil {
		return err
	}
	for i := range g.rows {
		if err := f.SetSheetRow(g.sheet, xlsxCell(1, i+2), &g.rows[i]); err != nil {
			return err
		}
	}
	last := len(g.heads)
	lastRow := len(g.rows) + 1
	for i := range g.heads {
		col := xlsxColLetters(i + 1)
		style := b.head
		if g.readOnly[i] {
			style = b.headRO
		}
		if err := f.SetCellStyle(g.sheet, col+"1", col+"1", style); err != nil {
			return err
		}
		if err := f.SetColWidth(g.sheet, col, col, g.widths[i]); err != nil {
			return err
		}
		if g.wrap[i] {
			b.noteWrap(g.sheet, i+1, g.widths[i])
			if err := f.SetColStyle(g.sheet, col, b.wrap); err != nil {
				return err
			}
			if err := f.SetCellStyle(g.sheet, col+"1", col+"1", style); err != nil {
				return err
			}
		}
		if key := g.lists[i]; key != "" {
			if key == xlsxListCommands {
				key = xlsxListCommands + ":" + g.side
			}
			if ref := b.lists[key]; ref != "" {
				dv := excelize.NewDataValidation(true)
				// Room for rows the user adds below the exported ones.
				dv.SetSqref(fmt.Sprintf("%s2:%s%d", col, col, lastRow+500))
				dv.SetSqrefDropList(ref)
				dv.SetError(excelize.DataValidationErrorStyleWarning, g.heads[i], "Not one of the game's values: muster import will report it.")
				if err := f.AddDataValidation(g.sheet, dv); err != nil {
					return err
				}
			}
		}
	}
	if err := f.SetRowHeight(g.sheet, 1, 30); err != nil {
		return err
	}
	if err := f.SetPanes(g.sheet, &excelize.Panes{Freeze: true, XSplit: g.freezeCols, YSplit: 1,
		TopLeftCell: xlsxCell(g.freezeCols+1, 2), ActivePane: xlsxPane(g.freezeCols)}); err != nil {
		return err
	}
	if err := f.AutoFilter(g.sheet, fmt.Sprintf("A1:%s%d", xlsxColLetters(last), lastRow), nil); err != nil {
		return err
	}
	if err := b.printSetup(g.sheet, g.heads, g.widths, g.freezeCols, g.extra != nil && !g.printExtra); err != nil {
		return err
	}
	if g.extra != nil {
		return g.extra(b)
	}
	return nil
}

func xlsxPane(freezeCols int) string {
	if freezeCols > 0 {
		return "bottomRight"
	}
	return "bottomLeft"
}

// writeLists fills the hidden Lists sheet the drop-downs read from.
func (b *xlsxBook) writeLists(sides []string) error {
	g := b.x.mod.Game
	ls := []dropList{
		{xlsxListSizes, "Size", b.x.sizes()},
		{xlsxListTypes, "Type", b.x.types()},
		{xlsxListAdjud, "Adjudication", []string{"manual"}},
	}
	var all []string
	seen := map[string]bool{}
	for _, side := range sides {
		cmds := b.x.commands(side)
		ls = append(ls, dropList{xlsxListCommands + ":" + side, "Commands " + side, cmds})
		for _, c := range cmds {
			if !seen[c] {
				seen[c] = true
				all = append(all, c)
			}
		}
	}
	_ = g
	ls = append(ls, dropList{xlsxListCommands + ":", "Commands (all)", all})
	return b.writeListSheet(ls)
}

// dropList is one column of the hidden Lists sheet: a drop-down's values
// under a heading, found again by key.
type dropList struct {
	key, head string
	vals      []string
}

// writeListSheet writes the hidden Lists sheet the drop-downs read from.
func (b *xlsxBook) writeListSheet(ls []dropList) error {
	if _, err := b.f.NewSheet(xlsxSheetLists); err != nil {
		return err
	}
	for i, l := range ls {
		col := xlsxColLetters(i + 1)
		vals := make([]any, 0, len(l.vals)+1)
		vals = append(vals, l.head)
		for _, v := range l.vals {
			vals = append(vals, v)
		}
		if err := b.f.SetSheetCol(xlsxSheetLists, col+"1", &vals); err != nil {
			return err
		}
		if len(l.vals) > 0 {
			b.lists[l.key] = fmt.Sprintf("%s!$%s$2:$%s$%d", xlsxSheetRef(xlsxSheetLists), col, col, len(l.vals)+1)
		}
	}
	return b.f.SetSheetVisible(xlsxSheetLists, false)
}

// writeData stores the exported scenario as JSON in the hidden sheet, in
// pieces that fit a cell.
func (b *xlsxBook) writeData(schemaRef string, src []byte) error {
	if schemaRef == "" {
		schemaRef = DefaultSchemaRef
	}
	if src == nil {
		// Encode a copy: filling in required lists must not change the
		// caller's scenario.
		js, err := json.Marshal(b.x.scn)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		var cp scenarios.Scenario
		if err := json.Unmarshal(js, &cp); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		if src, err = xlsxEncode(&cp, schemaRef); err != nil {
			return err
		}
	}
	js, err := json.Marshal(xlsxData{Version: xlsxDataVersion, Schema: schemaRef, Scenario: src})
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if _, err := b.f.NewSheet(xlsxSheetData); err != nil {
		return err
	}
	chunks := []any{xlsxDataVersion}
	for s := string(js); s != ""; {
		n := min(len(s), 30000)
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n--
		}
		chunks = append(chunks, s[:n])
		s = s[n:]
	}
	if err := b.f.SetSheetCol(xlsxSheetData, "A1", &chunks); err != nil {
		return err
	}
	return b.f.SetSheetVisible(xlsxSheetData, false, true)
}

// xlsxPlaced is a setup row with where it sits: its table and place in it.
type xlsxPlaced struct {
	table, row int
	r          *scenarios.SetupRow
}

// Write returns the workbook of one scenario: an overview, a sheet per
// side's setup, reinforcements, markers, start markers, special rules,
// victory lines and levels, the order of battle, and the hidden sheets the
// drop-downs and muster import read. schemaRef is the "$schema" an import
// gives back (DefaultSchemaRef when empty).
func Write(m *scenarios.Module, s *scenarios.Scenario, schemaRef string) ([]byte, error) {
	return xlsxScenario(m, s, schemaRef, nil, Options{})
}

// WriteFile is Write for a loaded scenario file: the workbook keeps the
// file's "$schema" and its text, so that importing the untouched workbook
// gives back the same file, byte for byte when it was in canonical form.
func WriteFile(sf *scenarios.ScenarioFile) ([]byte, error) {
	return WriteFileOpts(sf, Options{})
}

// WriteFileOpts is WriteFile with options (a draft's marks).
func WriteFileOpts(sf *scenarios.ScenarioFile, opt Options) ([]byte, error) {
	if sf == nil || sf.Scenario == nil {
		return nil, fmt.Errorf("export: xlsx: no scenario")
	}
	ref := ""
	var src []byte
	if d := sf.Doc; d != nil && d.Valid && d.Root != nil && d.File != nil {
		if n := d.Root.Get("$schema"); n != nil {
			ref = n.Text
		}
		src = d.File.Bytes
	}
	return xlsxScenario(sf.Module, sf.Scenario, ref, src, opt)
}

func xlsxScenario(m *scenarios.Module, s *scenarios.Scenario, schemaRef string, src []byte, opt Options) ([]byte, error) {
	b, err := newXLSXBook(m, s)
	if err != nil {
		return nil, err
	}
	b.opt = opt
	if err := b.writeScenario(s); err != nil {
		return nil, fmt.Errorf("export: xlsx: %w", err)
	}
	if err := b.writeData(schemaRef, src); err != nil {
		return nil, fmt.Errorf("export: xlsx: %w", err)
	}
	return b.bytes()
}

func (b *xlsxBook) bytes() ([]byte, error) {
	if err := b.markDraft(); err != nil {
		return nil, fmt.Errorf("export: xlsx: %w", err)
	}
	if err := b.fitRows(); err != nil {
		return nil, fmt.Errorf("export: xlsx: %w", err)
	}
	b.f.SetActiveSheet(0)
	buf, err := b.f.WriteToBuffer()
	if err != nil {
		return nil, fmt.Errorf("export: xlsx: %w", err)
	}
	return buf.Bytes(), nil
}

// markDraft marks every visible sheet of a draft: a red tab on screen,
// and the draft's error count in the header of every printed page. The
// hidden sheets muster import reads stay as they are.
func (b *xlsxBook) markDraft() error {
	if b.opt.Draft <= 0 {
		return nil
	}
	text := DraftText(b.opt.Draft)
	tab := xlsxDraftColor
	for _, sh := range b.f.GetSheetList() {
		if visible, err := b.f.GetSheetVisible(sh); err != nil || !visible {
			continue
		}
		if err := b.f.SetSheetProps(sh, &excelize.SheetPropsOptions{TabColorRGB: &tab}); err != nil {
			return err
		}
		// &C: centred; &"-,Bold": the sheet's font, bold; &A: the sheet.
		if err := b.f.SetHeaderFooter(sh, &excelize.HeaderFooterOptions{
			OddHeader: `&C&"-,Bold"&14` + text,
			OddFooter: `&L` + text + `&R&A, page &P of &N`,
		}); err != nil {
			return err
		}
	}
	return nil
}

// xlsxDraftColor is the colour of a draft's tabs and notes.
const xlsxDraftColor = "B00020"

// draftStyle is the style of a draft's note on screen.
func (b *xlsxBook) draftStyle() (int, error) {
	return b.f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true, Color: "FFFFFF"},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{xlsxDraftColor}},
		Alignment: &excelize.Alignment{Vertical: "top", WrapText: true},
	})
}

func (b *xlsxBook) writeScenario(s *scenarios.Scenario) error {
	x := b.x
	if err := b.writeInfo(s); err != nil {
		return err
	}
	var sides []string
	for _, sd := range x.mod.Game.Sides {
		sides = append(sides, sd.ID)
	}
	if err := b.writeLists(sides); err != nil {
		return err
	}
	names := xlsxTableSheets(x.mod, s)
	var reinf, markers []xlsxPlaced
	for ti := range s.Setup {
		t := &s.Setup[ti]
		x.side, x.legend = t.Side, t.Footnotes
		g := &xlsxGrid{sheet: names[ti], side: t.Side, freezeCols: 1}
		xlsxAddCols(g, xlsxSetupCols)
		g.col("Row", 6, false, false, "")
		for ri := range t.Rows {
			r := &t.Rows[ri]
			switch xlsxRowSheet(r) {
			case xlsxSheetReinf:
				reinf = append(reinf, xlsxPlaced{ti, ri, r})
			case xlsxSheetMarkers:
				markers = append(markers, xlsxPlaced{ti, ri, r})
			default:
				g.rows = append(g.rows, append(xlsxCells(x, xlsxSetupCols, r), ri+1))
			}
		}
		g.extra = func(b *xlsxBook) error { return b.writeLegend(g.sheet, len(g.heads)+2, t) }
		if err := b.writeGrid(g); err != nil {
			return err
		}
	}
	for _, sheet := range []struct {
		name string
		cols []xlsxRowCol
		rows []xlsxPlaced
	}{{xlsxSheetReinf, xlsxReinfCols, reinf}, {xlsxSheetMarkers, xlsxMarkerCols, markers}} {
		g := &xlsxGrid{sheet: sheet.name, freezeCols: 2}
		g.col("Setup", 18, false, false, "")
		xlsxAddCols(g, sheet.cols)
		g.col("Row", 6, false, false, "")
		for _, p := range sheet.rows {
			t := &s.Setup[p.table]
			x.side, x.legend = t.Side, t.Footnotes
			cells := append([]any{names[p.table]}, xlsxCells(x, sheet.cols, p.r)...)
			g.rows = append(g.rows, append(cells, p.row+1))
		}
		if err := b.writeGrid(g); err != nil {
			return err
		}
	}
	x.side, x.legend = "", nil
	if err := b.writeSchedule(s); err != nil {
		return err
	}
	if err := b.writeStartMarkers(s); err != nil {
		return err
	}
	if err := b.writeRules(s); err != nil {
		return err
	}
	if err := b.writeVictory(s); err != nil {
		return err
	}
	if err := b.writeLevels(s); err != nil {
		return err
	}
	return b.writeOOB(s)
}

// writeLegend writes a setup table's footnote legend to the right of its
// rows: each mark, its printed meaning and what muster reads from it.
func (b *xlsxBook) writeLegend(sheet string, col int, t *scenarios.SetupTable) error {
	heads := []any{"Mark", "Meaning", "Gives"}
	if err := b.f.SetSheetRow(sheet, xlsxCell(col, 1), &heads); err != nil {
		return err
	}
	if err := b.f.SetCellStyle(sheet, xlsxCell(col, 1), xlsxCell(col+1, 1), b.head); err != nil {
		return err
	}
	if err := b.f.SetCellStyle(sheet, xlsxCell(col+2, 1), xlsxCell(col+2, 1), b.headRO); err != nil {
		return err
	}
	for i, fn := range t.Footnotes {
		var gives []string
		if len(fn.States) > 0 {
			gives = append(gives, xlsxStatesText(fn.States))
		}
		for _, rs := range fn.Restrictions {
			gives = append(gives, xlsxRestrictionText(rs))
		}
		if fn.Rule != "" {
			gives = append(gives, "rule "+fn.Rule)
		}
		row := []any{fn.Symbol, fn.Text, strings.Join(gives, "; ")}
		if err := b.f.SetSheetRow(sheet, xlsxCell(col, i+2), &row); err != nil {
			return err
		}
	}
	if t.RowsMissing != "" {
		// Say why the sheet is empty where its rows would be read.
		note := "No rows: the source prints this setup elsewhere (" + t.RowsMissing + ")."
		if err := b.f.SetCellStr(sheet, xlsxCell(col+2, len(t.Footnotes)+3), note); err != nil {
			return err
		}
	}
	if err := b.f.SetColWidth(sheet, xlsxColLetters(col), xlsxColLetters(col), 7); err != nil {
		return err
	}
	if err := b.f.SetColWidth(sheet, xlsxColLetters(col+1), xlsxColLetters(col+2), 40); err != nil {
		return err
	}
	b.noteWrap(sheet, col+1, 40)
	b.noteWrap(sheet, col+2, 40)
	return b.f.SetColStyle(sheet, xlsxColLetters(col+1)+":"+xlsxColLetters(col+2), b.wrap)
}

// writeInfo writes the overview sheet: what a spreadsheet user needs to
// know about the scenario, as Field/Value pairs. Only Title is read back.
func (b *xlsxBook) writeInfo(s *scenarios.Scenario) error {
	sh := xlsxSheetInfo
	if err := b.newSheet(sh); err != nil {
		return err
	}
	var rows [][2]string
	add := func(k, v string) {
		if v != "" {
			rows = append(rows, [2]string{k, v})
		}
	}
	if b.opt.Draft > 0 {
		// On screen, first: muster import reads only the Title row here.
		add(DraftText(b.opt.Draft), "The scenario does not validate (muster validate lists the errors): this workbook is a draft, "+
			"not for play. Every sheet's tab is red and its printed pages say DRAFT. muster import xlsx reads it as any other workbook.")
	}
	add("Id", s.ID)
	add("Title", s.Title)
	if s.Title == "" {
		rows = append(rows, [2]string{"Title", ""})
	}
	add("Module", s.Module)
	if s.Number != nil {
		add("Number", fmt.Sprint(s.Number))
	}
	add("Source", b.x.mod.SourceText(s.Source))
	add("Background", s.Background)
	add("Maps", s.Maps.Text)
	add("Length", s.Length.Text)
	add("Turns", strconv.Itoa(s.Length.Turns))
	if st := s.Start; st != nil {
		add("Start", st.Text)
		if st.FirstPlayer != nil {
			add("First player", strings.TrimSpace(st.FirstPlayer.Side+": "+st.FirstPlayer.Text))
		}
		for _, k := range xlsxKeys(st.Tracks) {
			add("Track "+k, strconv.FormatFloat(st.Tracks[k], 'f', -1, 64))
		}
		for _, k := range xlsxKeys(st.Statuses) {
			add("Status "+k, st.Statuses[k])
		}
		for _, k := range xlsxKeys(st.Cards) {
			add("Cards "+k, strconv.Itoa(st.Cards[k]))
		}
		for _, k := range xlsxKeys(st.Boxes) {
			add("Box "+k, strings.Join(st.Boxes[k], ", "))
		}
	}
	for _, t := range s.Setup {
		if t.RowsMissing != "" {
			add(t.Title+": rows", "Not in the source: "+t.RowsMissing)
		}
	}
	add("Victory", s.Victory.Text)
	add("Scoring", s.Victory.Scoring)
	add("Victory checked", s.Victory.When)
	for _, v := range s.Variants {
		add("Variant "+v.ID, v.Title+": "+v.Text)
	}
	for _, o := range s.Options {
		add("Option "+o.ID, o.Title+": "+o.Text)
	}
	for _, n := range s.Notes {
		add("Note ("+n.Kind+")", n.Text)
	}
	add("About this workbook", "Written by muster export xlsx. Edit the white-headed columns; grey-headed columns are "+
		"derived and ignored by muster import xlsx. Rows keep their place in the setup table through the Row column; "+
		"add a row by leaving Row empty. The hidden sheet "+xlsxSheetData+" keeps what the sheets do not show "+
		"(special-rule effects, award structure, notes); the cells win where you edit them.")
	head := []any{"Field", "Value"}
	if err := b.f.SetSheetRow(sh, "A1", &head); err != nil {
		return err
	}
	for i, r := range rows {
		row := []any{r[0], r[1]}
		if err := b.f.SetSheetRow(sh, xlsxCell(1, i+2), &row); err != nil {
			return err
		}
	}
	if err := b.f.SetCellStyle(sh, "A1", "B1", b.head); err != nil {
		return err
	}
	if err := b.f.SetColWidth(sh, "A", "A", 24); err != nil {
		return err
	}
	if err := b.f.SetColWidth(sh, "B", "B", 110); err != nil {
		return err
	}
	if err := b.f.SetColStyle(sh, "B", b.wrap); err != nil {
		return err
	}
	b.noteWrap(sh, 2, 110)
	if err := b.f.SetCellStyle(sh, "B1", "B1", b.head); err != nil {
		return err
	}
	if err := b.f.SetPanes(sh, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	if b.opt.Draft > 0 {
		st, err := b.draftStyle()
		if err != nil {
			return err
		}
		if err := b.f.SetCellStyle(sh, "A2", "B2", st); err != nil {
			return err
		}
	}
	return b.printSetup(sh, []string{"Field", "Value"}, []float64{24, 110}, 0, false)
}

func xlsxKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (b *xlsxBook) writeStartMarkers(s *scenarios.Scenario) error {
	g := &xlsxGrid{sheet: xlsxSheetStartMk, freezeCols: 1}
	xlsxAddCols(g, xlsxStartMarkerCols)
	g.col("Row", 6, false, false, "")
	if s.Start != nil {
		for i := range s.Start.Markers {
			g.rows = append(g.rows, append(xlsxCells(b.x, xlsxStartMarkerCols, &s.Start.Markers[i]), i+1))
		}
	}
	return b.writeGrid(g)
}

func (b *xlsxBook) writeRules(s *scenarios.Scenario) error {
	g := &xlsxGrid{sheet: xlsxSheetRules, freezeCols: 2}
	xlsxAddCols(g, xlsxRuleCols)
	g.col("Row", 6, false, false, "")
	for i := range s.SpecialRules {
		g.rows = append(g.rows, append(xlsxCells(b.x, xlsxRuleCols, &s.SpecialRules[i]), i+1))
	}
	return b.writeGrid(g)
}

func (b *xlsxBook) writeVictory(s *scenarios.Scenario) error {
	g := &xlsxGrid{sheet: xlsxSheetVictory, freezeCols: 1}
	g.col("Line", 7, false, false, "")
	xlsxAddCols(g, xlsxVPCols)
	for _, l := range xlsxVPLines(&s.Victory) {
		g.rows = append(g.rows, append([]any{l.id}, xlsxCells(b.x, xlsxVPCols, l)...))
	}
	return b.writeGrid(g)
}

func (b *xlsxBook) writeLevels(s *scenarios.Scenario) error {
	g := &xlsxGrid{sheet: xlsxSheetLevels}
	xlsxAddCols(g, xlsxBandCols)
	if s.Victory.Levels != nil {
		for i := range s.Victory.Levels.Bands {
			g.rows = append(g.rows, xlsxCells(b.x, xlsxBandCols, &s.Victory.Levels.Bands[i]))
		}
	}
	g.printExtra = true
	g.extra = func(b *xlsxBook) error {
		if s.Victory.Levels == nil {
			return nil
		}
		col := len(g.heads) + 2
		rows := [][]any{{"Level table", s.Victory.Levels.Text}}
		if s.Victory.Levels.Thresholds != "" {
			rows = append(rows, []any{"Thresholds", s.Victory.Levels.Thresholds})
		}
		for i := range rows {
			if err := b.f.SetSheetRow(g.sheet, xlsxCell(col, i+1), &rows[i]); err != nil {
				return err
			}
		}
		if err := b.f.SetCellStyle(g.sheet, xlsxCell(col, 1), xlsxCell(col, len(rows)), b.headRO); err != nil {
			return err
		}
		// The table's text wraps in its column (unwrapped it ran on to the
		// right, and a print fitted to the page width shrank to fit it).
		if err := b.f.SetCellStyle(g.sheet, xlsxCell(col+1, 1), xlsxCell(col+1, len(rows)), b.wrap); err != nil {
			return err
		}
		b.noteWrap(g.sheet, col+1, 60)
		return b.f.SetColWidth(g.sheet, xlsxColLetters(col+1), xlsxColLetters(col+1), 60)
	}
	return b.writeGrid(g)
}

// writeOOB writes the order of battle (oob.Build) as one row per
// unit or leader under its command path. It is a view: import ignores it.
func (b *xlsxBook) writeOOB(s *scenarios.Scenario) error {
	order := oob.Build(b.x.mod, s)
	g := &xlsxGrid{sheet: xlsxSheetOOB, freezeCols: 0}
	for _, h := range []struct {
		head  string
		width float64
	}{{"Side", 12}, {"Command", 36}, {"Level", 10}, {"Unit/Leader", 22}, {"Size", 10}, {"Type", 8}, {"Manpower", 11}, {"Sets up", 40}, {"Counter", 26}} {
		g.col(h.head, h.width, false, true, "")
	}
	add := func(side, path, level string, e *oob.Entry) {
		g.rows = append(g.rows, []any{side, path, level, e.Name, e.Size, e.Type, xlsxCellValue("Manpower", xlsxItoa(e.Manpower)), e.Setup.String(), e.Unit + e.Marker})
	}
	for _, sd := range order.Sides {
		var path []string
		sd.Walk(func(n *oob.CommandNode, depth int) {
			path = append(path[:min(depth, len(path))], n.Code)
			p := strings.Join(path, " > ")
			for _, e := range n.Leaders {
				add(sd.Name, p, n.Level, e)
			}
			for _, e := range n.Units {
				add(sd.Name, p, n.Level, e)
			}
		})
		if sd.Unassigned != nil {
			for _, e := range append(append([]*oob.Entry{}, sd.Unassigned.Leaders...), sd.Unassigned.Units...) {
				add(sd.Name, sd.Unassigned.Title, "", e)
			}
		}
		for _, e := range sd.Markers {
			add(sd.Name, "Markers", "", e)
		}
	}
	return b.writeGrid(g)
}

// writeSchedule lists the module's scheduled reinforcements and
// withdrawals (TPC 16.0) dated within the scenario's turns, beside the
// rows that arrive by them. It is a view of the module: import ignores it.
func (b *xlsxBook) writeSchedule(s *scenarios.Scenario) error {
	ct := s.Length.CalendarTurns
	if ct == nil {
		return nil
	}
	g := &xlsxGrid{sheet: xlsxSheetSchedule, freezeCols: 1}
	for _, h := range []struct {
		head  string
		width float64
		wrap  bool
	}{{"Turn", 7, false}, {"Date", 12, false}, {"Side", 13, false}, {"Action", 14, false}, {"Title", 22, true},
		{"Units", 34, true}, {"Requirements", 26, true}, {"Text", 44, true}, {"Table", 20, true}, {"Id", 30, false}} {
		g.col(h.head, h.width, h.wrap, true, "")
	}
	for _, tf := range b.x.mod.Tables {
		t := tf.Table
		if t == nil || t.Kind != "schedule" {
			continue
		}
		for _, e := range t.Entries {
			if e.Turn < ct.First || e.Turn > ct.Last {
				continue
			}
			var units, reqs []string
			for _, u := range e.Units {
				p := u.Printed
				if u.Unit != "" {
					p += " (" + u.Unit + ")"
				}
				units = append(units, p)
			}
			for _, r := range e.Requirements {
				reqs = append(reqs, r.Text)
			}
			title := t.Title
			if t.Rule != "" && !strings.Contains(title, t.Rule) {
				title += " (" + t.Rule + ")"
			}
			g.rows = append(g.rows, []any{e.Turn, e.Date, e.Side, e.Action, e.Title, strings.Join(units, "; "),
				strings.Join(reqs, "; "), e.Text, title, e.ID})
		}
	}
	if len(g.rows) == 0 {
		return nil
	}
	sort.SliceStable(g.rows, func(i, j int) bool { return g.rows[i][0].(int) < g.rows[j][0].(int) })
	return b.writeGrid(g)
}
