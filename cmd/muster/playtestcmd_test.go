package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The shipped playtests pass through the CLI, and their event logs match the
// golden logs shipped beside them (muster playtest --update scenarios).
func TestPlaytestShipped(t *testing.T) {
	code, out, errOut := muster(t, "playtest", "--golden", "../../scenarios")
	if code != 0 || !strings.Contains(out, " 0 failed") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if !strings.Contains(out, "PASS tpc-01-petersburg") {
		t.Errorf("output:\n%s", out)
	}
}

// Scripts that disagree with the engine fail loudly, naming the step's line.
func TestPlaytestFailures(t *testing.T) {
	code, out, _ := muster(t, "playtest", "testdata/playtest")
	if code != 1 || !strings.HasSuffix(strings.TrimSpace(out), "0 passed, 3 failed") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{
		"wrong-vp.json:8: step 2 (expect vp): total 80 VP, want 60",
		"allowed-move.json:7: step 1 (expect fail): the rules allowed move",
		"forced roll(s) never used: 6",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// The same script gives byte-identical logs whatever GOMAXPROCS, and
// --golden / --update compare and store them.
func TestPlaytestLogsAndGolden(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "p.json")
	src, _ := os.ReadFile("../../scenarios/tpc/playtests/01-restrictions.json")
	os.WriteFile(script, []byte(strings.ReplaceAll(string(src), "../../../schema/", "")), 0o644)
	var logs []string
	for _, procs := range []int{1, 2} {
		prev := runtime.GOMAXPROCS(procs)
		logDir := filepath.Join(dir, "logs", string(rune('0'+procs)))
		code, out, _ := muster(t, "playtest", "--log", logDir, script)
		runtime.GOMAXPROCS(prev)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, out)
		}
		b, err := os.ReadFile(filepath.Join(logDir, "tpc-01-restrictions.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		logs = append(logs, string(b))
	}
	if logs[0] != logs[1] || !strings.Contains(logs[0], `"seed":1`) || !strings.Contains(logs[0], `"kind":"activated"`) {
		t.Fatalf("logs differ between GOMAXPROCS 1 and 2, or lack the seed:\n%s", logs[0])
	}
	if code, out, _ := muster(t, "playtest", "--golden", script); code != 1 || !strings.Contains(out, "no stored log") {
		t.Errorf("--golden without a stored log: exit %d %s", code, out)
	}
	if code, _, _ := muster(t, "playtest", "--update", script); code != 0 {
		t.Fatalf("--update: exit %d", code)
	}
	if code, out, _ := muster(t, "playtest", "--golden", script); code != 0 {
		t.Errorf("--golden after --update: exit %d %s", code, out)
	}
	golden := strings.TrimSuffix(script, ".json") + ".golden.jsonl"
	b, _ := os.ReadFile(golden)
	os.WriteFile(golden, []byte(strings.Replace(string(b), "S0302", "S0303", 1)), 0o644)
	if code, out, _ := muster(t, "playtest", "--golden", script); code != 1 || !strings.Contains(out, "differs") {
		t.Errorf("--golden with a changed log: exit %d %s", code, out)
	}
}

// A game system without a whole-game engine says so; merge refuses what
// is not a shard's totals.
func TestSimNeedsAnEngine(t *testing.T) {
	code, _, errOut := muster(t, "playtest", "sim", "tpc-01", "--games", "10")
	if code != exitFindings || !strings.Contains(errOut, `no engine plays game system "gcacw"`) {
		t.Fatalf("sim tpc-01: exit %d, %s", code, errOut)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"scenario": "x"}`), 0o644)
	code, _, errOut = muster(t, "playtest", "merge", bad)
	if code != exitUsage || !strings.Contains(errOut, "not the totals of a sim shard") {
		t.Fatalf("merge of a bad file: exit %d, %s", code, errOut)
	}
}

// LGV plays through the sim on the made-up test module; the shipped
// module stops with what its map and counters lack.
func TestSimLGV(t *testing.T) {
	code, _, errOut := muster(t, "playtest", "sim", "lgv-01", "--games", "5")
	if code != exitFindings || !strings.Contains(errOut, "cannot be played") || !strings.Contains(errOut, "map: the TEM of area 1") {
		t.Fatalf("sim lgv-01: exit %d, %.300s", code, errOut)
	}
	test := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	code, out, errOut := muster(t, "playtest", "sim", test, "--games", "40", "--seed", "3", "--format", "json")
	if code != 0 {
		t.Fatalf("sim on the test module: exit %d, %s", code, errOut)
	}
	var rep struct {
		Report struct {
			Levels []struct {
				Name  string `json:"name"`
				Count int    `json:"count"`
			} `json:"levels"`
		} `json:"report"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %.300s", err, out)
	}
	total := 0
	for _, l := range rep.Report.Levels {
		total += l.Count
	}
	if total != 40 {
		t.Fatalf("levels count %d games, want 40: %.400s", total, out)
	}
}

// A bid (18.1) replaces the level table; an unknown option is a usage
// error; shards played with other options do not merge.
func TestSimOptions(t *testing.T) {
	test := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	code, out, errOut := muster(t, "playtest", "sim", test, "--games", "30", "--seed", "3", "--option", "bid=7")
	if code != 0 || !strings.Contains(out, "options bid=7") || !strings.Contains(out, "Operational Victory (bid 7)") {
		t.Fatalf("sim --option bid=7: exit %d, %s\n%s", code, errOut, out)
	}
	if strings.Contains(out, "Marginal") || strings.Contains(out, "Decisive") {
		t.Errorf("with a bid the 17.3 levels give way to the bid's: %s", out)
	}
	if code, _, errOut := muster(t, "playtest", "sim", test, "--games", "3", "--option", "no-such=1"); code != exitUsage || !strings.Contains(errOut, `unknown option "no-such"`) {
		t.Errorf("unknown option: exit %d, %s", code, errOut)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	muster(t, "playtest", "sim", test, "--games", "8", "--shard", "1/2", "--format", "json", "-o", a, "--option", "bid=7")
	muster(t, "playtest", "sim", test, "--games", "8", "--shard", "2/2", "--format", "json", "-o", b, "--option", "bid=8")
	if code, _, errOut := muster(t, "playtest", "merge", a, b); code == 0 || !strings.Contains(errOut, "options") {
		t.Errorf("merge of shards with other options: exit %d, %s", code, errOut)
	}
}
