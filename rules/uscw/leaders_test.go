package uscw

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
)

// The bots are offered the Leader Management Phase's own choices (16.1):
// an arriving General's placement in another legal space of his theater
// (16.2) and up to two free repositionings (16.6.3); played through Apply
// in test mode (the invariant checker on), none costs an Action Point
// and no third repositioning is offered.
func TestLeaderManagementOfferedToBots(t *testing.T) {
	ng := checkedGames(t, scenCampaign)
	x, err := ng(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	// A second West stack for the arrivals of turn 2 (Grant and Buell on
	// the test module's track) besides Sherman's, as script 164 has.
	plantSPs(g, "union", g.e.b.pts["2621"], 2)
	for n := 0; g.stage != stLeaders; n++ {
		if n > 500 || g.stage == stOver {
			t.Fatalf("no Leader Management Phase reached (stage %s, turn %d)", stageNames[g.stage], g.turn)
		}
		if err := x.Apply(0); err != nil { // pass, the first choice of every stage passed through
			t.Fatal(err)
		}
	}
	find := func(prefix string) (int, string) {
		for _, a := range x.Legal() {
			if d := x.Describe(a); strings.HasPrefix(d, prefix) {
				return int(a), d
			}
		}
		return -1, ""
	}
	a, d := find("place ")
	if a < 0 {
		t.Fatalf("turn %d: no arriving General's placement offered to the %s", g.turn, g.mgmt.side)
	}
	id := strings.Fields(d)[1]
	from := g.genAt[id]
	if err := x.Apply(rules.Action(a)); err != nil { // the invariant checker holds 16.2
		t.Fatalf("%s: %v", d, err)
	}
	if g.genAt[id] == from {
		t.Fatalf("%s: %s in %s", d, id, g.e.b.ids[g.genAt[id]])
	}
	for i := 0; i < 2; i++ {
		a, d := find("transfer ")
		if a < 0 {
			t.Fatalf("repositioning %d not offered", i+1)
		}
		if err := x.Apply(rules.Action(a)); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
	}
	if g.mgmt.moves != 2 {
		t.Fatalf("%d free repositionings counted, want 2", g.mgmt.moves)
	}
	if _, d := find("transfer "); d != "" {
		t.Fatalf("a third repositioning offered: %s", d)
	}
}
