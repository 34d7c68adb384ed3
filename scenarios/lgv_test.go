package scenarios

import (
	"strings"
	"testing"
)

// The LGV setup as printed in 5.3.1 and 5.3.2 (002_3f3906921120270a.txt
// lines 233-337): the UNIT cell and its area or zone; "*" for units placed
// "with any Union Leader". Headings without a location (Cavalry Corps,
// I Corps (Lee commanding), the artillery reserves) are not units.
var lgvSetup = map[string][][2]string{
	"union": {
		{"Army of the Potomac (Hooker)", "73"}, {"Patrick", "73"}, {"CT Artillery", "73"},
		{"NY Artillery", "74"}, {"US Artillery", "74"},
		{"Colgate Engineer", "*"}, {"Reese Engineer", "*"}, {"Stuart Engineer", "*"},
		{"I Corps (Reynolds)", "74"}, {"Doubleday", "74"}, {"Robinson", "74"}, {"Wadsworth", "3"},
		{"II Corps (Couch)", "61"}, {"French", "61"}, {"Hancock", "61"}, {"Gibbon", "73"},
		{"III Corps (Sickles)", "63"}, {"Birney", "63"}, {"Berry", "63"}, {"Whipple", "63"},
		{"V Corps (Meade)", "56"}, {"Griffin", "56"}, {"Sykes", "56"}, {"Humphries", "56"},
		{"VI Corps (Sedgwick)", "74"}, {"Brooks", "3"}, {"Howe", "74"}, {"Newton", "74"},
		{"XI Corps (Howard)", "H"}, {"Devens", "H"}, {"von Steinwehr", "H"}, {"Schurz", "H"},
		{"XII Corps (Slocum)", "I"}, {"Williams", "I"}, {"Geary", "I"},
		{"Pleasanton", "*"},
	},
	"confederate": {
		{"Army of Northern Virginia (Lee)", "15"}, {"Army Artillery (Pendelton)", "C"}, {"Cutts", "C"}, {"Nelson", "C"},
		{"Anderson", "21"}, {"Perry", "21"}, {"Posey", "43"}, {"Mahone", "43"}, {"Wilcox", "22"}, {"Wright", "11"},
		{"McLaws", "8"}, {"Barksdale", "8"}, {"Kershaw", "8"}, {"Semmes", "8"}, {"Wofford", "8"},
		{"Alexander", "8"}, {"Washington", "D"},
		{"II Corps (Jackson)", "6"},
		{"A.P. Hill", "15"}, {"Archer", "15"}, {"Heth", "15"}, {"Lane", "15"}, {"McGowan", "15"}, {"Pender", "15"}, {"Thomas", "15"},
		{"Colston", "4"}, {"Jones", "4"}, {"Nicholls", "4"}, {"Paxton", "4"}, {"Warren", "4"},
		{"Early", "7"}, {"Hays", "7"}, {"Hoke", "7"}, {"Gordon", "7"}, {"Smith", "7"},
		{"Rodes", "6"}, {"Colquitt", "6"}, {"Doles", "6"}, {"Iverson", "A"}, {"O'Neal", "6"}, {"Ramseur", "6"},
		{"Brown", "B"}, {"McIntosh", "6"},
		{"Cavalry Corps (Stuart)", "47"}, {"Fitzhugh Lee", "47"}, {"William H. F. Lee", "47"},
	},
}

// TestLGVSetupAsPrinted: every unit of 5.3.1 and 5.3.2 is placed exactly
// once, exactly where the rulebook says, and nothing else is placed.
func TestLGVSetupAsPrinted(t *testing.T) {
	sf := Builtin().Scenario("lgv-01")
	if sf == nil {
		t.Fatal("lgv-01 is not shipped")
	}
	for side, want := range lgvSetup {
		var rows []SetupRow
		for _, tb := range sf.Scenario.Setup {
			if tb.Side == side {
				rows = append(rows, tb.Rows...)
			}
		}
		if len(rows) != len(want) {
			t.Errorf("%s: %d setup rows, the rulebook lists %d units", side, len(rows), len(want))
		}
		for _, w := range want {
			var found []SetupRow
			for _, r := range rows {
				if lgvSameUnit(r.Name, w[0]) {
					found = append(found, r)
				}
			}
			if len(found) != 1 {
				t.Errorf("%s %q: %d rows, want 1", side, w[0], len(found))
				continue
			}
			r := found[0]
			switch {
			case w[1] == "*":
				if r.Placement == nil || r.Hex != "" {
					t.Errorf("%s %q: want a placement with a Union leader, got hex %q placement %v", side, w[0], r.Hex, r.Placement)
				}
			case r.Hex != w[1]:
				t.Errorf("%s %q at %q, the rulebook says %q", side, w[0], r.Hex, w[1])
			}
		}
	}
	// 5.3.1: one Engineer per Area at most.
	for _, tb := range sf.Scenario.Setup {
		for _, r := range tb.Rows {
			if strings.HasSuffix(r.Name, "Engineer") && (r.Placement == nil || r.Placement.MaxPerLocation != 1) {
				t.Errorf("%s: placement should allow at most one engineer per area", r.Name)
			}
		}
	}
}

// lgvSameUnit matches a row name against the printed UNIT cell, which for
// command leaders reads "II Corps (Couch)": either form is accepted.
func lgvSameUnit(row, printed string) bool {
	if row == printed {
		return true
	}
	if i := strings.Index(printed, "("); i >= 0 {
		inner := strings.TrimSuffix(printed[i+1:], ")")
		return row == inner
	}
	return false
}
