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
// Readings (docs/engines.md, USCW): Full Supply (13.0) of the source is
// not asked (railSourceSupplied: the Supply Path's rail portion reads
// Railroad Control, so asking would be circular); the ZOI is 9.1's one
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
	fresh := g.computeRailControl()
	if g.assaultNaval != nil {
		return fresh // 19.5.5's temporary Naval Control: not the position's
	}
	if g.railCtl == nil || !slices.Equal(g.railCtl.owner, fresh.owner) {
		g.railCtl = fresh
	}
	g.railVer, g.railBuilt = g.ver, built
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
	if i, ok := b.rails.railIdx[p]; ok {
		return rc.owner[i]
	}
	return ""
}

func (g *game) computeRailControl() *railControl {
	rg := g.e.b.rails
	rc := &railControl{owner: make([]string, len(rg.railHexs))}
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
	nav := g.naval()
	union := g.railReach("union", ctl, nil, nav)
	for i, ok := range union {
		if ok {
			rc.owner[i] = "union"
		}
	}
	for i, ok := range g.railReach("confederate", ctl, union, nav) {
		if ok {
			rc.owner[i] = "confederate"
		}
	}
	return rc
}

// railReach is every rail hex (by rail index) side's railroads reach
// from its sources, never through the hexes in blocked; ctl is each rail
// hex's controller (6.3), nav the position's Naval Control.
func (g *game) railReach(side string, ctl []string, blocked []bool, nav []int8) []bool {
	b := g.e.b
	rg := b.rails
	built := g.railsBuilt1864()
	zoi := g.railZOIs(side)
	enemy := other(side)
	open := func(i int) bool {
		return (blocked == nil || !blocked[i]) && ctl[i] != enemy && !zoi[i]
	}
	reached := make([]bool, len(rg.railHexs))
	queue := make([]int, 0, len(rg.railHexs))
	for i, p := range rg.railHexs {
		if rg.source[i] && ctl[i] == side && g.railSourceSupplied(side, p) && open(i) {
			reached[i] = true
			queue = append(queue, i)
		}
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
			if (st.bridge || st.ferry) && !g.railCrossingOpen(nav, side, rg.railHexs[i], rg.railHexs[st.to]) {
				continue
			}
			reached[st.to] = true
			queue = append(queue, st.to)
		}
	}
	return reached
}

// railSourceSupplied is whether the Objective/Resource Hex or port p is
// in Full Supply for side (6.5.1). Full Supply (13.0) is not played in
// this branch: every source counts (a reading, said in the ledger).
func (g *game) railSourceSupplied(side string, p rules.Point) bool { return true }

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
