package rules

import (
	"testing"

	"github.com/musterhq/muster/scenarios"
)

func TestLeadChanges(t *testing.T) {
	for _, c := range []struct {
		leaders []string
		want    int
	}{
		{nil, 0},
		{[]string{"a", "a", "a"}, 0},
		{[]string{"a", "b", "a"}, 2},
		{[]string{"a", "", "b"}, 1}, // a level turn keeps the last leader
		{[]string{"", "", "b", "b"}, 0},
		{[]string{"a", "", "a"}, 0},
	} {
		var track []TurnVP
		for i, l := range c.leaders {
			track = append(track, TurnVP{Turn: i + 1, Leader: l})
		}
		if got := LeadChanges(track); got != c.want {
			t.Errorf("LeadChanges(%q) = %d, want %d", c.leaders, got, c.want)
		}
	}
}

func TestSwing(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	// LGV 17.3's table (002:788-797): Union 8+ wins, Confederate below.
	bands := []scenarios.Band{
		{Level: "Union Decisive", Winner: "union", Min: f(10)},
		{Level: "Union Marginal", Winner: "union", Min: f(8), Max: f(9)},
		{Level: "Confederate Marginal", Winner: "confederate", Min: f(5), Max: f(7)},
		{Level: "Confederate Decisive", Winner: "confederate", Max: f(4)},
	}
	read := ReadBands(bands, nil)
	for _, c := range []struct {
		total float64
		want  int
	}{{8, 1}, {7, 1}, {12, 5}, {0, 8}, {-3, 11}} {
		got, ok := Swing(c.total, read)
		if !ok || got != c.want {
			t.Errorf("Swing(%g) = %d, %v; want %d", c.total, got, ok, c.want)
		}
	}
	if _, ok := Swing(3, func(float64) string { return "union" }); ok {
		t.Error("a reading that never changes has a swing")
	}
	// The otherwise outcome reads the totals no band holds.
	read = ReadBands(bands[:1], &scenarios.Outcome{Winner: "confederate"})
	if got, ok := Swing(9, read); !ok || got != 1 {
		t.Errorf("Swing(9) with otherwise = %d, %v; want 1", got, ok)
	}
}

func TestVPEvent(t *testing.T) {
	e := VPEvent(TurnVP{Turn: 3, VP: 7, Leader: "union"}, "LGV 17.2")
	if e.Kind != "vp-track" || e.Turn != 3 || e.Data["vp"] != 7.0 || e.Data["leader"] != "union" || e.Rule != "LGV 17.2" {
		t.Errorf("VPEvent = %+v", e)
	}
	if _, ok := VPEvent(TurnVP{Turn: 1}, "").Data["leader"]; ok {
		t.Error("a turn with no leader names one")
	}
}
