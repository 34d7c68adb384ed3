package sheet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/export/unitname"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/internal/textcut"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// Limits on a workbook muster import reads: far above any scenario's
// workbook (tpc-11's is about 50 KB, 270 KB unzipped), low enough that a
// hostile zip cannot exhaust memory.
const (
	MaxFileSize           = readin.MaxWorkbookSize
	xlsxUnzipSizeLimit    = 64 << 20
	xlsxUnzipXMLSizeLimit = 16 << 20
	xlsxMaxCols           = 64 // muster's sheets use fewer; cells beyond are ignored
	xlsxMaxRowsPerSheet   = 100000
	xlsxMaxDataChunks     = 2000
	xlsxMaxDataSize       = 16 << 20
)

// CellError is a problem with a cell (or a whole sheet, when Cell is empty)
// of an imported workbook.
type CellError struct {
	Sheet string
	Cell  string
	Msg   string
	// Unread marks a cell the import does not read (a header it does not
	// know, a cell outside the table, a row it skips, a grey column
	// edited): an error unless the import is lenient. The other errors
	// are values that cannot be used.
	Unread bool
}

func (e CellError) Error() string {
	if e.Cell == "" {
		return e.Sheet + ": " + e.Msg
	}
	return e.Sheet + "!" + e.Cell + ": " + e.Msg
}

// Import is a workbook read back into a scenario.
type Import struct {
	Scenario *scenarios.Scenario
	Schema   string // the "$schema" the scenario had when exported
	Module   *scenarios.Module
	// Errors are the cells whose values could not be used; the scenario
	// keeps the exported value there.
	Errors  []CellError
	origins map[string]xlsxOrigin
	ref     *jsonsrc.Node   // the scenario as exported: its maps' key order
	untied  map[string]bool // sheets whose rows could not be tied to the scenario
}

// xlsxOrigin is the sheet row an imported object came from.
type xlsxOrigin struct {
	sheet string
	row   int            // 1-based sheet row
	cols  map[string]int // JSON key -> 1-based column
	first int            // column to name when the key has none
}

// CellOf names the cell a JSON Pointer into the imported scenario came
// from ("Union Setup!F14"), or "" when it did not come from a cell.
func (im *Import) CellOf(pointer string) string {
	return xlsxCellOf(im.origins, pointer)
}

// xlsxCellOf names the cell of the longest prefix of a pointer that came
// from a row.
func xlsxCellOf(origins map[string]xlsxOrigin, pointer string) string {
	toks := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	for n := len(toks); n > 0; n-- {
		o, ok := origins["/"+strings.Join(toks[:n], "/")]
		if !ok {
			continue
		}
		col := o.first
		if n < len(toks) {
			if c, ok := o.cols[toks[n]]; ok {
				col = c
			}
		}
		return o.sheet + "!" + xlsxCell(col, o.row)
	}
	return ""
}

// Follows reports whether a finding at a JSON Pointer into the imported
// scenario follows from a cell already reported as unusable: it lies on
// that cell's row (whose values are then partly the exported ones), on a
// sheet whose rows could not be tied to the scenario (no Row column), or,
// when a sheet the import reads is missing, it has no cell at all. The
// import then gives one finding per mistake.
func (im *Import) Follows(pointer string) bool {
	cell := im.CellOf(pointer)
	if sheet, _, _ := strings.Cut(cell, "!"); im.untied[sheet] {
		return true
	}
	for _, e := range im.Errors {
		if e.Unread {
			continue // the cell's value was not needed: nothing follows
		}
		if e.Cell == "" {
			if cell == "" {
				return true
			}
			continue
		}
		sheet, at, _ := strings.Cut(cell, "!")
		if sheet != e.Sheet {
			continue
		}
		_, row, ok1 := xlsxSplitCell(at)
		_, erow, ok2 := xlsxSplitCell(e.Cell)
		if ok1 && ok2 && row == erow {
			return true
		}
	}
	return false
}

// xlsxImporter holds a workbook being read.
type xlsxImporter struct {
	f      *excelize.File
	im     *Import
	x      *xlsxCtx
	base   *scenarios.Scenario // as exported, never changed
	work   *scenarios.Scenario // as exported, edited in place
	names  []string            // setup sheet of each table
	units  *unitname.Index
	tables map[string]*xlsxTable // the sheets read, by name (nil: missing)
}

func (r *xlsxImporter) errorf(sheet string, col, row int, format string, args ...any) {
	cell := ""
	if row > 0 {
		cell = xlsxCell(max(col, 1), row)
	}
	r.im.Errors = append(r.im.Errors, CellError{Sheet: sheet, Cell: cell, Msg: fmt.Sprintf(format, args...)})
}

// Read reads a workbook written by Write back into a scenario. module
// finds the game module of a module id (the scenario's "module"); nil
// uses the built-in catalog. An error means the workbook cannot be read at
// all; problems with cells are in the result's Errors.
func Read(data []byte, module func(id string) *scenarios.Module) (im *Import, err error) {
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("import: the workbook is %d bytes, more than muster reads (%d)", len(data), MaxFileSize)
	}
	scan, err := xlsxScan(data)
	if err != nil {
		return nil, err
	}
	if err := xlsxLimits(scan, xlsxMaxCols); err != nil {
		return nil, err
	}
	// excelize is not written for hostile input: turn a panic deep inside
	// it into an error rather than a crash.
	defer func() {
		if p := recover(); p != nil {
			im, err = nil, fmt.Errorf("import: the file is not a workbook muster can read (%v)", p)
		}
	}()
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: xlsxUnzipSizeLimit, UnzipXMLSizeLimit: xlsxUnzipXMLSizeLimit})
	if err != nil {
		return nil, fmt.Errorf("import: not an xlsx workbook: %w", err)
	}
	defer f.Close()
	d, ref, err := xlsxReadData(f)
	if err != nil {
		return nil, err
	}
	// Two decodings: the scenario as exported, and the copy edits go into.
	var base, work scenarios.Scenario
	if err := ref.Decode(&base); err != nil {
		return nil, fmt.Errorf("import: %s does not hold a scenario: %w", xlsxSheetData, err)
	}
	if err := ref.Decode(&work); err != nil {
		return nil, fmt.Errorf("import: %s does not hold a scenario: %w", xlsxSheetData, err)
	}
	rows := 0
	for _, t := range base.Setup {
		rows += len(t.Rows)
	}
	if rows > xlsxMaxRowsPerSheet {
		return nil, fmt.Errorf("import: %s holds %d setup rows, more than muster's sheets hold", xlsxSheetData, rows)
	}
	if module == nil {
		module = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
	}
	m := module(base.Module)
	if m == nil || m.Game == nil {
		return nil, fmt.Errorf("import: the workbook's scenario belongs to module %q, which muster does not know (give its folder with --module)", base.Module)
	}
	im = &Import{Schema: d.Schema, Module: m, origins: map[string]xlsxOrigin{}, ref: ref}
	r := &xlsxImporter{f: f, im: im, base: &base, work: &work,
		x: &xlsxCtx{mod: m, ix: m.Index(), scn: &work}, units: unitname.New(m)}
	r.names = xlsxTableSheets(m, r.base)
	r.readInfo()
	r.readSetup()
	r.readStartMarkers()
	r.readRules()
	r.readVictory()
	r.readLevels()
	if err := r.accountScenario(ref); err != nil {
		return nil, err
	}
	var shown []string
	for name := range scan {
		if name != xlsxSheetData {
			shown = append(shown, name)
		}
	}
	sort.Strings(shown)
	im.Errors = append(im.Errors, xlsxNoValueErrors(scan, shown...)...)
	im.Scenario = r.work
	return im, nil
}

// xlsxReadData decodes the hidden sheet.
func xlsxReadData(f *excelize.File) (*xlsxData, *jsonsrc.Node, error) {
	if idx, err := f.GetSheetIndex(xlsxSheetData); err != nil || idx < 0 {
		return nil, nil, fmt.Errorf("import: the workbook has no %s sheet: muster imports only workbooks written by muster export xlsx (for a single scenario)", xlsxSheetData)
	}
	rows, err := f.Rows(xlsxSheetData)
	if err != nil {
		return nil, nil, fmt.Errorf("import: %s: %w", xlsxSheetData, err)
	}
	defer rows.Close()
	var js strings.Builder
	n := 0
	for rows.Next() {
		n++
		if n > xlsxMaxDataChunks {
			return nil, nil, fmt.Errorf("import: %s: more rows than muster writes", xlsxSheetData)
		}
		cols, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, nil, fmt.Errorf("import: %s: %w", xlsxSheetData, err)
		}
		v := ""
		if len(cols) > 0 {
			v = cols[0]
		}
		if n == 1 {
			if v != xlsxDataVersion {
				return nil, nil, fmt.Errorf("import: %s!A1 is %q, not %q: the workbook was not written by this muster", xlsxSheetData, xlsxCut(v), xlsxDataVersion)
			}
			continue
		}
		js.WriteString(v)
		if js.Len() > xlsxMaxDataSize {
			return nil, nil, fmt.Errorf("import: %s holds more data than muster writes", xlsxSheetData)
		}
	}
	var d xlsxData
	dec := json.NewDecoder(strings.NewReader(js.String()))
	if err := dec.Decode(&d); err != nil {
		return nil, nil, fmt.Errorf("import: %s does not hold muster's scenario data: %w", xlsxSheetData, err)
	}
	root, serr := jsonsrc.Parse(d.Scenario)
	if serr != nil || root.Kind != jsonsrc.Object {
		return nil, nil, fmt.Errorf("import: %s holds no scenario object", xlsxSheetData)
	}
	return &d, root, nil
}

func xlsxCut(s string) string {
	return textcut.Cut(s, 40, "...")
}

// xlsxTable is a sheet read as rows of cells under a header row.
type xlsxTable struct {
	sheet string
	rows  [][]string
	cols  map[string]int // header -> 0-based column
	// For the accounting of every cell (account.go): the cells the
	// import read, and the rows a reported error already covers.
	used    map[[2]int]bool // {row, col}, 0-based
	covered map[int]bool
}

// use records that the import read the cell of a 0-based row under a
// header.
func (t *xlsxTable) use(row int, head string) {
	if c, ok := t.cols[head]; ok {
		t.used[[2]int{row, c}] = true
	}
}

// cover records that an error reported on a 0-based row accounts for
// all its cells: the row is not read, and that is said once.
func (t *xlsxTable) cover(row int) { t.covered[row] = true }

// table reads a sheet, once; ok is false when the workbook lacks it.
func (r *xlsxImporter) table(sheet string) (*xlsxTable, bool) {
	if t, ok := r.tables[sheet]; ok {
		return t, t != nil
	}
	t, ok := r.readTable(sheet)
	if r.tables == nil {
		r.tables = map[string]*xlsxTable{}
	}
	r.tables[sheet] = t
	return t, ok
}

func (r *xlsxImporter) readTable(sheet string) (*xlsxTable, bool) {
	if idx, err := r.f.GetSheetIndex(sheet); err != nil || idx < 0 {
		return nil, false
	}
	rows, err := r.f.Rows(sheet)
	if err != nil {
		r.errorf(sheet, 0, 0, "cannot read the sheet: %v", err)
		return nil, false
	}
	defer rows.Close()
	t := &xlsxTable{sheet: sheet, cols: map[string]int{}, used: map[[2]int]bool{}, covered: map[int]bool{}}
	for rows.Next() {
		if len(t.rows) >= xlsxMaxRowsPerSheet {
			r.errorf(sheet, 0, 0, "more than %d rows", xlsxMaxRowsPerSheet)
			break
		}
		cols, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			r.errorf(sheet, 0, 0, "cannot read the sheet: %v", err)
			return nil, false
		}
		if len(cols) > xlsxMaxCols {
			// A copy: the long row must not stay alive behind a short slice.
			cols = append([]string(nil), cols[:xlsxMaxCols]...)
		}
		t.rows = append(t.rows, cols)
	}
	if len(t.rows) > 0 {
		for i, h := range t.rows[0] {
			h = strings.TrimSpace(h)
			if _, dup := t.cols[h]; !dup && h != "" {
				t.cols[h] = i
			}
		}
	}
	return t, true
}

// cell is the text at a 0-based row and the column of a header.
func (t *xlsxTable) cell(row int, head string) string {
	c, ok := t.cols[head]
	if !ok || row >= len(t.rows) || c >= len(t.rows[row]) {
		return ""
	}
	return t.rows[row][c]
}

// colOf is the 1-based column of a header, 0 when absent.
func (t *xlsxTable) colOf(head string) int {
	if c, ok := t.cols[head]; ok {
		return c + 1
	}
	return 0
}

// blank says whether every cell of the given headers is empty on a row.
func (t *xlsxTable) blank(row int, heads []string) bool {
	for _, h := range heads {
		if strings.TrimSpace(t.cell(row, h)) != "" {
			return false
		}
	}
	return true
}

func xlsxHeads[T any](cols []xlsxCol[T], extra ...string) []string {
	out := append([]string{}, extra...)
	for _, c := range cols {
		if c.set != nil {
			out = append(out, c.head)
		}
	}
	return out
}

// xlsxApply applies the edited cells of a row: a cell that reads as the
// exported row did is left alone, so the hidden data wins only where the
// user did not edit.
func xlsxApply[T any](r *xlsxImporter, t *xlsxTable, row int, cols []xlsxCol[T], base, cur *T) {
	for _, c := range cols {
		if c.set == nil {
			continue
		}
		if _, ok := t.cols[c.head]; !ok {
			continue // a missing column keeps the exported values (and is reported)
		}
		t.use(row, c.head)
		v := t.cell(row, c.head)
		if base != nil && v == c.get(r.x, base) {
			continue
		}
		if base == nil && strings.TrimSpace(v) == "" {
			continue
		}
		// Set on a copy: a value that cannot be used leaves the row as it
		// was (a refused hex does not leave the row without a location).
		next := *cur
		if err := c.set(r.x, &next, strings.TrimSpace(v)); err != nil {
			r.errorf(t.sheet, t.colOf(c.head), row+1, "%v", err)
			continue
		}
		*cur = next
	}
}

func xlsxOriginOf[T any](t *xlsxTable, row int, cols []xlsxCol[T]) xlsxOrigin {
	o := xlsxOrigin{sheet: t.sheet, row: row + 1, cols: map[string]int{}, first: 1}
	for _, c := range cols {
		if col := t.colOf(c.head); col > 0 {
			if _, seen := o.cols[c.field]; !seen && c.field != "" {
				o.cols[c.field] = col
			}
		}
	}
	for _, alias := range [][2]string{{"hex", "box"}, {"hex", "placement"}} {
		if c, ok := o.cols[alias[0]]; ok {
			o.cols[alias[1]] = c
		}
	}
	return o
}

// rowKey reads the Row cell: the row's place in its table. ok is false
// when the cell is empty (a row the user added).
func (r *xlsxImporter) rowKey(t *xlsxTable, row int) (int, bool) {
	t.use(row, "Row")
	v := strings.TrimSpace(t.cell(row, "Row"))
	if v == "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		r.errorf(t.sheet, t.colOf("Row"), row+1, "Row %q is not a row number (leave it empty for a new row)", v)
		return 0, false
	}
	return n, true
}

// xlsxRowNumbers finds a Row number typed on two rows of one table:
// which of them the number belongs to cannot be told, so each is reported
// at its Row cell, naming the other.
type xlsxRowNumbers map[[2]int][]xlsxAt // {table, Row} -> where

type xlsxAt struct {
	sheet    string
	col, row int // 1-based
}

func (a xlsxAt) String() string { return a.sheet + "!" + xlsxCell(a.col, a.row) }

func (ns xlsxRowNumbers) add(t *xlsxTable, table, n, row int) {
	ns[[2]int{table, n}] = append(ns[[2]int{table, n}], xlsxAt{t.sheet, t.colOf("Row"), row + 1})
}

func (r *xlsxImporter) reportRowNumbers(ns xlsxRowNumbers) {
	keys := make([][2]int, 0, len(ns))
	for k := range ns {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		return keys[a][0] < keys[b][0] || keys[a][0] == keys[b][0] && keys[a][1] < keys[b][1]
	})
	for _, k := range keys {
		at := ns[k]
		for i, a := range at {
			if len(at) < 2 {
				break
			}
			other := at[(i+1)%len(at)]
			r.errorf(a.sheet, a.col, a.row, "Row %d is also on %s: each row the workbook was made with keeps its own number (leave Row empty on a row you add)", k[1], other)
		}
	}
}

func (r *xlsxImporter) readInfo() {
	t, ok := r.table(xlsxSheetInfo)
	if !ok || t.colOf("Field") == 0 || t.colOf("Value") == 0 {
		return // reported with the cells (account.go)
	}
	defer func() {
		for i := 1; i < len(t.rows); i++ {
			if t.used[[2]int{i, t.cols["Field"]}] {
				return
			}
		}
		// No Title row: the title typed in a row renamed is not read.
		var fields []string
		for i := 1; i < len(t.rows); i++ {
			fields = append(fields, strings.TrimSpace(t.cell(i, "Field")))
		}
		if near := suggest.Closest("Title", fields); near != "" {
			i := slices.Index(fields, near) + 1
			t.cover(i)
			r.unread(t.sheet, t.colOf("Field"), i+1, "%q is not a field muster writes: did you mean \"Title\"? muster reads the title from the row whose Field is Title; this row is not read", xlsxCut(near))
			return
		}
		r.unread(t.sheet, 0, 0, "no Title row: muster reads the scenario's title from the row whose Field is Title; the exported title is kept")
	}()
	for i := 1; i < len(t.rows); i++ {
		if strings.TrimSpace(t.cell(i, "Field")) != "Title" {
			continue
		}
		t.use(i, "Field")
		t.use(i, "Value")
		r.im.origins["/title"] = xlsxOrigin{sheet: t.sheet, row: i + 1, first: t.colOf("Value")}
		v := t.cell(i, "Value")
		if v == r.base.Title {
			return
		}
		if v = strings.TrimSpace(v); v == "" {
			r.errorf(t.sheet, t.colOf("Value"), i+1, "a scenario needs a title")
			return
		}
		r.work.Title = v
		return
	}
}

// xlsxKeyedRow is a setup row read from a sheet with its sort key.
type xlsxKeyedRow struct {
	key    float64
	row    scenarios.SetupRow
	origin xlsxOrigin
}

// readSetup reads the setup, reinforcement and marker sheets back into
// the setup tables.
func (r *xlsxImporter) readSetup() {
	tables := map[string]int{}
	for i, n := range r.names {
		tables[n] = i
	}
	out := make([][]xlsxKeyedRow, len(r.work.Setup))
	used := map[[2]int]bool{}
	numbers := xlsxRowNumbers{}
	prev := make([]float64, len(r.work.Setup))
	read := func(t *xlsxTable, cols []xlsxRowCol, fixed int) {
		heads := xlsxHeads(cols, "Row")
		if fixed < 0 {
			heads = append(heads, "Setup")
			if t.colOf("Setup") == 0 {
				return // no row can be read: reported with the cells (account.go)
			}
		}
		for i := 1; i < len(t.rows); i++ {
			if t.blank(i, heads) {
				continue
			}
			ti := fixed
			if ti < 0 {
				t.use(i, "Setup")
				name := strings.TrimSpace(t.cell(i, "Setup"))
				var ok bool
				if ti, ok = tables[name]; !ok {
					r.errorf(t.sheet, t.colOf("Setup"), i+1, "unknown setup sheet %q (one of %s)", name, strings.Join(r.names, ", "))
					t.cover(i)
					continue
				}
			}
			tb := &r.work.Setup[ti]
			r.x.side, r.x.legend = tb.Side, tb.Footnotes
			var base *scenarios.SetupRow
			cur := scenarios.SetupRow{}
			key := prev[ti] + 0.001
			if n, ok := r.rowKey(t, i); ok {
				key = float64(n)
				numbers.add(t, ti, n, i)
				if n <= len(r.base.Setup[ti].Rows) && !used[[2]int{ti, n}] {
					b := &r.base.Setup[ti].Rows[n-1]
					// The row is the exported one if it still names the
					// same counter or the same unit.
					if id := strings.TrimSpace(t.cell(i, "Counter") + t.cell(i, "Marker")); id == b.Unit+b.Marker || strings.TrimSpace(t.cell(i, "Unit/Leader")) == b.Name {
						base, cur = b, r.work.Setup[ti].Rows[n-1]
						used[[2]int{ti, n}] = true
					}
				}
			}
			prev[ti] = key
			r.x.place = strings.TrimSpace(t.cell(i, "Place"))
			xlsxApply(r, t, i, cols, base, &cur)
			r.x.place = ""
			if base == nil && cur.Name == "" {
				r.errorf(t.sheet, t.colOf("Unit/Leader"), i+1, "a row needs a name")
			}
			if cur.Unit == "" && cur.Marker == "" && cur.Name != "" && t.colOf("Counter") > 0 {
				// A unit row added (or its id cleared) with only what the
				// rulebook prints: look the counter up by name, size and
				// type, as import tsv does.
				if c, _, why := r.units.ByName(tb.Side, &cur); c != nil {
					cur.Unit = c.ID
				} else {
					r.errorf(t.sheet, t.colOf("Unit/Leader"), i+1, "%s; or fill in the Counter cell (muster counters %s lists the ids)", why, r.x.mod.Game.ID)
				}
			}
			out[ti] = append(out[ti], xlsxKeyedRow{key: key, row: cur, origin: xlsxOriginOf(t, i, cols)})
		}
	}
	for ti, name := range r.names {
		t, ok := r.table(name)
		if !ok {
			for n, row := range r.work.Setup[ti].Rows {
				if xlsxRowSheet(&r.base.Setup[ti].Rows[n]) == "" {
					out[ti] = append(out[ti], xlsxKeyedRow{key: float64(n + 1), row: row})
				}
			}
			continue
		}
		r.readLegend(t, ti)
		read(t, xlsxSetupCols, ti)
	}
	for _, s := range []struct {
		name string
		cols []xlsxRowCol
	}{{xlsxSheetReinf, xlsxReinfCols}, {xlsxSheetMarkers, xlsxMarkerCols}} {
		t, ok := r.table(s.name)
		if !ok {
			continue // reported with the cells (account.go)
		}
		read(t, s.cols, -1)
	}
	r.reportRowNumbers(numbers)
	for ti := range r.work.Setup {
		rows := out[ti]
		sort.SliceStable(rows, func(a, b int) bool { return rows[a].key < rows[b].key })
		tb := &r.work.Setup[ti]
		tb.Rows = make([]scenarios.SetupRow, len(rows))
		for k, kr := range rows {
			tb.Rows[k] = kr.row
			if kr.origin.sheet != "" {
				r.im.origins[fmt.Sprintf("/setup/%d/rows/%d", ti, k)] = kr.origin
			}
		}
	}
	r.x.side, r.x.legend = "", nil
}

// readLegend reads a setup sheet's footnote legend (Mark, Meaning): an
// edited meaning replaces the printed text; a new mark adds a footnote;
// a mark left out is dropped.
func (r *xlsxImporter) readLegend(t *xlsxTable, ti int) {
	mc, tc := t.colOf("Mark"), t.colOf("Meaning")
	if mc == 0 || tc == 0 {
		return
	}
	base := r.base.Setup[ti].Footnotes
	work := r.work.Setup[ti].Footnotes
	var out []scenarios.Footnote
	var origins []xlsxOrigin
	seen := map[string]bool{}
	for i := 1; i < len(t.rows); i++ {
		sym, text := strings.TrimSpace(t.cell(i, "Mark")), t.cell(i, "Meaning")
		if sym == "" && strings.TrimSpace(text) == "" {
			continue
		}
		t.use(i, "Mark")
		t.use(i, "Meaning")
		if sym == "" {
			r.errorf(t.sheet, mc, i+1, "a footnote meaning without its mark")
			continue
		}
		if seen[sym] {
			r.errorf(t.sheet, mc, i+1, "footnote mark %q appears twice in the legend", sym)
			continue
		}
		seen[sym] = true
		origins = append(origins, xlsxOrigin{sheet: t.sheet, row: i + 1, cols: map[string]int{"symbol": mc, "text": tc}, first: mc})
		fn := scenarios.Footnote{Symbol: sym}
		var baseText *string
		for k := range base {
			if base[k].Symbol == sym {
				fn, baseText = work[k], &base[k].Text
			}
		}
		if baseText != nil && text == *baseText {
			out = append(out, fn)
			continue
		}
		if text = strings.TrimSpace(text); text == "" {
			r.errorf(t.sheet, tc, i+1, "footnote %q needs its meaning", sym)
		}
		fn.Text = text
		out = append(out, fn)
	}
	if len(out) == 0 && len(base) == 0 {
		return
	}
	r.work.Setup[ti].Footnotes = out
	for k, o := range origins {
		r.im.origins[fmt.Sprintf("/setup/%d/footnotes/%d", ti, k)] = o
	}
}

// xlsxReadKeyed reads a sheet whose rows are tied to the exported list by
// the Row column; rows come back in Row order, new rows after the row
// above them, rows deleted from the sheet are dropped. ok is false when
// the sheet is missing (the list is kept).
func xlsxReadKeyed[T any](r *xlsxImporter, sheet string, cols []xlsxCol[T], base, work []T, ptr string) ([]T, bool) {
	t, ok := r.table(sheet)
	if !ok {
		return work, false
	}
	type keyed struct {
		key    float64
		v      T
		origin xlsxOrigin
	}
	var out []keyed
	used := map[int]bool{}
	numbers := xlsxRowNumbers{}
	prev := 0.0
	heads := xlsxHeads(cols, "Row")
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i, heads) {
			continue
		}
		var b *T
		var cur T
		key := prev + 0.001
		if n, ok := r.rowKey(t, i); ok {
			key = float64(n)
			numbers.add(t, 0, n, i)
			if n <= len(base) && !used[n] {
				b, cur = &base[n-1], work[n-1]
				used[n] = true
			}
		}
		prev = key
		xlsxApply(r, t, i, cols, b, &cur)
		out = append(out, keyed{key, cur, xlsxOriginOf(t, i, cols)})
	}
	r.reportRowNumbers(numbers)
	sort.SliceStable(out, func(a, b int) bool { return out[a].key < out[b].key })
	res := make([]T, len(out))
	for k := range out {
		res[k] = out[k].v
		r.im.origins[fmt.Sprintf("%s/%d", ptr, k)] = out[k].origin
	}
	return res, true
}

func (r *xlsxImporter) readStartMarkers() {
	var base, work []scenarios.StartMarker
	if r.base.Start != nil {
		base, work = r.base.Start.Markers, r.work.Start.Markers
	}
	ms, ok := xlsxReadKeyed(r, xlsxSheetStartMk, xlsxStartMarkerCols, base, work, "/start/markers")
	if !ok || (len(ms) == 0 && len(base) == 0) {
		return
	}
	if r.work.Start == nil {
		r.work.Start = &scenarios.Start{}
	}
	r.work.Start.Markers = ms
}

func (r *xlsxImporter) readRules() {
	rs, ok := xlsxReadKeyed(r, xlsxSheetRules, xlsxRuleCols, r.base.SpecialRules, r.work.SpecialRules, "/specialRules")
	if !ok {
		return
	}
	for i := range rs {
		if rs[i].Effects == nil {
			rs[i].Effects = []scenarios.Effect{} // required, even when empty
		}
	}
	r.work.SpecialRules = rs
}

// readVictory applies edits to the VP lines and results by their Line id.
// A row with no Line adds a manual VP line; a top-level line or automatic
// result whose row is gone is dropped.
func (r *xlsxImporter) readVictory() {
	t, ok := r.table(xlsxSheetVictory)
	if !ok {
		return
	}
	baseLines := map[string]*xlsxVPLine{}
	for _, l := range xlsxVPLines(&r.base.Victory) {
		baseLines[l.id] = l
	}
	workLines := map[string]*xlsxVPLine{}
	for _, l := range xlsxVPLines(&r.work.Victory) {
		workLines[l.id] = l
	}
	seen := map[string]int{} // line id -> sheet row
	var added []scenarios.Award
	var addedRows []int
	heads := xlsxHeads(xlsxVPCols, "Line")
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i, heads) {
			continue
		}
		t.use(i, "Line")
		id := strings.TrimSpace(t.cell(i, "Line"))
		if id == "" {
			a := scenarios.Award{Kind: "manual", Adjudication: "manual"}
			xlsxApply(r, t, i, xlsxVPCols, nil, &xlsxVPLine{award: &a})
			if a.Text == "" {
				r.errorf(t.sheet, t.colOf("Text"), i+1, "a new VP line needs its text")
			}
			added = append(added, a)
			addedRows = append(addedRows, i)
			continue
		}
		b, ok := baseLines[id]
		if at, dup := seen[id]; dup {
			r.errorf(t.sheet, t.colOf("Line"), i+1, "line %s is also on row %d: each line the workbook was made with is on one row (leave Line empty to add a VP line)", id, at)
			t.cover(i)
			continue
		}
		if !ok {
			r.errorf(t.sheet, t.colOf("Line"), i+1, "no victory line %q in the exported scenario (leave Line empty to add a VP line)", id)
			t.cover(i)
			continue
		}
		seen[id] = i + 1
		xlsxApply(r, t, i, xlsxVPCols, b, workLines[id])
		r.im.origins[xlsxVPPointer(id)] = xlsxOriginOf(t, i, xlsxVPCols)
	}
	v := &r.work.Victory
	var awards []scenarios.Award
	for i, a := range v.Awards {
		if seen[strconv.Itoa(i+1)] > 0 {
			awards = append(awards, a)
		}
	}
	for k, a := range added {
		r.im.origins[fmt.Sprintf("/victory/awards/%d", len(awards))] = xlsxOriginOf(t, addedRows[k], xlsxVPCols)
		awards = append(awards, a)
	}
	if len(awards) > 0 || len(v.Awards) > 0 {
		v.Awards = awards
		if len(awards) == 0 {
			v.Awards = nil
		}
	}
	var autos []scenarios.Automatic
	for i, a := range v.Automatic {
		if seen["A"+strconv.Itoa(i+1)] > 0 {
			autos = append(autos, a)
		}
	}
	v.Automatic = autos
	if seen["Otherwise"] == 0 {
		v.Otherwise = nil
	}
}

// xlsxVPPointer is the JSON Pointer of a Victory sheet line id.
func xlsxVPPointer(id string) string {
	switch {
	case id == "Otherwise":
		return "/victory/otherwise"
	case strings.HasPrefix(id, "A"):
		n, _ := strconv.Atoi(id[1:])
		return fmt.Sprintf("/victory/automatic/%d", n-1)
	}
	p := "/victory"
	for _, part := range strings.Split(id, ".") {
		n, _ := strconv.Atoi(part)
		if p == "/victory" {
			p += fmt.Sprintf("/awards/%d", n-1)
		} else {
			p += fmt.Sprintf("/lines/%d", n-1)
		}
	}
	return p
}

// readLevels rebuilds the level table: every band field is a column.
func (r *xlsxImporter) readLevels() {
	t, ok := r.table(xlsxSheetLevels)
	if !ok {
		return
	}
	var bands []scenarios.Band
	heads := xlsxHeads(xlsxBandCols)
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i, heads) {
			continue
		}
		var b scenarios.Band
		xlsxApply(r, t, i, xlsxBandCols, nil, &b)
		r.im.origins[fmt.Sprintf("/victory/levels/bands/%d", len(bands))] = xlsxOriginOf(t, i, xlsxBandCols)
		bands = append(bands, b)
	}
	lv := r.work.Victory.Levels
	if lv == nil {
		if len(bands) == 0 {
			return
		}
		lv = &scenarios.Levels{}
		r.work.Victory.Levels = lv
	}
	// The level table as a whole (its thresholds, its text) is the sheet.
	r.im.origins["/victory/levels"] = xlsxOrigin{sheet: t.sheet, row: 1, first: 1}
	lv.Bands = bands
	if lv.Bands == nil {
		lv.Bands = []scenarios.Band{}
	}
}

// JSON returns the imported scenario as a canonical scenario document
// (muster fmt's form), with the "$schema" it was exported with.
func (im *Import) JSON() ([]byte, error) {
	raw, err := xlsxEncode(im.Scenario, im.Schema)
	if err != nil {
		return nil, err
	}
	doc, _ := scenarios.Parse("import.json", raw)
	if doc == nil || doc.Root == nil {
		return nil, errors.New("import: the scenario did not encode as JSON")
	}
	if im.ref != nil {
		xlsxKeyOrder(doc.Root, im.ref)
	}
	return schema.Format("scenario", doc.Root), nil
}

// xlsxEncode writes a scenario document: "$schema", then the scenario with
// its required lists as [] (the model may hold them as nil).
func xlsxEncode(s *scenarios.Scenario, ref string) ([]byte, error) {
	if ref == "" {
		ref = DefaultSchemaRef
	}
	xlsxFillRequired(reflect.ValueOf(s))
	body, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	if s.Maps.Sheets == nil {
		body = bytes.Replace(body, []byte(`,"sheets":null`), nil, 1)
	}
	head, _ := json.Marshal(ref)
	var raw bytes.Buffer
	raw.WriteString(`{"$schema":`)
	raw.Write(head)
	if len(body) > 2 {
		raw.WriteByte(',')
		raw.Write(body[1:])
	} else {
		raw.WriteByte('}')
	}
	return raw.Bytes(), nil
}

// xlsxKeyOrder puts the keys of n's objects in the order of the same
// objects in ref. Canonical formatting orders the keys a schema lists;
// the others (the keys of tracks, states, statuses) keep the order they
// have, which encoding/json has sorted.
func xlsxKeyOrder(n, ref *jsonsrc.Node) {
	if n == nil || ref == nil || n.Kind != ref.Kind {
		return
	}
	switch n.Kind {
	case jsonsrc.Object:
		xlsxEmptyMembers(n, ref)
		pos := make(map[string]int, len(ref.Members))
		for i, m := range ref.Members {
			pos[m.Key] = i
		}
		rank := func(k string) int {
			if p, ok := pos[k]; ok {
				return p
			}
			return len(pos)
		}
		sort.SliceStable(n.Members, func(a, b int) bool { return rank(n.Members[a].Key) < rank(n.Members[b].Key) })
		for _, m := range n.Members {
			xlsxKeyOrder(m.Value, ref.Get(m.Key))
		}
	case jsonsrc.Array:
		for i, it := range n.Items {
			if i < len(ref.Items) {
				xlsxKeyOrder(it, ref.Items[i])
			}
		}
	}
}

// xlsxFillRequired turns nil slices whose JSON key has no omitempty into
// empty ones, so they encode as [] (as the schema requires) and not null:
// the loader decodes [] to nil, and encoding/json writes nil as null.
func xlsxFillRequired(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			xlsxFillRequired(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			xlsxFillRequired(v.Index(i))
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if e := it.Value(); e.Kind() == reflect.Slice && e.Type().Elem().Kind() == reflect.Struct {
				for i := 0; i < e.Len(); i++ {
					xlsxFillRequired(e.Index(i))
				}
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			if !sf.IsExported() {
				continue
			}
			fv := v.Field(i)
			tag := sf.Tag.Get("json")
			// maps.sheets is optional (area maps list none) though the
			// model does not omit it; JSON drops it when empty.
			optional := t == reflect.TypeOf(scenarios.ScenarioMaps{}) && sf.Name == "Sheets"
			if fv.Kind() == reflect.Slice && fv.IsNil() && !optional && tag != "" && tag != "-" && !strings.Contains(tag, "omitempty") && fv.CanSet() {
				fv.Set(reflect.MakeSlice(fv.Type(), 0, 0))
			}
			xlsxFillRequired(fv)
		}
	}
}

// xlsxEmptyMembers restores what the typed model cannot tell apart: a key
// the exported document had as null or "" that the model drops
// (omitempty), and a null the model writes for a key the document left
// out. Either way the data is the same; the text then is too.
func xlsxEmptyMembers(n, ref *jsonsrc.Node) {
	empty := func(v *jsonsrc.Node) bool {
		return v.Kind == jsonsrc.Null || (v.Kind == jsonsrc.String && v.Text == "")
	}
	kept := n.Members[:0]
	for _, m := range n.Members {
		if m.Value.Kind == jsonsrc.Null && ref.Get(m.Key) == nil {
			continue
		}
		kept = append(kept, m)
	}
	n.Members = kept
	for _, m := range ref.Members {
		if empty(m.Value) && n.Get(m.Key) == nil {
			n.Members = append(n.Members, jsonsrc.Member{Key: m.Key, Value: &jsonsrc.Node{Kind: m.Value.Kind}})
		}
	}
}

// accountScenario accounts for every cell of the workbook (account.go)
// against the workbook muster writes for the scenario of its hidden sheet.
func (r *xlsxImporter) accountScenario(data *jsonsrc.Node) error {
	var s scenarios.Scenario
	if err := data.Decode(&s); err != nil {
		return fmt.Errorf("import: %s does not hold a scenario: %w", xlsxSheetData, err)
	}
	// The sheets Write writes, kept in memory (the hidden sheet, which
	// is read, is not compared).
	b, err := newXLSXBook(r.im.Module, &s)
	if err == nil {
		err = b.writeScenario(&s)
	}
	if err != nil {
		return fmt.Errorf("import: the scenario of %s cannot be written as muster writes it, to compare the cells with: %w", xlsxSheetData, err)
	}
	ref, err := xlsxRefOf(b.f)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	rowKeys := func(string) []string { return []string{"Row"} }
	placed := func(string) []string { return []string{"Setup", "Row"} }
	rules := map[string]xlsxRule{
		xlsxSheetInfo: {heads: []string{"Field", "Value"}, keyed: []string{"Field", "Value"},
			keys: func(string) []string { return []string{"Field"} },
			why:  "muster reads only the Title from this sheet; the other fields are shown for reference (change them in the scenario's JSON)"},
		xlsxSheetReinf:   {heads: xlsxHeads(xlsxReinfCols, "Setup", "Row"), keyed: []string{"Setup", "Row"}, keys: placed, why: xlsxBlankRow},
		xlsxSheetMarkers: {heads: xlsxHeads(xlsxMarkerCols, "Setup", "Row"), keyed: []string{"Setup", "Row"}, keys: placed, why: xlsxBlankRow},
		xlsxSheetStartMk: {heads: xlsxHeads(xlsxStartMarkerCols, "Row"), keyed: []string{"Row"}, keys: rowKeys, why: xlsxBlankRow},
		xlsxSheetRules:   {heads: xlsxHeads(xlsxRuleCols, "Row"), keyed: []string{"Row"}, keys: rowKeys, why: xlsxBlankRow},
		xlsxSheetVictory: {heads: xlsxHeads(xlsxVPCols, "Line"), keyed: []string{"Line"},
			keys: func(string) []string { return []string{"Line"} }, why: xlsxBlankRow},
		xlsxSheetLevels: {heads: xlsxHeads(xlsxBandCols), keys: func(string) []string { return []string{"Level"} }, why: xlsxBlankRow},
		xlsxSheetOOB: {view: "the Order of Battle sheet is a view of the setup: muster writes it and does not read it (edit the setup sheets)",
			keys: func(string) []string { return []string{"Counter"} }},
		xlsxSheetSchedule: {view: "the Schedule sheet shows the module's schedule: muster writes it and does not read it",
			keys: func(string) []string { return []string{"Id"} }},
		xlsxSheetLists: {view: "the Lists sheet holds the values of the drop-downs: muster writes it and does not read it"},
	}
	setup := xlsxRule{heads: xlsxHeads(xlsxSetupCols, "Row", "Mark", "Meaning"), keyed: []string{"Row"}, why: xlsxBlankRow,
		keys: func(h string) []string {
			if h == "Mark" || h == "Meaning" || h == "Gives" {
				return []string{"Mark"} // the footnote legend beside the rows
			}
			return []string{"Row"}
		}}
	for _, n := range r.names {
		rules[n] = setup
	}
	missing := func(name string) string {
		for ti, n := range r.names {
			if n == name {
				return fmt.Sprintf("the workbook has no sheet %q, which muster export xlsx wrote for %s's setup: was it renamed or deleted? Restore its name", name, r.work.Setup[ti].Side)
			}
		}
		return fmt.Sprintf("the workbook has no sheet %q, which muster export xlsx wrote: was it renamed or deleted? Restore its name", name)
	}
	// Without these two sheets their rows would be lost, not kept.
	lost := func(name string) bool { return name == xlsxSheetReinf || name == xlsxSheetMarkers }
	r.accountBook(ref, rules, []string{xlsxSheetData}, missing, lost)
	return nil
}
