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
// Control (13.3.3), are solved together (railFixedPoint): every
// friendly-controlled source first, then the control they give, then the
// sources not in Full Supply under it dropped, until none is; the ZOI is 9.1's one
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
	fresh, caches := g.railFixedPoint()
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
	if i, ok := b.rails.railIdx[p]; ok {
		return rc.owner[i]
	}
	return ""
}

// computeRailControl is the position's Railroad Control worked out
// afresh (railFixedPoint), nothing kept.
func (g *game) computeRailControl() *railControl {
	rc, _ := g.railFixedPoint()
	return rc
}

// railFixedPoint solves 6.5.1's "The Objective/Resource Hex or port must
// be friendly-controlled and in Full Supply" (U409) with the Supply Path
// that reads Railroad Control (13.3.3, U986: "the railroad line must be
// under friendly control (6.5)"): the sources start as every
// friendly-controlled Objective/Resource Hex and port on a railroad; each
// round works out the control they give and both sides' supply under it
// (a supply cache of that control), and drops each source with no Supply
// Path (13.1, U945); the first round that drops none gives the control,
// and its supply caches (railControl keeps them as the position's). The
// sources only shrink, so the rounds end: the control of the largest set
// of sources each in Full Supply under the control it gives (a source
// that supplies itself along its own line counts). Reading: a source
// dropped stays dropped within the position, though a Union source
// dropped could widen the Confederate's lines (6.5.2's trumping) and so
// supply a Confederate source dropped before.
func (g *game) railFixedPoint() (*railControl, [2]*supplyCache) {
	rg := g.e.b.rails
	ctl := g.railHexControllers()
	nav := g.naval()
	built := g.railsBuilt1864()
	var anchors [2][]bool
	for k, side := range sides {
		anchors[k] = make([]bool, len(rg.railHexs))
		for i := range rg.railHexs {
			anchors[k][i] = rg.source[i] && ctl[i] == side
		}
	}
	for {
		rc := g.railFromAnchors(ctl, anchors, nav)
		var caches [2]*supplyCache
		dropped := false
		for k, side := range sides {
			c := g.newSupplyCache()
			c.built, c.assault, c.rc = built, g.assaultNaval != nil, rc
			caches[k] = c
			for i, ok := range anchors[k] {
				if ok && !g.supplyPath(side, rg.railHexs[i], c) {
					anchors[k][i] = false
					dropped = true
				}
			}
		}
		if !dropped {
			return rc, caches
		}
	}
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

// railFromAnchors is the control the sources in anchors (by side, rail
// index) give: the Union's lines first, the Confederate's never through
// them (6.5.2).
func (g *game) railFromAnchors(ctl []string, anchors [2][]bool, nav []int8) *railControl {
	rc := &railControl{owner: make([]string, len(ctl))}
	union := g.railReach("union", ctl, nil, nav, anchors[0])
	for i, ok := range union {
		if ok {
			rc.owner[i] = "union"
		}
	}
	for i, ok := range g.railReach("confederate", ctl, union, nav, anchors[1]) {
		if ok {
			rc.owner[i] = "confederate"
		}
	}
	return rc
}

// railReach is every rail hex (by rail index) side's railroads reach
// from its sources (anchor, by rail index), never through the hexes in
// blocked; ctl is each rail hex's controller (6.3), nav the position's
// Naval Control.
func (g *game) railReach(side string, ctl []string, blocked []bool, nav []int8, anchor []bool) []bool {
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
	for i := range rg.railHexs {
		if anchor[i] && open(i) {
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
