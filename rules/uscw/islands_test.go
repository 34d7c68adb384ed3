package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
)

// The test module's made-up sound (gen.py's coastal block) is on the
// board: the two Islands joined by Tidal River Paths are spaces without
// land neighbours, after the hexes and before the Coastal Forts (which
// stay last in board order, as coastal.go's readers need); the shipped
// Islands, which no path joins, stay off it; the four paths between
// spaces are waterways of their own (the sea's is the Island's sea access:
// an Ocean Port space), never a land step's river.
func TestIslandsOnBoard(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	if len(b.islands) != 2 {
		t.Fatalf("%d Islands on the board, want the 2 made-up ones", len(b.islands))
	}
	for id, port := range map[string]string{"test-inlet": "ocean", "test-roanoke": ""} {
		p := rules.Point{Frame: -1, Area: id}
		h := b.hexes[p]
		if !b.isIsland(p) || h == nil || h.Terrain != islandTerrain || h.Port != port || len(b.nbrs[p]) != 0 || !markable(h) {
			t.Fatalf("%s: island %v, hex %+v, %d neighbours", id, b.isIsland(p), h, len(b.nbrs[p]))
		}
		if h.States[0] != "north-carolina" {
			t.Errorf("%s lies in %v, want its ports' North Carolina", id, h.States)
		}
	}
	if _, on := b.pts["hatteras-inlet"]; on {
		t.Error("the shipped Hatteras Inlet, joined by no path, is on the board")
	}
	for _, p := range b.order[len(b.order)-len(b.coastal):] {
		if b.coastal[p] == nil {
			t.Fatalf("%s among the Coastal Forts at the end of the board order", b.ids[p])
		}
	}
	tidal := 0
	for s, ns := range b.ww.sides {
		if !ns.tidal {
			continue
		}
		tidal++
		if len(b.ww.touch[s]) == 0 && !ns.chesapeake { // the Chesapeake path joins two ports alone
			t.Errorf("the Tidal River Path %s-%s runs on to nothing", b.ids[b.order[ns.a]], b.ids[b.order[ns.b]])
		}
	}
	if tidal != 4 {
		t.Errorf("%d Tidal River Paths between spaces, want 4", tidal)
	}
	for i := range b.next {
		for _, st := range b.next[i] {
			if st.nav >= 0 && b.ww.sides[st.nav].tidal {
				t.Fatalf("the land step %s-%s is marked with a Tidal River Path", b.ids[b.order[i]], b.ids[b.order[st.to]])
			}
		}
	}
	if !b.islandOrFort(rules.Point{Frame: -1, Area: "test-roanoke"}) {
		t.Error("16.2 (U1317): an Island is no place for a 3-star General")
	}
}
