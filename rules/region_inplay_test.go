package rules

import (
	"fmt"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// Scenario 9 (Five Forks) is played on GTC South alone, and its special
// rule 1 restricts "Hex column 28xx (and west of there)" (a bare mask). Where
// GTC South overlaps another sheet, the same hex has that sheet's number
// too; the rule means GTC South's column 28, so the engine reads a bare mask
// on the sheets in play only. Reading it on every sheet a hex lies on made
// some GTC South hexes east of column 28 restricted, or undecidable.
func TestBareMaskReadOnTheSheetsInPlay(t *testing.T) {
	st := startOf(t, "tpc-09")
	sheet := st.Topo.ix.Sheets["gtc-south"]
	if sheet == nil {
		t.Fatal("no GTC South sheet")
	}
	region := &scenarios.Region{Mask: "28xx", AndBeyond: "west"}
	overlapped, differs := 0, 0
	for c := sheet.Columns.Min; c <= sheet.Columns.Max; c++ {
		for r := sheet.Rows.Min; r <= sheet.Rows.Max; r++ {
			id := fmt.Sprintf("GTC S%02d%02d", c, r)
			p, _, err := st.Topo.Locate(id, nil)
			if err != nil || len(st.Topo.Sheets(p)) < 2 {
				continue
			}
			overlapped++
			want := No
			if c <= 28 {
				want = Yes
			}
			if got := st.InRegion(p, region, st.regionContext(nil)); got != want {
				t.Errorf("%s: in 28xx-and-west %v, want %v (GTC South's column %d)", id, got, want, c)
			}
			if st.Topo.InRegion(p, region, RegionContext{}) != want {
				differs++
			}
		}
	}
	if overlapped == 0 || differs == 0 {
		t.Fatalf("%d GTC South hexes on two sheets, %d read otherwise on every sheet: the test shows nothing", overlapped, differs)
	}
}
