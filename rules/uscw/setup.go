package uscw

import (
	"github.com/musterhq/muster/rules"
)

// setup places the scenario's at-start rows: a General in his hex, and
// SPs (a row with the marker "sp" and its manpower) of the table's side
// (the At Start Cards, U1772; the shipped module has none, the test
// module a made-up one). Rows the engine cannot place (no hex, an unknown
// General, another marker) are logged and skipped.
func (g *game) setup() {
	for _, t := range g.e.sf.Scenario.Setup {
		for _, r := range t.Rows {
			p, err := g.e.b.locate(r.Hex)
			n := 0
			if r.Manpower != nil {
				n = *r.Manpower
			}
			gen := g.gens[r.Unit]
			if err != nil || n < 0 || (gen == nil && (r.Unit != "" || r.Marker != "sp")) {
				g.say("2.2", "setup row %q (%s, hex %q) not placed", r.Name, r.Unit, r.Hex)
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
