package uscw

import (
	"errors"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
)

// The optional rules are engine options: a played one with a bad value
// is refused naming the rule.
func TestOptionalRulesOptions(t *testing.T) {
	for opts, ok := range map[string]bool{"bonus-action": true, "off": true, "yes": false} {
		err := checkOptions(map[string]string{"dice-difference-2": opts})
		if (err == nil) != ok || err != nil && !errors.Is(err, rules.ErrBadOption) {
			t.Errorf("dice-difference-2=%s: %v", opts, err)
		}
	}
	if err := checkOptions(map[string]string{"salt-hexes": "yes"}); !errors.Is(err, rules.ErrBadOption) {
		t.Errorf("salt-hexes=yes accepted: %v", err)
	}
	for v, ok := range map[string]bool{"on": true, "off": true, "yes": false} {
		err := checkOptions(map[string]string{"maneuver-reaction": v})
		if (err == nil) != ok || err != nil && !errors.Is(err, rules.ErrBadOption) {
			t.Errorf("maneuver-reaction=%s (Optional 5, maneuver.go): %v", v, err)
		}
	}
	for v, ok := range map[string]bool{"fortress": true, "port-only": true, "off": false} {
		err := checkOptions(map[string]string{"coastal-fort-supply": v})
		if (err == nil) != ok || err != nil && !errors.Is(err, rules.ErrBadOption) {
			t.Errorf("coastal-fort-supply=%s (10.3.2 SUPPLY's reading, coastalsupply.go): %v", v, err)
		}
	}
	ng, err := Ruleset{}.Compile(loadScenario(t, scen1861), map[string]string{"coastal-fort-supply": "port-only"})
	if err != nil {
		t.Fatal(err)
	}
	if x, err := ng(1); err != nil {
		t.Fatal(err)
	} else if gm, ok := x.(*Game); !ok || !gm.g.e.coastalPortOnly {
		t.Errorf("coastal-fort-supply=port-only: the compiled engine does not play it (%T)", x)
	}
}

// Random campaign games with Optional 1 and 2 in test mode: the bots use
// the Bonus Action and the invariant checker finds nothing.
func TestOptionalRulesGames(t *testing.T) {
	sf := loadScenario(t, scenCampaign)
	ng, err := Ruleset{}.Compile(sf, map[string]string{"invariants": "check", "dice-difference-2": "bonus-action", "salt-hexes": "on", "army-morale": "on"})
	if err != nil {
		t.Fatal(err)
	}
	random, _ := sim.BotByName("random")
	used := 0
	games := 20
	if testing.Short() {
		games = 5
	}
	for i := range games {
		_, g, err := sim.Play(ng, []sim.Bot{random, random}, sim.GameSeed(invariantRunSeed, i), 0)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		used += g.(*Game).g.bonusUsed
	}
	if used == 0 {
		t.Fatalf("%d random games with dice-difference-2=bonus-action used no Bonus Action", games)
	}
}
