package main

// Hostile input, second pass (issue 31): every input is built here at test
// time. .ci/run runs the tests named TestHostile* under a memory cap.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// oneLineScenario writes the module's first scenario back with its setup
// rows repeated to n rows, on one line (minified), and returns its path.
func oneLineScenario(t *testing.T, mod string, n int) string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(mod, "scenarios", "*.json"))
	if len(matches) == 0 {
		t.Fatal("no scenario")
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(mustRead(t, matches[0])), &doc); err != nil {
		t.Fatal(err)
	}
	setup := doc["setup"].([]any)
	g := setup[0].(map[string]any)
	rows := g["rows"].([]any)
	var all []any
	for len(all) < n {
		all = append(all, rows...)
	}
	g["rows"] = all[:n]
	b, _ := json.Marshal(doc)
	os.WriteFile(matches[0], b, 0o644)
	return matches[0]
}

// Item 7: validate's text output on a minified 5,000-row scenario (its
// thousands of findings all on line 1) costs what the JSON output costs:
// the snippet no longer copies the whole line for each finding (111 s).
func TestHostileValidateOneLongLine(t *testing.T) {
	mod := copyModule(t, "../../scenarios/lgv")
	path := oneLineScenario(t, mod, 5000)
	for _, format := range []string{"text", "json"} {
		t0 := time.Now()
		var code int
		var out string
		within(t, 120*time.Second, "validate --format "+format, func() { code, out, _ = muster(t, "validate", "--format", format, path) })
		took := time.Since(t0)
		t.Logf("--format %s: %v, %d bytes of output", format, took, len(out))
		if code != 1 || !strings.Contains(out, "already set up") {
			t.Fatalf("--format %s: exit %d, %.300s", format, code, out)
		}
		if took > 20*time.Second {
			t.Errorf("--format %s took %v on one line", format, took)
		}
	}
}

// Item 9: numbers the schema accepts but Go cannot hold are findings at
// their value, and validate DIR reports the module's other files too (it
// exited 2 with no position at the first one).
func TestHostileNumbersGoCannotHold(t *testing.T) {
	mod := copyModule(t, "../../scenarios/lgv")
	first := filepath.Join(mod, "scenarios", "01-chancellorsville.json")
	text := mustRead(t, first)
	os.WriteFile(filepath.Join(mod, "scenarios", "02-huge.json"), []byte(strings.Replace(strings.Replace(text, `"turns": 6`, `"turns": 1e308`, 1), `"id": "lgv-01"`, `"id": "lgv-02"`, 1)), 0o644)
	os.WriteFile(first, []byte(strings.Replace(text, `"turns": 6`, `"turns": 9223372036854775808`, 1)), 0o644)
	os.WriteFile(filepath.Join(mod, "scenarios", "03-bad-hex.json"), []byte(strings.Replace(strings.Replace(text, `"id": "lgv-01"`, `"id": "lgv-03"`, 1), `"hex": "73"`, `"hex": "973"`, 1)), 0o644)
	code, out, errOut := muster(t, "validate", mod)
	if code != 1 {
		t.Errorf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"01-chancellorsville.json:12:14: error[schema-range] /length/turns: 9223372036854775808 is not a whole number that fits int",
		"02-huge.json:12:14: error[schema-range] /length/turns: 1e308 is not a whole number",
		"03-bad-hex.json:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s%s", want, out, errOut)
		}
	}
}

// Item 16 (the parts outside merge): two playtests with one id do not
// write one --log file; `export svg -o -` writes a bidi mark of a title as
// it is (it is data, not terminal text); `playtest replay SCENARIO`
// without --game says what is missing. SIGHUP: internal/fileout's
// TestInterruptRemovesTemporaries.
func TestHostileSmallerItems(t *testing.T) {
	dir := t.TempDir()
	script := mustRead(t, "../../scenarios/lgv/playtests/01-automatic.json")
	script = strings.Replace(script, `"$schema": "../../../schema/playtest.schema.json"`, `"$schema": "playtest.schema.json"`, 1)
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(script), 0o644)
	os.WriteFile(b, []byte(script), 0o644)
	logs := filepath.Join(dir, "logs")
	code, out, errOut := muster(t, "playtest", "--log", logs, a, b)
	if code != 1 || !strings.Contains(out, `the playtest id "lgv-01-automatic" is also the id of `+a) {
		t.Errorf("two scripts with one id: exit %d\n%s%s", code, out, errOut)
	}

	scn := filepath.Join(dir, "bidi.json")
	os.WriteFile(scn, []byte(strings.Replace(mustRead(t, "../../scenarios/tpc/scenarios/01-my-best-achievement.json"), `"title": "`, "\"title\": \"\u202e", 1)), 0o644)
	code, out, errOut = muster(t, "export", "svg", scn, "-o", "-")
	if code != 0 || !strings.Contains(out, "\u202e") || strings.Contains(out, `\u202e`) {
		t.Errorf("export svg -o -: exit %d, bidi mark as written: %v, escaped: %v\n%s", code, strings.Contains(out, "\u202e"), strings.Contains(out, `\u202e`), errOut)
	}

	code, _, errOut = muster(t, "playtest", "replay", "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json", "--seed", "1")
	if code != 2 || !strings.Contains(errOut, "replay needs --game") {
		t.Errorf("replay without --game: exit %d: %s", code, errOut)
	}
}

// Item 13: diff on 20,000 identical rows is linear (each repeated key
// searched every occurrence number before it: 46 s of CPU).
func TestHostileDiffRepeatedRows(t *testing.T) {
	mod := copyModule(t, "../../scenarios/lgv")
	path := filepath.Join(mod, "scenarios", "01-chancellorsville.json")
	var doc map[string]any
	json.Unmarshal([]byte(mustRead(t, path)), &doc)
	g := doc["setup"].([]any)[0].(map[string]any)
	row := g["rows"].([]any)[0].(map[string]any)
	delete(row, "unit")
	row["marker"] = "re-roll"
	row["name"] = "Re-roll"
	rows := make([]any, 20000)
	for i := range rows {
		rows[i] = row
	}
	g["rows"] = rows
	b, _ := json.Marshal(doc)
	other := filepath.Join(mod, "scenarios", "02-other.json")
	os.WriteFile(other, b, 0o644)
	t0 := time.Now()
	var code int
	var out, errOut string
	within(t, 120*time.Second, "diff", func() { code, out, errOut = muster(t, "diff", other, other) })
	t.Logf("diff of 20,000 identical rows: %v", time.Since(t0))
	if code != 0 || time.Since(t0) > 20*time.Second {
		t.Errorf("exit %d after %v\n%.500s%s", code, time.Since(t0), out, errOut)
	}
}

// Item 10: a circle of command parents in game.json is a validate finding,
// and oob shows every unit of the circle and beneath it (it dropped them:
// the Confederate side came out empty), saying why; two scenarios of one
// module with one id are findings; a playtest naming a scenario id inside
// a copied module runs against that module's scenario, not the built-in
// one of the same id.
func TestHostileModuleNames(t *testing.T) {
	// The whole Confederate side: ANV's parent is II, II's is ANV.
	mod := copyModule(t, "../../scenarios/lgv")
	scn := filepath.Join(mod, "scenarios", "01-chancellorsville.json")
	_, before, _ := muster(t, "oob", "--format", "json", scn)
	game := filepath.Join(mod, "game.json")
	text := mustRead(t, game)
	cyclic := strings.Replace(text, `"code": "ANV", "name": "Army of Northern Virginia", "level": "army"`, `"code": "ANV", "name": "Army of Northern Virginia", "level": "army", "parent": "II"`, 1)
	if cyclic == text {
		t.Fatal("game.json: the ANV command is written otherwise")
	}
	os.WriteFile(game, []byte(cyclic), 0o644)
	code, out, errOut := muster(t, "validate", mod)
	if code != 1 || !strings.Contains(out, "error[command-cycle] /commands/confederate/0/parent: the parents of Confederate commands run in a circle: ANV → II → ANV") {
		t.Errorf("validate of a command circle: exit %d\n%s%s", code, out, errOut)
	}
	code, after, errOut := muster(t, "oob", "--format", "json", scn)
	totals := func(js string) (string, string) {
		var o struct {
			Sides []struct {
				Side     string
				Totals   map[string]int
				Problems []string
			}
		}
		if err := json.Unmarshal([]byte(js), &o); err != nil {
			t.Fatalf("%v: %.300s", err, js)
		}
		var ts, ps []string
		for _, s := range o.Sides {
			b, _ := json.Marshal(s.Totals)
			ts = append(ts, s.Side+" "+string(b))
			ps = append(ps, s.Problems...)
		}
		return strings.Join(ts, "; "), strings.Join(ps, "; ")
	}
	wantTotals, _ := totals(before)
	gotTotals, problems := totals(after)
	if code != 0 || gotTotals != wantTotals || !strings.Contains(problems, "run in a circle (ANV → II → ANV): ANV is shown at the top level") {
		t.Errorf("oob of a command circle: exit %d, totals %s, want %s; problems %q\n%s", code, gotTotals, wantTotals, problems, errOut)
	}
	_, outText, _ := muster(t, "oob", scn)
	if !strings.Contains(outText, "problem: the command parents of game.json run in a circle") {
		t.Errorf("oob's text names no problem:\n%.2000s", outText)
	}

	// Two scenarios with one id.
	mod = copyModule(t, "../../scenarios/lgv")
	scn = filepath.Join(mod, "scenarios", "01-chancellorsville.json")
	copyPath := filepath.Join(mod, "scenarios", "02-copy.json")
	os.WriteFile(copyPath, []byte(strings.Replace(mustRead(t, scn), `"number": 1`, `"number": 2`, 1)), 0o644)
	code, out, errOut = muster(t, "validate", mod)
	if code != 1 || !strings.Contains(out, `02-copy.json:3:9: error[scenario-id-twice] /id: the id "lgv-01" is also the id of `+scn) ||
		!strings.Contains(out, `01-chancellorsville.json:3:9: error[scenario-id-twice] /id: the id "lgv-01" is also the id of `+copyPath) {
		t.Errorf("validate of two scenarios with one id: exit %d\n%s%s", code, out, errOut)
	}

	// A playtest in the copied module names lgv-01: the copy's, whose
	// level of 0 VP is renamed, so the script's second expectation fails.
	mod = copyModule(t, "../../scenarios/lgv")
	scn = filepath.Join(mod, "scenarios", "01-chancellorsville.json")
	os.WriteFile(scn, []byte(strings.ReplaceAll(mustRead(t, scn), "Confederate Decisive Victory", "Confederate Crushing Victory")), 0o644)
	os.MkdirAll(filepath.Join(mod, "playtests"), 0o755)
	script := filepath.Join(mod, "playtests", "01-automatic.json")
	os.WriteFile(script, []byte(strings.Replace(mustRead(t, "../../scenarios/lgv/playtests/01-automatic.json"), `"$schema": "../../../schema/playtest.schema.json"`, `"$schema": "playtest.schema.json"`, 1)), 0o644)
	code, out, errOut = muster(t, "playtest", script)
	if code != 1 || !strings.Contains(out, "Confederate Crushing Victory") {
		t.Errorf("playtest in a copied module: exit %d (want 1, the copy's level)\n%s%s", code, out, errOut)
	}
	// The shipped script, by the same id, still passes against the shipped module.
	if code, out, errOut = muster(t, "playtest", "../../scenarios/lgv/playtests/01-automatic.json"); code != 0 {
		t.Errorf("the shipped script: exit %d\n%s%s", code, out, errOut)
	}
}
