package main

// Hostile input, second pass (issue 31): every input is built here at test
// time. .ci/run runs the tests named TestHostile* under a memory cap.

import (
	"encoding/json"
	"fmt"
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

// Item 15 and the merge part of 16: merge checks every total against the
// scenario the shards were played on, and each shard carries a signature
// (digests of its run, shard, counts and label), so a consistently edited
// shard is refused naming what fails. One exit code per kind: a refused
// shard 1 (it used to be 2 when one file did not add up, 1 when the
// merged ones did not), a file that is no totals or cannot be read 2.
func TestHostileMergeRefusals(t *testing.T) {
	dir := t.TempDir()
	scn := "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for i, out := range []string{a, b} {
		if code, _, errOut := muster(t, "playtest", "sim", scn, "--games", "8", "--shard", fmt.Sprintf("%d/2", i+1), "--format", "json", "-o", out); code != 0 {
			t.Fatalf("sim shard: exit %d\n%s", code, errOut)
		}
	}
	if code, _, errOut := muster(t, "playtest", "merge", a, b); code != 0 {
		t.Fatalf("merge of honest shards: exit %d\n%s", code, errOut)
	}
	type shard = map[string]any
	counts := func(m shard, key string) map[string]any { return m[key].(map[string]any) }
	// move shifts one game from one key of a table to another (the table
	// still adds up).
	move := func(m shard, key, to string) {
		tb := counts(m, key)
		for k, v := range tb {
			if k == to {
				continue
			}
			if n := v.(float64); n > 0 {
				tb[k] = n - 1
				if tb[k] == 0.0 {
					delete(tb, k)
				}
				prev, _ := tb[to].(float64)
				tb[to] = prev + 1
				return
			}
		}
	}
	for _, c := range []struct {
		name string
		edit func(m shard)
		want string
		both bool // the same edit on both shards
	}{
		{"wins moved", func(m shard) { move(m, "winners", "union") }, "winners do not follow from the levels", false},
		{"made-up banner removed", func(m shard) { delete(m, "madeUp") }, "made-up data", true},
		{"a level the scenario lacks", func(m shard) { move(m, "levels", "Union Crushing Victory"); move(m, "winners", "") }, `level "Union Crushing Victory" is not an outcome`, false},
		{"turn 999999 of 6", func(m shard) { move(m, "turns", "999999") }, "turn 999999, beyond the scenario's 6", false},
		{"a game fewer", func(m shard) {
			m["played"] = m["played"].(float64) - 1
			for _, key := range []string{"levels", "winners", "vp", "turns"} {
				move(m, key, "x")
				delete(counts(m, key), "x")
			}
			for _, vals := range counts(m, "tags") {
				for _, ws := range vals.(map[string]any) {
					move(map[string]any{"t": ws}, "t", "x")
					delete(ws.(map[string]any), "x")
					break
				}
			}
			// The course's routes count every game played too.
			course := counts(m, "course")
			for _, key := range []string{"routes", "leadChanges", "margins"} {
				move(course, key, "x")
				delete(counts(course, key), "x")
			}
			for _, key := range []string{"vpByTurn", "leaderByTurn"} {
				for turn := range counts(course, key) {
					move(counts(course, key), turn, "x")
					delete(counts(counts(course, key), turn), "x")
				}
			}
		}, "shard 1 of 2 plays 4 games", false},
		{"a VP value moved", func(m shard) {
			tb := counts(m, "vp")
			for k, v := range tb {
				tb[k] = v.(float64) - 1
				tb["5"] = 1.0
				if tb[k] == 0.0 {
					delete(tb, k)
				}
				break
			}
		}, "its counts (played, levels, winners, vp, turns, tags) changed after muster wrote", false},
		{"another seed", func(m shard) { m["seed"] = 2.0 }, "its run (scenario, games, seed, bots, options) changed after muster wrote", true},
		{"unsigned", func(m shard) { delete(m, "signature") }, "no signature", false},
	} {
		edited := func(from, to string) string {
			var m shard
			json.Unmarshal([]byte(mustRead(t, from)), &m)
			c.edit(m)
			data, _ := json.MarshalIndent(m, "", "  ")
			os.WriteFile(to, data, 0o644)
			return to
		}
		bad, other := edited(a, filepath.Join(dir, "bad.json")), b
		if c.both {
			other = edited(b, filepath.Join(dir, "bad2.json"))
		}
		code, out, errOut := muster(t, "playtest", "merge", bad, other)
		if code != exitFindings || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, bad) {
			t.Errorf("%s: exit %d, want 1 and %q naming %s\n%s%s", c.name, code, c.want, bad, out, errOut)
		}
	}

	// One file that does not add up: a refusal, exit 1 as for the merged
	// ones (it was 2).
	var m shard
	json.Unmarshal([]byte(mustRead(t, a)), &m)
	m["played"] = 99.0
	data, _ := json.Marshal(m)
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, data, 0o644)
	if code, _, errOut := muster(t, "playtest", "merge", bad, b); code != exitFindings || !strings.Contains(errOut, "do not add up") {
		t.Errorf("a shard that does not add up: exit %d, want 1\n%s", code, errOut)
	}
	// No totals at all, or no file: usage and I/O, exit 2.
	os.WriteFile(bad, []byte(`{"scenario": "x"}`), 0o644)
	if code, _, errOut := muster(t, "playtest", "merge", bad); code != exitUsage {
		t.Errorf("no totals: exit %d, want 2\n%s", code, errOut)
	}
	if code, _, errOut := muster(t, "playtest", "merge", filepath.Join(dir, "none.json")); code != exitUsage {
		t.Errorf("no file: exit %d, want 2\n%s", code, errOut)
	}
	// The scenario the shards name is gone from where they say: --scenario
	// says where it is now.
	mod := filepath.Join(t.TempDir(), "module")
	copyTree(t, "../../rules/lgv/testdata/module", mod)
	moved := filepath.Join(dir, "c.json")
	if code, _, errOut := muster(t, "playtest", "sim", filepath.Join(mod, "scenarios", "01-chancellorsville.json"), "--games", "8", "--format", "json", "-o", moved); code != 0 {
		t.Fatalf("sim: exit %d\n%s", code, errOut)
	}
	os.Rename(mod, mod+"-moved")
	code, _, errOut := muster(t, "playtest", "merge", moved)
	if code != exitUsage || !strings.Contains(errOut, "--scenario") {
		t.Errorf("merge away from the scenario: exit %d, want 2 and a word on --scenario\n%s", code, errOut)
	}
	if code, _, errOut := muster(t, "playtest", "merge", "--scenario", filepath.Join(mod+"-moved", "scenarios", "01-chancellorsville.json"), moved); code != 0 {
		t.Errorf("merge --scenario: exit %d\n%s", code, errOut)
	}
	// --scenario naming another scenario: the totals are not of it.
	if code, _, errOut := muster(t, "playtest", "merge", "--scenario", "lgv-01", a, b); code != exitFindings || !strings.Contains(errOut, "not lgv-01") {
		t.Errorf("merge --scenario lgv-01: exit %d, want 1\n%s", code, errOut)
	}
}

// procStatus reads a field of /proc/PID/status in KB (VmPeak, VmHWM).
func procStatus(pid int, field string) (int64, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			var kb int64
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), &kb)
			return kb, true
		}
	}
	return 0, false
}

// Item 12 through the command line: --games 1e8 is refused as a usage
// error before anything is played, and a run of 100,000,000 games
// streams its totals: after 3 s of play its address space and resident
// memory are those of a few games, not of a slot per game (the run kept
// an outcome and an error per game, 5.6 GB of address space taken up
// front for 1e8 games, and died at once under a memory cap).
func TestHostileSimHugeRun(t *testing.T) {
	scn := "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"
	code, _, errOut := muster(t, "playtest", "sim", scn, "--games", "1e8")
	if code != exitUsage || !strings.Contains(errOut, `invalid value "1e8" for flag -games`) {
		t.Errorf("--games 1e8: exit %d, want 2\n%.300s", code, errOut)
	}
	if _, ok := procStatus(os.Getpid(), "VmPeak"); !ok {
		t.Skip("no /proc/PID/status to read a process's memory from")
	}
	cmd, errb := startMuster(t, nil, "playtest", "sim", scn, "--games", "100000000", "--workers", "2", "--format", "json", "-o", filepath.Join(t.TempDir(), "totals.json"))
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var peak, hwm int64
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			t.Fatalf("the run of 100,000,000 games ended after %v: %v\n%s", 3*time.Second-time.Until(deadline), err, errb)
		case <-time.After(100 * time.Millisecond):
		}
		p, _ := procStatus(cmd.Process.Pid, "VmPeak")
		h, _ := procStatus(cmd.Process.Pid, "VmHWM")
		peak, hwm = max(peak, p), max(hwm, h)
	}
	cmd.Process.Kill()
	<-exited
	t.Logf("100,000,000 games, after 3 s: address space %d MB at most, resident %d MB at most", peak>>10, hwm>>10)
	if peak > 3<<20 || hwm > 512<<10 {
		t.Errorf("100,000,000 games: address space %d MB, resident %d MB after 3 s: memory taken per game", peak>>10, hwm>>10)
	}
}
