package rules

import (
	"math"

	"github.com/musterhq/muster/scenarios"
)

// The course of a game, for the balance report's metrics beyond the win
// share: by which route it was decided, the VP standing at each turn's
// end (and so the lead changes), and by how many VP the final total
// decided it.

// Victory routes a Router reports.
const (
	// RouteAutomatic: an automatic victory during play (LGV 17.1, USCW
	// 20.3).
	RouteAutomatic = "automatic"
	// RouteSuddenDeath: a sudden-death victory during play, for a game
	// whose rules name one apart from its automatic victory (none of the
	// shipped rulebooks does).
	RouteSuddenDeath = "sudden death"
	// RouteFinalCount: the victory check after the last turn.
	RouteFinalCount = "final count"
	// RouteNoResult: a game that no victory check decides (TPC's
	// strategic layer alone).
	RouteNoResult = "no result"
)

// Chronicler is a Game that tells its course once over: the route that
// decided it (Router), the VP standing at the end of each turn played,
// and the margin of a game the final count decided. Every engine
// implements it; a game without VP returns no track and no margin.
type Chronicler interface {
	Router
	// VPTrack is the VP standing at the end of each turn played, in
	// turn order, on the scale of Outcome.VP; the event log carries the
	// same standings as "vp-track" events (VPEvent).
	VPTrack() []TurnVP
	// Margin is the smallest change of the final VP total, in whole VP,
	// that would have given the game another result for its winner
	// (another side, or none), for a game the final count decided
	// (Swing); false for any other, or where no change within SwingLimit
	// would.
	Margin() (int, bool)
}

// TurnVP is the VP standing at a turn's end: the total and the side the
// victory levels would give the game were it read then ("" for none).
type TurnVP struct {
	Turn   int     `json:"turn"`
	VP     float64 `json:"vp"`
	Leader string  `json:"leader,omitempty"`
}

// VPEvent is the "vp-track" event of a turn's standing in an event log.
func VPEvent(t TurnVP, rule string) Event {
	d := map[string]any{"vp": t.VP}
	if t.Leader != "" {
		d["leader"] = t.Leader
	}
	return Event{Turn: t.Turn, Kind: "vp-track", Data: d, Rule: rule}
}

// LeadChanges counts how often the lead passed from one side to the
// other along a track: a turn with no leader (level, or no level reached)
// keeps the last side that led.
func LeadChanges(track []TurnVP) int {
	n, last := 0, ""
	for _, t := range track {
		if t.Leader == "" {
			continue
		}
		if last != "" && t.Leader != last {
			n++
		}
		last = t.Leader
	}
	return n
}

// SwingLimit bounds Swing's search: a total that no change within it
// would read otherwise has no margin to report.
const SwingLimit = 1000

// Swing is the smallest whole-VP change d (up or down) of a final total
// that read, the game's own reading of a total into a winner, reads as
// another winner than the total itself; false if none within SwingLimit.
func Swing(total float64, read func(total float64) string) (int, bool) {
	if math.IsNaN(total) || math.IsInf(total, 0) {
		return 0, false
	}
	w := read(total)
	for d := 1; d <= SwingLimit; d++ {
		if read(total-float64(d)) != w || read(total+float64(d)) != w {
			return d, true
		}
	}
	return 0, false
}

// ReadBands is the reading of a VP total by victory-level bands, as
// Evaluate reads an exact total: the winner of the first band holding it,
// else of the otherwise outcome ("" for a draw or none). Only whether two
// readings differ matters to Swing.
func ReadBands(bands []scenarios.Band, otherwise *scenarios.Outcome) func(float64) string {
	other := ""
	if otherwise != nil && !otherwise.Draw {
		other = otherwise.Winner
	}
	return func(total float64) string {
		for _, b := range bands {
			if InBand(total, b) {
				return b.Winner
			}
		}
		return other
	}
}
