package uscw

import (
	"strings"
	"testing"
)

// TestSetupMarkerRows pins the set-up of an At Start Card's marker rows
// (setup.go): the test module's 1863 rows are placed, and a row the
// rules do not allow is logged as not placed, never set up.
func TestSetupMarkerRows(t *testing.T) {
	x, err := checkedGames(t, "testdata/module/scenarios/03-1863.json")(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	b := g.e.b
	if got := g.worksText("fort", b.pts["3340"]); got != "confederate F1" {
		t.Errorf("fort in 3340 = %s, want the set-up's confederate F1", got)
	}
	if got := g.worksText("entrenchment", b.pts["2836"]); got != "union" {
		t.Errorf("entrenchment in 2836 = %s, want the set-up's union one", got)
	}
	if got := g.marker[b.pts["3035"]]; got != "union" {
		t.Errorf("Control marker in 3035 = %q, want the set-up's union one", got)
	}
	var coastal string
	for id, p := range b.pts {
		if b.coastal[p] != nil {
			coastal = id
			break
		}
	}
	for _, c := range []struct{ side, marker, hex, why string }{
		{"confederate", "fort-f2", "3340", "holds a Fortification already"},
		{"union", "control", "3341", "no Town, Objective Hex"},
		{"union", "arsenal", "3028", "the engine sets up"},
		{"", "fort-f1", "3341", "names no side"},
		{"union", "fort-f1", coastal, "Coastal Fort"},
	} {
		before := g.worksText("fort", b.pts[c.hex]) + g.marker[b.pts[c.hex]]
		why := g.setupMarker(c.side, c.marker, b.pts[c.hex])
		if !strings.Contains(why, c.why) {
			t.Errorf("%s %s in %s: %q, want refused (%s)", c.side, c.marker, c.hex, why, c.why)
		}
		if after := g.worksText("fort", b.pts[c.hex]) + g.marker[b.pts[c.hex]]; after != before {
			t.Errorf("%s %s in %s: refused, yet the hex changed from %q to %q", c.side, c.marker, c.hex, before, after)
		}
	}
}
