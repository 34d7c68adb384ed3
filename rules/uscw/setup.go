package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// setup places the scenario's start boxes of Generals out of play, its
// at-start rows and its start Control markers. The rows: a General in his
// hex (not one a start box holds), SPs (a row with the marker "sp" and
// its manpower) of the table's side, and the table's side's Fortifications (entrenchment, fort-f1..fort-f3) and
// Control markers (control) in their hexes (the At Start Cards, U1772;
// the shipped module has none, the test module a made-up one). Rows the
// engine cannot place (no hex, an unknown General, another marker, a
// Fortification where one stands, a Control marker where 6.2.3 allows
// none) are logged and skipped. Nothing placed here moves a track: the
// scenario's tracks already count the start (creditAll, books).
func (g *game) setup() {
	st := g.e.sf.Scenario.Start
	// The scenario's start boxes: "Union Removed Generals: ..." and
	// "Unassigned Box: J. Johnston (CSA), Butler (Union) (16.5.2)" (S3.1,
	// U1882-1883): out of play, the Unassigned ones until their return
	// (16.5.2, leaders.go).
	for _, b := range [...]struct{ box, gone string }{{"removed-generals", "removed"}, {"unassigned-generals", "unassigned"}} {
		box, gone := b.box, b.gone
		for _, id := range st.Boxes[box] {
			if g.gens[id] == nil {
				g.startNote("start box %s: no General %q in the counters", box, id)
				continue
			}
			g.gone[id] = gone
		}
	}
	for _, t := range g.e.sf.Scenario.Setup {
		for _, r := range t.Rows {
			p, err := g.e.b.locate(r.Hex)
			n := 0
			if r.Manpower != nil {
				n = *r.Manpower
			}
			gen := g.gens[r.Unit]
			if err == nil && gen == nil && r.Unit == "" && r.Marker != "sp" {
				if why := g.setupMarker(t.Side, r.Marker, p); why != "" {
					g.startNote("setup row %q (%s, hex %q) not placed: %s", r.Name, r.Marker, r.Hex, why)
				}
				continue
			}
			if err != nil || n < 0 || (gen == nil && (r.Unit != "" || r.Marker != "sp")) {
				g.startNote("setup row %q (%s, hex %q) not placed", r.Name, r.Unit, r.Hex)
				continue
			}
			if gen != nil && g.gone[gen.id] != "" {
				g.startNote("setup row %q (%s, hex %q) not placed: the scenario's start puts him in the %s box", r.Name, r.Unit, r.Hex, g.gone[gen.id])
				gen = nil
			}
			side := t.Side
			if gen != nil {
				side = gen.side
				g.genAt[gen.id] = p
			} else if r.Marker != "sp" {
				continue
			}
			if side != "union" && side != "confederate" {
				continue
			}
			// The scenario's tracks already count the start (creditAll).
			g.sp[side][p] += n
			g.spIn[side] += n
		}
	}
	for _, m := range st.Markers {
		if m.Marker == "control" && m.At == "" && (m.Side == "union" || m.Side == "confederate") {
			g.startControlMarkers(m.Side)
		}
	}
}

// startControlMarkers is a scenario's start item of Control markers
// without a hex, the 1863 scenario's "Union Control Markers: Besides
// those listed on the Setup card place a friendly Control marker in every
// Town, City, Port, Coastal Fort, Island and Objective/Resource hex
// located in an enemy-controlled state that contains one or more of your
// SPs except where you have an Entrenchment or Fort" (S3.1, U1875): the
// Control Segment's placement (20.1.1) for its side alone (the heading
// names the Union; a reading, engines.md), made before the first turn and
// without moving a track, since the scenario's tracks count the start.
func (g *game) startControlMarkers(side string) {
	b := g.e.b
	for _, p := range g.e.markable {
		if g.sp[side][p] > 0 && g.marker[p] != side && g.stateSide(homeState(b.hexes[p])) == other(side) && !g.fortified(side, p) {
			g.marker[p] = side
			g.startNote("at start: a %s Control marker in %s, a hex of an enemy-controlled state with %s SPs (the scenario's Control markers, 20.1.1)", side, b.ids[p], side)
		}
	}
}

// setupMarker places an at-start marker row of side's table in p, or
// says why it cannot.
func (g *game) setupMarker(side, marker string, p rules.Point) string {
	if side != "union" && side != "confederate" {
		return "the table names no side"
	}
	switch marker {
	case "entrenchment", "fort-f1", "fort-f2", "fort-f3":
		if g.e.b.coastal[p] != nil {
			return "a Coastal Fort's space takes no other Fortification"
		}
		w := g.works[p]
		if w.entrench != "" || w.fort != "" {
			return "the hex holds a Fortification already (10.2.4)"
		}
		if marker == "entrenchment" {
			w.entrench = side
		} else {
			w.fort, w.level = side, int(marker[6]-'0')
		}
		g.setWorks(p, w)
		delete(g.marker, p) // a Fortification acts as its Control marker (10.1.1, U689)
	case "control":
		if !markable(g.e.b.hexes[p]) {
			return "no Town, Objective Hex, Resource Hex or Port (6.2.3)"
		}
		if w := g.works[p]; w.entrench != "" || w.fort != "" {
			return "the hex holds a Fortification, which acts as a Control marker (U689)"
		}
		g.marker[p] = side
	default:
		return "the engine sets up Generals, SPs (sp), entrenchment, fort-f1, fort-f2, fort-f3 and control rows"
	}
	g.startNote("at start: a %s %s in %s", side, markerNames[marker], g.e.b.ids[p])
	return ""
}

// startNote keeps a line of the set-up for the log: the game is built
// before a script or replay gives it one, so beginTurn says them.
type startNote struct{ rule, text string }

func (g *game) startNote(format string, args ...any) {
	g.startNotes = append(g.startNotes, startNote{"2.2", fmt.Sprintf(format, args...)})
}

// markerNames are the at-start markers' names in the log.
var markerNames = map[string]string{"entrenchment": "Entrenchment", "fort-f1": "F1 Fort", "fort-f2": "F2 Fort", "fort-f3": "F3 Fort", "control": "Control marker"}

// addSP brings n SPs of a side into play in hex p (setup, a script's
// placement, reinforcements): the invariant checker counts them in.
func (g *game) addSP(side string, p rules.Point, n int) {
	g.sp[side][p] += n
	g.spIn[side] += n
	g.clearEnemyWorks(side, p)
	if m := g.marker[p]; m != "" && m != side {
		g.setMarker(p, "")
	}
	g.catchLoneGenerals(side, p)
	g.touch(p)
}
