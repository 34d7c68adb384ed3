package tpc

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Stages: where the sequence of play waits.
const (
	// stAction: phases 2-5 of the turn (leader transfer, attachment, the
	// Action Cycle, recovery) are the series rules': the referee states
	// their outcomes as facts, then play continues.
	stAction = iota
	// stPosture: the Union player declares active or passive (4.0).
	stPosture
	// stOverride: the Confederate player may override a passive posture.
	stOverride
	stOver
)

var stageNames = map[int]string{stAction: "action-cycle", stPosture: "posture", stOverride: "override", stOver: "over"}

// weather is what the Turn Track holds for one turn (2.0).
type weather struct {
	rain   bool
	heat   string // heat, late-heat, extreme-heat
	winter bool
	// heatSecond: the turn's Heat is the second turn of Heat (Current +1).
	heatSecond bool
	// winterFrom is the turn of the event that put Winter Weather here.
	winterFrom int
}

func (w *weather) String() string {
	var p []string
	if w.winter {
		p = append(p, "winter")
	}
	if w.heat != "" {
		p = append(p, w.heat)
	}
	if w.rain {
		p = append(p, "rain")
	}
	if len(p) == 0 {
		return "clear"
	}
	return strings.Join(p, "+")
}

// game is the strategic layer in play.
type game struct {
	e    *Engine
	dice *rules.Dice
	log  *rules.EventLog
	turn int
	// played counts the turns played (Lulls skip turns: 1.0 6), the
	// game's length as the sim reports it; turn is the calendar's.
	played int
	stage  int
	err    error // a dice error, reported by the driver

	event   string // the current turn's random event (after conversion)
	weather map[int]*weather

	// 4.0
	cp         int
	box        int
	posture    string // active, passive
	overridden bool
	required   int // CP the last Active Command Posture roll required; 0: must be passive or no roll
	acpRoll    int // the last modified roll
	// 3.0
	stratEvent     string
	possibleLull   bool
	commanders     int // Union Commanders results so far
	ewell          int
	gwcLee         bool
	hill           string // "", "sick", "dead"
	hillBack       int    // turn Hill returns
	longstreet     bool
	longstreetOct  bool // a Longstreet event occurred in October-November
	dutchGap       string
	mineReady      int // Turn Track box of Mine Ready (0: not on the track)
	mineDiscovered int
	lulls          int
	lullTurns      []int
	// 15.0: cumulative adjustments and gains saved for a later cycle.
	mp      map[string]int
	pending map[string]int
	// 16.0: schedule entries done.
	done  map[string]bool
	facts facts
	// rolled: the current turn's random event was rolled (not given by a
	// rule, not skipped).
	rolled bool
	// The sim's games: the assumptions fixing the facts, and the figures
	// of the report (nil in scripts).
	assume *Assumptions
	stats  *stats
	// 29.0, 30.0: the turn the Evacuation was declared (0: not), the
	// consecutive Victory Segments with the RR Hex Paths into Petersburg
	// and Richmond cut, and the result once the game is over.
	evacuatedOn                int
	cutPetersburg, cutRichmond int
	result, winner             string
	// The referee's units, markers and bridges (units.go); withdrawals
	// made, skipped after an Evacuation, and returned (withdraw.go).
	board       *board
	withdrawals map[string]*withdrawal
	// toAssign: manpower adjustments not yet given to or taken from
	// placed units (15.0), by side and kind.
	toAssign map[string]int
	// attempts: Redoubt Build attempts left this Strategic Cycle (12.0).
	attempts map[string]int
	skipped  map[string]bool
	returned map[string]string
}

func (g *game) clone() *game {
	c := *g
	c.weather = make(map[int]*weather, len(g.weather))
	for k, v := range g.weather {
		w := *v
		c.weather[k] = &w
	}
	c.done = copyMap(g.done)
	c.mp = copyMap(g.mp)
	c.pending = copyMap(g.pending)
	c.lullTurns = append([]int(nil), g.lullTurns...)
	c.facts = g.facts.clone()
	c.board = g.board.clone()
	c.withdrawals = copyMap(g.withdrawals) // a withdrawal is never changed once made
	c.skipped = copyMap(g.skipped)
	c.returned = copyMap(g.returned)
	c.toAssign = copyMap(g.toAssign)
	c.attempts = copyMap(g.attempts)
	return &c
}

func copyMap[V any](m map[string]V) map[string]V {
	c := make(map[string]V, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func (g *game) w(n int) *weather {
	w := g.weather[n]
	if w == nil {
		w = &weather{}
		g.weather[n] = w
	}
	return w
}

func (g *game) date() string { return g.e.date(g.turn) }

// say logs a line of the strategic layer, naming the case it applies.
func (g *game) say(rule, format string, args ...any) {
	if g.log == nil {
		return
	}
	g.log.Add(rules.Event{Turn: g.turn, Kind: "tpc", Rule: "TPC " + rule, Data: map[string]any{"text": fmt.Sprintf(format, args...)}})
}

func (g *game) throw(n int, purpose string) int {
	if g.err != nil {
		return n // a failed roll ends the game in the driver; any value will do
	}
	r, err := g.dice.Throw(n, 6, purpose)
	if err != nil {
		g.err = err
		return n
	}
	if g.log != nil {
		g.log.Add(rules.Event{Turn: g.turn, Kind: "roll", Data: map[string]any{"dice": r.Dice, "values": r.Values, "purpose": purpose}})
	}
	return r.Total()
}

// begin starts the game: the first turn's Random Events Phase.
func (g *game) begin() {
	g.say("1.0", "turn %d (%s)", g.turn, g.date())
	g.assumeFacts()
	g.randomEvents()
	g.turnStarted(g.rolled)
}

// assumeFacts sets the facts the sim's assumptions fix on the current
// turn's date (a script states its own).
func (g *game) assumeFacts() {
	if g.assume != nil {
		g.facts = g.assume.factsOn(g.date())
		g.facts["evacuation"] = g.evacuatedOn > 0 // declared at the end of an Action Cycle (assumeEvacuation)
	}
}

// assumeEvacuation declares the Evacuation the assumptions date, at the
// end of the Action Cycle of the first turn on or after the date; an
// Evacuation 29.0 does not allow then stops the game with the refusal.
func (g *game) assumeEvacuation() {
	if g.assume == nil || g.evacuatedOn > 0 || !g.assume.factsOn(g.date()).b("evacuation") {
		return
	}
	if err := g.declareEvacuation(); err != nil && g.err == nil {
		g.err = fmt.Errorf("the assumptions declare the Evacuation on %s: %w", g.date(), err)
	}
}

// advance plays on from the Action Cycle (the referee's) to the next
// decision or the next turn's Action Cycle.
func (g *game) advance() {
	if g.stage != stAction {
		return
	}
	g.assumeEvacuation()
	if g.e.cal.StrategicCycle != nil && g.turn%g.e.cal.StrategicCycle.Every == 0 {
		g.strategicCycle(false) // ends at a decision or in the next turn
		return
	}
	g.nextTurn()
}

// nextTurn is the Turn Indication Phase (1.0 7).
func (g *game) nextTurn() {
	if g.turn >= g.e.last || g.evacuatedOn > 0 && g.turn >= g.evacuationEnd() {
		g.say("1.0", "the game ends after turn %d", g.turn)
		g.finalVictory()
		return
	}
	g.turn++
	g.attempts = map[string]int{} // Redoubt Build attempts lapse
	g.say("1.0", "turn %d (%s)", g.turn, g.date())
	g.assumeFacts()
	g.randomEvents()
	g.turnStarted(g.rolled)
}

// strategicCycle plays segments A-F and the Union Command Segment's roll
// (G), stopping at the Union's posture decision.
func (g *game) strategicCycle(afterLull bool) {
	g.say("1.0", "strategic cycle of turn %d", g.turn)
	g.possibleLull = false
	g.overridden = false
	// A. Manpower Adjustment Segment (15.0) on a red turn; gains saved
	// for want of an eligible unit are received in a later cycle.
	if g.e.useManpower {
		g.receiveSaved()
	}
	if g.e.red[g.turn] && g.e.useManpower {
		g.manpowerAdjustment(g.turn)
	}
	// B. Reinforcements & Withdrawals Segment (16.0).
	if g.e.useSchedule {
		g.schedule()
	}
	// C. Redoubt Build Segment: skipped in Winter Weather and until Turn 12.
	switch {
	case !g.e.campaign:
	case g.turn < 12:
		g.say("1.0 6C", "no Redoubt Build Segment until Turn 12")
	case g.w(g.turn).winter:
		g.say("1.0 6C", "no Redoubt Build Segment in Winter Weather")
	default:
		g.say("1.0 6C", "Redoubt Build Segment (12.0): an attempt for each side that may build")
		g.buildSegment(1, 1)
	}
	// E. Supply Status Segment, skipped after a Lull.
	if afterLull {
		g.say("1.0 6E", "no Supply Status Segment: the cycle follows a Lull Segment")
	}
	// F. Strategic Segment (3.0).
	if g.e.useStrategic {
		g.strategicSegment()
	}
	// G. Union Command Segment (4.0).
	g.commandSegment()
}

// afterCommand plays segments H-J once the posture is settled.
func (g *game) afterCommand() {
	g.stage = stAction
	// I. Victory Segment (30.0).
	g.victorySegment()
	if g.stage == stOver {
		return
	}
	// J. Lull Segment.
	if g.posture == "passive" && !g.overridden && g.possibleLull {
		g.lull()
		return
	}
	g.nextTurn()
}
