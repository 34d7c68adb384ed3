package uscw

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/musterhq/muster/rules"
)

// stages of the sequence of play the engine stops at for a decision.
const (
	stPlayer  = iota // the phasing player spends Action Points (4.2 B a)
	stRetreat        // the loser of a battle retreats (11.6)
	stOver
	stStrategic // a Strategic Movement Segment (3.2, strategic.go)
	stReact     // a MOVE waits for the other side's reaction (9.0) or a Cavalry Backup (8.2)
	stGenerals  // a victorious force without SPs: keep or displace its Generals (11.2.4)
	stLeaders   // a side's Leader Management (16.1, leaders.go)
	stCards     // a card draw's choice: discard down to five, or reshuffle (18.2, 18.3.3, cardchoice.go)
	stReinforce // a side places its reinforcement SPs (14.2, 14.3.5, placement.go)
)

var stageNames = []string{"player-action-phase", "retreat", "over", "strategic-movement", "reaction", "generals", "leader-management", "cards", "reinforcement"}

var sides = []string{"union", "confederate"}

func other(s string) string {
	if s == "union" {
		return "confederate"
	}
	return "union"
}

func refuse(rule, format string, args ...any) error {
	return &rules.RuleError{Code: "USCW " + rule, Msg: fmt.Sprintf(format, args...)}
}

// game is one game in play.
type game struct {
	e    *Engine
	core *rules.State // tracks, control and victory: the rules core
	dice *rules.Dice
	log  *rules.EventLog
	err  error

	turn, phase int // Action Phase 1..n of the turn
	stage       int
	first       string // the side that rolled higher (4.1.1)
	phasing     string
	second      bool            // the second Player Action Phase
	diff        int             // the dice difference
	ap          int             // Action Points left (difference 2+)
	bonus       int             // Optional 1's Bonus Action left (options.go)
	bonusUsed   int             // and how many the game used (the tests check bots use it)
	trainingAP  int             // Action Points spent on Training (17.3; the tests check bots train)
	morale      map[string]bool // Optional 4: Armies in high morale, by their 3- or 4-star General (army.go)
	theaterAP   map[string]int
	cards       *cardBook      // the Special Action Cards (cards.go)
	draws       []cardDraw     // the card draws still to make (cardchoice.go)
	drawsThen   int            // and what follows them
	grants      []grant        // the reinforcement SPs still to place (placement.go)
	reinfState  map[string]int // the Confederate SPs placed in each state this phase (14.3.5)
	reinfStep   int            // the Reinforcement Phase's step that follows a choice
	// War Industry's Arsenal waiting for the Confederate's choice of hex:
	// the state rolled ("" none), the roll and the table's text (14.5)
	arsenalState, arsenalText string
	arsenalRoll               int

	sp       map[string]map[rules.Point]int // side -> hex -> SPs
	movedSP  map[string]map[rules.Point]int // SPs moved this Action Phase (5.1.2)
	genAt    map[string]rules.Point         // General id -> hex (on map)
	moved    map[string]bool                // Generals moved this Action Phase
	demoral  map[string]map[rules.Point]bool
	displace map[displacedBox]int // SPs in each side's theater Displaced Boxes (14.6, displaced.go)

	retreat *pendingRetreat
	// survivors: the 11.2.4 choices pending, in order (survivors.go)
	survivors []survivorChoice
	// endAfterChoice: the survivors' choice was asked in a Supply
	// Segment (7.6, Attrition); answering it ends the Player Action Phase.
	endAfterChoice bool
	pending        *pendingMove // a MOVE stopped for a reaction (reaction.go)
	last           *battle
	outcome        *rules.Outcome

	marker       map[rules.Point]string // Control markers (6.2)
	destroyed    map[rules.Point]bool   // Destroyed Resource Hexes (6.4.2)
	credit       map[rules.Point]int    // the Resource BPs of a hex counted for the Union (6.4.1)
	arsenal      map[rules.Point]int    // Arsenals placed on Resource Hexes (14.5)
	arsenalsLost int                    // Arsenals destroyed (6.4.1)
	displacedGen map[string]string      // Generals in a Displaced Box -> its theater (14.6)
	cavDelay     map[string]int         // a Displaced Cavalry General cut off: the turn he returns (8.7, cavalrydelay.go)
	cavNoted     map[string]bool        // during a battle: its Cavalry Generals' supply before its losses (8.7, U556)
	gens         map[string]*general    // the Generals as they are now: a promotion swaps in a copy (16.3)
	gone         map[string]string      // Generals out of play: "removed" or "unassigned" (16.4, 16.5.2), "eliminated" (5.1.4)
	invaded      int                    // CSA VPs earned Invading the North (20.3.2)
	faded        int                    // and lost to Fading Glory (20.3.3)
	missHeld     bool                   // the Union VP track counts Mississippi River Control's 3 VPs (20.3.1)
	works        map[rules.Point]works  // Entrenchments and Forts (10.1-10.2, forts.go)
	freeFort     bool                   // the Union's free Fort of this Reinforcement Phase is unused (10.2.6)
	// the hexes the bots may take it in, searched once per turn (forts.go)
	freeFortHexes []rules.Point
	freeFortTurn  int
	cont          *continuation        // a victorious attacker that may move on (11.7, retreat.go)
	militia       []militiaPlace       // where each Militia is (17.2, militia.go), as e.militia
	milHex        map[rules.Point]int  // the Militia on the map by hex
	garrisonGone  map[rules.Point]bool // intrinsic garrisons fled or eliminated (17.4, garrison.go)

	// The invariant checker's books: every SP that entered play, every SP
	// lost in battle, and the last force that moved (its General and SPs).
	spIn, spLost map[string]int
	lastMove     *movedForce
	// Regroups played and Control markers placed while moving (5.9,
	// 6.2.1): TestInvariants requires that random games play them
	regrouped, markedOnMove int
	dispersed               int                     // DISPERSE actions taken (4.3, disperse.go)
	lastNaval               *navalMove              // the last Naval Transport (transport.go)
	foughtAcross            int                     // the SPs of the last action's battle across a Navigable River (rivers.go)
	designated              map[commandKey]*general // each stack's designated Commanding General, until it is next activated (7.2.4, command.go)
	pick                    *commandPick            // the owner's pick a script step names for a combination (7.2.4, command.go)
	landing                 bool                    // an Amphibious Assault's battle is being fought (amphibious.go)
	// On to Richmond! (4.1.4, richmond.go): the Union owes this Player
	// Action Phase a qualifying activation; and the MOVE being paid is one
	richmondOwed, richmondAim bool
	// Ocean Transport this Action Phase: SPs and actions (19.3.5, S1.3.2).
	oceanSPs, oceanActs int
	ports               portsBook // the Blockade Runner Ports' states (14.4.2, ports.go)
	// and the start's tracks: Union VPs + Resource BPs, the Union VPs and
	// the Resource BPs it held, the CSA VPs.
	bpTotal, bpStartVP, csaStartVP float64
	arsenalsAtStart, maintAtStart  float64
	heldAtStart                    int
	missAtStart                    bool // missHeld when the books were set

	strat        stratUse          // the Strategic Movement Phase's counts (15.2, 15.5)
	mgmt         leaderPhase       // the Leader Management Phase in progress (16.1, leaders.go)
	railBonus    [2]railBonusUse   // the Rail Movement Bonus's SPs this Action Phase (5.4.2)
	railCtl      *railControl      // 6.5 Railroad Control of the last position asked (railcontrol.go); never mutated, shared by clones
	railVer      uint64            // the g.ver railCtl was last found good for
	railBuilt    bool              // and whether the 1864 lines were built then
	bonusReach   *railBonusReaches // the Rail Movement Bonus's searches for railCtl (railmove.go), never cloned
	search       *searchScratch    // the bots' path searches' memory, never cloned
	navalC       *navalCache       // Naval Control as last computed (naval.go); shared by clones, never written
	navalVer     uint64            // the g.ver navalC was last found good for
	navalScratch []int8            // naval's key buffer, never cloned
	assaultNaval []int8            // 19.5.5: set only while a Confederate Amphibious Assault's route is found (amphibious.go)
	locSearch    *searchScratch    // the LOC searches' memory
	nearSearch   *searchScratch    // vacantNear's memory (surrender.go), never cloned

	// Supply (supply.go): the position's version (touch bumps it), each
	// side's supply worked out for it, the Foraging markers (13.5.5) and
	// the Surrender Points of Isolated stacks (13.6.3).
	ver         uint64
	supply      [2]*supplyCache
	gridOnly    [2]*supplyCache // a side's LOC grid alone for the position (locGridCache), until its supply is worked out
	supScratch  *searchScratch  // the searches from the sources, never cloned
	scanScratch []*scanMemory   // locScan's memory by depth, never cloned
	scanDepth   int
	forage      map[string]map[rules.Point]bool
	surrPts     map[string]map[rules.Point]surrenderMark

	// The course for the report (course.go): the side that went first in
	// the game's first Action Phase, the standing at each End Phase, the
	// route and the final total's reading.
	startNotes []startNote // the set-up's log lines, said as the first turn begins (setup.go)
	firstMover string
	track      []rules.TurnVP
	route      string
	final      rules.Result
}

type movedForce struct {
	gen      *general
	sps      int
	regroups []regroupDone // its Regroups (5.9, regroup.go)
}

type pendingRetreat struct {
	side     string
	from     rules.Point
	attacker rules.Point // the hex the attacker stands in (may not retreat there)
	// the hex the attacker entered the battle from: its ZOI is judged from
	// there (11.6.4, U879)
	attackFrom rules.Point
}

func newGame(e *Engine, seed uint64) (*game, error) {
	core, err := rules.NewState(e.sf.Module, e.sf.Scenario, seed)
	if err != nil {
		return nil, err
	}
	g := &game{e: e, core: core, dice: rules.NewDice(seed), turn: e.first, cards: newCardBook(e, seed), theaterAP: map[string]int{},
		sp: map[string]map[rules.Point]int{}, movedSP: map[string]map[rules.Point]int{}, genAt: map[string]rules.Point{},
		moved: map[string]bool{}, demoral: map[string]map[rules.Point]bool{}, displace: map[displacedBox]int{},
		marker: map[rules.Point]string{}, arsenal: map[rules.Point]int{}, displacedGen: map[string]string{}, cavDelay: map[string]int{},
		gens: maps.Clone(e.generals), gone: map[string]string{}, works: map[rules.Point]works{}, destroyed: map[rules.Point]bool{}, credit: map[rules.Point]int{}, spIn: map[string]int{}, spLost: map[string]int{}}
	for _, s := range sides {
		g.sp[s], g.movedSP[s], g.demoral[s] = map[rules.Point]int{}, map[rules.Point]int{}, map[rules.Point]bool{}
	}
	g.forage, g.surrPts = map[string]map[rules.Point]bool{}, map[string]map[rules.Point]surrenderMark{}
	g.militia, g.milHex, g.garrisonGone = make([]militiaPlace, len(e.militia)), map[rules.Point]int{}, map[rules.Point]bool{}
	for _, s := range sides {
		g.forage[s], g.surrPts[s] = map[rules.Point]bool{}, map[rules.Point]surrenderMark{}
	}
	if st := e.sf.Scenario.Start; st != nil {
		for _, s := range sides {
			g.drawCards(s, st.Cards[s], "the scenario's start")
		}
	}
	for _, k := range []string{"union-vp", "resource-bps", "csa-vp", "csa-national-panic"} {
		if _, ok := g.core.Tracks[k]; !ok {
			g.core.Tracks[k] = 0
		}
	}
	g.startCoastalForts()
	g.setup()
	g.creditAll()
	g.startPorts()
	g.books()
	return g, nil
}

// spCount writes a number of SPs for a log line or a refusal: "1 SP",
// "3 SPs". The common counts are built once, since the sim evaluates
// say's arguments even when it keeps no log.
func spCount(n int) string {
	if n >= 0 && n < len(spCounts) {
		return spCounts[n]
	}
	return strconv.Itoa(n) + " SPs"
}

// genCount writes a number of Generals: "1 General", "2 Generals".
func genCount(n int) string {
	if n == 1 {
		return "1 General"
	}
	return strconv.Itoa(n) + " Generals"
}

// plural writes a count of a noun: "1 Bonus Action", "2 Bonus Actions".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// cardCount writes a number of Special Action Cards.
func cardCount(n int) string { return plural(n, "Special Action Card") }

// spKind writes a number of SPs of a kind or side: "1 Demoralized SP",
// "2 enemy SPs", "1 union SP".
func spKind(n int, kind string) string {
	if n == 1 {
		return "1 " + kind + " SP"
	}
	return strconv.Itoa(n) + " " + kind + " SPs"
}

var spCounts = func() []string {
	out := make([]string, 64)
	for n := range out {
		out[n] = strconv.Itoa(n) + " SPs"
	}
	out[1] = "1 SP"
	return out
}()

// say logs a line citing its case.
func (g *game) say(rule, format string, args ...any) {
	if g.log == nil {
		return
	}
	g.log.Add(rules.Event{Turn: g.turn, Phase: fmt.Sprintf("action-%d", g.phase), Kind: "rule", Data: map[string]any{"rule": "USCW " + rule, "text": fmt.Sprintf(format, args...)}})
}

func (g *game) roll(n int, purpose string) int {
	if g.err != nil {
		return 1
	}
	r, err := g.dice.Throw(n, 6, purpose)
	if err != nil {
		g.err = err
		return 1
	}
	if g.log != nil {
		g.log.Add(rules.Event{Turn: g.turn, Kind: "roll", Data: map[string]any{"dice": r.Dice, "values": r.Values, "purpose": purpose}})
	}
	return r.Total()
}

// beginTurn plays the phases before the Action Cycle: none of them is
// played yet, each is logged as such (3.1-3.3).
func (g *game) beginTurn() {
	for _, n := range g.startNotes { // the set-up's lines, once a log is kept (setup.go)
		g.say(n.rule, "%s", n.text)
	}
	g.startNotes = nil
	g.say("3.1", "turn %d (%d): Reinforcement Phase", g.turn, g.e.year(g.turn))
	g.kentuckyIn1862()
	if g.reinforcementPhase() {
		return // a card choice stops it (afterReinforcementDraws goes on)
	}
	g.afterReinforcement()
}

// afterReinforcement plays the phases after the Reinforcement Phase.
func (g *game) afterReinforcement() {
	if g.startStrategic() {
		return // the players' Strategic Movement Segments, then afterStrategic
	}
	g.afterStrategic()
}

// afterStrategic plays the phases after the Strategic Movement Phase.
func (g *game) afterStrategic() {
	g.leaderManagement() // its choices, then startActionCycle
}

// startActionCycle starts the turn's Action Cycle (3.4).
func (g *game) startActionCycle() {
	g.say("3.4", "the Action Cycle: %d Action Phases (%d)", g.e.actionPhases(g.turn), g.e.year(g.turn))
	g.phase = 0
	g.nextActionPhase()
}

// nextActionPhase starts the next Action Phase with its Initiative
// Segment (4.1.1-4.1.3, 4.2 A), or the End Phase after the last.
func (g *game) nextActionPhase() {
	if g.phase >= g.e.actionPhases(g.turn) {
		g.endPhase()
		return
	}
	g.phase++
	for _, s := range sides {
		g.movedSP[s] = map[rules.Point]int{}
	}
	g.moved = map[string]bool{}
	g.oceanSPs, g.oceanActs = 0, 0
	g.rollInitiative()
}

// rollInitiative rolls the Initiative Segment's dice until they differ;
// each doubles draws a card a side (4.1.2), the owners' choices stopping
// it (cardchoice.go).
func (g *game) rollInitiative() {
	for g.err == nil {
		u := g.roll(1, "initiative union")
		c := g.roll(1, "initiative confederate")
		if u != c {
			g.diff = u - c
			g.first = "union"
			if c > u {
				g.diff, g.first = c-u, "confederate"
			}
			g.say("4.1.1", "Action Phase %d: Union %d, Confederate %d: the %s goes first with a difference of %d", g.phase, u, c, g.first, g.diff)
			if g.firstMover == "" {
				g.firstMover = g.first // "The winner of that roll moves first" (003:1772)
			}
			break
		}
		g.say("4.1.2", "doubles (%d): each player receives a Special Action Card (at most five, 18.2), and both roll again", u)
		for _, s := range sides {
			g.queueDraws(s, 1, "doubles, 4.1.2")
		}
		if g.runDraws() {
			g.drawsThen = afterDrawsInitiative
			return
		}
	}
	g.phasing, g.second = g.first, false
	g.grantAP()
	g.stage = stPlayer
}

func (g *game) grantAP() {
	g.theaterAP = map[string]int{}
	g.ap = 0
	g.newMilitiaPhase()
	g.grantBonus()
	if g.phasing == "union" {
		g.revertObjectives()
	}
	if g.diff == 1 {
		for _, t := range []string{"east", "west", "trans-mississippi"} {
			g.theaterAP[t] = 1
		}
		g.say("4.1.3", "the %s has 1 Action Point in each theater (East, West, Trans-Mississippi)", g.phasing)
		return
	}
	g.ap = g.diff
	g.say("4.2", "the %s's Player Action Phase: %d Action Points", g.phasing, g.ap)
	g.onToRichmond()
}

// endPlayerPhase ends the phasing player's Player Action Phase: the
// second player then gets the same Action Points (4.1.1).
func (g *game) endPlayerPhase() {
	g.richmondUnmet()
	g.endCardPlays()
	g.supplySegment(g.phasing)
	if len(g.survivors) > 0 {
		// 7.6's choice for Generals Attrition left without SPs: the
		// phase ends when it is answered (keepGenerals).
		g.stage, g.endAfterChoice = stGenerals, true
		return
	}
	g.afterSupplySegment()
}

// afterSupplySegment ends the Player Action Phase after its Supply
// Segment (4.2 B b).
func (g *game) afterSupplySegment() {
	g.completeForts(g.phasing)
	g.endOfPlayerPhaseWorks()
	g.cont = nil
	if g.phasing == "union" {
		g.freeFort = false
	}
	if !g.second {
		g.second = true
		g.phasing = other(g.first)
		g.grantAP()
		return
	}
	g.nextActionPhase()
}

func (g *game) finish(r rules.Result) {
	g.stage, g.final = stOver, r
	level := r.Level
	if level == "" {
		level = "unknown"
	}
	g.outcome = &rules.Outcome{Winner: r.Winner, Level: level, VP: r.Total, Turns: g.turn}
}

// spend pays 1 Action Point for an action starting in hex p (4.3); with a
// difference of 1 the point is the theater's (4.1.3).
func (g *game) spend(p rules.Point, what string) error {
	if g.stage != stPlayer {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	g.actionTaken()
	if t := g.e.b.theater(p); g.cardAction(t) {
		g.say("4.3", "%s: the additional action of a Special Action Card (18.1, U1441)", what)
		return nil
	}
	return g.spendAP(p, what)
}

// actionTaken: any action ends the Union's free Fort, which is the
// Reinforcement Phase's, before any action (10.2.6), and a victorious
// force's chance to continue moving (11.7).
func (g *game) actionTaken() {
	if g.phasing == "union" {
		g.freeFort = false
	}
	g.cont = nil
}

// spendAP pays 1 Action Point, never a card's action (Training, 18.1).
func (g *game) spendAP(p rules.Point, what string) error {
	if g.stage != stPlayer {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	g.actionTaken()
	if g.diff == 1 {
		t := g.e.b.theater(p)
		if g.theaterAP[t] == 0 {
			return refuse("4.1.3", "with a dice difference of 1 the %s has 1 Action Point per theater, and the %s point is spent", g.phasing, t)
		}
		g.theaterAP[t]--
		g.say("4.3", "%s: 1 Action Point of the %s theater", what, t)
		return nil
	}
	if g.ap == 0 {
		return refuse("4.3", "the %s has no Action Point left (the dice difference was %d)", g.phasing, g.diff)
	}
	if err := g.richmondLastAP(); err != nil {
		return err
	}
	g.ap--
	g.say("4.3", "%s: 1 Action Point, %d left", what, g.ap)
	return nil
}

// generalsAt lists a side's Generals in a hex, sorted.
func (g *game) generalsAt(side string, p rules.Point) []*general {
	var out []*general
	for id, at := range g.genAt {
		if at == p {
			if gen := g.gens[id]; gen != nil && gen.side == side {
				out = append(out, gen)
			}
		}
	}
	if len(out) > 1 {
		slices.SortFunc(out, byRank) // outranks is a total order: no reflection, the same order
	}
	return out
}

// victoryTracks sets the rules core's tracks of the End Phase Victory
// Calculation (20.3.5, U1710-1712): the turn's Union Benchmark number
// from the Turn Record Track, and the Union VPs less the Confederate VPs.
func (g *game) victoryTracks() {
	t := g.core.Tracks
	diff := t["union-vp"] - t["csa-vp"] - t["csa-national-panic"]
	t["vp-difference"] = diff
	for _, tt := range g.e.track.Turns {
		if tt.Turn == g.turn && tt.Benchmark != nil {
			t["benchmark"] = float64(*tt.Benchmark)
			g.say("20.3.5", "End Phase Victory Calculation: Union VPs less CSA VPs = %g against the turn %d Benchmark %d", diff, g.turn, *tt.Benchmark)
			return
		}
	}
	delete(t, "benchmark")
	g.say("20.3.5", "turn %d has no Benchmark number on the Turn Record Track: the automatic victory check is unknown", g.turn)
}

// actionHex is the hex a phasing player's action names: refused outside
// a Player Action Phase (4.2), or an error for a hex the map lacks.
func (g *game) actionHex(hex string) (rules.Point, error) {
	if g.stage != stPlayer {
		return rules.Point{}, refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	return g.e.b.locate(hex)
}
