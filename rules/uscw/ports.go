package uscw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Blockade Runner Ports (14.4.2-14.4.7, U1191-1211). "Blockade Runner
// Ports are either open or closed. An open port is one which is
// Confederate controlled, and whose protecting Coastal Fort, if any, is
// also Confederate controlled. Any port that does not meet those two
// conditions is closed" (U1191). "Keep track of a Blockade Zone's current
// DRM with the Blockade markers on the Status Track. Tally up all open
// ports and use the sum as the modifier. If a Blockade Zone no longer has
// any open Blockade Runner Ports then modify the die roll by -1" (U1197-
// 1199). The map gives each port its zone and modifier (a hex's blockade,
// or an Island's or box's attributes); the engine keeps every port's
// state and moves the zone's marker (track blockade.ZONE) and the closed
// points (track blockade-closed, the Union's 1/2 VP each, S1.2) the
// moment a port opens or closes.
//
// The scenario's markers are printed (the At Start Card's ports); the
// engine reads them as the tally of the ports open at the start and moves
// them by each port's modifier as it opens or closes since (a reading:
// the made-up test map's ports need not tally to the printed markers).
// Roanoke Island is read as its Island space where the map puts it on
// the board (islands.go), else (an Island box off the board) it stays
// Confederate and so open; Brownsville/Matamoros (a map box, 19.2.3) stays
// Confederate; it is active only while Galveston is Union controlled
// (14.4.6).

// blockadeZones are the three Blockade Zones (14.4.1, U1189), in the
// order the Confederate player rolls them (U1259).
var blockadeZones = []string{"north-atlantic", "south-atlantic", "gulf"}

// A Blockade Runner Port's state.
const (
	portInactive int8 = iota // Brownsville/Matamoros while Galveston is not Union controlled (14.4.6)
	portOpen
	portClosed
)

// runnerPort is a Blockade Runner Port of the map.
type runnerPort struct {
	name    string
	zone    string
	mod     int
	at      rules.Point // its hex, if on the board
	onBoard bool
	fort    *coastalFort // the Coastal Fort protecting it (14.4.2), nil none
	// brownsville: "This Blockade Runner Port only becomes active if
	// Galveston is Union controlled" (14.4.6, U1209).
	brownsville bool
}

// portsBook is what the engine keeps of the ports: each one's state, and
// the states and markers it measures from (the start, or a script's
// setting of a track). Its slices are replaced, never written, so a
// clone shares them.
type portsBook struct {
	state, base []int8
	marks       map[string]float64 // blockade.ZONE at the base
	closed      float64            // blockade-closed at the base
	hasClosed   bool               // the scenario keeps blockade-closed
}

// compileRunners reads the map's Blockade Runner Ports: hexes with a
// blockade entry, features (an Island, a box) with blockadeZone and
// blockadeModifier. A port's protecting Coastal Fort is the one naming it
// as its blockadeRunnerPort (Fort Monroe: Norfolk, Fort St. Philip/
// Jackson: New Orleans, U1191), else the one whose associated port it is.
func (e *Engine) compileRunners(m *scenarios.Module) error {
	b := e.b
	e.runnerWatch = map[rules.Point]bool{}
	guard := map[rules.Point]*coastalFort{}
	for _, p := range b.order[len(b.order)-len(b.coastal):] {
		cf := b.coastal[p]
		if cf.runner != (rules.Point{}) {
			guard[cf.runner] = cf
		} else if cf.hasPort {
			if _, named := guard[cf.port]; !named {
				guard[cf.port] = cf
			}
		}
	}
	names := map[string]string{}
	for _, pl := range m.Map.Places {
		names[pl.At] = pl.Name
	}
	zoneOK := func(z, where string) error {
		if !slices.Contains(blockadeZones, z) {
			return fmt.Errorf("the Blockade Runner Port %s names the Blockade Zone %q: want %s (14.4.1)", where, z, strings.Join(blockadeZones, ", "))
		}
		return nil
	}
	for _, p := range b.order {
		h := b.hexes[p]
		if h == nil || h.Blockade == nil {
			continue
		}
		if err := zoneOK(h.Blockade.Zone, h.At); err != nil {
			return err
		}
		name := h.At
		if n := names[h.At]; n != "" && !strings.HasPrefix(n, "hex ") {
			name = n + " (" + h.At + ")"
		}
		rp := runnerPort{name: name, zone: h.Blockade.Zone, mod: h.Blockade.Modifier, at: p, onBoard: true, fort: guard[p]}
		e.runners = append(e.runners, rp)
		e.runnerWatch[p] = true
		if rp.fort != nil {
			e.runnerWatch[rp.fort.at] = true
		}
	}
	for _, f := range m.Map.Features {
		z, _ := f.Attributes["blockadeZone"].(string)
		mod, ok := f.Attributes["blockadeModifier"].(float64)
		if z == "" || !ok || len(f.Hexes) > 0 {
			continue
		}
		if err := zoneOK(z, f.Name); err != nil {
			return err
		}
		rp := runnerPort{name: f.Name, zone: z, mod: int(mod), brownsville: f.ID == "brownsville-matamoros"}
		if p, ok := b.pts[f.ID]; ok && b.islands[p] != nil {
			// An Island space on the board (islands.go, Roanoke Island):
			// open while Confederate controlled (14.4.2, U1191), whoever
			// holds Hatteras Inlet ("This Blockade Runner Port is not
			// closed by Union control of Hatteras Inlet", 14.4.7, U1211).
			rp.at, rp.onBoard = p, true
			e.runnerWatch[p] = true
		}
		e.runners = append(e.runners, rp)
	}
	for _, pl := range m.Map.Places {
		if pl.Name == "Galveston" {
			e.galveston, e.hasGalveston = b.pts[pl.At]
			e.runnerWatch[e.galveston] = e.hasGalveston
		}
	}
	return nil
}

// portStateNow is 14.4.2's reading of port i in the position.
func (g *game) portStateNow(i int) int8 {
	rp := &g.e.runners[i]
	if rp.brownsville && !(g.e.hasGalveston && g.controller(g.e.galveston) == "union") {
		return portInactive
	}
	if rp.onBoard && g.controller(rp.at) != "confederate" {
		return portClosed
	}
	if rp.fort != nil && g.controller(rp.fort.at) != "confederate" {
		return portClosed
	}
	return portOpen
}

// portWhy says why port i is in state s.
func (g *game) portWhy(i int, s int8) string {
	rp := &g.e.runners[i]
	switch {
	case s == portInactive:
		return "Galveston is not Union controlled: 'This Blockade Runner Port only becomes active if Galveston is Union controlled' (14.4.6, U1209)"
	case s == portOpen && rp.brownsville:
		return "active, Galveston being Union controlled (14.4.6, U1209), and Confederate (the box is not on the board: no force enters it)"
	case s == portOpen && !rp.onBoard:
		return "Confederate (an Island box, not on the board: it stays Confederate; 14.4.7, U1211)"
	case s == portOpen:
		return "Confederate controlled, and so is its protecting Coastal Fort, if any (14.4.2, U1191)"
	case rp.onBoard && g.controller(rp.at) != "confederate":
		return "it is not Confederate controlled (14.4.2, U1191)"
	}
	return fmt.Sprintf("the Coastal Fort protecting it, %s, is not Confederate controlled (14.4.2, U1191; 10.3.1, U725)", rp.fort.name)
}

// startPorts records every port's state at the start.
func (g *game) startPorts() {
	st := make([]int8, len(g.e.runners))
	for i := range st {
		st[i] = g.portStateNow(i)
	}
	g.ports.state = st
}

// portsBooks notes the states and markers the tally measures from (the
// start, and after a script sets a track).
func (g *game) portsBooks() {
	t := g.core.Tracks
	g.ports.base = g.ports.state
	g.ports.marks = map[string]float64{}
	for _, z := range blockadeZones {
		g.ports.marks[z] = t["blockade."+z]
	}
	g.ports.closed, g.ports.hasClosed = t["blockade-closed"]
}

// settlePorts re-reads the ports after p changed hands (a port, its
// Coastal Fort, Galveston): cheap for any other p.
func (g *game) settlePorts(p rules.Point) {
	if g.e.runnerWatch[p] {
		g.recountPorts()
	}
}

// recountPorts re-reads every port, moving the markers of those that
// opened or closed.
func (g *game) recountPorts() {
	if g.ports.state == nil {
		return
	}
	var next []int8
	for i := range g.e.runners {
		s := g.portStateNow(i)
		if s == g.ports.state[i] {
			continue
		}
		if next == nil {
			next = slices.Clone(g.ports.state)
		}
		next[i] = s
		rp := &g.e.runners[i]
		g.say("14.4.2", "the Blockade Runner Port %s (%s, %+d) is now %s: %s", rp.name, rp.zone, rp.mod, portStateNames[s], g.portWhy(i, s))
	}
	if next == nil {
		return
	}
	g.ports.state = next
	t := g.core.Tracks
	for _, z := range blockadeZones {
		if v, ok := g.blockadeMarker(z); ok && v != t["blockade."+z] {
			g.say("14.4.3", "the %s Blockade marker moves from %+g to %+g%s", z, t["blockade."+z], v, map[bool]string{true: ": no open Blockade Runner Port, 'modify the die roll by -1' (U1199)"}[v < 0])
			t["blockade."+z] = v
		}
	}
	if c := g.closedPoints(); g.ports.hasClosed && c != t["blockade-closed"] {
		g.say("14.4.2", "Blockade DRM points in Union control (closed ports): %g (S1.2: 1/2 VP each)", c)
		t["blockade-closed"] = c
	}
}

var portStateNames = map[int8]string{portInactive: "inactive", portOpen: "open", portClosed: "closed"}

// blockadeMarker is zone's Blockade DRM now: its marker at the base moved
// by the modifier of every port of the zone opened (+) or closed (-)
// since, or -1 if none of its ports is open (14.4.3, U1197-1199); false
// for a zone without ports on the map (its marker stands).
func (g *game) blockadeMarker(zone string) (float64, bool) {
	pts, any, open := max(g.ports.marks[zone], 0), false, false
	for i, rp := range g.e.runners {
		if rp.zone != zone {
			continue
		}
		any = true
		now, was := g.ports.state[i] == portOpen, g.ports.base[i] == portOpen
		open = open || now
		switch {
		case now && !was:
			pts += float64(rp.mod)
		case was && !now:
			pts -= float64(rp.mod)
		}
	}
	if !any {
		return 0, false
	}
	if !open {
		return -1, true
	}
	return pts, true
}

// closedPoints is the Blockade DRM points in Union control: the base's
// moved by each port closed (+) or reopened (-) since (S1.2, U1805).
func (g *game) closedPoints() float64 {
	c := g.ports.closed
	for i, rp := range g.e.runners {
		now, was := g.ports.state[i] == portClosed, g.ports.base[i] == portClosed
		switch {
		case now && !was:
			c += float64(rp.mod)
		case was && !now:
			c -= float64(rp.mod)
		}
	}
	return c
}

// portsViolations checks 14.4.2-14.4.3 after every action: every port's
// kept state is its state now (a change of hands the engine did not
// settle), and the markers are the tally of the changes since the base.
func (g *game) portsViolations() []string {
	if g.ports.state == nil {
		return nil
	}
	var out []string
	for i, rp := range g.e.runners {
		if s := g.portStateNow(i); s != g.ports.state[i] {
			out = append(out, fmt.Sprintf("USCW 14.4.2: the Blockade Runner Port %s is kept %s but is %s", rp.name, portStateNames[g.ports.state[i]], portStateNames[s]))
		}
	}
	if slices.Equal(g.ports.state, g.ports.base) {
		return out
	}
	t := g.core.Tracks
	for _, z := range blockadeZones {
		if v, ok := g.blockadeMarker(z); ok && v != t["blockade."+z] {
			out = append(out, fmt.Sprintf("USCW 14.4.3: the %s Blockade marker is %g, its open ports tally %g", z, t["blockade."+z], v))
		}
	}
	if c := g.closedPoints(); g.ports.hasClosed && c != t["blockade-closed"] {
		out = append(out, fmt.Sprintf("USCW 14.4.2: blockade-closed is %g, the closed ports tally %g", t["blockade-closed"], c))
	}
	return out
}
