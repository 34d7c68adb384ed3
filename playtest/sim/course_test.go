package sim

import (
	"strings"
	"testing"
)

// Course counts read from a file are checked as the other counts are,
// and their digest shows an edit.
func TestCourseChecked(t *testing.T) {
	good := func() *Totals {
		tot, err := Run(Config{Scenario: "race", Games: 40, Seed: 5, Bots: []string{"random", "random"}, Workers: 1}, newRace)
		if err != nil {
			t.Fatal(err)
		}
		return tot
	}
	if err := good().Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(c *Course)
		want string
	}{
		{"routes short", func(c *Course) { c.Routes["final count"]-- }, "routes add up to 39 games"},
		{"negative", func(c *Course) { c.Margins["1"] = -1 }, `course margins "1" counts -1 games`},
		{"not whole", func(c *Course) { c.LeadChanges["x"] = 0 }, `course leadChanges "x" is not a whole number`},
		{"too many", func(c *Course) { c.LeadChanges["0"] += 100 }, "more than the 40 played"},
		{"leaders apart", func(c *Course) { c.LeaderByTurn["1"]["north"]++ }, "course turn 1"},
		{"vp NaN", func(c *Course) { c.VPByTurn["1"]["NaN"] = 0 }, "is not a number"},
		{"missing", func(c *Course) { c.Margins = nil }, "a table is missing"},
	} {
		tot := good()
		c.edit(tot.Course)
		if err := tot.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check = %v, want %q", c.name, err, c.want)
		}
	}
	tot := good()
	tot.Course.Margins["1"]++
	tot.Course.Margins["2"]--
	if err := tot.Verify(); err == nil || !strings.Contains(err.Error(), "course counts") {
		t.Errorf("an edit of the course counts: Verify = %v", err)
	}
}

// Against the scenario: an unknown route, a leader that is no side, a
// standing beyond the last turn.
func TestCourseCheckScenario(t *testing.T) {
	isSide := func(s string) bool { return s == "" || s == "north" || s == "south" }
	for _, c := range []struct {
		name string
		c    Course
		want string
	}{
		{"route", Course{Routes: map[string]int{"teleport": 1}}, `course route "teleport" is not a victory route`},
		{"leader", Course{LeaderByTurn: map[string]map[string]int{"1": {"east": 1}}}, `leader "east" is no side`},
		{"turn", Course{LeaderByTurn: map[string]map[string]int{"9": {"north": 1}}}, "end of turn 9, beyond the scenario's 8 turns"},
	} {
		if err := c.c.checkScenario(isSide, 8, "8 turns"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	ok := Course{Routes: map[string]int{"final count": 2, "unfinished": 1}, LeaderByTurn: map[string]map[string]int{"8": {"north": 1, "": 1}}}
	if err := ok.checkScenario(isSide, 8, "8 turns"); err != nil {
		t.Error(err)
	}
}
