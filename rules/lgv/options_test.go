package lgv

import (
	"strconv"
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// bid=N (module 18 bidding): a bid is a whole number of VP, 1 or more.
func TestBidOption(t *testing.T) {
	for _, v := range []string{"0", "-3", "two", ""} {
		if _, err := ParseOptions(map[string]string{"bid": v}); err == nil || !strings.Contains(err.Error(), "1 or more") {
			t.Errorf("bid=%q: %v, want it refused", v, err)
		}
	}
	for _, v := range []int{1, 7} {
		o, err := ParseOptions(map[string]string{"bid": strconv.Itoa(v)})
		if err != nil || o.Bid != v {
			t.Errorf("bid=%d: %+v, %v", v, o, err)
		}
	}
}

// bidBands (18.1, line 806: "the winning bid becoming the number of VP
// required for an Operational Victory") gives every whole VP total one
// level: by default the bid is the one threshold (the Union wins with the
// bid or more, the Confederate with less); with bid-reading=shift the
// 17.3 table (lines 788-796: Union Marginal 8-9, Decisive 10+; Confederate
// Marginal 5-7, Decisive 4 or less) moves so the Union Marginal Victory
// starts at the bid.
func TestBidBands(t *testing.T) {
	table := loadTest(t, testScenario).Scenario.Victory.Levels.Bands
	levelsAt := func(bands []scenarios.Band, vp float64) []string {
		var out []string
		for _, b := range bands {
			if rules.InBand(vp, b) {
				out = append(out, b.Level)
			}
		}
		return out
	}
	cases := []struct {
		opts Options
		want func(vp int) string
	}{
		{Options{}, func(vp int) string {
			switch {
			case vp >= 10:
				return "Union Decisive Victory"
			case vp >= 8:
				return "Union Marginal Victory"
			case vp >= 5:
				return "Confederate Marginal Victory"
			}
			return "Confederate Decisive Victory"
		}},
		{Options{Bid: 7}, func(vp int) string {
			if vp >= 7 {
				return "Union Operational Victory (bid 7)"
			}
			return "Confederate Operational Victory (bid 7)"
		}},
		{Options{Bid: 10, BidShiftsTable: true}, func(vp int) string {
			switch {
			case vp >= 12:
				return "Union Decisive Victory"
			case vp >= 10:
				return "Union Marginal Victory"
			case vp >= 7:
				return "Confederate Marginal Victory"
			}
			return "Confederate Decisive Victory"
		}},
	}
	for _, c := range cases {
		bands := bidBands(table, c.opts)
		for vp := -3; vp <= 25; vp++ {
			got := levelsAt(bands, float64(vp))
			if len(got) != 1 || got[0] != c.want(vp) {
				t.Errorf("%+v, %d VP: levels %q, want only %q", c.opts, vp, got, c.want(vp))
			}
		}
	}
	// The shift leaves the scenario's own table as it was.
	if got := levelsAt(table, 9); len(got) != 1 || got[0] != "Union Marginal Victory" {
		t.Errorf("the scenario's table was changed: 9 VP is %q", got)
	}
}

// A band's exclusive upper bound (under) moves with the bid like min and
// max: "under 8" shifted by a bid of 10 over the table's lowest Union
// minimum 8 becomes "under 10".
func TestBidBandsShiftUnder(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	table := []scenarios.Band{
		{Level: "Union Victory", Winner: "union", Min: f(8)},
		{Level: "Confederate Victory", Winner: "confederate", Under: f(8)},
	}
	bands := bidBands(table, Options{Bid: 10, BidShiftsTable: true})
	if got := bands[1].Under; got == nil || *got != 10 {
		t.Fatalf("under after the shift: %v, want 10", got)
	}
	if *table[1].Under != 8 {
		t.Errorf("the scenario's table was changed: under %v", *table[1].Under)
	}
}
