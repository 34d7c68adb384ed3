package sheet

import (
	"reflect"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// TestXLSXDraft: a draft workbook marks every sheet a user sees: a red
// tab on screen, DRAFT and the error count in every printed page's header
// and footer, and the overview's first row; the hidden sheets stay as
// they are, and the workbook imports back exactly as the one that is not
// marked.
func TestXLSXDraft(t *testing.T) {
	for _, id := range []string{"tpc-11", "lgv-01"} {
		sf := scenarios.Builtin().Scenario(id)
		clean, err := WriteFile(sf)
		if err != nil {
			t.Fatal(err)
		}
		draft, err := WriteFileOpts(sf, Options{Draft: 4})
		if err != nil {
			t.Fatal(err)
		}
		f := xlsxOpen(t, draft)
		visible := xlsxVisible(t, draft)
		if len(visible) < 8 || !reflect.DeepEqual(visible, xlsxVisible(t, clean)) {
			t.Fatalf("%s: visible sheets %q, clean %q", id, visible, xlsxVisible(t, clean))
		}
		for _, sh := range f.GetSheetList() {
			hf, err := f.GetHeaderFooter(sh)
			if err != nil {
				t.Fatal(err)
			}
			props, err := f.GetSheetProps(sh)
			if err != nil {
				t.Fatal(err)
			}
			shown, _ := f.GetSheetVisible(sh)
			marked := hf != nil && strings.Contains(hf.OddHeader, "DRAFT — 4 validation errors") && strings.Contains(hf.OddFooter, "DRAFT — 4 validation errors")
			red := props.TabColorRGB != nil && strings.HasSuffix(strings.ToUpper(*props.TabColorRGB), xlsxDraftColor)
			if shown && (!marked || !red) {
				t.Errorf("%s %s: header/footer %+v, tab %v", id, sh, hf, props.TabColorRGB)
			}
			if !shown && (marked || props.TabColorRGB != nil) {
				t.Errorf("%s: hidden sheet %s is marked", id, sh)
			}
		}
		xlsxWantRow(t, f, xlsxSheetInfo, 2, "DRAFT — 4 validation errors",
			"The scenario does not validate (muster validate lists the errors): this workbook is a draft, not for play. Every sheet's tab is red and its printed pages say DRAFT. muster import xlsx reads it as any other workbook.")

		// It imports as the unmarked workbook does: the scenario file,
		// byte for byte, with no cell errors.
		for name, data := range map[string][]byte{"clean": clean, "draft": draft} {
			im, err := Read(data, nil)
			if err != nil {
				t.Fatal(err)
			}
			js, err := im.JSON()
			if err != nil || len(im.Errors) > 0 || string(js) != string(sf.Doc.File.Bytes) {
				t.Errorf("%s %s: import differs from the file (errors %v, %v)", id, name, im.Errors, err)
			}
		}
		// A workbook that is not a draft carries no mark.
		cf := xlsxOpen(t, clean)
		for _, sh := range cf.GetSheetList() {
			hf, _ := cf.GetHeaderFooter(sh)
			props, _ := cf.GetSheetProps(sh)
			if hf != nil && strings.Contains(hf.OddHeader+hf.OddFooter, "DRAFT") || props.TabColorRGB != nil {
				t.Errorf("%s %s: a clean workbook is marked", id, sh)
			}
		}
	}
	if DraftText(1) != "DRAFT — 1 validation error" {
		t.Errorf("DraftText(1) = %q", DraftText(1))
	}
}

// TestXLSXCatalogDraft: a draft catalog is marked as a draft workbook
// is, and lists each scenario's errors.
func TestXLSXCatalogDraft(t *testing.T) {
	m := scenarios.Builtin().Module("tpc")
	data, err := CatalogOpts(m, Options{Draft: 5, Errors: map[string]int{"tpc-03": 2, "tpc-11": 3}})
	if err != nil {
		t.Fatal(err)
	}
	f := xlsxOpen(t, data)
	for _, sh := range xlsxVisible(t, data) {
		hf, _ := f.GetHeaderFooter(sh)
		if hf == nil || !strings.Contains(hf.OddHeader, "DRAFT — 5 validation errors") {
			t.Errorf("%s: header %+v", sh, hf)
		}
	}
	rows, err := f.GetRows(xlsxSheetCatalog)
	if err != nil {
		t.Fatal(err)
	}
	col := xlsxIndex(rows[0], "Validation errors")
	if col < 0 {
		t.Fatalf("no Validation errors column: %q", rows[0])
	}
	got := map[string]string{}
	for _, r := range rows[1:] {
		got[r[0]] = r[col]
	}
	if got["tpc-03"] != "2" || got["tpc-11"] != "3" || got["tpc-01"] != "0" {
		t.Errorf("errors per scenario %v", got)
	}
	if !strings.HasPrefix(rows[0][col+2], "DRAFT — 5 validation errors") {
		t.Errorf("no note beside the table: %q", rows[0])
	}
	clean, err := Catalog(m)
	if err != nil {
		t.Fatal(err)
	}
	cf := xlsxOpen(t, clean)
	if head, _ := cf.GetRows(xlsxSheetCatalog); xlsxIndex(head[0], "Validation errors") >= 0 {
		t.Error("a clean catalog lists validation errors")
	}
}
