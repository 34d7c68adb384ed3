package uscw

import (
	"errors"
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
)

// The map's edge (5.1.4) is the test sheet's first and last rows and
// columns (rows 16-51, columns 1-49: a full rectangle of hexes), and no
// hex inside it.
func TestOffMapEdge(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	x, err := ng(1)
	if err != nil {
		t.Fatal(err)
	}
	b := x.(*Game).g.e.b
	for _, id := range []string{"1616", "1630", "5101", "3001", "3049", "5149"} {
		if !b.edge[b.pts[id]] {
			t.Errorf("%s is on the sheet's border but not an edge hex", id)
		}
	}
	for _, id := range []string{"1716", "3002", "3048", "5048", "2616"} {
		if b.edge[b.pts[id]] {
			t.Errorf("%s has six neighbours on the map but is an edge hex", id)
		}
	}
	rows, cols := 51-16+1, 49
	if want := 2*cols + 2*(rows-2); len(b.edge) != want {
		t.Errorf("%d edge hexes, want %d (the border of %d rows by %d columns)", len(b.edge), want, rows, cols)
	}
}

// A General eliminated off the map does not come back with a "return"
// event of the Turn Record Track (16.5.2's kind).
func TestEliminatedGeneralStaysOut(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	x, err := ng(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	id := onMapGeneral(t, g, "union")
	delete(g.genAt, id)
	g.gone[id] = "eliminated"
	g.generalEvent("return", id, "", "E", "test")
	if _, on := g.genAt[id]; on || g.displacedGen[id] != "" || g.gone[id] != "eliminated" {
		t.Fatalf("%s returned after being eliminated off the map (on the map %v, displaced %q, gone %q)", id, on, g.displacedGen[id], g.gone[id])
	}
}

// off-map-generals takes eliminated or displaced, and nothing else.
func TestOffMapOption(t *testing.T) {
	for v, want := range map[string]bool{"": false, "eliminated": false, "displaced": true} {
		if got, err := offMapOption(v); err != nil || got != want {
			t.Errorf("off-map-generals=%q: displaced %v, %v; want %v", v, got, err, want)
		}
	}
	err := checkOptions(map[string]string{"off-map-generals": "removed"})
	if !errors.Is(err, rules.ErrBadOption) || !strings.Contains(err.Error(), "5.1.4") {
		t.Fatalf("off-map-generals=removed: %v", err)
	}
}
