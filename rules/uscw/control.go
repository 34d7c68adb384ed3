package uscw

import (
	"slices"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Control (6.1-6.4, 6.6): who controls a state, a hex and a Resource
// Hex, the Control markers, and the Resource BPs the Union holds (the
// Resource BPs and Union VP tracks, 6.4.1 and 20.3.1), kept as control
// changes hex by hex, not recounted per action.

// southern are the eleven Southern States (2.1.2, U54: "the Confederate
// player controls the Southern States (tinted buff)"); the Border States
// are the module's statuses (17.1.1, U1362); every other state is
// Northern.
var southern = []string{"virginia", "north-carolina", "south-carolina", "georgia", "florida", "alabama", "mississippi", "louisiana", "texas", "arkansas", "tennessee"}

// heartland: Mississippi, Alabama, Georgia and South Carolina (6.4.2, U401).
var heartland = []string{"mississippi", "alabama", "georgia", "south-carolina"}

// homeState is the state a hex belongs to. A hex on a state border "is
// located solely in the state of the city, town or port that is located
// within the hex" (2.1.2, U54); the engine reads the map's first state as
// that one, for every hex (a reading: the map lists the hex's own state
// first).
func homeState(h *scenarios.HexData) string {
	if h == nil || len(h.States) == 0 {
		return ""
	}
	return h.States[0]
}

// stateSide is the side that controls a state: Northern States the Union,
// Southern States the Confederate (6.1.1, U351), Border States as their
// status says (17.1, "neutral" for none).
func (g *game) stateSide(st string) string {
	if v, ok := g.core.Statuses[st]; ok {
		if v == "union" || v == "confederate" {
			return v
		}
		return ""
	}
	if slices.Contains(southern, st) {
		return "confederate"
	}
	if st == "" {
		return ""
	}
	return "union"
}

// westVirginia is the Border State whose Resource Hexes, Towns and Ports
// count as Virginia while the Confederate holds them (17.1.2).
const westVirginia = "west-virginia"

// southernState is the Southern State hex p counts as for the rules that
// name one (14.3.5's "No more than 2 SPs may be placed in each state",
// 14.5's state rolled, 19.1's "ports located in Southern States"): its
// own state, or Virginia for a Resource Hex, Town or Port of West
// Virginia under Confederate control ("These Resource Hexes, Towns and
// Ports are also considered part of Virginia when they are under
// Confederate control", 17.1.2, U1364; its two exceptions, Virginia
// Militia and On to Richmond!, are militia.go's and richmond.go's, which
// read the hex's own state). "" for a hex of no Southern State.
func (g *game) southernState(p rules.Point) string {
	h := g.e.b.hexes[p]
	st := homeState(h)
	if slices.Contains(southern, st) {
		return st
	}
	if st == westVirginia && (h.BP != nil || h.Place == "town" || h.Port != "") && g.controller(p) == "confederate" {
		return "virginia"
	}
	return ""
}

// northern reports a Northern State (not Border, not Southern).
func (g *game) northern(st string) bool {
	_, border := g.core.Statuses[st]
	return st != "" && !border && !slices.Contains(southern, st)
}

// markable: Control markers go only in Towns, Objective Hexes, Resource
// Hexes, Ports, Coastal Forts (an Ocean Port, coastal.go) and Island
// spaces (islands.go) (6.2.3, U371-377).
func markable(h *scenarios.HexData) bool {
	return h != nil && (h.Place != "" || h.Objective || h.BP != nil || h.Port != "" || h.Terrain == islandTerrain)
}

// controller is who controls hex p (6.3, U381-388): the side with SPs
// there alone; else a Control marker's side; else, for a Town, Port,
// Objective or Resource Hex, the side controlling its state. Both sides'
// SPs never share a hex: the attacker stands outside the hex until its
// battle is resolved (the defender "always controls the hex until that
// battle ... is resolved", U386).
// supply.go's fillControllers reads the same tests for every hex at once:
// a test added here goes there too (the invariant checker compares them).
func (g *game) controller(p rules.Point) string {
	u, c := g.sp["union"][p] > 0, g.sp["confederate"][p] > 0
	switch {
	case u && !c:
		return "union"
	case c && !u:
		return "confederate"
	}
	if i, ok := g.milHex[p]; ok {
		return g.e.militia[i].side // "Militia, or at least 1 SP in that hex" (6.3, U386)
	}
	if w := g.works[p]; w.fort != "" || w.entrench != "" {
		return w.fort + w.entrench // a Fortification acts as a Control marker (10.1.1, U674; U689); one completed per hex
	}
	if m := g.marker[p]; m != "" {
		return m
	}
	if h := g.e.b.hex(p); markable(h) {
		return g.stateSide(homeState(h))
	}
	return ""
}

// setMarker places side's Control marker in p (or removes the marker with
// side ""), and settles the hex's Resource BPs.
func (g *game) setMarker(p rules.Point, side string) {
	if side == "" {
		delete(g.marker, p)
	} else {
		g.marker[p] = side
		if side == "union" {
			g.destroyArsenals(p, "Control marker")
		}
		g.destroyIfHeartland(p, side)
	}
	g.touch(p)
}

// clearEnemyMarker: "A force can remove Control markers in every hex it
// moves through that is free of enemy units" (6.2.2, U364), and where it
// stays once the enemy has gone (after a battle and its retreat). A
// Cavalry Unit pays +1 MP for it (U363): the march charges it (markerCost,
// cavalry.go).
func (g *game) clearEnemyMarker(side string, p rules.Point) {
	if side == "union" {
		g.garrisonReturns(p, "the Union recaptures the hex") // 17.4
	}
	g.clearEnemyWorks(side, p)
	if m := g.marker[p]; m != "" && m != side && g.sp[other(side)][p] == 0 {
		g.say("6.2.2", "the %s force removes the %s Control marker in %s", side, m, g.e.b.ids[p])
		g.setMarker(p, "")
	}
}

// destroyIfHeartland: from 1863 a Union Control marker on a Resource
// Hex of 2 or more BPs in the Confederate Heartland destroys it (6.4.2,
// U399-401); the Confederate then draws 1 BP from it (6.4.3).
func (g *game) destroyIfHeartland(p rules.Point, side string) {
	h := g.e.b.hexes[p]
	if side != "union" || h == nil || h.BP == nil || *h.BP < 2 || g.e.year(g.turn) < 1863 || g.destroyed[p] || !slices.Contains(heartland, homeState(h)) {
		return
	}
	g.destroyed[p] = true
	g.say("6.4.2", "the Union destroys the Resource Hex %s (%d BPs): a Destroyed marker; recaptured it yields 1 BP", g.e.b.ids[p], *h.BP)
}

// resourceShare is what a Resource Hex gives each side now: the Union
// counts every BP it controls or destroyed (20.3.1, U1687-1689, "BURNED
// BUT RECAPTURED"); the Confederate the rest. West Virginia's count as
// the Southern States' do: "the BP value for each Resource Hex he
// controls in West Virginia (14.3.2)" (17.1.6, U1382), and the Union's
// tally "Start in West Virginia" (U1714).
func (g *game) resourceShare(p rules.Point) (union, csa int) {
	h := g.e.b.hexes[p]
	if h == nil || h.BP == nil || !slices.Contains(southern, homeState(h)) && homeState(h) != westVirginia {
		return 0, 0
	}
	bp := *h.BP
	if g.controller(p) == "union" {
		return bp, 0
	}
	if g.destroyed[p] {
		return bp - 1, 1
	}
	return 0, bp
}

// touch settles hex p after its occupants or marker changed: the
// Resource BPs move between the Resource BPs and Union VP tracks at once
// (6.4.1, U393: "adjust the BP marker down on the Status Track
// immediately"), and National Panic (20.3.2) is scored.
func (g *game) touch(p rules.Point) {
	g.ver++ // the supply worked out for the last position is stale
	g.settlePorts(p)
	u, _ := g.resourceShare(p)
	if d := u - g.credit[p]; d != 0 {
		g.credit[p] = u
		g.core.Tracks["union-vp"] += float64(d)
		g.core.Tracks["resource-bps"] -= float64(d)
		g.say("6.4.1", "Resource Hex %s: the Union now holds %d of its BPs (Union VPs %+d, Resource BPs %+d)", g.e.b.ids[p], u, d, -d)
	}
	if p == g.e.washington && g.sp["confederate"][p] > 0 && g.core.Tracks["csa-national-panic"] == 0 {
		g.core.Tracks["csa-national-panic"] = 3
		g.say("20.3.2", "National Panic: Confederate SPs occupy Washington DC (%s): 3 permanent Confederate VPs", g.e.b.ids[p])
	}
}

// creditAll sets the Resource credit of every Resource Hex at the start,
// without moving the tracks: the scenario's Resource BPs and Union VPs
// already count what the Union holds at the start.
func (g *game) creditAll() {
	for _, p := range g.e.resources {
		g.credit[p], _ = g.resourceShare(p)
	}
}

// books notes the tracks the invariant checker measures changes from (at
// the start, and after a script sets a track).
func (g *game) books() {
	t := g.core.Tracks
	g.bpTotal, g.bpStartVP, g.csaStartVP = t["union-vp"]+t["resource-bps"], t["union-vp"], t["csa-vp"]
	g.arsenalsAtStart, g.maintAtStart = t["arsenals"], t["maintenance"]
	for _, n := range g.arsenal {
		g.arsenalsAtStart -= float64(n)
	}
	g.arsenalsAtStart -= float64(g.arsenalsLost)
	g.heldAtStart, g.invaded, g.faded = 0, 0, 0
	g.missAtStart = g.missHeld
	for _, p := range g.e.resources {
		g.heldAtStart += g.credit[p]
	}
	g.portsBooks()
}

// revertObjectives: "Objectives hexes in Union states revert to Union
// control if there are no Confederate SPs in the hex at the start of the
// Union player's Action Phase" (6.6, U425).
func (g *game) revertObjectives() {
	for _, p := range g.e.objectives {
		if g.sp["confederate"][p] == 0 && g.northern(homeState(g.e.b.hexes[p])) {
			g.garrisonReturns(p, "no Confederate SPs in it at the start of the Union Player Action Phase")
			g.revertWorks(p)
		}
		if g.marker[p] == "confederate" && g.sp["confederate"][p] == 0 && g.northern(homeState(g.e.b.hexes[p])) {
			g.say("6.6", "the Objective Hex %s reverts to Union control: no Confederate SPs in it", g.e.b.ids[p])
			g.setMarker(p, "")
		}
	}
}
