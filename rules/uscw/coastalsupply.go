package uscw

import (
	"strings"

	"github.com/musterhq/muster/rules"
)

// Confederate supply inside a Coastal Fort (10.3.2 SUPPLY, U745-747):
// "Confederate units inside Fort Morgan or Fort St. Philip/Jackson are in
// supply as long as they can trace a Line of Communication (13.4) to a
// Supply Source. In all other cases, Confederate units inside a Coastal
// Fort are in supply as long as the associated Ocean Port is also in
// supply." The rule is the Coastal Fort's own and takes the place of
// 13.1's trace for the Confederate's units in one (and for the Coastal
// Fort itself, whose Isolation, 13.6.2, reads the same state). Its own
// supply (coastalTrace), readings (docs/engines.md):
//
//   - by the port: the units inside have the associated Ocean Port's
//     state, Full, Limited or Out, as a Confederate unit in the port would
//     (13.1), the port's own Limited Supply from an LOC to this Coastal
//     Fort left out (the fort would supply its port which supplies the
//     fort); a port the Union controls (6.3: its SPs, a Fort or a Control
//     marker there) is not in the Confederate's supply.
//   - by an LOC (Fort Morgan, Fort St. Philip/Jackson): an LOC (13.4)
//     from the Coastal Fort to a Primary Supply Source (13.2.1-13.2.2)
//     gives Limited Supply (13.1, U946: an LOC alone), or to another
//     friendly Fort or Coastal Fort, a source of Fortress Supply (13.2.3,
//     under 13.2 Supply Sources), Limited Supply by Fortress Supply; a
//     Supply Path from the Coastal Fort (13.3) gives Full Supply as it
//     does anywhere (13.1, U945: the rule says when the units are in
//     supply and takes nothing from 13.1's Full Supply).
//
// Without it the units are not "in supply" by 10.3.2, yet "Any hex with a
// Fort (F1-F3) or Coastal Fort is a source of Fortress Supply. ... Units
// and stacks in such a hex ... may Rally and are not subject to Foraging
// markers and Attrition. However, ... if Isolated (13.6) the units must
// still roll for Surrender" (13.2.3, U967-968): by default they keep the
// Confederate Coastal Fort's own Fortress Supply, Limited Supply that
// counts as Out for Isolation (13.6.2), so 10.3.2 decides Full Supply,
// Limited Supply from a Primary Supply Source (primarySupplied) and
// Isolation. The option coastal-fort-supply=port-only reads 10.3.2 as
// the whole of their supply: Out of Supply, their Coastal Fort no source
// for them (Foraging markers and Attrition, 13.5).
//
// A Coastal Fort the map gives no associated port is read by the LOC.

// locSupplied reports a Coastal Fort whose Confederate units are in supply
// by an LOC (U745): Fort Morgan and Fort St. Philip/Jackson, named by the
// map's features, and any Coastal Fort without an associated port.
func (cf *coastalFort) locSupplied() bool {
	name := strings.ToLower(cf.name)
	return !cf.hasPort || name == "fort morgan" || strings.HasPrefix(name, "fort st. philip") ||
		cf.id == "fort-morgan" || cf.id == "fort-st-philip-jackson"
}

// coastalSupply is the state of side's units in p under 10.3.2 SUPPLY
// and 13.2.3, and whether it is Limited Supply by Fortress Supply alone
// (13.2.3, which does not exempt from Isolation, 13.6.2); ok false where
// the rule does not apply (the Union, a hex). Out of 10.3.2's supply the
// units inside keep their own Coastal Fort's Fortress Supply (13.2.3:
// "Units and stacks in such a hex"), unless the engine plays
// coastal-fort-supply=port-only.
func (g *game) coastalSupply(side string, p rules.Point, c *supplyCache) (l supplyLevel, fortress, ok bool) {
	cf := g.e.b.fortSpace(p)
	if side != "confederate" || cf == nil {
		return 0, false, false
	}
	l, fortress = g.coastalTrace(side, p, cf, c)
	if l == outOfSupply && !g.e.coastalPortOnly && g.fortAt(side, cf.at) > 0 {
		return limitedSupply, true, true // the Coastal Fort's own Fortress Supply (13.2.3)
	}
	return l, fortress, true
}

// coastalTrace is 10.3.2's own supply of side's units in the Coastal Fort
// cf at p: by an LOC (Fort Morgan, Fort St. Philip/Jackson) or by the
// associated port, the Coastal Fort itself no source.
func (g *game) coastalTrace(side string, p rules.Point, cf *coastalFort, c *supplyCache) (supplyLevel, bool) {
	if cf.locSupplied() {
		switch {
		case g.supplyPath(side, p, c):
			return fullSupply, false
		case g.locToSource(side, p, c):
			return limitedSupply, false
		case g.locToOtherFort(side, p, cf, c):
			return limitedSupply, true
		}
		return outOfSupply, false
	}
	if g.ctlAt(c, g.e.b.ix(cf.port)) == other(side) {
		return outOfSupply, false // the port is the enemy's (6.3)
	}
	switch g.levelIn(side, cf.port, c) {
	case fullSupply:
		return fullSupply, false
	case limitedSupply:
		if g.locToSource(side, cf.port, c) {
			return limitedSupply, false
		}
		if g.locToOtherFort(side, cf.port, cf, c) {
			return limitedSupply, true
		}
	}
	return outOfSupply, false
}

// locToOtherFort reports an LOC from p to a hex with side's completed
// Fort or a Coastal Fort of side's other than cf (Fortress Supply, 13.2.3).
// Asked only where no LOC reaches a Primary Supply Source: not kept.
func (g *game) locToOtherFort(side string, p rules.Point, cf *coastalFort, c *supplyCache) bool {
	if !g.locToFortress(side, p, c) {
		return false // no Fort at all, cf's included
	}
	b := g.e.b
	self := b.ix(cf.at)
	return g.locScanAt(side, b.ix(p), c, func(q int) bool {
		return q != self && g.fortAt(side, b.order[q]) > 0
	})
}
