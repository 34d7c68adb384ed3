package sim

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// Human games beside the bots', worked by hand: 10 recorded games of
// "race", north winning 3 (Wilson 95%: 10.8-60.3%), against 100 bot
// games north won 90 (82.6-94.5%): the intervals do not overlap, so the
// row is flagged; south's 7 of 10 (39.7-89.2%) against 10 of 100
// (5.5-17.4%) too. The levels agree (1 of 10 beside 10 of 100). Two
// records of another scenario are left out and counted, the made-up ones
// counted out loud.
func TestCompareRecordsByHand(t *testing.T) {
	r := Report{Scenario: "race", Played: 100, FirstMover: &Share{Name: "first player", Count: 50, Share: 0.5}}
	r.FirstMover.Low, r.FirstMover.High = Wilson(50, 100)
	var games []HumanGame
	for i := 0; i < 10; i++ {
		g := HumanGame{Scenario: "race", Winner: "south", Level: "South Victory", FirstPlayer: "north", MadeUp: i < 4}
		if i < 3 {
			g.Winner, g.Level = "north", "North Victory"
		}
		if i == 9 {
			g.Level = "Close"
		}
		games = append(games, g)
	}
	games = append(games, HumanGame{Scenario: "other", Winner: "north"}, HumanGame{Scenario: "other", Winner: "north"})
	r.CompareRecords(games, map[string]int{"north": 90, "south": 10}, map[string]int{"North Victory": 80, "South Victory": 10, "Close": 10})
	rr := r.Records
	if rr.Games != 10 || rr.Other != 2 || rr.MadeUp != 4 {
		t.Fatalf("games %d, other %d, made-up %d", rr.Games, rr.Other, rr.MadeUp)
	}
	if len(rr.Winners) != 2 || rr.Winners[0].Name != "north" || !rr.Winners[0].Disagree || !rr.Winners[1].Disagree {
		t.Fatalf("winners %+v", rr.Winners)
	}
	n := rr.Winners[0]
	if n.Human.Count != 3 || n.Bots.Count != 90 || round1(n.Human.Low) != 10.8 || round1(n.Human.High) != 60.3 || round1(n.Bots.Low) != 82.6 {
		t.Errorf("north: %+v", n)
	}
	for _, c := range rr.Levels {
		if c.Name == "Close" && c.Disagree {
			t.Errorf("1 of 10 beside 10 of 100 flagged: %+v", c)
		}
	}
	// The first mover (north, in every record) won 3 of 10, the bots'
	// 50 of 100 (40.4-59.6%): the intervals overlap.
	if fm := rr.FirstMover; fm == nil || fm.Human.Count != 3 || fm.Disagree {
		t.Errorf("first mover %+v", fm)
	}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"human games recorded: 10 (4 marked made-up: test data, not played); 2 records of other scenarios left out",
		"first mover won              3 30.0% (10.8-60.3%)   50 50.0% (40.4-59.6%)\n", "4 rows disagree beyond their intervals"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	if !strings.Contains(b.String(), "north                        3 30.0% (10.8-60.3%)   90 90.0% (82.6-94.5%)   DISAGREE\n") {
		t.Errorf("north's row:\n%s", b.String())
	}
}

func round1(f float64) float64 { return float64(int(f*1000+0.5)) / 10 }

// Beside a sweep: 10 human games, north winning 3 (10.8-60.3%); at a
// point where the bots' north won 4 of 10 (16.8-68.7%) every interval
// overlaps, at one where it won 95 of 100 (88.8-97.8%) north and south
// disagree.
func TestSweepRecordsByHand(t *testing.T) {
	r := SweepReport{Scenario: "race", Played: 10, Points: []SweepPoint{
		{Point: "bid=1", Winners: []Share{{Name: "north", Count: 4}, {Name: "south", Count: 6}, {Name: "draw or none"}}},
		{Point: "bid=2", Winners: []Share{{Name: "north", Count: 95}, {Name: "south", Count: 5}, {Name: "draw or none"}}},
	}}
	r.Played = 10
	var games []HumanGame
	for i := 0; i < 10; i++ {
		w := "south"
		if i < 3 {
			w = "north"
		}
		games = append(games, HumanGame{Scenario: "race", Winner: w})
	}
	// The second point's games are 100: its shares are read from counts
	// over Played, so give that point its own report.
	r.CompareRecords(games)
	if p := r.Records.Points[0]; len(p.Disagree) != 0 {
		t.Errorf("bid=1 disagrees: %v", p.Disagree)
	}
	r2 := SweepReport{Scenario: "race", Played: 100, Points: r.Points[1:]}
	r2.CompareRecords(games)
	if p := r2.Records.Points[0]; strings.Join(p.Disagree, ",") != "north,south" {
		t.Errorf("bid=2 disagrees on %v, want north and south", p.Disagree)
	}
	var b bytes.Buffer
	r2.WriteText(&b)
	if !strings.Contains(b.String(), "points that DISAGREE (the winners beyond the intervals): bid=2 (north, south)") {
		t.Errorf("text:\n%s", b.String())
	}
}

// Records that name no level compare the winners only.
func TestCompareRecordsWithoutLevels(t *testing.T) {
	r := Report{Scenario: "race", Played: 10}
	r.CompareRecords([]HumanGame{{Scenario: "race", Winner: "north"}}, map[string]int{"north": 10}, map[string]int{"North Victory": 10})
	if r.Records.Levels != nil || len(r.Records.Winners) != 1 {
		t.Fatalf("levels %+v, winners %+v", r.Records.Levels, r.Records.Winners)
	}
	var b bytes.Buffer
	r.WriteText(&b)
	if regexp.MustCompile(`victory level +humans`).MatchString(b.String()) || !regexp.MustCompile(`winner +humans`).MatchString(b.String()) {
		t.Errorf("a level table with no recorded level:\n%s", b.String())
	}
}
