package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// Isolation and Surrender (13.6, U1093-1132): a stack, Fort or Coastal
// Fort Out of Supply (or with Fortress Supply alone, 13.2.3) that
// cannot trace an LOC to three vacant land hexes is Isolated; Isolated
// units that trace an LOC to each other form an Isolated Group, which
// rolls on the Surrender Table in each friendly Supply Segment and
// surrenders at 3 Surrender Points: SPs and Entrenchments eliminated,
// Forts Captured (10.2.5), Generals and Militia Displaced, a Coastal Fort
// or an Island taken with the new owner's Control marker (13.6.3, U1101).

// surrenderMark is what an Isolated stack carries between Supply
// Segments: its group's Surrender Points and the group's SPs then (13.6.5:
// combining groups keep the points of the larger).
type surrenderMark struct {
	points, groupSP int
}

// vacantForForage: "The hexes must be free of all units and
// Fortifications—friendly and enemy—and may not be an enemy-controlled
// Resource or Objective Hex" (13.6.2, U1099); "land hexes" (U1097): no
// Coastal Fort space. Militia and intrinsic garrisons are units; a Fort
// under construction is no Fortification (10.2.2). "Free of enemy ZOI"
// needs no test: an LOC enters no hex in an enemy ZOI (13.4.3).
func (g *game) vacantForForage(side string, q rules.Point) bool {
	if g.sp["union"][q] > 0 || g.sp["confederate"][q] > 0 || len(g.generalsAt("union", q)) > 0 || len(g.generalsAt("confederate", q)) > 0 {
		return false
	}
	if _, ok := g.milHex[q]; ok || g.garrisonIn(q) || g.e.b.fortSpace(q) != nil {
		return false
	}
	if w := g.works[q]; w.fort != "" || w.entrench != "" {
		return false
	}
	h := g.e.b.hex(q)
	return !((h.Objective || h.BP != nil) && g.controller(q) == other(side))
}

// isolated reports side's units in p Isolated (13.6.2, U1097): Out of
// Supply, and no LOC to at least three vacant land hexes. "Fortress
// Supply does not exempt a unit from a Surrender Check" (U1097): Limited
// Supply by Fortress Supply alone counts as Out of Supply here. "Union
// controlled Coastal Forts are never Isolated" (10.3.2, U749).
func (g *game) isolated(side string, p rules.Point) bool {
	if side == "union" && g.e.b.coastal[p] != nil && g.fortAt(side, p) > 0 {
		return false
	}
	// The LOC to three vacant hexes first: the cheaper test, and the one
	// most stacks pass (the supply trace is a search of its own).
	// Without the position's LOC grid, the LOC's first 4 MPs asked hex
	// by hex: most stacks find three vacant hexes there. The position's
	// supply is not worked out for it (supplyFor's Railroad Control and
	// both sides' supply, railFixedPoint): the grid is asked only when
	// kept already.
	if c := g.supplyKept(side); (c == nil || c.enter == nil) && g.vacantNear(side, p) {
		return false
	}
	c := g.supplyFor(side)
	vacant := 0
	g.locScan(side, p, c, func(q rules.Point) bool {
		if g.vacantForForage(side, q) {
			vacant++
		}
		return vacant == 3
	})
	if vacant == 3 {
		return false
	}
	l := g.supplyAt(side, p)
	return l != fullSupply && (l != limitedSupply || g.fortressOnly(side, p))
}

// vacantNear is isolated's LOC test on the cheap: the 4 MPs an LOC
// reaches from p itself (locScan's first search; the Depots it reaches
// and the rail and waterway segments left out), each hex asked of the
// position as locGrid would set it, without building the position's
// grid. It reports three vacant hexes found; those are hexes locScan
// visits, so true is locScan's answer, and false leaves the question to
// it. Most stacks find three within a hex or two, and the Leader
// Transfer's listing asks at every new position (16.6.2, U1350).
func (g *game) vacantNear(side string, p rules.Point) bool {
	b := g.e.b
	start, ok := b.at(p)
	if !ok {
		return false
	}
	enemy := other(side)
	enemySP := g.sp[enemy]
	neutral := g.kentuckyNeutral()
	// held reports an enemy unit of locGrid's in q: its hex is closed and
	// its ZOI (9.1) closes its neighbours.
	held := func(q rules.Point) (unit, zoi bool) {
		if enemySP[q] > 0 {
			return true, true
		}
		if k, ok := g.milHex[q]; ok && g.e.militia[k].side != side {
			return true, true
		}
		w := g.works[q]
		return w.fort == enemy || w.entrench == enemy, w.fort == enemy
	}
	// enter is locGrid's enter for board index t.
	enter := func(t int) bool {
		q := b.order[t]
		if neutral && (b.home[t] == kentucky || g.e.hasNewMadrid && q == g.e.newMadrid) {
			return false
		}
		if h := b.hexAt[t]; h != nil && (h.Objective || h.BP != nil) && g.controller(q) == enemy {
			return false
		}
		if unit, _ := held(q); unit {
			return false
		}
		for _, st := range b.next[t] {
			from := b.order[st.to]
			if _, zoi := held(from); !zoi {
				continue
			}
			for _, back := range b.next[st.to] {
				if back.to == t && g.zoiAcross(enemy, from, q, back.zoi) {
					return false
				}
			}
		}
		return true
	}
	// toll is locGrid's toll for board index t.
	toll := func(t int) int {
		if h := b.hexAt[t]; h != nil && (h.Place != "" || h.Port != "") && g.controller(b.order[t]) == enemy {
			return 1
		}
		return 0
	}
	// A bucket queue over the board's steps as locScan's, but a hex is
	// asked whether an LOC may enter it only when it comes out of the
	// queue (the answer is the hex's, whatever the step): a closed hex
	// is settled and goes no further. seen marks the hexes queued, best
	// their MPs (-1 once settled).
	s := boardScratch(&g.nearSearch, len(b.order))
	buckets, stamp := s.startBuckets(start, locMPs)
	defer func() { s.buckets = buckets }()
	var nav []int8
	vacant := 0
	for d := 0; d <= locMPs; d++ {
		for k := 0; k < len(buckets[d]); k++ {
			u := buckets[d][k]
			if s.best[u] != d {
				continue
			}
			s.best[u] = -1
			if u != start && !enter(u) {
				continue
			}
			if g.vacantForForage(side, b.order[u]) {
				if vacant++; vacant == 3 {
					return true
				}
			}
			for _, st := range b.next[u] {
				if st.cost < 0 || s.seen[st.to] == stamp && s.best[st.to] <= d+st.cost {
					continue
				}
				nd := d + st.cost + toll(st.to)
				if nd > locMPs || s.seen[st.to] == stamp && s.best[st.to] <= nd {
					continue
				}
				if nav == nil {
					nav = g.naval()
				}
				if !g.locCross(side, u, st, nav) {
					continue
				}
				s.seen[st.to], s.best[st.to] = stamp, nd
				buckets[nd] = append(buckets[nd], st.to)
			}
		}
	}
	return false
}

// isolatedGroups splits side's Isolated stacks into Isolated Groups:
// "each stack in the group must be able to trace a LOC to at least one
// other unit in the Isolated Group" (13.6.5, U1125). Groups and their
// stacks are in board order.
func (g *game) isolatedGroups(side string, iso []rules.Point) [][]rules.Point {
	parent := make([]int, len(iso))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	at := map[rules.Point]int{}
	for i, p := range iso {
		at[p] = i
	}
	c := g.supplyFor(side)
	for i, p := range iso {
		for _, q := range g.locHexes(side, p, c) {
			if j, ok := at[q]; ok && j != i {
				a, b := find(i), find(j)
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	byRoot := map[int][]rules.Point{}
	var roots []int
	for i, p := range iso {
		r := find(i)
		if byRoot[r] == nil {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], p)
	}
	out := make([][]rules.Point, 0, len(roots))
	for _, r := range roots {
		out = append(out, byRoot[r])
	}
	return out
}

// surrenderUnits lists, in board order, the hexes of side's units that
// may be Isolated: "Any unit, Fort, Coastal Fort, or stack" (13.6.2,
// U1097): its SPs and its completed Forts (Coastal Forts included). A
// Militia alone is not checked (a reading: it holds no Surrender Points;
// with SPs or a Fort it surrenders with them, Displaced).
func (g *game) surrenderUnits(side string) []rules.Point {
	out := g.stacks(side)
	for p := range g.works {
		if g.fortAt(side, p) > 0 && g.sp[side][p] == 0 {
			out = append(out, p)
		}
	}
	sortPoints(out)
	return out
}

// surrenderChecks plays 13.6 in side's Supply Segment.
func (g *game) surrenderChecks(side string) {
	var iso []rules.Point
	for _, p := range g.surrenderUnits(side) {
		if g.isolated(side, p) {
			iso = append(iso, p)
			continue
		}
		if m, ok := g.surrPts[side][p]; ok {
			delete(g.surrPts[side], p)
			g.say("13.6.5", "the %s stack in %s is no longer Isolated: its %d Surrender Points are removed", side, g.e.b.ids[p], m.points)
		}
	}
	for _, grp := range g.isolatedGroups(side, iso) {
		g.surrenderCheck(side, grp)
		if g.err != nil {
			return
		}
	}
}

// surrenderCheck rolls for one Isolated Group (13.6.3-13.6.4).
func (g *game) surrenderCheck(side string, grp []rules.Point) {
	b := g.e.b
	sps, prior, priorSP := 0, 0, -1
	best := (*general)(nil)
	drm, objective, fort := 0, false, false
	var where []string
	for _, p := range grp {
		sps += g.sp[side][p]
		where = append(where, b.ids[p])
		// The points the group carries: those of the larger group it
		// came from, the greater on a tie (13.6.5, U1129).
		if m, ok := g.surrPts[side][p]; ok && (m.groupSP > priorSP || m.groupSP == priorSP && m.points > prior) {
			prior, priorSP = m.points, m.groupSP
		}
		for _, gen := range g.generalsAt(side, p) {
			if best == nil || gen.defense > best.defense {
				best = gen
			}
		}
		if h := b.hexes[p]; (h.Objective || h.BP != nil) && g.controller(p) == side {
			objective = true
			fort = fort || g.fortAt(side, p) > 0 && !g.works[p].coastal // "a Fort (F1-F3)"
		}
	}
	var why []string
	if best != nil {
		drm += best.defense // "Any one General's Defense Rating": the best
		why = append(why, fmt.Sprintf("+%d %s's Defense Rating", best.defense, best.name))
	}
	switch {
	case fort:
		drm += 2
		why = append(why, "+2 a friendly-controlled Objective/Resource Hex with a Fort")
	case objective:
		drm++
		why = append(why, "+1 a friendly-controlled Objective/Resource Hex")
	}
	roll := g.roll(1, fmt.Sprintf("surrender %s", where[0]))
	if g.err != nil {
		return
	}
	cell, _, _ := g.e.surrender.CellAt(0, roll+drm)
	if cell == nil || cell.Value == nil {
		g.err = fmt.Errorf("the Surrender Table has no row for %d", roll+drm)
		return
	}
	total := prior + *cell.Value
	g.say("13.6.4", "the %s Isolated Group %v (%s, %d Surrender Points) rolls %d%s = %d on the Surrender Table: %s", side, where, spCount(sps), prior, roll, drmNote(why), roll+drm, cell.Text)
	if total < 3 {
		for _, p := range grp {
			g.surrPts[side][p] = surrenderMark{points: total, groupSP: sps}
		}
		g.say("13.6.3", "the group has %d Surrender Points", total)
		return
	}
	g.say("13.6.3", "the %s Isolated Group %v surrenders (%d Surrender Points): %s eliminated, its Generals Displaced", side, where, total, spCount(sps))
	for _, p := range grp {
		n := g.sp[side][p]
		g.sp[side][p] = 0
		g.spLost[side] += n
		delete(g.surrPts[side], p)
		g.displaceAll(side, p)
		g.displaceMilitia(side, p, "its Isolated Group surrenders (13.6.3, U1101)")
		g.surrenderWorks(side, p)
		g.surrenderIsland(side, p)
	}
}

// surrenderWorks settles side's Fortifications in a surrendering hex p
// (13.6.3, U1101): "Entrenchments are eliminated, Forts are Captured
// (10.2.5)"; "When a Coastal Fort ... Surrenders, place the new owner's
// Control marker there immediately."
func (g *game) surrenderWorks(side string, p rules.Point) {
	w := g.works[p]
	if w.entrench == side {
		w.entrench = ""
		g.setWorks(p, w)
		g.say("13.6.3", "the %s Entrenchment in %s is eliminated: its Isolated Group surrenders (U1101)", side, g.e.b.ids[p])
	}
	if w.fort != side {
		g.touch(p)
		return
	}
	enemy := other(side)
	g.captureWorks(enemy, p)
	if w.coastal {
		// The Coastal Fort, now the enemy's, acts as his Control marker
		// ("There is no need to have a Control marker in a hex with an
		// Entrenchment or Fort counter", U689): no marker beside it.
		g.say("13.6.3", "the surrendered Coastal Fort %s is the %s's: it controls the space as his Control marker would (U1101, U689)", g.e.b.ids[p], enemy)
	}
}

// surrenderIsland: "When a Coastal Fort or an Island Surrenders, place the
// new owner's Control marker there immediately" (13.6.3, U1101): the
// Island side's group surrendered in p is the enemy's at once, not side's
// by its marker or its state (6.3, U385-387), and every later reading of
// its control (the Islands' block of Naval Control on the Tidal River
// Paths, 19.1.4; supply; ports) sees the enemy's. A Fort the enemy
// captured there stands as his marker already (10.2.5; U689). Reading,
// as takeIsland and the End Phase's markers (6.2.1 places markers "in an
// enemy-controlled state", U357): in an Island of the enemy's own state
// his control needs no marker, side's marker is removed instead ("a
// Town, City, Port, Coastal Fort, Island ... in a friendly state that the
// enemy player does not control", U387).
func (g *game) surrenderIsland(side string, p rules.Point) {
	b := g.e.b
	enemy := other(side)
	if !b.isIsland(p) || g.controller(p) == enemy {
		return
	}
	if g.stateSide(homeState(b.hexes[p])) == enemy {
		g.setMarker(p, "")
		g.say("13.6.3", "the surrendered Island %s is the %s's: the %s Control marker is removed, the Island in a %s state (U1101: 'When a Coastal Fort or an Island Surrenders, place the new owner's Control marker there immediately'; U387)", b.ids[p], enemy, side, enemy)
		return
	}
	g.setMarker(p, enemy)
	g.say("13.6.3", "the surrendered Island %s is the %s's: his Control marker is placed there (U1101: 'When a Coastal Fort or an Island Surrenders, place the new owner's Control marker there immediately')", b.ids[p], enemy)
}
