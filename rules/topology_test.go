package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

func module(t testing.TB, id string) *scenarios.Module {
	m := scenarios.Builtin().Module(id)
	if m == nil || !m.Complete {
		t.Fatalf("shipped module %s did not load", id)
	}
	return m
}

// An id on any overlapping sheet resolves to one physical hex.
func TestOverlapIDsNameOneHex(t *testing.T) {
	topo := NewTopology(module(t, "tpc"))
	same := [][2]string{
		// lower(c,r) = upper(c+dc, r+dr): OTR S under OTR N at (+4,+33),
		// GTC S under OTR S at (-38,-29).
		{"OTR S0101", "OTR N0534"},
		{"OTR S2001", "OTR N2434"},
		{"GTC S3930", "OTR S0101"},
		{"GTC S3935", "OTR S0106"},
	}
	for _, pair := range same {
		a, _, err := topo.Locate(pair[0], nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := topo.Locate(pair[1], nil)
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Errorf("%s is %v but %s is %v", pair[0], a, pair[1], b)
		}
	}
	if p, _, _ := topo.Locate("GTC S3930", nil); len(topo.Sheets(p)) != 3 {
		t.Errorf("GTC S3930 lies on %v, want gtc-south, otr-south and otr-north", topo.Sheets(p))
	}
	a, _, _ := topo.Locate("OTR S0907", nil)
	if got := topo.Sheets(a); len(got) != 1 || got[0] != "otr-south" {
		t.Errorf("OTR S0907 lies on %v, want only otr-south", got)
	}
}

// USCW's grid (rrcc ids, pointy-topped rows) against adjacencies the
// rulebook implies (see the orientation note of its map).
func TestUSCWAdjacencies(t *testing.T) {
	topo := NewTopology(module(t, "uscw"))
	for _, pair := range [][2]string{{"2316", "2415"}, {"2415", "2516"}, {"2415", "2416"}, {"2515", "2414"}, {"2515", "2615"}, {"3641", "3542"}, {"3120", "3219"}, {"4619", "4519"}} {
		a, _, err1 := topo.Locate(pair[0], nil)
		b, _, err2 := topo.Locate(pair[1], nil)
		if err1 != nil || err2 != nil {
			t.Fatalf("%v: %v %v", pair, err1, err2)
		}
		if d, ok := topo.Distance(a, b); !ok || d != 1 {
			t.Errorf("distance %s-%s = %d (%v), want 1", pair[0], pair[1], d, ok)
		}
	}
}

// Property tests over random hexes of every sheet: distance is a metric,
// and each hex has exactly six neighbours at distance 1.
func TestDistanceIsAMetric(t *testing.T) {
	for _, id := range []string{"tpc", "uscw"} {
		m := module(t, id)
		topo := NewTopology(m)
		var pts []Point
		for _, s := range m.Map.Sheets {
			loc := scenarios.Location{Sheet: m.Index().Sheets[s.ID]}
			for i := 0; i < 40; i++ {
				loc.Col = s.Columns.Min + rand.IntN(s.Columns.Max-s.Columns.Min+1)
				loc.Row = s.Rows.Min + rand.IntN(s.Rows.Max-s.Rows.Min+1)
				if p, ok := topo.Point(loc); ok {
					pts = append(pts, p)
				}
			}
		}
		for _, a := range pts {
			n := 0
			for dx := -2; dx <= 2; dx++ {
				for dy := -2; dy <= 2; dy++ {
					if d, _ := topo.Distance(a, Point{Frame: a.Frame, X: a.X + dx, Y: a.Y + dy}); d == 1 {
						n++
					}
				}
			}
			if n != 6 {
				t.Fatalf("%s %v has %d neighbours", id, a, n)
			}
			for _, b := range pts {
				ab, ok1 := topo.Distance(a, b)
				ba, ok2 := topo.Distance(b, a)
				if ok1 != ok2 || ab != ba || (ab == 0) != (a == b) && ok1 {
					t.Fatalf("%s: d(%v,%v)=%d,%v but d(b,a)=%d,%v", id, a, b, ab, ok1, ba, ok2)
				}
				for _, c := range pts[:10] {
					ac, ok3 := topo.Distance(a, c)
					cb, ok4 := topo.Distance(c, b)
					if ok1 && ok3 && ok4 && ab > ac+cb {
						t.Fatalf("%s: triangle inequality fails for %v %v %v", id, a, b, c)
					}
				}
			}
		}
	}
}

func TestInRegion(t *testing.T) {
	m := module(t, "tpc")
	topo := NewTopology(m)
	prefixes := map[string]string{"S": "otr-south", "N": "otr-north"}
	at := func(id string) Point {
		p, _, err := topo.Locate(id, prefixes)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	ctx := RegionContext{Prefixes: prefixes}
	tests := []struct {
		hex    string
		region scenarios.Region
		want   Tri
	}{
		{"S0916", scenarios.Region{Mask: "Sxx16"}, Yes},
		{"S0915", scenarios.Region{Mask: "Sxx16"}, No},
		{"S0920", scenarios.Region{Mask: "Sxx16", AndBeyond: "south"}, Yes},
		{"S0915", scenarios.Region{Mask: "Sxx16", AndBeyond: "south"}, No},
		{"S0310", scenarios.Region{Mask: "03xx", AndBeyond: "west"}, Yes},
		{"S0410", scenarios.Region{Mask: "03xx", AndBeyond: "west"}, No},
		{"S0907", scenarios.Region{Hexes: []string{"S0907", "S0908"}}, Yes},
		{"S0907", scenarios.Region{Not: &scenarios.Region{Hexes: []string{"S0908"}}}, Yes},
		{"S0907", scenarios.Region{MapRegion: "dinwiddie-county"}, Unknown},
		{"S0907", scenarios.Region{Any: []scenarios.Region{{MapRegion: "dinwiddie-county"}, {Hexes: []string{"S0907"}}}}, Yes},
		{"S0907", scenarios.Region{All: []scenarios.Region{{MapRegion: "dinwiddie-county"}, {Hexes: []string{"S0908"}}}}, No},
		{"S0908", scenarios.Region{AdjacentTo: &scenarios.Region{Hexes: []string{"S0907"}}}, Yes},
		{"S0909", scenarios.Region{WithinOf: &scenarios.Within{Distance: 2, Of: scenarios.Region{Hexes: []string{"S0907"}}}}, Yes},
		{"S0910", scenarios.Region{WithinOf: &scenarios.Within{Distance: 2, Of: scenarios.Region{Hexes: []string{"S0907"}}}}, No},
		{"S0907", scenarios.Region{Sheet: "otr-south"}, Yes},
		{"S0907", scenarios.Region{Sheet: "otr-north"}, No},
		{"S0915", scenarios.Region{Mask: "SXX15"}, Yes},
		// Row 1 of OTR South is row 34 of OTR North, where column 03 of
		// one sheet is column 07 of the other: a bare mask cannot say.
		{"S0301", scenarios.Region{Mask: "03xx"}, Unknown},
		{"S0302", scenarios.Region{Mask: "03xx"}, Yes},
		// Row masks on the sheet laid over OTR South (its rows shifted by
		// 33 in the shared frame): N0534 is in row 34, N0533 is not.
		{"N0534", scenarios.Region{Mask: "Nxx34"}, Yes},
		{"N0533", scenarios.Region{Mask: "Nxx34"}, No},
		{"N0533", scenarios.Region{Mask: "OTR Nxx33"}, Yes},
		{"N1210", scenarios.Region{Mask: "N12xx"}, Yes},
		{"N1110", scenarios.Region{Mask: "N12xx"}, No},
	}
	for _, tt := range tests {
		if got := topo.InRegion(at(tt.hex), &tt.region, ctx); got != tt.want {
			t.Errorf("%s in %+v = %v, want %v", tt.hex, tt.region, got, tt.want)
		}
	}
}

// Every alias the rulebooks state (one hex printed with two ids) resolves to
// one physical hex through the overlap registration.
func TestAliasesRoundTrip(t *testing.T) {
	n := 0
	for _, id := range []string{"tpc", "lgv", "uscw"} {
		m := module(t, id)
		topo := NewTopology(m)
		for _, a := range m.Map.Aliases {
			var first Point
			for i, hex := range a.IDs {
				p, _, err := topo.Locate(hex, nil)
				if err != nil {
					t.Fatalf("%s alias %v: %v", id, a.IDs, err)
				}
				if i == 0 {
					first = p
				} else if p != first {
					t.Errorf("%s: %s is %v but %s is %v (%s)", id, a.IDs[0], first, hex, p, a.Name)
				}
				n++
			}
		}
	}
	if n < 8 {
		t.Fatalf("only %d alias ids checked", n)
	}
}

// Map-edge regions: TPC scenario 8 rule 4 places WH Lee "on any hex on the
// GTC South map on the south mapedge ... (e.g., GTC S3250 but not GTC
// S3350)"; scenario 10 counts exits "between GTC S0143 and S0149".
func TestEdgeRegions(t *testing.T) {
	topo := NewTopology(module(t, "tpc"))
	south := &scenarios.Region{Edge: &scenarios.RegionEdge{Sheet: "gtc-south", Side: "south"}}
	west := &scenarios.Region{Edge: &scenarios.RegionEdge{Sheet: "gtc-south", Side: "west", From: "S0143", To: "S0149"}}
	for _, c := range []struct {
		loc  string
		r    *scenarios.Region
		want Tri
	}{
		{"GTC S3250", south, Yes},
		{"GTC S3350", south, Yes},
		{"GTC S3249", south, No},
		{"OTR S0101", south, No},
		{"GTC S0143", west, Yes},
		{"GTC S0149", west, Yes},
		{"GTC S0142", west, No},
		{"GTC S0150", west, No},
		{"GTC S0243", west, No},
	} {
		p, _, err := topo.Locate(c.loc, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := topo.InRegion(p, c.r, RegionContext{}); got != c.want {
			t.Errorf("%s on %+v: %v, want %v", c.loc, *c.r.Edge, got, c.want)
		}
	}
}

// Hexside features and area boundaries are found whichever way the side is
// crossed.
func TestSides(t *testing.T) {
	for _, c := range []struct {
		module, a, b string
		want         []string
	}{
		{"tpc", "GTC S1729", "GTC S1629", []string{"bridge", "genito-bridge"}}, // scenario 10, line 1366
		{"tpc", "GTC S1629", "GTC S1729", []string{"bridge", "genito-bridge"}},
		{"tpc", "GTC S1729", "GTC S1730", nil},
		{"uscw", "2415", "2316", []string{"ferry", "ferry-cairo-2415"}}, // lines 1940-1942
		{"lgv", "53", "H", []string{"major-water"}},                     // LGV 14.1.1, line 703
		{"lgv", "G", "H", []string{"prohibited"}},                       // LGV 14.2, line 707
	} {
		topo := NewTopology(module(t, c.module))
		a, _, err := topo.Locate(c.a, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := topo.Locate(c.b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := topo.Side(a, b); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s %s-%s: %v, want %v", c.module, c.a, c.b, got, c.want)
		}
	}
}

// floorDiv rounds down (toward minus infinity), as the offset-to-cube
// conversion needs for the negative columns a sheet placed left of the
// first one gets.
func TestFloorDiv(t *testing.T) {
	for _, c := range [][3]int{{-4, 2, -2}, {-3, 2, -2}, {-1, 2, -1}, {0, 2, 0}, {1, 2, 0}, {3, 2, 1}, {4, 2, 2}, {-5, -2, 2}, {5, -2, -3}} {
		if got := floorDiv(c[0], c[1]); got != c[2] {
			t.Errorf("floorDiv(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}

// A hexside has one key whichever way it is crossed.
func TestSideKeySymmetric(t *testing.T) {
	pairs := [][2]Point{
		{{Frame: 0, X: 3, Y: 4}, {Frame: 0, X: 3, Y: 5}},
		{{Frame: 0, X: 3, Y: 4}, {Frame: 0, X: 4, Y: 4}},
		{{Frame: 0, X: 3, Y: 4}, {Frame: 0, X: 4, Y: 3}},
		{{Frame: 0, X: 3, Y: 4}, {Frame: 1, X: 3, Y: 4}},
		{{Frame: -1, Area: "3"}, {Frame: -1, Area: "12"}},
	}
	for _, p := range pairs {
		if a, b := sideKey(p[0], p[1]), sideKey(p[1], p[0]); a != b {
			t.Errorf("sideKey(%v, %v) = %v but the other way %v", p[0], p[1], a, b)
		}
	}
}

// A sheet's first and last columns and rows are on it.
func TestSheetEdgesAreOnTheSheet(t *testing.T) {
	topo := NewTopology(module(t, "tpc"))
	for _, id := range []string{"OTR S0101", "OTR S2424", "OTR S0124", "OTR S2401"} {
		p, _, err := topo.Locate(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, s := range topo.Sheets(p) {
			found = found || s == "otr-south"
		}
		if !found {
			t.Errorf("%s lies on %v, not on otr-south", id, topo.Sheets(p))
		}
	}
}

// LocalDigits reads the column and row of an id's last 2×digits
// characters (2 digits each when the sheet does not say).
func TestLocalDigits(t *testing.T) {
	for _, c := range []struct {
		id       string
		digits   int
		col, row int
		ok       bool
	}{
		{"0907", 0, 9, 7, true}, {"S0907", 2, 9, 7, true}, {"907", 2, 0, 0, false}, {"010203", 3, 10, 203, true},
	} {
		col, row, ok := LocalDigits(c.id, c.digits)
		if ok != c.ok || ok && (col != c.col || row != c.row) {
			t.Errorf("LocalDigits(%q, %d) = %d, %d, %v", c.id, c.digits, col, row, ok)
		}
	}
	for _, c := range [][3]string{{"GTC Sxx16", "GTC S", "xx16"}, {"xx16", "", "xx16"}, {"28xx", "", "28xx"}, {"x1", "", "x1"}} {
		if p, b := splitMask(c[0]); p != c[1] || b != c[2] {
			t.Errorf("splitMask(%q) = %q, %q", c[0], p, b)
		}
	}
}
