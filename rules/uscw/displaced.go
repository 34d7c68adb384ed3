package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
)

// The Displaced Boxes (14.6, U1239-1247). "Displaced SPs and Generals
// must return to the same theater which they were displaced from", and
// the rulebook's example counts "5 SPs in the Union West Theater
// Displaced Box" (U1247): each side keeps a box per theater. A force
// goes to the box of the theater of the space it is Displaced from
// (spaceTheater: a Coastal Fort's or an Island's is its land's).
//
// In Step C of the Reinforcement Phase, theater by theater, half of a
// box's SPs (rounded down) return, as many more are eliminated and an
// odd one stays. The returning SPs are placed by their owner as the
// reinforcements are (placement.go, the stage "reinforcement"): "Union SPs
// must be placed on friendly-controlled Objective Hexes in Northern
// States, while CSA SPs must be placed on friendly-controlled Resource
// Hexes. Placement hexes must be in Full Supply" (U1241), the Union's
// Trans-Mississippi SPs in St. Louis alone, "provided St. Louis is under
// Union control and in Full Supply" (U1243), all in the box's theater.
// "If a player is unable to place the returning Displaced SPs for a
// theater on the map, return those SPs to the Displaced Box" (U1245).
//
// Readings: the SPs eliminated with a return are eliminated even when
// the returning ones cannot be placed and go back to the box (U1241's
// "An equal number of Displaced SPs are eliminated" names no condition;
// U1245 returns only "those SPs", the returning ones). Resource Hexes lie
// in the Southern States ("Those outlined in gray in the Southern states
// are Resource Hexes", 2.1.4, U58) and West Virginia, whose count as
// Virginia's while the Confederate holds them (17.1.2, U1364); no state
// limit applies
// (14.3.5's "No more than 2 SPs ... in each state" is the
// reinforcements'). The returning Generals are placed by their owner
// too, once the SPs are, in a space of their theater with a friendly SP
// and an LOC to a Primary Supply Source (primarySupplied's reading of an
// LOC; the largest such stack when a script does not say); 16.2's bar on
// a 3-star in an Island or Coastal Fort is for the Generals the Turn
// Record Track places, and 14.6 repeats it not.

// displacedBox names one of a side's Displaced Boxes: its theater.
type displacedBox struct {
	side, theater string
}

// displacedSPs is the side's SPs in all its Displaced Boxes.
func (g *game) displacedSPs(side string) int {
	n := 0
	for box, k := range g.displace {
		if box.side == side {
			n += k
		}
	}
	return n
}

// returnDisplacedSPs starts Step C's return of side's Displaced SPs: for
// each theater's box (East, West, Trans-Mississippi), half its SPs are
// granted a return (they wait in the box until placed) and as many are
// eliminated at once.
func (g *game) returnDisplacedSPs(side string) {
	for _, th := range theaters {
		box := displacedBox{side, th}
		n := g.displace[box]
		back := n / 2
		if back == 0 {
			continue
		}
		g.displace[box] -= back
		g.spLost[side] += back
		g.say("14.6", "the %s %s Displaced Box holds %s: %d return, %d are eliminated, %d stay", side, th, spCount(n), back, back, n-2*back)
		g.grants = append(g.grants, grant{side: side, n: back, where: "the " + th + " Displaced Box", theat: th, displaced: true})
	}
}

// displacedHex reports whether p may take returning Displaced SPs of
// gr's box now (14.6, U1241-1243).
func (g *game) displacedHex(gr grant, p rules.Point) bool {
	h := g.e.b.hexes[p]
	if h == nil || g.spaceTheater(p) != gr.theat || g.controller(p) != gr.side || !g.inFullSupply(gr.side, p) {
		return false
	}
	if gr.side == "confederate" {
		return h.BP != nil && g.southernState(p) != "" // West Virginia's too, while his (17.1.2, U1364)
	}
	if gr.theat == "trans-mississippi" {
		return g.e.hasStLouis && p == g.e.stLouis // U1243
	}
	return h.Objective && g.northern(homeState(h))
}

// returnDisplacedGenerals queues side's Displaced Generals for their
// owner to place, each in a space of his box's theater (14.6); a General
// whose theater has none waits in the box, as does a Cavalry General cut
// off when Displaced (8.7).
func (g *game) returnDisplacedGenerals(side string) {
	for _, id := range g.e.genIDs {
		th := g.displacedGen[id]
		if th == "" || g.gens[id].side != side {
			continue
		}
		if g.cavalryDelayed(id) {
			g.say("8.7", "%s, Displaced while cut off from supply, stays out of play this turn", g.gens[id].name)
			continue
		}
		g.grants = append(g.grants, grant{side: side, n: 1, where: g.gens[id].name, theat: th, displaced: true, general: id})
	}
}

// displacedGeneralSpace reports whether a Displaced General of side may
// return to p, a space of theater th: "Generals may be placed in any space
// containing at least 1 SP that has an LOC to a Primary Supply Source"
// (U1241), "the same theater which they were displaced from".
func (g *game) displacedGeneralSpace(side, th string, p rules.Point) bool {
	return g.sp[side][p] > 0 && g.spaceTheater(p) == th && g.primarySupplied(side, p)
}

// displacedHome is the largest stack of side in theater th (the first in
// board order among equals) that may take a returning General: the
// default when a script does not say.
func (g *game) displacedHome(side, th string) (rules.Point, bool) {
	top := g.largestStacks(side, 1, func(p rules.Point) bool { return g.displacedGeneralSpace(side, th, p) })
	if len(top) == 0 {
		return rules.Point{}, false
	}
	return top[0], true
}

// placeDisplacedGeneral is the owner's placement of a returning Displaced
// General (play place, unit: his id, in the stage "reinforcement").
func (g *game) placeDisplacedGeneral(id, hex string) error {
	gen := g.gens[id]
	i := slices.IndexFunc(g.grants, func(gr grant) bool { return gr.general == id && gr.n > 0 })
	switch {
	case i < 0:
		return refuse("14.6", "%s is not a Displaced General returning now: Generals return from the Displaced Box in Step C of the Reinforcement Phase (U1241)", gen.name)
	case g.grants[0].general == "":
		return refuse("14.6", "the returning Displaced SPs are placed first (play place, unit sps): %s joins a stack once they are", gen.name)
	case g.grants[0].side != gen.side:
		return refuse("14.6", "the %s places its returning Generals first", g.grants[0].side)
	}
	p, err := g.e.b.locate(hex)
	if err != nil {
		return err
	}
	gr := &g.grants[i]
	if !g.displacedGeneralSpace(gr.side, gr.theat, p) {
		return refuse("14.6", "%s may not return to %s: 'Generals may be placed in any space containing at least 1 SP that has an LOC to a Primary Supply Source' (U1241), of the %s he was Displaced from", gen.name, hex, gr.theat)
	}
	gr.n = 0
	delete(g.displacedGen, id)
	delete(g.cavDelay, id)
	g.genAt[id] = p
	g.say("14.6", "%s returns from the %s Displaced Box to %s", gen.name, gr.theat, hex)
	g.afterPlacement()
	return nil
}

// displacedGeneralCandidates offers the bots a returning General's two
// largest legal stacks (as leaderCandidates offers an arrival's).
func (g *game) displacedGeneralCandidates(gr grant, out []candidate) []candidate {
	top := g.largestStacks(gr.side, 2, func(p rules.Point) bool { return g.displacedGeneralSpace(gr.side, gr.theat, p) })
	for _, p := range top {
		out = append(out, candidate{place: gr.general, from: p})
	}
	return out
}

// displacedHexRule says where gr's returning SPs may go, for a refusal.
func displacedHexRule(gr grant) string {
	switch {
	case gr.side == "confederate":
		return "a Confederate-controlled Resource Hex of the " + gr.theat + " in Full Supply"
	case gr.theat == "trans-mississippi":
		return "'Returning Union Displaced Trans-Mississippi SPs are placed in St. Louis, provided St. Louis is under Union control and in Full Supply'"
	}
	return "a Union-controlled Objective Hex of a Northern State in the " + gr.theat + ", in Full Supply"
}
