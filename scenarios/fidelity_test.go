package scenarios

import (
	"slices"
	"testing"
)

// TPC scenarios 3 (line 398) and 4 (line 514) print the Union manpower-loss
// VP line with a blank VP column. The -2 the data holds is inferred, not
// printed: the note says so on the points field, and the victory count reads
// such a note as "this total is not exact".
func TestUnprintedUnionLossPointsAreInferred(t *testing.T) {
	for id, line := range map[string]string{"tpc-03": "398-399", "tpc-04": "514"} {
		sf := Builtin().Scenario(id)
		if sf == nil {
			t.Fatalf("%s is not shipped", id)
		}
		found := 0
		for _, a := range sf.Scenario.Victory.Awards {
			if a.Kind != "manpower-loss" || a.LossSide != "union" || !slices.Contains(a.Causes, "combat") {
				continue
			}
			found++
			if a.PrintedPoints != "" {
				t.Errorf("%s: the Union-loss line carries printedPoints %q, but nothing is printed", id, a.PrintedPoints)
			}
			ok := false
			for _, n := range a.Notes {
				if n.Field == "points" && (n.Kind == "inferred" || n.Kind == "missing") && n.Source != nil && n.Source.Lines == line {
					ok = true
				}
				if n.Field == "points" && n.Kind == "correction" {
					t.Errorf("%s: a blank VP cell is not a misprint, yet the points carry a correction note", id)
				}
			}
			if !ok {
				t.Errorf("%s: the Union-loss line has no inferred note on points citing line %s", id, line)
			}
		}
		if found != 1 {
			t.Errorf("%s: %d Union manpower-loss lines for combat, want 1", id, found)
		}
	}
}

// The TPC rulebook never lists which corps make up an army, yet the parent
// decides which units the July and December withdrawals select (16.3). Each
// corps filed under an army says what that rests on: inferred with its
// evidence, or the printed line that states it.
func TestTPCCorpsArmyIsNoted(t *testing.T) {
	g := Builtin().Module("tpc").Game
	for side, cmds := range g.Commands {
		level := map[string]string{}
		for _, c := range cmds {
			level[c.Code] = c.Level
		}
		for _, c := range cmds {
			if c.Level != "corps" || level[c.Parent] != "army" {
				continue
			}
			ok := false
			for _, n := range c.Notes {
				ok = ok || n.Field == "parent" && (n.Kind == "inferred" || n.Kind == "comment") && n.Source != nil && n.Source.Lines != ""
			}
			if !ok {
				t.Errorf("%s command %s: parent %s carries no note with its evidence", side, c.Code, c.Parent)
			}
		}
	}
}
