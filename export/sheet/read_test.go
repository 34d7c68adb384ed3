package sheet

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/scenarios"
)

// xlsxEdit exports a scenario, lets edit change the workbook, and imports
// the result.
func xlsxEdit(t *testing.T, id string, edit func(f *excelize.File)) *Import {
	t.Helper()
	sf := scenarios.Builtin().Scenario(id)
	f := xlsxOpen(t, xlsxExport(t, sf))
	edit(f)
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	im, err := Read(buf.Bytes(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return im
}

func xlsxSet(t *testing.T, f *excelize.File, sheet, cell string, v any) {
	t.Helper()
	if err := f.SetCellValue(sheet, cell, v); err != nil {
		t.Fatal(err)
	}
}

func xlsxFindRow(rows []scenarios.SetupRow, name string) *scenarios.SetupRow {
	for i := range rows {
		if rows[i].Name == name {
			return &rows[i]
		}
	}
	return nil
}

func TestXLSXImportEdits(t *testing.T) {
	orig := scenarios.Builtin().Scenario("tpc-01").Scenario
	im := xlsxEdit(t, "tpc-01", func(f *excelize.File) {
		xlsxSet(t, f, "Scenario", "B3", "My Best Achievement (revised)")
		xlsxSet(t, f, "Union Setup", "F3", "S2109") // Barlow moves
		xlsxSet(t, f, "Union Setup", "E3", 14)
		xlsxSet(t, f, "Confederate Setup", "O2", "Indicated units begin under Breastworks")
		xlsxSet(t, f, "Special Rules", "C2", "Reworded.")
		xlsxSet(t, f, "Victory", "F2", 3)
		// Gibbon's row goes; a new row is added at the end, without Row.
		if err := f.RemoveRow("Union Setup", 4); err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows("Union Setup")
		n := len(rows) + 1
		for col, v := range map[string]any{"A": "Ayres", "B": "Div", "C": "V", "D": "Inf", "E": 6, "F": "S2108", "K": "u.ayres.inf"} {
			xlsxSet(t, f, "Union Setup", col+strconv.Itoa(n), v)
		}
	})
	if len(im.Errors) > 0 {
		t.Fatalf("errors: %v", im.Errors)
	}
	s := im.Scenario
	if s.Title != "My Best Achievement (revised)" {
		t.Errorf("title %q", s.Title)
	}
	union := s.Setup[1].Rows
	if b := xlsxFindRow(union, "Barlow"); b == nil || b.Hex != "S2109" || *b.Manpower != 14 || b.Place != "Blair" || b.Unit != "u.barlow.inf" {
		t.Errorf("Barlow = %+v", b)
	}
	if xlsxFindRow(union, "Gibbon") != nil {
		t.Errorf("Gibbon's row was deleted but came back")
	}
	if len(union) != len(orig.Setup[1].Rows) {
		t.Errorf("%d Union rows, want %d (one deleted, one added)", len(union), len(orig.Setup[1].Rows))
	}
	if last := union[len(union)-1]; last.Name != "Ayres" || last.Unit != "u.ayres.inf" || last.Hex != "S2108" || *last.Manpower != 6 || last.Command != "V" {
		t.Errorf("added row = %+v", last)
	}
	fn := s.Setup[0].Footnotes[0]
	if fn.Text != "Indicated units begin under Breastworks" || fn.States["entrenchment"] != "Breastworks-Complete" {
		t.Errorf("footnote * = %+v", fn)
	}
	if r := s.SpecialRules[0]; r.Text != "Reworded." || len(r.Effects) != len(orig.SpecialRules[0].Effects) || r.Title != orig.SpecialRules[0].Title {
		t.Errorf("rule 1 = %+v", r)
	}
	if a := s.Victory.Awards[0]; a.Points == nil || *a.Points != 3 || a.Text != orig.Victory.Awards[0].Text {
		t.Errorf("award 1 = %+v", a)
	}
	// Untouched rows are exactly as exported.
	if d := xlsxFindRow(s.Setup[0].Rows, "Colquitt"); d == nil || len(d.Notes) != 1 || d.Notes[0].Printed != "Colquit" {
		t.Errorf("Colquitt lost its note: %+v", d)
	}
	if got := im.CellOf("/setup/1/rows/1/hex"); got != "Union Setup!F3" {
		t.Errorf("CellOf(Barlow's hex) = %q", got)
	}
}

func TestXLSXImportBadCells(t *testing.T) {
	im := xlsxEdit(t, "tpc-01", func(f *excelize.File) {
		xlsxSet(t, f, "Union Setup", "F3", "S9999")
		xlsxSet(t, f, "Union Setup", "B4", "Huge")
		xlsxSet(t, f, "Union Setup", "E5", "lots")
		xlsxSet(t, f, "Union Setup", "H6", "#")
		xlsxSet(t, f, "Union Setup", "K7", "u.nobody.inf")
		xlsxSet(t, f, "Confederate Setup", "C2", "XVIII")
		xlsxSet(t, f, "Victory", "F2", "three")
		xlsxSet(t, f, "Special Rules", "F3", "x")
		xlsxSet(t, f, "Victory Levels", "B2", "france")
	})
	want := []string{
		`Confederate Setup!C2: unknown command XVIII`,
		`Union Setup!F3: unknown hex S9999: "S9999" is off the OTR South sheet`,
		`Union Setup!B4: unknown size Huge (one of `,
		`Union Setup!E5: manpower "lots" is not a whole number`,
		`Union Setup!H6: unknown footnote mark "#" (the legend has &)`,
		`Union Setup!K7: unknown counter u.nobody.inf`,
		`Special Rules!F3: Row "x" is not a row number`,
		`Victory!F2: points "three" is not a number`,
		`Victory Levels!B2: unknown side france (one of `,
	}
	var got []string
	for _, e := range im.Errors {
		got = append(got, e.Error())
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			if strings.HasPrefix(g, w) {
				found = true
			}
		}
		if !found {
			t.Errorf("no error %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d errors, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
}

func TestXLSXImportNotAWorkbook(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"text", []byte("id,name\n1,2\n"), "not an xlsx workbook"},
		{"empty", nil, "not an xlsx workbook"},
	} {
		_, err := Read(c.data, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
	// A workbook muster did not write.
	f := excelize.NewFile()
	buf, _ := f.WriteToBuffer()
	if _, err := Read(buf.Bytes(), nil); err == nil || !strings.Contains(err.Error(), "no muster-data sheet") {
		t.Errorf("foreign workbook: %v", err)
	}
	// A catalog workbook is not importable.
	data, err := Catalog(scenarios.Builtin().Module("tpc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Read(data, nil); err == nil || !strings.Contains(err.Error(), "for a single scenario") {
		t.Errorf("catalog workbook: %v", err)
	}
}

func TestXLSXCatalog(t *testing.T) {
	m := scenarios.Builtin().Module("tpc")
	data, err := Catalog(m)
	if err != nil {
		t.Fatal(err)
	}
	f := xlsxOpen(t, data)
	rows, _ := f.GetRows("Scenarios")
	if len(rows) != 13 {
		t.Fatalf("Scenarios has %d rows, want header + 12", len(rows))
	}
	xlsxWantRow(t, f, "Scenarios", 1, "Id", "Number", "Title", "Turns", "Length", "Maps", "Confederate units", "Union units", "Special rules", "VP lines")
	xlsxWantRow(t, f, "Scenarios", 2, "tpc-01", "1", "My Best Achievement", "2")
	if got := xlsxRowOf(t, f, "Scenarios", 2); got[6] != "14" || got[7] != "17" || got[8] != "6" {
		t.Errorf("tpc-01 counts = %q", got[6:9])
	}
	setups, _ := f.GetRows("Setups")
	total := 0
	for _, sf := range m.Scenarios {
		for _, tb := range sf.Scenario.Setup {
			total += len(tb.Rows)
		}
	}
	if len(setups)-1 != total {
		t.Errorf("Setups has %d rows, want %d", len(setups)-1, total)
	}
	xlsxWantRow(t, f, "Setups", 2, "tpc-01", "Confederate Setup", "Dearing-B", "Brig", "WL", "Cav", "2", "S0910")
}

func BenchmarkXLSXExportTPC11(b *testing.B) {
	sf := scenarios.Builtin().Scenario("tpc-11")
	for b.Loop() {
		if _, err := Write(sf.Module, sf.Scenario, ""); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkXLSXImportTPC11(b *testing.B) {
	sf := scenarios.Builtin().Scenario("tpc-11")
	data, err := Write(sf.Module, sf.Scenario, "")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Read(data, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func FuzzRead(f *testing.F) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	data, err := Write(sf.Module, sf.Scenario, "")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := Read(data, nil)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "import: ") {
				t.Errorf("error without context: %v", err)
			}
			return
		}
		if _, err := im.JSON(); err != nil {
			t.Errorf("JSON: %v", err)
		}
	})
}

// Sorting a sheet (as a spreadsheet filter does) or moving a reinforcement
// changes nothing: the Row column puts rows back in their table's order.
func TestXLSXImportSortedSheets(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-11")
	im := xlsxEdit(t, "tpc-11", func(f *excelize.File) {
		for _, sheet := range []string{"Union Setup", "Reinforcements"} {
			rows, _ := f.GetRows(sheet)
			width := xlsxIndex(rows[0], "Row") + 1 // the filtered range; the legend stays
			// Write the data rows back in reverse order.
			for i := 1; i < len(rows); i++ {
				r := append(rows[len(rows)-i], make([]string, width)...)[:width]
				cells := make([]any, width)
				for k, v := range r {
					if n, err := strconv.Atoi(v); err == nil {
						cells[k] = n
					} else {
						cells[k] = v
					}
				}
				if err := f.SetSheetRow(sheet, "A"+strconv.Itoa(i+1), &cells); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
	if len(im.Errors) > 0 {
		t.Fatal(im.Errors)
	}
	js, err := im.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(xlsxDecodeJSON(t, js), sf.Scenario) {
		t.Errorf("reversed sheets changed the scenario")
	}
}

// A workbook whose hidden data was tampered with is refused with a clear
// error, never a panic.
func TestXLSXImportBadData(t *testing.T) {
	for _, c := range []struct {
		cell, value, want string
	}{
		{"A1", "muster-xlsx 99", `muster-data!A1 is "muster-xlsx 99"`},
		{"A2", "{not json", "does not hold muster's scenario data"},
		{"A2", `{"version":"muster-xlsx 1","scenario":[1,2]}`, "holds no scenario object"},
		{"A2", `{"version":"muster-xlsx 1","scenario":{"id":"x","module":"nowhere"}}`, `module "nowhere", which muster does not know`},
	} {
		sf := scenarios.Builtin().Scenario("tpc-01")
		f := xlsxOpen(t, xlsxExport(t, sf))
		if c.cell == "A2" {
			f.RemoveRow(xlsxSheetData, 3)
		}
		xlsxSet(t, f, xlsxSheetData, c.cell, c.value)
		buf, _ := f.WriteToBuffer()
		_, err := Read(buf.Bytes(), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s=%q: err = %v, want %q", c.cell, c.value, err, c.want)
		}
	}
}

func xlsxIndex(xs []string, s string) int {
	for i, x := range xs {
		if x == s {
			return i
		}
	}
	return -1
}

// A long cell is quoted in a message cut at 40 characters, not 40 bytes:
// a byte cut splits a two-byte letter and quotes half a character.
func TestXLSXCutByCharacters(t *testing.T) {
	s := strings.Repeat("é", 41)
	got := xlsxCut(s)
	if !utf8.ValidString(got) || got != strings.Repeat("é", 40)+"..." {
		t.Errorf("xlsxCut(41 × é) = %q", got)
	}
	if got := xlsxCut(strings.Repeat("é", 40)); got != strings.Repeat("é", 40) {
		t.Errorf("40 characters were cut: %q", got)
	}
}

// An off-map hex on a row whose Place the map knows gets the place's hex
// as its suggestion, as muster validate gives it; the Place read is the
// row's cell, edited or not.
func TestXLSXImportLocationPlaceHint(t *testing.T) {
	im := xlsxEdit(t, "tpc-01", func(f *excelize.File) {
		xlsxSet(t, f, "Union Setup", "F3", "S2198") // Barlow, at Blair
		xlsxSet(t, f, "Union Setup", "F4", "S2398")
		xlsxSet(t, f, "Union Setup", "G4", "Fort Powhatan") // Gibbon, moved to Fort Powhatan
	})
	want := []string{
		`Union Setup!F3: unknown hex S2198: "S2198" is off the OTR South sheet (columns 01-24, rows 01-24); the map puts Blair at OTR S2108: did you mean OTR S2108?`,
		`Union Setup!F4: unknown hex S2398: "S2398" is off the OTR South sheet (columns 01-24, rows 01-24); the map puts Fort Powhatan at OTR S2310: did you mean OTR S2310?`,
	}
	var got []string
	for _, e := range im.Errors {
		got = append(got, e.Error())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Every non-empty cell of a workbook is accounted for (issue 38): read,
// the very text muster writes there, or reported at its address with why,
// as a cell not read (an error unless the import is lenient). Nothing of
// what is not read reaches the scenario.
func TestXLSXImportAccountsForEveryCell(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	im := xlsxEdit(t, "tpc-01", func(f *excelize.File) {
		xlsxSet(t, f, "Union Setup", "F1", "Locaton")         // a header mistyped...
		xlsxSet(t, f, "Union Setup", "F5", "S2109")           // ...so this edit is not read
		xlsxSet(t, f, "Union Setup", "I3", "fresh")           // a grey column
		xlsxSet(t, f, "Union Setup", "M4", "a note")          // between the table and the legend
		xlsxSet(t, f, "Union Setup", "P2", "no restrictions") // the legend's grey Gives
		xlsxSet(t, f, "Union Setup", "I30", "orphan")         // a grey cell on a row of nothing else
		xlsxSet(t, f, "Confederate Setup", "D1", "Kind")      // Type renamed, in its place
		xlsxSet(t, f, "Confederate Setup", "D2", "Ldr")       // ...its edit not read
		xlsxSet(t, f, "Confederate Setup", "R1", "Comments")  // a column muster does not write
		xlsxSet(t, f, "Confederate Setup", "R3", "check this")
		xlsxSet(t, f, "Scenario", "B7", "A new background.") // shown, not read
		xlsxSet(t, f, "Order of Battle", "D3", "Bob")        // a view
		xlsxSet(t, f, "Victory", "B3", "manual")             // grey Kind
		xlsxSet(t, f, "Special Rules", "E2", "bridge")       // grey Effects
		xlsxSet(t, f, "Special Rules", "G1", "Title")        // a second Title column
		xlsxSet(t, f, "Special Rules", "G2", "Other title")
		if _, err := f.NewSheet("My notes"); err != nil {
			t.Fatal(err)
		}
		xlsxSet(t, f, "My notes", "A1", "to do")
		xlsxSet(t, f, "Start Markers", "A1", "") // the Marker header gone
	})
	want := []string{
		`My notes: not a sheet muster writes: its cells are not read`,
		`Confederate Setup!D1: "Kind" is not a header muster writes: did you mean "Type"? The Type column is missing, so this column's cells are not read`,
		`Confederate Setup!R1: "Comments" is not a header muster writes: the column's cells are not read`,
		`Confederate Setup!D2: not read: its column's header "Kind" is not one muster writes (did you mean "Type"?)`,
		`Confederate Setup!R3: not read: its column's header "Comments" is not one muster writes`,
		`Union Setup!F1: "Locaton" is not a header muster writes: did you mean "Location"? The Location column is missing, so this column's cells are not read`,
		`Union Setup!P2: not read: the Gives column is shown for reference (a grey header) and is not read`,
		`Union Setup!I3: not read: the Starting state column is shown for reference (a grey header) and is not read`,
		`Union Setup!M4: not read: it lies outside the table (no header above it in row 1)`,
		`Union Setup!F5: not read: its column's header "Locaton" is not one muster writes (did you mean "Location"?)`,
		`Union Setup!I30: not read: the Starting state column is shown for reference (a grey header) and is not read`,
		`Start Markers: no "Marker" column: muster writes it in row 1 and reads it; the exported values are kept`,
		`Special Rules!G1: a second "Title" column: muster reads the first (column B), not this one`,
		`Special Rules!E2: not read: the Effects column is shown for reference (a grey header) and is not read`,
		`Special Rules!G2: not read: it is in a second "Title" column (muster reads column B)`,
		`Victory!B3: not read: the Kind column is shown for reference (a grey header) and is not read`,
		`Order of Battle!D3: not read: the Order of Battle sheet is a view of the setup: muster writes it and does not read it (edit the setup sheets)`,
		`Scenario!B7: not read: muster reads only the Title from this sheet; the other fields are shown for reference (change them in the scenario's JSON)`,
	}
	var got []string
	for _, e := range im.Errors {
		got = append(got, e.Error())
		if !e.Unread {
			t.Errorf("%s: not marked as a cell not read", e.Error())
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Nothing not read reached the scenario.
	if !reflect.DeepEqual(im.Scenario, sf.Scenario) {
		js, _ := im.JSON()
		want, _ := (&Import{Scenario: sf.Scenario}).JSON()
		t.Errorf("the scenario changed:\n%s", xlsxFirstDiff(string(want), string(js)))
	}
}

// A header the import needs to tie rows to the scenario (Row, Line,
// Setup) is a plain error when missing or mistyped: no row of the sheet
// can be read, and it is said once.
func TestXLSXImportKeyHeaderMissing(t *testing.T) {
	im := xlsxEdit(t, "tpc-01", func(f *excelize.File) {
		xlsxSet(t, f, "Union Setup", "L1", "Rows")
		xlsxSet(t, f, "Victory", "A1", "")
	})
	want := []string{
		`Union Setup!L1: "Rows" is not a header muster writes: did you mean "Row"? The Row column is missing, so this column's cells are not read, and no row of the sheet can be read without it`,
		`Victory: no "Line" column: muster writes it in row 1, and no row of the sheet can be read without it`,
	}
	var got []string
	for _, e := range im.Errors {
		got = append(got, e.Error())
		if e.Unread {
			t.Errorf("%s: marked as a cell not read (which --lenient would pass)", e.Error())
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A sheet renamed is named with the sheet muster wrote: one finding.
func TestXLSXImportSheetRenamed(t *testing.T) {
	im := xlsxEdit(t, "tpc-01", func(f *excelize.File) {
		if err := f.SetSheetName("Special Rules", "Special rules (mine)"); err != nil {
			t.Fatal(err)
		}
	})
	want := `Special Rules: the workbook has no sheet "Special Rules", which muster export xlsx wrote: was it renamed or deleted? Restore its name (is "Special rules (mine)" it? Its cells are not read)`
	if len(im.Errors) != 1 || im.Errors[0].Error() != want || !im.Errors[0].Unread {
		t.Errorf("errors %v, want %s", im.Errors, want)
	}
}

// A Row number typed on a second row of its table cannot say which row it
// belongs to: both are reported, each naming the other (it used to tie
// one of them silently to the other's exported row).
func TestXLSXImportRowNumberTwice(t *testing.T) {
	im := xlsxEdit(t, "tpc-01", func(f *excelize.File) {
		xlsxSet(t, f, "Union Setup", "L3", 3)   // Barlow's row given Gibbon's number
		xlsxSet(t, f, "Special Rules", "F3", 1) // rule 2's row given rule 1's
	})
	want := []string{
		`Union Setup!L3: Row 3 is also on Union Setup!L4: each row the workbook was made with keeps its own number (leave Row empty on a row you add)`,
		`Union Setup!L4: Row 3 is also on Union Setup!L3: each row the workbook was made with keeps its own number (leave Row empty on a row you add)`,
		`Special Rules!F2: Row 1 is also on Special Rules!F3: each row the workbook was made with keeps its own number (leave Row empty on a row you add)`,
		`Special Rules!F3: Row 1 is also on Special Rules!F2: each row the workbook was made with keeps its own number (leave Row empty on a row you add)`,
	}
	var got []string
	for _, e := range im.Errors {
		got = append(got, e.Error())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := im.CellOf("/title"); got != "Scenario!B3" {
		t.Errorf("CellOf(/title) = %q", got)
	}
}
