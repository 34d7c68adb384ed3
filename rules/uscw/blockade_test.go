package uscw

import "testing"

// 14.4.5 does not say whether a "+2M" result also gives BPs (U1205: "If
// the result on the Blockade Runner die roll is +2M, then ... the
// Maintenance Cost ... immediately goes up by 2 points"). A cell holding
// both (made up here: 3 BPs and +2M) gives its BPs by default and none
// under blockade-2m=no-bps; the Maintenance Cost rises by 2 either way.
func TestBlockade2MReading(t *testing.T) {
	for _, c := range []struct {
		options map[string]string
		bps     int
	}{{nil, 3}, {map[string]string{"blockade-2m": "with-bps"}, 3}, {map[string]string{"blockade-2m": "no-bps"}, 0}} {
		ng, err := Ruleset{}.Compile(loadScenario(t, scen1861), c.options)
		if err != nil {
			t.Fatal(err)
		}
		x, err := ng(1)
		if err != nil {
			t.Fatal(err)
		}
		g := x.(*Game).g
		e := g.e
		cell, _, _ := e.blockade.CellAt(e.blockade.ColumnFor(e.year(g.turn), ""), 2)
		three, two := 3, 2
		cell.Text, cell.BP, cell.Maintenance = "3 +2M", &three, &two
		g.core.Tracks["blockade.north-atlantic"] = 0
		g.dice.Force(2)
		before := g.core.Tracks["maintenance"]
		if got := g.blockadeRoll("north-atlantic"); got != c.bps {
			t.Errorf("%v: the +2M cell with 3 BPs gives %d BPs, want %d", c.options, got, c.bps)
		}
		if rise := g.core.Tracks["maintenance"] - before; rise != 2 {
			t.Errorf("%v: Maintenance rose by %g, want 2", c.options, rise)
		}
	}
	if err := checkOptions(map[string]string{"blockade-2m": "sometimes"}); err == nil {
		t.Error("blockade-2m=sometimes accepted")
	}
}
