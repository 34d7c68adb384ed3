package validate

import (
	"strings"
	"testing"
)

// A placement finding says what a user must look at: how far the leader
// stands and from which unit (in hexes on a hex map; "no unit" where the
// map cannot measure, as between LGV areas), and which units count for
// stacking. Fixtures leader-apart, lgv-stacking and lgv-stacking-leaders
// (see testdata/README.md): Jackson beside Early, his subordinate Leader,
// and no unit of his command counts (7.1.3 "so long as at least one unit
// from their command is present"; a Leader is no such unit).
func TestPlacementMessages(t *testing.T) {
	for _, c := range []struct{ fixture, code, want string }{
		{"testdata/leader-apart.json", "leader-apart", "Smith-B sets up in S1211, 8 hexes from the nearest unit of his command (Hinks in S1203, line 20); TPC leaders set up within 7 hexes of one"},
		{"testdata/leader-apart.json", "leader-apart", "Hancock-B sets up in S2108, 18 hexes from the nearest unit of his command (Gibbon in S0302, line 13)"},
		{"testdata/lgv-stacking.json", "leader-apart", "Howard sets up in 62, with no unit of his command (Devens is in H, line 112); LGV leaders set up in the same location as one"},
		{"testdata/lgv-stacking.json", "stacking", "7 union units count for stacking in 62 (Birney, Berry, Whipple, Griffin, Sykes, Humphries, Howard), over the limit of 6 — set some of them up elsewhere (LGV 7.1.1)"},
		{"testdata/lgv-stacking-leaders.json", "stacking", "11 confederate units count for stacking in 14 (Jackson, Early, Perry, Posey, Mahone, Wilcox, Wright, Barksdale, Kershaw, Semmes, Wofford), over the limit of 10"},
		{"testdata/lgv-stacking.json", "setup-restricted", "Howard sets up in 62, inside the region special rule 5 keeps it out of"},
		{"testdata/placement.json", "entry-schedule", `schedule entry "c-1864-12-19-reinforcement" brings confederate units, but this is the union setup`},
		{"testdata/placement.json", "entry-schedule", `schedule entry "u-1864-10-12-reinforcement" does not bring u.ferrero.inf`},
		{"testdata/placement.json", "award-unreachable", "union can never earn this award at S0505: special rule 1 keeps it out for the whole game"},
		{"testdata/placement.json", "hex-two-ids", "N0534 is the same hex as S0101 (line 15) (by the map's inferred overlap registration)"},
		{"testdata/edges.json", "edge-mismatch", "S0234 is not on the west edge of GTC South (column 01)"},
		{"testdata/every-check.json", "unit-side", `"c.dearing-b.cav" (Dearing-B) is a Confederate counter, but this is the Union setup`},
		{"testdata/manpower.json", "manpower-invalid", "manpower of 1 row(s) not checked against a maximum: no printed counter value and no game.json manpowerLimits entry covers them (1 Wagon)"},
	} {
		var got []string
		for _, d := range loadFixture(t, c.fixture) {
			if d.Code == c.code {
				got = append(got, d.Summary+" — "+d.Hint)
			}
		}
		found := false
		for _, m := range got {
			found = found || strings.Contains(m, c.want)
		}
		if !found {
			t.Errorf("%s: no %s finding says\n%s\ngot %q", c.fixture, c.code, c.want, got)
		}
	}
}

// A lost mark's finding points at the row the legend names, with the
// legend entry (footnote-lost.json line 13) as related information, as
// footnote-unused's Doc says.
func TestLostMarkRelatesTheLegend(t *testing.T) {
	for _, d := range loadFixture(t, "testdata/footnote-lost.json") {
		if d.Code != "footnote-unused" || !strings.HasPrefix(d.Summary, "Currie's row") {
			continue
		}
		if len(d.Related) != 1 || d.Related[0].Subject.Start.Line != 13 || d.Related[0].Message != "the legend entry that names this row" {
			t.Fatalf("related %+v, want the legend entry on line 13", d.Related)
		}
		return
	}
	t.Fatal("no footnote-unused finding on Currie's row")
}

// The top band of a victory-level table is open above: one closed with an
// exclusive bound (under) is reported at that bound, with the hint to
// remove it, not at max, which the band does not have (fixture
// levels-top-under, see testdata/README.md).
func TestTopBandClosedWithUnder(t *testing.T) {
	for _, d := range loadFixture(t, "testdata/levels-top-under.json") {
		if d.Code != "vp-levels" {
			continue
		}
		if !strings.Contains(d.Summary, `the top band "Union Victory" should be open above`) || d.Hint != "remove under from the top band" || d.Subject.Start.Line != 16 {
			t.Errorf("got %q — %q at line %d; want the top band reported at its under (line 16), hint to remove under", d.Summary, d.Hint, d.Subject.Start.Line)
		}
		return
	}
	t.Fatal("no vp-levels finding on the top band closed with under")
}
