package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
)

// The board's dense table answers as its index map does: every hex and
// Coastal Fort space its board index, every other point (off the map,
// between the hexes, another frame) none, with 0 as the map's zero value.
func TestBoardDenseIsIndex(t *testing.T) {
	for _, path := range []string{scen1861, scenCampaign} {
		gm, err := checkedGames(t, path)(1)
		if err != nil {
			t.Fatal(err)
		}
		b := gm.(*Game).g.e.b
		if b.dense.idx == nil {
			t.Fatalf("%s: no dense table", path)
		}
		asked := 0
		for _, p := range b.order {
			for _, q := range []rules.Point{p, {Frame: p.Frame, X: p.X + 1, Y: p.Y}, {Frame: p.Frame, X: p.X, Y: p.Y - 1}, {Frame: p.Frame + 1, X: p.X, Y: p.Y},
				{Frame: p.Frame, X: p.X + 200, Y: p.Y}, {Frame: p.Frame, X: p.X, Y: -p.Y - 5}, {Frame: p.Frame, X: p.X, Y: p.Y, Area: "x"}} {
				want, wantOK := b.index[q]
				i, ok := b.at(q)
				if i != want || ok != wantOK || b.ix(q) != want {
					t.Fatalf("%s: %v: at %d %v, index %d %v", path, q, i, ok, want, wantOK)
				}
				if b.hex(q) != b.hexes[q] || len(b.neighbors(q)) != len(b.nbrs[q]) || b.fortSpace(q) != b.coastal[q] {
					t.Fatalf("%s: %v: hex, neighbours or Coastal Fort differ from the maps'", path, q)
				}
				asked++
			}
		}
		if len(b.coastal) == 0 {
			t.Fatalf("%s: no Coastal Fort space asked", path)
		}
		t.Logf("%s: %d points asked", path, asked)
	}
}
