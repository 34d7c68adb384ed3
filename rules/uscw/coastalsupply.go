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
// Fort itself, whose Isolation, 13.6.2, reads the same state): the
// Coastal Fort's own Fortress Supply (13.2.3) supplies the units that
// trace an LOC to it, never those inside, or the rule would never bite
// (a reading). Readings (docs/engines.md):
//
//   - by the port: the units inside have the associated Ocean Port's
//     state, Full, Limited or Out, as a Confederate unit in the port would
//     (13.1), the port's own Limited Supply from an LOC to this Coastal
//     Fort left out (the fort would supply its port which supplies the
//     fort); a port the Union controls (6.3: its SPs, a Fort or a Control
//     marker there) is not in the Confederate's supply: the units inside
//     are Out of Supply.
//   - by an LOC (Fort Morgan, Fort St. Philip/Jackson): an LOC (13.4)
//     from the Coastal Fort to a Primary Supply Source (13.2.1-13.2.2)
//     gives Limited Supply (13.1, U946: an LOC alone), or to another
//     friendly Fort or Coastal Fort, a source of Fortress Supply (13.2.3,
//     under 13.2 Supply Sources), Limited Supply by Fortress Supply; a
//     Supply Path from the Coastal Fort (13.3) gives Full Supply as it
//     does anywhere (13.1, U945: the rule says when the units are in
//     supply and takes nothing from 13.1's Full Supply); without either
//     they are Out of Supply, their own Coastal Fort no source.
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

// coastalSupply is the state of side's units in p under 10.3.2 SUPPLY,
// and whether it is Limited Supply by Fortress Supply alone (13.2.3,
// which does not exempt from Isolation, 13.6.2); ok false where the rule
// does not apply (the Union, a hex).
func (g *game) coastalSupply(side string, p rules.Point, c *supplyCache) (l supplyLevel, fortress, ok bool) {
	b := g.e.b
	cf := b.fortSpace(p)
	if side != "confederate" || cf == nil {
		return 0, false, false
	}
	if cf.locSupplied() {
		switch {
		case g.supplyPath(side, p, c):
			return fullSupply, false, true
		case g.locToSource(side, p, c):
			return limitedSupply, false, true
		case g.locToOtherFort(side, p, cf, c):
			return limitedSupply, true, true
		}
		return outOfSupply, false, true
	}
	i := b.ix(cf.port)
	if g.ctlAt(c, i) == other(side) {
		return outOfSupply, false, true // the port is the enemy's (6.3)
	}
	switch g.levelIn(side, cf.port, c) {
	case fullSupply:
		return fullSupply, false, true
	case limitedSupply:
		if g.locToSource(side, cf.port, c) {
			return limitedSupply, false, true
		}
		if g.locToOtherFort(side, cf.port, cf, c) {
			return limitedSupply, true, true
		}
	}
	return outOfSupply, false, true
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
