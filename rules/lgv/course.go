package lgv

import (
	"github.com/musterhq/muster/rules"
)

// The course of a game for the report (rules.Chronicler): the route is in
// rescore.go; here the VP Track over time and the final count's margin.

// VPTrack is the Union VP Track at each End Phase's count (17.2: "During
// each End Phase count the number of VP Areas Controlled by the Union
// player, adding that amount to the Union Victory Point total"), the last
// turn's with the units eliminated; the leader is the side the Victory
// Check (17.3) would give the game on that total. A turn ended by an
// Automatic Victory (17.1) is not counted, so it has no standing.
func (x *Game) VPTrack() []rules.TurnVP { return x.g.track() }

func (g *game) track() []rules.TurnVP {
	out := make([]rules.TurnVP, g.vpTurns)
	for i := range out {
		at := g.vpAt[i]
		w, _ := g.e.finalLevel(at.vp)
		out[i] = rules.TurnVP{Turn: at.turn, VP: float64(at.vp)}
		if w != none {
			out[i].Leader = sideNames[w]
		}
	}
	return out
}

// Margin is the swing of the final Union VP total on the Victory Check's
// table (17.3, as a bid rewrote it) for a game the final count decided.
func (x *Game) Margin() (int, bool) {
	g := x.g
	if g.stage != stOver || !g.finalVP {
		return 0, false
	}
	return rules.Swing(float64(g.vp), func(total float64) string {
		w, _ := g.e.finalLevel(int(total))
		if w == none {
			return ""
		}
		return sideNames[w]
	})
}

var _ rules.Chronicler = (*Game)(nil)
