package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// Training Actions (17.3, U1411-1417): "Every 7 Action Points used for
// this purpose provides 1 additional SP. The SP arrives immediately but
// must be placed in a friendly-controlled Resource hex that has a LOC to
// Primary Supply Source (Confederate) or a friendly-controlled Objective
// Hex in a Northern State that is in Full Supply (Union). Keep track of
// these points using the Training markers on the Status Track." A card's
// additional action may not pay (18.1, U1441 "except Training"), nor
// Optional 1's Bonus Action (U1720). The Union's hex needs Full Supply,
// a Supply Path (13.1, U945; supply.go), not only an LOC; the
// Confederate's an LOC to a Primary Supply Source (loc.go).

// trainingCost is the Action Points one SP of Training takes.
const trainingCost = 7

func trainingTrack(side string) string {
	if side == "union" {
		return "union-training"
	}
	return "csa-training"
}

// trainingHex reports whether a Training SP of side may be placed in p.
func (g *game) trainingHex(side string, p rules.Point) bool {
	h := g.e.b.hexes[p]
	if h == nil || g.controller(p) != side || g.sp[other(side)][p] > 0 {
		return false
	}
	if side == "confederate" {
		return h.BP != nil && g.primarySupplied(side, p)
	}
	return h.Objective && g.northern(homeState(h)) && g.inFullSupply(side, p)
}

// train spends one Action Point on Training; at is the hex whose theater
// pays with a dice difference of 1, and where the SP goes when this point
// is the seventh ("If the last Action Point spent to complete Training was
// for a particular theater, the SP must be placed in that theater", U1417).
func (g *game) train(at string) error {
	side := g.phasing
	track := trainingTrack(side)
	points := int(g.core.Tracks[track]) + 1
	var p rules.Point
	if at != "" {
		q, err := g.e.b.locate(at)
		if err != nil {
			return err
		}
		p = q
	} else if g.diff == 1 || points == trainingCost {
		return refuse("17.3", "give at: the hex whose theater pays with a difference of 1, and where the SP of the seventh point goes")
	}
	if points == trainingCost && !g.trainingHex(side, p) {
		what := "a friendly-controlled Resource hex with an LOC to a Supply Source"
		if side == "union" {
			what = "a friendly-controlled Objective Hex in a Northern State that is in Full Supply (a Supply Path, 13.3)"
		}
		return refuse("17.3", "the Training SP must be placed in %s (U1417); %s is not", what, at)
	}
	if err := g.spendAP(p, "TRAINING"); err != nil {
		return err
	}
	g.trainingAP++
	if points < trainingCost {
		g.core.Tracks[track] = float64(points)
		g.say("17.3", "the %s's Training marker: %d of %d Action Points", side, points, trainingCost)
		return nil
	}
	g.core.Tracks[track] = 0
	g.addSP(side, p, 1)
	g.movedSP[side][p]++ // "may not be activated or otherwise moved during the Action Phase of its arrival"
	g.say("17.3", "the %s's Training reaches %d Action Points: 1 SP placed in %s, the marker back to 0", side, trainingCost, g.e.b.ids[p])
	return nil
}

// trainingCandidate is the bots' Training action: for a seventh point,
// the first legal hex in board order (in the paying theater with a
// difference of 1); otherwise any hex of a theater with a point.
func (g *game) trainingCandidate() (rules.Point, bool) {
	side := g.phasing
	last := int(g.core.Tracks[trainingTrack(side)])+1 == trainingCost
	for _, list := range [][]rules.Point{g.e.resources, g.e.objectives} {
		for _, p := range list {
			if g.diff == 1 && g.theaterAP[g.e.b.theater(p)] == 0 || g.diff != 1 && g.ap == 0 {
				continue
			}
			if !last || g.trainingHex(side, p) {
				return p, true
			}
		}
	}
	return rules.Point{}, false
}

// trainingViolations checks the Training markers: whole points, 0 to 6.
func (g *game) trainingViolations() []string {
	var out []string
	for _, s := range sides {
		v := g.core.Tracks[trainingTrack(s)]
		if v < 0 || v >= trainingCost || v != float64(int(v)) {
			out = append(out, fmt.Sprintf("USCW 17.3: the %s Training marker shows %g (0 to %d)", s, v, trainingCost-1))
		}
	}
	return out
}
