package uscw

import "github.com/musterhq/muster/rules"

// The course of a game for the report (rules.Chronicler).

// recordVP keeps the End Phase Victory Calculation's standing (20.3.5,
// 003:1710): the rules core's total, and the side the scenario's levels
// give it where the total is exact (no line left to the players).
func (g *game) recordVP(r rules.Result) {
	t := rules.TurnVP{Turn: g.turn, VP: r.Total}
	if r.Exact {
		t.Leader = g.read()(r.Total)
	}
	g.track = append(g.track, t)
	if g.log != nil {
		g.log.Add(rules.VPEvent(t, "USCW 20.3.5"))
	}
}

// read is the scenario's reading of an exact total into a winner.
func (g *game) read() func(float64) string {
	v := &g.e.sf.Scenario.Victory
	if v.Levels == nil {
		return rules.ReadBands(nil, v.Otherwise)
	}
	return rules.ReadBands(v.Levels.Bands, v.Otherwise)
}

// Route is the Automatic Victory of 20.3 or the scenario's final count.
func (x *Game) Route() string { return x.g.route }

// VPTrack is the standing at each End Phase.
func (x *Game) VPTrack() []rules.TurnVP { return x.g.track }

// Margin is the swing of an exact final total on the scenario's levels.
func (x *Game) Margin() (int, bool) {
	g := x.g
	if g.stage != stOver || g.route != rules.RouteFinalCount || !g.final.Exact || g.e.sf.Scenario.Victory.Levels == nil {
		return 0, false
	}
	return rules.Swing(g.final.Total, g.read())
}

var _ rules.Chronicler = (*Game)(nil)
