package validate

import (
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// A state value is checked against its dimension: a level within min-max
// inclusive (both ends allowed), a whole number; an enum one of its
// values; a flag true or false.
func TestStateValueError(t *testing.T) {
	lo, hi := 0, 4
	level := &scenarios.StateDimension{ID: "fatigue", Kind: "level", Min: &lo, Max: &hi}
	enum := &scenarios.StateDimension{ID: "entrenchment", Kind: "enum", Values: []string{"Breastworks-Complete", "Fort-Complete"}}
	flag := &scenarios.StateDimension{ID: "exhausted", Kind: "flag"}
	for _, c := range []struct {
		dim  *scenarios.StateDimension
		v    any
		want string
	}{
		{level, 0.0, ""}, {level, 4.0, ""}, {level, 2.0, ""},
		{level, -1.0, "fatigue -1 is outside 0-4"}, {level, 5.0, "fatigue 5 is outside 0-4"},
		{level, 1.5, "fatigue is a level: write a whole number"},
		{enum, "Breastworks-Complete", ""}, {enum, "Fort-Complete", ""},
		{enum, "Fort", "Fort is not a value of entrenchment (Breastworks-Complete, Fort-Complete)"},
		{flag, true, ""}, {flag, "yes", "exhausted is a flag: write true or false"},
	} {
		if got := stateValueError(c.dim, c.v); got != c.want {
			t.Errorf("%s = %v: %q, want %q", c.dim.ID, c.v, got, c.want)
		}
	}
}

// A legend names a row by its printed name as a word, or by the name
// before its counter suffix when that is longer than two letters (Heth
// for Heth-B); names begin and hold any letter, A to Z, a to z.
func TestRowNamedBy(t *testing.T) {
	table := &scenarios.SetupTable{Rows: []scenarios.SetupRow{
		{Name: "Zook", Unit: "u.zook"}, {Name: "Anderson", Unit: "c.anderson"}, {Name: "Heth-B", Unit: "c.heth-b"},
		{Name: "Ab-C", Unit: "x.ab-c"}, {Name: "Ozanam", Unit: "x.ozanam"}, {Name: "Marker", Unit: ""},
	}}
	for _, c := range []struct {
		text string
		want int
	}{
		{"Zook begins the game entrenched", 0},
		{"(Anderson) starts fatigued", 1},
		{"Heth holds the line", 2},
		{"Indicated units start at Fatigue Level 0", -1},
		{"Ab is not a name of three letters", -1},
		{"Ozanam.", 4},
		{"Marker", -1},
	} {
		if got := rowNamedBy(table, c.text); got != c.want {
			t.Errorf("rowNamedBy(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
