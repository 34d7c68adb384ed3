package sheet

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Print setup. Every sheet prints landscape with narrow margins, fitted
// to the page width, the header row on every page. A sheet prints the
// columns a reader of the page needs: the bookkeeping columns at its
// right (the Row an import keys on, counter and marker ids, table ids)
// and a setup sheet's footnote legend (whose meanings the Starting state
// and Restrictions columns spell out on every row) stay on screen. A
// print too wide for one page at a readable size spreads over as few
// pages across as keep it readable, repeating the frozen columns.
//
// LibreOffice prints a column about 7.1 points wide per unit of width at
// full size (Excel somewhat less), so the 10.2 inches between the margins
// of a landscape Letter page hold about 104 units at the sheet's 11
// points, and xlsxPrintUnits at 6 points.
const (
	xlsxPrintUnits  = 190.0
	xlsxMarginSide  = 0.4 // inches
	xlsxMarginTopBt = 0.6
	xlsxMarginHdFt  = 0.3
)

// xlsxNoPrint are the bookkeeping columns left out of a print when they
// stand at a sheet's right.
var xlsxNoPrint = map[string]bool{"Row": true, "Counter": true, "Marker": true, "Id": true}

// printSetup sets a sheet's print: landscape, narrow margins, the header
// row on every page, the columns heads (of widths) less the bookkeeping
// ones at the right, fitted to as few pages across as keep the print at 6
// points or more (one for every sheet muster writes but a catalog's
// setups), repeating the first titleCols columns when more than one.
// area limits the print to those columns even when none is left out, so
// that what a sheet holds to the right of its table stays on screen.
func (b *xlsxBook) printSetup(sheet string, heads []string, widths []float64, titleCols int, area bool) error {
	last := len(heads)
	for last > 1 && xlsxNoPrint[heads[last-1]] {
		last--
	}
	total := 0.0
	for _, w := range widths[:last] {
		total += w
	}
	pages := max(1, int(math.Ceil(total/xlsxPrintUnits)))
	landscape, any := "landscape", 0
	if err := b.f.SetPageLayout(sheet, &excelize.PageLayoutOptions{Orientation: &landscape, FitToWidth: &pages, FitToHeight: &any}); err != nil {
		return err
	}
	fit := true
	if err := b.f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &fit}); err != nil {
		return err
	}
	side, tb, hf := xlsxMarginSide, xlsxMarginTopBt, xlsxMarginHdFt
	if err := b.f.SetPageMargins(sheet, &excelize.PageLayoutMarginsOptions{Left: &side, Right: &side, Top: &tb, Bottom: &tb, Header: &hf, Footer: &hf}); err != nil {
		return err
	}
	titles := xlsxSheetRef(sheet) + "!$1:$1"
	if pages > 1 && titleCols > 0 {
		titles = fmt.Sprintf("%s!$A:$%s,%s", xlsxSheetRef(sheet), xlsxColLetters(titleCols), titles)
	}
	if err := b.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles", RefersTo: titles, Scope: sheet}); err != nil {
		return err
	}
	if !area && last == len(heads) {
		return nil
	}
	return b.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Area", RefersTo: fmt.Sprintf("%s!$A:$%s", xlsxSheetRef(sheet), xlsxColLetters(last)), Scope: sheet})
}

// Row heights for wrapped text. A spreadsheet program sizes a row to its
// wrapped cells only when it recalculates the row (Excel on an edit;
// LibreOffice not on opening an xlsx at all), so a row left at the
// default height shows one line of a wrapped cell on screen and prints
// the rest over the rows below. The writer therefore sets the height of
// every row whose wrapped cells need more than one line, from an estimate
// that errs on the tall side.

const (
	xlsxLineHeight   = 15.0  // points per line of the default font (Calibri 11)
	xlsxMaxRowHeight = 409.0 // the most a row can be (Excel's limit)
)

// noteWrap records that column col (1-based) of sheet wraps its text at
// width (Excel's character units), for fitRows.
func (b *xlsxBook) noteWrap(sheet string, col int, width float64) {
	if b.wrapCols == nil {
		b.wrapCols = map[string]map[int]float64{}
	}
	if b.wrapCols[sheet] == nil {
		b.wrapCols[sheet] = map[int]float64{}
	}
	b.wrapCols[sheet][col] = width
}

// fitRows gives every row holding wrapped text that needs more than one
// line the height of its longest cell, and never lowers a row set higher.
func (b *xlsxBook) fitRows() error {
	for _, sheet := range b.f.GetSheetList() {
		cols := b.wrapCols[sheet]
		if len(cols) == 0 {
			continue
		}
		rows, err := b.f.GetRows(sheet)
		if err != nil {
			return err
		}
		for r, cells := range rows {
			lines := 1
			for c, v := range cells {
				if w, ok := cols[c+1]; ok && v != "" {
					lines = max(lines, xlsxLines(v, w))
				}
			}
			if lines == 1 {
				continue
			}
			h := min(float64(lines)*xlsxLineHeight, xlsxMaxRowHeight)
			if cur, err := b.f.GetRowHeight(sheet, r+1); err == nil && cur >= h {
				continue
			}
			if err := b.f.SetRowHeight(sheet, r+1, h); err != nil {
				return err
			}
		}
	}
	return nil
}

// xlsxLines estimates the lines text takes when wrapped in a column of
// width characters: words filled greedily into lines a character narrower
// than the column (the width counts the widest digit, wider than most
// letters, so the estimate runs long), a word longer than a line broken
// over several, and a line break kept.
func xlsxLines(text string, width float64) int {
	capacity := max(int(width)-1, 1)
	lines := 0
	for _, para := range strings.Split(text, "\n") {
		l, n := 1, 0
		for _, w := range strings.Fields(para) {
			wl := utf8.RuneCountInString(w)
			need := wl
			if n > 0 {
				need++
			}
			if n+need <= capacity {
				n += need
				continue
			}
			if n > 0 {
				l++
			}
			for wl > capacity {
				l++
				wl -= capacity
			}
			n = wl
		}
		lines += l
	}
	return max(lines, 1)
}
