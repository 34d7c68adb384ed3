package uscw

import (
	"fmt"
	"slices"

	"github.com/musterhq/muster/scenarios"
)

// Mississippi River Control (20.3.1, U1691): "If during the End Phase,
// Union Naval Control extends the length of the Mississippi River from
// the north map edge to the Gulf, then award the Union player 3 VPs. This
// can be lost and re-earned if Union Naval Control on the Mississippi
// River is again blocked and again re-opened."
//
// The map names a river's hexsides (hexsides[].river, "Mississippi") and
// marks where it reaches the Gulf (a feature of kind river with the
// attributes river "Mississippi" and end "gulf"); the Ohio is Type 2 as
// well (2.1.7, U64), so the type alone cannot tell them apart.
//
// Reading (docs/engines.md): the 3 VPs are a standing, judged in each End
// Phase (C, the Automatic Victory Segment) and only then, like the
// Resource BPs a running count on the Union VP track: awarded in the End
// Phase that finds Union Naval Control on every Mississippi hexside,
// taken back in the first End Phase that finds one not the Union's (a
// block by a Confederate Fort, 19.1.4, or none's), awarded again when a
// later End Phase finds the whole river the Union's. A blocked spell
// that opens again before the End Phase comes loses nothing: the text
// looks "during the End Phase".
const mississippiRiver = "Mississippi"

// mississippiVPs is the award (U1691).
const mississippiVPs = 3

// compileMississippi finds the Mississippi's hexsides among the
// Navigable Waterways (after linkWaterways) and checks that they are one
// river of Type 2 hexsides from the north map edge to a Gulf end.
// It returns what is wrong with the map's Mississippi, if anything; a
// map naming no Mississippi hexside returns nothing (the End Phase says
// the award is not scored).
func (b *board) compileMississippi(m *scenarios.Module) []string {
	w := b.ww
	w.gulf = -1
	if m.Map == nil || w == nil {
		return nil
	}
	var bad []string
	for _, hs := range m.Map.Hexsides {
		if hs.River != mississippiRiver || len(hs.Between) != 2 {
			continue
		}
		s, ok := b.namedSide(hs.Between[0], hs.Between[1])
		if !ok || !w.sides[s].type2 {
			bad = append(bad, fmt.Sprintf("the Mississippi hexside %s-%s is no Type 2 Navigable River hexside (2.1.7, U64)", hs.Between[0], hs.Between[1]))
			continue
		}
		if !slices.Contains(w.miss, s) {
			w.miss = append(w.miss, s)
		}
	}
	slices.Sort(w.miss)
	for _, f := range m.Map.Features {
		if f.Kind != "river" || f.Attributes["river"] != mississippiRiver || f.Attributes["end"] != "gulf" {
			continue
		}
		s, ok := -1, len(f.Hexside) == 2
		if ok {
			s, ok = b.namedSide(f.Hexside[0], f.Hexside[1])
		}
		if !ok || !slices.Contains(w.miss, s) || w.gulf >= 0 {
			bad = append(bad, fmt.Sprintf("the Mississippi's Gulf end (feature %s) is not one of its hexsides, or not the only Gulf end", f.ID))
			continue
		}
		w.gulf = s
	}
	if len(w.miss) == 0 {
		if w.gulf >= 0 || len(bad) > 0 {
			bad = append(bad, "no Mississippi hexside")
		}
		return prefixAll(bad)
	}
	if w.gulf < 0 {
		bad = append(bad, "no Gulf end (a feature of kind river with the attributes river \"Mississippi\" and end \"gulf\")")
	}
	// One river: every Mississippi hexside reached from the Gulf end
	// along Mississippi hexsides (naval.go's touching rule).
	if w.gulf >= 0 {
		seen := map[int]bool{w.gulf: true}
		queue := []int{w.gulf}
		for k := 0; k < len(queue); k++ {
			for _, t := range w.touch[queue[k]] {
				if !seen[t] && slices.Contains(w.miss, t) {
					seen[t] = true
					queue = append(queue, t)
				}
			}
		}
		if len(seen) != len(w.miss) {
			bad = append(bad, fmt.Sprintf("its %d hexsides are not one river from the Gulf end (%d joined)", len(w.miss), len(seen)))
		}
	}
	north := false
	for _, s := range w.miss {
		pa, pb := b.order[w.sides[s].a], b.order[w.sides[s].b]
		if b.rails != nil && pa.Y == b.rails.northRow && pb.Y == b.rails.northRow && pa.Area == "" && pb.Area == "" {
			north = true // a hexside between two hexes of the north edge runs off it
		}
	}
	if !north {
		bad = append(bad, "no hexside at the north map edge (between two hexes of its first row)")
	}
	return prefixAll(bad)
}

func prefixAll(bad []string) []string {
	for i, s := range bad {
		bad[i] = "a Mississippi River (20.3.1, hexsides[].river): " + s
	}
	return bad
}

// namedSide is the navigable hexside between two hex ids.
func (b *board) namedSide(x, y string) (int, bool) {
	p, pok := b.pts[x]
	q, qok := b.pts[y]
	if !pok || !qok {
		return 0, false
	}
	return b.ww.side(b.index[p], b.index[q])
}

// mississippiControl is the End Phase's Mississippi River Control (C,
// 20.3.1): the Union VP track gains the 3 VPs when every Mississippi
// hexside is under Union Naval Control and they are not counted, and
// loses them when one is not and they are.
func (g *game) mississippiControl() {
	w := g.e.b.ww
	if len(w.miss) == 0 {
		g.say("20.3.1", "Mississippi River Control: the module names no Mississippi River hexsides (map art): the 3 Union VPs are not scored")
		return
	}
	nav := g.naval()
	blockedAt := -1
	for _, s := range w.miss {
		if nav[s] != navUnion {
			blockedAt = s
			break
		}
	}
	t := g.core.Tracks
	switch {
	case blockedAt < 0 && !g.missHeld:
		g.missHeld = true
		t["union-vp"] += mississippiVPs
		g.say("20.3.1", "Mississippi River Control: Union Naval Control extends the length of the Mississippi River from the north map edge to the Gulf: +%d Union VPs", mississippiVPs)
	case blockedAt >= 0 && g.missHeld:
		g.missHeld = false
		t["union-vp"] -= mississippiVPs
		g.say("20.3.1", "Mississippi River Control: Union Naval Control on the Mississippi River is blocked at %s (%s): the %d Union VPs are lost", g.sideName(blockedAt), navName(nav[blockedAt]), mississippiVPs)
	case blockedAt >= 0:
		g.say("20.3.1", "Mississippi River Control: Union Naval Control does not extend the length of the Mississippi River (%s: %s): no VPs", g.sideName(blockedAt), navName(nav[blockedAt]))
	}
}

// sideName names a navigable hexside by its two hexes.
func (g *game) sideName(s int) string {
	b := g.e.b
	ns := b.ww.sides[s]
	return b.ids[b.order[ns.a]] + "-" + b.ids[b.order[ns.b]]
}

// navName says who has Naval Control of a hexside.
func navName(c int8) string {
	switch c {
	case navUnion:
		return "Union Naval Control"
	case navConfederate:
		return "Confederate Naval Control"
	case navBoth:
		return "enemy to both, opposing Forts (10.2.7)"
	}
	return "uncontrolled"
}

// mississippiViolations: the Union VP track counts the 3 VPs exactly
// while the last End Phase found the river the Union's (checked with the
// tracks, invariant.go); here, that the standing is only held on a map
// that names the river.
func (g *game) mississippiViolations() []string {
	if g.missHeld && len(g.e.b.ww.miss) == 0 {
		return []string{"USCW 20.3.1: the Mississippi River Control VPs are counted on a map that names no Mississippi hexside"}
	}
	return nil
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}
