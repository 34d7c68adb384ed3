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

// TestStartControlMarkers pins the 1863 scenario's "Union Control
// Markers" (S3.1, U1875): a Town of an enemy-controlled state with Union
// SPs takes a Union marker, one where the Union has a Fort does not, and
// no track moves (the scenario's tracks count the start).
func TestStartControlMarkers(t *testing.T) {
	x, err := checkedGames(t, "testdata/module/scenarios/03-1863.json")(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	b := g.e.b
	town, fortified := b.pts["3135"], b.pts["3142"] // Towns of Louisiana and Arkansas, Confederate states
	g.sp["union"][town], g.sp["union"][fortified] = 2, 1
	g.works[fortified] = works{fort: "union", level: 1}
	vp, bps := g.core.Tracks["union-vp"], g.core.Tracks["resource-bps"]
	g.startControlMarkers("union")
	if g.marker[town] != "union" {
		t.Errorf("3135 (a Louisiana Town with 2 Union SPs): marker %q, want union", g.marker[town])
	}
	if g.marker[fortified] != "" {
		t.Errorf("3142 (a Union Fort): marker %q, want none: 'except where you have an Entrenchment or Fort'", g.marker[fortified])
	}
	if g.core.Tracks["union-vp"] != vp || g.core.Tracks["resource-bps"] != bps {
		t.Errorf("tracks moved: Union VPs %v -> %v, Resource BPs %v -> %v", vp, g.core.Tracks["union-vp"], bps, g.core.Tracks["resource-bps"])
	}
	if g.gone["u.mcclellan.ldr-general"] != "removed" || g.gone["u.butler.ldr-general"] != "unassigned" {
		t.Errorf("start boxes: McClellan %q, Butler %q, want removed and unassigned", g.gone["u.mcclellan.ldr-general"], g.gone["u.butler.ldr-general"])
	}
}
