package tpc

import "fmt"

// The endings of 30.0 (lines 2895-2923), as the rules core's victory
// conditions of scenarios 11 and 12 name them.
const (
	unionVictory       = "Union Victory"
	confederateVictory = "Confederate Victory"
	draw               = "Draw"
)

// Turns of 29.0 and 30.0 on the calendar.
const (
	evacuationFrom    = 79  // September 1, 1864 (line 2851)
	evacuation75Until = 147 // November 8, 1864: 75 manpower points must exit through it, 60 after (line 2918)
	evacuationAnyFrom = 275 // March 16, 1865: scenario 11's condition of date (line 2857)
)

// declareEvacuation checks and records the Confederate Evacuation
// declared at the end of the current turn's Action Cycle (29.0, lines
// 2851-2857): once, from September 1 (Turn 79), not in December 1864
// through February 1865, and with one of its conditions in effect: a
// date (scenario 11 from March 16, Turn 275; scenario 12 in April) or an
// occupation on the map, which the referee states as the fact
// evacuation-condition.
func (g *game) declareEvacuation() error {
	d := g.date()
	switch {
	case g.evacuatedOn > 0:
		return refuse("29.0", "the Evacuation was declared on Turn %d: it may be declared a maximum of once", g.evacuatedOn)
	case g.turn < evacuationFrom:
		return refuse("29.0", "Turn %d (%s): the Evacuation may be declared on or after September 1 (Turn 79)", g.turn, d)
	case d >= "1864-12-01" && d <= "1865-02-28":
		return refuse("29.0", "%s: the declaration may not be made in December 1864 through February 1865", d)
	}
	byDate := g.e.campaign && g.turn >= evacuationAnyFrom || !g.e.campaign && d >= "1865-04-01"
	if !byDate && !g.facts.b("evacuation-condition") {
		return refuse("29.0", "Turn %d (%s): none of the Evacuation's conditions is in effect (the date: March 16, Turn 275, in scenario 11, April in scenario 12; or an occupation, the fact evacuation-condition)", g.turn, d)
	}
	g.evacuatedOn = g.turn
	g.facts["evacuation"] = true
	g.say("29.0", "the Confederate Evacuation is declared on Turn %d: the game ends at the end of Turn %d; %d Confederate manpower points must exit to North Carolina", g.turn, g.evacuationEnd(), g.exitsRequired())
	return nil
}

// evacuationEnd is the last turn after an Evacuation: the end of the
// seventh turn after the declaration, never past the last turn (line
// 2870).
func (g *game) evacuationEnd() int { return min(g.evacuatedOn+7, g.e.last) }

// exitsRequired is the Confederate manpower that must exit (line
// 2918-2919).
func (g *game) exitsRequired() int {
	if g.evacuatedOn <= evacuation75Until {
		return 75
	}
	return 60
}

// unionConditions reports whether the Petersburg and the Richmond
// conditions of 30.0 hold now: an occupation stated as a fact, or the
// Confederate RR Hex Paths into the city cut for three Victory Segments
// in consecutive Strategic Cycles, or (at the end of the game) cut now.
func (g *game) unionConditions(end bool) (petersburg, richmond bool) {
	petersburg = g.facts.b("petersburg-occupied") || g.cutPetersburg >= 3 || end && g.facts.b("petersburg-paths-cut")
	richmond = g.facts.b("richmond-occupied") || g.cutRichmond >= 3 || end && g.facts.b("richmond-paths-cut")
	return
}

// victorySegment is segment I of the Strategic Cycle (30.0): the cuts
// are counted, and without an Evacuation the Union wins once both
// conditions hold. After an Evacuation the Union victory needs the exit
// requirement to fail "by the end of the game", so it is decided then
// (the rules core reads it so too).
func (g *game) victorySegment() {
	if g.facts.b("petersburg-paths-cut") {
		g.cutPetersburg++
	} else {
		g.cutPetersburg = 0
	}
	if g.facts.b("richmond-paths-cut") {
		g.cutRichmond++
	} else {
		g.cutRichmond = 0
	}
	p, r := g.unionConditions(false)
	g.say("30.0", "Victory Segment: Petersburg condition %s, Richmond condition %s (RR Hex Paths cut in %d and %d consecutive Victory Segments)", met(p), met(r), g.cutPetersburg, g.cutRichmond)
	if p && r && g.evacuatedOn == 0 {
		g.end(unionVictory, "union", "both the Petersburg and the Richmond conditions are met")
	}
}

func met(b bool) string {
	if b {
		return "met"
	}
	return "not met"
}

// finalVictory decides the game at its end (30.0).
func (g *game) finalVictory() {
	p, r := g.unionConditions(true)
	if g.evacuatedOn > 0 {
		exited, need := g.facts.n("confederate-exited"), g.exitsRequired()
		if p && r && exited < need {
			g.end(unionVictory, "union", fmt.Sprintf("both conditions are met and %d Confederate manpower points exited of the %d required", exited, need))
			return
		}
		g.end(draw, "", fmt.Sprintf("after the Evacuation the Confederate player cannot win: Petersburg %s, Richmond %s, %d of %d manpower points exited", met(p), met(r), exited, need))
		return
	}
	switch {
	case p && r:
		g.end(unionVictory, "union", "both the Petersburg and the Richmond conditions are met at the end of the game")
	case g.facts.b("richmond-occupied"):
		g.end(draw, "", "the Union has not won, and two Richmond city hexes, one of them the Capitol, are each occupied by an undemoralized Union infantry division")
	default:
		g.end(confederateVictory, "confederate", "the Union has not won by the end of the last turn")
	}
}

// end closes the game with its result.
func (g *game) end(level, winner, why string) {
	g.stage = stOver
	g.result, g.winner = level, winner
	g.say("30.0", "%s: %s", level, why)
}
