package uscw

import "testing"

// The rules that ask for "a LOC to a Primary Supply Source" of the
// Confederate's units in a Coastal Fort read 10.3.2 SUPPLY's state, not the
// fort space's own trace (primarySupplied): a General's placement (16.2,
// U1317: "a space that has a LOC to a Primary Supply Source"; the 16.6.4
// Free Transfer's legal space), the returning Displaced Generals (14.6,
// U1241) and the Cavalry General cut off (8.7, U553: "Out of Supply (13.1)
// or only has Fortress Supply (13.2.3)"). On the test module's map (made
// up) Fort Johnson/Fisher's associated port is 3345, with an LOC to a
// Primary Supply Source and no Supply Path (script 400). Under a Union
// Control marker the port is not in the Confederate's supply (10.3.2,
// U747): the units inside have their own Coastal Fort's Fortress Supply
// alone (13.2.3; Out with coastal-fort-supply=port-only), though the fort
// space's own LOC runs through the enemy-controlled port at 1 MP more
// (13.4.4) to a Confederate SP beside it (a Depot) and on to a source: no
// General is placed there and a Cavalry General there is cut off. With a Union SP
// beside the port, the port keeps its LOC and the units inside are in
// Limited Supply by it (10.3.2), though the fort space's own LOC cannot
// enter the port in the Union ZOI (13.4.3): a General may be placed there.
// The old reading asked the fort space's own LOC in both cases.
func TestCoastalFortPrimarySupplied(t *testing.T) {
	for _, portOnly := range []bool{false, true} {
		e, err := Compile(loadScenario(t, scen1861))
		if err != nil {
			t.Fatal(err)
		}
		e.coastalPortOnly = portOnly
		fort, port := e.b.pts["fort-johnson-fisher"], e.b.pts["3345"]
		g0, err := newGame(e, 1)
		if err != nil {
			t.Fatal(err)
		}
		var gen *general
		for _, id := range e.genIDs {
			if x := g0.gens[id]; x.side == "confederate" && x.rank <= 2 {
				gen = x
				break
			}
		}
		if gen == nil {
			t.Fatal("no 1- or 2-star Confederate General in the test module")
		}
		around := []string{"3244", "3245", "3344", "3346", "3444", "3445"}
		depot := false
		for _, id := range around {
			g, err := newGame(e, 1)
			if err != nil {
				t.Fatal(err)
			}
			g.addSP("confederate", fort, 1)
			g.addSP("confederate", e.b.pts[id], 1) // a Depot (13.4.2) beside the port
			g.setMarker(port, "union")
			if !g.locToSource("confederate", fort, g.supplyFor("confederate")) {
				continue
			}
			depot = true
			want := map[bool]supplyLevel{false: limitedSupply, true: outOfSupply}[portOnly]
			if l := g.supplyAt("confederate", fort); l != want {
				t.Fatalf("port-only %v: fort-johnson-fisher is %v under a Union port, want %v", portOnly, l, want)
			}
			if g.primarySupplied("confederate", fort) || g.placeable(gen, fort) || !g.cavalryCutOff("confederate", fort) {
				t.Errorf("port-only %v, the port the Union's, a Confederate SP in %s: primarySupplied %v, placeable %v, cavalryCutOff %v; want false, false, true (10.3.2: not in supply; 13.2.3 Fortress Supply alone)",
					portOnly, id, g.primarySupplied("confederate", fort), g.placeable(gen, fort), g.cavalryCutOff("confederate", fort))
			}
		}
		if !depot {
			t.Fatal("the premise: a Confederate SP beside 3345 through which the fort space's own LOC runs to a source")
		}

		found := false
		for _, id := range around {
			h, err := newGame(e, 1)
			if err != nil {
				t.Fatal(err)
			}
			h.addSP("confederate", fort, 1)
			h.addSP("union", e.b.pts[id], 1)
			c := h.supplyFor("confederate")
			if h.locToSource("confederate", fort, c) || !h.locToSource("confederate", port, c) || h.supplyAt("confederate", port) != limitedSupply {
				continue
			}
			found = true
			if l := h.supplyAt("confederate", fort); l != limitedSupply {
				t.Fatalf("port-only %v, a Union SP in %s: fort-johnson-fisher is %v, want limited (its port's LOC)", portOnly, id, l)
			}
			if !h.primarySupplied("confederate", fort) || !h.placeable(gen, fort) || h.cavalryCutOff("confederate", fort) {
				t.Errorf("port-only %v, a Union SP in %s: primarySupplied %v, placeable %v, cavalryCutOff %v; want true, true, false (10.3.2: in supply by its port's LOC to a Primary Supply Source)",
					portOnly, id, h.primarySupplied("confederate", fort), h.placeable(gen, fort), h.cavalryCutOff("confederate", fort))
			}
		}
		if !found {
			t.Fatal("the premise: a Union SP beside 3345 that closes the fort space's LOC and leaves the port's")
		}
	}
}
