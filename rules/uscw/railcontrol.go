package uscw

import (
	"fmt"
	"slices"

	"github.com/musterhq/muster/rules"
)

// Railroad Control (6.5, U407-422): "A player controls any railroad line
// as long as the railroad line is connected by a contiguous line of
// Railroad hexes to either an Objective/Resource Hex or a port. The
// Objective/Resource Hex or port must be friendly-controlled and in Full
// Supply" (U409). The line back may not use a railroad bridge over a
// Navigable River the enemy controls, enter an enemy-controlled hex, or
// enter a hex in an enemy ZOI (U410-413). Union control trumps
// Confederate control (6.5.2, U421).
//
// Readings (docs/engines.md, USCW): the source's Full Supply (13.1, a
// Supply Path) and the Supply Path's rail portion, which reads Railroad
// Control (13.3.3), are solved together (railFixedPoint, the greatest
// fixed point, the Union's lines first): every friendly-controlled
// source first, then the lines they give, then the sources not in Full
// Supply under them dropped, until none is; the ZOI is 9.1's one
// (retreat.go's zoi: SPs, Forts and Militia, bridged by a railroad bridge
// not under enemy Naval Control); a railroad bridge or Railroad Ferry
// under the enemy's Naval Control (19.1) carries no line (U411, 5.4.3:
// "treat the Navigable River hexside as if no railroad bridge exists
// there"; 5.4.4 closes the ferry likewise); the Confederate line may not
// run through hexes the Union controls by rail (6.5.2's "push it back");
// the yellow 1864 lines join only once built (5.4.5).

// railControl is the rail control of one position: never mutated once
// made, so clones and the caches worked out from it share it.
type railControl struct {
	owner []string // by index into the rail hexes (railGraph.railHexs): the controlling side or ""
}

// railControl returns the position's rail control. It is worked out
// again only when the position may have changed (g.ver, which every
// change of SPs, markers, works, Militia, garrisons or states bumps, and
// the 1864 lines); when the new control is the old one the old object is
// kept, so what was worked out from it (the Rail Movement Bonus's
// reaches, railmove.go; the supply) stays good. The invariant checker
// compares it with a fresh one (railViolations).
func (g *game) railControl() *railControl {
	built := g.railsBuilt1864()
	if g.railCtl != nil && g.railVer == g.ver && g.railBuilt == built && g.assaultNaval == nil {
		return g.railCtl
	}
	fresh, caches := g.railFixedPoint(true)
	if g.assaultNaval != nil {
		return fresh // 19.5.5's temporary Naval Control: not the position's
	}
	if g.railCtl == nil || !slices.Equal(g.railCtl.owner, fresh.owner) {
		g.railCtl = fresh
	}
	g.railVer, g.railBuilt = g.ver, built
	// The last round's supply was worked out under this control: it is
	// the position's, unless a side's own is already kept.
	for k, c := range caches {
		if old := g.supply[k]; old == nil || old.ver != g.ver || old.built != built || old.assault {
			c.rc = g.railCtl
			g.supply[k] = c
		}
	}
	return g.railCtl
}

// railController is the side that controls rail hex p by 6.5, or "".
func (g *game) railController(p rules.Point) string {
	return g.railControl().at(g.e.b, p)
}

// railControlled reports whether side controls the railroad in p.
func (g *game) railControlled(side string, p rules.Point) bool {
	return g.railController(p) == side
}

// at is the side controlling the railroad in p, "" for none or no rail.
func (rc *railControl) at(b *board, p rules.Point) string {
	if i, ok := b.at(p); ok {
		return rc.atIdx(b, i)
	}
	return ""
}

// atIdx is at with the hex by board index.
func (rc *railControl) atIdx(b *board, i int) string {
	if r := b.railAt[i]; r >= 0 {
		return rc.owner[r]
	}
	return ""
}

// computeRailControl is the position's Railroad Control worked out
// afresh (railFixedPoint), nothing kept.
func (g *game) computeRailControl() *railControl {
	rc, _ := g.railFixedPoint(false)
	return rc
}

// railFixedPoint solves 6.5.1's "The Objective/Resource Hex or port must
// be friendly-controlled and in Full Supply" (U409) with the Supply Path
// that reads Railroad Control (13.3.3, U986: "the railroad line must be
// under friendly control (6.5)"), one side after the other, the Union
// first (6.5.2: its lines trump, so they never depend on the
// Confederate's): a side's sources start as every friendly-controlled
// Objective/Resource Hex and port on a railroad whose line may start
// there (not in an enemy ZOI, not a Union line's hex for the
// Confederate); each round works out the lines they give (railReach) and
// the side's supply under them (a supply cache of that control), and
// keeps only the sources with a Supply Path (13.1, U945); the first round
// that keeps them all gives the side's lines and its supply cache
// (railControl keeps both as the position's). A side takes one round
// when every source is in Full Supply; another only when one is not and
// the sources left give fewer lines.
//
// It is the greatest fixed point: a side's supply reads only its own
// lines (searchSupplyNet's and buildSegments's rc.owner == side), and
// more sources give more lines (railReach from more starts), more lines
// more railed hexes and LOC segments, so more Primary Supply Sources
// (13.2's LOCs) and Supply Paths: the map from a set of sources to those
// of them in Full Supply under its lines is monotone. Starting from all
// of them, each round's set holds every set that keeps itself (by
// induction: such a set S within the round's A is kept by F(S) within
// F(A)), so the rounds, which only shrink and so end, stop at the largest
// such set (Knaster-Tarski on a finite lattice). The Confederate's map is
// monotone too once the Union's lines are fixed (they only close hexes to
// it), which is why the Union is solved first: solving both at once would
// drop a Confederate source that only a Union line later dropped cut off.
// A source that supplies itself along its own line counts.
//
// With kept, a side's first round takes the position's LOC grid where
// one was worked out alone (locGridCache); the invariant checker's fresh
// control takes nothing.
func (g *game) railFixedPoint(kept bool) (*railControl, [2]*supplyCache) {
	rg := g.e.b.rails
	ctl := g.railHexControllers()
	nav := g.naval()
	built := g.railsBuilt1864()
	assault := g.assaultNaval != nil
	rc := &railControl{owner: make([]string, len(rg.railHexs))}
	var caches [2]*supplyCache
	var union []bool // the Union's lines, closed to the Confederate's (6.5.2)
	for k, side := range sides {
		zoi := g.railZOIs(side) // the same every round
		enemy := other(side)
		open := func(i int) bool {
			return (union == nil || !union[i]) && ctl[i] != enemy && !zoi[i]
		}
		var starts []int
		for i := range rg.railHexs {
			if rg.source[i] && ctl[i] == side && open(i) {
				starts = append(starts, i)
			}
		}
		reach := g.railReach(side, open, nav, built, starts)
		var c *supplyCache
		for {
			round := &railControl{owner: slices.Clone(rc.owner)}
			for i, ok := range reach {
				if ok {
					round.owner[i] = side
				}
			}
			first := c == nil
			c = g.nextRailRound(c)
			if first && kept && !assault {
				g.takeGrid(c, k, built)
			}
			c.built, c.assault, c.rc = built, assault, round
			kept := starts[:0:0]
			for _, i := range starts {
				if g.supplyPath(side, rg.railHexs[i], c) {
					kept = append(kept, i)
				}
			}
			if len(kept) < len(starts) {
				// The sources left give lines of their own; when they
				// are the same lines (each source dropped lies on one
				// of theirs), the supply is the same and the round ends.
				starts = kept
				if next := g.railReach(side, open, nav, built, starts); !slices.Equal(next, reach) {
					reach = next
					continue
				}
			}
			rc, caches[k] = round, c
			break
		}
		if side == "union" {
			union = reach
		}
	}
	return rc, caches
}

// nextRailRound is a supply cache for railFixedPoint's next round, kept
// from the last round (prev, nil for the first) what it found that fewer
// lines cannot change: the controllers (6.3), the LOC's grid (13.4) and
// its waterway segments (13.4.5), which read no Railroad Control, and every hex found no Primary Supply
// Source (13.2: fewer lines give fewer LOC segments, 13.4.5, so an LOC
// reaches no more; sourceHere's searches start no search of isSource, so
// the answer does not depend on the order asked). Every hex found a
// source whose LOC scan asked no rail segment (srcRail) is kept too: the
// rail segments are all a scan reads of Railroad Control, and the rest it
// reads (the grid, the controllers, the waterway segments, the hexes'
// fixed facts) is kept as it was, so the scan would run the same steps
// to the same answer (the sources asked again in a later round took about
// a quarter of sourceHere's time in a whole random game, and more than
// half of them had asked no rail segment). Its searches are those of a
// cache made afresh under the round's lines.
func (g *game) nextRailRound(prev *supplyCache) *supplyCache {
	c := g.newSupplyCache()
	if prev == nil {
		return c
	}
	c.ctl = prev.ctl
	c.enter, c.depot, c.toll, c.nav = prev.enter, prev.depot, prev.toll, prev.nav
	c.waterSeg = prev.seg
	if c.waterSeg == nil {
		c.waterSeg = prev.waterSeg
	}
	copy(c.source, prev.source) // 0, 1 and 2 alike
	for _, i := range prev.srcRail {
		c.source[i] = 0
	}
	c.srcRail = prev.srcRail[:0] // its memory: prev is dropped
	return c
}

// takeGrid gives c, a first round's cache, the position's LOC grid of
// side k where it was worked out alone (locGridCache): the controllers
// and the grid, which read no Railroad Control.
func (g *game) takeGrid(c *supplyCache, k int, built bool) {
	gc := g.gridOnly[k]
	if !g.supplyCurrent(gc, built, false) || gc.enter == nil {
		return
	}
	c.ctl = gc.ctl
	c.enter, c.depot, c.toll, c.nav = gc.enter, gc.depot, gc.toll, gc.nav
}

// railHexControllers is each rail hex's controller by 6.3 (by rail
// index): only a Town, Port, Objective or Resource Hex, or a hex with SPs
// or a marker, has one.
func (g *game) railHexControllers() []string {
	rg := g.e.b.rails
	// Who controls each rail hex by 6.3: only a Town, Port, Objective or
	// Resource Hex, or a hex with SPs or a marker, has a controller.
	ctl := make([]string, len(rg.railHexs))
	for i, p := range rg.railHexs {
		if rg.markable[i] {
			ctl[i] = g.controller(p)
		}
	}
	for _, side := range sides {
		for p, n := range g.sp[side] {
			if i, ok := rg.railIdx[p]; ok && n > 0 {
				ctl[i] = g.controller(p)
			}
		}
	}
	for p := range g.marker {
		if i, ok := rg.railIdx[p]; ok {
			ctl[i] = g.controller(p)
		}
	}
	return ctl
}

// railReach is every rail hex (by rail index) side's railroads reach
// from its sources (starts, by rail index), entering only the hexes open
// says a line may enter (not enemy-controlled, 6.3; not in an enemy ZOI,
// 9.1; for the Confederate, not on a Union line, 6.5.2); nav is the
// position's Naval Control, built whether the 1864 lines are built.
func (g *game) railReach(side string, open func(int) bool, nav []int8, built bool, starts []int) []bool {
	rg := g.e.b.rails
	reached := make([]bool, len(rg.railHexs))
	queue := make([]int, 0, len(rg.railHexs))
	for _, i := range starts {
		reached[i] = true
		queue = append(queue, i)
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, st := range rg.railNext[i] {
			if reached[st.to] || st.from1864 && !built || !open(st.to) {
				continue
			}
			// "may not: Use a railroad bridge over a Navigable River
			// hexside controlled by the enemy (5.4.3)" (U411); a ferry
			// likewise (5.4.4, U283)
			if (st.bridge || st.ferry) && !railStepOpen(nav, side, st) {
				continue
			}
			reached[st.to] = true
			queue = append(queue, st.to)
		}
	}
	return reached
}

// railStepOpen is railCrossingOpen for a rail step (its navigable
// hexside worked out when the board is compiled): no navigable hexside,
// or one under side's Naval Control or none's.
func railStepOpen(nav []int8, side string, st railStep) bool {
	return st.nav < 0 || nav[st.nav] == navNone || nav[st.nav] == navOf(side)
}

// railZOIs marks the rail hexes in the Zone of Influence of a unit of
// side's enemy: 9.1's one ZOI (zoi, retreat.go), from every hex whose
// SPs, Fort or Militia exert one ("Every Fort, Militia, or SP has a Zone
// of Influence", U565; exertsZOI).
func (g *game) railZOIs(side string) []bool {
	b := g.e.b
	enemy := other(side)
	zoi := make([]bool, len(b.rails.railHexs))
	g.zoiHolders(enemy, func(q rules.Point) {
		for _, st := range b.next[b.index[q]] {
			if i := b.railAt[st.to]; i >= 0 && !zoi[i] && g.zoiAcross(enemy, q, b.order[st.to], st.zoi) {
				zoi[i] = true
			}
		}
	})
	return zoi
}

// railViolations: the kept rail control, when the position would read
// it, is the position's (a rule that changes who controls a hex without
// bumping g.ver would leave it stale).
func (g *game) railViolations() []string {
	rc := g.railCtl
	if rc == nil || g.railVer != g.ver || g.railBuilt != g.railsBuilt1864() || g.assaultNaval != nil {
		return nil // nothing kept that the position would read
	}
	fresh := g.computeRailControl()
	for i, p := range g.e.b.rails.railHexs {
		if rc.owner[i] != fresh.owner[i] {
			return []string{fmt.Sprintf("USCW 6.5: the kept Railroad Control gives %s to %q, the position to %q", g.e.b.ids[p], rc.owner[i], fresh.owner[i])}
		}
	}
	return nil
}
