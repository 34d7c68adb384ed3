package lgv

import (
	"math/bits"
	"math/rand/v2"

	"github.com/musterhq/muster/rules"
)

// Unit status.
const (
	onMap      = iota
	eliminated // may reorganize (11.1, 12.1)
	permanent  // permanently eliminated (12.1B): on the Turn Record Track
	kia        // Leader killed (12.2A)
	wounded    // Leader returns next Reorganization Phase (12.2B)
	offFront   // Leader removed leading from the front (11.1.1) until this turn's Reorganization
)

// none marks an index field (a unit, a location, a side) that holds
// nothing: the fields are compared with it, not with 0, so the board's first
// unit or Area is never taken for none.
const none = -1

type unitState struct {
	loc    int
	fresh  bool
	status int
}

// Stages of the sequence of play: what the side to act decides.
const (
	stImpulseStart    = iota // steal a march or not (13.1B)
	stRetentionReroll        // a side may spend the Advantage on the retention die (13.1A)
	stDeclare                // assault, bombard or pass (6.2.1)
	stAssault                // move, attack or end the activation
	stLead                   // the Lead Attacking Unit (9.4A)
	stFrontLeader            // leader leading from the front (9.4.2F)
	stSupport                // supporting artillery (9.5)
	stDefLead                // the defender's Lead Defending Unit (9.4B)
	stReroll                 // re-roll markers and the Advantage (13.1A, 13.3)
	stCasualty               // the defender absorbs CP (11.1)
	stVoluntary              // voluntary retreat of Exhausted defenders (11.2.3)
	stScreen                 // cavalry screening (8.3)
	stBombardLead            // the bombarding artillery (10.3)
	stPrimary                // the Primary Target (10.2.1)
	stReorg                  // reorganization (12.1, 13.1C)
	stPlace                  // where a returning unit goes (12.1A, 12.2)
	stEntrench               // entrenchments (15.1)
	stAttackerRetreat        // attackers may retreat after a Stalemate in a Mandatory Attack (9.4.4)
	stEndRemove              // voluntary removal of Entrench and Pontoon Bridge markers (15.3, 16.3)
	stSwap                   // the Variant Union Setup's switch of two corps' setup Areas (5.2)
	stOver
)

// combat is the attack or bombardment being resolved.
type combat struct {
	bombard    bool
	area       int   // the attacked Area
	attackers  []int // participating units
	lead       int
	front      int // leader leading from the front, or none
	support    []int
	defLead    int
	mandatory  bool
	atRoll     [2]int // attacker's and defender's 2D6
	rerolled   [2]bool
	rerollTurn int // 0 attacker decides, 1 defender
	av, dv     int
	cp         int
	retreating []int // defenders that chose to retreat (1 CP each) or retreat voluntarily
	absorbed   []bool
	firstTaken bool // the Lead Defending Unit or Primary Target took the first CP (11.1)
	overrun    bool
	secondWave bool // the attack after an Overrun: another Overrun counts as a Success
	waterCross int  // +1 minor / +2 major if all attackers crossed it (9.4.3D)
	primary    int
}

// combatReport is what a resolved attack came to.
type combatReport struct {
	area           int
	bombard        bool
	av, dv, ar, dr int
	result         string // repulse, stalemate, success, overrun; bombardment: hit, no-effect
	cp             int
}

// game is a game of LGV in play.
type game struct {
	e     *Engine
	units []unitState
	// occ and freshOcc count each side's units on the map by location
	// (side*locations + loc), kept by set.
	occ, freshOcc []int16
	// kinds counts units on the map by side, kind and location
	// ((side*nKinds+kind)*locations + loc); freshAdj counts the Fresh units
	// of a side in Areas near each location (board.near); freshTotal the
	// Fresh units of each side on the map.
	kinds      []int16
	freshAdj   []int16
	freshTotal [2]int
	// occBits, freshBits and kindBits mark where occ, freshOcc and kinds
	// are not zero, one bit a location in words of 64 (side*words,
	// (side*nKinds+kind)*words): listings walk the set bits, in location
	// order, instead of every location.
	occBits, freshBits, kindBits []uint64
	// unitBits marks the units on the map at each location, one bit a
	// unit in words of 64 (loc*unitWords): the units at a location in
	// index order without a pass over all units.
	unitBits []uint64
	// control is the side controlling each location (7.2).
	control []int
	// entrench is each side's entrenchment level by location
	// (side*locations + loc; 0 none): a Contested Area may hold a marker
	// of each side (15.1 "If the Area does not contain a friendly Entrench
	// marker", 15.2 "there are no friendly Entrench markers already in the
	// Area"). entrenchBits marks, by side (side*words), where that side
	// has a marker. Both change only through setEntrench.
	entrench     []int
	entrenchBits []uint64
	// pontoon marks a Pontoon Bridge on the ford between two locations
	// (16.0), by the lower index then the higher.
	pontoons [][2]int
	// pontoons0 are the bridges at the start of the impulse: only these
	// let five units cross (8.4.4).
	pontoons0 [][2]int

	turn, stage int
	mover       int // side with Momentum in the Combat Phase (the Attacker)
	activation  int // Impulse Activation marker (6.2.5)
	momentumWon int // side that won the Momentum Phase
	advantage   int // side holding the Advantage, none after use until the shift
	advNext     int // side the Advantage goes to at the end of the impulse
	stolen      [2]bool
	rerolls     [2]int
	lastPassed  bool // the previous impulse was a Pass (6.2.4)
	confBonus   bool // +1 MF to Confederate 5-MF units this turn (6.1.1)
	vp          int
	winner      int // none yet
	level       string

	// The current assault activation (6.2.2).
	active      int
	activeUnits []int // the units that were Fresh in the Active Area when it was activated
	anyMove     bool  // a unit moved or was committed this impulse
	bridged     bool  // a Pontoon Bridge was placed this activation: one only (16.1)
	// captures are the locations where the mover may, at his discretion,
	// place a friendly Entrench +1 marker this activation (15.2): an Area
	// an Assault cleared (replacing the enemy's marker) or one entered
	// with no enemy unit to assault (the enemy's marker already removed).
	captures []int
	// contested0 is whether a location was Contested at the start of the
	// impulse, valid where c0Epoch holds the impulse's epoch: set snaps a
	// location before its first change, so one never changed is read now.
	contested0  []bool
	c0Epoch     []uint64
	epoch       uint64
	moved       []bool // units that moved or attacked this impulse
	mfLeft      []int
	cameFrom    []int // where an attacking unit entered from (11.2)
	startedIn   []bool
	current     int // unit now moving, or none
	attacked    []bool
	pending     []int  // locations entered with enemy present, to be attacked
	crossings   []int  // location pairs of each Major Water crossing this impulse (8.4.4)
	commit      []bool // units committed to attack in the Contested Active Area (9.3)
	holdBack    []bool // units that entered an Optional Attack's Area but stay out of it (9.2)
	overrunners []int  // attackers that may move on after an Overrun (9.4.4)
	// waveUnits are the overrunners that entered an enemy-occupied Area:
	// the attack they wait for is their Overrun's second attack (9.4.4),
	// whatever other attack is resolved first. waveTargets pairs each
	// Overrun's Area with the one Area its second attack goes into.
	waveUnits   []int
	waveTargets []int
	// resume are units that entered an Area whose enemy units all
	// screened away and may continue moving, one at a time (8.3).
	resume      []int
	cb          combat
	last        combatReport // the last Combat or Bombardment Resolution, for scripts
	screenArea  int
	screenNext  int // the unit whose entry the screen answered
	retRoll     int
	retRerolled bool
	rrSide      int

	// Reorganization (12.0).
	reorgSide  int
	rallyUsed  bool
	placing    int // unit to place, or none
	placeQueue []int
	entrenched []bool

	pcg    *rand.PCG
	forced []int // forced dice, consumed first (playtests)
	// forcedOnly: a roll with no forced die left is a script error (diceErr).
	forcedOnly bool
	diceErr    bool
	events     []loggedEvent
	logOn      bool
	legal      []rules.Action
	// legalCost is the MF cost of each listed move (0 for other actions).
	legalCost []int8
	// legalOK: legal lists the actions of the present position (set by
	// Game.Legal, cleared by apply).
	legalOK bool
	// targets is scratch space for bombardTargets, cmdCount for resolve.
	targets  []int
	cmdCount []int
	// cand is scratch space for the candidate listings of combat.
	cand     []int
	placeBuf []int
	// seen and stack are scratch space for unionReach.
	seen  []bool
	stack []int
	// violation is the first invariant broken at an activation's end
	// (test mode, Options.Check); vpAreaSum and finalVP keep the VP
	// Track's causes for the checker.
	violation string
	vpAreaSum int
	finalVP   bool
	// momentum and first-player facts for the report.
	momentumBy [7]int
	// vpAt is the VP Track at the end of each turn played (17.2), from
	// turn 1, vpTurns of them: the report's VP over time.
	vpAt    [16]turnVP
	vpTurns int
}

func (g *game) roll() int {
	if len(g.forced) > 0 {
		d := g.forced[0]
		g.forced = g.forced[1:]
		return d
	}
	if g.forcedOnly {
		g.diceErr = true
	}
	return int(g.pcg.Uint64()%6) + 1
}

func (g *game) roll2() int { return g.roll() + g.roll() }

// clone copies the game.
//
// A new game takes its slices from one block per element type, with room
// to grow, so starting a game costs a handful of allocations, not fifty.
func (g *game) clone() *game {
	c := &game{}
	*c = *g
	n, u := len(g.control), len(g.units)
	ints := make([]int, 8*n+5*u+7*16+64+g.e.nCmds)
	ci := func(src []int, room int) []int { return carve(&ints, src, room) }
	c.control, c.entrench = ci(g.control, 0), ci(g.entrench, 0)
	c.mfLeft, c.cameFrom = ci(g.mfLeft, 0), ci(g.cameFrom, 0)
	c.activeUnits, c.pending, c.crossings = ci(g.activeUnits, u), ci(g.pending, n), ci(g.crossings, 32)
	c.overrunners, c.waveUnits, c.waveTargets, c.resume = ci(g.overrunners, 16), ci(g.waveUnits, 16), ci(g.waveTargets, 32), ci(g.resume, 16)
	c.captures = ci(g.captures, 8)
	c.placeQueue = ci(g.placeQueue, u)
	c.cb.attackers, c.cb.support, c.cb.retreating = ci(g.cb.attackers, 16), ci(g.cb.support, 16), ci(g.cb.retreating, 16)
	c.targets, c.cand, c.placeBuf, c.stack = ci(nil, n), ci(nil, u), ci(nil, n), ci(nil, n)
	c.cmdCount = ci(nil, g.e.nCmds)
	bools := make([]bool, 5*n+6*u)
	cb := func(src []bool, room int) []bool { return carve(&bools, src, room) }
	c.contested0, c.attacked, c.entrenched = cb(g.contested0, 0), cb(g.attacked, 0), cb(g.entrenched, 0)
	c.moved, c.startedIn, c.commit, c.holdBack = cb(g.moved, 0), cb(g.startedIn, 0), cb(g.commit, 0), cb(g.holdBack, 0)
	c.cb.absorbed = cb(g.cb.absorbed, u)
	c.seen = cb(nil, n)[:n]
	shorts := make([]int16, len(g.occ)+len(g.freshOcc)+len(g.kinds)+len(g.freshAdj))
	c.occ, c.freshOcc = carve(&shorts, g.occ, 0), carve(&shorts, g.freshOcc, 0)
	c.kinds, c.freshAdj = carve(&shorts, g.kinds, 0), carve(&shorts, g.freshAdj, 0)
	words := make([]uint64, len(g.c0Epoch)+len(g.occBits)+len(g.freshBits)+len(g.kindBits)+len(g.unitBits)+len(g.entrenchBits))
	c.c0Epoch, c.occBits = carve(&words, g.c0Epoch, 0), carve(&words, g.occBits, 0)
	c.freshBits, c.kindBits = carve(&words, g.freshBits, 0), carve(&words, g.kindBits, 0)
	c.unitBits, c.entrenchBits = carve(&words, g.unitBits, 0), carve(&words, g.entrenchBits, 0)
	c.units = append([]unitState(nil), g.units...)
	pairs := make([][2]int, 0, 16)
	c.pontoons, c.pontoons0 = append(pairs[:0:8], g.pontoons...), append(pairs[8:8:16], g.pontoons0...)
	c.forced, c.forcedOnly, c.events, c.logOn = nil, false, nil, false
	c.legal, c.legalCost, c.legalOK = make([]rules.Action, 0, 256), make([]int8, 0, 256), false
	return c
}

// carve takes a copy of src from the front of the block, with room for at
// least room elements, and advances the block (a fresh block when it runs
// short).
func carve[T any](block *[]T, src []T, room int) []T {
	c := max(len(src), room)
	if len(*block) < c {
		*block = make([]T, c)
	}
	s := (*block)[:len(src):c]
	copy(s, src)
	*block = (*block)[c:]
	return s
}

// copyInto makes c a copy of g that shares nothing with it, reusing c's
// buffers (a bot trying actions copies into the same scratch game).
func (g *game) copyInto(c *game) {
	b := *c
	*c = *g
	c.units = append(b.units[:0], g.units...)
	c.occ = append(b.occ[:0], g.occ...)
	c.freshOcc = append(b.freshOcc[:0], g.freshOcc...)
	c.kinds = append(b.kinds[:0], g.kinds...)
	c.freshAdj = append(b.freshAdj[:0], g.freshAdj...)
	c.activeUnits = append(b.activeUnits[:0], g.activeUnits...)
	c.control = append(b.control[:0], g.control...)
	c.entrench = append(b.entrench[:0], g.entrench...)
	c.pontoons = append(b.pontoons[:0], g.pontoons...)
	c.pontoons0 = append(b.pontoons0[:0], g.pontoons0...)
	c.contested0 = append(b.contested0[:0], g.contested0...)
	c.c0Epoch = append(b.c0Epoch[:0], g.c0Epoch...)
	c.occBits = append(b.occBits[:0], g.occBits...)
	c.freshBits = append(b.freshBits[:0], g.freshBits...)
	c.kindBits = append(b.kindBits[:0], g.kindBits...)
	c.unitBits = append(b.unitBits[:0], g.unitBits...)
	c.entrenchBits = append(b.entrenchBits[:0], g.entrenchBits...)
	c.moved = append(b.moved[:0], g.moved...)
	c.mfLeft = append(b.mfLeft[:0], g.mfLeft...)
	c.cameFrom = append(b.cameFrom[:0], g.cameFrom...)
	c.startedIn = append(b.startedIn[:0], g.startedIn...)
	c.attacked = append(b.attacked[:0], g.attacked...)
	c.pending = append(b.pending[:0], g.pending...)
	c.crossings = append(b.crossings[:0], g.crossings...)
	c.entrenched = append(b.entrenched[:0], g.entrenched...)
	c.commit = append(b.commit[:0], g.commit...)
	c.holdBack = append(b.holdBack[:0], g.holdBack...)
	c.overrunners = append(b.overrunners[:0], g.overrunners...)
	c.waveUnits = append(b.waveUnits[:0], g.waveUnits...)
	c.waveTargets = append(b.waveTargets[:0], g.waveTargets...)
	c.resume = append(b.resume[:0], g.resume...)
	c.captures = append(b.captures[:0], g.captures...)
	c.placeQueue = append(b.placeQueue[:0], g.placeQueue...)
	c.cb.attackers = append(b.cb.attackers[:0], g.cb.attackers...)
	c.cb.support = append(b.cb.support[:0], g.cb.support...)
	c.cb.retreating = append(b.cb.retreating[:0], g.cb.retreating...)
	c.cb.absorbed = append(b.cb.absorbed[:0], g.cb.absorbed...)
	c.forced = nil
	c.forcedOnly = false
	c.events = nil
	c.logOn = false
	c.legal, c.legalCost, c.legalOK = b.legal[:0], b.legalCost[:0], false
	c.targets, c.cmdCount, c.seen, c.stack, c.placeBuf, c.cand = b.targets[:0], b.cmdCount[:0], b.seen, b.stack, b.placeBuf[:0], b.cand[:0]
}

func (g *game) logf(format string, args ...any) {
	if g.logOn {
		g.events = append(g.events, loggedEvent{turn: g.turn, text: sprintf(format, args...)})
	}
}

// set changes a unit's location, side up and status, keeping the counts.
func (g *game) set(u, loc int, fresh bool, status int) {
	next := unitState{loc: loc, fresh: fresh, status: status}
	old := g.units[u]
	if old == next {
		return
	}
	if old.loc == loc && old.status == status {
		// Only the side up changes: occupation, and so Contested (snap),
		// stays as it was.
		d := int16(1)
		if !fresh {
			d = -1
		}
		g.units[u] = next
		g.countFresh(u, next, d)
		return
	}
	g.snap(g.units[u].loc)
	g.snap(loc)
	if old.status == onMap && status == onMap && old.loc != none && loc != none && old.fresh == fresh {
		g.units[u] = next
		g.countMove(u, old.loc, loc, fresh)
		return
	}
	g.count1(u, -1)
	g.units[u] = next
	g.count1(u, 1)
}

// countMove moves u's counts from one location to another, as count1 -1
// at from and +1 at to would (a move or retreat keeps the side up).
func (g *game) countMove(u, from, to int, fresh bool) {
	h := g.e.hot[u]
	side := int(h.side)
	n := g.nLoc()
	w := (n + 63) >> 6
	fbit, fword, tbit, tword := uint64(1)<<(from&63), from>>6, uint64(1)<<(to&63), to>>6
	i, j := side*n+from, side*n+to
	g.occ[i]--
	g.occ[j]++
	flipBit(g.occBits[side*w+fword:], fbit, g.occ[i])
	g.occBits[side*w+tword] |= tbit
	k := side*nKinds + int(h.kind)
	g.kinds[k*n+from]--
	g.kinds[k*n+to]++
	flipBit(g.kindBits[k*w+fword:], fbit, g.kinds[k*n+from])
	g.kindBits[k*w+tword] |= tbit
	uw := (len(g.units) + 63) >> 6
	ubit := uint64(1) << (u & 63)
	g.unitBits[from*uw+u>>6] &^= ubit
	g.unitBits[to*uw+u>>6] |= ubit
	if !fresh {
		return
	}
	g.freshOcc[i]--
	g.freshOcc[j]++
	flipBit(g.freshBits[side*w+fword:], fbit, g.freshOcc[i])
	g.freshBits[side*w+tword] |= tbit
	b := g.e.b
	if !b.zone[from] {
		for _, y := range b.near[from] {
			g.freshAdj[side*n+y]--
		}
	}
	if !b.zone[to] {
		for _, y := range b.near[to] {
			g.freshAdj[side*n+y]++
		}
	}
}

func (g *game) count1(u int, d int16) {
	s := g.units[u]
	if s.status != onMap || s.loc == none {
		return
	}
	h := g.e.hot[u]
	side := int(h.side)
	n := g.nLoc()
	i := side*n + s.loc
	w := (n + 63) >> 6
	bit, word := uint64(1)<<(s.loc&63), s.loc>>6
	g.occ[i] += d
	flipBit(g.occBits[side*w+word:], bit, g.occ[i])
	k := side*nKinds + int(h.kind)
	g.kinds[k*n+s.loc] += d
	flipBit(g.kindBits[k*w+word:], bit, g.kinds[k*n+s.loc])
	uw := (len(g.units) + 63) >> 6
	flipBit(g.unitBits[s.loc*uw+u>>6:], uint64(1)<<(u&63), max(d, 0))
	if s.fresh {
		g.countFresh(u, s, d)
	}
}

// countFresh adds d to the counts of Fresh units for u standing as s.
func (g *game) countFresh(u int, s unitState, d int16) {
	if s.status != onMap || s.loc == none {
		return
	}
	side := int(g.e.hot[u].side)
	n := g.nLoc()
	i := side*n + s.loc
	g.freshOcc[i] += d
	flipBit(g.freshBits[side*((n+63)>>6)+s.loc>>6:], uint64(1)<<(s.loc&63), g.freshOcc[i])
	g.freshTotal[side] += int(d)
	if !g.e.b.zone[s.loc] {
		for _, y := range g.e.b.near[s.loc] {
			g.freshAdj[side*n+y] += d
		}
	}
}

// flipBit sets bit in w[0] where count is not zero, clears it where it is.
func flipBit(w []uint64, bit uint64, count int16) {
	if count != 0 {
		w[0] |= bit
	} else {
		w[0] &^= bit
	}
}

// nextBit is the first location at or after loc whose bit is set in
// words, or -1.
func nextBit(words []uint64, loc int) int {
	i := loc >> 6
	if i >= len(words) {
		return -1
	}
	w := words[i] & (^uint64(0) << (loc & 63))
	for w == 0 {
		if i++; i >= len(words) {
			return -1
		}
		w = words[i]
	}
	return i<<6 + bits.TrailingZeros64(w)
}

// bitsOf is the words of a bit set (occBits, freshBits, kindBits) at row r.
func (g *game) bitsOf(set []uint64, r int) []uint64 {
	w := (g.nLoc() + 63) >> 6
	return set[r*w : (r+1)*w]
}

// nLoc is the number of locations (Areas and Zones): the length of a
// slice of the game's own, one load fewer than the board's.
func (g *game) nLoc() int { return len(g.control) }

// setEntrench sets the level of side's Entrench marker in loc (level 0:
// no marker), keeping entrenchBits.
func (g *game) setEntrench(loc, level, side int) {
	n := g.nLoc()
	w := (n + 63) >> 6
	bit, word := uint64(1)<<(loc&63), loc>>6
	g.entrench[side*n+loc] = level
	if level > 0 {
		g.entrenchBits[side*w+word] |= bit
	} else {
		g.entrenchBits[side*w+word] &^= bit
	}
}

// ent is the level of side's Entrench marker in loc (0: none).
func (g *game) ent(side, loc int) int {
	return g.entrench[side*g.nLoc()+loc]
}

// entrenchedAny: loc holds an Entrench marker of either side (9.4.4 "an
// Area with Entrenchments").
func (g *game) entrenchedAny(loc int) bool {
	return g.ent(union, loc) > 0 || g.ent(confederate, loc) > 0
}

// unitsAt are the words of unitBits for loc: walk them with nextBit,
// nextBit(g.unitsAt(loc), u+1), for the units there in index order.
func (g *game) unitsAt(loc int) []uint64 {
	uw := (len(g.units) + 63) >> 6
	return g.unitBits[loc*uw : (loc+1)*uw]
}

// snap keeps whether loc was Contested at the start of the impulse,
// before a unit enters or leaves it.
// A loc of none is a unit off the map; a wounded Leader's loc (his
// return turn) is snapped as any location is, harmlessly: no unit enters
// or leaves there, so its state is still the impulse's start state.
func (g *game) snap(loc int) {
	if loc != none && loc < len(g.c0Epoch) && g.c0Epoch[loc] != g.epoch {
		g.c0Epoch[loc], g.contested0[loc] = g.epoch, g.contested(loc)
	}
}

// contestedAtStart: the location was Contested at the start of the
// impulse (8.2, 9.1, 9.3).
func (g *game) contestedAtStart(loc int) bool {
	if g.c0Epoch[loc] == g.epoch {
		return g.contested0[loc]
	}
	return g.contested(loc)
}

// kindCount counts a side's units of a kind at a location.
func (g *game) kindCount(side, kind, loc int) int {
	return int(g.kinds[(side*nKinds+kind)*g.nLoc()+loc])
}

func (g *game) setFresh(u int, fresh bool) { s := g.units[u]; g.set(u, s.loc, fresh, s.status) }
func (g *game) setLoc(u, loc int)          { s := g.units[u]; g.set(u, loc, s.fresh, s.status) }
func (g *game) setStatus(u, status int)    { s := g.units[u]; g.set(u, s.loc, s.fresh, status) }

// recount rebuilds the counts from the units.
func (g *game) recount() {
	n := g.nLoc()
	g.occ, g.freshOcc = make([]int16, 2*n), make([]int16, 2*n)
	g.kinds, g.freshAdj, g.freshTotal = make([]int16, 2*nKinds*n), make([]int16, 2*n), [2]int{}
	w := (n + 63) >> 6
	g.occBits, g.freshBits, g.kindBits = make([]uint64, 2*w), make([]uint64, 2*w), make([]uint64, 2*nKinds*w)
	g.unitBits = make([]uint64, n*((len(g.units)+63)>>6))
	for u := range g.units {
		g.count1(u, 1)
	}
}

// turnVP is the VP Track at a turn's End Phase.
type turnVP struct{ turn, vp int }

// loggedEvent is a line of a replayed game's log.
type loggedEvent struct {
	turn int
	text string
	// vp marks the VP standing of the turn's End Phase (a "vp-track" event).
	vp bool
}
