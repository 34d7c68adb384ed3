package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The optional rules the engine plays, as engine options (Optional
// Rules, U1716-1766). Optional 1, Dice Difference of 2 (U1718-1723):
// dice-difference-2=bonus-action; Optional 2, Salt Hexes (U1724-1733):
// salt-hexes=on; Optional 3 and 4, Army Markers and Army Morale
// (U1734-1747): army-morale=on (army.go). Optional 5, Maneuver Reaction
// (U1748-1766), is maneuver-reaction=on (engine.go, maneuver.go).

// optional is the optional rules a game plays.
type optional struct {
	bonusAction bool // Optional 1: a Bonus Action with a difference of 2
	salt        bool // Optional 2: captured Salt hexes cost the Confederate BPs
	armyMorale  bool // Optional 3 and 4: Army markers and high morale (army.go)
}

// optionalRule checks an option of the optional rules: known reports
// whether k is one the engine plays.
func optionalRule(k, v string) (known bool, err error) {
	switch k {
	case "dice-difference-2":
		if v != "bonus-action" && v != "off" {
			return true, fmt.Errorf("%w: USCW dice-difference-2=%q: want bonus-action (Optional Rule 1, U1718-1723: a Bonus Action with a dice difference of 2) or off", rules.ErrBadOption, v)
		}
		return true, nil
	case "army-morale":
		if v != "on" && v != "off" {
			return true, fmt.Errorf("%w: USCW army-morale=%q: want on (Optional Rules 3 and 4, U1734-1747: Army markers and high morale) or off", rules.ErrBadOption, v)
		}
		return true, nil
	case "salt-hexes":
		if v != "on" && v != "off" {
			return true, fmt.Errorf("%w: USCW salt-hexes=%q: want on (Optional Rule 2, U1724-1733: captured Salt hexes cost the Confederate BPs each turn) or off", rules.ErrBadOption, v)
		}
		return true, nil
	}
	return false, nil
}

// optionalMissing refuses an optional rule the module lacks the data of.
func (e *Engine) optionalMissing() error {
	if e.optional.salt && len(e.salt) != len(saltLosses) {
		return fmt.Errorf("%w: USCW salt-hexes=on: the module's map lists %d Salt hexes (a feature of kind salt), the rule has four (U1726)", rules.ErrBadOption, len(e.salt))
	}
	for _, s := range sides {
		if _, ok := e.armyMarkers(s); e.optional.armyMorale && !ok {
			return fmt.Errorf("%w: USCW army-morale=on: the module does not say how many %s Army markers the game supplies (marker army, U1736)", rules.ErrBadOption, s)
		}
	}
	return nil
}

func readOptional(opts map[string]string) optional {
	return optional{bonusAction: opts["dice-difference-2"] == "bonus-action", salt: opts["salt-hexes"] == "on", armyMorale: opts["army-morale"] == "on"}
}

// saltLosses are the BPs the 1st to 4th captured Salt hex costs: "The 1st
// hex = 0, the 2nd = -1, the 3rd = -2, and the 4th hex = -4" (U1726).
var saltLosses = []int{0, 1, 2, 4}

// saltLoss is the BPs the Confederate loses in this Reinforcement Phase
// for the Salt hexes the Union has captured (controls, 6.3: hex 4909 has
// no town, so only Union SPs there hold it, U1732).
func (g *game) saltLoss() int {
	if !g.e.optional.salt {
		return 0
	}
	captured := 0
	for _, p := range g.e.salt {
		if g.controller(p) == "union" {
			captured++
		}
	}
	loss := 0
	for i := range min(captured, len(saltLosses)) {
		loss += saltLosses[i]
	}
	g.say("Optional 2", "the Union holds %d of the %d Salt hexes: the Confederate loses %d BPs (U1726-1728), taken from the BP total below", captured, len(g.e.salt), loss)
	return loss
}

// grantBonus gives the Phasing player Optional 1's Bonus Action: "When
// the dice difference is 2, players receive an extra 'Bonus Action' in
// addition to their two regular Action Points" (U1720).
func (g *game) grantBonus() {
	g.bonus = 0
	if g.e.optional.bonusAction && g.diff == 2 {
		g.bonus = 1
		g.say("Optional 1", "dice difference 2: the %s also has a Bonus Action, to activate 1 SP with no more than one General for movement or Naval Transport (U1720)", g.phasing)
	}
}

// bonusFits reports whether a MOVE or Naval Transport may use the Bonus
// Action: "This Bonus Action may only be used to activate 1 SP with no
// more than one General for movement or Naval Transport (4.3). No SPs or
// Generals may be picked up or dropped off. ... Cautious Generals cannot
// attack or move into an enemy ZOI when activated using this Bonus
// Action" (U1720). Subordinates would be a second General; handoffs: the
// activation picks up, drops off or Regroups (7.5, 5.9).
func (g *game) bonusFits(gen *general, subs, sps int, handoffs, attacks bool) bool {
	return g.bonus > 0 && sps == 1 && subs == 0 && !handoffs && !(gen != nil && gen.cautious && attacks)
}

// useBonus spends the Bonus Action, before the Action Points: it can pay
// for nothing else.
func (g *game) useBonus(what string) {
	g.bonus--
	g.bonusUsed++
	g.say("Optional 1", "%s: the Bonus Action of a dice difference of 2 (U1720)", what)
}

// optionViolations checks the optional rules' state: a Bonus Action only
// with the option and a dice difference of 2, one at a time (U1720).
func (g *game) optionViolations() []string {
	if g.bonus < 0 || g.bonus > 1 || g.bonus > 0 && (!g.e.optional.bonusAction || g.diff != 2) {
		return []string{fmt.Sprintf("USCW Optional 1: %s with a dice difference of %d (option %v)", plural(g.bonus, "Bonus Action"), g.diff, g.e.optional.bonusAction)}
	}
	return nil
}

// saltHexes locates the map's Salt hexes (a feature of kind salt).
func saltHexes(m *scenarios.Module, b *board) []rules.Point {
	var out []rules.Point
	if m.Map == nil || b == nil {
		return nil
	}
	for _, f := range m.Map.Features {
		if f.Kind != "salt" {
			continue
		}
		for _, id := range f.Hexes {
			if p, err := b.locate(id); err == nil {
				out = append(out, p)
			}
		}
	}
	return out
}
