package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// Amphibious Assaults (19.5, U1607-1638): Naval Transport that lands in
// an enemy-controlled or enemy-occupied space (19.3.1), by River or Ocean
// Transport, at its cost, with its capacity (a Union stack of up to 3
// SPs, 19.5.2) and the 1861 Ramp Up. A battle there follows the land
// battle's procedure and DRMs (19.5.2); a failed assault returns to the
// port it sailed from or to another it could have reached (19.5.4,
// assaultBack). The Union pays with Action Points or a
// card, and must play a Naval or Any card against a Fort or Coastal Fort
// (19.5.1, U1611; coastal.go); every Confederate assault is
// activated by an Any card (U1612) and carries 1 SP (navalcards.go). A
// landing in an Island places a Control marker (19.5.3, islands.go's
// takeIsland; a captured Coastal Fort changes sides, coastal.go). Not
// yet: interception of a landing (U1618)
// but 10.3.2's automatic reaction at a Coastal Fort (U739, U1622; transport.go's landingReactions). A Confederate assault sails by 19.5.5's temporary
// Naval Control (confederateAssaultNaval).

// assaultPath is the River Transport path of an Amphibious Assault that
// needs one hexside without friendly Naval Control: "an Amphibious
// Assault may enter one enemy controlled hex or hexside where friendly
// naval control does not exist in order to land at the target hex, but
// it may never bypass such a hex or hexside" (19.5.1, U1609). That one
// hexside is the target hex's own, reached from the start hex or from a
// friendly hexside it touches.
func (g *game) assaultPath(side string, si, di int) []int {
	w := g.e.b.ww
	queue, prev := g.waterSearch(side, si)
	for _, t := range w.atHex[di] {
		if !g.sails(side, t) {
			continue // 19.4 (U1601)
		}
		if slices.Contains(w.atHex[si], t) {
			return []int{t}
		}
		for _, s := range queue {
			if slices.Contains(g.links(s), t) {
				return append(chain(prev, s), t)
			}
		}
	}
	return nil
}

// assaultTargets lists (board indexes, sorted) the enemy spaces the
// Union stack in p may assault by River Transport, for the bots.
func (g *game) assaultTargets(side string, p rules.Point) []int {
	b := g.e.b
	w := b.ww
	si := b.index[p]
	if len(w.atHex[si]) == 0 || !g.friendlyPort(side, p) {
		return nil
	}
	queue, _ := g.waterSearch(side, si)
	cand := map[int]bool{}
	near := func(t int) {
		for _, h := range w.on[t] {
			if h != si && g.enemySpace(side, h) && !g.closedByNeutrality(b.order[h], false) {
				cand[h] = true
			}
		}
	}
	for _, t := range w.atHex[si] {
		near(t)
	}
	for _, s := range queue {
		near(s)
		for _, t := range g.links(s) {
			near(t)
		}
	}
	out := make([]int, 0, len(cand))
	for h := range cand {
		out = append(out, h)
	}
	slices.Sort(out)
	return out
}

// enemySpace: the hex (a board index) is enemy-controlled or
// enemy-occupied (19.3.1).
func (g *game) enemySpace(side string, i int) bool {
	p := g.e.b.order[i]
	return g.sp[other(side)][p] > 0 || g.controller(p) == other(side)
}

// confederateAssaultNaval is the Naval Control a Confederate Amphibious
// Assault sails by: "assume Confederate Naval Control temporarily trumps
// Union Naval Control until blocked (19.1.4). This temporary control ends
// as soon as the Amphibious Assault ends" (19.5.5, U1634). The
// Confederate's control runs on from its ports in Southern States over
// the Union's until a Union Fort (every navigable hexside of its hex but
// Simmesport's Mississippi one) or a Union Entrenchment (Type 1
// hexsides) blocks it, and never into Kentucky while it is neutral; a
// hexside between opposing Forts stays enemy to both (10.2.7).
func (g *game) confederateAssaultNaval() []int8 {
	b := g.e.b
	w := b.ww
	base := g.naval()
	ctrl := slices.Clone(base)
	ky := g.kentuckyNeutral()
	blocked := make([]bool, len(w.sides))
	for _, i := range w.worksHexes(g.works, b) {
		x := g.works[b.order[i]]
		for _, s := range w.atHex[i] {
			if w.sides[s].tidal {
				continue // never blocked by Forts or Entrenchments (19.4, U1601)
			}
			if x.fort == "union" && !simmesport(b, i, w.sides[s]) || x.entrench == "union" && !w.sides[s].type2 {
				blocked[s] = true
			}
		}
	}
	g.islandBlocks("confederate", blocked) // a Union Island blocks it (19.1.4)
	open := func(s int) bool {
		return ctrl[s] != navConfederate && ctrl[s] != navBoth && !blocked[s] && !(ky && w.kyIn[s])
	}
	var queue []int
	for _, i := range w.ports {
		p := b.order[i]
		if g.controller(p) != "confederate" || g.southernState(p) == "" {
			continue
		}
		for _, s := range w.atHex[i] {
			if open(s) {
				ctrl[s] = navConfederate
			}
			if ctrl[s] == navConfederate {
				queue = append(queue, s)
			}
		}
	}
	for k := 0; k < len(queue); k++ {
		for _, t := range g.links(queue[k]) {
			if open(t) {
				ctrl[t] = navConfederate
				queue = append(queue, t)
			}
		}
	}
	return ctrl
}

// assaultBack is the port a failed Amphibious Assault re-embarks to:
// "the surviving SPs must immediately re-embark and either return to the
// Port they sailed from or sail to a friendly-controlled Port they could
// have reached at the start of their move" (19.5.4, U1628). A script names
// the other port (hexes); the bots and an unnamed one take the port sailed
// from. By River Transport the port is one the stack's waters reach; by
// Ocean Transport any other friendly Ocean Port or Island Ocean Transport
// reaches (oceanEnd). Reading (docs/engines.md): a friendly-controlled
// Island is a Port to sail back to, as it is an end of Naval Transport
// (19.3.4 "into/out of ... Island boxes", U1577; the Map Notes' Ocean
// Amphibious Assault into Roanoke Island, U2091-2095).
func (g *game) assaultBack(side string, start rules.Point, o transportOrder) (rules.Point, error) {
	if o.back == "" {
		return start, nil
	}
	b := g.e.b
	if !o.assault {
		return start, refuse("19.5.4", "only an Amphibious Assault names the port it sails to if it fails")
	}
	p, err := b.locate(o.back)
	if err != nil {
		return start, err
	}
	if p == start {
		return p, nil
	}
	reach := false
	if o.ocean {
		reach = g.oceanEndOK(p, false) // 19.2.2; an Island along the Tidal River Paths (Map Notes U2091-2095)
	} else {
		reach = slices.Contains(g.waterReach(side, start), b.index[p])
	}
	friendly := g.friendlyPort(side, p) || b.isIsland(p) && g.controller(p) == side
	if !friendly || !reach {
		return start, refuse("19.5.4", "%s is not a friendly-controlled Port the stack could have reached at the start of its move (U1628)", o.back)
	}
	g.say("19.5.4", "if the assault fails, the survivors sail to %s (U1628)", o.back)
	return p, nil
}
