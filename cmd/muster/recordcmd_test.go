package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Twelve made-up human games (playtest/record/testdata/games.csv, every
// row marked made-up) import from CSV, and summarise beside a sim report
// in text, JSON and HTML, flagged where humans and bots disagree.
func TestRecordsBesideSim(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join("..", "..", "playtest", "record", "testdata", "games.csv")
	recs := filepath.Join(dir, "records")
	test := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	code, _, errOut := muster(t, "playtest", "record", "--from-csv", csv, "--scenario", test, "-o", recs)
	if code != 0 || !strings.Contains(errOut, "12 records written") {
		t.Fatalf("import: exit %d, %s", code, errOut)
	}
	if files, _ := os.ReadDir(recs); len(files) != 12 {
		t.Fatalf("%d record files, want 12", len(files))
	}
	// Again into the same folder: refused, nothing added or replaced.
	code, _, errOut = muster(t, "playtest", "record", "--from-csv", csv, "--scenario", test, "-o", recs)
	if code != 2 || !strings.Contains(errOut, "not empty") {
		t.Fatalf("import into a folder that holds files: exit %d, %s", code, errOut)
	}
	if files, _ := os.ReadDir(recs); len(files) != 12 {
		t.Fatalf("%d record files after the refused import, want 12", len(files))
	}
	code, out, errOut := muster(t, "playtest", "sim", test, "--games", "100", "--records", recs)
	if code != 0 {
		t.Fatalf("sim: exit %d, %s", code, errOut)
	}
	for _, want := range []string{"human games recorded: 12 (12 marked made-up", "humans (95% CI)", "victory route", "first mover", "VP at each turn's end", "DISAGREE"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text report lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = muster(t, "playtest", "sim", test, "--games", "100", "--records", recs, "--format", "json")
	if code != 0 || !strings.Contains(out, `"records": {`) || !strings.Contains(out, `"games": 12`) || !strings.Contains(out, `"disagree": true`) {
		t.Errorf("the JSON report lacks the records: exit %d\n%.2000s", code, out)
	}
	code, out, _ = muster(t, "playtest", "sim", test, "--games", "100", "--records", recs, "--format", "html")
	if code != 0 || !strings.Contains(out, "<h2>Human games</h2>") || !strings.Contains(out, `class="disagree"`) {
		t.Errorf("the HTML report lacks the records: exit %d", code)
	}
	// Beside a sweep: the points that agree with the humans and those
	// that do not, in text, JSON and HTML.
	code, out, errOut = muster(t, "playtest", "sweep", test, "--vary", "bid=4..12/4", "--games", "100", "--records", recs)
	if code != 0 || !strings.Contains(out, "human games recorded: 12 (12 marked made-up") || !strings.Contains(out, "points where the bots' winner shares agree with the humans'") || !strings.Contains(out, "points that DISAGREE") {
		t.Errorf("sweep with records: exit %d, %s\n%s", code, errOut, out)
	}
	code, out, _ = muster(t, "playtest", "sweep", test, "--vary", "bid=4..12/4", "--games", "100", "--records", recs, "--format", "json")
	if code != 0 || !strings.Contains(out, `"records": {`) || !strings.Contains(out, `"point": "bid=8"`) {
		t.Errorf("sweep JSON with records: exit %d\n%.1500s", code, out)
	}
	code, out, _ = muster(t, "playtest", "sweep", test, "--vary", "bid=4..12/4", "--games", "100", "--records", recs, "--format", "html")
	if code != 0 || !strings.Contains(out, "<h2>Human games</h2>") {
		t.Errorf("sweep HTML with records: exit %d", code)
	}
	// A record written by hand with a winner that is no side: its
	// position, and exit 1.
	bad := filepath.Join(dir, "bad")
	os.MkdirAll(bad, 0o755)
	os.WriteFile(filepath.Join(bad, "g.json"), []byte("{\n  \"$schema\": \"record.schema.json\",\n  \"scenario\": \"lgv-test-01\",\n  \"players\": {\"union\": \"Ann\"},\n  \"result\": {\"winner\": \"north\"}\n}\n"), 0o644)
	code, _, errOut = muster(t, "playtest", "sim", test, "--games", "10", "--records", bad)
	if code != 1 || !strings.Contains(errOut, "g.json:5:") {
		t.Errorf("a bad record: exit %d, %s", code, errOut)
	}
	// A sheet with a bad cell: its row and column.
	sheet := filepath.Join(dir, "s.csv")
	os.WriteFile(sheet, []byte("scenario,player:union,player:confederate,winner,vp\nlgv-test-01,Ann,Ben,union,lots\n"), 0o644)
	code, _, errOut = muster(t, "playtest", "record", "--from-csv", sheet, "--scenario", test, "-o", filepath.Join(dir, "out"))
	if code != 1 || !strings.Contains(errOut, `row 2, column "vp": "lots" is not a number of VP`) {
		t.Errorf("a bad cell: exit %d, %s", code, errOut)
	}
	// One game from flags.
	one := filepath.Join(dir, "one.json")
	code, _, errOut = muster(t, "playtest", "record", "--scenario", test, "--player", "union=Ann", "--player", "confederate=Ben", "--winner", "union", "--vp", "9", "-o", one)
	if b, _ := os.ReadFile(one); code != 0 || !strings.Contains(string(b), `"winner": "union"`) {
		t.Errorf("record from flags: exit %d, %s\n%s", code, errOut, b)
	}
	code, _, errOut = muster(t, "playtest", "record", "--scenario", test, "--player", "union=Ann", "--winner", "north", "-o", filepath.Join(dir, "two.json"))
	if code != 2 || !strings.Contains(errOut, `winner "north" is not a side`) {
		t.Errorf("a winner that is no side: exit %d, %s", code, errOut)
	}
}

// A record from flags or a sheet is checked against its scenario: a
// real date, one player per side, a level of the scenario, a last turn
// within it, and a scenario that exists; nothing is written otherwise.
func TestRecordCheckedAgainstItsScenario(t *testing.T) {
	dir := t.TempDir()
	test := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	base := []string{"playtest", "record", "--scenario", test, "--player", "union=Ann", "--player", "confederate=Ben", "--winner", "union"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--date", "2026-13-45"}, "not a day of the calendar"},
		{[]string{"--level", "Union Total Victory"}, `level "Union Total Victory" is not a level of lgv-test-01`},
		{[]string{"--last-turn", "99"}, "last turn 99 is beyond lgv-test-01's last turn"},
	} {
		out := filepath.Join(dir, "g.json")
		code, _, errOut := muster(t, append(append(append([]string{}, base...), tc.args...), "-o", out)...)
		if _, err := os.Stat(out); code != 2 || !strings.Contains(errOut, tc.want) || err == nil {
			t.Errorf("%v: exit %d (want 2), %s (want %q), written: %v", tc.args, code, errOut, tc.want, err == nil)
		}
	}
	code, _, errOut := muster(t, "playtest", "record", "--scenario", test, "--player", "union=Ann", "--winner", "union", "-o", filepath.Join(dir, "one.json"))
	if code != 2 || !strings.Contains(errOut, "give one player per side") {
		t.Errorf("one player for two sides: exit %d, %s", code, errOut)
	}
	code, _, errOut = muster(t, "playtest", "record", "--scenario", "nosuch-99", "--player", "union=Ann", "--winner", "union", "-o", filepath.Join(dir, "two.json"))
	if code != 2 || !strings.Contains(errOut, "nosuch-99") {
		t.Errorf("a scenario not found: exit %d, %s", code, errOut)
	}
	sheet := filepath.Join(dir, "s.csv")
	os.WriteFile(sheet, []byte("scenario,player:union,player:confederate,winner\nnosuch-99,Ann,Ben,union\n"), 0o644)
	code, _, errOut = muster(t, "playtest", "record", "--from-csv", sheet, "-o", filepath.Join(dir, "out"))
	if code != 1 || !strings.Contains(errOut, `row 2, column "scenario": no scenario "nosuch-99"`) {
		t.Errorf("a sheet row of a scenario not found: exit %d, %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Error("a sheet with a row of no scenario wrote records")
	}
	os.WriteFile(sheet, []byte("scenario,player:union,player:confederate,winner,date\nlgv-test-01,Ann,Ben,union,2026-10-02\n"), 0o644)
	code, _, errOut = muster(t, "playtest", "record", "--from-csv", sheet, "--scenario", test, "-o", filepath.Join(dir, "single"))
	if code != 0 || !strings.Contains(errOut, "1 record written") {
		t.Errorf("one row: exit %d, %q, want \"1 record written\"", code, errOut)
	}
	one := filepath.Join("..", "..", "playtest", "record", "testdata", "games.csv")
	code, _, errOut = muster(t, "playtest", "record", "--from-csv", one, "--scenario", test, "-o", filepath.Join(dir, "ok"))
	if code != 0 || !strings.Contains(errOut, "12 records written") {
		t.Errorf("the twelve made-up games: exit %d, %s", code, errOut)
	}
}
