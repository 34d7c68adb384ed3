package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// The same choice follows Attrition (7.6, U490: "If due to a costly
// victory (11.2.4) or Attrition (13.5.6) a General loses its last SP, it
// may remain on the map or be placed in the Displaced Box"), asked once
// the Supply Segment is over, the Player Action Phase ending when it is
// answered (endAfterChoice).
//
// Displacement of Generals (11.2.4, U803): "If all the SPs in a defeated
// force are eliminated in battle, all Generals in the defeated stack are
// placed in that theater's Displaced Box (14.6). If all SPs in a
// victorious force are eliminated, the owning player has the choice of
// displacing the Generals or keeping them on the map in the battle hex.
// For this rule only, a Tied Battle is considered a victory for both
// sides." The Generals stand where the battle left them (the victorious
// attacker's in the battle hex, the defender's in it, a tied attacker's
// in the hex it backed up to, reading "the battle hex" for the force's
// own hex after the battle) until the owner chooses, once the battle and
// its retreat are over: the stage "generals", answered keep-generals or
// displace-generals, offered to the bots.

// survivorChoice is one victorious force left without SPs.
type survivorChoice struct {
	side string
	at   rules.Point
}

// victorsWithoutSPs queues the owner's 11.2.4 choice for side's Generals
// in p when the battle left them there without SPs.
func (g *game) victorsWithoutSPs(side string, p rules.Point) {
	if g.sp[side][p] > 0 || len(g.generalsAt(side, p)) == 0 {
		return
	}
	// "Generals, Forts and markers are never affected by Demoralization"
	// (12.1, U904): the Generals left keep no Demoralized or Foraging
	// marker (tidy).
	delete(g.demoral[side], p)
	g.tidy(side, p)
	g.say("11.2.4", "all SPs of the victorious %s force are eliminated: its owner may displace its Generals or keep them on the map in %s (U803)", side, g.e.b.ids[p])
	g.survivors = append(g.survivors, survivorChoice{side: side, at: p})
}

// askSurvivors stops for the next 11.2.4 choice once the battle is over
// (no retreat pending).
func (g *game) askSurvivors() {
	if g.stage == stPlayer && len(g.survivors) > 0 {
		g.stage = stGenerals
	}
}

// keepGenerals answers the 11.2.4 choice: keep the Generals where they
// stand, or place them in the Displaced Box.
func (g *game) keepGenerals(keep bool) error {
	if g.stage != stGenerals || len(g.survivors) == 0 {
		return refuse("11.2.4", "no victorious force has lost all its SPs: 'If all SPs in a victorious force are eliminated, the owning player has the choice of displacing the Generals or keeping them on the map in the battle hex' (U803), nor has Attrition taken a General's last SP (7.6, U490)")
	}
	c := g.survivors[0]
	g.survivors = g.survivors[1:]
	if keep {
		g.say("11.2.4", "the %s keeps its Generals on the map in %s", c.side, g.e.b.ids[c.at])
	} else {
		g.say("11.2.4", "the %s places its Generals in %s in the %s Displaced Box", c.side, g.e.b.ids[c.at], g.e.b.theater(c.at))
		g.displaceAll(c.side, c.at)
		if g.works[c.at].entrench == c.side {
			g.removeEntrenchment(c.at, "all its units are displaced (U684)")
		}
	}
	if len(g.survivors) == 0 {
		g.stage = stPlayer
		if g.endAfterChoice {
			g.endAfterChoice = false
			g.afterSupplySegment()
		}
	}
	return nil
}

// survivorCandidates offers the bots the 11.2.4 choice: keep, displace.
func (g *game) survivorCandidates(out []candidate) []candidate {
	return append(out, candidate{survivors: keepThem}, candidate{survivors: displaceThem})
}

// The 11.2.4 answers.
const (
	keepThem = iota + 1
	displaceThem
)

func describeSurvivors(c candidate) string {
	if c.survivors == keepThem {
		return "keep-generals"
	}
	return "displace-generals"
}

// survivorViolations: the stage "generals" waits on a queued choice whose
// Generals still stand without SPs (11.2.4); a choice waits only for it
// or for the defender's retreat (11.2.3).
func (g *game) survivorViolations() []string {
	if g.stage == stGenerals && len(g.survivors) == 0 || len(g.survivors) > 0 && g.stage != stGenerals && g.stage != stRetreat {
		return []string{fmt.Sprintf("USCW 11.2.4: the stage is %s with %d Generals' choices pending", stageNames[g.stage], len(g.survivors))}
	}
	for _, c := range g.survivors {
		if g.sp[c.side][c.at] > 0 || len(g.generalsAt(c.side, c.at)) == 0 {
			return []string{fmt.Sprintf("USCW 11.2.4: the %s choice in %s is pending but no General stands there without SPs", c.side, g.e.b.ids[c.at])}
		}
	}
	return nil
}
