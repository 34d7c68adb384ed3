package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/scenarios"
)

func TestExportImportXLSXRoundTrip(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "tpc-01.xlsx")
	// The flag may follow the argument, as in the examples.
	if code, out, errOut := muster(t, "export", "xlsx", "tpc-01", "-o", book); code != 0 {
		t.Fatalf("export exit %d: %s%s", code, out, errOut)
	}
	code, out, errOut := muster(t, "import", "xlsx", book)
	if code != 0 {
		t.Fatalf("import exit %d: %s", code, errOut)
	}
	want, _ := os.ReadFile("../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if out != string(want) {
		t.Errorf("import of an untouched workbook differs from the shipped file")
	}
	// -o writes the same, atomically; an existing file is replaced.
	js := filepath.Join(dir, "out.json")
	os.WriteFile(js, []byte(`{"old": true}`), 0o644) // a JSON file: replaced without --force
	if code, _, errOut := muster(t, "import", "xlsx", book, "--output="+js); code != 0 {
		t.Fatalf("import -o exit %d: %s", code, errOut)
	}
	if got, _ := os.ReadFile(js); string(got) != string(want) {
		t.Errorf("-o wrote something else")
	}
}

// A scenario of each of the three games goes through the CLI to xlsx and
// back, and muster diff finds nothing changed: the units, their places and
// states, the special rules, the VP lines and the levels a designer would
// compare.
func TestExportXLSXEveryGame(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []string{"lgv-01", "uscw-s4", "tpc-12", "../../scenarios/uscw/scenarios/02-1862.json"} {
		out := filepath.Join(dir, filepath.Base(id)+".xlsx")
		if code, _, errOut := muster(t, "export", "xlsx", "-o", out, id); code != 0 {
			t.Fatalf("%s: exit %d: %s", id, code, errOut)
		}
		back := filepath.Join(dir, filepath.Base(id)+".back.json")
		if code, _, errOut := muster(t, "import", "xlsx", "-o", back, out); code != 0 {
			t.Fatalf("%s: import exit %d: %s", id, code, errOut)
		}
		if code, diff, errOut := muster(t, "diff", id, back); code != 0 {
			t.Errorf("%s: the scenario read back from xlsx differs (exit %d):\n%s%s", id, code, diff, errOut)
		}
		if code, _, errOut := muster(t, "validate", back); code != 0 {
			t.Errorf("%s: the scenario read back does not validate: %s", id, errOut)
		}
	}
}

func TestExportXLSXCatalog(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tpc.xlsx")
	if code, _, errOut := muster(t, "export", "xlsx", "-o", out, "../../scenarios/tpc"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f, err := excelize.OpenFile(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if v, _ := f.GetCellValue("Scenarios", "C12"); v != "The Petersburg Campaign" {
		t.Errorf("Scenarios!C12 = %q", v)
	}
	// A built-in module id works too.
	if code, _, errOut := muster(t, "export", "xlsx", "-o", out, "lgv"); code != 0 {
		t.Fatalf("lgv: exit %d: %s", code, errOut)
	}
}

func TestXLSXRefusesToOverwriteInput(t *testing.T) {
	dir := t.TempDir()
	scn := filepath.Join(dir, "01.json")
	src, _ := os.ReadFile("../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	os.WriteFile(scn, src, 0o644)
	code, _, errOut := muster(t, "export", "xlsx", "-o", scn, scn)
	if code != 2 || !strings.Contains(errOut, "refusing to write") {
		t.Errorf("export over its input: exit %d: %s", code, errOut)
	}
	if got, _ := os.ReadFile(scn); string(got) != string(src) {
		t.Errorf("the input was changed")
	}
	book := filepath.Join(dir, "b.xlsx")
	if code, _, errOut := muster(t, "export", "xlsx", "-o", book, scn); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	before, _ := os.ReadFile(book)
	code, _, errOut = muster(t, "import", "xlsx", "-o", book, book)
	if code != 2 || !strings.Contains(errOut, "refusing to write") {
		t.Errorf("import over its input: exit %d: %s", code, errOut)
	}
	if after, _ := os.ReadFile(book); string(after) != string(before) {
		t.Errorf("the workbook was changed")
	}
}

func xlsxEditBook(t *testing.T, edits map[string]map[string]any) string {
	t.Helper()
	dir := t.TempDir()
	book := filepath.Join(dir, "tpc-01.xlsx")
	if code, _, errOut := muster(t, "export", "xlsx", "-o", book, "tpc-01"); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	for sheet, cells := range edits {
		for cell, v := range cells {
			if err := f.SetCellValue(sheet, cell, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := f.SaveAs(book); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return book
}

func TestImportXLSXErrorsNameCells(t *testing.T) {
	book := xlsxEditBook(t, map[string]map[string]any{"Union Setup": {"F3": "S9999"}})
	out := filepath.Join(filepath.Dir(book), "out.json")
	code, _, errOut := muster(t, "import", "xlsx", "-o", out, book)
	if code != 1 || !strings.Contains(errOut, "Union Setup!F3: unknown hex S9999") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a scenario with errors was written")
	}
}

// A workbook whose cells are each fine but whose scenario is not gets
// muster validate's checks, named by cell.
func TestImportXLSXSemanticChecks(t *testing.T) {
	// Barlow's row now names Gibbon's counter: the same unit twice.
	book := xlsxEditBook(t, map[string]map[string]any{"Union Setup": {"K3": "u.gibbon.inf"}})
	code, _, errOut := muster(t, "import", "xlsx", book)
	if code != 1 || !strings.Contains(errOut, "Union Setup!K") || !strings.Contains(errOut, "error[unit-twice]") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
}

func TestXLSXUsage(t *testing.T) {
	if code, _, errOut := muster(t, "export", "xlsx", "tpc-01"); code != 2 || !strings.Contains(errOut, "needs -o") {
		t.Errorf("export without -o: exit %d, want 2: %s", code, errOut)
	}
	if code, _, errOut := muster(t, "export", "xlsx", "tpc-01", "-o"); code != 2 || !strings.Contains(errOut, "needs a value") {
		t.Errorf("-o without a value: exit %d: %s", code, errOut)
	}
	if code, _, _ := muster(t, "export", "xlsx", "-o", filepath.Join(t.TempDir(), "x.xlsx"), "tpc-99"); code != 2 {
		t.Errorf("unknown scenario: exit %d, want 2", code)
	}
	junk := filepath.Join(t.TempDir(), "junk.xlsx")
	os.WriteFile(junk, []byte("not a zip"), 0o644)
	if code, _, errOut := muster(t, "import", "xlsx", junk); code != 1 || !strings.Contains(errOut, "not an xlsx workbook") {
		t.Errorf("junk: exit %d: %s", code, errOut)
	}
}

// A row added in the workbook with what the rulebook prints (name, size,
// command, type) but no counter id gets its id from the module, as import
// tsv does; a misspelt name gets a did-you-mean at its cell.
func TestImportXLSXRowWithoutID(t *testing.T) {
	row := map[string]any{"A20": "Egan", "B20": "Div", "C20": "II", "D20": "Inf", "E20": 6, "F20": "S2108"}
	book := xlsxEditBook(t, map[string]map[string]any{"Union Setup": row})
	out := filepath.Join(filepath.Dir(book), "out.json")
	code, stdout, errOut := muster(t, "import", "xlsx", "-o", out, book)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, errOut)
	}
	var s struct {
		Setup []struct {
			Side string
			Rows []struct{ Name, Unit, Hex string }
		}
	}
	readJSON(t, out, &s)
	u := s.Setup[1].Rows
	if last := u[len(u)-1]; s.Setup[1].Side != "union" || last.Name != "Egan" || last.Unit != "u.egan.inf" || last.Hex != "S2108" {
		t.Errorf("the added row: %+v", last)
	}
	row["A20"] = "Egen"
	book = xlsxEditBook(t, map[string]map[string]any{"Union Setup": row})
	code, _, errOut = muster(t, "import", "xlsx", book)
	if code != 1 || !strings.Contains(errOut, `Union Setup!A20: unknown unit "Egen": no counter u.egen.inf in module tpc (did you mean Egan?)`) {
		t.Errorf("misspelt name: exit %d\n%s", code, errOut)
	}
}

// The workbook names a scenario's source by the rulebook's title and
// lines, not by the rulebook's file name, for every shipped scenario.
func TestExportXLSXSourceNamesTheRulebook(t *testing.T) {
	dir := t.TempDir()
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			book := filepath.Join(dir, sf.Scenario.ID+".xlsx")
			if code, _, errOut := muster(t, "export", "xlsx", "-o", book, sf.Scenario.ID); code != 0 {
				t.Fatalf("%s: %s", sf.Scenario.ID, errOut)
			}
			f, err := excelize.OpenFile(book)
			if err != nil {
				t.Fatal(err)
			}
			rows, _ := f.GetRows("Scenario")
			f.Close()
			source := ""
			for _, r := range rows {
				if len(r) > 1 && r[0] == "Source" {
					source = r[1]
				}
			}
			want := m.Game.Source.Title + ", lines " + sf.Scenario.Source.Lines
			if source != want || strings.Contains(source, ".txt") {
				t.Errorf("%s: Source %q, want %q", sf.Scenario.ID, source, want)
			}
		}
	}
}

// The spreadsheet import speaks the workbook's language: a finding that
// cites another place names its cell, never a line of the JSON the
// spreadsheet user never sees, and a mistake already reported at a cell
// is not reported again by the checks it throws off.
func TestImportXLSXFindingsNameCells(t *testing.T) {
	for _, c := range []struct {
		name  string
		edits map[string]map[string]any
		want  []string // the lines of standard error, in order
	}{
		{"duplicate names the first occurrence's cell", map[string]map[string]any{"Union Setup": {"A4": "Barlow", "K4": "u.barlow.inf"}}, []string{
			`Union Setup!K4: error[unit-twice] "u.barlow.inf" is already set up (Union Setup!K3)`,
			`muster: tpc-01.xlsx: 1 errors; nothing written`}},
		{"two sides in one hex name the other row", map[string]map[string]any{"Union Setup": {"F3": "S0910", "G3": ""}}, []string{
			`Union Setup!F3: error[both-sides] Barlow (union) sets up in S0910 with the confederate Dearing-B (Confederate Setup!A2)`,
			`muster: tpc-01.xlsx: 1 errors; nothing written`}},
		{"a place in two hexes names the other row", map[string]map[string]any{"Union Setup": {"F3": "S2109"}}, []string{
			`Union Setup!G3: warning[place-mismatch] the map names no place at S2109; the row says "Blair"`,
			`Union Setup!G3: error[place-two-hexes] "Blair" is at S2109 here but at S2108 on Union Setup!A2`,
			`muster: tpc-01.xlsx: 1 errors; nothing written`}},
		{"an unknown unit name is one finding", map[string]map[string]any{"Union Setup": {"A20": "Egen", "B20": "Div", "C20": "II", "D20": "Inf", "F20": "S2108"}}, []string{
			`Union Setup!A20: unknown unit "Egen": no counter u.egen.inf in module tpc (did you mean Egan?); or fill in the Counter cell (muster counters tpc lists the ids)`,
			`muster: tpc-01.xlsx: 1 errors; nothing written`}},
		{"a refused hex keeps the row placed", map[string]map[string]any{"Union Setup": {"F3": "S2198"}}, []string{
			`Union Setup!F3: unknown hex S2198: "S2198" is off the OTR South sheet (columns 01-24, rows 01-24); the map puts Blair at OTR S2108: did you mean OTR S2108?`,
			`muster: tpc-01.xlsx: 1 errors; nothing written`}},
	} {
		book := xlsxEditBook(t, c.edits)
		_, _, errOut := muster(t, "import", "xlsx", book)
		errOut = strings.ReplaceAll(errOut, book, filepath.Base(book))
		got := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: stderr\n%s\nwant\n%s", c.name, errOut, strings.Join(c.want, "\n"))
		}
	}
	// A finding about what no cell holds names the workbook and the
	// pointer, not a line of the JSON; one about the level table names
	// its sheet.
	dir := t.TempDir()
	book := filepath.Join(dir, "tpc-04.xlsx")
	if code, _, errOut := muster(t, "export", "xlsx", "-o", book, "tpc-04"); code != 0 {
		t.Fatal(errOut)
	}
	code, _, errOut := muster(t, "import", "xlsx", "-o", filepath.Join(dir, "out.json"), book)
	if code != 0 || errOut != "Victory Levels!A1: warning[vp-levels-missing] the victory-level table has no VP thresholds (the source prints only the level names)\n" {
		t.Errorf("tpc-04: exit %d\n%s", code, errOut)
	}
}

// A cell the import does not read is an error (nothing written) unless
// --lenient, which reports it as a warning and writes what was read; a
// cell that cannot be used stays an error either way.
func TestImportXLSXLenient(t *testing.T) {
	book := xlsxEditBook(t, map[string]map[string]any{"Union Setup": {"F1": "Locaton", "F5": "S2109", "I3": "fresh"}})
	out := filepath.Join(filepath.Dir(book), "out.json")
	code, _, errOut := muster(t, "import", "xlsx", "-o", out, book)
	want := []string{
		`Union Setup!F1: "Locaton" is not a header muster writes: did you mean "Location"? The Location column is missing, so this column's cells are not read`,
		`Union Setup!I3: not read: the Starting state column is shown for reference (a grey header) and is not read`,
		`Union Setup!F5: not read: its column's header "Locaton" is not one muster writes (did you mean "Location"?)`,
	}
	if code != 1 || errOut != strings.Join(want, "\n")+"\nmuster: "+book+": 3 errors; nothing written\n" {
		t.Errorf("exit %d\n%s", code, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("written despite the cells not read")
	}
	code, _, errOut = muster(t, "import", "xlsx", "-o", out, book, "--lenient")
	if code != 0 || errOut != strings.Join(want, " (warning)\n")+" (warning)\n" {
		t.Errorf("--lenient: exit %d\n%s", code, errOut)
	}
	got, _ := os.ReadFile(out)
	shipped, _ := os.ReadFile("../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if !bytes.Equal(got, shipped) {
		t.Errorf("--lenient wrote something else than what was read (the cells not read changed it)")
	}
	// A cell that cannot be used is an error, lenient or not.
	book = xlsxEditBook(t, map[string]map[string]any{"Union Setup": {"F3": "S9999", "I3": "fresh"}})
	if code, _, errOut := muster(t, "import", "xlsx", "--lenient", book); code != 1 || !strings.Contains(errOut, "1 errors; nothing written") {
		t.Errorf("--lenient with a bad cell: exit %d\n%s", code, errOut)
	}
}
