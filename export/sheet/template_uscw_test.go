package sheet

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/scenarios"
)

// tmplFill is testdata/uscw-fill.json: MADE-UP cells for the USCW
// template (written by testdata/uscw-fill.py from the made-up test module).
type tmplFill struct {
	MadeUp   string                `json:"madeUp"`
	Matrices map[string][][]string `json:"matrices"`
	Rows     map[string]struct {
		Key  []string            `json:"key"`
		Rows []map[string]string `json:"rows"`
	} `json:"rows"`
}

// fillTemplate types the fixture's cells into a template: a matrix sheet
// from A1; a row of a keyed sheet into the row with its key, or below the
// last row when none has it; an unkeyed row below the last row.
func fillTemplate(t testing.TB, book []byte, path string, edit func(f *excelize.File)) []byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fill tmplFill
	if err := json.Unmarshal(raw, &fill); err != nil || !strings.Contains(fill.MadeUp, "MADE-UP") {
		t.Fatalf("%s: %v (the fixture must say it is made up)", path, err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(book))
	if err != nil {
		t.Fatal(err)
	}
	for sh, grid := range fill.Matrices {
		for i, row := range grid {
			for j, v := range row {
				f.SetCellValue(sh, xlsxCell(j+1, i+1), v)
			}
		}
	}
	for sh, spec := range fill.Rows {
		rows, err := f.GetRows(sh)
		if err != nil || len(rows) == 0 {
			t.Fatalf("sheet %s: %v", sh, err)
		}
		col := map[string]int{}
		for c, h := range rows[0] {
			col[h] = c + 1
		}
		at := map[string]int{}
		for i, r := range rows[1:] {
			var k []string
			for _, h := range spec.Key {
				if c := col[h]; c > 0 && c <= len(r) {
					k = append(k, r[c-1])
				} else {
					k = append(k, "")
				}
			}
			at[strings.Join(k, "\x00")] = i + 2
		}
		next := len(rows) + 1
		for _, r := range spec.Rows {
			row := 0
			if spec.Key != nil {
				var k []string
				for _, h := range spec.Key {
					k = append(k, r[h])
				}
				row = at[strings.Join(k, "\x00")]
			}
			if row == 0 {
				row = next
				next++
			}
			for h, v := range r {
				if col[h] == 0 {
					t.Fatalf("sheet %s has no column %q", sh, h)
				}
				f.SetCellValue(sh, xlsxCell(col[h], row), v)
			}
		}
	}
	if edit != nil {
		edit(f)
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func uscwModule(t *testing.T) *scenarios.Module {
	t.Helper()
	m := scenarios.Builtin().Module("uscw")
	if m == nil {
		t.Fatal("no built-in uscw module")
	}
	return m
}

// The USCW template has a sheet for each new component, and a fill of
// every one (made up) imports without an error into the documents it
// names.
func TestTemplateUSCWFilled(t *testing.T) {
	m := uscwModule(t)
	book, err := Template(m)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := excelize.OpenReader(bytes.NewReader(book))
	for _, sh := range []string{"Combat Results Table", "Blockade Table", "Attrition Table", "Random States Table", tmplSheetTrack, tmplSheetGenerals, tmplSheetDecks, tmplSheetTerrain} {
		if idx, _ := f.GetSheetIndex(sh); idx < 0 {
			t.Errorf("no sheet %s", sh)
		}
	}
	if v, _ := f.GetCellValue("Combat Results Table", "G1"); v != "17+ (3d6)" {
		t.Errorf("CRT G1 = %q, want the 17+ column with its dice", v)
	}
	if v, _ := f.GetCellValue(tmplSheetTerrain, "E1"); v != tmplColStates {
		t.Errorf("Terrain E1 = %q, want the States column", v)
	}
	f.Close()
	filled := fillTemplate(t, book, "testdata/uscw-fill.json", nil)
	ti, err := ReadTemplate(filled, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(ti.Errors) > 0 {
		t.Fatalf("errors: %v", ti.Errors)
	}
	for _, p := range []string{"tables/crt.json", "tables/blockade.json", "tables/attrition.json", "tables/random-states.json", "tables/turn-track.json"} {
		if len(ti.Tables[p]) == 0 {
			t.Errorf("%s not rewritten", p)
		}
	}
	crt := string(ti.Tables["tables/crt.json"])
	for _, want := range []string{`"status": "source"`, `{"text": "2*", "losses": 2, "mark": "asterisk"}`, "\"min\": 20,\n      \"printed\": \"20+\"", `"id": "7-8", "printed": "7-8", "min": 7, "max": 8, "dice": "2d6"`} {
		if !strings.Contains(crt, want) {
			t.Errorf("crt.json lacks %s", want)
		}
	}
	if b := string(ti.Tables["tables/blockade.json"]); !strings.Contains(b, `{"text": "+2M", "maintenance": 2}`) {
		t.Errorf("blockade.json: +2M not read as a Maintenance rise")
	}
	if b := string(ti.Tables["tables/random-states.json"]); !strings.Contains(b, `{"text": "Virginia", "region": "virginia"}`) {
		t.Errorf("random-states.json: a state's name not read as its region")
	}
	if b := string(ti.Tables["tables/turn-track.json"]); !strings.Contains(b, `"code": "arrive", "general": "u.madeup.ldr-general", "printed": "Madeup", "theater": "W", "status": "source"`) {
		t.Errorf("turn-track.json lacks the new general's arrival")
	}
	if !strings.Contains(string(ti.Counters), `"id": "u.madeup.ldr-general",
      "name": "Madeup",
      "side": "union",
      "type": "General",
      "size": "General",
      "printed": {"status": "partial", "values": {"rank": 1, "attack": 0, "defense": 1, "movement": 4}}`) {
		t.Errorf("counters.json lacks the new counter")
	}
	if !strings.Contains(string(ti.Game), `{"number": 15, "theater": "Naval"}`) {
		t.Errorf("game.json lacks the decks' cards")
	}
	mp := string(ti.Map)
	if !strings.Contains(mp, `"theater": "east"`) || !strings.Contains(mp, `"topic": "theater-extents"`) {
		t.Errorf("map.json: the east theater's hexes filled, the other theaters still missing")
	}
	joined := strings.Join(ti.Changes, "\n")
	for _, want := range []string{"table crt: 10 columns, 20 rows", "turn record track: 20 turns filled", "general events: 1 added", "deck union-special-action: 15 cards", "counters: 1 added", "hex data: 684 of 1764 hexes (east 684); the other 1080 stay missing"} {
		if !strings.Contains(joined, want) {
			t.Errorf("changes lack %q:\n%s", want, joined)
		}
	}
}

// Each mistake typed into a new sheet is one finding at its cell, and
// nothing is applied.
func TestTemplateUSCWBadCells(t *testing.T) {
	m := uscwModule(t)
	book, err := Template(m)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Combat Results Table!C4": `"2x" is not a result as printed`,
		"Combat Results Table!A6": `Modified roll: "five" is not a number or a band`,
		"Combat Results Table!L1": `"18+ (4d6)": the dice in brackets are 1d6, 2d6 or 3d6`,
		"Combat Results Table!D9": "empty cell",
		"Blockade Table!B3":       `"2M+" is not a result as printed`,
		"Random States Table!B4":  `"Ohio River" is not a region of map.json`,
		"Turn Record Track!B5":    `Season: the rulebook gives winter for turn 4`,
		"Turn Record Track!C7":    `Year "62" is not a whole number`,
		"General Events!D11":      `General "Nobody" is not a counter`,
		"Decks!D3":                `Theater "Sea" is not one of deck union-special-action's`,
		"Terrain!E3":              `"Atlantis" is not a state of map.json`,
		"Terrain!F4":              `a hex with data needs its Theater`,
		"Terrain!M5":              `a Blockade Runner Port needs its Blockade DRM`,
		"Counters!A40":            `unknown counter "U Nobody"`,
		"Attrition Table!B2":      `"two" is not a whole number`,
	}
	filled := fillTemplate(t, book, "testdata/uscw-fill.json", func(f *excelize.File) {
		f.SetCellValue("Combat Results Table", "C4", "2x")
		f.SetCellValue("Combat Results Table", "A6", "five")
		f.SetCellValue("Combat Results Table", "L1", "18+ (4d6)")
		f.SetCellValue("Combat Results Table", "D9", "")
		f.SetCellValue("Blockade Table", "B3", "2M+")
		f.SetCellValue("Random States Table", "B4", "Ohio River")
		f.SetCellValue(tmplSheetTrack, "B5", "spring")
		f.SetCellValue(tmplSheetTrack, "C7", "62")
		f.SetSheetRow(tmplSheetGenerals, "A11", &[]any{7, "union", "arrive", "Nobody"})
		f.SetCellValue(tmplSheetDecks, "D3", "Sea")
		f.SetSheetRow(tmplSheetTerrain, "E3", &[]any{"Atlantis", "east"})
		f.SetSheetRow(tmplSheetTerrain, "E4", &[]any{"virginia", ""})
		f.SetSheetRow(tmplSheetTerrain, "E5", &[]any{"virginia", "east"})
		f.SetCellValue(tmplSheetTerrain, "L5", "gulf")
		f.SetCellValue(tmplSheetTerrain, "M5", "")
		f.SetSheetRow("Counters", "A40", &[]any{"U Nobody", "Nobody", "union", "General"})
		f.SetCellValue("Attrition Table", "B2", "two")
	})
	ti, err := ReadTemplate(filled, m)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range ti.Errors {
		if _, dup := got[e.Sheet+"!"+e.Cell]; dup {
			t.Errorf("two findings at %s!%s", e.Sheet, e.Cell)
		}
		got[e.Sheet+"!"+e.Cell] = e.Msg
	}
	for cell, w := range want {
		if !strings.Contains(got[cell], w) {
			t.Errorf("%s: got %q, want %q", cell, got[cell], w)
		}
	}
	if len(ti.Errors) != len(want) {
		t.Errorf("%d errors for %d mistakes: %v", len(ti.Errors), len(want), ti.Errors)
	}
}

// The matrix sheets' parsers (a key band, a column header, a cell of each
// kind) take any text without a panic, and what they accept is well
// formed: a band runs upward, dice are 1d6 to 3d6, a result's losses are
// not negative and its mark is one of three.
func FuzzTemplateMatrixCell(f *testing.F) {
	m := scenarios.Builtin().Module("uscw")
	r := &tmplReader{m: m}
	for _, s := range []string{"2*", "1◇", "0", "+2M", "4 +2M", "<=1", "20+", "5-6", "17+ (3d6)", "Virginia", "x", "", "9-12 (4d6)", "-3", "3-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if lo, hi, err := tmplParseBand(s); err == nil && lo != nil && hi != nil && *lo > *hi {
			t.Errorf("band %q runs %d..%d", s, *lo, *hi)
		}
		if _, dice, err := tmplParseColumnHead(s); err == nil && dice != "" && dice != "1d6" && dice != "2d6" && dice != "3d6" {
			t.Errorf("header %q gives dice %q", s, dice)
		}
		for _, kind := range []string{"result", "bp", "value", "region"} {
			c, err := r.tmplParseCell(kind, s)
			if err != nil {
				if err.Error() == "" {
					t.Errorf("%s %q: an empty error", kind, s)
				}
				continue
			}
			if kind == "result" {
				l, mk := c.Get("losses"), c.Get("mark")
				if l == nil || strings.HasPrefix(l.Text, "-") || mk == nil || !tmplContains([]string{"none", "diamond", "asterisk"}, mk.Text) {
					t.Errorf("result %q read as %s", s, tmplFormat(c))
				}
			}
		}
	})
}

// A USCW template with its matrix sheets filled (MADE UP) and mangled
// never panics the reader.
func FuzzReadTemplateUSCW(f *testing.F) {
	m := scenarios.Builtin().Module("uscw")
	data, err := Template(m)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	book, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		f.Fatal(err)
	}
	book.SetSheetRow("Combat Results Table", "A2", &[]any{"<=1", "0", "0◇", "1*", "2", "x", "3*"})
	book.SetSheetRow("Blockade Table", "A2", &[]any{"2", "+2M", "4", "4 +2M", "10", ""})
	book.SetSheetRow(tmplSheetDecks, "D2", &[]any{"Naval"})
	buf, err := book.WriteToBuffer()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
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

// The USCW template is the largest muster writes (1,764 Terrain rows with
// their hex data columns, four matrix sheets).
func BenchmarkTemplateUSCW(b *testing.B) {
	m := scenarios.Builtin().Module("uscw")
	for b.Loop() {
		if _, err := Template(m); err != nil {
			b.Fatal(err)
		}
	}
}

// Reading it back filled (MADE UP: every new sheet, 684 hexes of data).
func BenchmarkReadTemplateUSCWFilled(b *testing.B) {
	m := scenarios.Builtin().Module("uscw")
	book, err := Template(m)
	if err != nil {
		b.Fatal(err)
	}
	data := fillTemplate(b, book, "testdata/uscw-fill.json", nil)
	for b.Loop() {
		ti, err := ReadTemplate(data, m)
		if err != nil || len(ti.Errors) > 0 {
			b.Fatal(err, ti.Errors)
		}
	}
}
