package uscw

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Moving off the map (5.1.4, U232): "Units that move off the map or are
// forced off the map by a retreat are considered eliminated."
//
// Readings (docs/engines.md):
//   - A MOVE leaves the map by the path item "off", last in its path,
//     from a hex of the map's edge: one with a neighbour beyond the
//     extent of every sheet (a hex missing inside the extent, the sea or
//     a non-playable portion, is no edge). Leaving costs 1 MP, the least
//     any hex costs (5.3); the text gives no cost.
//   - The SPs are eliminated. The Generals with them are eliminated too,
//     out of play for good: "considered eliminated", where the rulebook
//     displaces a General only where it says so (11.2.4, 11.6.6, 13.6.3),
//     and displacement would let a General cross the map by leaving it.
//     The option off-map-generals=displaced sends them to the Displaced
//     Box instead (14.6).
//   - A General without SPs may not leave: he "must end his move ... with
//     other friendly SPs" (7.6, U490).
//   - A retreat never leaves the map by choice; a force with no legal
//     retreat hex on the map surrenders (11.6.6, U891), its SPs
//     eliminated as 5.1.4 has them and its Generals Displaced as 11.6.6
//     says.
//   - The bots are never offered it: it only loses SPs.
const offMapStep = "off"

// offMapCost is the MPs a force spends to leave the map (a reading).
const offMapCost = 1

// computeEdge marks the hexes with a neighbour beyond every sheet.
func (b *board) computeEdge() {
	b.edge = map[rules.Point]bool{}
	for _, p := range b.order {
		for _, n := range b.topo.Neighbours(p) {
			if b.hexes[n] == nil && len(b.topo.Sheets(n)) == 0 { // a hex of the map is on a sheet
				b.edge[p] = true
				break
			}
		}
	}
}

// canLeaveMap checks a path's "off" item: last, from an edge hex, with a
// force of SPs that has the MP (5.1.4).
func (g *game) canLeaveMap(mv *moving, at rules.Point, last, rail bool, spent, ma int) error {
	b := g.e.b
	if !last {
		return refuse("5.1.4", "%q leaves the map: it must be the path's last item ('Units that move off the map ... are considered eliminated', U232)", offMapStep)
	}
	if rail {
		return refuse("5.4.2", "the Rail Movement Bonus moves along the railroads of the map (U269): it does not leave the map")
	}
	if !b.edge[at] {
		return refuse("5.1.4", "%s is not on the map's edge: a force leaves the map from a hex with a neighbour beyond it", b.ids[at])
	}
	if mv.gen != nil && mv.n == 0 {
		return refuse("7.6", "%s has no SPs: he 'must end his move at a friendly-controlled Fort, Coastal Fort or with other friendly SPs' (U490), not off the map", mv.gen.name)
	}
	if spent+offMapCost > ma {
		return refuse("5.1.1", "leaving the map from %s costs %d MP (5.1.4, a reading): %d spent of a Movement Allowance of %d", b.ids[at], offMapCost, spent, ma)
	}
	return nil
}

// leaveMap plays a force's exit at the end of its MOVE: its SPs are
// eliminated, its Generals eliminated or, with off-map-generals=displaced,
// Displaced (5.1.4).
func (g *game) leaveMap(pm *pendingMove) {
	side := pm.side
	g.spLost[side] += pm.n
	var gens []*general
	if pm.gen != nil {
		gens = append(gens, pm.gen)
	}
	gens = append(gens, pm.subs...)
	var names []string
	for _, gen := range gens {
		names = append(names, gen.name)
		g.loseMorale(gen, "its last SP is eliminated or Displaced") // its SPs leave the map (5.1.4; Optional 4, U1746)
		if g.e.offMapDisplaced {
			g.delayIfCutOff(gen, side, pm.at)
			g.displacedGen[gen.id] = g.spaceTheater(pm.at)
		} else {
			g.gone[gen.id] = "eliminated"
		}
	}
	what := spCount(pm.n)
	fate := ""
	switch {
	case len(names) > 0 && g.e.offMapDisplaced:
		fate = fmt.Sprintf("; %s to the Displaced Box (off-map-generals=displaced)", strings.Join(names, " and "))
	case len(names) > 0:
		fate = fmt.Sprintf("; %s eliminated, out of play", strings.Join(names, " and "))
	}
	g.say("5.1.4", "the %s force leaves the map from %s: 'Units that move off the map ... are considered eliminated' (U232): %s eliminated%s", side, g.e.b.ids[pm.at], what, fate)
}

// offMapOption reads off-map-generals: eliminated (the default) or
// displaced.
func offMapOption(v string) (displaced bool, err error) {
	switch v {
	case "", "eliminated":
		return false, nil
	case "displaced":
		return true, nil
	}
	return false, fmt.Errorf("%w: USCW off-map-generals=%q: want eliminated (Generals who move off the map with their SPs are out of play, the default, 5.1.4) or displaced (they go to the Displaced Box, 14.6)", rules.ErrBadOption, v)
}
