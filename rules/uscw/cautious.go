package uscw

import "github.com/musterhq/muster/rules"

// Cautious Generals (7.7, U494-509): "They require an expenditure of at
// least two Action Points (or one Special Action Card) if they wish to
// attack or move into a ZOI (9.1) during their activation. This applies
// even if the attack is an Automatic Displacement (11.1.2). This cost is
// paid only once per activation" (U498). 7.7.3's exemption during
// Northern Invasions (U505) is cautiousExempt.

// payActivation pays for a force's activation starting in p: one Action
// Point (4.3), two for a Cautious General who attacks or moves into an
// enemy ZOI (once for the whole activation), nothing for one a card
// activates (18.1, U1442), or Optional 1's Bonus Action for 1 SP.
func (g *game) payActivation(gen *general, subs, sps int, handoffs, attacks bool, entered []rules.Point, p rules.Point, what string) error {
	if g.stage != stPlayer {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	intoZOI := g.entersEnemyZOI(g.phasing, entered)
	if (attacks || intoZOI) && g.cautiousExempt(gen, p, entered) {
		g.say("7.7.3", "%s: a Confederate SP holds a Northern Objective Hex in the %s and every hex entered is in a Union-controlled state: the Cautious General is exempt (U505)", gen.name, g.e.b.theater(p))
		attacks, intoZOI = false, false
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
		if err := g.richmondSpendAt(p, 2); err != nil {
			return err // 4.1.4: before the first of the two is spent
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

// cautiousExempt: "When the Confederate player occupies an Objective Hex
// in a Northern state with at least 1 SP, all Cautious Generals in that
// theater are exempt from the Cautious Generals rule (7.7.1) as long as
// each hex they enter is within a Union controlled state" (7.7.3, U505).
// Read: the Union's Cautious Generals (the invaded side's), the theater
// the activation starts in, and a hex's state its home state (as
// control.go reads it).
func (g *game) cautiousExempt(gen *general, start rules.Point, entered []rules.Point) bool {
	if gen == nil || !gen.cautious || gen.side != "union" || !g.northernInvasion(g.e.b.theater(start)) {
		return false
	}
	for _, p := range entered {
		if h := g.e.b.hexes[p]; h == nil || g.stateSide(homeState(h)) != "union" {
			return false
		}
	}
	return true
}

// northernInvasion reports a Confederate SP in an Objective Hex of a
// Northern State in the theater (7.7.3, U505).
func (g *game) northernInvasion(theater string) bool {
	for p, n := range g.sp["confederate"] {
		if h := g.e.b.hexes[p]; n > 0 && h != nil && h.Objective && h.Theater == theater && g.northern(homeState(h)) {
			return true
		}
	}
	return false
}

// cautiousExemptTo is cautiousExempt for the last search's cheapest path
// from start to the board index dst (the bots' moves, actions.go).
func (g *game) cautiousExemptTo(gen *general, start rules.Point, dst int) bool {
	if gen == nil || !gen.cautious || gen.side != "union" || !g.northernInvasion(g.e.b.theater(start)) {
		return false
	}
	b, s := g.e.b, g.scratch()
	for at, from := dst, b.index[start]; at != from; at = s.prev[at] {
		if h := b.hexes[b.order[at]]; h == nil || g.stateSide(homeState(h)) != "union" {
			return false
		}
	}
	return true
}

// cautiousLands reports a Naval Transport or Amphibious Assault of a
// Cautious General from start that attacks or lands in an enemy ZOI at
// dst (7.7.1, U498: "attack or move into a ZOI"), judged before it
// sails, and is not exempt (7.7.3).
func (g *game) cautiousLands(gen *general, start, dst rules.Point) bool {
	if !gen.cautious || !g.defended(other(gen.side), dst) && !g.inEnemyZOI(gen.side, dst) {
		return false
	}
	return !g.cautiousExempt(gen, start, []rules.Point{dst})
}
