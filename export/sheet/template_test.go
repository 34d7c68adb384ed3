package sheet

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// Every value these tests type into a template is MADE UP test data: it
// checks how cells are read, and is not a fact about any game.

func tmplBook(t *testing.T, module string) *excelize.File {
	t.Helper()
	m := scenarios.Builtin().Module(module)
	data, err := Template(m)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// tmplRead writes f and reads it back as a template of module.
func tmplRead(t *testing.T, f *excelize.File, module string) *TemplateImport {
	t.Helper()
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	ti, err := ReadTemplate(buf.Bytes(), scenarios.Builtin().Module(module))
	if err != nil {
		t.Fatal(err)
	}
	return ti
}

// tmplAt names the cell of the row whose first column is key and the
// column headed head.
func tmplAt(t *testing.T, f *excelize.File, sheet, key, head string) string {
	t.Helper()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	col := -1
	for i, h := range rows[0] {
		if h == head {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("%s: no column %q", sheet, head)
	}
	for r, row := range rows {
		if len(row) > 0 && row[0] == key {
			return xlsxCell(col+1, r+1)
		}
	}
	t.Fatalf("%s: no row %q", sheet, key)
	return ""
}

func tmplSetCell(t *testing.T, f *excelize.File, sheet, cell string, v any) {
	t.Helper()
	if err := f.SetCellValue(sheet, cell, v); err != nil {
		t.Fatal(err)
	}
}

func tmplDecode[T any](t *testing.T, name string, src []byte) *T {
	t.Helper()
	doc, ds := scenarios.Parse(name, src)
	if !doc.Valid {
		t.Fatalf("%s does not pass its schema: %v", name, ds)
	}
	var v T
	if err := doc.Decode(&v); err != nil {
		t.Fatal(err)
	}
	// Canonical: formatting again changes nothing.
	root, _ := jsonsrc.Parse(src)
	if got := schema.Format(doc.Kind, root); !bytes.Equal(got, src) {
		t.Errorf("%s is not in canonical form", name)
	}
	return &v
}

func TestTemplateSheetsAndRows(t *testing.T) {
	for _, tc := range []struct {
		module string
		rows   map[string]int // data rows per sheet
	}{
		{"lgv", map[string]int{tmplSheetCounters: 90, tmplSheetAreas: 91, tmplSheetLinks: 3, tmplSheetMarkers: 4}},
		// OTR South 24x24 + OTR North 38x31 + GTC South 39x26, less the 24
		// OTR South hexes under OTR North (row 01), the 21 GTC South hexes
		// under OTR South (column 39, rows 30-50) and the 23 under OTR North
		// through both overlaps (column 39 rows 25-29, columns 36-38 rows
		// 25-30).
		{"tpc", map[string]int{tmplSheetCounters: 218, tmplSheetTerrain: 576 + 1178 + 1014 - 24 - 21 - 23}},
		{"uscw", map[string]int{tmplSheetCounters: 32, tmplSheetTerrain: 49 * 36, tmplSheetMarkers: 8}},
	} {
		f := tmplBook(t, tc.module)
		if got := f.GetSheetName(0); got != tmplSheetInstructions {
			t.Errorf("%s: first sheet %q", tc.module, got)
		}
		if tc.module == "lgv" { // the marker counts of 15.0 and 16.0 are asked for
			text, _ := f.GetCols(tmplSheetInstructions)
			if all := fmt.Sprint(text); !strings.Contains(all, "Entrench +1 (entrench-1), Pontoon Bridge (pontoon-bridge)") {
				t.Errorf("lgv: the Instructions do not ask for the marker counts")
			}
		}
		for sheet, want := range tc.rows {
			rows, err := f.GetRows(sheet)
			if err != nil {
				t.Fatalf("%s: %v", tc.module, err)
			}
			if got := len(rows) - 1; got != want {
				t.Errorf("%s %s: %d rows, want %d", tc.module, sheet, got, want)
			}
			panes, err := f.GetPanes(sheet)
			if err != nil || !panes.Freeze {
				t.Errorf("%s %s: header not frozen", tc.module, sheet)
			}
		}
		for _, absent := range []string{tmplSheetAreas, tmplSheetLinks, tmplSheetTerrain, tmplSheetMarkers} {
			if _, ok := tc.rows[absent]; !ok {
				if idx, _ := f.GetSheetIndex(absent); idx >= 0 {
					t.Errorf("%s: unexpected sheet %s", tc.module, absent)
				}
			}
		}
	}
	// LGV: a value column per value name; the Links drop-downs offer the
	// boundary types.
	f := tmplBook(t, "lgv")
	rows, _ := f.GetRows(tmplSheetCounters)
	head := strings.Join(rows[0], ",")
	if !strings.Contains(head, "attack,defense,movement,exhaustedDefense,independent") {
		t.Errorf("Counters header %s", head)
	}
	dvs, err := f.GetDataValidations(tmplSheetLinks)
	if err != nil || len(dvs) < 5 {
		t.Fatalf("Links drop-downs: %d, %v", len(dvs), err)
	}
	// USCW: rulebook values are prefilled on partial counters.
	f = tmplBook(t, "uscw")
	if v, _ := f.GetCellValue(tmplSheetCounters, tmplAt(t, f, tmplSheetCounters, "c.beauregard.ldr-general", "defense")); v != "1" {
		t.Errorf("Beauregard defense prefilled %q", v)
	}
}

// An untouched template gives back the module's files unchanged.
func TestTemplateUntouched(t *testing.T) {
	for _, id := range []string{"lgv", "tpc", "uscw"} {
		m := scenarios.Builtin().Module(id)
		ti := tmplRead(t, tmplBook(t, id), id)
		if len(ti.Errors)+len(ti.Changes) > 0 {
			t.Errorf("%s: errors %v, changes %v", id, ti.Errors, ti.Changes)
		}
		if !bytes.Equal(ti.Map, m.MapDoc.File.Bytes) || !bytes.Equal(ti.Counters, m.CountersDoc.File.Bytes) || ti.Game != nil {
			t.Errorf("%s: untouched template changed the files", id)
		}
	}
}

func TestTemplateRoundTripLGV(t *testing.T) {
	f := tmplBook(t, "lgv")
	c, a, l := tmplSheetCounters, tmplSheetAreas, tmplSheetLinks
	// MADE-UP values.
	for head, v := range map[string]any{"attack": "*", "defense": 2, "movement": 4, "exhaustedDefense": 1, "independent": 0} {
		tmplSetCell(t, f, c, tmplAt(t, f, c, "u.hooker.ldr-army", head), v)
	}
	tmplSetCell(t, f, c, tmplAt(t, f, c, "u.hooker.ldr-army", "Notes"), "test note (made up)")
	tmplSetCell(t, f, c, tmplAt(t, f, c, "c.lee.ldr-army", "movement"), 5)
	tmplSetCell(t, f, a, tmplAt(t, f, a, "1", "TEM"), 2)
	tmplSetCell(t, f, a, tmplAt(t, f, a, "1", "Name"), "Test Area (made up)")
	tmplSetCell(t, f, a, tmplAt(t, f, a, "1", "Wilderness"), "yes")
	tmplSetCell(t, f, a, tmplAt(t, f, a, "2", "Wilderness"), "no")
	tmplSetCell(t, f, a, tmplAt(t, f, a, "5", "Hills (black triangles)"), "Yes")
	tmplSetCell(t, f, a, tmplAt(t, f, a, "H", "TEM"), 0)
	// A new link below the prefilled ones, and an edit of an existing one.
	if err := f.SetSheetRow(l, "A6", &[]any{"2", 1, "minor-water", "yes", "", "no"}); err != nil {
		t.Fatal(err)
	}
	tmplSetCell(t, f, l, "E2", "yes") // H-53: ford
	ti := tmplRead(t, f, "lgv")
	if len(ti.Errors) > 0 {
		t.Fatalf("errors: %v", ti.Errors)
	}
	cnt := tmplDecode[scenarios.Counters](t, "counters.json", ti.Counters)
	mp := tmplDecode[scenarios.Map](t, "map.json", ti.Map)
	byID := map[string]*scenarios.Counter{}
	for i := range cnt.Counters {
		byID[cnt.Counters[i].ID] = &cnt.Counters[i]
	}
	h := byID["u.hooker.ldr-army"].Printed
	if h.Status != "source" || h.Values["attack"] != "*" || h.Values["defense"] != float64(2) || h.Values["independent"] != float64(0) {
		t.Errorf("Hooker printed %+v", h)
	}
	if n := byID["u.hooker.ldr-army"].Notes; n[len(n)-1].Text != "test note (made up)" {
		t.Errorf("Hooker notes %+v", n)
	}
	if p := byID["c.lee.ldr-army"].Printed; p.Status != "partial" || len(p.Values) != 1 {
		t.Errorf("Lee printed %+v", p)
	}
	if p := byID["u.sedgwick.ldr-corps"]; p != nil && p.Printed.Status != "missing" {
		t.Errorf("an untouched counter changed: %+v", p.Printed)
	}
	areas := map[string]*scenarios.Area{}
	for i := range mp.Areas {
		areas[mp.Areas[i].ID] = &mp.Areas[i]
	}
	if a1 := areas["1"]; a1.TEM == nil || *a1.TEM != 2 || a1.Name != "Test Area (made up)" {
		t.Errorf("area 1: %+v", a1)
	}
	if h := areas["H"]; h.TEM == nil || *h.TEM != 0 {
		t.Errorf("zone H: %+v", h)
	}
	if areas["2"].TEM != nil {
		t.Errorf("area 2 got a TEM")
	}
	feats := map[string]scenarios.Feature{}
	for _, f := range mp.Features {
		feats[f.ID] = f
	}
	if w := feats["wilderness"]; strings.Join(w.Hexes, ",") != "1" || *w.Complete {
		t.Errorf("wilderness %+v", w)
	}
	if h := feats["hills"]; strings.Join(h.Hexes, ",") != "5" {
		t.Errorf("hills %+v", h)
	}
	if len(mp.Adjacency) != 4 {
		t.Fatalf("adjacency %+v", mp.Adjacency)
	}
	if j := mp.Adjacency[0]; !j.Ford || j.Boundary != "major-water" || len(j.Notes) != 2 {
		t.Errorf("H-53 %+v", j)
	}
	if n := mp.Adjacency[3]; strings.Join(n.Between, "-") != "2-1" || n.Boundary != "minor-water" || !n.Road || n.Prohibited || n.Ford {
		t.Errorf("new link %+v", n)
	}
	if len(ti.Changes) != 6 {
		t.Errorf("changes %q", ti.Changes)
	}
}

// A feature every area answered becomes complete; the rulebook's count is
// checked.
func TestTemplateCompleteFeature(t *testing.T) {
	f := tmplBook(t, "lgv")
	rows, _ := f.GetRows(tmplSheetAreas)
	for r := 2; r <= len(rows); r++ {
		v := "no"
		if r <= 4 { // MADE UP: three Wilderness areas
			v = "yes"
		}
		tmplSetCell(t, f, tmplSheetAreas, tmplAt(t, f, tmplSheetAreas, rows[r-1][0], "Wilderness"), v)
	}
	ti := tmplRead(t, f, "lgv")
	mp := tmplDecode[scenarios.Map](t, "map.json", ti.Map)
	for _, ft := range mp.Features {
		if ft.ID == "wilderness" && (!*ft.Complete || ft.Provenance != "source" || len(ft.Hexes) != 3) {
			t.Errorf("wilderness %+v", ft)
		}
	}
	if len(ti.Warnings) != 1 || !strings.Contains(ti.Warnings[0].Error(), "3 areas marked yes, the rulebook counts 19") {
		t.Errorf("warnings %v", ti.Warnings)
	}
}

func TestTemplateTerrain(t *testing.T) {
	f := tmplBook(t, "tpc")
	s := tmplSheetTerrain
	tmplSetCell(t, f, s, tmplAt(t, f, s, "OTR S0907", "Terrain"), "woods") // MADE UP
	tmplSetCell(t, f, s, tmplAt(t, f, s, "GTC S3845", "Terrain"), "clear") // MADE UP
	ti := tmplRead(t, f, "tpc")
	if len(ti.Errors) > 0 {
		t.Fatal(ti.Errors)
	}
	mp := tmplDecode[scenarios.Map](t, "map.json", ti.Map)
	if len(mp.Hexes) != 2 || mp.Hexes[0].At != "OTR S0907" || mp.Hexes[0].Terrain != "woods" || mp.Hexes[1].Terrain != "clear" {
		t.Errorf("hexes %+v", mp.Hexes)
	}
	// A number where a terrain name belongs is refused at its cell.
	bad := tmplAt(t, f, s, "OTR S0908", "Terrain")
	tmplSetCell(t, f, s, bad, 3)
	if ti := tmplRead(t, f, "tpc"); len(ti.Errors) != 1 || ti.Errors[0].Error() != s+"!"+bad+`: Terrain "3" is not a terrain name (type the name the Terrain Effects Chart gives, such as clear or woods)` {
		t.Errorf("a number as terrain: %v", ti.Errors)
	}
	// The hex under OTR North is listed once, under OTR North.
	rows, _ := f.GetRows(s)
	for _, r := range rows {
		if r[0] == "OTR S0301" {
			t.Errorf("OTR S0301 lies under OTR N0734 and is listed")
		}
	}
}

func TestTemplateBadCells(t *testing.T) {
	f := tmplBook(t, "lgv")
	c, a, l := tmplSheetCounters, tmplSheetAreas, tmplSheetLinks
	want := map[string]string{}
	set := func(sheet, cell string, v any, msg string) {
		tmplSetCell(t, f, sheet, cell, v)
		want[sheet+"!"+cell] = msg
	}
	set(a, tmplAt(t, f, a, "7", "TEM"), "x", `TEM "x" is not a whole number`)
	set(a, tmplAt(t, f, a, "8", "TEM"), -1, `TEM "-1" is not a whole number`)
	set(a, tmplAt(t, f, a, "9", "Wilderness"), "maybe", `"maybe" is not yes or no`)
	set(a, tmplAt(t, f, a, "6", "Name"), "Elsewhere", `the rulebook names area 6 "Prospect Hill"`)
	set(a, tmplAt(t, f, a, "10", "Id"), "999", `unknown area "999"`)
	set(c, tmplAt(t, f, c, "u.hooker.ldr-army", "defense"), 2.5, `"2.5" is not a whole number`)
	set(c, tmplAt(t, f, c, "c.lee.ldr-army", "Id"), "c.nobody", `unknown counter "c.nobody"`)
	// Text where a number belongs: a word is not a printed symbol.
	set(c, tmplAt(t, f, c, "u.hooker.ldr-army", "attack"), "x", `attack: "x" is not a whole number or a printed symbol`)
	set(c, tmplAt(t, f, c, "u.hooker.ldr-army", "movement"), "four", `movement: "four" is not a whole number or a printed symbol`)
	set(c, tmplAt(t, f, c, "u.sickles.ldr-corps", "attack"), "*", "") // a symbol as printed
	set(c, tmplAt(t, f, c, "u.sickles.ldr-corps", "independent"), "-", "")
	set(l, "A6", "1", "")
	set(l, "B6", "99", `unknown area "99"`)
	set(l, "A7", "1", "")
	set(l, "B7", "2", "")
	set(l, "C7", "swamp", `unknown boundary type "swamp" (one of: open-ground, zone-arrow, minor-water, major-water)`)
	set(l, "A8", "3", "")
	set(l, "B8", "3", `a link joins two different areas`)
	set(l, "A9", "4", "")
	set(l, "B9", "5", "")
	set(l, "D9", "sometimes", `Road: "sometimes" is not yes or no`)
	set(l, "B10", "H", "")
	set(l, "A10", "53", `the link 53-H is also on row 2`)
	set(l, "A11", "56", "")
	set(l, "B11", "57", "")
	set(l, "G11", "germanna", `"germanna" is not a named crossing of map.json (one of: reynolds-crossing)`)
	set(l, "A12", "56", "")
	set(l, "B12", "5", "")
	set(l, "G12", "reynolds-crossing", "")
	set(l, "A13", "56", "")
	set(l, "B13", "6", "")
	set(l, "G13", "reynolds-crossing", `the crossing reynolds-crossing is also on row 12`)
	ti := tmplRead(t, f, "lgv")
	got := map[string]string{}
	for _, e := range ti.Errors {
		got[e.Sheet+"!"+e.Cell] = e.Error()
	}
	for cell, msg := range want {
		if msg == "" {
			continue
		}
		if !strings.Contains(got[cell], msg) {
			t.Errorf("%s: got %q, want %q", cell, got[cell], msg)
		}
	}
	if len(ti.Errors) != 16 {
		t.Errorf("%d errors:\n%v", len(ti.Errors), ti.Errors)
	}
}

func TestTemplateWrongModule(t *testing.T) {
	f := tmplBook(t, "lgv")
	buf, _ := f.WriteToBuffer()
	_, err := ReadTemplate(buf.Bytes(), scenarios.Builtin().Module("tpc"))
	if err == nil || !strings.Contains(err.Error(), `a template of module "lgv", not "tpc"`) {
		t.Errorf("err %v", err)
	}
	sf := scenarios.Builtin().Scenario("lgv-01")
	data, _ := Write(sf.Module, sf.Scenario, "")
	if _, err := ReadTemplate(data, sf.Module); err == nil || !strings.Contains(err.Error(), "no muster-template sheet") {
		t.Errorf("scenario workbook: %v", err)
	}
}

func FuzzReadTemplate(f *testing.F) {
	m := scenarios.Builtin().Module("lgv")
	data, err := Template(m)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	// A template with the marker counts filled (MADE UP), one partly.
	for _, counts := range [][]any{{4, 3, 2, 0}, {4, "", "x", 0}} {
		book, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			f.Fatal(err)
		}
		book.SetSheetCol(tmplSheetMarkers, "D2", &counts)
		buf, err := book.WriteToBuffer()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		ti, err := ReadTemplate(data, m)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "import: ") {
				t.Errorf("error without context: %v", err)
			}
			return
		}
		if len(ti.Map) == 0 || len(ti.Counters) == 0 {
			t.Errorf("no documents")
		}
	})
}

// The Markers sheet asks each side's count of the markers the rules limit
// to those supplied (LGV 15.0, 16.0); filled for every side, the counts go
// into game.json and the marker is no longer missing; all empty, game.json
// is left as it is; partly filled or not a count, the cells are refused.
func TestTemplateMarkers(t *testing.T) {
	f := tmplBook(t, "lgv")
	rows, err := f.GetRows(tmplSheetMarkers)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, strings.Join(r, "|"))
	}
	want := []string{"Id|Name|Side|Supplied", "entrench-1|Entrench +1|union", "entrench-1|Entrench +1|confederate",
		"pontoon-bridge|Pontoon Bridge|union", "pontoon-bridge|Pontoon Bridge|confederate"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("Markers sheet:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if ti := tmplRead(t, f, "lgv"); ti.Game != nil || len(ti.Errors) > 0 {
		t.Errorf("blank Markers sheet: game.json changed (%v) or errors %v", ti.Game != nil, ti.Errors)
	}

	// MADE UP counts, every side of both markers.
	m := tmplSheetMarkers
	for cell, v := range map[string]any{"D2": 4, "D3": 3, "D4": 2, "D5": 0} {
		tmplSetCell(t, f, m, cell, v)
	}
	ti := tmplRead(t, f, "lgv")
	if len(ti.Errors) > 0 || ti.Game == nil {
		t.Fatalf("errors %v, game.json written %v", ti.Errors, ti.Game != nil)
	}
	for _, want := range []string{"marker entrench-1: supplied union 4, confederate 3", "marker pontoon-bridge: supplied union 2, confederate 0"} {
		if !tmplContains(ti.Changes, want) {
			t.Errorf("changes %v lack %q", ti.Changes, want)
		}
	}
	g := tmplDecode[scenarios.Game](t, "game.json", ti.Game)
	for _, mk := range g.Markers {
		switch mk.ID {
		case "entrench-1":
			if mk.SuppliedMissing || mk.Supplied["union"] != 4 || mk.Supplied["confederate"] != 3 {
				t.Errorf("entrench-1: %+v", mk)
			}
		case "pontoon-bridge":
			if n, ok := mk.Supplied["confederate"]; mk.SuppliedMissing || mk.Supplied["union"] != 2 || !ok || n != 0 {
				t.Errorf("pontoon-bridge: %+v", mk)
			}
		}
	}

	// Partly filled, a bad count, an unknown marker or side, a repeated row.
	f = tmplBook(t, "lgv")
	wantErr := map[string]string{}
	set := func(cell string, v any, msg string) {
		tmplSetCell(t, f, m, cell, v)
		if msg != "" {
			wantErr[m+"!"+cell] = msg
		}
	}
	set("D2", 4, "")
	wantErr[m+"!D3"] = "marker entrench-1: Supplied is empty for side confederate while other sides are filled"
	set("D4", "two", `Supplied "two" is not a whole number`)
	set("D5", -1, `Supplied "-1" is not a whole number`)
	set("A6", "control", `marker "control" is not one whose supplied count game.json asks for (entrench-1, pontoon-bridge)`)
	set("D6", 1, "")
	set("A7", "entrench-1", "")
	set("C7", "french", `unknown side "french" (one of: union, confederate)`)
	set("A8", "entrench-1", "marker entrench-1, side union is also on row 2")
	set("C8", "union", "")
	set("D9", 5, "")
	wantErr[m+"!A9"] = "a count needs the marker's Id and Side"
	ti = tmplRead(t, f, "lgv")
	gotErr := map[string]string{}
	for _, e := range ti.Errors {
		gotErr[e.Sheet+"!"+e.Cell] = e.Error()
	}
	for cell, msg := range wantErr {
		if !strings.Contains(gotErr[cell], msg) {
			t.Errorf("%s: got %q, want %q", cell, gotErr[cell], msg)
		}
	}
	if len(ti.Errors) != len(wantErr) {
		t.Errorf("%d errors, want %d:\n%v", len(ti.Errors), len(wantErr), ti.Errors)
	}
	if ti.Game != nil {
		t.Errorf("a partly filled marker changed game.json")
	}
}

// A count game.json gives is prefilled for checking.
func TestTemplateMarkersPrefilled(t *testing.T) {
	m := *scenarios.Builtin().Module("lgv")
	g := *m.Game
	g.Markers = append([]scenarios.Marker(nil), g.Markers...)
	for i := range g.Markers {
		if g.Markers[i].ID == "entrench-1" { // MADE UP counts
			g.Markers[i].SuppliedMissing, g.Markers[i].Supplied = false, map[string]int{"union": 5, "confederate": 6}
		}
	}
	m.Game = &g
	data, err := Template(&m)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	col, _ := f.GetCols(tmplSheetMarkers)
	if got := strings.TrimRight(strings.Join(col[3], ","), ","); got != "Supplied,5,6" {
		t.Errorf("Supplied column %q, want the counts of entrench-1 and blanks for pontoon-bridge", got)
	}
}

// The component template accounts for every cell as a scenario workbook
// does (issue 38): a grey column edited, a header mistyped, a cell beside
// the table, a sheet muster did not write are reported at their cells and
// change nothing; a key header gone is a plain error.
func TestTemplateAccountsForEveryCell(t *testing.T) {
	f := tmplBook(t, "lgv")
	c, a := tmplSheetCounters, tmplSheetAreas
	name := tmplAt(t, f, c, "u.hooker.ldr-army", "Name")
	status := tmplAt(t, f, c, "u.hooker.ldr-army", "Status now")
	defense := tmplAt(t, f, c, "u.hooker.ldr-army", "defense")
	col, _, _ := xlsxSplitCell(defense)
	tmplSetCell(t, f, c, name, "Joe Hooker")                                              // grey
	tmplSetCell(t, f, c, status, "source")                                                // grey: a status is not set here
	tmplSetCell(t, f, c, tmplAt(t, f, c, "u.sickles.ldr-corps", "Status now"), "partial") // shown before, accepted
	tmplSetCell(t, f, c, xlsxCell(col, 1), "defence")                                     // mistyped...
	tmplSetCell(t, f, c, defense, 3)                                                      // ...so not read
	tmplSetCell(t, f, a, "Z5", "elsewhere")                                               // beside the table
	if _, err := f.NewSheet("Scratch"); err != nil {
		t.Fatal(err)
	}
	tmplSetCell(t, f, "Scratch", "B2", 4)
	ti := tmplRead(t, f, "lgv")
	want := []string{
		`Scratch: not a sheet muster writes: its cells are not read`,
		c + `!` + xlsxCell(col, 1) + `: "defence" is not a header muster writes: did you mean "defense"? The defense column is missing, so this column's cells are not read`,
		c + `!` + name + `: not read: the Name column is shown for reference (a grey header) and is not read`,
		c + `!` + defense + `: not read: its column's header "defence" is not one muster writes (did you mean "defense"?)`,
		c + `!` + status + `: not read: the Status now column is shown for reference (a grey header) and is not read`,
		a + `!Z5: not read: it lies outside the table (no header above it in row 1)`,
	}
	var got []string
	for _, e := range ti.Errors {
		got = append(got, e.Error())
		if !e.Unread {
			t.Errorf("%s: not marked as a cell not read", e.Error())
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	m := scenarios.Builtin().Module("lgv")
	if len(ti.Changes) > 0 || !bytes.Equal(ti.Counters, m.CountersDoc.File.Bytes) {
		t.Errorf("cells not read changed the module: %v", ti.Changes)
	}
	// The Id header gone: no row can be read, said once.
	f = tmplBook(t, "lgv")
	tmplSetCell(t, f, tmplSheetMarkers, "A1", "ID")
	ti = tmplRead(t, f, "lgv")
	if len(ti.Errors) != 1 || ti.Errors[0].Unread || ti.Errors[0].Error() != tmplSheetMarkers+`!A1: "ID" is not a header muster writes: did you mean "Id"? The Id column is missing, so this column's cells are not read, and no row of the sheet can be read without it` {
		t.Errorf("Id header gone: %v", ti.Errors)
	}
}
