package sheet

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

// The matrix sheets of the component template: one per matrix table of
// the module (USCW: the CRT, the Blockade, Attrition and Random States
// tables), laid out as the component prints it. Row 1 holds the row-key
// header in A1 and one column per matrix column, its heading as printed
// with the dice in brackets ("9-12 (2d6)"); each row below holds a key as
// printed ("<=1", "7", "20+") and one cell per column, typed as printed
// ("2*", "+2M", "Virginia"). The reader rebuilds the table's columns and
// grid from the sheet, so an owner can add the columns and rows the
// rulebook never names; every cell of the sheet is read or reported.

// tmplMatrixTables are the module's matrix tables whose values are not
// all printed in the rulebook (a status other than source), in file order.
func tmplMatrixTables(m *scenarios.Module) []*scenarios.TableFile {
	var out []*scenarios.TableFile
	for _, tf := range m.Tables {
		if tf.Table != nil && tf.Table.Kind == "matrix" && tf.Table.Status != "" && tf.Table.Status != "source" && tf.Doc != nil && tf.Doc.Root != nil {
			out = append(out, tf)
		}
	}
	return out
}

// tmplMatrixSheet is the sheet name of a matrix table: its title when it
// fits a sheet name (31 characters), else "Table " and its id.
func tmplMatrixSheet(t *scenarios.Table) string {
	if n := t.Title; n != "" && len([]rune(n)) <= 31 && !strings.ContainsAny(n, `:\/?*[]`) {
		return n
	}
	return xlsxCut31("Table " + t.ID)
}

func xlsxCut31(s string) string {
	r := []rune(s)
	if len(r) > 31 {
		r = r[:31]
	}
	return string(r)
}

// tmplMatrixKeyHead is the A1 header of a matrix sheet: what its rows
// are keyed by.
func tmplMatrixKeyHead(t *scenarios.Table) string {
	switch t.RowKey {
	case "roll":
		if t.Modified {
			return "Modified roll"
		}
		return "Roll"
	case "count":
		return "Count"
	}
	return "Row"
}

// tmplMatrixCellKind is what a table's cells read: results (losses and a
// mark), bp (BPs and a Maintenance rise), value or region. The table says
// so (cells); a table that does not is read as its grid or facts show.
func tmplMatrixCellKind(t *scenarios.Table) string {
	if t.Cells != "" {
		return t.Cells
	}
	for _, r := range t.Grid {
		for _, c := range r.Cells {
			switch {
			case c.Losses != nil:
				return "result"
			case c.BP != nil || c.Maintenance != nil:
				return "bp"
			case c.Region != "":
				return "region"
			}
		}
	}
	for _, f := range t.Facts {
		if f.Losses != nil {
			return "result"
		}
		if f.BP != nil {
			return "bp"
		}
	}
	return "value"
}

// tmplColumnHead is a column's header: its printed heading and its dice.
func tmplColumnHead(c scenarios.Column) string {
	if c.Dice == "" {
		return c.Printed
	}
	return fmt.Sprintf("%s (%s)", c.Printed, c.Dice)
}

func (b *xlsxBook) writeTemplateMatrix(t *scenarios.Table) error {
	g := &xlsxGrid{sheet: tmplMatrixSheet(t), freezeCols: 1}
	g.col(tmplMatrixKeyHead(t), 14, false, false, "")
	for _, c := range t.Columns {
		g.col(tmplColumnHead(c), float64(max(10, len(tmplColumnHead(c))+2)), false, false, "")
	}
	for _, r := range t.Grid {
		row := []any{tmplMatrixText(r.Printed)}
		for _, c := range r.Cells {
			row = append(row, tmplMatrixText(c.Text))
		}
		g.rows = append(g.rows, row)
	}
	return b.writeGrid(g)
}

// tmplMatrixText is a printed text as a cell holds it: a whole number as
// a number (so a spreadsheet keeps it one), anything else as text.
func tmplMatrixText(s string) any {
	if n, err := strconv.Atoi(s); err == nil && strconv.Itoa(n) == s {
		return n
	}
	return s
}

var (
	tmplDiceRe  = regexp.MustCompile(`^(.*?)\s*\(\s*([0-9]+)\s*[dD]\s*6\s*\)$`)
	tmplBandRe  = regexp.MustCompile(`^(-?[0-9]+)\s*(?:-|–|to)\s*(-?[0-9]+)$`)
	tmplOpenRe  = regexp.MustCompile(`^(-?[0-9]+)\s*\+$`)
	tmplBelowRe = regexp.MustCompile(`^(?:<=|≤|=<)\s*(-?[0-9]+)$|^(-?[0-9]+)\s*(?:-|or less|or fewer)$`)
	tmplResRe   = regexp.MustCompile(`^([0-9]+)\s*([*◇◆♦]|[dD])?$`)
	tmplBPRe    = regexp.MustCompile(`^([0-9]+)?\s*(?:\+\s*([0-9]+)\s*[mM])?$`)
)

// tmplParseBand reads a key band as printed: "5-6", "17+", "<=1", "7".
// lo or hi nil is open.
func tmplParseBand(s string) (lo, hi *int, err error) {
	s = strings.TrimSpace(s)
	num := func(x string) *int { n, _ := strconv.Atoi(x); return &n }
	if n, e := strconv.Atoi(s); e == nil {
		return &n, &n, nil
	}
	if m := tmplBandRe.FindStringSubmatch(s); m != nil {
		lo, hi = num(m[1]), num(m[2])
		if *lo > *hi {
			return nil, nil, fmt.Errorf("%q runs from %d down to %d", xlsxCut(s), *lo, *hi)
		}
		return lo, hi, nil
	}
	if m := tmplOpenRe.FindStringSubmatch(s); m != nil {
		return num(m[1]), nil, nil
	}
	if m := tmplBelowRe.FindStringSubmatch(s); m != nil {
		if m[1] != "" {
			return nil, num(m[1]), nil
		}
		return nil, num(m[2]), nil
	}
	return nil, nil, fmt.Errorf("%q is not a number or a band as printed (7, 5-6, 17+, <=1)", xlsxCut(s))
}

// tmplParseColumnHead reads a column header: the printed heading and,
// in brackets, its dice (1d6, 2d6 or 3d6).
func tmplParseColumnHead(h string) (printed, dice string, err error) {
	printed = strings.TrimSpace(h)
	if m := tmplDiceRe.FindStringSubmatch(printed); m != nil {
		n, _ := strconv.Atoi(m[2])
		if n < 1 || n > 3 {
			return "", "", fmt.Errorf("%q: the dice in brackets are 1d6, 2d6 or 3d6", xlsxCut(h))
		}
		printed, dice = strings.TrimSpace(m[1]), fmt.Sprintf("%dd6", n)
	}
	if printed == "" {
		return "", "", fmt.Errorf("%q has no heading before the dice", xlsxCut(h))
	}
	return printed, dice, nil
}

// tmplColumnNode builds a column from its header for a table keyed by
// columnKey, keeping what the module's own column of that heading
// records (its status, source and notes).
func tmplColumnNode(t *scenarios.Table, old *jsonsrc.Node, printed, dice string) (*jsonsrc.Node, error) {
	var c *jsonsrc.Node
	if old != nil {
		c = tmplClone(old)
	} else {
		c = tmplObj()
		id := printed
		if t.ColumnKey == "name" {
			id = tmplSlug(printed)
		}
		tmplSet(c, "id", tmplStr(id))
		tmplSet(c, "printed", tmplStr(printed))
		if t.ColumnKey == "sp" || t.ColumnKey == "year" {
			lo, hi, err := tmplParseBand(printed)
			if err != nil {
				return nil, err
			}
			if lo != nil {
				tmplSet(c, "min", tmplInt(*lo))
			}
			if hi != nil {
				tmplSet(c, "max", tmplInt(*hi))
			}
		}
	}
	if dice != "" {
		tmplSet(c, "dice", tmplStr(dice))
	} else {
		tmplDel(c, "dice")
	}
	return c, nil
}

// tmplSlug is an id made of a printed name: "SPs Displaced" -> "sps-displaced".
func tmplSlug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case b.Len() > 0 && !dash:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// tmplParseCell reads a printed cell of a table whose cells are kind.
func (r *tmplReader) tmplParseCell(kind, s string) (*jsonsrc.Node, error) {
	c := tmplObj()
	tmplSet(c, "text", tmplStr(s))
	switch kind {
	case "result":
		m := tmplResRe.FindStringSubmatch(s)
		if m == nil {
			return nil, fmt.Errorf("%q is not a result as printed (a number of SPs, then * or ◇ where the cell shows one: 2, 1*, 0◇)", xlsxCut(s))
		}
		n, _ := strconv.Atoi(m[1])
		mark := "none"
		switch m[2] {
		case "*":
			mark = "asterisk"
		case "":
		default:
			mark = "diamond"
		}
		tmplSet(c, "losses", tmplInt(n))
		tmplSet(c, "mark", tmplStr(mark))
	case "bp":
		m := tmplBPRe.FindStringSubmatch(s)
		if m == nil || (m[1] == "" && m[2] == "") {
			return nil, fmt.Errorf("%q is not a result as printed (BPs, +2M for a Maintenance rise, or both: 10, +2M, 4 +2M)", xlsxCut(s))
		}
		if m[1] != "" {
			n, _ := strconv.Atoi(m[1])
			tmplSet(c, "bp", tmplInt(n))
		}
		if m[2] != "" {
			n, _ := strconv.Atoi(m[2])
			tmplSet(c, "maintenance", tmplInt(n))
		}
	case "region":
		id := r.regionID(s, "")
		if id == "" {
			return nil, fmt.Errorf("%q is not a region of map.json (a state by name or id: %s)", xlsxCut(s), strings.Join(r.regionNames(""), ", "))
		}
		tmplSet(c, "region", tmplStr(id))
	default:
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number", xlsxCut(s))
		}
		tmplSet(c, "value", tmplInt(n))
	}
	return c, nil
}

// regionID finds a map region by id or name (any case), of the kind when
// one is given; "" when none.
func (r *tmplReader) regionID(s, kind string) string {
	s = strings.TrimSpace(s)
	for _, g := range r.m.Map.Regions {
		if kind != "" && g.Kind != kind {
			continue
		}
		if strings.EqualFold(g.ID, s) || (g.Name != "" && strings.EqualFold(g.Name, s)) {
			return g.ID
		}
	}
	return ""
}

func (r *tmplReader) regionNames(kind string) []string {
	var out []string
	for _, g := range r.m.Map.Regions {
		if kind == "" || g.Kind == kind {
			out = append(out, g.ID)
		}
	}
	return out
}

// tmplTableFile is a table file being rewritten by the template: its path
// in the module and its copied tree.
type tmplTableFile struct {
	path string
	root *jsonsrc.Node
	edit bool
}

// readMatrices reads every matrix sheet.
func (r *tmplReader) readMatrices() {
	for _, tf := range tmplMatrixTables(r.m) {
		r.readMatrix(tf)
	}
}

func (r *tmplReader) readMatrix(tf *scenarios.TableFile) {
	t := tf.Table
	sh := tmplMatrixSheet(t)
	xt, ok := r.xr.table(sh)
	if !ok || len(xt.rows) == 0 {
		return
	}
	for i := range xt.rows {
		xt.cover(i) // every cell is read or reported here
	}
	doc := r.tableDoc(tf)
	root := doc.root
	before := string(tmplFormat(root))
	kind := tmplMatrixCellKind(t)
	errs := len(r.xr.im.Errors)
	head := xt.rows[0]
	keyHead := tmplMatrixKeyHead(t)
	if len(head) == 0 || strings.TrimSpace(head[0]) != keyHead {
		got := ""
		if len(head) > 0 {
			got = head[0]
		}
		r.errorf(sh, 1, 1, "the header here is %q; muster writes %q (the rows' keys are read from column A)", xlsxCut(got), keyHead)
		return
	}
	// The columns, from the headers.
	oldCols := map[string]*jsonsrc.Node{}
	if cols := root.Get("columns"); cols != nil {
		for _, c := range cols.Items {
			if p := c.Get("printed"); p != nil {
				oldCols[p.Text] = c
			}
		}
	}
	width := 0
	for _, row := range xt.rows {
		for c := len(row) - 1; c >= 0; c-- {
			if strings.TrimSpace(row[c]) != "" {
				width = max(width, c+1)
				break
			}
		}
	}
	cols := tmplArr()
	var colAt []int         // sheet column (0-based) of each column
	var colPrinted []string // and its printed heading
	seen := map[string]int{}
	for c := 1; c < width; c++ {
		h := ""
		if c < len(head) {
			h = strings.TrimSpace(head[c])
		}
		if h == "" {
			r.errorf(sh, c+1, 1, "a column with cells needs its heading as printed, and its dice in brackets (such as 9-12 (2d6))")
			continue
		}
		printed, dice, err := tmplParseColumnHead(h)
		if err == nil {
			if prev, dup := seen[printed]; dup {
				err = fmt.Errorf("column %q is also in column %s", printed, xlsxColName(prev+1))
			}
		}
		var cn *jsonsrc.Node
		if err == nil {
			cn, err = tmplColumnNode(t, oldCols[printed], printed, dice)
		}
		if err != nil {
			r.errorf(sh, c+1, 1, "%v", err)
			continue
		}
		seen[printed] = c
		r.fromCell(cn, sh, 1, c+1)
		cols.Items = append(cols.Items, cn)
		colAt = append(colAt, c)
		colPrinted = append(colPrinted, printed)
	}
	// The rows. A row and a cell typed as the module has them keep their
	// nodes (their notes, and a reading the text alone does not give).
	oldRows := map[string]*jsonsrc.Node{}
	oldColAt := map[string]int{}
	if g := root.Get("grid"); g != nil {
		for _, row := range g.Items {
			if p := row.Get("printed"); p != nil {
				oldRows[p.Text] = row
			}
		}
	}
	if cs := root.Get("columns"); cs != nil {
		for j, c := range cs.Items {
			if p := c.Get("printed"); p != nil {
				oldColAt[p.Text] = j
			}
		}
	}
	oldCell := func(key, printed, text string) *jsonsrc.Node {
		row, j, ok := oldRows[key], 0, false
		if j, ok = oldColAt[printed]; !ok || row == nil {
			return nil
		}
		cs := row.Get("cells")
		if cs == nil || j >= len(cs.Items) {
			return nil
		}
		if t := cs.Items[j].Get("text"); t != nil && t.Text == text {
			return tmplClone(cs.Items[j])
		}
		return nil
	}
	grid := tmplArr()
	keys := map[string]int{}
	cell := func(i, c int) string {
		if c < len(xt.rows[i]) {
			return strings.TrimSpace(xt.rows[i][c])
		}
		return ""
	}
	for i := 1; i < len(xt.rows); i++ {
		key := cell(i, 0)
		filled := false
		for c := 1; c < width; c++ {
			filled = filled || cell(i, c) != ""
		}
		if key == "" {
			if filled {
				r.errorf(sh, 1, i+1, "a row with cells needs its key as printed in column A (%s)", keyHead)
			}
			continue
		}
		row := tmplObj()
		if old := oldRows[key]; old != nil {
			row = tmplClone(old)
		}
		if t.RowKey == "name" {
			tmplSet(row, "key", tmplStr(tmplSlug(key)))
		} else {
			lo, hi, err := tmplParseBand(key)
			if err != nil {
				r.errorf(sh, 1, i+1, "%s: %v", keyHead, err)
				continue
			}
			if lo != nil {
				tmplSet(row, "min", tmplInt(*lo))
			}
			if hi != nil {
				tmplSet(row, "max", tmplInt(*hi))
			}
		}
		if prev, dup := keys[key]; dup {
			r.errorf(sh, 1, i+1, "the row %q is also on row %d", xlsxCut(key), prev)
			continue
		}
		keys[key] = i + 1
		tmplSet(row, "printed", tmplStr(key))
		cells := tmplArr()
		for k, c := range colAt {
			s := cell(i, c)
			if s == "" {
				r.errorf(sh, c+1, i+1, "empty cell: a row holds one cell per column (type the cell as printed)")
				continue
			}
			cn := oldCell(key, colPrinted[k], s)
			var err error
			if cn == nil {
				cn, err = r.tmplParseCell(kind, s)
			}
			if err != nil {
				r.errorf(sh, c+1, i+1, "%v", err)
				continue
			}
			r.fromCell(cn, sh, i+1, c+1)
			cells.Items = append(cells.Items, cn)
		}
		tmplSet(row, "cells", cells)
		r.fromCell(row, sh, i+1, 1)
		grid.Items = append(grid.Items, row)
	}
	if len(r.xr.im.Errors) > errs {
		return
	}
	if len(cols.Items) > 0 {
		tmplSet(root, "columns", cols)
		r.fromCell(cols, sh, 1, 2)
	}
	if len(grid.Items) > 0 {
		tmplSet(root, "grid", grid)
		r.fromCell(grid, sh, 2, 1)
		if st := root.Get("status"); st == nil || st.Text == "missing" {
			tmplSet(root, "status", tmplStr("source"))
		}
	}
	if string(tmplFormat(root)) != before {
		doc.edit = true
		r.changef("table %s: %d columns, %d rows", t.ID, len(cols.Items), len(grid.Items))
	}
}

// fromCell records that one cell gave a node.
func (r *tmplReader) fromCell(n *jsonsrc.Node, sheet string, row, col int) {
	if r.origins == nil {
		r.origins = map[*jsonsrc.Node]xlsxOrigin{}
	}
	r.origins[n] = xlsxOrigin{sheet: sheet, row: row, first: col, cols: map[string]int{}}
}

// tableDoc is the copy of a table file the template rewrites, made once.
func (r *tmplReader) tableDoc(tf *scenarios.TableFile) *tmplTableFile {
	for _, d := range r.tables {
		if d.src == tf {
			return d.tmplTableFile
		}
	}
	p := tf.Doc.Path
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		p = p[i+1:]
	}
	dir := r.m.Game.Files.Tables
	if dir == "" {
		dir = "tables"
	}
	d := &tmplTableFile{path: strings.TrimPrefix(strings.TrimSuffix(dir, "/")+"/"+p, "./"), root: tmplClone(tf.Doc.Root)}
	r.tables = append(r.tables, tmplTableCopy{src: tf, tmplTableFile: d})
	return d
}

// tmplTableCopy ties a copy to the module's table file.
type tmplTableCopy struct {
	src *scenarios.TableFile
	*tmplTableFile
}
