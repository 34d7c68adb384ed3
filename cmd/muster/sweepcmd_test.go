package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/scenarios"
)

// A sweep of the LGV bid on the test module, split in two shards and
// merged, is the unsplit sweep byte for byte (text and JSON), and fits the
// even bid with its interval.
func TestSweepShardsMergeToTheWholeSweep(t *testing.T) {
	test := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	args := []string{"playtest", "sweep", test, "--vary", "bid=1..11/2", "--games", "40", "--seed", "1", "--bots", "greedy,random", "--workers", "2"}
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	if code, _, errOut := muster(t, append(args, "--format", "json", "-o", whole)...); code != 0 {
		t.Fatalf("unsplit sweep: exit %d\n%s", code, errOut)
	}
	var parts []string
	for _, k := range []string{"1/2", "2/2"} {
		part := filepath.Join(dir, "part"+k[:1]+".json")
		if code, _, errOut := muster(t, append(args, "--shard", k, "--format", "json", "-o", part)...); code != 0 {
			t.Fatalf("shard %s: exit %d\n%s", k, code, errOut)
		}
		parts = append(parts, part)
	}
	// Merge only one: the other is named missing, exit 1.
	if code, _, errOut := muster(t, "playtest", "merge", parts[0]); code != 1 || !strings.Contains(errOut, "shard 2 of 2 is missing") {
		t.Fatalf("merge of shard 1 alone: exit %d, %s", code, errOut)
	}
	code, merged, errOut := muster(t, append([]string{"playtest", "merge", "--format", "json"}, parts...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, errOut)
	}
	want, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	if merged != string(want) {
		t.Fatalf("merged shards differ from the unsplit sweep:\n%s\nwant\n%s", merged, want)
	}
	// The text report of the merge and of the whole sweep's JSON agree too.
	_, text1, _ := muster(t, append([]string{"playtest", "merge"}, parts...)...)
	_, text2, _ := muster(t, "playtest", "merge", whole)
	if text1 != text2 || !strings.Contains(text1, "even point") {
		t.Fatalf("text reports differ or lack the even point:\n%s\n---\n%s", text1, text2)
	}
	var doc struct {
		Report sim.SweepReport `json:"report"`
	}
	if err := json.Unmarshal(want, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Report.Points) != 6 {
		t.Fatalf("%d grid points, want 6 (bid 1, 3, ..., 11)", len(doc.Report.Points))
	}
	for _, f := range doc.Report.Even {
		if f.X == nil || f.Low == nil || f.High == nil || !(*f.Low <= *f.X && *f.X <= *f.High) || *f.X < 1 || *f.X > 11 {
			t.Errorf("%s: even bid %s (%s to %s), want one inside its interval on the grid\n%s", f.Side, fmtp(f.X), fmtp(f.Low), fmtp(f.High), text2)
		}
	}
	// LGV games say how they were decided: every game has a route.
	for _, p := range doc.Report.Points {
		n := 0
		for _, ro := range p.Routes {
			n += ro.Count
		}
		if n != 40 || !strings.Contains(text2, "final count") {
			t.Errorf("%s: routes %+v count %d games, want 40", p.Point, p.Routes, n)
		}
	}
	// HTML draws the chart.
	code, page, _ := muster(t, "playtest", "merge", "--format", "html", whole)
	if code != 0 || !strings.Contains(page, "<svg") || !strings.Contains(page, "<circle") {
		t.Fatalf("html: exit %d, no chart with an even mark:\n%.2000s", code, page)
	}
}

func fmtp(x *float64) string {
	if x == nil {
		return "none"
	}
	b, _ := json.Marshal(*x)
	return string(b)
}

// A sweep of the bid (which changes only how the final VP total reads)
// plays each game once, at the first point, and scores it again at the
// others; the totals equal those of playing every point.
func TestBidSweepPlaysEachGameOnce(t *testing.T) {
	path := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	l := scenarios.NewLoader(scenarios.Disk{})
	sf, err := l.Scenario(path)
	if err != nil || sf == nil || l.Diags.HasErrors() {
		t.Fatalf("load: %v %v", err, l.Diags)
	}
	var plays atomic.Int64
	compile := func(o map[string]string) (sim.NewGame, error) {
		ng, err := sim.ForScenario(sf, o)
		if err != nil {
			return nil, err
		}
		return func(seed uint64) (sim.Game, error) { plays.Add(1); return ng(seed) }, nil
	}
	ax, err := sim.ParseVary("bid=1..12")
	if err != nil {
		t.Fatal(err)
	}
	for _, reading := range []string{"threshold", "shift"} {
		cfg := sim.SweepConfig{Config: sim.Config{Scenario: sf.Scenario.ID, Games: 60, Seed: 3, Bots: []string{"random", "random"},
			Options: map[string]string{"bid-reading": reading}, Workers: 2}, Vary: []sim.Axis{ax}}
		plays.Store(0)
		once, err := sim.RunSweep(cfg, compile)
		if err != nil {
			t.Fatal(err)
		}
		// One probe game (never played) and the 60 games, once.
		if n := plays.Load(); n != 61 {
			t.Errorf("%s: %d games started for 60 games at 12 bids, want 61 (60 played once, one probe)", reading, n)
		}
		cfg.NoRescore = true
		plays.Store(0)
		all, err := sim.RunSweep(cfg, compile)
		if err != nil {
			t.Fatal(err)
		}
		if n := plays.Load(); n != 12*60 {
			t.Errorf("%s without rescoring: %d games started, want %d", reading, n, 12*60)
		}
		a, _ := json.Marshal(once)
		b, _ := json.Marshal(all)
		if string(a) != string(b) {
			t.Errorf("%s: rescored totals differ from played ones:\n%s\n%s", reading, a, b)
		}
	}
}
