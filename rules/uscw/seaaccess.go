package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// A port's way to the sea (19.2.2, U1547; 13.2.1, U957; 15.4, U1281;
// 19.1.4, U1502; 19.3.3, U1583). "The Union player in the Basic Game can
// start his Ocean Transports and Amphibious Assaults against the
// Confederate seaboard from any friendly controlled Ocean Port where
// access to the sea does not pass a Confederate Coastal Fort, Fort, Naval
// Battery or Naval Unit" (U1547); a Union Primary Supply Source is "Any
// Union controlled Ocean Port where the access to the sea ... does not
// pass a Confederate controlled Coastal Fort, Fort, Naval Battery or
// Naval Unit" (U957); "Confederate-controlled Coastal Forts block Union
// Naval Control from reaching the fort's associated port or entering any
// Navigable River or bay they protect" (U1502). The sea is hex-less and
// this board has no coastal waters, Naval Batteries or Naval Units, and a
// Union-controlled port never holds a Confederate Fort: the only thing
// between an Ocean Port and the sea is the Coastal Fort guarding it. A
// Coastal Fort guards its associated port, the Blockade Runner Port the
// map names for it (Fort Monroe: Norfolk; Fort St. Philip/Jackson: New
// Orleans, 14.4.2 U1191) and the hexes its Information Box entry names
// ("Fort Monroe: Protects the Hampton hex (2349)", U2043ff). Every reader
// of an Ocean Port's sea access asks seaBarred: Ocean Transport and Ocean
// Amphibious Assaults (oceanRoute, the bots' candidates, 19.5.4's port to
// sail back to), Strategic Ocean Movement (15.4), the Union's Ocean Port
// supply source (13.2.1), Shore Bombardment's reach (19.6) and the sea's
// Union Naval Control (naval.go).

// guardedPorts fills b.guards: the hexes each Coastal Fort guards.
func (b *board) guardedPorts(cf *coastalFort, protects string) {
	add := func(p rules.Point) {
		if b.hexes[p] != nil && !slices.Contains(b.guards[p], cf) {
			b.guards[p] = append(b.guards[p], cf)
		}
	}
	if cf.hasPort {
		add(cf.port)
	}
	if cf.runner != (rules.Point{}) {
		add(cf.runner)
	}
	for _, id := range hexIDs.FindAllString(protects, -1) {
		if p, ok := b.pts[id]; ok {
			add(p)
		}
	}
}

// seaBarred is the Confederate-controlled Coastal Fort between the Ocean
// Port p and the sea, or nil: the Union's way to the sea from p is open.
func (g *game) seaBarred(p rules.Point) *coastalFort {
	for _, cf := range g.e.b.guards[p] {
		if g.controller(cf.at) == "confederate" {
			return cf
		}
	}
	return nil
}

// seaRefusal refuses Union use of the sea from or to the Ocean Port p
// that a Confederate Coastal Fort bars (rule: the case refused).
func (g *game) seaRefusal(rule string, p rules.Point) error {
	if cf := g.seaBarred(p); cf != nil {
		return refuse(rule, "the Confederate-controlled Coastal Fort %s stands between %s and the sea: Ocean Transports and Amphibious Assaults start only from a port 'where access to the sea does not pass a Confederate Coastal Fort' (19.2.2, U1547), and 'Bypassing an enemy Fort, Coastal Fort ... is prohibited' (19.3.3, U1583)", cf.name, g.e.b.ids[p])
	}
	return nil
}
