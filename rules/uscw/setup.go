package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// setup places the scenario's at-start rows: a General in his hex, SPs
// (a row with the marker "sp" and its manpower) of the table's side, and
// the table's side's Fortifications (entrenchment, fort-f1..fort-f3) and
// Control markers (control) in their hexes (the At Start Cards, U1772;
// the shipped module has none, the test module a made-up one). Rows the
// engine cannot place (no hex, an unknown General, another marker, a
// Fortification where one stands, a Control marker where 6.2.3 allows
// none) are logged and skipped. Nothing placed here moves a track: the
// scenario's tracks already count the start (creditAll, books).
func (g *game) setup() {
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
			side := t.Side
			if gen != nil {
				side = gen.side
				g.genAt[gen.id] = p
			}
			if side != "union" && side != "confederate" {
				continue
			}
			// The scenario's tracks already count the start (creditAll).
			g.sp[side][p] += n
			g.spIn[side] += n
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
