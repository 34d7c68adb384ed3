package uscw

import (
	"fmt"
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

// A stack with a Supply Path and no LOC (no Depot within 4 MPs) is in
// supply (13.1, U945, U949): the End Turn Rally rallies it (12.5.3,
// U933: "all Demoralized units that are in Supply (13.1) immediately
// Rally"; 20.2, U1679), a General may be placed with it (16.2, U1317:
// "a LOC to a Primary Supply Source", read with 13.4.1 and 13.5.2 as
// primarySupplied), and a returning Displaced General goes to it (14.6,
// U1241); a stack Out of Supply stays Demoralized. On the test module's
// map (made up) the campaign's 1861 Missouri hex 2044 is one hex from
// the Union-controlled railroad at 2045 and 4 MPs from no Union Depot
// (Kentucky joins the Union first: the railroad's source, the Objective
// Hex 2649, must be in Full Supply, 6.5.1 U409, and its Supply Path runs
// north through Kentucky, which no Supply Path enters while neutral,
// 17.1.3; Confederate Control markers hold Kentucky's Towns in column
// 42, rows 16-25, which would be Union Depots 2 hexes away);
// 3230 lies in a Southern State with no Union Depot near (script 10).
// The old reading (an LOC only) left 2044 Demoralized and no space for
// a General.
func TestSupplyPathWithoutLOC(t *testing.T) {
	e, err := Compile(loadScenario(t, scenCampaign))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	path, out := e.b.pts["2044"], e.b.pts["3230"]
	g.joinState(kentucky, "union")
	for r := 16; r <= 25; r++ { // Kentucky's Towns in column 42, Union with their state, would be Depots
		g.setMarker(e.b.pts[fmt.Sprintf("%02d42", r)], "confederate")
	}
	g.addSP("union", path, 3)
	g.addSP("union", out, 1)
	c := g.supplyFor("union")
	if !g.inFullSupply("union", path) || g.locToSource("union", path, c) || g.locToFortress("union", path, c) {
		t.Fatalf("the premise: 2044 in Full Supply (%v) with no LOC to a source (%v) or Fort (%v)", g.supplyAt("union", path), g.locToSource("union", path, c), g.locToFortress("union", path, c))
	}
	if l := g.supplyAt("union", out); l != outOfSupply {
		t.Fatalf("the premise: 3230 Out of Supply, is %v", l)
	}
	gen := g.gens["u.mcdowell.ldr-general"]
	if gen == nil {
		t.Fatal("no McDowell in the test module")
	}
	if !g.placeable(gen, path) || g.placeable(gen, out) {
		t.Fatalf("16.2: a General placeable in 2044 %v (want true), in 3230 %v (want false)", g.placeable(gen, path), g.placeable(gen, out))
	}
	g.demoral["union"][path] = true
	g.demoral["union"][out] = true
	g.endTurnRally()
	if g.demoral["union"][path] || !g.demoral["union"][out] {
		t.Fatalf("20.2: Demoralized after the End Turn Rally: 2044 %v (want false), 3230 %v (want true)", g.demoral["union"][path], g.demoral["union"][out])
	}
}
