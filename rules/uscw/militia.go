package uscw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Militia (17.2, U1384-1409): "Every Confederate state has a 0 SP Militia
// unit" (17.2.1, U1388) and each Border State one for each player
// (17.2.2, U1390). A Militia stays in its home state, in a friendly-
// controlled, non-Isolated Resource or Objective Hex of it or in a Border
// State's Holding Box; it comes back from the Displaced Box in Step C of
// the Reinforcement Phase (17.2.3 PLACEMENT) and may be repositioned for
// free once each friendly Action Phase (MOVEMENT). It never attacks, adds
// no strength and takes no losses; defending alone it is a 0 SP defender
// (11.1.2: 4 SPs displace it); forced to retreat, defeated or surrendered
// it is Displaced. It keeps an Entrenchment (10.1.3), exerts a ZOI (9.1,
// U565) and controls its hex (6.3, U386). Militia start in the Displaced
// Box: the At Start Cards that would place them are not in the rulebook
// (game.json notIncluded), so they first enter at the second turn's
// Reinforcement Phase (the first turn skips it, S1.1).

// militiaUnit is one Militia counter: its side and home state, and the
// state's Resource and Objective Hexes in board order (where it may be).
type militiaUnit struct {
	id, side, state string
	holding         bool // a Border State's Militia has a Holding Box (17.2.3)
	hexes           []rules.Point
}

// Where a Militia is.
const (
	militiaDisplaced = iota // in the Displaced Box (14.6): the start
	militiaOnMap
	militiaHolding // in its Border State's Holding Box
)

// militiaPlace is where a Militia is now, and whether it was repositioned
// this Action Phase.
type militiaPlace struct {
	where int
	at    rules.Point
	moved bool
}

// compileMilitia lists the Militia: the Southern States on the map, then
// each Border State's, Union then Confederate.
func (e *Engine) compileMilitia() {
	onMap := map[string][]rules.Point{}
	for _, p := range e.b.order {
		h := e.b.hexes[p]
		st := homeState(h)
		if _, ok := onMap[st]; !ok {
			onMap[st] = nil
		}
		if h.Objective || h.BP != nil {
			onMap[st] = append(onMap[st], p)
		}
	}
	for _, st := range southern {
		if hexes, ok := onMap[st]; ok && !slices.Contains(e.borderStates, st) {
			e.militia = append(e.militia, militiaUnit{id: "militia.confederate." + st, side: "confederate", state: st, hexes: hexes})
		}
	}
	for _, st := range e.borderStates {
		for _, side := range sides {
			e.militia = append(e.militia, militiaUnit{id: "militia." + side + "." + st, side: side, state: st, holding: true, hexes: onMap[st]})
		}
	}
}

// militiaIndex finds a Militia by id.
func (e *Engine) militiaIndex(id string) (int, error) {
	for i, m := range e.militia {
		if m.id == id {
			return i, nil
		}
	}
	ids := make([]string, len(e.militia))
	for i, m := range e.militia {
		ids[i] = m.id
	}
	return 0, fmt.Errorf("no Militia %q (the module's are %s)", id, strings.Join(ids, ", "))
}

// militiaIn reports side's Militia in hex p. A hex holds one Militia at
// most: each stands in its own state, in a hex its side controls (6.3).
func (g *game) militiaIn(side string, p rules.Point) bool {
	i, ok := g.milHex[p]
	return ok && g.e.militia[i].side == side
}

// setMilitia moves Militia i to where (at p for the map), keeping milHex.
func (g *game) setMilitia(i, where int, p rules.Point) {
	m := &g.militia[i]
	if m.where == militiaOnMap {
		delete(g.milHex, m.at)
		g.touch(m.at)
	}
	m.where, m.at = where, p
	if where == militiaOnMap {
		g.milHex[p] = i
		g.touch(p)
	} else {
		m.at = rules.Point{}
	}
}

// militiaHexOK refuses a hex a Militia may not be placed or repositioned
// in (17.2.1, 17.2.3).
func (g *game) militiaHexOK(i int, p rules.Point) error {
	u, b := g.e.militia[i], g.e.b
	h := b.hexes[p]
	switch {
	case h == nil:
		return fmt.Errorf("no hex %v", p)
	case homeState(h) != u.state:
		return refuse("17.2.1", "%s is in %s: the %s Militia 'may never leave its home state' (U1388)", b.ids[p], homeState(h), u.state)
	case !h.Objective && h.BP == nil:
		return refuse("17.2.3", "%s is no Resource or Objective Hex: a Militia 'must always be in a Resource/Objective Hex' (U1404)", b.ids[p])
	case g.controller(p) != u.side:
		return refuse("17.2.3", "%s is not %s-controlled: a Militia goes to a 'non-Isolated friendly-controlled Resource/ Objective Hex in their state' (U1401)", b.ids[p], u.side)
	case g.isolated(u.side, p):
		return refuse("17.2.3", "%s is Isolated: a Militia 'may be repositioned out of, but not into a hex that is Isolated' (U1402)", b.ids[p])
	}
	return nil
}

// placeMilitia is Step C's Militia (3.1 C, U117-119; 17.2.3 PLACEMENT):
// each of side's Militia in the Displaced Box goes to the first legal hex
// of its state in board order (the owner's choice, read as the first, as
// 14.6's SPs; he may reposition it in his Action Phase), else to its
// Border State's Holding Box, else stays in the box.
func (g *game) placeMilitia(side string) {
	for i, u := range g.e.militia {
		if u.side != side || g.militia[i].where != militiaDisplaced {
			continue
		}
		placed := false
		for _, p := range u.hexes {
			if g.militiaHexOK(i, p) == nil {
				g.setMilitia(i, militiaOnMap, p)
				g.say("17.2.3", "the %s Militia returns from the Displaced Box to %s", u.id, g.e.b.ids[p])
				placed = true
				break
			}
		}
		switch {
		case placed:
		case u.holding:
			g.setMilitia(i, militiaHolding, rules.Point{})
			g.say("17.2.2", "the %s Militia has no friendly-controlled, non-Isolated Resource/Objective Hex in %s: it goes to the Holding Box (U1390)", u.id, u.state)
		default:
			g.say("17.2.1", "the %s Militia has no friendly-controlled, non-Isolated Resource/Objective Hex in %s: it stays in the Displaced Box (U1388)", u.id, u.state)
		}
	}
}

// repositionMilitia is the free rearrangement of a Militia in the
// phasing player's Action Phase (4.3 U209; 17.2.3 MOVEMENT, U1401).
func (g *game) repositionMilitia(id, to string) error {
	if g.stage != stPlayer {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	i, err := g.e.militiaIndex(id)
	if err != nil {
		return err
	}
	u, m := g.e.militia[i], g.militia[i]
	if u.side != g.phasing {
		return refuse("17.2.3", "the %s Militia is repositioned only in its own side's Action Phase ('each friendly Action Phase', U1401)", u.id)
	}
	if m.where == militiaDisplaced {
		return refuse("17.2.3", "the %s Militia is in the Displaced Box: it returns only in Step C of the Reinforcement Phase (U1400)", u.id)
	}
	if m.moved {
		return refuse("17.2.3", "the %s Militia was repositioned already this Action Phase (U1401)", u.id)
	}
	p, err := g.e.b.locate(to)
	if err != nil {
		return err
	}
	if m.where == militiaOnMap && m.at == p {
		return refuse("17.2.3", "the %s Militia is in %s already", u.id, to)
	}
	if err := g.militiaHexOK(i, p); err != nil {
		return err
	}
	g.actionTaken()
	from := "its Holding Box"
	if m.where == militiaOnMap {
		from = g.e.b.ids[m.at]
	}
	g.setMilitia(i, militiaOnMap, p)
	g.militia[i].moved = true
	g.say("17.2.3", "the %s Militia is repositioned from %s to %s for free (no open path needed, U1401)", u.id, from, to)
	return nil
}

// displaceMilitia sends side's Militia in p to the Displaced Box: forced
// to retreat, defeated, displaced 7:1 or surrendered (17.2.1, 17.2.3).
func (g *game) displaceMilitia(side string, p rules.Point, why string) {
	for i, m := range g.militia {
		if m.where == militiaOnMap && m.at == p && g.e.militia[i].side == side {
			g.setMilitia(i, militiaDisplaced, rules.Point{})
			g.say("17.2.3", "the %s Militia in %s is Displaced: %s (it returns free in the next Reinforcement Phase, U1388)", g.e.militia[i].id, g.e.b.ids[p], why)
		}
	}
}

// newMilitiaPhase lets every Militia be repositioned again.
func (g *game) newMilitiaPhase() {
	for i := range g.militia {
		g.militia[i].moved = false
	}
}

// militiaCandidates offers the bots, cheaply, one repositioning per
// Militia: to the first hex of its state (board order) that is friendly,
// holds no friendly SPs and is next to enemy SPs, where a 0 SP defender
// may stop a small force.
func (g *game) militiaCandidates(side string, out []candidate) []candidate {
	for i, u := range g.e.militia {
		m := g.militia[i]
		if u.side != side || m.where == militiaDisplaced || m.moved {
			continue
		}
		if m.where == militiaOnMap && g.threatened(side, m.at) {
			continue
		}
		for _, p := range u.hexes {
			if g.sp[side][p] > 0 || g.militiaIn(side, p) || g.controller(p) != side || !g.threatened(side, p) {
				continue
			}
			if g.militiaHexOK(i, p) == nil {
				out = append(out, candidate{militia: i + 1, from: p})
			}
			break
		}
	}
	return out
}

// threatened reports enemy SPs next to p.
func (g *game) threatened(side string, p rules.Point) bool {
	for _, q := range g.e.b.neighbors(p) {
		if g.sp[other(side)][q] > 0 {
			return true
		}
	}
	return false
}

// militiaTrack is the script's militia.SIDE.STATE: the hex, "holding" or
// "displaced".
func (g *game) militiaTrack(id string) (string, error) {
	i, err := g.e.militiaIndex(id)
	if err != nil {
		return "", err
	}
	switch m := g.militia[i]; m.where {
	case militiaOnMap:
		return g.e.b.ids[m.at], nil
	case militiaHolding:
		return "holding", nil
	}
	return "displaced", nil
}

// scriptPlaceMilitia is the script's "do place" of a Militia: to a hex
// (checked as a placement), "holding" or "displaced".
func (g *game) scriptPlaceMilitia(id, to string) error {
	i, err := g.e.militiaIndex(id)
	if err != nil {
		return err
	}
	u := g.e.militia[i]
	switch to {
	case "displaced":
		g.setMilitia(i, militiaDisplaced, rules.Point{})
	case "holding":
		if !u.holding {
			return refuse("17.2.3", "only the Border States have a Holding Box, not %s (U1400)", u.state)
		}
		g.setMilitia(i, militiaHolding, rules.Point{})
	default:
		p, err := g.e.b.locate(to)
		if err != nil {
			return err
		}
		if err := g.militiaHexOK(i, p); err != nil {
			return err
		}
		g.setMilitia(i, militiaOnMap, p)
	}
	g.say("17.2", "the %s Militia placed: %s", id, to)
	return nil
}

// militiaViolations: a Militia stands only in a Resource/Objective Hex of
// its home state or its Border State's Holding Box, never with enemy SPs
// (17.2.1, 17.2.3); milHex agrees with where each Militia is. "Militia is
// never Demoralized" (U1405) needs no check of its own: Demoralization is
// kept for SPs only, and 12.2's check reports a marker without SPs.
func (g *game) militiaViolations() []string {
	var out []string
	b := g.e.b
	for i, m := range g.militia {
		u := g.e.militia[i]
		switch m.where {
		case militiaHolding:
			if !u.holding {
				out = append(out, fmt.Sprintf("USCW 17.2.3: the %s Militia is in a Holding Box, which only Border States have", u.id))
			}
			continue
		case militiaDisplaced:
			continue
		}
		h := b.hexes[m.at]
		switch {
		case h == nil:
			out = append(out, fmt.Sprintf("USCW 17.2.1: the %s Militia stands off the map", u.id))
			continue
		case homeState(h) != u.state:
			out = append(out, fmt.Sprintf("USCW 17.2.1: the %s Militia stands in %s, in %s, outside its home state", u.id, b.ids[m.at], homeState(h)))
		case !h.Objective && h.BP == nil:
			out = append(out, fmt.Sprintf("USCW 17.2.3: the %s Militia stands in %s, no Resource or Objective Hex", u.id, b.ids[m.at]))
		}
		if g.sp[other(u.side)][m.at] > 0 && (g.retreat == nil || g.retreat.from != m.at) {
			out = append(out, fmt.Sprintf("USCW 17.2.3: the %s Militia stands with enemy SPs in %s after the action", u.id, b.ids[m.at]))
		}
		if j, ok := g.milHex[m.at]; !ok || j != i {
			out = append(out, fmt.Sprintf("USCW 17.2: the %s Militia in %s is missing from the hex index", u.id, b.ids[m.at]))
		}
	}
	for p, i := range g.milHex {
		if m := g.militia[i]; m.where != militiaOnMap || m.at != p {
			out = append(out, fmt.Sprintf("USCW 17.2: the hex index puts the %s Militia in %s, where it is not", g.e.militia[i].id, b.ids[p]))
		}
	}
	return out
}

// militiaEntrenchCandidates offers the ENTRENCH action in the hexes where
// side has a Militia and no SPs: "any space containing a friendly
// Militia or SP" (4.3, U207; 10.1.2, U679), in the Militia's order.
func (g *game) militiaEntrenchCandidates(side string, out []candidate) []candidate {
	for i, u := range g.e.militia {
		m := g.militia[i]
		if u.side != side || m.where != militiaOnMap || g.sp[side][m.at] > 0 {
			continue
		}
		if w := g.works[m.at]; w.entrench == "" && w.fort == "" && g.canSpend(m.at) && g.stateSide(u.state) == side && !g.westVirginiaTurn1(side, m.at) {
			out = append(out, candidate{works: "entrench", from: m.at})
		}
	}
	return out
}
