package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
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

// A line that does not score as a script expects says why, in the failure
// line and in the event log --log writes: here the chain of Union infantry
// that scenario 2's qualifier asks for, broken next to Globe Tavern.
func TestPlaytestLogSaysWhy(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := muster(t, "playtest", "--log", dir, "testdata/playtest-why/broken-chain.json")
	why := "the group's qualifier does not hold: at S0517: chain of undemoralized union Inf units from S0517 (here) to S0714, S0813, inclusive: broken: it reaches S0517, none in S0714, S0813; the nearest end, S0714, is 4 hexes from S0517, and no such unit stands in S0516 or S0616, the next hexes toward it"
	if code != 1 || !strings.Contains(out, `broken-chain.json:8: step 2 (expect vp): line "globe-tavern-clear" gives 0 VP, want 45 (not awarded: `+why+`) — result: 0 VP`) {
		t.Fatalf("exit %d\n%s", code, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "broken-chain.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var last struct {
		Kind string `json:"kind"`
		Data struct {
			Problems string  `json:"problems"`
			Total    float64 `json:"total"`
			Lines    []struct {
				Line, Status, Why string
				Points            float64
			} `json:"lines"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	d := last.Data
	if last.Kind != "vp" || d.Problems != `line "globe-tavern-clear" gives 0 VP, want 45` || len(d.Lines) != 1 ||
		d.Lines[0].Line != "globe-tavern-clear" || d.Lines[0].Status != "not-awarded" || d.Lines[0].Why != why {
		t.Errorf("the log ends with\n%s", lines[len(lines)-1])
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

// An engine refuses a module that lacks what it needs, saying what;
// merge refuses what is not a shard's totals.
func TestSimNeedsAnEngine(t *testing.T) {
	// The shipped USCW module lacks the CRT, the ratings and the map.
	code, _, errOut := muster(t, "playtest", "sim", "uscw-s1", "--games", "10")
	if code != exitFindings || !strings.Contains(errOut, "the USCW engine cannot play: the module lacks table crt") {
		t.Fatalf("sim uscw-s1: exit %d, %s", code, errOut)
	}
	// TPC's engine plays the Advanced Game's strategic layer only.
	code, _, errOut = muster(t, "playtest", "sim", "tpc-01", "--games", "10")
	if code != exitFindings || !strings.Contains(errOut, "scenario 1 is a Basic Game scenario") {
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
	if code, _, errOut := muster(t, "playtest", "merge", a, b); code == 0 || !strings.Contains(errOut, "part 2 was played with option bid=8, part 1 with bid=7") {
		t.Errorf("merge of shards with other options: exit %d, %s", code, errOut)
	}
}

// The VP histogram of a whole-number scale has whole-number bars (no
// "-10.8--9.6" edges), and the HTML chart's axis labels do not overlap.
func TestSimHistogram(t *testing.T) {
	test := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	dir := t.TempDir()
	var parts []string
	for _, k := range []string{"1/2", "2/2"} {
		p := filepath.Join(dir, strings.Replace(k, "/", "-", 1)+".json")
		if code, _, errOut := muster(t, "playtest", "sim", test, "--games", "1500", "--seed", "7", "--shard", k, "--format", "json", "-o", p); code != 0 {
			t.Fatalf("shard %s: %s", k, errOut)
		}
		parts = append(parts, p)
	}
	code, out, errOut := muster(t, append([]string{"playtest", "merge", "--format", "json"}, parts...)...)
	var whole struct {
		Report struct {
			VP struct {
				Min, Max float64
				Bins     []struct{ Low, High float64 }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &whole); code != 0 || err != nil {
		t.Fatalf("merge: exit %d %v %s", code, err, errOut)
	}
	rep := whole.Report
	bins := rep.VP.Bins
	if len(bins) < 5 || rep.VP.Max-rep.VP.Min+1 <= float64(len(bins)) {
		t.Fatalf("VP %g..%g in %d bars: the test wants a range wide enough to bin", rep.VP.Min, rep.VP.Max, len(bins))
	}
	for i, b := range bins {
		if b.Low != math.Trunc(b.Low) || b.High != math.Trunc(b.High) {
			t.Errorf("bar %d: %g to %g is not whole numbers", i, b.Low, b.High)
		}
		if i > 0 && b.Low != bins[i-1].High+1 {
			t.Errorf("bar %d starts at %g, after a bar ending %g", i, b.Low, bins[i-1].High)
		}
	}
	if bins[0].Low != rep.VP.Min || bins[len(bins)-1].High != rep.VP.Max {
		t.Errorf("bars cover %g..%g, VP %g..%g", bins[0].Low, bins[len(bins)-1].High, rep.VP.Min, rep.VP.Max)
	}
	page := filepath.Join(dir, "balance.html")
	if code, _, errOut := muster(t, append([]string{"playtest", "merge", "--format", "html", "-o", page}, parts...)...); code != 0 {
		t.Fatal(errOut)
	}
	html, _ := os.ReadFile(page)
	// Each chart's axis labels: centred at x, at most 0.64em a character
	// (DejaVu Sans digits, the widest characters they use) at 11px.
	axis := regexp.MustCompile(`<text class="axis" x="([\d.]+)"[^>]*>([^<]*)</text>`)
	charts := strings.Split(string(html), "<svg")
	checked := 0
	for _, chart := range charts {
		var prevX, prevW float64
		prev := ""
		for _, m := range axis.FindAllStringSubmatch(chart, -1) {
			x, _ := strconv.ParseFloat(m[1], 64)
			w := float64(len([]rune(m[2]))) * 11 * 0.64
			if prev != "" && x-w/2 < prevX+prevW/2+2 {
				t.Errorf("axis labels %q and %q overlap", prev, m[2])
			}
			prev, prevX, prevW = m[2], x, w
			checked++
		}
	}
	if checked < 5 || !strings.Contains(string(html), ">-9 to -8<") { // the low end of these 1,500 games (issue 30: 15.2 and 14.5 became decisions; issue 35: the sensible bot wastes no activation)
		t.Errorf("%d axis labels; the VP axis should start with -9 to -8:\n%.3000s", checked, html)
	}
}

// merge also reads a whole run's JSON report (sim --format json, or
// --shard 1/1): it gives back the same report, in any format; the same run
// given twice is refused (its games would count twice).
func TestMergeReadsAWholeRunReport(t *testing.T) {
	scn := "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	if code, _, errOut := muster(t, "playtest", "sim", scn, "--games", "30", "--format", "json", "-o", whole); code != 0 {
		t.Fatalf("sim --format json: exit %d, %s", code, errOut)
	}
	code, direct, _ := muster(t, "playtest", "sim", scn, "--games", "30")
	if code != 0 {
		t.Fatalf("sim: exit %d", code)
	}
	code, merged, errOut := muster(t, "playtest", "merge", whole)
	if code != 0 || merged != direct {
		t.Fatalf("merge of a whole run's report: exit %d, %s\n%s\nwant the sim report:\n%s", code, errOut, merged, direct)
	}
	one := filepath.Join(dir, "one.json")
	if code, _, errOut := muster(t, "playtest", "sim", scn, "--games", "30", "--shard", "1/1", "--format", "json", "-o", one); code != 0 {
		t.Fatalf("sim --shard 1/1: exit %d, %s", code, errOut)
	}
	if code, out, errOut := muster(t, "playtest", "merge", one); code != 0 || out != direct {
		t.Errorf("merge of a --shard 1/1 run: exit %d, %s\n%s", code, errOut, out)
	}
	if code, _, errOut := muster(t, "playtest", "merge", whole, whole); code != exitFindings || !strings.Contains(errOut, "60 games played of 30") {
		t.Errorf("the same run twice: exit %d, %s", code, errOut)
	}
}

// With a bid the level names are longer ("Confederate Operational Victory
// (bid 9)") than the usual column: the text table widens, so every row of
// the level and winner tables keeps its figures in the header's columns
// (issue 27).
func TestSimTextColumnsWithABid(t *testing.T) {
	test := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	code, out, errOut := muster(t, "playtest", "sim", test, "--games", "20", "--bots", "random,random", "--option", "bid=9")
	if code != 0 || !strings.Contains(out, "(bid 9)") {
		t.Fatalf("sim --option bid=9: exit %d, %s\n%s", code, errOut, out)
	}
	lines := strings.Split(out, "\n")
	head := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "victory level ") })
	if head < 0 {
		t.Fatalf("no level table:\n%s", out)
	}
	games := strings.Index(lines[head], "games") + len("games")
	row := regexp.MustCompile(`^  (.*\S) +(\d+) +\d+\.\d% +\d+\.\d- *\d+\.\d%$`)
	rows := 0
	for _, l := range lines[head+1:] {
		if l == "" || l == "winner" {
			continue
		}
		if strings.HasPrefix(l, "VP:") {
			break
		}
		m := row.FindStringSubmatchIndex(l)
		if m == nil {
			t.Fatalf("not a table row: %q\n%s", l, out)
		}
		rows++
		// The count ends one column right of "games"; every row as long.
		if end := utf8.RuneCountInString(l[:m[5]]); end != games+1 || utf8.RuneCountInString(l) != utf8.RuneCountInString(lines[head+1]) {
			t.Errorf("row %q: count ends at column %d, header's games at %d\n%s", l, end, games, out)
		}
	}
	if rows < 3 {
		t.Errorf("%d rows in the level and winner tables:\n%s", rows, out)
	}
}

// merge with shards of the run missing names them and exits 1 writing no
// report; --partial reports on the shards given and still names the
// missing ones (issue 27).
func TestMergeMissingShards(t *testing.T) {
	scn := "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"
	dir := t.TempDir()
	var parts []string
	for k := 1; k <= 4; k++ {
		p := filepath.Join(dir, "part"+strconv.Itoa(k)+".json")
		if code, _, errOut := muster(t, "playtest", "sim", scn, "--games", "12", "--bots", "random,random", "--shard", strconv.Itoa(k)+"/4", "--format", "json", "-o", p); code != 0 {
			t.Fatalf("sim --shard %d/4: exit %d, %s", k, code, errOut)
		}
		parts = append(parts, p)
	}
	report := filepath.Join(dir, "report.html")
	code, out, errOut := muster(t, "playtest", "merge", "--format", "html", "-o", report, parts[0], parts[3])
	if code != exitFindings || out != "" || !strings.Contains(errOut, "shards 2, 3 of 4 are missing") || !strings.Contains(errOut, "--partial") {
		t.Errorf("merge of shards 1 and 4 of 4: exit %d, want 1\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if _, err := os.Stat(report); err == nil {
		t.Errorf("merge with shards missing wrote %s", report)
	}
	code, out, errOut = muster(t, "playtest", "merge", "--partial", parts[0], parts[1], parts[3])
	if code != 0 || !strings.Contains(out, "(shards 1, 2, 4 of 4)") || !strings.Contains(errOut, "shard 3 of 4 is missing: the report covers 9 games of 12") {
		t.Errorf("merge --partial: exit %d, want 0\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	code, out, errOut = muster(t, append([]string{"playtest", "merge"}, parts...)...)
	if code != 0 || errOut != "" || strings.Contains(out, "shards") {
		t.Errorf("merge of every shard: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if code, out2, _ := muster(t, "playtest", "merge", "--partial", parts[0], parts[1], parts[2], parts[3]); code != 0 || out2 != out {
		t.Errorf("merge --partial of every shard: exit %d, differs from the merge without it", code)
	}
}
