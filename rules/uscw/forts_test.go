package uscw

import (
	"slices"
	"testing"

	"github.com/musterhq/muster/rules"
)

// A completed Union Fortification on a Resource Hex acts as a Union
// Control marker does (6.4.1-6.4.2, U393, U399): it destroys the hex's
// Arsenals and, from 1863, a Heartland hex of 2 or more BPs; not where a
// Union marker already stood.
func TestUnionFortificationDestroys(t *testing.T) {
	ng := checkedGames(t, "testdata/module/scenarios/03-1863.json")
	fresh := func() *game {
		x, err := ng(1)
		if err != nil {
			t.Fatal(err)
		}
		return x.(*Game).g
	}
	g := fresh()
	if y := g.e.year(g.turn); y < 1863 {
		t.Fatalf("the 1863 scenario starts in %d", y)
	}
	var p rules.Point
	found := false
	for _, q := range g.e.resources {
		h := g.e.b.hexes[q]
		if *h.BP >= 2 && slices.Contains(heartland, homeState(h)) && g.marker[q] == "" && !g.destroyed[q] {
			p, found = q, true
			break
		}
	}
	if !found {
		t.Fatal("no Heartland Resource Hex of 2+ BPs on the test map")
	}
	g.arsenal[p] = 1
	g.placeEntrenchment("union", p)
	if !g.destroyed[p] || g.arsenal[p] != 0 {
		t.Errorf("a Union Entrenchment on %s: destroyed %v, Arsenals %d; want destroyed and none", g.e.b.ids[p], g.destroyed[p], g.arsenal[p])
	}
	// A Confederate Entrenchment destroys nothing.
	g = fresh()
	g.arsenal[p] = 1
	g.placeEntrenchment("confederate", p)
	if g.destroyed[p] || g.arsenal[p] != 1 {
		t.Errorf("a Confederate Entrenchment on %s destroyed it (%v) or its Arsenal (%d)", g.e.b.ids[p], g.destroyed[p], g.arsenal[p])
	}
	// Where a Union Control marker stood already, a Union Fort completed
	// destroys nothing more (U399).
	g = fresh()
	g.marker[p] = "union"
	g.works[p] = works{build: "union", buildLevel: 1, doneTurn: g.turn, donePhase: g.phase}
	g.completeForts("union")
	if g.works[p].fort != "union" || g.marker[p] != "" {
		t.Fatalf("the Fort was not completed or the marker not removed: %+v, marker %q", g.works[p], g.marker[p])
	}
	if g.destroyed[p] {
		t.Errorf("a Union Fort completed where a Union Control marker stood destroyed %s", g.e.b.ids[p])
	}
}
