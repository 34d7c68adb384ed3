package uscw

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/musterhq/muster/rules"
)

// The bots are offered a returning Displaced General's two largest legal
// stacks of his theater (14.6): script 428's position before the Union
// places Fremont, Displaced in the West, holds Sherman's 3 SPs in 2822
// and the 2 returned SPs in 2621 (West, on the made-up map), and St.
// Louis's SPs (2807, Trans-Mississippi) are not his to join.
func TestDisplacedGeneralOffers(t *testing.T) {
	raw, err := os.ReadFile("testdata/playtests/428-displaced-boxes-by-theater.json")
	if err != nil {
		t.Fatal(err)
	}
	var script struct {
		Steps []rules.Step `json:"steps"`
	}
	if err := json.Unmarshal(raw, &script); err != nil {
		t.Fatal(err)
	}
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	d := diceDriver(t, e, "displaced-general-offers", false, 1, 6)
	for _, s := range script.Steps {
		if s.Play == "place" && s.Unit == "u.fremont.ldr-general" {
			break
		}
		if s.Do != "" || s.Play != "" {
			actSteps(t, d, s)
		}
	}
	g := d.g
	if g.stage != stReinforce || len(g.grants) == 0 || g.grants[0].general != "u.fremont.ldr-general" {
		t.Fatalf("the premise: Fremont waits to be placed; stage %s, grants %+v", stageNames[g.stage], g.grants)
	}
	var got []string
	for _, c := range g.placementCandidates(nil) {
		got = append(got, c.place+" "+g.e.b.ids[c.from])
	}
	want := []string{"u.fremont.ldr-general 2822", "u.fremont.ldr-general 2621"}
	if !slices.Equal(got, want) {
		t.Fatalf("offers %q, want %q", got, want)
	}
	for _, c := range g.placementCandidates(nil) {
		if err := g.clone().play(c); err != nil {
			t.Errorf("offered %q, refused: %v", c.place+" "+g.e.b.ids[c.from], err)
		}
	}
}
