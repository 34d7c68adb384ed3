package lgv

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// variantDriver starts a script driver on the test scenario with the
// variant id, the scenario's variants replaced by vs when vs is not nil.
func variantDriver(t *testing.T, id string, vs []scenarios.Variant) (*scriptDriver, error) {
	t.Helper()
	sf := loadTest(t, testScenario)
	if vs != nil {
		scen := *sf.Scenario
		scen.Variants = vs
		c := *sf
		c.Scenario = &scen
		sf = &c
	}
	d, err := newScriptDriver(sf, &rules.Script{ID: "variant", Variant: id, Seed: 1})
	if err != nil {
		return nil, err
	}
	return d.(*scriptDriver), nil
}

// 5.2 (line 225) "the Union player can switch": done keeps the standard
// setup and the game begins.
func TestVariantSetupDeclined(t *testing.T) {
	d, err := variantDriver(t, "variant-union-setup", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := d.g
	if g.stage != stSwap || g.toAct() != union {
		t.Fatalf("stage %s, side %d: want the Union's variant-setup decision", stageNames[g.stage], g.toAct())
	}
	if n := len(g.legalActions()); n != 1+6 {
		t.Errorf("%d actions offered; want done and the six corps I, II, III, V, VI, XII", n)
	}
	if err := g.apply(act(aDone, 0, 0)); err != nil {
		t.Fatal(err)
	}
	if g.stage != stImpulseStart || g.units[d.e.byID["u.howard.ldr-corps"]].loc != d.e.b.lookup("H") {
		t.Errorf("after done: stage %s, Howard in %d; want the impulse start with Howard in Zone H", stageNames[g.stage], g.units[d.e.byID["u.howard.ldr-corps"]].loc)
	}
}

// A corps with two setup Areas (I Corps: Area 74, Wadsworth in Area 3)
// switched with XI Corps (Zone H): each unit takes its partner's location.
func TestVariantSetupTwoAreas(t *testing.T) {
	d, err := variantDriver(t, "variant-union-setup", nil)
	if err != nil {
		t.Fatal(err)
	}
	x, err := d.encode(&rules.Step{Play: "swap-setup", Value: "I"})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.g.apply(x); err != nil {
		t.Fatal(err)
	}
	at := func(u string) string { return d.e.b.ids[d.g.units[d.e.byID[u]].loc] }
	for u, want := range map[string]string{
		"u.reynolds.ldr-corps": "H", "u.doubleday.inf": "H", "u.robinson.inf": "H", "u.wadsworth.inf": "H",
		"u.howard.ldr-corps": "74", "u.devens.inf": "74", "u.schurz.inf": "74", "u.von-steinwehr.inf": "3",
	} {
		if got := at(u); got != want {
			t.Errorf("%s in %s; want %s", u, got, want)
		}
	}
}

// Every variant effect the engine cannot play is refused when the game is
// set up, never left silently unplayed.
func TestVariantEffectsNotPlayedAreRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		ef   scenarios.Effect
		want string
	}{
		{"weather", scenarios.Effect{Kind: "weather"}, "(weather) is not played by the LGV engine"},
		{"swap-by-unit", scenarios.Effect{Kind: "setup-swap", Units: &scenarios.UnitFilter{Units: []string{"u.meade.ldr-corps"}}, With: &scenarios.UnitFilter{Commands: []string{"XI"}}}, "reads a filter by side, commands and leaders only"},
		{"swap-no-with", scenarios.Effect{Kind: "setup-swap", Units: &scenarios.UnitFilter{Commands: []string{"V"}}}, "units with commands and with one command are needed"},
		{"swap-unknown-command", scenarios.Effect{Kind: "setup-swap", Units: &scenarios.UnitFilter{Commands: []string{"XX"}}, With: &scenarios.UnitFilter{Commands: []string{"XI"}}}, "command XX has no union unit"},
	} {
		_, err := variantDriver(t, "v", []scenarios.Variant{{ID: "v", Title: "v", Effects: []scenarios.Effect{c.ef}}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v; want one saying %q", c.name, err, c.want)
		}
	}
}
