package uscw

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Strategic River Movement (15.3, U1275-1277) and Union Strategic Ocean
// Movement (15.4, U1279-1281): legs of a Strategic Move (strategic.go)
// over the Navigable Waterways and the hex-less sea, searched as Naval
// Transport searches them (waterroute.go) under the position's Naval
// Control (naval.go). Neither costs Action Points, and the 1861 Naval
// Ramp Up has "no effect on Strategic Movement" (S1.3.2, U1819-1820).
// The board has no Coastal hexes, Naval Batteries or Naval Units, so the
// text's clauses on them have nothing to read here; Coastal Forts guard
// their ports (seaaccess.go) and Island spaces are ends (15.3's "hex or
// Island", 15.6) joined by Tidal River Paths (islands.go).

// riverLimit is the SPs a side may move by Strategic River Movement in a
// phase: "The Union player may move up to 3 SPs by Navigable Waterways
// (19.1.2), the Confederate player 1 SP" (15.3, U1277).
func riverLimit(side string) int {
	if side == "union" {
		return 3
	}
	return 1
}

// oceanLimit: "The Union player may move up to 3 SPs using Strategic
// Ocean Movement" (15.4, U1281).
const oceanLimit = 3

// strategicRiverLeg checks n SPs moving by Strategic River Movement from
// at to to and counts them in use: "SPs moved this way may travel an
// unlimited distance along Navigable Waterways as long as they either
// embark or debark at a Port (either type). The entire path must be
// under friendly Naval Control (19.1) that originates from a port
// (19.1.3) and may not pass an enemy Fort, Coastal Fort, Naval Battery,
// Entrenchment or port that blocks Naval Control even if Naval Control
// from them has been trumped (19.1.5). In addition, the final debarking
// hex or Island must be friendly controlled and not in an enemy ZOI"
// (U1277). Reading: "pass" is entering a hexside the enemy work or port
// blocks (19.1.4: it blocks "any of the navigable hexsides tangent to"
// it); the Naval Control read is the position's (a Fort's own hexsides
// included, as Naval Transport reads it).
func (g *game) strategicRiverLeg(side string, use *stratUse, at, to rules.Point, n int) error {
	b := g.e.b
	si := sideIndex(side)
	if left := riverLimit(side) - use.river[si]; n > left {
		return refuse("15.3", "the %s may move %s by Strategic River Movement per phase: %d left, not %d (U1277)", side, spCount(riverLimit(side)), left, n)
	}
	if b.hexes[at].Port == "" && b.hexes[to].Port == "" {
		return refuse("15.3", "Strategic River Movement must 'either embark or debark at a Port (either type)' (U1277): neither %s nor %s is one", b.ids[at], b.ids[to])
	}
	if g.controller(to) != side || g.sp[other(side)][to] > 0 {
		return refuse("15.3", "'the final debarking hex or Island must be friendly controlled' (U1277): %s is not %s-controlled", b.ids[to], side)
	}
	if g.inEnemyZOI(side, to) {
		return refuse("15.3", "'the final debarking hex or Island must be ... not in an enemy ZOI' (U1277): %s is in one", b.ids[to])
	}
	ai, ti := b.index[at], b.index[to]
	if len(b.ww.atHex[ai]) == 0 || len(b.ww.atHex[ti]) == 0 {
		return refuse("15.3", "Strategic River Movement travels 'along Navigable Waterways' (U1277): %s or %s lies on none", b.ids[at], b.ids[to])
	}
	if !g.riverReaches(side, ai, ti, g.navalBlocked(side)) {
		if g.riverReaches(side, ai, ti, nil) {
			return refuse("15.3", "every path of %s Naval Control from %s to %s passes an enemy Fort, Entrenchment or port that blocks Naval Control: it 'may not pass' one 'even if Naval Control from them has been trumped (19.1.5)' (U1277)", side, b.ids[at], b.ids[to])
		}
		return refuse("15.3", "'The entire path must be under friendly Naval Control (19.1)' (U1277): no Navigable Waterway under %s Naval Control joins %s to %s", side, b.ids[at], b.ids[to])
	}
	use.river[si] += n
	return nil
}

// riverReaches reports a chain of side's Naval Control from a hexside of
// hex ai to one of hex ti, entering no hexside marked in avoid.
func (g *game) riverReaches(side string, ai, ti int, avoid []bool) bool {
	w := g.e.b.ww
	queue, _ := g.waterSearchAvoiding(side, ai, avoid)
	for _, s := range queue {
		if slices.Contains(w.on[s], ti) {
			return true
		}
	}
	return false
}

// strategicOceanLeg checks n SPs moving by Union Strategic Ocean Movement
// from at to to and counts them in use: "Each SP must move from one Union
// controlled Ocean Port to another Union controlled Ocean Port ... the
// final debarking Union controlled Ocean Port must not be in an enemy
// ZOI. The Confederate player may not use Strategic Ocean Movement"
// (15.4, U1281). The sea is hex-less and touches every Ocean Port of this
// board (as Ocean Transport reads it, oceanRoute), so only a Confederate
// Coastal Fort guarding one of them stands between two ("No enemy Coastal
// Forts ... may be passed", U1281; seaaccess.go). "SPs may sail ... along
// Navigable Waterways (19.1.2)" (U1281), which include the Tidal River
// Paths (19.1.2, U1476): an Island the sea does not reach is an end as it
// is Ocean Transport's (oceanEnd: the Map Notes, U2091-2095, make Roanoke
// Island an Ocean Amphibious Assault's end once Hatteras Inlet is the
// Union's), joined to the sea by Tidal River Paths under Union Naval
// Control through Union-controlled Islands holding no Confederate SP
// (islandSeaWay; no enemy "may be passed"). A River Port of the sound is
// none (Washington (NC), U2095).
func (g *game) strategicOceanLeg(side string, use *stratUse, at, to rules.Point, n int) error {
	b := g.e.b
	if side != "union" {
		return refuse("15.4", "'The Confederate player may not use Strategic Ocean Movement' (U1281)")
	}
	if left := oceanLimit - use.ocean; n > left {
		return refuse("15.4", "the Union may move %s by Strategic Ocean Movement per phase: %d left, not %d (U1281)", spCount(oceanLimit), left, n)
	}
	for _, p := range []rules.Point{at, to} {
		island := b.hexes[p].Port != "ocean" && b.isIsland(p)
		if b.hexes[p].Port != "ocean" && !island || g.controller(p) != side || g.sp[other(side)][p] > 0 {
			return refuse("15.4", "'Each SP must move from one Union controlled Ocean Port to another Union controlled Ocean Port' (U1281): %s is not one", b.ids[p])
		}
		if cf := g.seaBarred(p); cf != nil {
			return refuse("15.4", "'No enemy Coastal Forts, Forts, Naval Batteries, or Naval Units may be passed' (U1281): the Confederate Coastal Fort %s stands between %s and the sea", cf.name, b.ids[p])
		}
		if _, err := g.oceanEnd(p, false); island && err != nil {
			why := err.Error()
			if re, ok := err.(*rules.RuleError); ok {
				why = re.Msg
			}
			return refuse("15.4", "SPs sail 'along Navigable Waterways (19.1.2)' (U1281), the Tidal River Paths among them, as Ocean Transport does (19.3.5): %s", why)
		}
	}
	if g.inEnemyZOI(side, to) {
		return refuse("15.4", "'the final debarking Union controlled Ocean Port must not be in an enemy ZOI' (U1281): %s is in one", b.ids[to])
	}
	use.ocean += n
	return nil
}

// strategicWaterCandidates adds the bots' one-type River and Ocean
// Strategic Moves of free SPs from at (combined moves are a script's):
// by river to every hex the waters reach that 15.3 and 15.6 allow, by
// ocean to every other Union-controlled Ocean Port or Island the step
// allows (oceanEnd, as strategicOceanLeg asks it). Both are small
// searches (the waterway hexsides of one stack, the Ocean Ports).
func (g *game) strategicWaterCandidates(side string, at rules.Point, free int, generals map[rules.Point]bool, out []candidate) []candidate {
	b := g.e.b
	si := sideIndex(side)
	ai := b.index[at]
	end := func(p rules.Point) bool {
		return p != at && g.strategicEndWith(side, p, generals[p]) && !g.closedByNeutrality(p, false) &&
			g.controller(p) == side && !g.inEnemyZOI(side, p)
	}
	if left := riverLimit(side) - g.strat.river[si]; left > 0 && len(b.ww.atHex[ai]) > 0 {
		queue, _ := g.waterSearchAvoiding(side, ai, g.navalBlocked(side))
		port := b.hexes[at].Port != ""
		seen := map[int]bool{}
		var ends []int
		for _, s := range queue {
			for _, h := range b.ww.on[s] {
				if p := b.order[h]; !seen[h] && (port || b.hexes[p].Port != "") && end(p) {
					ends = append(ends, h)
				}
				seen[h] = true
			}
		}
		slices.Sort(ends)
		for _, h := range ends {
			if n := min(free, left, g.coastalRoom(side, b.order[h])); n > 0 {
				out = append(out, candidate{strat: "river", from: at, sps: n, dst: h})
			}
		}
	}
	if left := oceanLimit - g.strat.ocean; side == "union" && left > 0 && g.controller(at) == side && g.oceanEndOK(at, false) {
		for _, i := range g.oceanEnds() {
			if p := b.order[i]; end(p) && g.oceanEndOK(p, false) {
				if n := min(free, left, g.coastalRoom(side, p)); n > 0 { // 10.3.2: 3 SPs in a Coastal Fort
					out = append(out, candidate{strat: "ocean", from: at, sps: n, dst: i})
				}
			}
		}
	}
	return out
}

// waterViolations: the phase's River and Ocean Strategic Movement stays
// within its limits (15.3, 15.4).
func (g *game) waterViolations() []string {
	var out []string
	for _, side := range sides {
		if n := g.strat.river[sideIndex(side)]; n > riverLimit(side) {
			out = append(out, fmt.Sprintf("USCW 15.3: the %s moved %s by Strategic River Movement this phase, beyond %d", side, spCount(n), riverLimit(side)))
		}
	}
	if g.strat.ocean > oceanLimit {
		out = append(out, fmt.Sprintf("USCW 15.4: the union moved %s by Strategic Ocean Movement this phase, beyond %d", spCount(g.strat.ocean), oceanLimit))
	}
	return out
}

// strategicTrack reads a script's track "strategic.SIDE.TYPE": the SPs
// side has moved this phase by rail, river, ocean (the Union's) or road
// (road.THEATER), each leg of a combined move counted (15.1).
func (g *game) strategicTrack(name string) (string, error) {
	parts := strings.Split(name, ".")
	if len(parts) < 3 || (parts[1] != "union" && parts[1] != "confederate") {
		return "", fmt.Errorf("track %s: strategic.SIDE.rail, .river, .ocean or .road.THEATER", name)
	}
	si := sideIndex(parts[1])
	switch {
	case parts[2] == "rail":
		return strconv.Itoa(g.strat.rail[si]), nil
	case parts[2] == "river":
		return strconv.Itoa(g.strat.river[si]), nil
	case parts[2] == "ocean" && si == 0:
		return strconv.Itoa(g.strat.ocean), nil
	case parts[2] == "ocean":
		return "0", nil
	case parts[2] == "road" && len(parts) == 4 && theaterIndex(parts[3]) >= 0:
		return strconv.Itoa(g.strat.road[si][theaterIndex(parts[3])]), nil
	}
	return "", fmt.Errorf("track %s: strategic.SIDE.rail, .river, .ocean or .road.THEATER", name)
}
