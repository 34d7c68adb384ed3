package uscw

import "github.com/musterhq/muster/rules"

// Cautious Generals (7.7, U494-509): "They require an expenditure of at
// least two Action Points (or one Special Action Card) if they wish to
// attack or move into a ZOI (9.1) during their activation. This applies
// even if the attack is an Automatic Displacement (11.1.2). This cost is
// paid only once per activation" (U498). 7.7.3's exemption during
// Northern Invasions is not played.

// payActivation pays for a force's activation starting in p: one Action
// Point (4.3), two for a Cautious General who attacks or moves into an
// enemy ZOI (once for the whole activation), nothing for one a card
// activates (18.1, U1442), or Optional 1's Bonus Action for 1 SP.
func (g *game) payActivation(gen *general, subs, sps int, handoffs, attacks, intoZOI bool, p rules.Point, what string) error {
	if g.stage != stPlayer {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	if gen != nil && gen.cautious {
		if n, ok := g.cards.cautious[gen.id]; ok { // played for this activation: used first
			delete(g.cards.cautious, gen.id)
			g.say("7.7", "%s: the Cautious General is activated by Special Action Card %d, no Action Point (U1442)", what, n)
			return nil
		}
	}
	if g.bonusFits(gen, subs, sps, handoffs, attacks || intoZOI) {
		g.useBonus(what)
		return nil
	}
	if gen != nil && gen.cautious && (attacks || intoZOI) {
		doing := "attacks"
		if !attacks {
			doing = "moves into an enemy ZOI"
		}
		if have := g.actionsFor(p); have < 2 {
			return refuse("7.7", "%s is a Cautious General and %s: that costs two Action Points or one Special Action Card (U498), and the %s has %d for a force in the %s", gen.name, doing, g.phasing, have, g.e.b.theater(p))
		}
		g.say("7.7", "%s is a Cautious General and %s: two Action Points for the whole activation (U498)", gen.name, doing)
		if err := g.spend(p, what+" (Cautious, 1 of 2)"); err != nil {
			return err
		}
		return g.spend(p, what+" (Cautious, 2 of 2)")
	}
	return g.spend(p, what)
}

// entersEnemyZOI reports whether a move through the hexes entered enters a
// hex in an enemy ZOI (9.1), as the moving side sees it before it leaves.
func (g *game) entersEnemyZOI(side string, entered []rules.Point) bool {
	for _, p := range entered {
		if g.inEnemyZOI(side, p) {
			return true
		}
	}
	return false
}

// actionsFor is the number of actions the Phasing player may still take
// with a force starting in p: its Action Points and its cards' actions.
func (g *game) actionsFor(p rules.Point) int {
	if g.diff != 1 && len(g.cards.actions) == 0 {
		return g.ap // the bots ask this for every force: skip the theater
	}
	t := g.e.b.theater(p)
	if g.diff == 1 {
		return g.theaterAP[t] + g.cardActions(t)
	}
	return g.ap + g.cardActions(t)
}
