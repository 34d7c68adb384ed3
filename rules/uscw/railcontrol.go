package uscw

import (
	"fmt"

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
// Readings (docs/engines.md, USCW): Full Supply (13.0) is not played in
// this branch, so every friendly-controlled Objective/Resource Hex or
// port on a railroad is a source (railSourceSupplied); Naval Control
// (19.1) is not played either, so every bridge and ferry is usable ("may
// be used if neither player has Naval Control", U277, U282); the
// Confederate line may not run through hexes the Union controls by rail
// (6.5.2's "push it back"); the yellow 1864 lines join only once built
// (5.4.5).

// railControl is the rail control of one position.
type railControl struct {
	key   uint64
	owner []string // by index into the rail hexes (railGraph.railHexs): the controlling side or ""
}

// railControl returns the position's rail control, computed once per
// position: the cache is keyed on what control depends on (the SPs, the
// Control markers, the Border States' sides, the 1864 lines), so any
// change of control or occupation, by whatever rule, recomputes it.
// Callers reading many hexes hold the result rather than ask per hex.
func (g *game) railControl() *railControl {
	k := g.railKey()
	if g.railCtl != nil && g.railCtl.key == k {
		return g.railCtl
	}
	g.railCtl = g.computeRailControl(k)
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

func (g *game) computeRailControl(key uint64) *railControl {
	rg := g.e.b.rails
	rc := &railControl{key: key, owner: make([]string, len(rg.railHexs))}
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
	union := g.railReach("union", ctl, nil)
	for i, ok := range union {
		if ok {
			rc.owner[i] = "union"
		}
	}
	for i, ok := range g.railReach("confederate", ctl, union) {
		if ok {
			rc.owner[i] = "confederate"
		}
	}
	return rc
}

// railReach is every rail hex (by rail index) side's railroads reach
// from its sources, never through the hexes in blocked; ctl is each rail
// hex's controller (6.3).
func (g *game) railReach(side string, ctl []string, blocked []bool) []bool {
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

// railZOIs marks the rail hexes in the Zone of Influence of side's
// enemy (9.1, U565-570): an enemy SP's ZOI reaches the six hexes around
// it except across an unbridged Navigable River (a railroad bridge
// bridges; a Railroad Ferry does not, 5.4.4) or an impassable hexside,
// into a Resource/Objective Hex side controls, or into a hex holding
// side's SPs. Forts and Militia exert none here (not played for the rail
// lines; reactions and retreats count them, retreat.go).
func (g *game) railZOIs(side string) []bool {
	b := g.e.b
	rg := b.rails
	zoi := make([]bool, len(rg.railHexs))
	for q, n := range g.sp[other(side)] {
		if n == 0 {
			continue
		}
		for _, st := range b.next[b.index[q]] {
			i := b.railAt[st.to]
			if i < 0 || zoi[i] || !g.zoiReaches(side, q, b.order[st.to], st.navRiver) {
				continue
			}
			zoi[i] = true
		}
	}
	return zoi
}

// zoiReaches reports whether the ZOI of side's enemy in q reaches p
// (navRiver: a Navigable River between them).
func (g *game) zoiReaches(side string, q, p rules.Point, navRiver bool) bool {
	b := g.e.b
	if g.sp[side][p] > 0 {
		return false
	}
	if h := b.hexes[p]; (h.Objective || h.BP != nil) && g.controller(p) == side {
		return false
	}
	if navRiver {
		e, ok := b.railEdgeOf(q, p)
		return ok && !e.ferry
	}
	return !hasSide(b, q, p, "impassable")
}

// railKey fingerprints what rail control depends on. Each entry is
// mixed on its own and the mixes summed, so map order does not matter.
func (g *game) railKey() uint64 {
	var k uint64
	for si, side := range sides {
		for p, n := range g.sp[side] {
			if n > 0 {
				k += mix64(pointKey(p) ^ uint64(si+1)<<56)
			}
		}
	}
	for p, m := range g.marker {
		k += mix64(pointKey(p) ^ strKey(m)<<48 ^ 3<<56)
	}
	for st, v := range g.core.Statuses {
		k += mix64(strKey(st) ^ mix64(strKey(v)) ^ 5<<56)
	}
	if g.railsBuilt1864() {
		k += mix64(7 << 56)
	}
	return k
}

func pointKey(p rules.Point) uint64 {
	if p.Area != "" { // a Coastal Fort space (coastal.go): its id
		k := uint64(1) << 63
		for _, c := range []byte(p.Area) {
			k = mix64(k ^ uint64(c))
		}
		return k
	}
	return uint64(uint16(p.Frame))<<32 ^ uint64(uint16(p.X))<<16 ^ uint64(uint16(p.Y))
}

// mix64 is SplitMix64's finaliser: it spreads every input bit.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// strKey is FNV-1a of s.
func strKey(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// railViolations: the cached rail control, where the position would read
// it, is the position's (a rule that changes who controls a hex without
// changing railKey's inputs would leave it stale).
func (g *game) railViolations() []string {
	rc := g.railCtl
	if rc == nil || rc.key != g.railKey() {
		return nil // nothing cached that the position would read
	}
	fresh := g.computeRailControl(rc.key)
	for i, p := range g.e.b.rails.railHexs {
		if rc.owner[i] != fresh.owner[i] {
			return []string{fmt.Sprintf("USCW 6.5: the cached Railroad Control gives %s to %q, the position to %q", g.e.b.ids[p], rc.owner[i], fresh.owner[i])}
		}
	}
	return nil
}
