package uscw

import "github.com/musterhq/muster/rules"

// Rivers and movement (5.8, U309-338). The List of Movement Costs gives
// +1 MP for a Navigable River hexside (the module's table); 5.8.3 adds a
// second MP and a 1-SP limit where the enemy has Naval Control (19.1).
// Type 1 and Type 2 rivers differ only in Naval Control (5.8.1, U316):
// naval.go reads the type.

// riverCrossing is the extra MP and the refusal of crossing the hexside
// a-c with sps SPs: "It costs +2 MPs to cross a Navigable River hexside
// where your opponent has Naval Control (19.1). Furthermore, no more
// than 1 SP (and any number of Generals) may cross such a hexside per
// Activation" (5.8.3, U322). Friendly or uncontrolled hexsides cost the
// table's +1 (U326, 19.1.6).
func (g *game) riverCrossing(side string, a, c rules.Point, sps int) (int, error) {
	b := g.e.b
	s, ok := b.ww.side(b.index[a], b.index[c])
	if !ok || !g.enemyNaval(side, s) {
		return 0, nil
	}
	if sps > 1 {
		return 0, refuse("5.8.3", "the %s has Naval Control of the Navigable River hexside %s-%s: 'no more than 1 SP (and any number of Generals) may cross such a hexside per Activation' (U322), not %d", other(side), b.ids[a], b.ids[c], sps)
	}
	return 1, nil
}

// fightAcross resolves a battle the force of n SPs starts by entering at
// from from: across a Navigable River hexside "the attacker may use no
// more than 3 SPs in the battle. If the attack succeeds then the entire
// force crosses; if the attack fails the surviving SPs return to the hex
// they attacked from. Losses for the attacker can only be applied
// against the force that crossed" (11.5.1, U838-840). Where the enemy
// has Naval Control only 1 SP crosses at all (11.5.3, U844; 5.8.3
// refuses more before the battle). The 3 SPs that cross, and the
// Generals, fight; the others wait in from. Any other battle is fight's.
func (g *game) fightAcross(side string, gen *general, subs []*general, n int, dem bool, from, at rules.Point) {
	b := g.e.b
	_, across := b.ww.side(b.index[from], b.index[at])
	if across {
		defer func() { g.foughtAcross = g.last.aSP }() // for the invariant checker
	}
	if !across || n <= 3 {
		g.fight(side, gen, subs, n, dem, from, at)
		return
	}
	wait := n - 3
	g.say("11.5.1", "across the Navigable River %s-%s only 3 of the %d SPs fight; %d wait in %s (U838)", b.ids[from], b.ids[at], n, wait, b.ids[from])
	// The waiting SPs stand in from during the battle, so a defeated
	// General returning there finds them (7.6, 16.5.1).
	g.arrive(side, nil, nil, wait, dem, from)
	g.fight(side, gen, subs, 3, dem, from, at)
	if bt := g.last; bt != nil && (bt.winner == "attacker" || bt.winner == "displaced") && g.sp[side][at] > 0 {
		g.say("11.5.1", "the attack succeeded: the %d waiting SPs cross to %s (U838)", wait, b.ids[at])
		g.sp[side][from] -= wait
		g.movedSP[side][from] -= wait
		g.tidy(side, from)
		g.arrive(side, nil, nil, wait, dem, at)
		g.touch(from)
		return
	}
	g.say("11.5.1", "the attack failed: the %d waiting SPs stay in %s", wait, b.ids[from])
}
