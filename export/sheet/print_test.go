package sheet

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// xlsxVisible lists a workbook's sheets a user sees.
func xlsxVisible(t *testing.T, data []byte) []string {
	t.Helper()
	f := xlsxOpen(t, data)
	var out []string
	for _, sh := range f.GetSheetList() {
		if v, err := f.GetSheetVisible(sh); err == nil && v {
			out = append(out, sh)
		}
	}
	return out
}

func TestXLSXLines(t *testing.T) {
	for _, c := range []struct {
		text  string
		width float64
		want  int
	}{
		{"", 30, 1},
		{"short", 30, 1},
		{"entrenchment: Breastworks-Complete (*)", 26, 2},
		{"entrenchment: Breastworks-Complete (*)", 24, 3}, // runs long: a program breaks after the hyphen
		{"entrenchment: Breastworks-Complete (*)", 40, 1},
		{"one\ntwo\nthree", 40, 3},
		{strings.Repeat("x", 50), 11, 5}, // a word longer than a line breaks: 10 a line
		{"aaaa bbbb cccc dddd", 10, 2},
	} {
		if got := xlsxLines(c.text, c.width); got != c.want {
			t.Errorf("xlsxLines(%q, %g) = %d, want %d", c.text, c.width, got, c.want)
		}
	}
}

// TestXLSXWrappedRowsFit: a row whose wrapped cells need more than one
// line is as tall as its longest cell needs, so that no spreadsheet shows
// (or prints) wrapped text over the rows below; LibreOffice does not size
// the rows of an xlsx it opens. And every sheet prints landscape, fitted
// to the page width, with narrow margins, the header row on every page,
// and without the bookkeeping columns at its right or a setup sheet's
// legend.
func TestXLSXWrappedRowsFit(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	data, err := WriteFile(sf)
	if err != nil {
		t.Fatal(err)
	}
	f := xlsxOpen(t, data)
	// The overview's background, a long paragraph in a wrapped column.
	rows, _ := f.GetRows(xlsxSheetInfo)
	for i, r := range rows {
		if len(r) > 1 && r[0] == "Background" {
			h, _ := f.GetRowHeight(xlsxSheetInfo, i+1)
			if want := float64(xlsxLines(r[1], 110)) * xlsxLineHeight; h < want || want < 60 {
				t.Errorf("Background row %.0f pt high, want %.0f", h, want)
			}
		}
	}
	// A setup row: "entrenchment: Breastworks-Complete (*)" in the
	// Starting state column, and the legend's meanings beside it.
	sheet := xlsxTableSheets(sf.Module, sf.Scenario)[0]
	if h, _ := f.GetRowHeight(sheet, 2); h < 2*xlsxLineHeight {
		t.Errorf("%s row 2 is %.0f pt high, want two lines or more", sheet, h)
	}
	names, err := f.GetDefinedName(), error(nil)
	if err != nil {
		t.Fatal(err)
	}
	area, titles := map[string]string{}, map[string]string{}
	for _, d := range names {
		switch d.Name {
		case "_xlnm.Print_Area":
			area[d.Scope] = d.RefersTo
		case "_xlnm.Print_Titles":
			titles[d.Scope] = d.RefersTo
		}
	}
	for _, sh := range xlsxVisible(t, data) {
		pl, err := f.GetPageLayout(sh)
		if err != nil {
			t.Fatal(err)
		}
		props, _ := f.GetSheetProps(sh)
		if pl.Orientation == nil || *pl.Orientation != "landscape" || pl.FitToWidth == nil || *pl.FitToWidth != 1 ||
			pl.FitToHeight == nil || *pl.FitToHeight != 0 || props.FitToPage == nil || !*props.FitToPage {
			t.Errorf("%s: page layout %+v, fit %v", sh, pl, props.FitToPage)
		}
		if !strings.HasSuffix(titles[sh], "!$1:$1") {
			t.Errorf("%s: print titles %q", sh, titles[sh])
		}
		m, err := f.GetPageMargins(sh)
		if err != nil || m.Left == nil || *m.Left != xlsxMarginSide || m.Top == nil || *m.Top != xlsxMarginTopBt {
			t.Errorf("%s: margins %+v %v", sh, m, err)
		}
	}
	// The setup sheet prints its table through Restrictions: not the
	// Counter and Row columns, nor the legend beside them.
	head, _ := f.GetRows(sheet)
	last := xlsxIndex(head[0], "Restrictions")
	if want := "'" + sheet + "'!$A:$" + xlsxColLetters(last+1); area[sheet] != want {
		t.Errorf("%s: print area %q, want %q", sheet, area[sheet], want)
	}
	if area[xlsxSheetInfo] != "" {
		t.Errorf("the overview prints %q, want all of it", area[xlsxSheetInfo])
	}
	// The catalog's table of every setup row is too wide for one page at
	// a readable size: two pages across, the first columns on both.
	cat, err := Catalog(scenarios.Builtin().Module("tpc"))
	if err != nil {
		t.Fatal(err)
	}
	cf := xlsxOpen(t, cat)
	pl, _ := cf.GetPageLayout(xlsxSheetAllSetups)
	if pl.FitToWidth == nil || *pl.FitToWidth != 2 {
		t.Errorf("%s: fit to %v pages wide", xlsxSheetAllSetups, pl.FitToWidth)
	}
	for _, d := range cf.GetDefinedName() {
		if d.Name == "_xlnm.Print_Titles" && d.Scope == xlsxSheetAllSetups && d.RefersTo != "'Setups'!$A:$C,'Setups'!$1:$1" {
			t.Errorf("%s: print titles %q", xlsxSheetAllSetups, d.RefersTo)
		}
	}
}
