package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
)

// The bots are offered the Naval card uses (19.6) in a position that
// calls for them, and each offer applies: an Amphibious Assault on a
// Fort with the Naval card it needs (19.5.1), a Naval Assist for a
// General beside an enemy-controlled tributary, a Shore Bombardment on
// an attack against a qualifying Fort, a card for Naval Transport. The
// position is script 90's and 92's (made-up test module).
func TestNavalCardsOfferedToBots(t *testing.T) {
	e, err := Compile(loadScenario(t, "testdata/module/scenarios/02-1862.json"))
	if err != nil {
		t.Fatal(err)
	}
	d := diceDriver(t, e, "naval-cards-offered", false, 5, 2)
	actSteps(t, d, []rules.Step{
		{Do: "place", Unit: "u.burnside.ldr-general", To: "2717", Manpower: 3},
		{Do: "place", Unit: "sps", To: "3318", Manpower: 1, Side: "confederate"},
		{Do: "marker", At: "3318", Marker: "fort-f1", Side: "confederate"},
		{Do: "place", Unit: "u.grant.ldr-general", To: "3418", Manpower: 3},
		{Do: "place", Unit: "u.sherman.ldr-general", To: "3517", Manpower: 3},
		{Do: "state", Unit: "union-special-action", Set: map[string]any{"hand": "2,5"}},
	}...)
	g := d.g
	if g.phasing != "union" || g.stage != stPlayer {
		t.Fatalf("want the Union's Player Action Phase, got %s in %s", g.phasing, stageNames[g.stage])
	}
	want := map[string]bool{
		"amphibious-assault u.burnside.ldr-general 3 SPs to 3318 with card 5 (its activation)": false,
		"card 5 assist u.sherman.ldr-general":                                                  false,
		"move u.grant.ldr-general 3 SPs 3318 with card 5 (Shore Bombardment +1)":               false,
		"card 5 transport": false,
	}
	cands := g.candidates(nil)
	for _, c := range cands {
		desc := g.describe(c)
		if _, ok := want[desc]; ok {
			want[desc] = true
		}
		if c.naval && c.assault && g.e.b.ids[g.e.b.order[c.dst]] == "3318" && c.card.n == 0 {
			t.Errorf("%s offered without the Naval card 19.5.1 needs against a Fort", desc)
		}
	}
	for desc, seen := range want {
		if !seen {
			t.Errorf("not offered: %s", desc)
		}
	}
	// Each offer applies in its own copy of the position.
	for _, c := range cands {
		desc := g.describe(c)
		if _, ok := want[desc]; !ok {
			continue
		}
		x := g.clone()
		x.log = rules.NewEventLog("naval-cards-offered", 1)
		if err := x.play(c); err != nil {
			t.Errorf("%s: %v", desc, err)
		}
	}
}
