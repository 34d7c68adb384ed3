package sim

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// The report's figures pinned with values worked out by hand (not with
// this package's code): ten games, half won by each side.
//
//   - shares: 5 of 10 is 50.0%, Wilson 95% interval 23.7-76.3% (the
//     reference value of TestWilson); a tie is listed by name;
//   - VP: -2 twice, 1 six times, 4 twice: mean 10/10 = 1, sd (over the
//     games played) sqrt((2*9 + 6*0 + 2*9)/10) = sqrt(3.6) = 1.90;
//   - turns: 5 four times, 6 six times: mean 5.60; a bar is 40 '#' for
//     the commonest value, 4*40/6 = 26 (rounded down) for the other.
func TestReportByHand(t *testing.T) {
	tot := &Totals{Scenario: "race", Games: 20, Played: 10, Seed: 3, Bots: []string{"random", "greedy"},
		Options: map[string]string{"b": "2", "a": "1"}, Shards: 4, ShardsIn: []int{1, 3},
		Levels:  map[string]int{"South Victory": 5, "North Victory": 5},
		Winners: map[string]int{"south": 5, "north": 5},
		VP:      map[string]int{"4": 2, "-2": 2, "1": 6},
		Turns:   map[string]int{"6": 6, "5": 4},
		Tags:    map[string]map[string]map[string]int{"first-player": {"north": {"north": 5, "": 5}}},
		Course: &Course{Routes: map[string]int{"final count": 8, "automatic": 2}, LeadChanges: map[string]int{"0": 6, "2": 4},
			Margins: map[string]int{"1": 3, "3": 5},
			// Turn 1: 4 games on 0 VP and 6 on 2 (mean 1.2, sd 0.98);
			// turn 2: 8 games on 5.
			VPByTurn:     map[string]map[string]int{"1": {"0": 4, "2": 6}, "2": {"5": 8}},
			LeaderByTurn: map[string]map[string]int{"1": {"": 4, "north": 6}, "2": {"south": 8}}}}
	if err := tot.Check(); err != nil {
		t.Fatal(err)
	}
	r := NewReport(tot)
	if r.Options != "a=1 b=2" || r.Partial != "shards 1, 3 of 4" {
		t.Errorf("options %q, partial %q", r.Options, r.Partial)
	}
	if r.VP.Mean != 1 || r.VP.Min != -2 || r.VP.Max != 4 || r.VP.SD < 1.8973 || r.VP.SD > 1.8974 {
		t.Errorf("VP %+v: want mean 1, sd 1.8974 (sqrt 3.6), -2 to 4", r.VP)
	}
	if r.Turns.Mean != 5.6 {
		t.Errorf("turns mean %v, want 5.6", r.Turns.Mean)
	}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	bar := func(n int) string { return strings.Repeat("#", n) }
	want := "race: 10 games played of 20, seed 3, bots random,greedy, options a=1 b=2 (shards 1, 3 of 4)\n" +
		"\n" +
		"victory level (decisiveness)        games   share   95% CI\n" +
		"  North Victory                          5   50.0%   23.7- 76.3%\n" +
		"  South Victory                          5   50.0%   23.7- 76.3%\n" +
		"\n" +
		"winner\n" +
		"  north                                  5   50.0%   23.7- 76.3%\n" +
		"  south                                  5   50.0%   23.7- 76.3%\n" +
		"\n" +
		"VP: mean 1.00, sd 1.90, min -2, max 4\n" +
		"              -2       2 " + bar(13) + "\n" +
		"               1       6 " + bar(40) + "\n" +
		"               4       2 " + bar(13) + "\n" +
		"\n" +
		"game length (turns): mean 5.60, min 5, max 6\n" +
		"               5       4 " + bar(26) + "\n" +
		"               6       6 " + bar(40) + "\n" +
		"\n" +
		"by tag\n" +
		"  first-player = north (10 games): draw or none 50.0% (23.7-76.3%) north 50.0% (23.7-76.3%)\n" +
		"\n" +
		"first mover (the side that moves first) won 5 of 10 games: 50.0% (95% CI 23.7-76.3%)\n" +
		"\n" +
		"victory route\n" +
		"  final count                            8   80.0%   49.0- 94.3%\n" +
		"  automatic                              2   20.0%    5.7- 51.0%\n" +
		"\n" +
		"margin of the final count (VP that would change the result, 8 games): mean 2.25, min 1, max 3\n" +
		"               1       3 " + bar(24) + "\n" +
		"               3       5 " + bar(40) + "\n" +
		"\n" +
		"lead changes (10 games with a VP track): mean 0.80, max 2\n" +
		"               0       6 " + bar(40) + "\n" +
		"               2       4 " + bar(26) + "\n" +
		"\n" +
		"VP at each turn's end\n" +
		"  turn   games     mean     sd    min    max  leading\n" +
		"     1      10     1.20   0.98      0      2  north 60.0%, none 40.0%\n" +
		"     2       8     5.00   0.00      5      5  south 100.0%\n"
	if b.String() != want {
		t.Errorf("text report\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<tr><td>North Victory</td><td>5</td><td>50.0%</td><td>23.7-76.3%</td></tr>",
		"<td>first-player</td><td>north</td><td>10</td><td>draw or none 50.0% (23.7-76.3%); north 50.0% (23.7-76.3%); </td>",
		"(shards 1, 3 of 4)",
		"<h2>Victory route</h2>",
		"<tr><td>1</td><td>10</td><td>1.20</td><td>0.98</td><td>0</td><td>2</td><td>north 60.0%, none 40.0%</td></tr>",
		"<h2>Lead changes</h2>",
		"The side that moves first won 5 of 10 games",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("HTML report lacks %s", want)
		}
	}
}

// Shares are listed the largest first: 170, 81, 12 of 263 games (not in
// name order); a whole run (no shards, no options, no tags) says none of
// them.
func TestReportSharesLargestFirst(t *testing.T) {
	tot := &Totals{Scenario: "race", Games: 263, Played: 263, Seed: 3, Bots: []string{"random", "random"},
		Levels: map[string]int{"win": 251, "draw": 12}, Winners: map[string]int{"north": 81, "south": 170, "": 12},
		VP: map[string]int{"1": 100, "2": 163}, Turns: map[string]int{"5": 263}}
	r := NewReport(tot)
	var names []string
	for _, s := range r.Winners {
		names = append(names, s.Name)
	}
	if strings.Join(names, ",") != "south,north,draw or none" {
		t.Errorf("winners in the order %v, want south, north, draw or none", names)
	}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(b.String(), "\n"); first != "race: 263 games played of 263, seed 3, bots random,random" {
		t.Errorf("first line %q", first)
	}
	if strings.Contains(b.String(), "by tag") {
		t.Errorf("a run without tags shows a tag section:\n%s", b.String())
	}
}

// Bars: one per value up to maxBins values (20 values 0, 2, ..., 38 give
// 20 one-value bars, not bars of two); above that, whole-number bars of
// the fewest whole numbers that fit: 40 values 0..39 in at most 20 bars
// are 20 bars of 2 (0-1, 2-3, ..., 38-39).
func TestDistBinEdges(t *testing.T) {
	even := map[string]int{}
	for v := 0; v <= 38; v += 2 {
		even[strconv.Itoa(v)] = 1
	}
	d := dist(even, 20)
	if len(d.Bins) != 20 || d.Bins[0] != (Bin{0, 0, 1}) || d.Bins[19] != (Bin{38, 38, 1}) {
		t.Errorf("20 values: bins %v", d.Bins)
	}
	forty := map[string]int{}
	for v := range 40 {
		forty[strconv.Itoa(v)] = 1
	}
	d = dist(forty, 20)
	if len(d.Bins) != 20 {
		t.Fatalf("40 values: %d bins %v, want 20 of 2", len(d.Bins), d.Bins)
	}
	for i, bin := range d.Bins {
		if want := (Bin{float64(2 * i), float64(2*i + 1), 2}); bin != want {
			t.Errorf("40 values: bin %d is %v, want %v", i, bin, want)
		}
	}
	// A fractional scale in 2 bars of equal width (3.5-0.5)/2 = 1.5:
	// 0.5 to 2 holds 0.5 and 1.25 (3 games); 2 to 3.5 holds 2 (its low
	// edge) and 3.5 (the last bar includes its high edge): 7 games.
	frac := dist(map[string]int{"0.5": 1, "1.25": 2, "2": 3, "3.5": 4}, 2)
	if len(frac.Bins) != 2 || frac.Bins[0] != (Bin{0.5, 2, 3}) || frac.Bins[1] != (Bin{2, 3.5, 7}) {
		t.Errorf("fractional bins %v, want 0.5-2: 3, 2-3.5: 7", frac.Bins)
	}
}

// The SVG charts' geometry, worked out from their layout: share bars start
// at the axis (x 220) and are 420 px for 100%, so 50% is 210 px and the
// 95% whisker runs from 220+0.2366*420 = 319.4 to 220+0.7634*420 = 540.6,
// the share printed 6 px after it; rows are 26 px apart from y 10.
// Histogram bars share 640 px (2 bars: 320 px each, drawn 318 wide from
// x 30+1) and the tallest is 200 px high down to the axis at y 230: 4 of
// 6 games is 133.3 px high from y 96.7. Each label stands under its bar's
// centre (x 190 and 510).
func TestChartGeometry(t *testing.T) {
	s := shareChart([]Share{{Name: "north", Count: 5, Share: 0.5, Low: 0.236593, High: 0.763407}, {Name: "south", Count: 10, Share: 1, Low: 0.722467, High: 1}})
	for _, want := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" width="710" height="82" `,
		`<text x="212" y="24" text-anchor="end">north</text>`,
		`<rect x="220" y="12" width="210.0" height="16" fill="#4a6fa5"><title>5 games, 50.0%</title></rect>`,
		`<line x1="319.4" x2="540.6" y1="20" y2="20" `,
		`<text x="546.6" y="24">50.0%</text>`,
		`<text x="212" y="50" text-anchor="end">south</text>`,
		`<rect x="220" y="38" width="420.0" height="16" fill="#4a6fa5"><title>10 games, 100.0%</title></rect>`,
		`<line x1="523.4" x2="640.0" y1="46" y2="46" `,
		`<text x="646.0" y="50">100.0%</text>`,
		`<line x1="220" x2="220" y1="4" y2="62" stroke="#888"/></svg>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("share chart lacks %s\n%s", want, s)
		}
	}
	h := histChart([]Bin{{5, 5, 4}, {6, 6, 6}}, "turns")
	for _, want := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" width="700" height="274" role="img" font-family="sans-serif" font-size="11">`,
		`<rect x="31.0" y="96.7" width="318.0" height="133.3" fill="#7a9a4a"><title>5 turns: 4 games</title></rect>`,
		`<rect x="351.0" y="30.0" width="318.0" height="200.0" fill="#7a9a4a"><title>6 turns: 6 games</title></rect>`,
		`<line x1="190.0" x2="190.0" y1="230" y2="234" stroke="#888"/>`,
		`<text class="axis" x="190.0" y="246" text-anchor="middle">5</text>`,
		`<text class="axis" x="510.0" y="246" text-anchor="middle">6</text>`,
		`<text x="350" y="266" text-anchor="middle">turns</text>`,
		`<text x="30" y="22">6 games</text>`,
		`<line x1="30" x2="670" y1="230" y2="230" stroke="#888"/></svg>`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("histogram lacks %s\n%s", want, h)
		}
	}
	// 20 bars of 32 px with labels "0 to 1" ... ("38 to 39": 8 characters,
	// 8*11*0.65 = 57.2 px, + 8 = 65.2 px, 3 bars): a label on every third
	// bar, the first under bar 0 at x 30+16 = 46.
	var bins []Bin
	for i := range 20 {
		bins = append(bins, Bin{float64(2 * i), float64(2*i + 1), 1})
	}
	h = histChart(bins, "VP")
	if n := strings.Count(h, `class="axis"`); n != 7 {
		t.Errorf("%d labels under 20 bars, want 7 (bars 0, 3, ..., 18)", n)
	}
	for _, want := range []string{`x="46.0" y="246" text-anchor="middle">0 to 1<`, `x="142.0" y="246" text-anchor="middle">6 to 7<`, `x="622.0" y="246" text-anchor="middle">36 to 37<`} {
		if !strings.Contains(h, want) {
			t.Errorf("histogram lacks the label %s", want)
		}
	}
	if strings.Contains(h, `text-anchor="middle">2 to 3<`) {
		t.Error("bar 1 is labelled")
	}
	if empty := histChart(nil, "VP"); strings.Contains(empty, "<rect") || strings.Contains(empty, "games</text>") {
		t.Errorf("an empty histogram draws bars: %s", empty)
	}
}

// Totals whose counts are 0 (a shard file edited by hand; Check allows a
// count of 0) report no game for those values: a VP value no game had
// does not stretch the range, and with no game at all there is no mean to
// print as NaN.
func TestReportOfZeroCounts(t *testing.T) {
	tot := &Totals{Scenario: "race", Games: 2, Played: 0, Bots: []string{"random", "random"},
		Levels: map[string]int{"Win": 0}, Winners: map[string]int{"north": 0}, VP: map[string]int{"3": 0}, Turns: map[string]int{"4": 0}}
	if err := tot.Check(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := NewReport(tot).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "NaN") || !strings.Contains(b.String(), "VP: mean 0.00, sd 0.00, min 0, max 0\n\ngame length") {
		t.Errorf("a run of no game:\n%s", b.String())
	}
	d := dist(map[string]int{"-5": 0, "1": 2, "2": 2, "9": 0}, 20)
	if d.Min != 1 || d.Max != 2 || d.Mean != 1.5 || len(d.Bins) != 2 {
		t.Errorf("values no game had stretch the distribution: %+v", d)
	}
}

func TestShardList(t *testing.T) {
	for _, tc := range []struct {
		in   []int
		want string
	}{
		{nil, ""},
		{[]int{3}, "3"},
		{[]int{1, 2}, "1, 2"},
		{[]int{1, 2, 3}, "1-3"},
		{[]int{1, 3, 5, 6, 7, 8, 10, 11}, "1, 3, 5-8, 10, 11"},
	} {
		if got := ShardList(tc.in); got != tc.want {
			t.Errorf("ShardList(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
