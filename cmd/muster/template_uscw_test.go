package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// The USCW component template through the command line: a MADE-UP fill of
// every new sheet (export/sheet/testdata/uscw-fill.json, from the made-up
// test module) imports into a module copy that validates; planted mistakes
// are reported at their cells with the rulebook line of the fact each
// breaks, and nothing is written.

const uscwFill = "../../export/sheet/testdata/uscw-fill.json"

// uscwFilledBook writes the USCW template, types the fixture's cells into
// it, then edit's, and returns the workbook's path.
func uscwFilledBook(t *testing.T, dir string, edit func(f *excelize.File, rowOf func(sheet, head, key string) int)) string {
	t.Helper()
	book := filepath.Join(dir, "uscw.xlsx")
	if code, o, e := muster(t, "module", "template", "-o", book, "uscw"); code != 0 {
		t.Fatalf("template: exit %d %s%s", code, o, e)
	}
	fillUSCWTemplate(t, book, uscwFill, edit)
	return book
}

// fillUSCWTemplate types the MADE-UP cells of fixture into the USCW
// template book, then edit's, and saves it.
func fillUSCWTemplate(t *testing.T, book, fixture string, edit func(f *excelize.File, rowOf func(sheet, head, key string) int)) {
	t.Helper()
	raw, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	var fill struct {
		MadeUp   string                `json:"madeUp"`
		Matrices map[string][][]string `json:"matrices"`
		Rows     map[string]struct {
			Key  []string            `json:"key"`
			Rows []map[string]string `json:"rows"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(raw, &fill); err != nil || !strings.Contains(fill.MadeUp, "MADE-UP") {
		t.Fatalf("%s: %v", uscwFill, err)
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	cell := func(c, r int) string { s, _ := excelize.CoordinatesToCellName(c, r); return s }
	for sh, grid := range fill.Matrices {
		for i, row := range grid {
			for j, v := range row {
				f.SetCellValue(sh, cell(j+1, i+1), v)
			}
		}
	}
	cols := func(sh string) (map[string]int, [][]string) {
		rows, _ := f.GetRows(sh)
		col := map[string]int{}
		for c, h := range rows[0] {
			col[h] = c + 1
		}
		return col, rows
	}
	rowOf := func(sh, head, key string) int {
		col, rows := cols(sh)
		for i, r := range rows {
			if c := col[head]; i > 0 && c <= len(r) && r[c-1] == key {
				return i + 1
			}
		}
		t.Fatalf("%s: no row with %s %s", sh, head, key)
		return 0
	}
	for sh, spec := range fill.Rows {
		col, rows := cols(sh)
		next := len(rows) + 1
		byKey := map[string]int{}
		for i, r := range rows[1:] {
			var k []string
			for _, h := range spec.Key {
				v := ""
				if c := col[h]; c <= len(r) {
					v = r[c-1]
				}
				k = append(k, v)
			}
			byKey[strings.Join(k, "\x00")] = i + 2
		}
		for _, r := range spec.Rows {
			var k []string
			for _, h := range spec.Key {
				k = append(k, r[h])
			}
			row := byKey[strings.Join(k, "\x00")]
			if spec.Key == nil || row == 0 {
				row, next = next, next+1
			}
			for h, v := range r {
				f.SetCellValue(sh, cell(col[h], row), v)
			}
		}
	}
	if edit != nil {
		edit(f, rowOf)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
}

func TestImportTemplateUSCWFilled(t *testing.T) {
	dir := t.TempDir()
	book := uscwFilledBook(t, dir, nil)
	out := filepath.Join(dir, "uscw-filled")
	code, stdout, errOut := muster(t, "import", "template", "--module", "uscw", "-o", out, book)
	if code != 0 {
		t.Fatalf("import exit %d: %s%s", code, stdout, errOut)
	}
	for _, want := range []string{"table crt: 10 columns, 20 rows", "table blockade: 5 columns, 11 rows", "turn record track: 20 turns filled",
		"deck confederate-special-action: 15 cards", "counters: 1 added", "hex data: 684 of 1764 hexes (east 684)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	code, o, e := muster(t, "validate", out)
	if code != 0 {
		t.Fatalf("validate: exit %d\n%s%s", code, o, e)
	}
	// What is still missing is listed; the tables typed in are not.
	if !strings.Contains(o, "map: The theater of each hex") || strings.Contains(o, "missing  uscw: table crt") || strings.Contains(o, "missing  uscw: deck") {
		t.Errorf("validate's missing list:\n%s", o)
	}
	if code, o, e := muster(t, "fmt", out); code != 0 {
		t.Errorf("fmt: exit %d\n%s%s", code, o, e)
	}
}

func TestImportTemplateUSCWPlanted(t *testing.T) {
	dir := t.TempDir()
	var lee, hex int
	book := uscwFilledBook(t, dir, func(f *excelize.File, rowOf func(sheet, head, key string) int) {
		// The 5-6 column at a modified 12 reads 2 where the rulebook's
		// worked result reads 2* (line 2139).
		f.SetCellValue("Combat Results Table", "G13", "2")
		// A 3 column cell that moves the 3 SPs +1 vs 0 SP +2 battle off
		// the 67% the text prints (line 2029).
		f.SetCellValue("Combat Results Table", "E5", "3*")
		// Resource hexes past the 100 BPs printed on the map (line 1166).
		hex = rowOf("Terrain", "Hex", "3034")
		f.SetCellValue("Terrain", "J"+itoa(hex), 101)
		// Lee and Longstreet defend for +5, not the +4 of line 898.
		lee = rowOf("Counters", "Id", "c.lee.ldr-general")
		f.SetCellValue("Counters", "I"+itoa(lee), 3)
	})
	out := filepath.Join(dir, "out")
	code, stdout, errOut := muster(t, "import", "template", "--module", "uscw", "-o", out, book)
	if code != exitFindings {
		t.Fatalf("import exit %d: %s%s", code, stdout, errOut)
	}
	for _, want := range []string{
		"Combat Results Table!G13: error[table-fact] column 5-6 at 12 reads \"2\" (losses 2, mark none); the rulebook reads 2 with mark asterisk there: rulebook line 2139",
		"Combat Results Table!E1: error[table-fact] the attacker (3 SPs +1) beats the defender (0 SPs +2)",
		"the rulebook prints 67%: rulebook line 2029",
		"Terrain!J" + itoa(hex) + ": error[map-bp-total] the hexes' BPs reach",
		"more than the 100 the rulebook states (invariant resource-hexes-hold-100): rulebook line 1166",
		"Counters!I" + itoa(lee) + ": error[counter-fact] Lee and Longstreet defense total 5; the rulebook's example fixes 4: rulebook line 898",
		"the module copy does not validate; nothing written",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if n := strings.Count(errOut, ": error["); n != 4 {
		t.Errorf("%d findings for 4 mistakes:\n%s", n, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written", out)
	}
}

// A module whose components are all filled (the made-up USCW test module:
// matrix grids, the whole track, decks, every hex's data) gives back, from
// its untouched template, every file byte for byte: a cell as the module
// has it keeps its node, status and notes.
func TestImportTemplateUSCWFilledModuleUntouched(t *testing.T) {
	dir := t.TempDir()
	mod := filepath.Join("..", "..", "rules", "uscw", "testdata", "module")
	book := filepath.Join(dir, "uscw-test.xlsx")
	if code, o, e := muster(t, "module", "template", "-o", book, mod); code != 0 {
		t.Fatalf("template: exit %d %s%s", code, o, e)
	}
	out := filepath.Join(dir, "copy")
	code, stdout, errOut := muster(t, "import", "template", "--module", mod, "-o", out, book)
	if code != 0 || !strings.Contains(stdout, "no filled cells") {
		t.Fatalf("import exit %d: %s%s", code, stdout, errOut)
	}
	n := 0
	err := filepath.WalkDir(mod, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		rel, _ := filepath.Rel(mod, p)
		a, _ := os.ReadFile(p)
		b, err := os.ReadFile(filepath.Join(out, rel))
		if err != nil || string(a) != string(b) {
			t.Errorf("%s differs in the copy (%v)", rel, err)
		}
		return nil
	})
	if err != nil || n < 10 {
		t.Fatalf("%d files: %v", n, err)
	}
}

// Issue 33's done-when: muster playtest sim of the filled template (the
// components issue's made-up fill, imported) plays on the USCW engine,
// and the games read the imported tables: a game's log (muster playtest
// replay) gives each Blockade Running result as the fill's Blockade Table
// prints it for that roll and year, and each End Phase's Benchmark as the
// fill's Turn Record Track. The fill has no At Start rows (the shipped
// module has no SP marker to hold them, and the template no setup sheet),
// so the bots have no force to move: the games run the sequence of play,
// reinforcements and End Phases to the scenario's end.
func TestSimFilledTemplateUSCW(t *testing.T) {
	dir := t.TempDir()
	book := uscwFilledBook(t, dir, nil)
	out := filepath.Join(dir, "uscw-filled")
	if code, o, e := muster(t, "import", "template", "--module", "uscw", "-o", out, book); code != 0 {
		t.Fatalf("import: exit %d %s%s", code, o, e)
	}
	scen := filepath.Join(out, "scenarios", "01-1861.json")
	code, o, e := muster(t, "playtest", "sim", scen, "--games", "5", "--bots", "random,random")
	if code != 0 || !strings.Contains(o, "uscw-s1: 5 games played of 5") || !strings.Contains(o, "game length (turns): mean 3.00") {
		t.Fatalf("sim of the filled template: exit %d\n%s%s", code, o, e)
	}
	logPath := filepath.Join(dir, "game0.jsonl")
	if code, o, e := muster(t, "playtest", "replay", scen, "--seed", "1", "--game", "0", "--bots", "random,random", "--log", logPath); code != 0 {
		t.Fatalf("replay: exit %d %s%s", code, o, e)
	}
	raw, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var fill struct {
		Matrices map[string][][]string `json:"matrices"`
		Rows     map[string]struct {
			Rows []map[string]string `json:"rows"`
		} `json:"rows"`
	}
	if data, err := os.ReadFile(uscwFill); err != nil || json.Unmarshal(data, &fill) != nil {
		t.Fatalf("%s: %v", uscwFill, err)
	}
	benchmark := map[string]string{}
	for _, r := range fill.Rows["Turn Record Track"].Rows {
		benchmark[r["Turn"]] = r["Benchmark"]
	}
	blockade := fill.Matrices["Blockade Table"]
	cellOf := func(roll, year string) string {
		n, _ := strconv.Atoi(roll)
		for _, row := range blockade[1:] {
			if row[0] == roll || row[0] == "<=1" && n <= 1 || row[0] == "11+" && n >= 11 {
				for j, h := range blockade[0] {
					if strings.HasPrefix(h, year) {
						return row[j]
					}
				}
			}
		}
		return "(no cell)"
	}
	rolls := regexp.MustCompile(`Blockade Running, [a-z-]+: \d+ [+-]\d+ = (\d+) in (\d+): (\S+)"`)
	ends := regexp.MustCompile(`against the turn (\d+) Benchmark (\d+)"`)
	nRolls, nEnds := 0, 0
	for _, line := range strings.Split(string(raw), "\n") {
		if m := rolls.FindStringSubmatch(line); m != nil {
			nRolls++
			if want := cellOf(m[1], m[2]); m[3] != want {
				t.Errorf("Blockade Running: modified roll %s in %s gave %q; the fill's Blockade Table prints %q\n%s", m[1], m[2], m[3], want, line)
			}
		}
		if m := ends.FindStringSubmatch(line); m != nil {
			nEnds++
			if m[2] != benchmark[m[1]] {
				t.Errorf("turn %s: Benchmark %s; the fill's Turn Record Track prints %s", m[1], m[2], benchmark[m[1]])
			}
		}
	}
	// Blockade Running from turn 2 (14.4, three zones), an End Phase each turn.
	if nRolls != 6 || nEnds != 3 {
		t.Fatalf("the log of the filled game: %d Blockade Running rolls (want 6) and %d End Phase Benchmarks (want 3)\n%s", nRolls, nEnds, raw)
	}
}
