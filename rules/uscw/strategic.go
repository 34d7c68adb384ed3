package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// The Strategic Movement Phase (3.2, U121-141; 15.1-15.6, U1265-1308):
// the Union's segment, then the Confederate's; each moves SPs (never
// Generals, 15.1) by Strategic Rail Movement (12 Union / 7 Confederate
// SPs, 15.2), Strategic River Movement (3 Union / 1 Confederate SP,
// 15.3), Union Strategic Ocean Movement (3 SPs, 15.4) and Strategic Road
// Movement (1 SP per theater, 15.5), and ends its segment with "pass". A
// move may combine types, each leg counting against its type's limit
// (15.1, U1267-1269). River and Ocean legs are strategicwater.go's.

// railLimit is the SPs a side may move by Strategic Rail Movement in a
// phase: "The Union player may move up to 12 SPs by rail, the
// Confederate player 7 SPs" (15.2, U1273).
func railLimit(side string) int {
	if side == "union" {
		return 12
	}
	return 7
}

var theaters = []string{"east", "west", "trans-mississippi"}

// stratUse counts the phase's Strategic Movement by side (0 Union, 1
// Confederate): the SPs moved by rail, by river, by road per theater,
// and the Union's by ocean; a combined move counts once per leg (15.1).
// A value, so a clone copies it.
type stratUse struct {
	rail  [2]int
	river [2]int
	road  [2][3]int
	ocean int
}

func sideIndex(side string) int {
	if side == "union" {
		return 0
	}
	return 1
}

func theaterIndex(t string) int {
	for i, x := range theaters {
		if x == t {
			return i
		}
	}
	return -1
}

// startStrategic opens the Strategic Movement Phase, the Union's segment
// first, and reports whether a player has a decision to take: a segment
// where the side can make no Strategic Move ends at once. The scenario's
// first turn skips the phase (U1792).
func (g *game) startStrategic() bool {
	if g.turn == g.e.first {
		g.say("3.2", "turn %d: the scenario's first turn skips the Strategic Movement Phase (U1792)", g.turn)
		return false
	}
	g.strat = stratUse{}
	g.stage, g.phasing = stStrategic, "union"
	g.say("3.2", "Strategic Movement Phase: A. the Union Strategic Movement Segment (Rail 12 SPs, River 3 SPs, Ocean 3 SPs, Road 1 SP per theater)")
	g.skipIdleSegment()
	return g.stage == stStrategic
}

// skipIdleSegment ends the segment while its side has no Strategic Move.
func (g *game) skipIdleSegment() {
	for g.stage == stStrategic && !g.anyStrategicMove(g.phasing) {
		g.say("3.2", "the %s has no Strategic Move to make: its segment ends", g.phasing)
		g.endStrategicSegment()
	}
}

// endStrategicSegment ends the phasing side's segment: the Confederate's
// follows the Union's, then the Leader Management Phase.
func (g *game) endStrategicSegment() {
	if g.phasing == "union" {
		g.phasing = "confederate"
		g.say("3.2", "B. the Confederate Strategic Movement Segment (Rail 7 SPs, River 1 SP, Road 1 SP per theater)")
		if !g.anyStrategicMove(g.phasing) {
			g.say("3.2", "the confederate has no Strategic Move to make: its segment ends")
			g.endStrategicSegment()
		}
		return
	}
	g.stage = stPlayer
	g.afterStrategic()
}

// strategicOrder is one Strategic Move: n SPs from one hex to another by
// one type, or by legs combining types (15.1).
type strategicOrder struct {
	mode     string // "rail", "road", "river" or "ocean"
	from, to rules.Point
	sps      int
	legs     []stratLeg // a combined move: each leg's type and end, the last's end the move's; nil: one leg, mode to to
}

// stratLeg is one leg of a Strategic Move.
type stratLeg struct {
	mode string
	to   rules.Point
}

var stratModes = map[string]struct{ rule, name string }{
	"rail": {"15.2", "Rail"}, "river": {"15.3", "River"}, "ocean": {"15.4", "Ocean"}, "road": {"15.5", "Road"},
}

// strategicMove validates and plays a Strategic Move, or refuses it
// naming the case.
func (g *game) strategicMove(o strategicOrder) error {
	if g.stage != stStrategic {
		return refuse("15.1", "Strategic Movement happens only in the Strategic Movement Phase (3.2), not now (%s)", stageNames[g.stage])
	}
	side, b := g.phasing, g.e.b
	legs := o.legs
	if len(legs) == 0 {
		legs = []stratLeg{{mode: o.mode, to: o.to}}
	}
	for _, l := range legs {
		if _, ok := stratModes[l.mode]; !ok {
			return fmt.Errorf("strategic move: mode rail, river, ocean or road, not %q", l.mode)
		}
	}
	o.to = legs[len(legs)-1].to
	if o.sps < 1 {
		return refuse("15.1", "a Strategic Move moves at least 1 SP")
	}
	if have := g.sp[side][o.from]; o.sps > have {
		return refuse("15.1", "the %s has %s in %s, not %d", side, spCount(have), b.ids[o.from], o.sps)
	}
	if o.from == o.to {
		return refuse("15.1", "a Strategic Move ends in another hex than it starts")
	}
	if g.sp[side][o.from] == o.sps && len(g.generalsAt(side, o.from)) > 0 {
		return refuse("15.6", "'You may not use Strategic Movement to remove the last SP from a stack containing one or more Generals (7.5.3)' (U1294): %s", b.ids[o.from])
	}
	if err := g.coastalStacking(side, o.to, o.sps); err != nil {
		return err
	}
	if !g.strategicEnd(side, o.to) {
		return refuse("15.6", "%s is no friendly-controlled Resource/Objective Hex, no hex with a friendly General and no friendly-controlled Fort, Coastal Fort, Port, Island or Town: 'SPs that use Strategic Movement must always end their move in one of three places' (U1294-1300)", b.ids[o.to])
	}
	use, at := g.strat, o.from
	var entered []rules.Point // the hexes of neutral Kentucky the legs enter, in order (17.1.3)
	for _, l := range legs {
		if l.to == at {
			return refuse("15.1", "each leg of a Strategic Move ends in another hex than it starts (%s)", b.ids[at])
		}
		if g.closedByNeutrality(l.to, false) {
			return refuse("17.1.3", "while Kentucky is neutral, nothing may enter the New Madrid hex %s (U1370)", b.ids[l.to])
		}
		if err := g.strategicLeg(side, &use, at, l, o.sps); err != nil {
			return err
		}
		if l.mode == "rail" {
			if p, ok := g.railKentuckyEntry(side, at, l.to); ok {
				entered = append(entered, p)
			}
		}
		entered = append(entered, l.to)
		at = l.to
	}
	g.strat = use
	dem := g.demoral[side][o.from]
	g.sp[side][o.from] -= o.sps
	g.tidy(side, o.from)
	// 17.1.3 (U1368): 'An invasion is defined as moving an SP, NSP, or
	// General into a hex or hexside entirely inside Kentucky or moving
	// into a hex containing a Town, City or Port in Kentucky': the first
	// Kentucky hex a leg enters, its end or a rail hex passed through,
	// sends Kentucky to the other side (invade is idle once it has).
	for _, p := range entered {
		g.invade(side, p)
	}
	g.arrive(side, nil, nil, o.sps, dem, o.to)
	g.tidy(side, o.from)
	g.touch(o.from)
	at = o.from
	for _, l := range legs {
		m := stratModes[l.mode]
		g.say(m.rule, "Strategic %s Movement: %s from %s to %s", m.name, spKind(o.sps, side), b.ids[at], b.ids[l.to])
		at = l.to
	}
	return nil
}

// strategicLeg checks one leg of n SPs from at and counts it in use
// against its type's limit (15.1: a combined move "counts against the
// limit on each", U1267).
func (g *game) strategicLeg(side string, use *stratUse, at rules.Point, l stratLeg, n int) error {
	b, si := g.e.b, sideIndex(side)
	switch l.mode {
	case "rail":
		if left := railLimit(side) - use.rail[si]; n > left {
			return refuse("15.2", "the %s may move %s by rail per Strategic Movement Phase: %d left, not %d (U1273)", side, spCount(railLimit(side)), left, n)
		}
		if !g.railReachable(side, at)[l.to] {
			if g.railNetReach(side, at, false)[l.to] {
				return refuse("5.4.3", "the %s's railroads join %s to %s only over a railroad bridge or Railroad Ferry under the %s's Naval Control: 'Railroad bridges that cross Navigable Rivers may only be used if the player has Naval Control (19.1.1) or neither player has Naval Control of that river hexside' (U277), and a ferry 'may not be used if the opposing player has Naval Control' (U281)", side, b.ids[at], b.ids[l.to], other(side))
			}
			return refuse("15.2", "no contiguous %s-controlled railroad (6.5) joins %s to %s: 'The railroad line must be under friendly control' (U1273)", side, b.ids[at], b.ids[l.to])
		}
		use.rail[si] += n
	case "road":
		t := b.theater(at)
		ti := theaterIndex(t)
		if n != 1 {
			return refuse("15.5", "Strategic Road Movement moves 1 SP in each theater, not %d (U1285)", n)
		}
		if ti < 0 || use.road[si][ti] >= 1 {
			return refuse("15.5", "the %s has moved its 1 SP by Strategic Road Movement in the %s theater (U1285)", side, t)
		}
		if b.theater(l.to) != t {
			return refuse("15.5", "'The SP must remain in the theater' (U1287): %s is %s, %s is %s", b.ids[at], t, b.ids[l.to], b.theater(l.to))
		}
		if !g.locConnects(side, at, l.to) {
			return refuse("15.5", "'There must be a LOC from the starting hex to the ending hex' (U1288): none from %s to %s in the %s theater", b.ids[at], b.ids[l.to], t)
		}
		use.road[si][ti]++
	case "river":
		return g.strategicRiverLeg(side, use, at, l.to, n)
	case "ocean":
		return g.strategicOceanLeg(side, use, at, l.to, n)
	}
	return nil
}

// railKentuckyEntry is the first hex of neutral Kentucky a Strategic
// Rail leg from at to to enters in 1861 on its way (the hexes it passes
// through and its end), if it must enter one: SPs moved by rail 'move an
// unlimited distance through contiguous rail hexes' (15.2, U1273), and
// moving an SP 'into a hex ... entirely inside Kentucky' is an invasion
// (17.1.3, U1368). Railroad Control runs through neutral Kentucky (only
// LOC and Supply Paths are kept out, U1368), so a leg may. Reading: the
// SPs take a route of the side's Strategic Rail network (railNet) that
// enters no Kentucky hex when there is one; else the shortest route (in
// rail hexes, the railroad's own order breaking ties), and its first
// Kentucky hex is the one invaded.
func (g *game) railKentuckyEntry(side string, at, to rules.Point) (rules.Point, bool) {
	if !g.kentuckyNeutral() || g.e.year(g.turn) != 1861 {
		return rules.Point{}, false
	}
	rg, b := g.e.b.rails, g.e.b
	s, ok1 := rg.railIdx[at]
	t, ok2 := rg.railIdx[to]
	if !ok1 || !ok2 {
		return rules.Point{}, false
	}
	ky := func(i int) bool { return homeState(b.hexes[rg.railHexs[i]]) == kentucky }
	if prev := g.railRoute(side, s, t, ky); prev != nil {
		return rules.Point{}, false // a route clear of Kentucky
	}
	prev := g.railRoute(side, s, t, nil)
	if prev == nil {
		return rules.Point{}, false
	}
	var path []int
	for i := t; i != s; i = prev[i] {
		path = append(path, i)
	}
	for k := len(path) - 1; k >= 0; k-- {
		if ky(path[k]) {
			return rg.railHexs[path[k]], true
		}
	}
	return rules.Point{}, false
}

// railRoute is a breadth-first search of side's Strategic Rail network
// (railNet's steps: side's Railroad Control, the 1864 lines once built,
// no bridge or ferry under the enemy's Naval Control, the Union's
// north-edge lines joined) from rail index s to t, never into a hex
// avoid names: each reached index's predecessor (s's is s), nil if t is
// not reached.
func (g *game) railRoute(side string, s, t int, avoid func(int) bool) []int {
	rc := g.railControl()
	rg := g.e.b.rails
	built := g.railsBuilt1864()
	nav := g.naval()
	prev := make([]int, len(rg.railHexs))
	for i := range prev {
		prev[i] = -1
	}
	north := g.northEdgeRails(side, rc)
	prev[s] = s
	queue := []int{s}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if i == t {
			return prev
		}
		visit := func(j int) {
			if prev[j] < 0 && rc.owner[j] == side && (avoid == nil || !avoid(j)) {
				prev[j] = i
				queue = append(queue, j)
			}
		}
		for _, st := range rg.railNext[i] {
			if (!st.from1864 || built) && g.railCrossingOpen(nav, side, rg.railHexs[i], rg.railHexs[st.to]) {
				visit(st.to)
			}
		}
		if rg.railHexs[i].Y == rg.northRow {
			for _, j := range north {
				visit(j)
			}
		}
	}
	return nil
}

// strategicEnd: "SPs that use Strategic Movement must always end their
// move in one of three places: A friendly-controlled Resource/Objective
// Hex. A space containing a friendly General. A space containing a
// friendly-controlled Fort, Coastal Fort, Port, Island, or Town" (15.6,
// U1294-1300). A Coastal Fort is an Ocean Port (10.3.2); an Island space
// (islands.go) is one whatever its port.
func (g *game) strategicEnd(side string, p rules.Point) bool {
	return g.strategicEndWith(side, p, len(g.generalsAt(side, p)) > 0)
}

// strategicEndWith is strategicEnd told whether a friendly General
// stands in p.
func (g *game) strategicEndWith(side string, p rules.Point, general bool) bool {
	h := g.e.b.hexes[p]
	if h == nil || g.sp[other(side)][p] > 0 {
		return false
	}
	if general {
		return true
	}
	return (h.Objective || h.BP != nil || h.Port != "" || h.Place != "" || g.works[p].fort == side || g.e.b.isIsland(p)) && g.controller(p) == side
}

// railReachable is every rail hex side may reach by Strategic Rail
// Movement from p: the hexes of p's Strategic Rail network
// (railComponents: side's Railroad Control, 6.5; ferries connected,
// 5.4.4; no bridge or ferry under the enemy's Naval Control, 5.4.3; the
// 1864 lines once built, 5.4.5; the Union's north-edge lines joined,
// 15.2). One search for the scripts and the bots' candidates.
func (g *game) railReachable(side string, p rules.Point) map[rules.Point]bool {
	return g.railNetReach(side, p, true)
}

// railNetReach is railReachable with the bridges and ferries under the
// enemy's Naval Control closed (5.4.3) or, to name that refusal, not.
func (g *game) railNetReach(side string, p rules.Point, naval bool) map[rules.Point]bool {
	rg := g.e.b.rails
	out := map[rules.Point]bool{}
	s, ok := rg.railIdx[p]
	if !ok {
		return out
	}
	comp := g.railNet(side, naval)
	if comp[s] < 0 {
		return out
	}
	for i, c := range comp {
		if c == comp[s] {
			out[rg.railHexs[i]] = true
		}
	}
	return out
}

// locReach is every hex of p's theater an LOC of side joins to p: Depots
// (13.4.2) each projecting 4 MPs (13.4.3), from p itself (it holds the
// moving SP, a Depot). For the Union "all hexes that exit the north map
// edge in the same theater are considered connected to each other by a
// LOC" (15.5, U1289). Reading: the LOC's 4-MP segments may pass outside
// the theater; the Depots it chains and its end lie inside.
func (g *game) locReach(side string, p rules.Point) map[rules.Point]bool {
	return g.locFlood(side, p, -1, nil)
}

// locConnects reports whether an LOC of side joins from to to in from's
// theater (locReach, stopping once to is reached).
func (g *game) locConnects(side string, from, to rules.Point) bool {
	return g.locFlood(side, from, -1, &to)[to]
}

func (g *game) locReachWithin(side string, p rules.Point, depots int) map[rules.Point]bool {
	return g.locFlood(side, p, depots, nil)
}

// locFlood is locReach expanding at most depots Depots (-1: no bound;
// the bots' cheaper search, whose every hex is truly in reach), stopping
// once target (if given) is reached.
func (g *game) locFlood(side string, p rules.Point, depots int, target *rules.Point) map[rules.Point]bool {
	b := g.e.b
	t := b.theater(p)
	out := map[rules.Point]bool{p: true}
	seen := map[rules.Point]bool{p: true}
	frontier := []rules.Point{p}
	northJoined := false
	// A hex settled once (by board index) is passed over when another
	// Depot's LOC reaches it again: all it could add is there already.
	s := g.locScratch()
	if len(s.settled) != len(b.order) {
		s.settled = make([]uint32, len(b.order))
	}
	s.settleStamp++
	stamp := s.settleStamp
	for len(frontier) > 0 && depots != 0 {
		d := frontier[0]
		frontier = frontier[1:]
		depots--
		for _, i := range g.withinAt(side, b.index[d], locMPs) {
			if s.settled[i] == stamp {
				continue
			}
			s.settled[i] = stamp
			if b.theaterAt[i] != t {
				continue
			}
			n := b.order[i]
			out[n] = true
			if target != nil && n == *target {
				return out
			}
			if !seen[n] && g.depot(side, n) {
				seen[n] = true
				frontier = append(frontier, n)
			}
			if side == "union" && !northJoined && n.Y == b.rails.northRow {
				northJoined = true
				for _, q := range b.rails.northEdge {
					if b.theater(q) == t {
						out[q] = true
						if !seen[q] {
							seen[q] = true
							frontier = append(frontier, q)
						}
					}
				}
			}
		}
	}
	return out
}

// anyStrategicMove reports whether side can make a Strategic Move now:
// the bots' list first, then, as that list holds only some road moves,
// a full LOC search from every stack with an SP free to move by road.
func (g *game) anyStrategicMove(side string) bool {
	if len(g.strategicCandidates(side, nil, true)) > 0 {
		return true
	}
	b := g.e.b
	si := sideIndex(side)
	for _, at := range b.order {
		n := g.sp[side][at]
		if len(g.generalsAt(side, at)) > 0 {
			n--
		}
		if ti := theaterIndex(b.theater(at)); n <= 0 || ti < 0 || g.strat.road[si][ti] > 0 {
			continue
		}
		for p := range g.locReach(side, at) {
			if p != at && g.strategicEnd(side, p) && !g.closedByNeutrality(p, false) {
				return true
			}
		}
	}
	return false
}

// botRoadDepots bounds the bots' Strategic Road search: the Depots it
// expands from the moving SP's hex (a script's road move searches all).
const botRoadDepots = 2

// strategicCandidates lists side's Strategic Moves for the bots (after
// out's pass): from each stack (board order) by rail to every end its
// rail component reaches, all the SPs the limit and 15.6 allow; by road 1
// SP from each theater's first stack with a free SP to every end within
// botRoadDepots Depots (a subset of the legal road moves, kept small:
// the LOC search is the costly part). first stops at the first found.
func (g *game) strategicCandidates(side string, out []candidate, first bool) []candidate {
	b := g.e.b
	si := sideIndex(side)
	stacks := make([]rules.Point, 0, len(g.sp[side]))
	for p, n := range g.sp[side] {
		if n > 0 {
			stacks = append(stacks, p)
		}
	}
	sortPoints(stacks)
	generals := map[rules.Point]bool{}
	for id, p := range g.genAt {
		if gen := g.gens[id]; gen != nil && gen.side == side {
			generals[p] = true
		}
	}
	railLeft := railLimit(side) - g.strat.rail[si]
	var comp []int        // rail component labels, by rail index, computed once
	var railEnd []int8    // by rail index: a rail move may end there (1) or not (2), 0 not yet asked
	var roadTried [3]bool // road moves are offered from a theater's first free stack only
	for _, at := range stacks {
		free := g.sp[side][at]
		if generals[at] {
			free-- // never the last SP of a stack with Generals (15.6)
		}
		if free <= 0 {
			continue
		}
		if i, onRail := b.rails.railIdx[at]; onRail && railLeft > 0 {
			if comp == nil {
				comp = g.railComponents(side)
				railEnd = make([]int8, len(comp))
			}
			endsAt := func(j int, p rules.Point) bool {
				if railEnd[j] == 0 {
					railEnd[j] = 2
					if g.strategicEndWith(side, p, generals[p]) && !g.closedByNeutrality(p, false) {
						railEnd[j] = 1
					}
				}
				return railEnd[j] == 1
			}
			for j, p := range b.rails.railHexs {
				if n := min(free, railLeft, g.coastalRoom(side, p)); j != i && comp[i] >= 0 && comp[j] == comp[i] && n > 0 && endsAt(j, p) {
					out = append(out, candidate{strat: "rail", from: at, sps: n, dst: b.index[p]})
					if first {
						return out
					}
				}
			}
		}
		if n := len(out); true {
			out = g.strategicWaterCandidates(side, at, free, generals, out)
			if first && len(out) > n {
				return out[:n+1]
			}
		}
		if ti := theaterIndex(b.theater(at)); ti >= 0 && g.strat.road[si][ti] == 0 && !roadTried[ti] {
			roadTried[ti] = true
			reach := g.locReachWithin(side, at, botRoadDepots)
			ends := make([]rules.Point, 0, len(reach))
			for p := range reach {
				if p != at && g.coastalRoom(side, p) > 0 && g.strategicEndWith(side, p, generals[p]) && !g.closedByNeutrality(p, false) {
					ends = append(ends, p)
				}
			}
			sortPoints(ends)
			for _, p := range ends {
				out = append(out, candidate{strat: "road", from: at, sps: 1, dst: b.index[p]})
				if first {
					return out
				}
			}
		}
	}
	return out
}

// railComponents labels side's rail-controlled hexes (by rail index) by
// the Strategic Rail network they belong to (-1: not side's), as
// railReachable joins them.
func (g *game) railComponents(side string) []int { return g.railNet(side, true) }

// northEdgeRails are the Union's rail indexes on the north map edge,
// joined to each other off the map (13.2.1's sources); none for the
// Confederate.
func (g *game) northEdgeRails(side string, rc *railControl) []int {
	if side != "union" {
		return nil
	}
	rg := g.e.b.rails
	var north []int
	for _, p := range rg.north {
		if i := rg.railIdx[p]; rc.owner[i] == side {
			north = append(north, i)
		}
	}
	return north
}

// railNet is railComponents with the bridges and ferries under the
// enemy's Naval Control closed (naval) or not.
func (g *game) railNet(side string, naval bool) []int {
	rc := g.railControl()
	rg := g.e.b.rails
	built := g.railsBuilt1864()
	var nav []int8
	if naval {
		nav = g.naval() // bridges under enemy Naval Control are closed (5.4.3)
	}
	comp := make([]int, len(rg.railHexs))
	for i := range comp {
		comp[i] = -1
	}
	north := g.northEdgeRails(side, rc)
	label := 0
	queue := make([]int, 0, len(rg.railHexs))
	for s := range rg.railHexs {
		if comp[s] >= 0 || rc.owner[s] != side {
			continue
		}
		comp[s] = label
		queue = append(queue[:0], s)
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			next := rg.railNext[i]
			visit := func(j int) {
				if comp[j] < 0 && rc.owner[j] == side {
					comp[j] = label
					queue = append(queue, j)
				}
			}
			for _, st := range next {
				if (!st.from1864 || built) && (!naval || g.railCrossingOpen(nav, side, rg.railHexs[i], rg.railHexs[st.to])) {
					visit(st.to)
				}
			}
			if rg.railHexs[i].Y == rg.northRow {
				for _, j := range north {
					visit(j)
				}
			}
		}
		label++
	}
	return comp
}

// stratViolations: the phase's Strategic Movement stays within its
// limits (15.2-15.5).
func (g *game) stratViolations() []string {
	var out []string
	for _, side := range sides {
		si := sideIndex(side)
		if n := g.strat.rail[si]; n > railLimit(side) {
			out = append(out, fmt.Sprintf("USCW 15.2: the %s moved %s by Strategic Rail Movement this phase, beyond %d", side, spCount(n), railLimit(side)))
		}
		for ti, n := range g.strat.road[si] {
			if n > 1 {
				out = append(out, fmt.Sprintf("USCW 15.5: the %s moved %s by Strategic Road Movement in the %s theater this phase", side, spCount(n), theaters[ti]))
			}
		}
	}
	return append(out, g.waterViolations()...)
}

// scriptStrategic plays a script's Strategic Move: unit "sps", at (the
// start), manpower (default 1), via one type ("railroad", "river",
// "ocean" or "road") to to, or several types combined (15.1) with path
// naming each leg's end (path's last is the move's end; to, if given,
// must be it).
func (g *game) scriptStrategic(s *rules.Step) error {
	if s.Unit != "sps" {
		return refuse("15.1", "'no Generals may be moved at this time' (U1267): a Strategic Move moves SPs (unit sps), not %q", s.Unit)
	}
	b := g.e.b
	if len(s.Via) == 0 {
		return fmt.Errorf("strategic: give via [\"railroad\"], [\"river\"], [\"ocean\"] or [\"road\"], or several with path")
	}
	ends := s.Path
	if len(ends) == 0 && len(s.Via) == 1 {
		ends = []string{s.To}
	}
	if len(ends) != len(s.Via) || s.To != "" && s.To != ends[len(ends)-1] {
		return fmt.Errorf("strategic: a move combining types gives path, one end per via entry, the last being to")
	}
	from, err := b.locate(s.At)
	if err != nil {
		return err
	}
	o := strategicOrder{from: from, sps: s.Manpower}
	if o.sps == 0 {
		o.sps = 1
	}
	for k, mode := range s.Via {
		to, err := b.locate(ends[k])
		if err != nil {
			return err
		}
		if mode == "railroad" {
			mode = "rail"
		}
		o.legs = append(o.legs, stratLeg{mode: mode, to: to})
	}
	return g.strategicMove(o)
}
