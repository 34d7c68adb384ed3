package uscw

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/rules"
)

// endPhase plays the End Phase (3.5, U150-158): A. the Control Segment
// (20.1), B. the End Turn Rally (20.2), C. the Automatic Victory Segment
// (20.3): the Confederate VPs for Invading the North and Fading Glory,
// the Union's for Mississippi River Control (20.3.1, mississippi.go), then the victory calculation and the scenario's end by the rules core.
func (g *game) endPhase() {
	g.say("3.5", "End Phase of turn %d", g.turn)
	g.controlSegment()
	g.endTurnRally()
	g.invadingTheNorth()
	g.mississippiControl()
	g.core.Turn = g.turn
	g.victoryTracks()
	r := rules.Evaluate(g.core)
	g.recordVP(r)
	if r.Automatic != "" {
		g.say("20.3", "automatic victory: %s (%s)", r.Automatic, r.Winner)
		g.route = rules.RouteAutomatic
		g.finish(r)
		return
	}
	if g.turn >= g.e.last {
		g.say("20.3", "the scenario ends after turn %d: %.1f VP, level %q, winner %q, exact %v", g.turn, r.Total, r.Level, r.Winner, r.Exact)
		g.route = rules.RouteFinalCount
		g.finish(r)
		return
	}
	g.turn++
	g.beginTurn()
}

// controlSegment is 20.1 (U1662-1676).
func (g *game) controlSegment() {
	b := g.e.b
	// 20.1.1: "Place a Control marker in every Town, City, Port, Coastal
	// Fort, Island and Resource/Objective Hex located in an enemy-controlled
	// state that contains one or more of your SPs."
	for _, p := range g.e.markable {
		for _, side := range sides {
			// A Fortification stands as the marker (10.1.1, U689).
			if g.sp[side][p] > 0 && g.marker[p] != side && g.stateSide(homeState(b.hexes[p])) == other(side) && !g.fortified(side, p) {
				g.say("20.1.1", "the %s places a Control marker in %s", side, b.ids[p])
				g.setMarker(p, side)
			}
		}
	}
	// 20.1.2: Confederate Control markers in Northern States go from
	// Objective Hexes without Confederate SPs, and from other hexes without
	// Confederate SPs that cannot trace an LOC of 4 MPs to a Confederate SP;
	// "If there was a Confederate Fort in the hex, it is Captured (10.2.5)"
	// (U1668-1673). Any hex may hold a Fort, markable or not. A reading:
	// every hex is judged on the position the segment starts with, and
	// then all go at once ("Remove all ..."), so an LOC may run through
	// a marker or Fort that goes too; removing them one by one would let
	// the order of the hexes' numbers decide which LOCs hold.
	var markers, forts []rules.Point
	for _, p := range g.e.markable {
		if g.marker[p] == "confederate" && g.northernOutpost(p) {
			markers = append(markers, p)
		}
	}
	for _, p := range g.sortedWorks() {
		if g.fortAt("confederate", p) > 0 && g.northernOutpost(p) {
			forts = append(forts, p)
		}
	}
	why := func(p rules.Point) string {
		if b.hexes[p].Objective {
			return ""
		}
		return " and no LOC of 4 MPs to one"
	}
	for _, p := range markers {
		g.say("20.1.2", "the Confederate Control marker in %s (Northern State) is removed: no Confederate SPs there%s", b.ids[p], why(p))
		g.setMarker(p, "")
	}
	for _, p := range forts {
		g.say("20.1.2", "the Confederate Fort in %s (Northern State) is Captured: no Confederate SPs there%s", b.ids[p], why(p))
		g.captureWorks("union", p)
	}
	g.borderStates()
}

// northernOutpost reports a Confederate hold on p that 20.1.2 ends
// (U1668-1671): p in a Northern State without Confederate SPs, and an
// Objective Hex or without "an LOC no longer than 4 MPs to at least one
// Confederate SP".
func (g *game) northernOutpost(p rules.Point) bool {
	h := g.e.b.hexes[p]
	if g.sp["confederate"][p] > 0 || !g.northern(homeState(h)) {
		return false
	}
	return h.Objective || !g.nearSP("confederate", p)
}

// nearSP reports an LOC of at most 4 MPs from p to one of side's SPs.
func (g *game) nearSP(side string, p rules.Point) bool {
	for _, n := range g.within(side, p, locMPs) {
		if g.sp[side][n] > 0 {
			return true
		}
	}
	return false
}

// rally is the Action Phase Rally (12.5.2, U931): 1 Action Point; only a
// stack in Supply (read, as for 20.2, as an LOC to a Supply Source); its
// units "may either Rally or move in the same Action Phase—they cannot do
// both".
func (g *game) rally(hex string) error {
	p, err := g.actionHex(hex)
	if err != nil {
		return err
	}
	side := g.phasing
	if !g.demoral[side][p] || g.sp[side][p] == 0 {
		return refuse("12.5.2", "no Demoralized %s SPs in %s", side, hex)
	}
	if g.movedSP[side][p] > 0 {
		return refuse("12.5.2", "SPs in %s moved this Action Phase: 'units may either Rally or move in the same Action Phase-they cannot do both' (U931)", hex)
	}
	if !g.inSupply(side, p) {
		return refuse("13.5.3", "the stack in %s is Out of Supply (13.1): 'They may not Rally except by the 3-1 method (12.5.4). Supply is judged at the moment of Rally' (U1051); 'Only stacks that are in Supply (13.1) may Rally' (12.5.2, U931)", hex)
	}
	if err := g.spend(p, "RALLY in "+hex); err != nil {
		return err
	}
	delete(g.demoral[side], p)
	g.movedSP[side][p] = g.sp[side][p] // they cannot also move
	for _, gen := range g.generalsAt(side, p) {
		g.moved[gen.id] = true
	}
	g.say("12.5.2", "the %s stack in %s rallies", side, hex)
	return nil
}

// endTurnRally is 20.2 (U1677-1680): "All Demoralized units that have an
// LOC to a Supply Source immediately rally ... Those that do not have an
// LOC remain Demoralized (12.5.3)", and 12.5.3 (U933): "all Demoralized
// units that are in Supply (13.1) immediately Rally ... Those stacks that
// are Out of Supply (13.1) remain Demoralized". Read as 12.5.3 words it,
// which 20.2 cites: in supply, Full or Limited (13.1, U949): a Supply
// Path (Full Supply, though no LOC runs: no Depot within 4 MPs), an LOC to
// a Primary Supply Source, or an LOC to a friendly Fort (Fortress Supply,
// 13.2.3: "a source of Fortress Supply ... may Rally", so a Supply
// Source of 20.2's words); the Out of Supply stay Demoralized.
func (g *game) endTurnRally() {
	for _, side := range sides {
		for _, p := range g.sortedHexes(g.demoral[side]) {
			if l := g.supplyAt(side, p); l != outOfSupply {
				delete(g.demoral[side], p)
				g.say("20.2", "End Turn Rally: the %s force in %s rallies (%s, 12.5.3)", side, g.e.b.ids[p], l.text())
			} else {
				g.say("20.2", "End Turn Rally: the %s force in %s is Out of Supply, no LOC to a Supply Source: it stays Demoralized (12.5.3)", side, g.e.b.ids[p])
			}
		}
	}
}

// invadingTheNorth: 2 Confederate VPs for each Objective Hex in a
// Northern State the Confederate controls (20.3.2, U1697-1699), then
// Fading Glory: less 1 VP (never below 0) unless the CSA has a Control
// marker in a hex of a Northern State, St. Louis, Louisville or Wheeling
// (20.3.3, U1703). The three cities count where the module places them,
// by a marker or, as the example says (U1705: "does not control St.
// Louis, Louisville, or Wheeling"), by control.
func (g *game) invadingTheNorth() {
	t := g.core.Tracks
	n := 0
	for _, p := range g.e.objectives {
		if g.northern(homeState(g.e.b.hexes[p])) && g.controller(p) == "confederate" {
			n++
		}
	}
	if n > 0 {
		t["csa-vp"] += float64(2 * n)
		g.invaded += 2 * n
		g.say("20.3.2", "Invading the North: the Confederate controls %d Objective Hex(es) in Northern States: +%d CSA VPs", n, 2*n)
	}
	for p, side := range g.marker {
		if side == "confederate" && g.northern(homeState(g.e.b.hexes[p])) {
			return
		}
	}
	for _, p := range g.e.gloryCities {
		if g.marker[p] == "confederate" || g.controller(p) == "confederate" {
			g.say("20.3.3", "Fading Glory: the Confederate holds %s: no VP lost", g.e.b.ids[p])
			return
		}
	}
	if t["csa-vp"] > 0 {
		t["csa-vp"]--
		g.faded++
		unplaced := ""
		if len(g.e.gloryUnplaced) > 0 {
			unplaced = fmt.Sprintf(" (%s: no hex in the module)", strings.Join(g.e.gloryUnplaced, ", "))
		}
		g.say("20.3.3", "Fading Glory: no Confederate Control marker in a Northern State, St. Louis, Louisville or Wheeling: -1 CSA VP for Invading the North%s", unplaced)
	}
}

// sortedHexes lists a set's hexes in board order.
func (g *game) sortedHexes(m map[rules.Point]bool) []rules.Point {
	out := make([]rules.Point, 0, len(m))
	for p, on := range m {
		if on {
			out = append(out, p)
		}
	}
	sortPoints(out)
	return out
}
