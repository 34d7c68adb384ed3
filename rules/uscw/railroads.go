package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The map's railroads and roads (5.4, 5.5), compiled once per scenario:
// a rail edge joins two hexes that follow each other on a railroad
// feature's ordered hexes; a road edge likewise on a road feature. A
// junction is a hex two lines share; two adjacent hexes of different
// lines are not joined by rail.

// railEdge is one step along a railroad.
type railEdge struct {
	to rules.Point
	// ferry: a Railroad Ferry hexside (5.4.4, U281): connected for
	// supply, Strategic Movement and the Rail Movement Bonus, unbridged
	// for Land Movement and Reaction.
	ferry bool
	// bridge: a railroad bridge over a Navigable River (5.4.3, U277).
	bridge bool
	// from1864: a yellow-highlighted railroad, built only from the Winter
	// 1864 Game Turn (5.4.5, U287).
	from1864 bool
}

// railGraph is the compiled rail and road net of the map.
type railGraph struct {
	rail      map[rules.Point][]railEdge    // rail neighbours per hex, board order
	road      map[rules.Point][]rules.Point // road neighbours per hex, board order
	railHexs  []rules.Point                 // every rail hex, board order
	north     []rules.Point                 // rail hexes on the north map edge (15.2: linked for the Union)
	northRow  int                           // the north map edge's row
	northEdge []rules.Point                 // every hex of the north edge (15.5: linked for the Union)
	has1864   bool                          // a yellow line exists (attribute builtFrom "winter-1864")

	// The rail net by index into railHexs, for the control search (6.5).
	railIdx  map[rules.Point]int
	railNext [][]railStep
	// board is each rail hex's board index (the inverse of board.railAt).
	board []int
	// markable: the rail hexes a controller can hold without SPs or a
	// marker (a Town, Port, Objective or Resource Hex, 6.3).
	markable []bool
	// source: an Objective/Resource Hex or port, where a line's control
	// starts (6.5.1).
	source []bool
}

// railStep is a rail edge by index into railHexs.
type railStep struct {
	to              int
	from1864, ferry bool
	bridge          bool // a railroad bridge over a Navigable River (5.4.3)
	nav             int  // the navigable hexside crossed (naval.go's waterways), -1 none (compileRailNav)
}

// newRailGraph reads the map's railroad and road features: each pair of
// hexes that follow each other on a feature and are adjacent on the map
// is a step (a shipped feature may list only some of its hexes).
func newRailGraph(b *board, m *scenarios.Module) *railGraph {
	rg := &railGraph{rail: map[rules.Point][]railEdge{}, road: map[rules.Point][]rules.Point{}}
	if m.Map == nil {
		return rg
	}
	ferrySides := map[[2]rules.Point]bool{}
	for _, f := range m.Map.Features {
		if f.Kind == "ferry" && len(f.Hexside) == 2 {
			a, aok := b.pts[f.Hexside[0]]
			c, cok := b.pts[f.Hexside[1]]
			if aok && cok {
				ferrySides[sideOf(a, c)] = true
			}
		}
	}
	northRow := -1
	for _, p := range b.order {
		if p.Area != "" {
			continue // a Coastal Fort space: no row (coastal.go)
		}
		if northRow < 0 || p.Y < northRow {
			northRow = p.Y
		}
	}
	rg.northRow = northRow
	for _, p := range b.order {
		if p.Y == northRow && p.Area == "" {
			rg.northEdge = append(rg.northEdge, p)
		}
	}
	seen := map[rules.Point]bool{}
	for _, f := range m.Map.Features {
		if f.Kind != "railroad" && f.Kind != "road" {
			continue
		}
		from1864 := fmt.Sprint(f.Attributes["builtFrom"]) == "winter-1864"
		var prev rules.Point
		havePrev := false
		for _, id := range f.Hexes {
			p, ok := b.pts[id]
			if !ok {
				havePrev = false // off this map: the line breaks there
				continue
			}
			// A step joins hexes that follow each other and are adjacent;
			// a listing with gaps (complete: false) joins only its adjacent
			// neighbours.
			if havePrev && b.adjacent(prev, p) {
				if f.Kind == "road" {
					rg.road[prev] = appendPoint(rg.road[prev], p)
					rg.road[p] = appendPoint(rg.road[p], prev)
				} else {
					ferry := ferrySides[sideOf(prev, p)] || hasSide(b, prev, p, "railroad-ferry")
					bridge := !ferry && acrossNavigable(b, prev, p)
					rg.addRail(prev, railEdge{to: p, ferry: ferry, bridge: bridge, from1864: from1864})
					rg.addRail(p, railEdge{to: prev, ferry: ferry, bridge: bridge, from1864: from1864})
				}
			}
			if f.Kind == "railroad" && !seen[p] {
				seen[p] = true
				rg.railHexs = append(rg.railHexs, p)
				if p.Y == northRow {
					rg.north = append(rg.north, p)
				}
			}
			rg.has1864 = rg.has1864 || from1864
			prev, havePrev = p, true
		}
	}
	sortPoints(rg.railHexs)
	sortPoints(rg.north)
	for _, es := range rg.rail {
		sortEdges(es)
	}
	rg.railIdx = make(map[rules.Point]int, len(rg.railHexs))
	for i, p := range rg.railHexs {
		rg.railIdx[p] = i
	}
	rg.railNext = make([][]railStep, len(rg.railHexs))
	rg.markable = make([]bool, len(rg.railHexs))
	for i, p := range rg.railHexs {
		for _, e := range rg.rail[p] {
			rg.railNext[i] = append(rg.railNext[i], railStep{to: rg.railIdx[e.to], from1864: e.from1864, ferry: e.ferry, bridge: e.bridge})
		}
		h := b.hexes[p]
		rg.markable[i] = markable(h)
		rg.source = append(rg.source, h.Objective || h.BP != nil || h.Port != "")
	}
	for p := range rg.road {
		sortPoints(rg.road[p])
	}
	return rg
}

// compileRailNav fills each rail step's navigable hexside (railStep.nav)
// and the rail hexes' board indexes, once the waterways are known.
func (b *board) compileRailNav() {
	rg := b.rails
	rg.board = make([]int, len(rg.railHexs))
	for i, p := range rg.railHexs {
		rg.board[i] = b.index[p]
	}
	for i := range rg.railNext {
		for k, st := range rg.railNext[i] {
			rg.railNext[i][k].nav = -1
			if s, ok := b.ww.side(rg.board[i], rg.board[st.to]); ok {
				rg.railNext[i][k].nav = s
			}
		}
	}
}

func (rg *railGraph) addRail(p rules.Point, e railEdge) {
	for i, x := range rg.rail[p] {
		if x.to == e.to { // two lines on one hexside: built if either is
			rg.rail[p][i].from1864 = x.from1864 && e.from1864
			return
		}
	}
	rg.rail[p] = append(rg.rail[p], e)
}

func appendPoint(ps []rules.Point, p rules.Point) []rules.Point {
	for _, x := range ps {
		if x == p {
			return ps
		}
	}
	return append(ps, p)
}

func sortEdges(es []railEdge) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && pointLess(es[j].to, es[j-1].to); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

func sideOf(a, c rules.Point) [2]rules.Point {
	if pointLess(c, a) {
		a, c = c, a
	}
	return [2]rules.Point{a, c}
}

func hasSide(b *board, a, c rules.Point, kind string) bool {
	for _, k := range b.topo.Side(a, c) {
		if k == kind {
			return true
		}
	}
	return false
}

// railEdgeOf returns the rail edge from a to c, if a railroad joins them.
func (b *board) railEdgeOf(a, c rules.Point) (railEdge, bool) {
	for _, e := range b.rails.rail[a] {
		if e.to == c {
			return e, true
		}
	}
	return railEdge{}, false
}

// roadEdge reports a road from a to c (5.5).
func (b *board) roadEdge(a, c rules.Point) bool {
	for _, x := range b.rails.road[a] {
		if x == c {
			return true
		}
	}
	return false
}

// isRail reports a rail hex.
func (b *board) isRail(p rules.Point) bool { return len(b.rails.rail[p]) > 0 }

// railsBuilt1864 reports whether the yellow railroads are built: "At the
// beginning of the Winter 1864 Game Turn all of these railroads are
// considered built no matter which side controls them" (5.4.5, U287).
// A Turn Record Track without a Winter 1864 turn never builds them.
func (g *game) railsBuilt1864() bool {
	if !g.e.b.rails.has1864 {
		return false
	}
	for _, t := range g.e.track.Turns {
		if t.Year == 1864 && t.Season == "winter" {
			return g.turn >= t.Turn
		}
	}
	return false
}
