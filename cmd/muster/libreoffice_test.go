package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/export/sheet"
	"github.com/musterhq/muster/internal/jsonsrc"
)

// soffice finds LibreOffice ($MUSTER_SOFFICE, else soffice on PATH).
func soffice(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("MUSTER_SOFFICE"); p != "" {
		return p
	}
	p, err := exec.LookPath("soffice")
	if err != nil {
		missingOutsideCI(t, "no LibreOffice (soffice): CI installs Debian's libreoffice-calc-nogui")
	}
	return p
}

// resave has LibreOffice Calc open each workbook and save it again as
// xlsx into out, as a designer who edits the workbook in LibreOffice does.
func resave(t *testing.T, lo, out string, books ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--norestore", "-env:UserInstallation=file://" + filepath.Join(filepath.Dir(out), "lo-profile"),
		"--convert-to", "xlsx", "--outdir", out}, books...)
	if b, err := exec.CommandContext(ctx, lo, args...).CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, b)
	}
	for _, b := range books {
		if _, err := os.Stat(filepath.Join(out, filepath.Base(b))); err != nil {
			t.Fatalf("LibreOffice wrote no %s", filepath.Base(b))
		}
	}
}

// bookLayout is what a workbook carries for its user beyond the cells:
// per sheet, the columns with drop-downs, and the print setup.
type bookLayout struct {
	dropDowns map[string][]string // sheet -> validated ranges' columns
	print     map[string]string   // sheet -> orientation, fit, print titles
	panes     map[string]bool     // sheet -> frozen
}

func layoutOf(t *testing.T, path string) bookLayout {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l := bookLayout{map[string][]string{}, map[string]string{}, map[string]bool{}}
	titles := map[string]bool{}
	for _, d := range f.GetDefinedName() {
		if d.Name == "_xlnm.Print_Titles" {
			titles[d.Scope] = true
		}
	}
	for _, sh := range f.GetSheetList() {
		if v, _ := f.GetSheetVisible(sh); !v {
			continue
		}
		dvs, _ := f.GetDataValidations(sh)
		for _, dv := range dvs {
			col := strings.TrimRight(strings.SplitN(dv.Sqref, ":", 2)[0], "0123456789")
			l.dropDowns[sh] = append(l.dropDowns[sh], col)
		}
		slices.Sort(l.dropDowns[sh])
		pl, _ := f.GetPageLayout(sh)
		props, _ := f.GetSheetProps(sh)
		desc := ""
		if pl.Orientation != nil {
			desc += *pl.Orientation
		}
		if pl.FitToWidth != nil && props.FitToPage != nil && *props.FitToPage {
			desc += " fit to " + itoa(*pl.FitToWidth) + " page wide"
		}
		if titles[sh] {
			desc += ", header row on every page"
		}
		l.print[sh] = desc
		panes, _ := f.GetPanes(sh)
		l.panes[sh] = panes.Freeze
	}
	return l
}

// A scenario workbook and a filled component template, opened and saved
// again by LibreOffice Calc, import to exactly what they import to
// without it, and keep their drop-downs and print setup. Skipped where
// LibreOffice is missing (CI installs it).
func TestLibreOfficeRoundTrip(t *testing.T) {
	lo := soffice(t)
	if testing.Short() {
		t.Skip("-short: no LibreOffice")
	}
	dir := t.TempDir()
	scenario := map[string]string{
		"tpc-11": filepath.Join("..", "..", "scenarios", "tpc", "scenarios", "11-the-petersburg-campaign.json"),
		"lgv-01": filepath.Join("..", "..", "scenarios", "lgv", "scenarios", "01-chancellorsville.json"),
	}
	var books []string
	for id := range scenario {
		book := filepath.Join(dir, id+".xlsx")
		if code, _, errOut := muster(t, "export", "xlsx", "-o", book, id); code != 0 {
			t.Fatalf("export %s: %s", id, errOut)
		}
		books = append(books, book)
	}
	// An edited workbook: a manpower typed as text, and a unit row added
	// with only what the rulebook prints, its manpower a text cell too.
	edited := xlsxEditBook(t, map[string]map[string]any{"Union Setup": {
		"E3": "16", "A20": "Egan", "B20": "Div", "C20": "II", "D20": "Inf", "E20": "6", "F20": "S2108"}})
	books = append(books, edited)
	template := filepath.Join(dir, "lgv-components.xlsx")
	if code, _, errOut := muster(t, "module", "template", "-o", template, "lgv"); code != 0 {
		t.Fatalf("template: %s", errOut)
	}
	fillLGVTemplate(t, template, filepath.Join("..", "..", "rules", "lgv", "testdata", "module"))
	// The USCW template with every component sheet filled (MADE UP: the
	// matrix tables typed as printed, 2* and +2M among them, the turn
	// track, decks, a new general, one theater's hex data).
	uscwTemplate := uscwFilledBook(t, dir, nil)
	books = append(books, template, uscwTemplate)
	out := filepath.Join(dir, "libreoffice")
	resave(t, lo, out, books...)

	for id, shipped := range scenario {
		saved := filepath.Join(out, id+".xlsx")
		back := filepath.Join(dir, id+".json")
		if code, stdout, errOut := muster(t, "import", "xlsx", "-o", back, saved); code != 0 {
			t.Fatalf("import of %s saved by LibreOffice: exit %d\n%s%s", id, code, stdout, errOut)
		}
		got, _ := os.ReadFile(back)
		want, _ := os.ReadFile(shipped)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the workbook saved by LibreOffice does not give back the scenario", id)
		}
		before, after := layoutOf(t, filepath.Join(dir, id+".xlsx")), layoutOf(t, saved)
		for sh, cols := range before.dropDowns {
			if !slices.Equal(cols, after.dropDowns[sh]) {
				t.Errorf("%s %s: drop-downs on columns %v, after LibreOffice %v", id, sh, cols, after.dropDowns[sh])
			}
		}
		for sh, p := range before.print {
			if p != after.print[sh] {
				t.Errorf("%s %s: print setup %q, after LibreOffice %q", id, sh, p, after.print[sh])
			}
		}
		if len(before.dropDowns) == 0 || !strings.Contains(before.print["Union Setup"], "landscape fit to 1 page wide, header row on every page") {
			t.Errorf("%s: the exported workbook has no drop-downs or print setup to keep: %+v", id, before)
		}
		// Frozen panes are view state: LibreOffice's headless conversion
		// has no view and drops them (a designer's Calc window keeps
		// them). The next export writes them again; the import never
		// needs them.
		lost := 0
		for sh, frozen := range before.panes {
			if frozen && !after.panes[sh] {
				lost++
			}
		}
		t.Logf("%s: headless LibreOffice kept the frozen panes of %d of %d sheets", id, len(before.panes)-lost, len(before.panes))
	}

	// The edits come through LibreOffice as typed.
	back := filepath.Join(dir, "edited.json")
	if code, stdout, errOut := muster(t, "import", "xlsx", "-o", back, filepath.Join(out, filepath.Base(edited))); code != 0 {
		t.Fatalf("import of the edited workbook saved by LibreOffice: exit %d\n%s%s", code, stdout, errOut)
	}
	var s struct {
		Setup []struct {
			Rows []struct {
				Name, Unit string
				Manpower   *int
			}
		}
	}
	readJSON(t, back, &s)
	u := s.Setup[1].Rows
	if u[1].Name != "Barlow" || u[1].Manpower == nil || *u[1].Manpower != 16 {
		t.Errorf("Barlow after LibreOffice: %+v", u[1])
	}
	if last := u[len(u)-1]; last.Unit != "u.egan.inf" || last.Manpower == nil || *last.Manpower != 6 {
		t.Errorf("the added row after LibreOffice: %+v", last)
	}

	// Each filled template imports to the same module copy either way.
	for _, tc := range []struct{ module, book string }{{"lgv", template}, {"uscw", uscwTemplate}} {
		direct, viaLO := filepath.Join(dir, tc.module+"-direct"), filepath.Join(dir, tc.module+"-via-lo")
		for _, c := range []struct{ book, out string }{{tc.book, direct}, {filepath.Join(out, filepath.Base(tc.book)), viaLO}} {
			if code, stdout, errOut := muster(t, "import", "template", "--module", tc.module, "-o", c.out, c.book); code != 0 {
				t.Fatalf("import template %s: exit %d\n%s%s", c.book, code, stdout, errOut)
			}
		}
		files := 0
		err := filepath.WalkDir(direct, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			files++
			rel, _ := filepath.Rel(direct, p)
			a, _ := os.ReadFile(p)
			b, err := os.ReadFile(filepath.Join(viaLO, rel))
			if err != nil || !bytes.Equal(a, b) {
				t.Errorf("%s template: %s differs after LibreOffice (%v)", tc.module, rel, err)
			}
			return nil
		})
		if err != nil || files == 0 {
			t.Fatalf("%s: %d files, %v", tc.module, files, err)
		}
		before, after := layoutOf(t, tc.book), layoutOf(t, filepath.Join(out, filepath.Base(tc.book)))
		for sh, cols := range before.dropDowns {
			if !slices.Equal(cols, after.dropDowns[sh]) {
				t.Errorf("%s template %s: drop-downs on columns %v, after LibreOffice %v", tc.module, sh, cols, after.dropDowns[sh])
			}
		}
		for sh, p := range before.print {
			if p != after.print[sh] {
				t.Errorf("%s template %s: print setup %q, after LibreOffice %q", tc.module, sh, p, after.print[sh])
			}
		}
	}
	// The USCW copy holds the typed-in tables, read back through Calc.
	crt, _ := os.ReadFile(filepath.Join(dir, "uscw-via-lo", "tables", "crt.json"))
	for _, want := range []string{`{"text": "2*", "losses": 2, "mark": "asterisk"}`, `{"text": "0◇", "losses": 0, "mark": "diamond"}`, `"printed": "17+", "min": 17, "dice": "3d6"`} {
		if !strings.Contains(string(crt), want) {
			t.Errorf("the CRT imported from LibreOffice's workbook lacks %s", want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "uscw-via-lo", "tables", "blockade.json")); !strings.Contains(string(b), `{"text": "+2M", "maintenance": 2}`) {
		t.Errorf("the Blockade Table imported from LibreOffice's workbook lacks its +2M cell")
	}
}

// loEdit is one cell a designer changed in a workbook.
type loEdit struct {
	sheet    string
	col, row int // 1-based
	was      string
	v        any
}

func (e loEdit) cell() string {
	c, _ := excelize.CoordinatesToCellName(e.col, e.row)
	return e.sheet + "!" + c
}

// loPlanEdits changes one cell in every column of every sheet muster
// wrote (the hidden Lists too, the gaps between a table and what stands
// beside it, the level table's block), each on a row of its own so that
// what reaches the JSON can be told apart: the rows of the sheet first
// (a cell with a value before an empty one), then new rows below. A
// number goes up by one, text gets " (edited)", an empty cell "edited".
func loPlanEdits(t *testing.T, f *excelize.File) []loEdit {
	t.Helper()
	var edits []loEdit
	for _, sheet := range f.GetSheetList() {
		if sheet == "muster-data" {
			continue
		}
		rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil || len(rows) == 0 {
			t.Fatalf("%s: %v", sheet, err)
		}
		at := func(r, c int) string {
			if r < len(rows) && c < len(rows[r]) {
				return rows[r][c]
			}
			return ""
		}
		// Columns with the fewest values choose their row first.
		cols := make([]int, len(rows[0]))
		filled := make([]int, len(rows[0]))
		for c := range cols {
			cols[c] = c
			for r := 1; r < len(rows); r++ {
				if at(r, c) != "" {
					filled[c]++
				}
			}
		}
		slices.SortStableFunc(cols, func(a, b int) int { return filled[a] - filled[b] })
		used := map[int]bool{}
		next := len(rows)
		for _, c := range cols {
			row := -1
			for _, want := range []bool{true, false} {
				for r := 1; r < len(rows) && row < 0; r++ {
					if !used[r] && (at(r, c) != "") == want {
						row = r
					}
				}
			}
			if row < 0 {
				row, next = next, next+1
			}
			used[row] = true
			was := at(row, c)
			var v any = "edited"
			if n, err := strconv.Atoi(was); err == nil {
				v = n + 1
			} else if was != "" {
				v = was + " (edited)"
			}
			edits = append(edits, loEdit{sheet, c + 1, row + 1, was, v})
		}
	}
	return edits
}

// loRowTexts is, for each sheet row the import read, the JSON of what the
// row gave (its setup row, rule, VP line, footnote...).
func loRowTexts(t *testing.T, im *sheet.Import) map[string]string {
	t.Helper()
	js, err := im.JSON()
	if err != nil {
		t.Fatal(err)
	}
	root, serr := jsonsrc.Parse(js)
	if serr != nil {
		t.Fatal(serr)
	}
	out := map[string]string{}
	rowOf := func(ptr string) string {
		cell := im.CellOf(ptr)
		sh, c, _ := strings.Cut(cell, "!")
		_, r, err := excelize.CellNameToCoordinates(c)
		if cell == "" || err != nil {
			return ""
		}
		return sh + "!" + strconv.Itoa(r)
	}
	var walk func(n *jsonsrc.Node, ptr, parent string)
	walk = func(n *jsonsrc.Node, ptr, parent string) {
		row := rowOf(ptr)
		if row != "" && row != parent {
			out[row] += string(js[n.Start:n.End]) + "\n"
		}
		for i, it := range n.Items {
			walk(it, ptr+"/"+strconv.Itoa(i), row)
		}
		for _, m := range n.Members {
			walk(m.Value, ptr+"/"+m.Key, row)
		}
	}
	walk(root, "", "")
	return out
}

// Issue 38: a designer edits a cell in every column of every sheet of a
// scenario workbook and retypes a header, in LibreOffice Calc. Every edit
// reaches the JSON or is reported at its cell (one typed where nothing
// was, on its row): none is dropped silently.
func TestLibreOfficeEveryCell(t *testing.T) {
	lo := soffice(t)
	if testing.Short() {
		t.Skip("-short: no LibreOffice")
	}
	dir := t.TempDir()
	untouched, edited := filepath.Join(dir, "tpc-11.xlsx"), filepath.Join(dir, "edited.xlsx")
	if code, _, errOut := muster(t, "export", "xlsx", "-o", untouched, "tpc-11"); code != 0 {
		t.Fatal(errOut)
	}
	f, err := excelize.OpenFile(untouched)
	if err != nil {
		t.Fatal(err)
	}
	loSheets := slices.DeleteFunc(f.GetSheetList(), func(s string) bool { return s == "muster-data" })
	edits := loPlanEdits(t, f)
	for _, e := range edits {
		if err := f.SetCellValue(e.sheet, strings.TrimPrefix(e.cell(), e.sheet+"!"), e.v); err != nil {
			t.Fatal(err)
		}
	}
	const header = "Union Setup!E1" // Manpower
	if err := f.SetCellValue("Union Setup", "E1", "Man power"); err != nil {
		t.Fatal(err)
	}
	if err := f.SaveAs(edited); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := filepath.Join(dir, "libreoffice")
	resave(t, lo, out, untouched, edited)
	read := func(name string) (*sheet.Import, []byte) {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		im, err := sheet.Read(data, nil)
		if err != nil {
			t.Fatal(err)
		}
		return im, data
	}
	base, baseData := read("tpc-11.xlsx")
	if len(base.Errors) > 0 {
		t.Fatalf("the untouched workbook saved by LibreOffice: %v", base.Errors)
	}
	baseJSON, _ := base.JSON()
	im, _ := read("edited.xlsx")
	reported := map[string]bool{}
	reportedRow := map[string]bool{}
	for _, e := range im.Errors {
		reported[e.Sheet+"!"+e.Cell] = true
		if _, r, err := excelize.CellNameToCoordinates(e.Cell); err == nil {
			reportedRow[e.Sheet+"!"+strconv.Itoa(r)] = true
		}
	}
	if !reported[header] {
		t.Errorf("the retyped header %s is not reported", header)
	}
	before, after := loRowTexts(t, base), loRowTexts(t, im)
	sheets := map[string]bool{}
	reached, named := 0, 0
	for _, e := range edits {
		sheets[e.sheet] = true
		row := e.sheet + "!" + strconv.Itoa(e.row)
		switch {
		case reported[e.cell()] || e.was == "" && reportedRow[row]:
			named++
			continue
		case after[row] != before[row]:
			reached++
			continue
		}
		// An edit that moves its row (a Row number) shows in the order
		// of the rows: the edit alone on the untouched workbook.
		one, err := excelize.OpenReader(bytes.NewReader(baseData))
		if err != nil {
			t.Fatal(err)
		}
		one.SetCellValue(e.sheet, strings.TrimPrefix(e.cell(), e.sheet+"!"), e.v)
		buf, _ := one.WriteToBuffer()
		alone, err := sheet.Read(buf.Bytes(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if js, _ := alone.JSON(); len(alone.Errors) == 0 && bytes.Equal(js, baseJSON) {
			t.Errorf("%s: %q typed over %q neither reached the JSON nor was reported", e.cell(), fmt.Sprint(e.v), e.was)
			continue
		}
		reached++
	}
	t.Logf("%d edits on %d sheets: %d reached the JSON, %d reported at their cells", len(edits), len(sheets), reached, named)
	for _, sh := range loSheets {
		if !sheets[sh] {
			t.Errorf("no edit on sheet %s", sh)
		}
	}
	if reached == 0 || named == 0 {
		t.Errorf("%d edits reached the JSON, %d were reported", reached, named)
	}
	// The command says the same, cell by cell.
	_, _, errOut := muster(t, "import", "xlsx", filepath.Join(out, "edited.xlsx"))
	for _, e := range im.Errors {
		if !strings.Contains(errOut, e.Error()) {
			t.Errorf("import xlsx does not print %q", e.Error())
		}
	}
}
