package sheet

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/internal/suggest"
)

// An import accounts for every non-empty cell of the workbook it reads.
// A cell is read (the import applied or checked it), or it holds the very
// text muster writes there (a grey column, the Scenario sheet's facts, a
// view such as the order of battle), or it is reported as not read, with
// its address and why: a header muster does not write (with the nearest
// one it does), a cell outside the table, a row the import skips, a grey
// column edited, a sheet muster does not write. Those findings are
// CellErrors marked Unread: errors unless the import is lenient. A header
// or sheet muster wrote that is missing is reported by name.
//
// What muster writes is not guessed: the reference is the workbook muster
// writes now for what the import read (the scenario of the hidden sheet,
// or the module of a template), compared cell by cell, by address and by
// the row's key (its Row, Line, Id...), so a sorted or filtered sheet
// compares as well as an untouched one.

// xlsxRule says how the import reads a sheet, for its accounting.
type xlsxRule struct {
	// view: the import does not read the sheet; its cells are compared
	// with what muster writes, and this says why an edit is lost.
	view string
	// heads are the headers whose cells the import reads; keyed are those
	// without which it cannot read a row at all (a plain error, not one
	// --lenient passes).
	heads, keyed []string
	// keys are the headers that name a row, for the cells under head.
	keys func(head string) []string
	// why a cell of a read column is not read when the import skipped its
	// row.
	why string
	// also are texts a column may show on any row besides what muster
	// writes now.
	also map[string][]string
}

// xlsxBlankRow is why a row whose read cells are all empty is skipped.
const xlsxBlankRow = "its row has nothing in the columns muster reads (white headers), so the row is not read"

// xlsxMaxUnread is how many unread cells of one sheet are reported one by
// one; the rest are counted in one finding.
const xlsxMaxUnread = 20

// xlsxRefBook is a workbook as muster writes it: each sheet's cells.
type xlsxRefBook struct {
	names []string
	rows  map[string][][]string
}

// xlsxRefOf reads the cells of a workbook muster wrote (in memory, never
// saved), but for the sheets in skip.
func xlsxRefOf(f *excelize.File, skip ...string) (*xlsxRefBook, error) {
	defer f.Close()
	b := &xlsxRefBook{rows: map[string][][]string{}}
	for _, name := range f.GetSheetList() {
		b.names = append(b.names, name)
		if slices.Contains(skip, name) {
			continue
		}
		rows, err := f.GetRows(name, excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, err
		}
		b.rows[name] = rows
	}
	return b, nil
}

func (r *xlsxImporter) unread(sheet string, col, row int, format string, args ...any) {
	r.errorf(sheet, col, row, format, args...)
	r.im.Errors[len(r.im.Errors)-1].Unread = true
}

// accountBook accounts for every sheet of the workbook being read against
// ref: missing sheets, sheets muster does not write, and each sheet's
// cells under its rule (a view when rules has none). missing words the
// error for a sheet muster wrote that is gone; lost says which of those
// lose rows (a plain error) rather than keep the exported ones.
func (r *xlsxImporter) accountBook(ref *xlsxRefBook, rules map[string]xlsxRule, skip []string, missing func(name string) string, lost func(name string) bool) {
	have := r.f.GetSheetList()
	var extra []string // sheets muster does not write, with cells
	for _, name := range have {
		if _, ok := ref.rows[name]; ok || slices.Contains(ref.names, name) || slices.Contains(skip, name) {
			continue
		}
		if t, ok := r.table(name); ok && !xlsxEmpty(t) {
			extra = append(extra, name)
		}
	}
	claimed := map[string]bool{}
	for i, name := range ref.names {
		if rule, ok := rules[name]; !ok || rule.view != "" || slices.Contains(have, name) {
			continue
		}
		// A sheet renamed: the nearest name, or the sheet now where it was.
		by := suggest.Closest(name, extra)
		if by == "" && i < len(have) && slices.Contains(extra, have[i]) && !slices.Contains(ref.names, have[i]) {
			by = have[i]
		}
		msg := missing(name)
		if by != "" && !claimed[by] {
			claimed[by] = true
			msg += fmt.Sprintf(" (is %q it? Its cells are not read)", xlsxCut(by))
		}
		r.errorf(name, 0, 0, "%s", msg)
		r.im.Errors[len(r.im.Errors)-1].Unread = !lost(name)
	}
	var names []string
	for _, n := range ref.names {
		if _, ok := ref.rows[n]; ok {
			names = append(names, n)
		}
	}
	for _, name := range extra {
		if claimed[name] {
			continue
		}
		r.unread(name, 0, 0, "not a sheet muster writes: its cells are not read%s", suggest.DidYouMean(name, names))
	}
	for _, name := range names {
		t, ok := r.table(name)
		if !ok {
			continue
		}
		rule, ok := rules[name]
		if !ok {
			rule.view = fmt.Sprintf("the %s sheet is shown for reference; muster writes it and does not read it back", name)
		}
		r.account(t, ref.rows[name], rule)
	}
}

func xlsxEmpty(t *xlsxTable) bool {
	for _, row := range t.rows {
		for _, v := range row {
			if strings.TrimSpace(v) != "" {
				return false
			}
		}
	}
	return true
}

// account accounts for the cells of one sheet against the rows muster
// writes there.
func (r *xlsxImporter) account(t *xlsxTable, ref [][]string, rule xlsxRule) {
	trim := strings.TrimSpace
	at := func(rows [][]string, i, c int) string {
		if i < len(rows) && c < len(rows[i]) {
			return rows[i][c]
		}
		return ""
	}
	// The headers muster writes, by their first column.
	known := map[string]int{}
	var knownList []string
	if len(ref) > 0 {
		for c, h := range ref[0] {
			if h = trim(h); h != "" {
				if _, dup := known[h]; !dup {
					known[h] = c
					knownList = append(knownList, h)
				}
			}
		}
	}
	var heads []string
	if len(t.rows) > 0 {
		for _, h := range t.rows[0] {
			heads = append(heads, trim(h))
		}
	}
	// target is, per column of the sheet, the header muster writes whose
	// cells it compares with: its own, or the one a mistyped header stands
	// for. why is what its cells are told when not read.
	target := make([]string, xlsxMaxCols+1)
	why := make([]string, xlsxMaxCols+1)
	for c := len(heads); c < len(why); c++ {
		why[c] = "it lies outside the table (no header above it in row 1)"
	}
	reported := 0
	more := 0
	report := func(col, row int, format string, args ...any) {
		if reported >= xlsxMaxUnread {
			more++
			return
		}
		reported++
		r.unread(t.sheet, col, row, format, args...)
	}
	if rule.view == "" {
		var missing []string
		for _, h := range rule.heads {
			if _, ok := known[h]; ok && t.colOf(h) == 0 {
				missing = append(missing, h)
			}
		}
		keyedGone := false
		for c, h := range heads {
			switch {
			case h == "":
				why[c] = "it lies outside the table (no header above it in row 1)"
				continue
			case t.cols[h] == c:
				if _, ok := known[h]; ok {
					target[c] = h
					continue
				}
			default: // a second column of that header
				if _, ok := known[h]; ok {
					why[c] = fmt.Sprintf("it is in a second %q column (muster reads column %s)", h, xlsxColName(t.cols[h]+1))
					report(c+1, 1, "a second %q column: muster reads the first (column %s), not this one", xlsxCut(h), xlsxColName(t.cols[h]+1))
					continue
				}
			}
			// A header muster does not write: a mistyped one stands for
			// the missing header nearest it, or the one written in its
			// place.
			by := suggest.Closest(h, missing)
			if by == "" && slices.Contains(missing, trim(at(ref, 0, c))) {
				by = trim(at(ref, 0, c))
			}
			if by != "" {
				missing = slices.DeleteFunc(missing, func(m string) bool { return m == by })
				target[c] = by
				why[c] = fmt.Sprintf("its column's header %q is not one muster writes (did you mean %q?)", xlsxCut(h), by)
				msg := fmt.Sprintf("%q is not a header muster writes: did you mean %q? The %s column is missing, so this column's cells are not read", xlsxCut(h), by, by)
				if slices.Contains(rule.keyed, by) {
					keyedGone = true
					r.errorf(t.sheet, c+1, 1, "%s, and no row of the sheet can be read without it", msg)
				} else {
					r.unread(t.sheet, c+1, 1, "%s", msg)
				}
				continue
			}
			if was := trim(at(ref, 0, c)); was != "" && !slices.Contains(rule.heads, was) {
				// A cell muster writes beside the table (the level
				// table's text), edited.
				report(c+1, 1, "not read: muster writes %q here, for reference, and does not read it", xlsxCut(was))
				continue
			}
			why[c] = fmt.Sprintf("its column's header %q is not one muster writes", xlsxCut(h))
			report(c+1, 1, "%q is not a header muster writes%s: the column's cells are not read", xlsxCut(h), suggest.DidYouMean(h, knownList))
		}
		for _, h := range missing {
			if slices.Contains(rule.keyed, h) {
				keyedGone = true
				r.errorf(t.sheet, 0, 0, "no %q column: muster writes it in row 1, and no row of the sheet can be read without it", h)
			} else {
				r.unread(t.sheet, 0, 0, "no %q column: muster writes it in row 1 and reads it; the exported values are kept", h)
			}
		}
		if keyedGone {
			// Said once: the sheet's rows cannot be read, nor what the
			// checks find in them.
			for i := range t.rows {
				t.cover(i)
			}
			if r.im.untied == nil {
				r.im.untied = map[string]bool{}
			}
			r.im.untied[t.sheet] = true
		}
	} else {
		for c, h := range heads {
			if _, ok := known[h]; ok && t.cols[h] == c {
				target[c] = h
			}
		}
	}
	// Rows of the reference by key, for a sheet sorted or filtered.
	index := map[string]map[string][]int{}
	lookup := func(keys []string, i int) []int {
		id := strings.Join(keys, "\x00")
		if index[id] == nil {
			index[id] = map[string][]int{}
			for j := 1; j < len(ref); j++ {
				var k []string
				for _, h := range keys {
					k = append(k, trim(at(ref, j, known[h])))
				}
				key := strings.Join(k, "\x00")
				index[id][key] = append(index[id][key], j)
			}
		}
		var k []string
		for _, h := range keys {
			c, ok := t.cols[h]
			if !ok {
				return nil
			}
			k = append(k, trim(at(t.rows, i, c)))
		}
		return index[id][strings.Join(k, "\x00")]
	}
	start := 1
	if rule.view != "" {
		start = 0 // a view's headers are compared as cells
	}
	for i := start; i < len(t.rows); i++ {
		if t.covered[i] || isDraftMark(t.rows[i]) {
			continue
		}
		for c, v := range t.rows[i] {
			if trim(v) == "" || t.used[[2]int{i, c}] || at(ref, i, c) == v {
				continue
			}
			if h := target[c]; h != "" && i > 0 && slices.Contains(rule.also[h], trim(v)) {
				continue
			}
			if h := target[c]; h != "" && i > 0 && rule.keys != nil {
				if keys := rule.keys(h); len(keys) > 0 {
					found := false
					for _, j := range lookup(keys, i) {
						if at(ref, j, known[h]) == v {
							found = true
							break
						}
					}
					if found {
						continue
					}
				}
			}
			var reason string
			switch h := target[c]; {
			case rule.view != "":
				reason = rule.view
			case why[c] != "":
				reason = why[c]
			case !slices.Contains(rule.heads, h):
				reason = fmt.Sprintf("the %s column is shown for reference (a grey header) and is not read", h)
			default:
				reason = rule.why
			}
			report(c+1, i+1, "not read: %s", reason)
		}
	}
	if more > 0 {
		r.unread(t.sheet, 0, 0, "%d more cells of the sheet are not read (see above)", more)
	}
}

// draftMark is the first cell of the row muster writes on a draft's first
// sheet (DraftText); the rebuilt workbook the cells are compared with is
// not a draft, so the row is muster's own, not an edit.
var draftMark = regexp.MustCompile(`^DRAFT — [0-9]+ validation errors?$`)

func isDraftMark(row []string) bool {
	return len(row) > 0 && draftMark.MatchString(strings.TrimSpace(row[0]))
}
