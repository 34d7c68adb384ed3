package uscw

import "github.com/musterhq/muster/rules"

// DISPERSE SPs (4.3, U210): "0 DISPERSE SPs: Any number of non-Isolated
// (13.6.2) friendly SPs may be placed in the theater's Displaced Box
// (14.6)." An action of the Phasing player's Player Action Phase for no
// Action Point; the SPs return as any Displaced SPs do (half of them,
// 14.6), to their hex's theater (displaced.go). Readings: SPs that moved
// this Action Phase may be dispersed too (the text
// bars only Isolated ones); 7.6's "Players may never intentionally leave
// a General without at least 1 SP" (U490) bars dispersing a General's
// last SP.

// disperse places n of the phasing side's SPs in hex in its Displaced
// Box; n < 0: all of them.
func (g *game) disperse(hex string, n int) error {
	p, err := g.actionHex(hex)
	if err != nil {
		return err
	}
	side := g.phasing
	have := g.sp[side][p]
	if n < 0 {
		n = have
	}
	if have == 0 || n == 0 {
		return refuse("4.3", "%s holds no %s SPs to disperse: 'Any number of non-Isolated (13.6.2) friendly SPs may be placed in the theater's Displaced Box' (U210)", hex, side)
	}
	if n > have {
		return refuse("4.3", "%s holds %s, not %d to disperse (U210)", hex, spKind(have, side), n)
	}
	if g.isolated(side, p) {
		return refuse("4.3", "the %s SPs in %s are Isolated (13.6.2: Out of Supply, and no LOC to three vacant land hexes): only 'non-Isolated (13.6.2) friendly SPs' may be dispersed (U210)", side, hex)
	}
	if n == have && len(g.generalsAt(side, p)) > 0 {
		return refuse("7.6", "dispersing all %s in %s would leave %s without SPs: 'Players may never intentionally leave a General without at least 1 SP' (U490)", spCount(n), hex, g.generalsAt(side, p)[0].name)
	}
	g.actionTaken()
	g.sp[side][p] -= n
	g.displace[displacedBox{side, g.spaceTheater(p)}] += n
	if m := g.movedSP[side][p]; m > g.sp[side][p] {
		g.movedSP[side][p] = g.sp[side][p] // the moved ones are among those that went, if they must be
	}
	g.dispersed++
	g.tidy(side, p)
	g.touch(p)
	g.say("4.3", "DISPERSE: %s in %s go to the %s Displaced Box (0 Action Points; %d there now, 14.6)", spKind(n, side), hex, g.spaceTheater(p), g.displace[displacedBox{side, g.spaceTheater(p)}])
	return nil
}

// disperseCandidates offers the bots one DISPERSE: all the SPs of the
// first stack (board order) without Generals that is Out of Supply (13.1)
// but not Isolated, which Supply Attrition (13.5.6) would wear down where
// it stands, while half of those in the Displaced Box return (14.6). One
// offer a decision, so that random games do not spend their forces on it.
func (g *game) disperseCandidates(side string, out []candidate) []candidate {
	stacks := make([]rules.Point, 0, len(g.sp[side]))
	for p, n := range g.sp[side] {
		if n > 0 && len(g.generalsAt(side, p)) == 0 {
			stacks = append(stacks, p)
		}
	}
	sortPoints(stacks) // in board order, so that the supply traces stop at the first found
	for _, p := range stacks {
		if g.supplyAt(side, p) == outOfSupply && !g.isolated(side, p) {
			return append(out, candidate{disperse: true, from: p, sps: g.sp[side][p]})
		}
	}
	return out
}
