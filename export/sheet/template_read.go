package sheet

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// TemplateImport is a filled component template applied to a module.
type TemplateImport struct {
	// Map and Counters are the module's map.json and counters.json with the
	// filled cells applied, in canonical form (muster fmt leaves them as
	// they are). They are set even when no cell changed them.
	Map, Counters []byte
	// Game is game.json with the filled marker counts applied, in
	// canonical form; nil when no cell changed it (the file is copied as
	// it is).
	Game []byte
	// Tables are the module's table files the filled cells changed
	// (matrix tables, the turn record track), by their slash path in the
	// module ("tables/crt.json"), in canonical form.
	Tables map[string][]byte
	// Errors are cells that could not be used; with any, the documents
	// must not be written.
	Errors []CellError
	// Warnings are cells that were used but look doubtful (a feature with
	// more or fewer areas than the rulebook counts).
	Warnings []CellError
	// Changes summarises what the cells changed, one line per kind of fact.
	Changes []string
	// origins are the rows that gave each document's nodes, by JSON
	// Pointer ("map", "counters", "game", or a table's path).
	origins map[string]map[string]xlsxOrigin
}

// CellOf names the cell a JSON Pointer into one of the documents ("map",
// "counters", "game" or a table's path in Tables) came from ("Areas!C2"), or "" when no cell gave
// it.
func (ti *TemplateImport) CellOf(doc, pointer string) string {
	return xlsxCellOf(ti.origins[doc], pointer)
}

// tmplReader holds a template being read.
type tmplReader struct {
	xr       *xlsxImporter // sheet reading and error collection
	m        *scenarios.Module
	mapRoot  *jsonsrc.Node // copies, edited in place
	cntRoot  *jsonsrc.Node
	gameRoot *jsonsrc.Node
	gameEdit bool            // a cell changed gameRoot
	tables   []tmplTableCopy // table files the template rewrites
	warnings []CellError
	changes  []string
	origins  map[*jsonsrc.Node]xlsxOrigin // nodes a row gave, for findings on the copy
}

// from records that a row of a sheet gave a node: a finding on the node
// (or below it) is named by the row's cell, in the column of the key it
// is under when cols has one, else in column first.
func (r *tmplReader) from(n *jsonsrc.Node, t *xlsxTable, row int, first string, cols map[string]string) {
	o := xlsxOrigin{sheet: t.sheet, row: row + 1, first: max(t.colOf(first), 1), cols: map[string]int{}}
	for key, head := range cols {
		if c := t.colOf(head); c > 0 {
			o.cols[key] = c
		}
	}
	if r.origins == nil {
		r.origins = map[*jsonsrc.Node]xlsxOrigin{}
	}
	r.origins[n] = o
}

func (r *tmplReader) errorf(sheet string, col, row int, format string, args ...any) {
	r.xr.errorf(sheet, col, row, format, args...)
}

func (r *tmplReader) changef(format string, args ...any) {
	r.changes = append(r.changes, fmt.Sprintf(format, args...))
}

// ReadTemplate reads a component template written by Template for module m
// and applies its filled cells to copies of m's map.json and counters.json
// (m itself is not changed). An error means the workbook cannot be read at
// all or is not a template of m; problems with cells are in the result's
// Errors.
func ReadTemplate(data []byte, m *scenarios.Module) (ti *TemplateImport, err error) {
	if m == nil || m.Game == nil || m.Map == nil || m.Counters == nil || m.MapDoc == nil || m.MapDoc.Root == nil ||
		m.CountersDoc == nil || m.CountersDoc.Root == nil || m.GameDoc == nil || m.GameDoc.Root == nil {
		return nil, fmt.Errorf("import: the module did not load (game.json, map.json and counters.json are needed)")
	}
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
			ti, err = nil, fmt.Errorf("import: the file is not a workbook muster can read (%v)", p)
		}
	}()
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: xlsxUnzipSizeLimit, UnzipXMLSizeLimit: xlsxUnzipXMLSizeLimit})
	if err != nil {
		return nil, fmt.Errorf("import: not an xlsx workbook: %w", err)
	}
	defer f.Close()
	if err := tmplCheckData(f, m.Game.ID); err != nil {
		return nil, err
	}
	r := &tmplReader{
		xr: &xlsxImporter{f: f, im: &Import{}},
		m:  m, mapRoot: tmplClone(m.MapDoc.Root), cntRoot: tmplClone(m.CountersDoc.Root), gameRoot: tmplClone(m.GameDoc.Root),
	}
	r.readCounters()
	r.readMarkers()
	if m.Map.Kind == "area" {
		r.readAreas()
		r.readLinks()
		r.settleMissing()
	} else {
		r.readTerrain()
	}
	r.readMatrices()
	r.readTrack()
	r.readGenerals()
	r.readDecks()
	if err := r.account(); err != nil {
		return nil, err
	}
	read := []string{tmplSheetCounters, tmplSheetAreas, tmplSheetLinks, tmplSheetTerrain, tmplSheetMarkers, tmplSheetTrack, tmplSheetGenerals, tmplSheetDecks}
	for _, tf := range tmplMatrixTables(m) {
		read = append(read, tmplMatrixSheet(tf.Table))
	}
	r.xr.im.Errors = append(r.xr.im.Errors, xlsxNoValueErrors(scan, read...)...)
	ti = &TemplateImport{Errors: r.xr.im.Errors, Warnings: r.warnings, Changes: r.changes, origins: map[string]map[string]xlsxOrigin{}}
	docs := map[string]*jsonsrc.Node{"map": r.mapRoot, "counters": r.cntRoot, "game": r.gameRoot}
	for _, tc := range r.tables {
		if tc.edit {
			docs[tc.path] = tc.root
			if ti.Tables == nil {
				ti.Tables = map[string][]byte{}
			}
			ti.Tables[tc.path] = tmplFormat(tc.root)
		}
	}
	for doc, root := range docs {
		at := map[string]xlsxOrigin{}
		var walk func(n *jsonsrc.Node, ptr string)
		walk = func(n *jsonsrc.Node, ptr string) {
			if o, ok := r.origins[n]; ok {
				at[ptr] = o
			}
			for i, it := range n.Items {
				walk(it, ptr+"/"+strconv.Itoa(i))
			}
			for _, m := range n.Members {
				walk(m.Value, ptr+"/"+jsonsrc.PointerToken(m.Key))
			}
		}
		walk(root, "")
		ti.origins[doc] = at
	}
	ti.Map = tmplFormat(r.mapRoot)
	ti.Counters = tmplFormat(r.cntRoot)
	if r.gameEdit {
		ti.Game = tmplFormat(r.gameRoot)
	}
	return ti, nil
}

func tmplFormat(root *jsonsrc.Node) []byte {
	var kind schema.Kind
	if s := root.Get("$schema"); s != nil && s.Kind == jsonsrc.String {
		kind, _ = schema.KindOf(s.Text)
	}
	return schema.Format(kind, root)
}

// tmplCheckData checks the hidden sheet: the layout version and the module.
func tmplCheckData(f *excelize.File, module string) error {
	if idx, err := f.GetSheetIndex(tmplSheetData); err != nil || idx < 0 {
		return fmt.Errorf("import: the workbook has no %s sheet: muster import template reads only workbooks written by muster module template", tmplSheetData)
	}
	rows, err := f.Rows(tmplSheetData)
	if err != nil {
		return fmt.Errorf("import: %s: %w", tmplSheetData, err)
	}
	defer rows.Close()
	var vals []string
	for rows.Next() && len(vals) < 2 {
		cols, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return fmt.Errorf("import: %s: %w", tmplSheetData, err)
		}
		v := ""
		if len(cols) > 0 {
			v = cols[0]
		}
		vals = append(vals, v)
	}
	for len(vals) < 2 {
		vals = append(vals, "")
	}
	if vals[0] != templateVersion {
		return fmt.Errorf("import: %s!A1 is %q, not %q: the workbook was not written by this muster's module template", tmplSheetData, xlsxCut(vals[0]), templateVersion)
	}
	if vals[1] != module {
		return fmt.Errorf("import: the workbook is a template of module %q, not %q (%s!A2)", xlsxCut(vals[1]), module, tmplSheetData)
	}
	return nil
}

// tmplYesNo reads a yes/no cell.
func tmplYesNo(s string) (v, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "y", "true", "1", "x":
		return true, true
	case "no", "n", "false", "0":
		return false, true
	}
	return false, false
}

// tmplCell is the trimmed text of a 0-based row under a header, which
// the import thereby reads.
func tmplCell(t *xlsxTable, row int, head string) string {
	t.use(row, head)
	return strings.TrimSpace(t.cell(row, head))
}

// tmplTable reads a sheet and checks that it has the headers the reader
// needs. ok is false when the sheet is absent (nothing to apply) or lacks
// a needed header; the accounting of the workbook's cells (account.go)
// reports both.
func (r *tmplReader) tmplTable(sheet string, need ...string) (*xlsxTable, bool) {
	t, ok := r.xr.table(sheet)
	if !ok || len(t.rows) == 0 {
		return nil, false
	}
	for _, h := range need {
		if t.colOf(h) == 0 {
			return nil, false
		}
	}
	return t, true
}

// tmplKeys says how a sheet's rows are keyed: the key column, the cells
// a row without a key must leave blank, the messages, and the keys known.
type tmplKeys struct {
	col, need, unknown, noun string
	heads                    []string
	known                    func(string) bool
	seen                     map[string]int // key -> row
}

// rowKey reads the key of a 0-based row. ok is false for a row to skip:
// blank, or in error (a row with values but no key, an unknown key, a key
// already on another row), which it reports.
func (r *tmplReader) rowKey(sh string, t *xlsxTable, i int, k *tmplKeys) (id string, ok bool) {
	id = tmplCell(t, i, k.col)
	switch {
	case id == "":
		if !t.blank(i, k.heads) {
			r.errorf(sh, t.colOf(k.col), i+1, "%s", k.need)
			t.cover(i)
		}
		return "", false
	case !k.known(id):
		r.errorf(sh, t.colOf(k.col), i+1, k.unknown, xlsxCut(id))
		t.cover(i)
		return "", false
	}
	if prev, dup := k.seen[id]; dup {
		r.errorf(sh, t.colOf(k.col), i+1, "%s %s is also on row %d", k.noun, id, prev)
		t.cover(i)
		return "", false
	}
	if k.seen == nil {
		k.seen = map[string]int{}
	}
	k.seen[id] = i + 1
	return id, true
}

// tmplIndex maps the value of a string key of each object of an array
// node to the object.
func tmplIndex(arr *jsonsrc.Node, key string) map[string]*jsonsrc.Node {
	out := map[string]*jsonsrc.Node{}
	if arr == nil {
		return out
	}
	for _, it := range arr.Items {
		if it.Kind != jsonsrc.Object {
			continue
		}
		if k := it.Get(key); k != nil && k.Kind == jsonsrc.String {
			out[k.Text] = it
		}
	}
	return out
}

// tmplScalarText is a scalar node as text, for comparing with a cell.
func tmplScalarText(n *jsonsrc.Node) string {
	switch n.Kind {
	case jsonsrc.Bool:
		return strconv.FormatBool(n.Bool)
	case jsonsrc.Null:
		return "null"
	}
	return n.Text
}

// tmplValue reads a printed-value cell: a whole number, a symbol as
// printed (* or -, no letters), or yes/no (true/false) for a value a
// counter shows or not (USCW: cautious, cavalry, parenthesised). A number
// that is not whole, and other text with a letter in it (x, four), are
// refused: a counter prints neither.
func tmplValue(s string) (*jsonsrc.Node, error) {
	if i, err := strconv.Atoi(s); err == nil {
		return tmplInt(i), nil
	}
	switch strings.ToLower(s) {
	case "yes", "true":
		return tmplBool(true), nil
	case "no", "false":
		return tmplBool(false), nil
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return nil, fmt.Errorf("%q is not a whole number (counters print whole numbers; type a symbol as it is printed)", xlsxCut(s))
	}
	if strings.IndexFunc(s, unicode.IsLetter) >= 0 {
		return nil, fmt.Errorf("%q is not a whole number or a printed symbol (type the number as printed, a symbol such as * as printed, - where the counter prints none, or yes/no for a mark it shows or not)", xlsxCut(s))
	}
	return tmplStr(s), nil
}

func (r *tmplReader) readCounters() {
	sh := tmplSheetCounters
	t, ok := r.tmplTable(sh, tmplColID)
	if !ok {
		return
	}
	byID := tmplIndex(r.cntRoot.Get("counters"), "id")
	names := r.m.Counters.Values
	changed, nSource, nPartial := 0, 0, 0
	keys := &tmplKeys{col: tmplColID, heads: append([]string{tmplColNotes}, names...), need: "a row with values needs the counter's Id",
		unknown: "unknown counter %q", noun: "counter", known: func(id string) bool { return byID[id] != nil }}
	added := 0
	for i := 1; i < len(t.rows); i++ {
		if id := tmplCell(t, i, tmplColID); id != "" && byID[id] == nil && keys.seen[id] == 0 {
			if !r.addCounter(t, i, id, byID) {
				continue
			}
			added++
		}
		id, ok := r.rowKey(sh, t, i, keys)
		if !ok {
			continue
		}
		c := byID[id]
		r.from(c, t, i, tmplColID, map[string]string{"notes": tmplColNotes, "name": tmplColName, "side": tmplColSide, "type": tmplColType, "size": tmplColSize})
		printed := c.Get("printed")
		if printed == nil || printed.Kind != jsonsrc.Object {
			printed = tmplObj()
			tmplSet(c, "printed", printed)
		}
		vals := printed.Get("values")
		valueCols := map[string]string{}
		for _, name := range names {
			valueCols[name] = name
		}
		defer func(i int, printed *jsonsrc.Node) {
			// The values object as the row leaves it, with a cell per value.
			if v := printed.Get("values"); v != nil {
				r.from(v, t, i, tmplColID, valueCols)
			}
		}(i, printed)
		rowChanged := false
		for _, name := range names {
			col := t.colOf(name)
			if col == 0 {
				continue
			}
			s := tmplCell(t, i, name)
			if s == "" {
				continue
			}
			v, err := tmplValue(s)
			if err != nil {
				r.errorf(sh, col, i+1, "%s: %v", name, err)
				continue
			}
			if vals != nil {
				if old := vals.Get(name); old != nil {
					if tmplScalarText(old) != tmplScalarText(v) {
						r.errorf(sh, col, i+1, "%s: the rulebook gives %s for %s; correct counters.json by hand (with a note) if the counter prints another value",
							name, tmplScalarText(old), id)
					}
					continue
				}
			} else {
				vals = tmplObj()
				tmplSet(printed, "values", vals)
			}
			tmplSet(vals, name, v)
			rowChanged = true
		}
		if note := tmplCell(t, i, tmplColNotes); note != "" {
			notes := tmplList(c, "notes")
			dup := false
			for _, n := range notes.Items {
				if tx := n.Get("text"); tx != nil && tx.Text == note {
					dup = true
				}
			}
			if !dup {
				n := tmplObj()
				tmplSet(n, "kind", tmplStr("comment"))
				tmplSet(n, "text", tmplStr(note))
				tmplSet(n, "field", tmplStr("printed"))
				notes.Items = append(notes.Items, n)
				r.from(n, t, i, tmplColNotes, nil)
				rowChanged = true
			}
		}
		if !rowChanged {
			continue
		}
		changed++
		have := 0
		for _, name := range names {
			if vals != nil && vals.Get(name) != nil {
				have++
			}
		}
		switch {
		case len(names) > 0 && have == len(names):
			tmplSet(printed, "status", tmplStr("source"))
			nSource++
		case have > 0:
			tmplSet(printed, "status", tmplStr("partial"))
			nPartial++
		}
	}
	if changed > 0 {
		r.changef("counters: %d changed (%d now with all printed values, %d partial)", changed, nSource, nPartial)
	}
	if added > 0 {
		r.changef("counters: %d added (rows for counters the rulebook never names)", added)
	}
}

// tmplIDRe is the pattern of a counter id (common.schema.json's id).
var tmplIDRe = regexp.MustCompile(`^[a-z0-9][a-z0-9._/-]*$`)

// addCounter adds the counter a Counters row names that counters.json
// lacks (a general the rulebook never names): its Id, Name, Side and Type
// are read from the row (Size defaults to the Type), its printed values
// then as any row's. It reports a row it cannot use and returns false.
func (r *tmplReader) addCounter(t *xlsxTable, i int, id string, byID map[string]*jsonsrc.Node) bool {
	sh := t.sheet
	name, side, typ, size := tmplCell(t, i, tmplColName), tmplCell(t, i, tmplColSide), tmplCell(t, i, tmplColType), tmplCell(t, i, tmplColSize)
	tmplCell(t, i, tmplColCommand)
	var sides []string
	for _, sd := range r.m.Game.Sides {
		sides = append(sides, sd.ID)
	}
	fail := func(head, format string, args ...any) bool {
		r.errorf(sh, t.colOf(head), i+1, format, args...)
		t.cover(i)
		return false
	}
	for _, ct := range r.m.Counters.Counters {
		if ct.Name == name && ct.Side == side && ct.Type == typ && name != "" {
			return fail(tmplColID, "unknown counter %q (its row's Name, Side and Type are those of %s: was the Id changed? A new counter needs a name of its own)", xlsxCut(id), ct.ID)
		}
	}
	switch {
	case !tmplIDRe.MatchString(id):
		return fail(tmplColID, "unknown counter %q (not in counters.json; a new counter's Id is lower case letters, digits and . _ / - such as u.hooker.ldr-general)", xlsxCut(id))
	case name == "":
		return fail(tmplColID, "unknown counter %q (not in counters.json; to add a counter the rulebook never names, fill its Name, Side and Type too)", xlsxCut(id))
	case !tmplContains(sides, side):
		return fail(tmplColSide, "new counter %s: Side %q is not one of %s", id, xlsxCut(side), strings.Join(sides, ", "))
	case typ == "":
		return fail(tmplColType, "new counter %s needs its Type (as the module's other counters write it)", id)
	}
	if size == "" {
		size = typ
	}
	c := tmplObj()
	tmplSet(c, "id", tmplStr(id))
	tmplSet(c, "name", tmplStr(name))
	tmplSet(c, "side", tmplStr(side))
	tmplSet(c, "type", tmplStr(typ))
	tmplSet(c, "size", tmplStr(size))
	p := tmplObj()
	tmplSet(p, "status", tmplStr("missing"))
	tmplSet(c, "printed", p)
	list := tmplList(r.cntRoot, "counters")
	list.Items = append(list.Items, c)
	byID[id] = c
	return true
}

func (r *tmplReader) readAreas() {
	sh := tmplSheetAreas
	t, ok := r.tmplTable(sh, tmplColID)
	if !ok {
		return
	}
	areasNode := r.mapRoot.Get("areas")
	byID := tmplIndex(areasNode, "id")
	// The feature columns: features of areas, by name or id.
	type featCol struct {
		f       *scenarios.Feature
		head    string
		answers map[string]bool
	}
	var feats []*featCol
	for i := range r.m.Map.Features {
		f := &r.m.Map.Features[i]
		if !tmplAreaFeature(f) {
			continue
		}
		head := tmplFeatureHead(f)
		if t.colOf(head) == 0 {
			continue // reported as missing
		}
		feats = append(feats, &featCol{f: f, head: head, answers: map[string]bool{}})
	}
	heads := []string{tmplColName, tmplColTEM}
	for _, fc := range feats {
		heads = append(heads, fc.head)
	}
	nTEM, nNames := 0, 0
	keys := &tmplKeys{col: tmplColID, heads: heads, need: "a row with values needs the Area or Zone id",
		unknown: "unknown area %q (not an Area or Zone of map.json)", noun: "area", known: func(id string) bool { return byID[id] != nil }}
	for i := 1; i < len(t.rows); i++ {
		id, ok := r.rowKey(sh, t, i, keys)
		if !ok {
			continue
		}
		a := byID[id]
		r.from(a, t, i, tmplColID, map[string]string{"name": tmplColName, "tem": tmplColTEM})
		if name := tmplCell(t, i, tmplColName); name != "" {
			if old := a.Get("name"); old != nil {
				if old.Text != name {
					r.errorf(sh, t.colOf(tmplColName), i+1, "the rulebook names area %s %q; correct map.json by hand (with a note) if the map prints another name", id, old.Text)
				}
			} else {
				tmplSet(a, "name", tmplStr(name))
				nNames++
			}
		}
		if s := tmplCell(t, i, tmplColTEM); s != "" {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 {
				r.errorf(sh, t.colOf(tmplColTEM), i+1, "TEM %q is not a whole number (0 or more)", xlsxCut(s))
			} else if old := a.Get("tem"); old == nil || old.Text != strconv.Itoa(v) {
				tmplSet(a, "tem", tmplInt(v))
				nTEM++
			}
		}
		for _, fc := range feats {
			s := tmplCell(t, i, fc.head)
			if s == "" {
				continue
			}
			v, ok := tmplYesNo(s)
			if !ok {
				r.errorf(sh, t.colOf(fc.head), i+1, "%s: %q is not yes or no", fc.head, xlsxCut(s))
				continue
			}
			fc.answers[id] = v
		}
	}
	if nNames > 0 {
		r.changef("areas: %d names", nNames)
	}
	if nTEM > 0 {
		r.changef("areas: %d TEMs", nTEM)
	}
	featNodes := tmplIndex(r.mapRoot.Get("features"), "id")
	for _, fc := range feats {
		if len(fc.answers) == 0 {
			continue
		}
		fn := featNodes[fc.f.ID]
		if fn == nil {
			continue
		}
		member := map[string]bool{}
		var order []string
		if h := fn.Get("hexes"); h != nil {
			for _, it := range h.Items {
				member[it.Text] = true
				order = append(order, it.Text)
			}
		}
		for _, a := range r.m.Map.Areas {
			if v, ok := fc.answers[a.ID]; ok && v && !member[a.ID] {
				member[a.ID] = true
				order = append(order, a.ID)
			}
		}
		hexes := tmplArr()
		yes := 0
		for _, id := range order {
			if v, ok := fc.answers[id]; ok && !v {
				continue
			}
			hexes.Items = append(hexes.Items, tmplStr(id))
			yes++
		}
		if len(hexes.Items) > 0 {
			tmplSet(fn, "hexes", hexes)
		} else {
			tmplDel(fn, "hexes")
		}
		r.from(fn, t, 0, fc.head, nil) // the feature's column
		complete := len(fc.answers) == len(r.m.Map.Areas)
		if complete {
			tmplSet(fn, "complete", tmplBool(true))
			if p := fn.Get("provenance"); p != nil && p.Text == "not-in-source" {
				tmplSet(fn, "provenance", tmplStr("source"))
			}
			if fc.f.Count != nil && *fc.f.Count != yes {
				r.warnings = append(r.warnings, CellError{Sheet: sh, Cell: xlsxCell(t.colOf(fc.head), 1),
					Msg: fmt.Sprintf("%s: %d areas marked yes, the rulebook counts %d", fc.head, yes, *fc.f.Count)})
			}
		}
		what := "partly"
		if complete {
			what = "every area answered"
		}
		r.changef("feature %s: %d areas (%s)", fc.f.ID, yes, what)
	}
}

func tmplPairKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + "\x00" + b
}

func (r *tmplReader) readLinks() {
	sh := tmplSheetLinks
	t, ok := r.tmplTable(sh, tmplColA, tmplColB)
	if !ok {
		return
	}
	areas := map[string]bool{}
	for _, a := range r.m.Map.Areas {
		areas[a.ID] = true
	}
	bts := map[string]bool{}
	for _, b := range r.m.Map.BoundaryTypes {
		bts[b.ID] = true
	}
	adj := tmplList(r.mapRoot, "adjacency")
	existing := map[string]*jsonsrc.Node{}
	for _, it := range adj.Items {
		if bw := it.Get("between"); bw != nil && len(bw.Items) == 2 {
			existing[tmplPairKey(bw.Items[0].Text, bw.Items[1].Text)] = it
		}
	}
	flags := []struct{ head, key string }{{tmplColRoad, "road"}, {tmplColFord, "ford"}, {tmplColProhibited, "prohibited"}}
	rest := []string{tmplColBoundary, tmplColRoad, tmplColFord, tmplColProhibited, tmplColCrossing}
	crossings := map[string]*jsonsrc.Node{} // named crossing feature id -> its node
	if feats := r.mapRoot.Get("features"); feats != nil {
		for i := range r.m.Map.Features {
			if f := &r.m.Map.Features[i]; tmplLinkFeature(f) {
				for _, fn := range feats.Items {
					if id := fn.Get("id"); id != nil && id.Text == f.ID {
						crossings[f.ID] = fn
					}
				}
			}
		}
	}
	crossingRow := map[string]int{}
	seen := map[string]int{}
	added, updated := 0, 0
	for i := 1; i < len(t.rows); i++ {
		a, b := tmplCell(t, i, tmplColA), tmplCell(t, i, tmplColB)
		if a == "" && b == "" {
			if !t.blank(i, rest) {
				r.errorf(sh, t.colOf(tmplColA), i+1, "a link needs Area A and Area B")
				t.cover(i)
			}
			continue
		}
		bad := false
		for _, e := range []struct{ head, id string }{{tmplColA, a}, {tmplColB, b}} {
			switch {
			case e.id == "":
				r.errorf(sh, t.colOf(e.head), i+1, "a link needs %s", e.head)
				t.cover(i)
				bad = true
			case !areas[e.id]:
				r.errorf(sh, t.colOf(e.head), i+1, "unknown area %q (not an Area or Zone of map.json)", xlsxCut(e.id))
				t.cover(i)
				bad = true
			}
		}
		if bad {
			continue
		}
		if a == b {
			r.errorf(sh, t.colOf(tmplColB), i+1, "a link joins two different areas (both are %s)", a)
			t.cover(i)
			continue
		}
		key := tmplPairKey(a, b)
		if prev, dup := seen[key]; dup {
			r.errorf(sh, t.colOf(tmplColA), i+1, "the link %s-%s is also on row %d", a, b, prev)
			t.cover(i)
			continue
		}
		seen[key] = i + 1
		boundary := tmplCell(t, i, tmplColBoundary)
		if boundary != "" && !bts[boundary] {
			r.errorf(sh, t.colOf(tmplColBoundary), i+1, "unknown boundary type %q (one of: %s)", xlsxCut(boundary), strings.Join(tmplBoundaryIDs(r.m.Map), ", "))
			t.cover(i)
			continue
		}
		vals := map[string]*bool{}
		for _, fl := range flags {
			s := tmplCell(t, i, fl.head)
			if s == "" {
				continue
			}
			v, ok := tmplYesNo(s)
			if !ok {
				r.errorf(sh, t.colOf(fl.head), i+1, "%s: %q is not yes or no", fl.head, xlsxCut(s))
				t.cover(i)
				bad = true
				continue
			}
			vals[fl.key] = &v
		}
		if bad {
			continue
		}
		if c := tmplCell(t, i, tmplColCrossing); c != "" {
			fn := crossings[c]
			switch {
			case fn == nil:
				r.errorf(sh, t.colOf(tmplColCrossing), i+1, "%q is not a named crossing of map.json (one of: %s)", xlsxCut(c), strings.Join(tmplCrossingIDs(r.m.Map), ", "))
				t.cover(i)
				continue
			case crossingRow[c] > 0:
				r.errorf(sh, t.colOf(tmplColCrossing), i+1, "the crossing %s is also on row %d", c, crossingRow[c])
				t.cover(i)
				continue
			}
			crossingRow[c] = i + 1
			before := string(tmplFormat(fn))
			hx := tmplArr()
			hx.Items = []*jsonsrc.Node{tmplStr(a), tmplStr(b)}
			tmplSet(fn, "hexes", hx)
			tmplSet(fn, "complete", tmplBool(true))
			r.from(fn, t, i, tmplColCrossing, nil)
			if string(tmplFormat(fn)) != before {
				r.changef("crossing %s: %s-%s", c, a, b)
			}
		}
		link := existing[key]
		isNew := link == nil
		if isNew {
			link = tmplObj()
			bw := tmplArr()
			bw.Items = []*jsonsrc.Node{tmplStr(a), tmplStr(b)}
			tmplSet(link, "between", bw)
		}
		r.from(link, t, i, tmplColA, map[string]string{"boundary": tmplColBoundary, "road": tmplColRoad, "ford": tmplColFord, "prohibited": tmplColProhibited})
		before := string(tmplFormat(link))
		if boundary != "" {
			tmplSet(link, "boundary", tmplStr(boundary))
		}
		for _, fl := range flags {
			if v := vals[fl.key]; v != nil {
				if *v {
					tmplSet(link, fl.key, tmplBool(true))
				} else {
					tmplDel(link, fl.key)
				}
			}
		}
		switch {
		case isNew:
			adj.Items = append(adj.Items, link)
			added++
		case string(tmplFormat(link)) != before:
			updated++
		}
	}
	if len(adj.Items) == 0 {
		tmplDel(r.mapRoot, "adjacency")
	}
	if added+updated > 0 {
		r.changef("links: %d added, %d changed", added, updated)
	}
}

func (r *tmplReader) readTerrain() {
	sh := tmplSheetTerrain
	t, ok := r.tmplTable(sh, tmplColHex, tmplColTerrain)
	if !ok {
		return
	}
	valid := map[string]bool{}
	for _, h := range tmplHexes(r.m.Map) {
		valid[h.id] = true
	}
	hexes := tmplList(r.mapRoot, "hexes")
	byAt := tmplIndex(hexes, "at")
	n, withData := 0, 0
	cols := tmplHexDataCols(r.m.Map)
	heads := []string{tmplColTerrain}
	origin := map[string]string{"terrain": tmplColTerrain, "states": tmplColStates, "theater": tmplColTheater, "place": tmplColPlaceKind,
		"port": tmplColPort, "objective": tmplColObjective, "bp": tmplColBP, "salt": tmplColSalt, "blockade": tmplColBlockZone}
	for _, c := range cols {
		heads = append(heads, c.head)
	}
	keys := &tmplKeys{col: tmplColHex, heads: heads, need: "a row with a terrain or hex data needs the Hex",
		unknown: "unknown hex %q (not a hex of the map sheets in play, as this workbook lists them)", noun: "hex", known: func(id string) bool { return valid[id] }}
	for i := 1; i < len(t.rows); i++ {
		id, ok := r.rowKey(sh, t, i, keys)
		if !ok {
			continue
		}
		hexOf := func() *jsonsrc.Node {
			h := byAt[id]
			if h == nil {
				h = tmplObj()
				tmplSet(h, "at", tmplStr(id))
				hexes.Items = append(hexes.Items, h)
				byAt[id] = h
			}
			r.from(h, t, i, tmplColHex, origin)
			return h
		}
		before := ""
		if h := byAt[id]; h != nil {
			before = string(tmplFormat(h))
		}
		filled, ok := r.readHexData(t, i, cols, byAt[id], hexOf)
		if !ok {
			continue
		}
		if filled && string(tmplFormat(byAt[id])) != before {
			withData++
		}
		terr := tmplCell(t, i, tmplColTerrain)
		if terr == "" {
			continue
		}
		if strings.IndexFunc(terr, unicode.IsLetter) < 0 {
			r.errorf(sh, t.colOf(tmplColTerrain), i+1, "Terrain %q is not a terrain name (type the name the Terrain Effects Chart gives, such as clear or woods)", xlsxCut(terr))
			continue
		}
		if h := byAt[id]; h != nil {
			if old := h.Get("terrain"); old != nil && old.Text == terr {
				continue
			}
		}
		tmplSet(hexOf(), "terrain", tmplStr(terr))
		n++
	}
	if len(hexes.Items) == 0 {
		tmplDel(r.mapRoot, "hexes")
	}
	if n > 0 {
		r.changef("terrain: %d hexes", n)
	}
	r.settleHexData(cols, withData)
}

// settleMissing removes from map.json's missing list the topics the
// filled cells now answer, so tools stop reporting them: tem once every
// Area and Zone has one; a feature's topic (wilderness, hills) once the
// feature is complete; and the topics of the Links sheet (adjacency,
// boundary types, roads, fords, zone arrows) once every Area and Zone has
// a link and every link a boundary type or the prohibited mark, since a
// blank Road or Ford cell of a filled row says there is none (fords also
// once every named crossing is on its link).
func (r *tmplReader) settleMissing() {
	missing := r.mapRoot.Get("missing")
	if missing == nil || len(missing.Items) == 0 {
		return
	}
	answered := map[string]bool{}
	allTEM := true
	linked := map[string]bool{}
	var ids []string
	if areas := r.mapRoot.Get("areas"); areas != nil {
		for _, a := range areas.Items {
			if k := a.Get("kind"); k != nil && k.Text == "box" {
				continue
			}
			id := a.Get("id")
			if id == nil {
				continue
			}
			ids = append(ids, id.Text)
			if a.Get("tem") == nil {
				allTEM = false
			}
		}
	}
	answered["tem"] = allTEM && len(ids) > 0
	if feats := r.mapRoot.Get("features"); feats != nil {
		for _, f := range feats.Items {
			if id, c := f.Get("id"), f.Get("complete"); id != nil && c != nil && c.Kind == jsonsrc.Bool && c.Bool {
				answered[id.Text] = true
			}
		}
	}
	links := true
	if adj := r.mapRoot.Get("adjacency"); adj != nil {
		for _, it := range adj.Items {
			if bw := it.Get("between"); bw != nil {
				for _, x := range bw.Items {
					linked[x.Text] = true
				}
			}
			p := it.Get("prohibited")
			if it.Get("boundary") == nil && (p == nil || !p.Bool) {
				links = false
			}
		}
	}
	for _, id := range ids {
		links = links && linked[id]
	}
	for _, t := range []string{"adjacency", "boundary-types", "roads", "fords", "zone-arrows"} {
		answered[t] = links && len(ids) > 0
	}
	// The fords include the named crossings (Reynold's Crossing), each on
	// its link once the Crossing column places it.
	if feats := r.mapRoot.Get("features"); feats != nil {
		for i := range r.m.Map.Features {
			if f := &r.m.Map.Features[i]; tmplLinkFeature(f) {
				for _, fn := range feats.Items {
					if id := fn.Get("id"); id != nil && id.Text == f.ID {
						if hx := fn.Get("hexes"); hx == nil || len(hx.Items) != 2 {
							answered["fords"] = false
						}
					}
				}
			}
		}
	}
	kept := missing.Items[:0]
	var removed []string
	for _, it := range missing.Items {
		if t := it.Get("topic"); t != nil && answered[t.Text] {
			removed = append(removed, t.Text)
			continue
		}
		kept = append(kept, it)
	}
	missing.Items = kept
	if len(kept) == 0 {
		tmplDel(r.mapRoot, "missing")
	}
	if len(removed) > 0 {
		r.changef("missing: %s answered, removed from map.json's missing list", strings.Join(removed, ", "))
	}
}

// readMarkers reads the Markers sheet: each side's count of a marker the
// rules limit to those supplied (LGV 15.0, 16.0). A marker whose cells are
// all empty is left as it is (still missing); one with every side filled
// gets "supplied" and loses "suppliedMissing"; one with some sides filled
// is refused, since an empty side would silently go without a limit.
func (r *tmplReader) readMarkers() {
	sh := tmplSheetMarkers
	mks := tmplMarkers(r.m.Game)
	if len(mks) == 0 {
		return
	}
	t, ok := r.tmplTable(sh, tmplColID, tmplColSide, tmplColSupplied)
	if !ok {
		return
	}
	var ids, sideIDs []string
	for _, mk := range mks {
		ids = append(ids, mk.ID)
	}
	for _, sd := range r.m.Game.Sides {
		sideIDs = append(sideIDs, sd.ID)
	}
	type count struct {
		row    int // the sheet row (1 is the header)
		n      int
		filled bool
	}
	got := map[string]map[string]count{} // marker id -> side id -> count
	seen := map[string]int{}
	for i := 1; i < len(t.rows); i++ {
		id, side, v := tmplCell(t, i, tmplColID), tmplCell(t, i, tmplColSide), tmplCell(t, i, tmplColSupplied)
		switch {
		case id == "" && side == "":
			if v != "" {
				r.errorf(sh, t.colOf(tmplColID), i+1, "a count needs the marker's Id and Side")
				t.cover(i)
			}
			continue
		case id == "":
			r.errorf(sh, t.colOf(tmplColID), i+1, "a row needs the marker's Id")
			t.cover(i)
			continue
		case !tmplContains(ids, id):
			r.errorf(sh, t.colOf(tmplColID), i+1, "marker %q is not one whose supplied count game.json asks for (%s)", xlsxCut(id), strings.Join(ids, ", "))
			t.cover(i)
			continue
		case side == "":
			r.errorf(sh, t.colOf(tmplColSide), i+1, "a row needs the Side")
			t.cover(i)
			continue
		case !tmplContains(sideIDs, side):
			r.errorf(sh, t.colOf(tmplColSide), i+1, "unknown side %q (one of: %s)", xlsxCut(side), strings.Join(sideIDs, ", "))
			t.cover(i)
			continue
		}
		key := id + "\x00" + side
		if prev, dup := seen[key]; dup {
			r.errorf(sh, t.colOf(tmplColID), i+1, "marker %s, side %s is also on row %d", id, side, prev)
			t.cover(i)
			continue
		}
		seen[key] = i + 1
		c := count{row: i + 1}
		if v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				r.errorf(sh, t.colOf(tmplColSupplied), i+1, "Supplied %q is not a whole number (0 or more)", xlsxCut(v))
				t.cover(i)
				continue
			}
			c.n, c.filled = n, true
		}
		if got[id] == nil {
			got[id] = map[string]count{}
		}
		got[id][side] = c
	}
	nodes := tmplIndex(r.gameRoot.Get("markers"), "id")
	for _, mk := range mks {
		filled := 0
		for _, c := range got[mk.ID] {
			if c.filled {
				filled++
			}
		}
		if filled == 0 {
			continue
		}
		supplied := tmplObj()
		var parts []string
		complete := true
		for _, sd := range sideIDs {
			c, ok := got[mk.ID][sd]
			switch {
			case !ok:
				r.errorf(sh, 0, 0, "marker %s has counts for some sides but no row for side %s: fill every side's count (0 where the rules give it none) or none", mk.ID, sd)
				complete = false
			case !c.filled:
				r.errorf(sh, t.colOf(tmplColSupplied), c.row, "marker %s: Supplied is empty for side %s while other sides are filled: fill every side's count (0 where the rules give it none) or none", mk.ID, sd)
				complete = false
			default:
				tmplSet(supplied, sd, tmplInt(c.n))
				parts = append(parts, fmt.Sprintf("%s %d", sd, c.n))
			}
		}
		n := nodes[mk.ID]
		if !complete || n == nil {
			continue
		}
		before := string(tmplFormat(n))
		tmplSet(n, "supplied", supplied)
		r.from(n, t, got[mk.ID][sideIDs[0]].row-1, tmplColSupplied, nil) // the first side's row
		tmplDel(n, "suppliedMissing")
		if string(tmplFormat(n)) != before {
			r.gameEdit = true
			r.changef("marker %s: supplied %s", mk.ID, strings.Join(parts, ", "))
		}
	}
}

// account accounts for every cell of the template (account.go) against
// the template muster writes for the module.
func (r *tmplReader) account() error {
	b, err := newXLSXBook(r.m, nil)
	if err == nil {
		err = b.writeTemplate(r.m)
	}
	if err != nil {
		return fmt.Errorf("import: the module's template cannot be written, to compare the cells with: %w", err)
	}
	// The Instructions (text whose counts follow the module) and the
	// drop-downs' values are not accounted: they change as the module is
	// filled, and nothing typed there is a fact of the module.
	// A matrix sheet's cells are each read or reported by readMatrix (its
	// columns and rows are the owner's to add), so it is not compared.
	skip := []string{tmplSheetData, tmplSheetInstructions, xlsxSheetLists}
	for _, tf := range tmplMatrixTables(r.m) {
		skip = append(skip, tmplMatrixSheet(tf.Table))
	}
	ref, err := xlsxRefOf(b.f, skip...)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	// A template filled in several sittings is applied to the module as
	// the earlier ones left it: a counter they completed is no longer
	// written, and its Status now has moved on. Its row is still what
	// muster wrote for the counter, status aside.
	if rows := ref.rows[tmplSheetCounters]; len(rows) > 0 {
		have := map[string]bool{}
		for _, row := range rows[1:] {
			if len(row) > 0 {
				have[row[0]] = true
			}
		}
		for i := range r.m.Counters.Counters {
			ct := &r.m.Counters.Counters[i]
			if have[ct.ID] {
				continue
			}
			var row []string
			for _, v := range tmplCounterCells(r.m.Counters, ct) {
				row = append(row, fmt.Sprint(v))
			}
			rows = append(rows, row)
		}
		ref.rows[tmplSheetCounters] = rows
	}
	by := func(keys ...string) func(string) []string { return func(string) []string { return keys } }
	areaHeads := []string{tmplColID, tmplColName, tmplColTEM}
	for i := range r.m.Map.Features {
		if f := &r.m.Map.Features[i]; tmplAreaFeature(f) {
			areaHeads = append(areaHeads, tmplFeatureHead(f))
		}
	}
	const why = "its row is not read"
	terrainHeads := []string{tmplColHex, tmplColTerrain}
	for _, c := range tmplHexDataCols(r.m.Map) {
		terrainHeads = append(terrainHeads, c.head)
	}
	rules := map[string]xlsxRule{
		tmplSheetCounters: {heads: append(append([]string{tmplColID}, r.m.Counters.Values...), tmplColNotes), keyed: []string{tmplColID}, keys: by(tmplColID), why: why,
			// The statuses a listed counter shows before it is complete.
			also: map[string][]string{tmplColStatus: {"missing", "partial"}}},
		tmplSheetAreas: {heads: areaHeads, keyed: []string{tmplColID}, keys: by(tmplColID), why: why},
		tmplSheetLinks: {heads: []string{tmplColA, tmplColB, tmplColBoundary, tmplColRoad, tmplColFord, tmplColProhibited, tmplColCrossing},
			keyed: []string{tmplColA, tmplColB}, keys: by(tmplColA, tmplColB), why: why},
		tmplSheetTerrain: {heads: terrainHeads, keyed: []string{tmplColHex, tmplColTerrain}, keys: by(tmplColHex), why: why},
		tmplSheetTrack: {heads: []string{tmplColTurn, tmplColSeason, tmplColYear, tmplColBenchmark, tmplColWinter}, keyed: []string{tmplColTurn},
			keys: by(tmplColTurn), why: why, also: map[string][]string{tmplColStatus: {"missing", "partial", "source"}}},
		tmplSheetGenerals: {heads: []string{tmplColTurn, tmplColSide, tmplColCode, tmplColGeneral, tmplColPartner, tmplColTheater, tmplColPrinted, tmplColOptional},
			keyed: []string{tmplColTurn, tmplColSide, tmplColCode}, keys: by(tmplColTurn, tmplColSide, tmplColCode, tmplColGeneral), why: why},
		tmplSheetDecks: {heads: []string{tmplColDeck, tmplColCard, tmplColTheater, tmplColTitle, tmplColNaval}, keyed: []string{tmplColDeck, tmplColCard, tmplColTheater},
			keys: by(tmplColDeck, tmplColCard), why: why},
		tmplSheetMarkers: {heads: []string{tmplColID, tmplColSide, tmplColSupplied}, keyed: []string{tmplColID, tmplColSide, tmplColSupplied}, keys: by(tmplColID, tmplColSide), why: why},
	}
	missing := func(name string) string {
		// A renamed or deleted sheet would silently drop every value
		// filled in there.
		return fmt.Sprintf("the template has no sheet %q, which muster module template wrote for module %s: was it renamed or deleted? Restore its name", name, r.m.Game.ID)
	}
	r.xr.accountBook(ref, rules, skip, missing, func(string) bool { return false })
	return nil
}
