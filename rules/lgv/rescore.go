package lgv

import "github.com/musterhq/muster/rules"

// The bid of 18.1 changes only how the final Victory Check (17.3) reads
// the Union VP total: play, the bots' valuation and automatic victory
// (17.1) do not depend on it. A sweep over the bid plays each game once
// and reads it again per bid (rules.Rescorer).

// Rescores reports whether options differ from the game's only in the bid
// and its reading.
func (x *Game) Rescores(options map[string]string) bool {
	o, err := ParseOptions(options)
	if err != nil {
		return false
	}
	a := x.g.e.opts
	a.Bid, a.BidShiftsTable, o.Bid, o.BidShiftsTable = 0, false, 0, false
	return a == o
}

// Rescore is the outcome the finished game has under options that differ
// only in the bid: a game decided by the final Victory Check is read on the
// bid's table, any other keeps its outcome.
func (x *Game) Rescore(options map[string]string) rules.Outcome {
	out := x.Outcome()
	o, err := ParseOptions(options)
	g := x.g
	if err != nil || g.stage != stOver || !g.finalVP {
		return out
	}
	sf := g.e.sf
	if sf.Scenario.Victory.Levels == nil {
		return out
	}
	winner, level := g.e.levelIn(bidBands(sf.Scenario.Victory.Levels.Bands, o), g.vp)
	out.Winner, out.Level = "", level
	if winner != none {
		out.Winner = sideNames[winner]
	}
	return out
}

// Route is how the game was decided: an automatic victory of 17.1 at an
// End Phase, or the final Victory Check of 17.3.
func (x *Game) Route() string {
	switch {
	case x.g.stage != stOver:
		return ""
	case x.g.finalVP:
		return rules.RouteFinalCount
	}
	return rules.RouteAutomatic
}
