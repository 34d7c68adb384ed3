package uscw

import (
	"slices"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// gameOnMap starts a game of the scenario at path whose map hexes named
// in edits are changed first, in memory: a feature the made-up test map
// lacks (a Resource Hex, a City, a capital), compiled as the map's own.
func gameOnMap(t testing.TB, path string, edits map[string]func(*scenarios.HexData)) *game {
	t.Helper()
	sf := loadScenario(t, path)
	for i := range sf.Module.Map.Hexes {
		if edit, ok := edits[sf.Module.Map.Hexes[i].At]; ok {
			edit(&sf.Module.Map.Hexes[i])
		}
	}
	e, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// West Virginia's "Resource Hexes, Towns and Ports are also considered
// part of Virginia when they are under Confederate control" (17.1.2,
// U1364), and its Resource Hexes give their BPs as the Southern States'
// do (17.1.6, U1382; U1714). The test map has no West Virginia Resource
// Hex or Port, so the test marks the Town 2935 a Resource Hex of 2 BPs
// and makes the North Carolina river port 3408 a West Virginia Port, in
// memory, before compiling.
func TestWestVirginiaCountsAsVirginia(t *testing.T) {
	// West Virginia starts Confederate (S1, U1793).
	g := gameOnMap(t, scen1861, map[string]func(*scenarios.HexData){
		"2935": func(h *scenarios.HexData) { bp := 2; h.BP = &bp },
		"3408": func(h *scenarios.HexData) { h.States = []string{westVirginia} },
	})
	e := g.e
	res, port := e.b.pts["2935"], e.b.pts["3408"]
	if g.controller(res) != "confederate" || !g.inFullSupply("confederate", res) || g.controller(port) != "confederate" {
		t.Fatalf("the premise: 2935 and 3408 Confederate (%q, %q), 2935 in Full Supply (%v)", g.controller(res), g.controller(port), g.inFullSupply("confederate", res))
	}
	if got := g.southernState(res); got != "virginia" {
		t.Fatalf("a Confederate-held West Virginia Resource Hex counts as %q, want virginia", got)
	}

	// 14.3.5: placed as a Virginia Resource Hex, within Virginia's 2 SPs.
	reinf := grant{side: "confederate", n: 2, where: "the East", theat: "east"}
	g.reinfState = map[string]int{} // as the Reinforcement Phase starts
	if !g.grantHex(reinf, res) {
		t.Error("14.3.5: Confederate reinforcements refused in a Confederate-held West Virginia Resource Hex in Full Supply")
	}
	g.reinfState["virginia"] = 2
	if g.grantHex(reinf, res) {
		t.Error("14.3.5: a third SP in Virginia placed through West Virginia: 'No more than 2 SPs may be placed in each state' (U1184)")
	}
	g.reinfState["virginia"] = 1
	if got := g.grantRoom(reinf, res); got != 1 {
		t.Errorf("14.3.5: 2935 takes %d with 1 placed in Virginia, want 1", got)
	}
	g.reinfState = map[string]int{}

	// 14.6: returning Displaced SPs go to "friendly-controlled Resource Hexes".
	back := grant{side: "confederate", n: 1, where: "the East's Displaced Box", theat: "east", displaced: true}
	if !g.grantHex(back, res) {
		t.Error("14.6: returning Displaced SPs refused in a Confederate-held West Virginia Resource Hex")
	}

	// 14.5: an Arsenal of Virginia may go there.
	if !slices.Contains(g.arsenalHexes("virginia"), res) {
		t.Error("14.5: a Confederate-held West Virginia Resource Hex takes no Arsenal of Virginia")
	}

	// 19.1.4: "a Confederate controlled Port blocks Union Naval Control on
	// Type 1 Navigable Rivers" in the Southern States (U1503).
	blocksUnion := func() bool {
		_, blocked := g.navalSearch()
		for _, s := range e.b.ww.atHex[e.b.index[port]] {
			if blocked[sideIndex("union")][s] {
				return true
			}
		}
		return false
	}
	if !blocksUnion() {
		t.Error("19.1.4: a Confederate-held West Virginia Port blocks no Union Naval Control")
	}

	// 14.3.2, 20.3.1: its BPs are the Confederate's, then the Union's.
	if u, c := g.resourceShare(res); u != 0 || c != 2 {
		t.Errorf("Confederate-held: the Resource Hex gives the Union %d and the Confederate %d, want 0 and 2", u, c)
	}
	vp, bps := g.core.Tracks["union-vp"], g.core.Tracks["resource-bps"]
	g.setMarker(res, "union")
	if d, r := g.core.Tracks["union-vp"]-vp, g.core.Tracks["resource-bps"]-bps; d != 2 || r != -2 {
		t.Errorf("a Union Control marker on 2935: Union VPs %+v and Resource BPs %+v, want +2 and -2 (6.4.1)", d, r)
	}

	// Under Union control they are West Virginia's again.
	if got := g.southernState(res); got != "" {
		t.Errorf("a Union-held West Virginia Resource Hex counts as %q, want no Southern State", got)
	}
	if g.grantHex(reinf, res) || g.grantHex(back, res) || slices.Contains(g.arsenalHexes("virginia"), res) {
		t.Error("a Union-held West Virginia Resource Hex takes Confederate SPs or an Arsenal")
	}
	g.setMarker(port, "union")
	if blocksUnion() {
		t.Error("a Union-held West Virginia Port blocks Union Naval Control")
	}
}

// 14.3.3 (U1170-1172): "The Confederate player receives 3 BPs for each
// Objective Hex in Kentucky and Missouri that he controls. ... No more
// than 9 BPs per Border State may be gained each turn." The test map has
// one Objective Hex in each (2642, 2649); the test makes four more Towns
// of Kentucky Objective Hexes, in memory.
func TestBorderStateBPsCapped(t *testing.T) {
	objective := func(h *scenarios.HexData) { h.Objective = true }
	g := gameOnMap(t, scen1861, map[string]func(*scenarios.HexData){"1642": objective, "1742": objective, "1842": objective, "1942": objective})
	e := g.e
	if got := g.borderBPs(); got != 0 {
		t.Fatalf("the premise: no Border State Objective Hex Confederate at the start, %d BPs", got)
	}
	want := []int{3, 6, 9, 9, 9} // 1 to 5 Kentucky Objective Hexes: 3 each, 9 at most
	for i, id := range []string{"1642", "1742", "1842", "1942", "2642"} {
		g.setMarker(e.b.pts[id], "confederate")
		if got := g.borderBPs(); got != want[i] {
			t.Errorf("%d Kentucky Objective Hexes Confederate: %d BPs, want %d", i+1, got, want[i])
		}
	}
	g.setMarker(e.b.pts["2649"], "confederate") // Missouri's own 9
	if got := g.borderBPs(); got != 12 {
		t.Errorf("5 in Kentucky and 1 in Missouri: %d BPs, want 9 + 3", got)
	}
}

// An Island space on the board that is a Blockade Runner Port (Roanoke
// Island, 14.4.3's example) opens and closes with its control: "An open
// port is one which is Confederate controlled" (14.4.2, U1191); Hatteras
// Inlet's control does not close it (14.4.7, U1211). The test map's
// Island Test Roanoke is given Roanoke Island's port attributes in memory.
func TestIslandBlockadeRunnerPort(t *testing.T) {
	sf := loadScenario(t, "testdata/module/scenarios/02-1862.json")
	for i := range sf.Module.Map.Features {
		if f := &sf.Module.Map.Features[i]; f.ID == "test-roanoke" {
			f.Attributes["blockadeZone"], f.Attributes["blockadeModifier"] = "north-atlantic", 1.0
		}
	}
	e, err := Compile(sf)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(e.runners, func(rp runnerPort) bool { return rp.name == "Test Roanoke" })
	if i < 0 || !e.runners[i].onBoard {
		t.Fatalf("Test Roanoke is no Blockade Runner Port on the board: %+v", e.runners)
	}
	p := e.b.pts["test-roanoke"]
	if g.controller(p) != "confederate" || g.ports.state[i] != portOpen {
		t.Fatalf("the premise: Test Roanoke Confederate (%q) and open (state %d)", g.controller(p), g.ports.state[i])
	}
	zone := g.core.Tracks["blockade.north-atlantic"]
	g.setMarker(p, "union")
	if g.ports.state[i] != portClosed {
		t.Errorf("a Union-controlled Roanoke: the port's state is %d, want closed", g.ports.state[i])
	}
	if d := g.core.Tracks["blockade.north-atlantic"] - zone; d != -1 {
		t.Errorf("the North Atlantic marker moved %+v, want -1 (the port's +1 gone)", d)
	}
	g.setMarker(p, "")
	if g.ports.state[i] != portOpen {
		t.Errorf("Roanoke Confederate again: the port's state is %d, want open", g.ports.state[i])
	}
}

// The Primary Supply Sources the test map has no hex for (13.2): "Any
// Union controlled City or capital that is located in a Northern or
// Border State that has an LOC to another Union controlled Objective
// Hex" (13.2.1, U957), and a Confederate "Southern state capital (other
// than Charleston, WV)" with "an LOC to two other Confederate controlled
// Resource Hexes" (13.2.2, U963). The test makes Towns into a City and
// capitals, in memory: 1628 (Maryland, Out of Supply as a Town), 3007
// (North Carolina, Limited Supply as a Town) and 2935 (West Virginia).
func TestCapitalAndCitySources(t *testing.T) {
	withPlaces := func(places map[string]string) *game {
		edits := map[string]func(*scenarios.HexData){}
		for id, pl := range places {
			edits[id] = func(h *scenarios.HexData) { h.Place = pl }
		}
		return gameOnMap(t, scen1861, edits)
	}
	supply := func(g *game, side, id string) string { return g.supplyAt(side, g.e.b.pts[id]).String() }
	towns := withPlaces(nil)
	if supply(towns, "union", "1628") != "out" || supply(towns, "confederate", "3007") != "limited" || supply(towns, "confederate", "2935") == "full" {
		t.Fatalf("the premise, as Towns: 1628 %s for the Union, 3007 %s and 2935 %s for the Confederate", supply(towns, "union", "1628"), supply(towns, "confederate", "3007"), supply(towns, "confederate", "2935"))
	}
	g := withPlaces(map[string]string{"1628": "city", "3007": "capital", "2935": "capital"})
	if got := supply(g, "union", "1628"); got != "full" {
		t.Errorf("13.2.1: a Union-controlled City of Maryland with an LOC to another Union Objective Hex is in %s supply, want full (a source)", got)
	}
	if got := supply(g, "confederate", "3007"); got != "full" {
		t.Errorf("13.2.2: a Confederate capital of North Carolina with an LOC to two other Resource Hexes is in %s supply, want full (a source)", got)
	}
	if got := supply(g, "confederate", "2935"); got == "full" {
		t.Error("13.2.2: a capital of West Virginia is a Confederate source: 'other than Charleston, WV'")
	}
	if got := supply(withPlaces(map[string]string{"3007": "city"}), "confederate", "3007"); got != "limited" {
		t.Errorf("13.2.2: a Confederate City that is no capital and no Resource Hex is in %s supply, want limited (no source)", got)
	}
}
