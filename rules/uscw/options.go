package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// The optional rules the engine plays, as engine options (Optional
// Rules, U1716-1766). Optional 1, Dice Difference of 2 (U1718-1723):
// dice-difference-2=bonus-action. The others are refused until played.

// optional is the optional rules a game plays.
type optional struct {
	bonusAction bool // Optional 1: a Bonus Action with a difference of 2
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
	}
	return false, nil
}

func readOptional(opts map[string]string) optional {
	return optional{bonusAction: opts["dice-difference-2"] == "bonus-action"}
}

// grantBonus gives the Phasing player Optional 1's Bonus Action: "When
// the dice difference is 2, players receive an extra 'Bonus Action' in
// addition to their two regular Action Points" (U1720).
func (g *game) grantBonus() {
	g.bonus = 0
	if g.e.optional.bonusAction && g.diff == 2 {
		g.bonus = 1
		g.say("Optional 1", "dice difference 2: the %s also has a Bonus Action, to activate 1 SP with no more than one General for movement (U1720)", g.phasing)
	}
}

// bonusFits reports whether a MOVE may use the Bonus Action: "This Bonus
// Action may only be used to activate 1 SP with no more than one General
// for movement ... Cautious Generals cannot attack or move into an enemy
// ZOI when activated using this Bonus Action" (U1720). Subordinates would
// be a second General.
func (g *game) bonusFits(gen *general, subs, sps int, attacks bool) bool {
	return g.bonus > 0 && sps == 1 && subs == 0 && !(gen != nil && gen.cautious && attacks)
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
		return []string{fmt.Sprintf("USCW Optional 1: %d Bonus Action(s) with a dice difference of %d (option %v)", g.bonus, g.diff, g.e.optional.bonusAction)}
	}
	return nil
}
