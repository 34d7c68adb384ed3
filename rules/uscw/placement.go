package uscw

import (
	"fmt"
	"slices"

	"github.com/musterhq/muster/rules"
)

// The owner's placement of the reinforcement SPs (14.2.1-14.2.2,
// U1141-1154; 14.3.5, U1178-1186).
//
// The Union's SPs go "in any Objective Hexes in Illinois", "in any
// Objective Hexes in Ohio and Indiana" and "as the Union player wishes
// between Objective Hexes in the East Theater and the Chesapeake Bay Box"
// (U1147-1149), each in a Union controlled Objective Hex in a Northern
// State (14.2.2); the Confederate's "in friendly-controlled Resource
// Hexes", its Trans-Mississippi SP, then the East's and the West's, "No
// more than 2 SPs ... in each state" (14.3.5). Each side places its own
// in the stage "reinforcement" (the Union's before the Confederate's
// SPs are built, as 3.1 orders them): play place, unit sps, to: the hex,
// manpower: how many (all the area's left, or as many as the state
// takes, if none); each area's SPs may be split among its hexes. An area
// whose SPs have no legal hex left loses them (U1153, U1186). The bots
// are offered all the area's SPs left (or the state's room) in each legal
// hex. A script that plays on without placing takes the default: the
// first legal hex in board order, as many as it takes, until the area's
// SPs are placed. St. Louis's 2 SPs have no choice (U1146). The War
// Industry's Arsenal (14.5) waits in the same stage, before the
// Confederate's BPs are counted, for his choice of Resource Hex in the
// state rolled (play place, unit arsenal, to; reinforce.go), the first
// in board order by default. The Chesapeake Bay Box is no place for the
// East's SPs: it "is only used in the Advanced Game" (19.2.2, U1550).

// grant is an area's reinforcement SPs still to place.
type grant struct {
	side  string
	n     int
	where string   // the area, as the log names it
	theat string   // its theater ("" any)
	state []string // Union: its states (nil: any Northern State)
	// displaced: SPs returning from the theater's Displaced Box (14.6,
	// displaced.go), which wait there until placed
	displaced bool
	// general: a Displaced General returning to his box's theater (14.6),
	// placed once the returning SPs are (play place, unit: his id)
	general string
}

// grantHex reports whether p may take gr's SPs now (14.2.2, 14.3.5).
func (g *game) grantHex(gr grant, p rules.Point) bool {
	if gr.general != "" {
		return g.displacedGeneralSpace(gr.side, gr.theat, p)
	}
	if gr.displaced {
		return g.displacedHex(gr, p)
	}
	h := g.e.b.hexes[p]
	st := homeState(h)
	if gr.theat != "" && h.Theater != gr.theat {
		return false
	}
	if gr.side == "union" {
		// "Objective Hexes in Northern States that are in Full Supply" (14.2.2, U1153)
		return h.Objective && g.controller(p) == "union" && g.northern(st) && (gr.state == nil || slices.Contains(gr.state, st)) && g.inFullSupply("union", p)
	}
	// "friendly-controlled Resource Hexes in Full Supply" (14.3.5, U1185);
	// a Confederate-held West Virginia one is Virginia's (17.1.2).
	if h.BP == nil || g.controller(p) != "confederate" {
		return false
	}
	st = g.southernState(p)
	return st != "" && g.reinfState[st] < 2 && g.inFullSupply("confederate", p)
}

// grantHexes lists the hexes gr's SPs may go to, in board order.
func (g *game) grantHexes(gr grant) []rules.Point {
	from := g.e.objectives
	switch {
	case gr.general != "":
		from = g.e.b.order // any space of his theater
	case gr.side == "confederate":
		from = g.e.resources
	case gr.displaced && gr.theat == "trans-mississippi":
		from = nil
		if g.e.hasStLouis {
			from = []rules.Point{g.e.stLouis} // U1243
		}
	}
	var out []rules.Point
	for _, p := range from {
		if g.grantHex(gr, p) {
			out = append(out, p)
		}
	}
	return out
}

// grantRoom is how many of gr's SPs p takes: all that are left, or for
// the Confederate the state's room (at most 2 a state, U1184).
func (g *game) grantRoom(gr grant, p rules.Point) int {
	if gr.side == "confederate" && !gr.displaced {
		return min(gr.n, 2-g.reinfState[g.southernState(p)])
	}
	return gr.n
}

// stopForGrants drops the areas whose SPs have no legal hex left (lost)
// and stops in the stage "reinforcement" for the owner when SPs remain
// to place; it reports whether it stopped.
func (g *game) stopForGrants() bool {
	for len(g.grants) > 0 {
		gr := g.grants[0]
		if gr.n > 0 && len(g.grantHexes(gr)) > 0 {
			g.stage, g.phasing = stReinforce, gr.side
			return true
		}
		if gr.n > 0 {
			switch {
			case gr.general != "":
				g.say("14.6", "%s stays in the %s Displaced Box: no space of the %s holds a %s SP with an LOC to a Primary Supply Source (U1241)", g.gens[gr.general].name, gr.theat, gr.theat, gr.side)
			case gr.displaced:
				g.say("14.6", "%s returning from %s: no legal hex (%s), they stay in the box: 'If a player is unable to place the returning Displaced SPs for a theater on the map, return those SPs to the Displaced Box' (U1245)", spKind(gr.n, gr.side), gr.where, displacedHexRule(gr))
			case gr.side == "union":
				g.say("14.2.2", "%s for %s: no Union-controlled Objective Hex of a Northern State in Full Supply there, lost", spKind(gr.n, "Union"), gr.where)
			default:
				g.say("14.3.5", "%s for the %s: no legal Resource Hex left (friendly-controlled, in Full Supply, 2 per state), lost", spKind(gr.n, "Confederate"), gr.where)
			}
		}
		g.grants = g.grants[1:]
	}
	return false
}

// placeReinforcement places n (all that p takes if n < 0) of the side's
// reinforcement SPs in the hex named (play place, unit sps).
func (g *game) placeReinforcement(hex string, n int) error {
	if g.stage != stReinforce || len(g.grants) == 0 {
		return refuse("14.2.2", "no reinforcement SPs wait to be placed: they are placed in the Reinforcement Phase (3.1, U92)")
	}
	p, err := g.e.b.locate(hex)
	if err != nil {
		return err
	}
	side := g.grants[0].side
	if gr := g.grants[0]; gr.general != "" {
		return refuse("14.6", "%s returns from the %s Displaced Box first: place him (play place, unit: %s)", g.gens[gr.general].name, gr.theat, gr.general)
	}
	i := slices.IndexFunc(g.grants, func(gr grant) bool { return gr.n > 0 && gr.general == "" && g.grantHex(gr, p) })
	if i < 0 {
		if gr := g.grants[0]; gr.displaced {
			return refuse("14.6", "%s is not where the SPs of %s may return: %s (U1241-1243)", hex, gr.where, displacedHexRule(gr))
		}
		if side == "union" {
			return refuse("14.2.2", "%s is no Union controlled Objective Hex in a Northern State of %s in Full Supply: 'Union Reinforcement SPs in the East and West must be placed in Union controlled Objective Hexes in Northern States that are in Full Supply' (U1153)", hex, g.grants[0].where)
		}
		return refuse("14.3.5", "%s is no Confederate controlled Resource Hex of the %s in Full Supply with room in its state: 'No more than 2 SPs may be placed in each state. SPs must be placed in friendly-controlled Resource Hexes in Full Supply' (U1184-1185)", hex, g.grants[0].where)
	}
	gr := &g.grants[i]
	room := g.grantRoom(*gr, p)
	if n < 0 {
		n = room
	}
	if n < 1 || n > room {
		if side == "confederate" && n > room && room < gr.n {
			return refuse("14.3.5", "%s takes at most %s more: 'No more than 2 SPs may be placed in each state' (U1184)", hex, spCount(room))
		}
		return refuse("14.2.1", "%s: the %s has %d left to place for %s", spCount(n), side, gr.n, gr.where)
	}
	gr.n -= n
	if gr.displaced {
		box := displacedBox{side, gr.theat}
		g.displace[box] -= n
		g.sp[side][p] += n
		g.catchLoneGenerals(side, p)
		g.touch(p)
		g.say("14.6", "%s from %s placed in %s", spKind(n, side), gr.where, g.e.b.ids[p])
		g.afterPlacement()
		return nil
	}
	g.addSP(side, p, n)
	if side == "union" {
		g.say("14.2.1", "%s for %s placed in %s", spKind(n, "Union"), gr.where, g.e.b.ids[p])
	} else {
		st := g.southernState(p)
		g.reinfState[st] += n
		g.say("14.3.5", "%s placed in %s (%s)", spKind(n, "Confederate"), g.e.b.ids[p], st)
	}
	g.afterPlacement()
	return nil
}

// afterPlacement goes on with the Reinforcement Phase once the side's
// SPs are all placed (or lost).
func (g *game) afterPlacement() {
	if g.stopForGrants() {
		return
	}
	g.stage = stPlayer
	if !g.reinforcementSteps(g.reinfStep) {
		g.afterReinforcement()
	}
}

// placesNow reports whether step s places what the stage "reinforcement"
// waits for: the Arsenal, reinforcement or returning SPs, or the returning
// General first in line (a script's other steps pass it by the defaults).
func (g *game) placesNow(s *rules.Step) bool {
	switch {
	case s.Play != "place":
		return false
	case s.Unit == "arsenal":
		return true
	case g.arsenalState != "":
		return false
	case s.Unit == "sps":
		return true
	}
	return len(g.grants) > 0 && g.grants[0].general == s.Unit
}

// defaultPlacement places the side's SPs as a script that does not say:
// the first legal hex in board order, as many as it takes; a returning
// Displaced General, the largest legal stack (displacedHome).
func (g *game) defaultPlacement() error {
	if g.stage == stReinforce && g.arsenalState != "" {
		return g.placeArsenal(g.e.b.ids[g.arsenalHexes(g.arsenalState)[0]]) // 14.5
	}
	if g.stage != stReinforce || len(g.grants) == 0 {
		return refuse("14.2.2", "no reinforcement SPs wait to be placed")
	}
	side := g.grants[0].side
	for g.stage == stReinforce && g.grants[0].side == side && g.err == nil {
		if id := g.grants[0].general; id != "" {
			home, _ := g.displacedHome(side, g.grants[0].theat) // the largest stack (14.6's default)
			if err := g.placeDisplacedGeneral(id, g.e.b.ids[home]); err != nil {
				return err
			}
		} else if err := g.placeReinforcement(g.e.b.ids[g.grantHexes(g.grants[0])[0]], -1); err != nil {
			return err
		}
		if len(g.grants) == 0 {
			break
		}
	}
	return nil
}

// placementCandidates offers the bots the first area's SPs left (or the
// state's room) in each of its legal hexes.
func (g *game) placementCandidates(out []candidate) []candidate {
	if g.arsenalState != "" {
		for _, p := range g.arsenalHexes(g.arsenalState) {
			out = append(out, candidate{arsenal: true, from: p})
		}
		return out
	}
	if len(g.grants) == 0 {
		return out
	}
	gr := g.grants[0]
	if gr.general != "" {
		return g.displacedGeneralCandidates(gr, out)
	}
	for _, p := range g.grantHexes(gr) {
		out = append(out, candidate{reinforce: true, from: p, sps: g.grantRoom(gr, p)})
	}
	return out
}

// placementViolations: the stage "reinforcement" holds exactly while SPs
// wait to be placed, each area's in a legal hex.
func (g *game) placementViolations() []string {
	if (g.stage == stReinforce) != (len(g.grants) > 0 || g.arsenalState != "") {
		return []string{fmt.Sprintf("USCW 14.2.2: the stage is %s with %d areas' reinforcement SPs waiting", stageNames[g.stage], len(g.grants))}
	}
	if g.arsenalState != "" {
		if len(g.grants) > 0 || len(g.arsenalHexes(g.arsenalState)) == 0 {
			return []string{fmt.Sprintf("USCW 14.5: the Arsenal of %s waits with %d areas' SPs placed before it or no hex to take it", g.arsenalState, len(g.grants))}
		}
		return nil
	}
	if len(g.grants) > 0 && (g.grants[0].n <= 0 || len(g.grantHexes(g.grants[0])) == 0) {
		return []string{fmt.Sprintf("USCW 14.2.2: the %s's SPs for %s wait with no legal hex", g.grants[0].side, g.grants[0].where)}
	}
	return nil
}
