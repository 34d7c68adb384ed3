package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// The values typed into templates here are MADE UP test data.

func TestModuleTemplateRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, mod := range []string{"lgv", "tpc", "../../scenarios/uscw"} {
		book := filepath.Join(dir, filepath.Base(mod)+".xlsx")
		if code, out, errOut := muster(t, "module", "template", mod, "-o", book); code != 0 {
			t.Fatalf("%s: template exit %d: %s%s", mod, code, out, errOut)
		}
		// Untouched: the copy is the module as it is.
		copyDir := filepath.Join(dir, filepath.Base(mod)+"-copy")
		code, out, errOut := muster(t, "import", "template", book, "--module", mod, "-o", copyDir)
		if code != 0 || !strings.Contains(out, "no filled cells") {
			t.Fatalf("%s: import exit %d: %s%s", mod, code, out, errOut)
		}
		shipped := filepath.Join("../../scenarios", filepath.Base(mod))
		for _, name := range []string{"game.json", "map.json", "counters.json"} {
			a, _ := os.ReadFile(filepath.Join(shipped, name))
			b, _ := os.ReadFile(filepath.Join(copyDir, name))
			if !bytes.Equal(a, b) {
				t.Errorf("%s: %s of the copy differs", mod, name)
			}
		}
	}
}

func TestImportTemplateFilled(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "lgv.xlsx")
	if code, _, errOut := muster(t, "module", "template", "-o", book, "lgv"); code != 0 {
		t.Fatalf("template: %s", errOut)
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	// MADE UP: area 1 (row 2) TEM 2, a new link 1-2 with a road, counter
	// values of the first counter (row 2: columns G-K).
	for cell, v := range map[string]any{"E2": 2, "F2": "yes"} {
		f.SetCellValue("Areas", cell, v)
	}
	f.SetSheetRow("Links", "A5", &[]any{"1", "2", "open-ground", "yes"})
	f.SetSheetRow("Counters", "G2", &[]any{"*", 3, 4, 2, 0})
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "lgv-filled")
	code, stdout, errOut := muster(t, "import", "template", "--module", "lgv", "-o", out, book)
	if code != 0 {
		t.Fatalf("import exit %d: %s%s", code, stdout, errOut)
	}
	for _, want := range []string{"counters: 1 changed (1 now with all printed values, 0 partial)", "areas: 1 TEMs", "feature wilderness: 1 areas", "links: 1 added"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	mp, _ := os.ReadFile(filepath.Join(out, "map.json"))
	if !strings.Contains(string(mp), `{"between": ["1", "2"], "boundary": "open-ground", "road": true}`) ||
		!strings.Contains(string(mp), `"tem": 2`) {
		t.Errorf("map.json lacks the filled cells")
	}
	if code, o, e := muster(t, "validate", out); code != 0 {
		t.Errorf("validate: exit %d\n%s%s", code, o, e)
	}
	if code, o, e := muster(t, "fmt", out); code != 0 {
		t.Errorf("fmt: exit %d\n%s%s", code, o, e)
	}
	// The folder exists now: never written over.
	if code, _, e := muster(t, "import", "template", "--module", "lgv", "-o", out, book); code != exitUsage || !strings.Contains(e, "not empty") {
		t.Errorf("existing output: exit %d %s", code, e)
	}
	// Nor inside the module folder it copies.
	if code, _, e := muster(t, "import", "template", "--module", out, "-o", filepath.Join(out, "x"), book); code != exitUsage || !strings.Contains(e, "inside the module folder") {
		t.Errorf("output inside the module: exit %d %s", code, e)
	}
	// A module folder works as --module, and the copy of a copy is the same.
	again := filepath.Join(dir, "again")
	if code, _, e := muster(t, "import", "template", "--module", out, "-o", again, book); code != 0 {
		t.Errorf("from a folder: exit %d %s", code, e)
	}
	a, _ := os.ReadFile(filepath.Join(again, "map.json"))
	if !bytes.Equal(a, mp) {
		t.Errorf("applying the same cells twice changed map.json")
	}
}

func TestImportTemplateBadCell(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "lgv.xlsx")
	if code, _, errOut := muster(t, "module", "template", "-o", book, "lgv"); code != 0 {
		t.Fatalf("template: %s", errOut)
	}
	f, _ := excelize.OpenFile(book)
	f.SetCellValue("Areas", "E3", "x")
	f.SetSheetRow("Links", "A5", &[]any{"1", "Z9"})
	f.Save()
	out := filepath.Join(dir, "out")
	code, _, errOut := muster(t, "import", "template", "--module", "lgv", "-o", out, book)
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{`Areas!E3: TEM "x" is not a whole number`, `Links!B5: unknown area "Z9"`, "2 errors; nothing written"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written", out)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	// Usage errors.
	if code, _, _ := muster(t, "import", "template", "-o", out, book); code != exitUsage {
		t.Errorf("no --module: exit %d", code)
	}
	if code, _, _ := muster(t, "module", "template", "-o", book+"2", "nosuch"); code != exitUsage {
		t.Errorf("unknown module: exit %d", code)
	}
	if code, _, e := muster(t, "import", "template", "--module", "tpc", "-o", out, book); code != exitFindings || !strings.Contains(e, `template of module "lgv", not "tpc"`) {
		t.Errorf("wrong module: exit %d %s", code, e)
	}
}

// Hex maps: terrain cells and a partial counter completed (MADE UP values)
// give a copy that validates and is formatted.
func TestImportTemplateHexMaps(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ mod, hex, counter string }{
		{"tpc", "OTR S0907", ""},
		{"uscw", "2516", "c.beauregard.ldr-general"},
	} {
		book := filepath.Join(dir, tc.mod+".xlsx")
		if code, _, errOut := muster(t, "module", "template", "-o", book, tc.mod); code != 0 {
			t.Fatalf("template: %s", errOut)
		}
		f, _ := excelize.OpenFile(book)
		rows, _ := f.GetRows("Terrain")
		for r, row := range rows {
			if row[0] == tc.hex {
				f.SetCellValue("Terrain", "D"+itoa(r+1), "test-terrain")
			}
		}
		if tc.counter != "" {
			rows, _ = f.GetRows("Counters")
			for r, row := range rows {
				if row[0] == tc.counter {
					// rank, attack, defense (the rulebook's 1), movement;
					// USCW adds cautious, cavalry, parenthesised (issue 32)
					vals := []any{2, 1, 1, 5}
					if tc.mod == "uscw" {
						vals = append(vals, "no", "no", "no")
					}
					f.SetSheetRow("Counters", "G"+itoa(r+1), &vals)
				}
			}
		}
		f.Save()
		out := filepath.Join(dir, tc.mod+"-filled")
		code, stdout, errOut := muster(t, "import", "template", "--module", tc.mod, "-o", out, book)
		if code != 0 || !strings.Contains(stdout, "terrain: 1 hexes") {
			t.Fatalf("%s: import exit %d: %s%s", tc.mod, code, stdout, errOut)
		}
		if tc.counter != "" && !strings.Contains(stdout, "counters: 1 changed (1 now with all printed values") {
			t.Errorf("%s: %s", tc.mod, stdout)
		}
		mp, _ := os.ReadFile(filepath.Join(out, "map.json"))
		if !strings.Contains(string(mp), `{"at": "`+tc.hex+`", "terrain": "test-terrain"}`) {
			t.Errorf("%s: map.json lacks the terrain", tc.mod)
		}
		if code, o, e := muster(t, "validate", out); code != 0 {
			t.Errorf("%s: validate: exit %d\n%s%s", tc.mod, code, o, e)
		}
		if code, o, e := muster(t, "fmt", out); code != 0 {
			t.Errorf("%s: fmt: exit %d\n%s%s", tc.mod, code, o, e)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// The marker counts of LGV 15.0 and 16.0 (game.json suppliedMissing) go
// through the template: filled for every side they land in game.json and
// validate stops listing them missing; left blank they stay missing.
func TestImportTemplateMarkerCounts(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "lgv.xlsx")
	if code, _, errOut := muster(t, "module", "template", "-o", book, "lgv"); code != 0 {
		t.Fatalf("template: %s", errOut)
	}
	missing := []string{"markers: how many Entrench +1 markers the counter sheet supplies", "markers: how many Pontoon Bridge markers the counter sheet supplies"}
	blank := filepath.Join(dir, "lgv-blank")
	if code, out, errOut := muster(t, "import", "template", "--module", "lgv", "-o", blank, book); code != 0 {
		t.Fatalf("blank import exit %d: %s%s", code, out, errOut)
	}
	_, out, _ := muster(t, "validate", blank)
	for _, want := range missing {
		if !strings.Contains(out, want) {
			t.Errorf("blank Markers sheet: validate no longer lists %q:\n%s", want, out)
		}
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	// MADE UP counts: rows 2-5 are entrench-1 union, confederate and
	// pontoon-bridge union, confederate (export's TestTemplateMarkers).
	f.SetSheetCol("Markers", "D2", &[]any{4, 3, 2, 0})
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	filled := filepath.Join(dir, "lgv-filled")
	code, stdout, errOut := muster(t, "import", "template", "--module", "lgv", "-o", filled, book)
	if code != 0 || !strings.Contains(stdout, "marker entrench-1: supplied union 4, confederate 3") || !strings.Contains(stdout, "marker pontoon-bridge: supplied union 2, confederate 0") {
		t.Fatalf("filled import exit %d: %s%s", code, stdout, errOut)
	}
	gj, _ := os.ReadFile(filepath.Join(filled, "game.json"))
	if !strings.Contains(string(gj), `"supplied": {"union": 4, "confederate": 3}`) || strings.Contains(string(gj), "suppliedMissing") {
		t.Errorf("game.json lacks the counts or still marks them missing")
	}
	code, out, errOut = muster(t, "validate", filled)
	if code != 0 {
		t.Errorf("validate: exit %d\n%s%s", code, out, errOut)
	}
	for _, gone := range missing {
		if strings.Contains(out, gone) {
			t.Errorf("validate still lists %q", gone)
		}
	}
	if code, o, e := muster(t, "fmt", filled); code != 0 {
		t.Errorf("fmt: exit %d\n%s%s", code, o, e)
	}
	// Partly filled: refused, nothing written.
	f.SetCellValue("Markers", "D3", "")
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	part := filepath.Join(dir, "lgv-part")
	code, _, errOut = muster(t, "import", "template", "--module", "lgv", "-o", part, book)
	if code != 1 || !strings.Contains(errOut, "Markers!D3: marker entrench-1: Supplied is empty for side confederate") {
		t.Errorf("partly filled: exit %d\n%s", code, errOut)
	}
	if _, err := os.Stat(part); err == nil {
		t.Errorf("partly filled: %s written", part)
	}
}

// The template import accounts for its cells too: a grey cell edited is
// an error unless --lenient.
func TestImportTemplateLenient(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "lgv.xlsx")
	if code, _, errOut := muster(t, "module", "template", "-o", book, "lgv"); code != 0 {
		t.Fatalf("template: %s", errOut)
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	f.SetCellValue("Counters", "B2", "Somebody") // Name: grey
	f.SetCellValue("Areas", "E2", 2)             // TEM, MADE UP
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "copy")
	code, _, errOut := muster(t, "import", "template", "--module", "lgv", "-o", out, book)
	want := "Counters!B2: not read: the Name column is shown for reference (a grey header) and is not read"
	if code != 1 || !strings.Contains(errOut, want+"\n") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
	code, stdout, errOut := muster(t, "import", "template", "--module", "lgv", "-o", out, book, "--lenient")
	if code != 0 || errOut != want+" (warning)\n" || !strings.Contains(stdout, "areas: 1 TEMs") {
		t.Errorf("--lenient: exit %d\n%s%s", code, stdout, errOut)
	}
}

// The module copy is checked in a folder the user never sees: a finding
// on what a cell gave names the cell, not a line of a temporary file.
func TestImportTemplateFindingsNameCells(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "lgv.xlsx")
	if code, _, errOut := muster(t, "module", "template", "-o", book, "lgv"); code != 0 {
		t.Fatalf("template: %s", errOut)
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	f.SetCellValue("Areas", "C2", "TODO the name")
	f.SetCellValue("Counters", "M3", "TODO: read the back")
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := muster(t, "import", "template", "--module", "lgv", "-o", filepath.Join(dir, "copy"), book)
	want := "Counters!M3: error[placeholder] placeholder: TODO: read the back\n" +
		"Areas!C2: error[placeholder] placeholder: TODO the name\n" +
		"muster: " + book + ": the module copy does not validate; nothing written\n"
	if code != 1 || errOut != want {
		t.Errorf("exit %d\n%s\nwant\n%s", code, errOut, want)
	}
}
