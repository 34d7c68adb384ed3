package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/musterhq/muster/rules"
)

// raceGame is a made-up two-player game for testing the runner only: each
// side in turn advances 1 (safe), gambles a die roll of 0-3 or stumbles
// back 1; the first to 12 wins, and after 8 rounds the side ahead wins (a
// tie is a draw).
type raceGame struct {
	pos   [2]int
	turn  int // rounds completed
	next  int // side to act
	first int
	pcg   rand.PCG
	log   *rules.EventLog
	// track is the lead at each round's end (rules.Chronicler).
	track []rules.TurnVP
}

func newRace(seed uint64) (Game, error) {
	g := &raceGame{pcg: *rand.NewPCG(seed, 7), log: rules.NewEventLog("race", seed)}
	g.first = int(g.pcg.Uint64() % 2)
	g.next = g.first
	return g, nil
}

var raceSides = []string{"north", "south"}

func (g *raceGame) Sides() []string { return raceSides }
func (g *raceGame) ToAct() string {
	if g.Over() {
		return ""
	}
	return raceSides[g.next]
}

var raceActions = []string{"advance", "gamble", "stumble"}

func (g *raceGame) Legal() []Action { return []Action{0, 1, 2} }
func (g *raceGame) Describe(a Action) string {
	if int(a) < len(raceActions) {
		return raceActions[a]
	}
	return fmt.Sprintf("action %d", a)
}
func (g *raceGame) Apply(a Action) error {
	switch a {
	case 0:
		g.pos[g.next]++
	case 1:
		g.pos[g.next] += int(g.pcg.Uint64() % 4)
	case 2:
		g.pos[g.next]--
	default:
		return fmt.Errorf("no action %d", a)
	}
	g.log.Add(rules.Event{Turn: g.turn + 1, Kind: raceActions[a], Side: raceSides[g.next]})
	g.next = 1 - g.next
	if g.next == g.first {
		g.turn++
		d := float64(g.pos[0] - g.pos[1])
		g.track = append(g.track, rules.TurnVP{Turn: g.turn, VP: d, Leader: raceRead(d)})
	}
	return nil
}

func raceRead(d float64) string {
	switch {
	case d > 0:
		return "north"
	case d < 0:
		return "south"
	}
	return ""
}

// The race's course: reaching 12 is its automatic victory, else the
// final count after 8 rounds decides on the lead.
func (g *raceGame) Route() string {
	if g.pos[0] >= 12 || g.pos[1] >= 12 {
		return rules.RouteAutomatic
	}
	return rules.RouteFinalCount
}
func (g *raceGame) VPTrack() []rules.TurnVP { return g.track }
func (g *raceGame) Margin() (int, bool) {
	if g.Route() != rules.RouteFinalCount {
		return 0, false
	}
	return rules.Swing(float64(g.pos[0]-g.pos[1]), raceRead)
}
func (g *raceGame) Value(side string) float64 {
	if side == "north" {
		return float64(g.pos[0] - g.pos[1])
	}
	return float64(g.pos[1] - g.pos[0])
}
func (g *raceGame) Clone(seed uint64) Game {
	c := *g
	c.pcg = *rand.NewPCG(seed, 7)
	c.log = rules.NewEventLog("race", seed)
	c.track = slices.Clip(g.track)
	return &c
}
func (g *raceGame) Over() bool { return g.pos[0] >= 12 || g.pos[1] >= 12 || g.turn >= 8 }
func (g *raceGame) Outcome() Outcome {
	o := Outcome{VP: float64(g.pos[0] - g.pos[1]), Turns: g.turn, Tags: map[string]string{"first-player": raceSides[g.first]}}
	switch {
	case g.pos[0] > g.pos[1]:
		o.Winner, o.Level = "north", "North Victory"
	case g.pos[1] > g.pos[0]:
		o.Winner, o.Level = "south", "South Victory"
	default:
		o.Level = "Draw"
	}
	return o
}
func (g *raceGame) Log() *rules.EventLog { return g.log }

func runJSON(t *testing.T, cfg Config) string {
	t.Helper()
	tot, err := Run(cfg, newRace)
	if err != nil {
		t.Fatal(err)
	}
	return reportJSON(t, tot)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func reportJSON(t *testing.T, tot *Totals) string {
	t.Helper()
	b, err := json.Marshal(NewReport(tot))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The same seed gives the same totals whatever the worker count.
func TestWorkersDoNotChangeTotals(t *testing.T) {
	cfg := Config{Scenario: "race", Games: 2000, Seed: 42, Bots: []string{"random", "greedy"}}
	cfg.Workers = 1
	one := runJSON(t, cfg)
	cfg.Workers = 2
	two := runJSON(t, cfg)
	if one != two {
		t.Fatalf("workers 1 and 2 differ:\n%s\n%s", one, two)
	}
	cfg.Seed = 43
	if other := runJSON(t, cfg); other == one {
		t.Fatal("another seed gave the very same report")
	}
}

// A run split into 4 shards and merged equals the whole run.
func TestShardMergeEqualsWholeRun(t *testing.T) {
	cfg := Config{Scenario: "race", Games: 1001, Seed: 7, Bots: []string{"greedy", "random"}, Workers: 2}
	whole, err := Run(cfg, newRace)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*Totals
	for k := 4; k >= 1; k-- { // merge order does not matter
		c := cfg
		c.Shard, c.Shards = k, 4
		p, err := Run(c, newRace)
		if err != nil {
			t.Fatal(err)
		}
		// Shards travel as JSON files between machines.
		b, _ := json.Marshal(p)
		var back Totals
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, &back)
	}
	if _, err := Merge(parts[:3]); err != nil {
		t.Fatal(err)
	} else if m, _ := Merge(parts[:3]); fmt.Sprint(m.Missing()) != "[1]" {
		t.Fatalf("three shards merged: missing %v, want [1]", m.Missing())
	}
	merged, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := reportJSON(t, merged), reportJSON(t, whole); got != want {
		t.Fatalf("merged shards differ from the whole run:\n%s\n%s", got, want)
	}
	if whole.Course == nil || merged.Course == nil || fmt.Sprint(merged.Course) != fmt.Sprint(whole.Course) {
		t.Fatalf("course counts: merged %+v, whole %+v", merged.Course, whole.Course)
	}
	if whole.Course.Routes["automatic"] == 0 || whole.Course.Routes["final count"] == 0 || len(whole.Course.Margins) < 2 || len(whole.Course.LeadChanges) < 2 {
		t.Fatalf("the race's course shows too little to test the merge: %+v", whole.Course)
	}
	for _, format := range []string{"text", "html"} {
		var a, b bytes.Buffer
		if format == "text" {
			NewReport(merged).WriteText(&a)
			NewReport(whole).WriteText(&b)
		} else {
			NewReport(merged).WriteHTML(&a)
			NewReport(whole).WriteHTML(&b)
		}
		if a.String() != b.String() || !strings.Contains(a.String(), "ictory route") {
			t.Fatalf("%s report of the merged shards differs from the whole run's, or shows no route", format)
		}
	}
	if mj, wj := mustJSON(t, merged), mustJSON(t, whole); mj != wj {
		t.Fatalf("merged totals differ from the whole run's:\n%s\n%s", mj, wj)
	}
	if merged.Played != 1001 {
		t.Fatalf("merged %d games, want 1001", merged.Played)
	}
	if _, err := Merge([]*Totals{parts[0], parts[0]}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("a shard merged twice: %v", err)
	}
	other := *parts[1]
	other.Seed = 8
	if _, err := Merge([]*Totals{parts[0], &other}); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Fatalf("shards of two runs merged: %v", err)
	}
}

// Replaying game i alone gives the outcome it had in the run.
func TestReplayMatchesTheRun(t *testing.T) {
	cfg := Config{Scenario: "race", Games: 50, Seed: 9, Bots: []string{"random", "random"}, Workers: 2}
	bots := []Bot{randomBot{}, randomBot{}}
	tot := NewTotals(cfg)
	for i := 0; i < cfg.Games; i++ {
		o, g, err := Play(newRace, bots, GameSeed(cfg.Seed, i), 0)
		if err != nil {
			t.Fatal(err)
		}
		tot.Add(i, o)
		tot.AddCourse(g, o)
	}
	run, err := Run(cfg, newRace)
	if err != nil {
		t.Fatal(err)
	}
	if reportJSON(t, tot) != reportJSON(t, run) {
		t.Fatal("games played one by one differ from the run")
	}
	a, g1, _ := Play(newRace, bots, GameSeed(cfg.Seed, 17), 0)
	b, g2, _ := Play(newRace, bots, GameSeed(cfg.Seed, 17), 0)
	var l1, l2 bytes.Buffer
	g1.Log().WriteTo(&l1)
	g2.Log().WriteTo(&l2)
	if fmt.Sprint(a) != fmt.Sprint(b) || l1.String() != l2.String() {
		t.Fatal("a replayed game differs")
	}
}

// The greedy bot never stumbles (it tries each action on a copy whose dice
// are reseeded, so it cannot see the real roll); the random bot stumbles a
// third of the time and loses most games.
func TestGreedyBeatsRandom(t *testing.T) {
	tot, err := Run(Config{Scenario: "race", Games: 1000, Seed: 1, Bots: []string{"greedy", "random"}}, newRace)
	if err != nil {
		t.Fatal(err)
	}
	if tot.Winners["north"] < 700 {
		t.Fatalf("greedy north won %d of 1000", tot.Winners["north"])
	}
}

// Wilson intervals, checked against published values.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{81, 263, 0.2553, 0.3662},
	} {
		lo, hi := Wilson(c.k, c.n)
		if math.Abs(lo-c.lo) > 5e-4 || math.Abs(hi-c.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f-%.4f, want %.4f-%.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

func TestReportText(t *testing.T) {
	tot, err := Run(Config{Scenario: "race", Games: 300, Seed: 3, Bots: []string{"random", "random"}}, newRace)
	if err != nil {
		t.Fatal(err)
	}
	r := NewReport(tot)
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, s := range []string{"race: 300 games played of 300, seed 3", "first-player = north", "VP: mean"} {
		if !strings.Contains(out, s) {
			t.Errorf("text report lacks %q:\n%s", s, out)
		}
	}
	sum := 0
	for _, bin := range r.VP.Bins {
		sum += bin.Count
	}
	if sum != 300 {
		t.Errorf("VP histogram holds %d games, want 300", sum)
	}
}

// A winner's line from totals made by hand: 81 wins of 263 games are
// 30.8%, with the Wilson 95% interval 25.5-36.6% (the reference values of
// TestWilson).
func TestReportTextLine(t *testing.T) {
	tot := &Totals{Scenario: "race", Games: 263, Played: 263, Seed: 3, Bots: []string{"random", "random"},
		Levels: map[string]int{"win": 251, "draw": 12}, Winners: map[string]int{"north": 81, "south": 170, "": 12},
		VP: map[string]int{"1": 100, "2": 163}, Turns: map[string]int{"5": 263}}
	var b bytes.Buffer
	if err := NewReport(tot).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := "  north                                 81   30.8%   25.5- 36.6%"
	if !strings.Contains(b.String(), want+"\n") {
		t.Errorf("text report lacks the line\n%q\n%s", want, b.String())
	}
}

// The HTML report parses and carries one chart per distribution.
func TestReportHTML(t *testing.T) {
	tot, err := Run(Config{Scenario: "race <&>", Games: 200, Seed: 3, Bots: []string{"random", "greedy"}}, newRace)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := NewReport(tot).WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	svgs, rects := 0, 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "svg" {
			svgs++
		}
		if n.Type == html.ElementNode && n.Data == "rect" {
			rects++
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	// Levels, winners, VP, length; the course's routes, margin, lead
	// changes and VP over time.
	if svgs != 8 || rects < 6 {
		t.Fatalf("%d charts with %d bars, want 8 charts", svgs, rects)
	}
	if strings.Contains(b.String(), "race <&>") {
		t.Fatal("the scenario name is not escaped")
	}
}

func BenchmarkRunRace(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Config{Scenario: "race", Games: 1000, Seed: 1, Bots: []string{"random", "random"}, Workers: 1}, newRace); err != nil {
			b.Fatal(err)
		}
	}
}

// A whole-number scale gets whole-number bars of equal width, each value
// in exactly one; a fractional scale keeps equal-width bars.
func TestDistWholeNumberBins(t *testing.T) {
	m := map[string]int{}
	for v := -12; v <= 30; v++ { // 43 values in at most 20 bars: 15 bars of 3
		m[strconv.Itoa(v)] = 1
	}
	d := dist(m, 20)
	if len(d.Bins) != 15 || d.Bins[0] != (Bin{-12, -10, 3}) || d.Bins[14] != (Bin{30, 30, 1}) {
		t.Fatalf("bins %v", d.Bins)
	}
	if got := d.Bins[0].Label(); got != "-12 to -10" {
		t.Errorf("label %q", got)
	}
	frac := dist(map[string]int{"0.5": 1, "1.25": 1, "2": 1, "3.5": 1}, 2)
	if len(frac.Bins) != 2 || frac.Bins[0].Low != 0.5 || frac.Bins[1].High != 3.5 || frac.Bins[0].Count+frac.Bins[1].Count != 4 {
		t.Errorf("fractional bins %v", frac.Bins)
	}
}
