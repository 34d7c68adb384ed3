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
// table's +1 (U326, 19.1.6), as do those gen's Naval Assist serves (19.6).
func (g *game) riverCrossing(side string, gen *general, a, c rules.Point, sps int) (int, error) {
	b := g.e.b
	s, ok := b.ww.side(b.index[a], b.index[c])
	if !ok || !g.enemyNaval(side, s) {
		return 0, nil
	}
	if assisted, err := g.navalAssisted(side, gen, a, c); assisted || err != nil && sps > 1 {
		return 0, err
	}
	if sps > 1 {
		return 0, refuse("5.8.3", "the %s has Naval Control of the Navigable River hexside %s-%s: 'no more than 1 SP (and any number of Generals) may cross such a hexside per Activation' (U322), not %d", other(side), b.ids[a], b.ids[c], sps)
	}
	return 1, nil
}

// landStep is the MPs for side's force to enter to from from by Land
// Movement (5.3): a railroad bridge over a Navigable River hexside under
// the enemy's Naval Control is no bridge, "treat the Navigable River
// hexside as if no railroad bridge exists there" (5.4.3, U277), so the
// step costs the hex's terrain and the river as off the railroad; the
// enemy's +1 and 1-SP limit are riverCrossing's (5.8.3).
func (g *game) landStep(side string, from, to rules.Point) (int, string, error) {
	open := g.railCrossingOpen(g.naval(), side, from, to)
	return g.e.b.landStepCost(from, to, g.railsBuilt1864(), open)
}
