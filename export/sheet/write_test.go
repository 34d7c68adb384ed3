package sheet

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/scenarios"
)

// xlsxShipped lists every shipped scenario.
func xlsxShipped(t testing.TB) []*scenarios.ScenarioFile {
	t.Helper()
	var out []*scenarios.ScenarioFile
	for _, m := range scenarios.Builtin().Modules {
		out = append(out, m.Scenarios...)
	}
	if len(out) != 17 {
		t.Fatalf("%d shipped scenarios, want 17", len(out))
	}
	return out
}

func xlsxExport(t testing.TB, sf *scenarios.ScenarioFile) []byte {
	t.Helper()
	data, err := Write(sf.Module, sf.Scenario, "")
	if err != nil {
		t.Fatalf("%s: %v", sf.Scenario.ID, err)
	}
	return data
}

// xlsxDecodeJSON decodes scenario JSON the way the loader does.
func xlsxDecodeJSON(t *testing.T, js []byte) *scenarios.Scenario {
	t.Helper()
	doc, ds := scenarios.Parse("import.json", js)
	if ds.HasErrors() {
		t.Fatalf("imported JSON does not pass the schema: %v", ds)
	}
	var s scenarios.Scenario
	if err := doc.Decode(&s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// Export then import gives the same scenario, for every shipped scenario:
// the same model, and from a file, the same canonical text byte for byte.
func TestXLSXRoundTripEveryScenario(t *testing.T) {
	for _, sf := range xlsxShipped(t) {
		t.Run(sf.Scenario.ID, func(t *testing.T) {
			fromFile, err := WriteFile(sf)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name string
				data []byte
			}{{"model", xlsxExport(t, sf)}, {"file", fromFile}} {
				im, err := Read(c.data, nil)
				if err != nil {
					t.Fatal(err)
				}
				if len(im.Errors) > 0 {
					t.Fatalf("%s: errors on an untouched workbook: %v", c.name, im.Errors)
				}
				js, err := im.JSON()
				if err != nil {
					t.Fatal(err)
				}
				if got := xlsxDecodeJSON(t, js); !reflect.DeepEqual(got, sf.Scenario) {
					want, _ := (&Import{Scenario: sf.Scenario}).JSON()
					t.Fatalf("%s: round trip differs:\n%s", c.name, xlsxFirstDiff(string(want), string(js)))
				}
				if c.name == "file" && string(js) != string(sf.Doc.File.Bytes) {
					t.Errorf("file: imported JSON differs from %s:\n%s", sf.Doc.Path, xlsxFirstDiff(string(sf.Doc.File.Bytes), string(js)))
				}
			}
		})
	}
}

func xlsxFirstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "want: " + al[i] + "\n got: " + bl[i]
		}
	}
	return "lengths differ"
}

func xlsxOpen(t *testing.T, data []byte) *excelize.File {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func xlsxRowOf(t *testing.T, f *excelize.File, sheet string, row int) []string {
	t.Helper()
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if row > len(rows) {
		t.Fatalf("%s has %d rows, want row %d", sheet, len(rows), row)
	}
	return rows[row-1]
}

func xlsxWantRow(t *testing.T, f *excelize.File, sheet string, row int, want ...string) {
	t.Helper()
	got := xlsxRowOf(t, f, sheet, row)
	for i, w := range want {
		g := ""
		if i < len(got) {
			g = got[i]
		}
		if g != w {
			t.Errorf("%s!%s = %q, want %q", sheet, xlsxCell(i+1, row), g, w)
		}
	}
}

func TestXLSXScenarioWorkbook(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	f := xlsxOpen(t, xlsxExport(t, sf))
	want := []string{"Scenario", "Lists", "Confederate Setup", "Union Setup", "Reinforcements", "Markers", "Start Markers",
		"Special Rules", "Victory", "Victory Levels", "Order of Battle", "muster-data"}
	if got := f.GetSheetList(); !reflect.DeepEqual(got, want) {
		t.Errorf("sheets = %q\nwant %q", got, want)
	}
	for _, hidden := range []string{"Lists", "muster-data"} {
		if v, _ := f.GetSheetVisible(hidden); v {
			t.Errorf("%s is visible", hidden)
		}
	}
	// Headers in the rulebook's column order, then the derived columns,
	// the counter id and the row's place; the legend beside them.
	xlsxWantRow(t, f, "Confederate Setup", 1, "Unit/Leader", "Size", "Command", "Type", "Manpower", "Location", "Place",
		"Marks", "Starting state", "Restrictions", "Counter", "Row", "", "Mark", "Meaning", "Gives")
	// The first printed row and a leader with the & mark.
	xlsxWantRow(t, f, "Confederate Setup", 2, "Dearing-B", "Brig", "WL", "Cav", "2", "S0910", "", "*",
		"entrenchment: Breastworks-Complete (*)", "", "c.dearing-b.cav", "1", "", "*",
		"Indicated units begin the game under Breastworks-Complete markers", "entrenchment: Breastworks-Complete")
	xlsxWantRow(t, f, "Confederate Setup", 6, "Beauregard", "District", "SEV", "Ldr", "", "S0606", "", "&", "",
		"may not activate on turn 1 (rule 3)", "c.beauregard.ldr-district", "5")
	xlsxWantRow(t, f, "Confederate Setup", 9, "Fulton", "Brig", "J-SEV", "Inf", "2", "S0607", "Walthall Mill", "$",
		"entrenchment: Fort-Complete ($)")
	xlsxWantRow(t, f, "Union Setup", 3, "Barlow", "Div", "II", "Inf", "15", "S2108", "Blair", "", "", "", "u.barlow.inf", "2")
	// A cell without a type attribute holds a number.
	if v, _ := f.GetCellType("Union Setup", "E3"); v != excelize.CellTypeNumber && v != excelize.CellTypeUnset {
		t.Errorf("Manpower is written as %v, want a number", v)
	}

	// Frozen header row and name column.
	p, err := f.GetPanes("Union Setup")
	if err != nil || !p.Freeze || p.XSplit != 1 || p.YSplit != 1 || p.TopLeftCell != "B2" {
		t.Errorf("panes = %+v, %v", p, err)
	}
	// Drop-downs of the game's sizes, types and the side's commands.
	dvs, err := f.GetDataValidations("Union Setup")
	if err != nil {
		t.Fatal(err)
	}
	lists := map[string]string{}
	for _, dv := range dvs {
		if dv.Type != "list" {
			t.Errorf("validation %s is %q, want list", dv.Sqref, dv.Type)
		}
		lists[strings.Split(dv.Sqref, ":")[0]] = dv.Formula1
	}
	listValues := func(col string) []string {
		ref, ok := lists[col]
		if !ok {
			t.Fatalf("no drop-down on Union Setup!%s (have %v)", col, lists)
		}
		// 'Lists'!$C$2:$C$12
		c := strings.Split(strings.TrimPrefix(ref, "'Lists'!$"), "$")[0]
		cols, _ := f.GetCols("Lists")
		n, _ := excelize.ColumnNameToNumber(c)
		return cols[n-1][1:]
	}
	if sizes := listValues("B2"); !xlsxHas(sizes, "Brig") || !xlsxHas(sizes, "Div") || !xlsxHas(sizes, "Corps") {
		t.Errorf("size list = %v", sizes)
	}
	if cmds := listValues("C2"); !xlsxHas(cmds, "II") || !xlsxHas(cmds, "AP") || xlsxHas(cmds, "WL") {
		t.Errorf("Union command list = %v (WL is Confederate)", cmds)
	}
	if types := listValues("D2"); !xlsxHas(types, "Inf") || !xlsxHas(types, "Ldr") {
		t.Errorf("type list = %v", types)
	}
	// Print setup: landscape, one page wide, header repeated.
	pl, _ := f.GetPageLayout("Union Setup")
	if pl.Orientation == nil || *pl.Orientation != "landscape" || pl.FitToWidth == nil || *pl.FitToWidth != 1 {
		t.Errorf("page layout = %+v", pl)
	}
	titles, filter := false, false
	for _, dn := range f.GetDefinedName() {
		if dn.Name == "_xlnm.Print_Titles" && dn.Scope == "Union Setup" && dn.RefersTo == "'Union Setup'!$1:$1" {
			titles = true
		}
		if dn.Name == "_xlnm._FilterDatabase" && dn.Scope == "Union Setup" {
			filter = true
		}
	}
	if !titles || !filter {
		t.Errorf("Union Setup: print titles %v, autofilter %v: %+v", titles, filter, f.GetDefinedName())
	}

	// Special rules, victory lines, levels, order of battle.
	xlsxWantRow(t, f, "Special Rules", 1, "Number", "Title", "Text", "Adjudication", "Effects", "Row")
	xlsxWantRow(t, f, "Special Rules", 2, sf.Scenario.SpecialRules[0].Number, sf.Scenario.SpecialRules[0].Title, sf.Scenario.SpecialRules[0].Text)
	a := sf.Scenario.Victory.Awards[0]
	xlsxWantRow(t, f, "Victory", 2, "1", a.Kind, a.Side, a.Text, a.PrintedPoints, xlsxFtoa(a.Points))
	bd := sf.Scenario.Victory.Levels.Bands[0]
	xlsxWantRow(t, f, "Victory Levels", 2, bd.Level, bd.Winner, xlsxFtoa(bd.Min), xlsxFtoa(bd.Max), xlsxFtoa(bd.Under), bd.Printed)
	oob := xlsxRowOf(t, f, "Order of Battle", 1)
	if strings.Join(oob, "|") != "Side|Command|Level|Unit/Leader|Size|Type|Manpower|Sets up|Counter" {
		t.Errorf("OOB header %q", oob)
	}
	rows, _ := f.GetRows("Order of Battle")
	found := false
	for _, r := range rows {
		if len(r) > 8 && r[3] == "Barlow" && r[0] == "Union" && strings.HasSuffix(r[1], "II") && r[6] == "15" {
			found = true
		}
	}
	if !found {
		t.Errorf("no OOB row for Barlow under II")
	}
}

func xlsxHas(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// Scenario 11 spreads its rows over Reinforcements, Markers and boxes.
func TestXLSXDeferredAndMarkers(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-11")
	f := xlsxOpen(t, xlsxExport(t, sf))
	rows, _ := f.GetRows("Reinforcements")
	if len(rows)-1 != 22 {
		t.Errorf("Reinforcements has %d rows, want 22 (11 per side)", len(rows)-1)
	}
	xlsxWantRow(t, f, "Reinforcements", 1, "Setup", "Unit/Leader", "Size", "Command", "Type", "Manpower", "Arrives", "Turn", "Date", "Rule")
	var first *scenarios.SetupRow
	var firstRow int
	for i, r := range sf.Scenario.Setup[0].Rows {
		if r.Entry != nil {
			first, firstRow = &sf.Scenario.Setup[0].Rows[i], i+1
			break
		}
	}
	xlsxWantRow(t, f, "Reinforcements", 2, "Confederate Setup", first.Name, first.Size, first.Command, first.Type, xlsxItoa(first.Manpower),
		"Reinforcement December 19th (see 16.2)", "188", "1864-12-19", "16.2")
	if got := xlsxRowOf(t, f, "Reinforcements", 2); got[len(got)-1] != strconv.Itoa(firstRow) {
		t.Errorf("Row = %s, want %d", got[len(got)-1], firstRow)
	}
	// The module's schedule: reinforcements and withdrawals in the
	// campaign's turns, in turn order.
	sch, _ := f.GetRows("Schedule")
	if len(sch)-1 != 13 {
		t.Errorf("Schedule has %d rows, want the 13 entries of 16.0", len(sch)-1)
	}
	xlsxWantRow(t, f, "Schedule", 2, "24", "1864-07-08", "union", "withdrawal", "JULY WITHDRAWAL")
	mk, _ := f.GetRows("Markers")
	if len(mk)-1 != 16 {
		t.Errorf("Markers has %d rows, want 16", len(mk)-1)
	}
	sm, _ := f.GetRows("Start Markers")
	ok := false
	for _, r := range sm {
		if len(r) > 6 && r[0] == "confederate-withdrawal" && r[2] == "confederate" && r[6] == "56" {
			ok = true
		}
	}
	if !ok {
		t.Errorf("Start Markers lacks confederate-withdrawal on turn 56: %q", sm)
	}
	// A gunboat in a river box.
	boxes := 0
	for _, name := range []string{"Confederate Setup", "Union Setup", "Markers"} {
		rs, _ := f.GetRows(name)
		for _, r := range rs {
			if len(r) > 5 && strings.HasPrefix(strings.Join(r, "|"), "") && xlsxHasPrefix(r, "Box: ") {
				boxes++
			}
		}
	}
	if boxes != 3 {
		t.Errorf("%d rows in a box, want 3", boxes)
	}
}

func xlsxHasPrefix(r []string, p string) bool {
	for _, c := range r {
		if strings.HasPrefix(c, p) {
			return true
		}
	}
	return false
}
