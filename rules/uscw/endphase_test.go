package uscw

import (
	"slices"
	"testing"
)

// Fading Glory spares the Confederate who holds St. Louis, Louisville or
// Wheeling (20.3.3, U1703), wherever the module places them; the test
// module places St. Louis only, in a Northern State, so the Kentucky town
// 1642 stands in for Louisville here.
func TestFadingGloryCities(t *testing.T) {
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/01-1861.json"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Louisville", "Wheeling"}; !slices.Equal(e.gloryUnplaced, want) {
		t.Fatalf("unplaced cities %v, want %v", e.gloryUnplaced, want)
	}
	if len(e.gloryCities) != 1 || e.b.ids[e.gloryCities[0]] != "2807" {
		t.Fatalf("placed cities %v, want St. Louis's 2807", e.gloryCities)
	}
	louisville := e.b.pts["1642"]
	e.gloryCities = append(e.gloryCities, louisville)
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.core.Tracks["csa-vp"] = 3
	g.marker[louisville] = "confederate"
	g.invadingTheNorth()
	if got := g.core.Tracks["csa-vp"]; got != 3 {
		t.Errorf("with a Confederate marker in the stand-in Louisville: %v CSA VPs, want 3 (no Fading Glory)", got)
	}
	delete(g.marker, louisville)
	g.invadingTheNorth()
	if got := g.core.Tracks["csa-vp"]; got != 2 {
		t.Errorf("with no marker there: %v CSA VPs, want 2 (Fading Glory's -1)", got)
	}
}
