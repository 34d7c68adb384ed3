package uscw

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/musterhq/muster/rules"
)

// Supply (13.1-13.3, U939-1003): the three supply states, the Primary
// Supply Sources and the Supply Path. A side's supply is worked out
// lazily for one position and kept until the position changes (touch
// bumps g.ver; the rail control has its own key), never per
// legal-action listing; the invariant checker traces it afresh and
// compares.
//
// Played: the Confederate sources of 13.2.2 (a Resource Hex of 2+ BPs,
// Arsenals counted, or a Southern capital, with an LOC to two other
// Confederate-controlled Resource Hexes); the Union's north-edge
// railroads, Ocean Ports and Cities or capitals of 13.2.1; the overland
// portion of a Supply Path (one hex, never into an enemy-controlled hex or
// an enemy ZOI, nor across an impassable hexside or an enemy-controlled
// Navigable River hexside); its rail and Navigable Waterway portion and
// River Supply (13.3.3-13.3.5, supplywater.go); neutral Kentucky closed
// to both portions as to LOCs (17.1.3, U1368: border.go's
// neutralClosed); Fortress Supply (13.2.3) is loc.go's. docs/uscw-cases.md
// says what is left row by row.

// supplyLevel is a unit's supply state (13.1, U941-948).
type supplyLevel int8

const (
	outOfSupply supplyLevel = iota
	limitedSupply
	fullSupply
)

func (l supplyLevel) String() string {
	return [...]string{"out", "limited", "full"}[l]
}

// text is the state as the rulebook names it.
func (l supplyLevel) text() string {
	return [...]string{"Out of Supply", "in Limited Supply", "in Full Supply"}[l]
}

// supplyCache is a side's supply in one position (g.ver).
type supplyCache struct {
	ver     uint64
	built   bool                        // the 1864 lines built (5.4.5): with ver, the rail control it reads (railControl's own key)
	assault bool                        // worked out under an Amphibious Assault's temporary Naval Control (19.5.5)
	source  []int8                      // by board index: a Primary Supply Source (13.2) undecided (0), not (1) or one (2)
	srcRail []int                       // the sources (2, board index) whose LOC scan asked a rail segment (13.4.5): nextRailRound asks them again
	railAsk bool                        // an LOC scan of this cache asked a rail segment (segmentEnds; isSourceAt resets and reads it)
	ctl     []int8                      // by board index: the hex's controller (ctlAt), 0 not yet asked
	net     *supplyNet                  // the rail/waterway portion's search (13.3.3-13.3.4, supplywater.go); nil until asked
	rc      *railControl                // the Railroad Control its searches read (railFixedPoint's round, else the position's: supplyRail); nil until asked
	level   map[rules.Point]supplyLevel // asked hexes
	locTo   []int8                      // by board index: an LOC to a source not known (0), none (1), one (2) (locToSource; nil until asked)
	enter   []bool                      // by board index: an LOC may enter (locGrid; nil until asked)
	depot   []bool                      // by board index: a friendly Depot

	// loc.go's: the LOC's extra MP by board index (13.4.4, locToll), the
	// Naval Control its searches read (locCross), the LOCs to a friendly
	// Fort kept as locTo (Fortress Supply, 13.2.3), and the rail and
	// waterway segments (13.4.5).
	toll, nav, locFort []int8
	seg                *locSegments
	waterSeg           *locSegments // railFixedPoint's last round's segments: their waterway part, which reads no Railroad Control
}

// supplyFor is side's cache for the current position.
func (g *game) supplyFor(side string) *supplyCache {
	i := 0
	if side == "confederate" {
		i = 1
	}
	c := g.supply[i]
	// Railroad Control is kept by the same version and the 1864 lines
	// (railControl), so a cache of this version and lines reads the same
	// control; it is worked out only when a search asks for it. Naval
	// Control follows the position (naval.go's key), but for the
	// temporary control of a Confederate Amphibious Assault's route search
	// (19.5.5), under which rail control is not kept: a cache is then
	// made for each ask.
	assault := g.assaultNaval != nil
	built := g.railsBuilt1864()
	stale := func() bool { return !g.supplyCurrent(c, built, assault) }
	if stale() && !assault {
		g.railControl() // worked out with both sides' supply (railFixedPoint), which it keeps
		c = g.supply[i]
	}
	if stale() {
		c = g.newSupplyCache()
		c.built, c.assault = built, assault
		g.supply[i] = c
	}
	return c
}

// supplyCurrent reports c the supply cache of the current position
// (supplyFor's key: the version and the 1864 lines, and never one of or
// under an Amphibious Assault's temporary Naval Control).
func (g *game) supplyCurrent(c *supplyCache, built, assault bool) bool {
	return c != nil && c.ver == g.ver && c.built == built && !assault && !c.assault
}

// supplyKept is side's supply cache when it is the current position's,
// else nil: unlike supplyFor it works nothing out.
func (g *game) supplyKept(side string) *supplyCache {
	if c := g.supply[sideIndex(side)]; g.supplyCurrent(c, g.railsBuilt1864(), g.assaultNaval != nil) {
		return c
	}
	return nil
}

// supplyRail is the Railroad Control c's searches read: the round's of
// railFixedPoint for its own caches, else the position's.
func (g *game) supplyRail(c *supplyCache) *railControl {
	if c.rc == nil {
		c.rc = g.railControl()
	}
	return c.rc
}

func (g *game) newSupplyCache() *supplyCache {
	n := len(g.e.b.order)
	return &supplyCache{ver: g.ver, source: make([]int8, n), ctl: make([]int8, n), level: map[rules.Point]supplyLevel{}}
}

// fillControllers keeps every hex's controller in c at once, in
// controller's order of tests read backwards from the few hexes each
// touches: a Town's, Port's, Objective's or Resource Hex's state, then
// Control markers, Fortifications, Militia and SPs of one side alone, each
// overriding the one before. Map order does not matter: each entry sets
// its own hex.
func (g *game) fillControllers(c *supplyCache) {
	b := g.e.b
	ctl := c.ctl
	for i := range ctl {
		ctl[i] = 1
	}
	var lastState string
	var lastCode int8
	for _, i := range b.markIdx {
		if st := b.home[i]; st != lastState || lastCode == 0 { // in board order, a state's hexes mostly follow each other
			lastState, lastCode = st, ctlCode(g.stateSide(st))
		}
		ctl[i] = lastCode
	}
	set := func(p rules.Point, v int8) {
		if i, ok := b.index[p]; ok {
			ctl[i] = v
		}
	}
	for p, m := range g.marker {
		if m != "" {
			set(p, ctlCode(m))
		}
	}
	for p, w := range g.works {
		if w.fort != "" || w.entrench != "" {
			set(p, ctlCode(w.fort+w.entrench))
		}
	}
	for p, i := range g.milHex { // a Militia controls its hex (6.3, U386)
		set(p, ctlCode(g.e.militia[i].side))
	}
	for k, side := range sides {
		enemy := g.sp[sides[1-k]]
		for p, n := range g.sp[side] {
			if n > 0 && enemy[p] == 0 {
				set(p, ctlCode(side))
			}
		}
	}
}

// ctlAt is controller(p) for the cache's position, p by board index:
// the searches ask a hex many times, the position answers once.
func (g *game) ctlAt(c *supplyCache, i int) string {
	switch c.ctl[i] {
	case 1:
		return ""
	case 2:
		return "union"
	case 3:
		return "confederate"
	}
	s := g.controller(g.e.b.order[i])
	c.ctl[i] = ctlCode(s)
	return s
}

// ctlCode is a controller as ctlAt keeps it: none 1, the Union 2, the
// Confederate 3; 0 (anything else) is asked of controller each time.
func ctlCode(side string) int8 {
	switch side {
	case "":
		return 1
	case "union":
		return 2
	case "confederate":
		return 3
	}
	return 0
}

// supplyAt is the supply state of side's units in p (13.1).
func (g *game) supplyAt(side string, p rules.Point) supplyLevel {
	return g.levelIn(side, p, g.supplyFor(side))
}

// levelIn is supplyAt with the cache c (a fresh one for the invariant
// checker): each hex's state traced once.
func (g *game) levelIn(side string, p rules.Point, c *supplyCache) supplyLevel {
	if l, ok := c.level[p]; ok {
		return l
	}
	l := g.traceSupply(side, p, c)
	c.level[p] = l
	return l
}

// inSupply: "the term 'in supply' refers to a unit that is either in
// Full or Limited Supply" (13.1, U950).
func (g *game) inSupply(side string, p rules.Point) bool {
	return g.supplyAt(side, p) != outOfSupply
}

// inFullSupply reports side's units in p in Full Supply: "The unit can
// trace a Supply Path (13.3) to a friendly Primary Supply Source (13.2)"
// (13.1, U945), read from the position's cached states, never an LOC
// (13.4), which gives Limited Supply alone (U946). The rules that need it
// are 13.5.1's (U1035-1041): Forts (10.2.2-10.2.3), Reinforcements
// (14.2.1-14.2.2, 14.3.5), returning Displaced SPs (14.6), the Union's
// Training SP (17.3), and the Tied Battle (13.5.4, tiedBattleSupply).
func (g *game) inFullSupply(side string, p rules.Point) bool {
	return g.supplyAt(side, p) == fullSupply
}

// traceSupply works out a state without the cache's answer for p: the
// Confederate's in a Coastal Fort by 10.3.2 SUPPLY (coastalsupply.go).
func (g *game) traceSupply(side string, p rules.Point, c *supplyCache) supplyLevel {
	if l, _, ok := g.coastalSupply(side, p, c); ok {
		return l
	}
	if g.supplyPath(side, p, c) {
		return fullSupply
	}
	if g.locToSource(side, p, c) {
		return limitedSupply // "an LOC (13.4) to a friendly Primary Supply Source" (U946)
	}
	if g.locToFortress(side, p, c) {
		return limitedSupply // Fortress Supply (13.2.3, loc.go)
	}
	return outOfSupply
}

// supplyPath reports a Supply Path from p (13.3): the unit's hex, or one
// overland hex from it (13.3.2, U977: "This part of the Supply Path can be
// only one hex long—it must reach a Primary Supply Source, a Railroad that
// leads to a Primary Supply Source, or a port on a Navigable Waterway that
// leads to a Primary Supply Source"), is one of those; or p lies on a
// friendly-controlled Navigable River that leads to a source (13.3.5,
// riverSupply). The rail/waterway portion is supplywater.go's search.
func (g *game) supplyPath(side string, p rules.Point, c *supplyCache) bool {
	if g.leadsToSource(side, p, c) || g.riverSupply(side, p, c) {
		return true
	}
	for _, q := range g.e.b.neighbors(p) {
		if g.leadsToSource(side, q, c) && g.overlandStep(side, p, q) {
			return true
		}
	}
	return false
}

// leadsToSource reports q a place the overland portion may end (13.3.2):
// a Primary Supply Source, a rail hex whose rail/waterway portion reaches
// one, or a friendly port on a waterway that does.
func (g *game) leadsToSource(side string, q rules.Point, c *supplyCache) bool {
	i, ok := g.e.b.at(q)
	if !ok {
		return false
	}
	return g.net(side, c).railed[i] || g.isSourceAt(side, i, c) || g.portLeads(side, q, c)
}

// overlandStep reports whether the one-hex overland portion may go from p
// into q (13.3.2, U978-983: "The one-hex path may not: Enter an
// enemy-controlled hex (6.3). Enter a hex in the ZOI of an enemy unit
// (9.1). Cross an all-Sea, all-Lake, Non-Playable, or impassable Mountain
// hexside. Cross an enemy-controlled Navigable River hexside"), nor,
// while Kentucky is neutral, into a hex of Kentucky or New Madrid
// (17.1.3, U1368). The ZOI is retreat.go's
// (9.1: friendly SPs in q cancel it); an enemy-controlled hexside is one
// where the enemy has Naval Control or that is enemy to both (10.2.7,
// 19.1.5; the water of a Coastal Fort included, navalControl); the map
// has no sea or lake hexsides; a non-playable one is read as impassable
// (nonplayable.go).
func (g *game) overlandStep(side string, p, q rules.Point) bool {
	if g.controller(q) == other(side) || g.closedByNeutrality(q, true) {
		return false // 17.1.3 (U1368): no Supply Path into neutral Kentucky or New Madrid
	}
	if g.e.b.impassable(p, q) {
		return false
	}
	if nc := g.navalControl(p, q); nc == other(side) || nc == "both" {
		return false
	}
	return !g.inEnemyZOI(side, q)
}

// isSource reports a Primary Supply Source of side in p (13.2), decided
// once per position: the LOC searches it needs stop at their answer.
func (g *game) isSource(side string, p rules.Point, c *supplyCache) bool {
	return g.isSourceAt(side, g.e.b.ix(p), c)
}

// isSourceAt is isSource with p by board index; only the hexes whose fixed
// facts allow a source (board.maySource) are decided by sourceHere.
func (g *game) isSourceAt(side string, i int, c *supplyCache) bool {
	if v := c.source[i]; v != 0 {
		return v == 2
	}
	if !g.e.b.maySource[sideIndex(side)][i] {
		c.source[i] = 1
		return false
	}
	c.source[i] = 1 // a search from p that comes back to p finds no source there
	outer := c.railAsk
	c.railAsk = false
	v := g.sourceHere(side, i, c)
	if v {
		c.source[i] = 2
		if c.railAsk {
			c.srcRail = append(c.srcRail, i)
		}
	}
	c.railAsk = c.railAsk || outer
	return v
}

// sourceCandidate reports whether p's fixed facts let it be side's
// Primary Supply Source at all (13.2): a north-edge railroad hex, an
// Ocean Port or a Northern or Border State City or capital for the Union;
// a capital or a Resource Hex for the Confederate. sourceHere's other
// tests read the position.
func (b *board) sourceCandidate(side string, p rules.Point) bool {
	h := b.hexes[p]
	if h == nil {
		return false
	}
	if side == "confederate" {
		return h.Place == "capital" || h.BP != nil
	}
	return slices.Contains(b.rails.north, p) || h.Port == "ocean" ||
		(h.Place == "city" || h.Place == "capital") && !slices.Contains(southern, homeState(h))
}

// compileSourceCandidates fills maySource.
func (b *board) compileSourceCandidates() {
	for k, side := range sides {
		b.maySource[k] = make([]bool, len(b.order))
		for i, p := range b.order {
			b.maySource[k][i] = b.sourceCandidate(side, p)
		}
	}
}

// sourceHere decides p (by board index) for isSource.
func (g *game) sourceHere(side string, i int, c *supplyCache) bool {
	b := g.e.b
	p := b.order[i]
	h := b.hexAt[i]
	ctl := g.ctlAt(c, i)
	if h == nil || ctl == other(side) {
		return false
	}
	if side == "union" && slices.Contains(b.rails.north, p) {
		// "Any railroad hex along the north map edge that exits off the
		// north map edge" (13.2.1, U955), unless the enemy holds it.
		return true
	}
	if ctl != side {
		return false
	}
	if side == "confederate" {
		// 13.2.2 (U963): a Southern state capital (other than
		// Charleston, WV) or a Resource Hex of 2+ BPs (Arsenals
		// included) "provided the capital or Resource Hex has an LOC
		// to two other Confederate controlled Resource Hexes".
		capital := h.Place == "capital" && g.stateSide(homeState(h)) == "confederate" && homeState(h) != "west-virginia"
		if !capital && g.resourceValue(p) < 2 {
			return false
		}
		others := 0
		return g.locScanAt(side, i, c, func(q int) bool {
			if q != i && b.hexAt[q].BP != nil && g.ctlAt(c, q) == side {
				others++
			}
			return others == 2
		})
	}
	// 13.2.1 (U955-959): a Union-controlled Ocean Port whose access to the
	// sea no Confederate-controlled Coastal Fort bars (the map has no
	// waters or Naval Batteries; seaaccess.go), or a City or capital in a
	// Northern or Border State with an LOC to another Union-controlled
	// Objective Hex.
	if h.Port == "ocean" && g.seaBarred(p) == nil {
		return true
	}
	if (h.Place == "city" || h.Place == "capital") && !slices.Contains(southern, homeState(h)) {
		return g.locScanAt(side, i, c, func(q int) bool {
			return q != i && b.hexAt[q].Objective && g.ctlAt(c, q) == side
		})
	}
	return false
}

// resourceValue is a Resource Hex's BPs with its Arsenals (a destroyed
// hex counts 1, 6.4.3).
func (g *game) resourceValue(p rules.Point) int {
	h := g.e.b.hexes[p]
	if h == nil || h.BP == nil {
		return 0
	}
	v := *h.BP
	if g.destroyed[p] {
		v = 1
	}
	return v + g.arsenal[p]
}

// tiedBattleSupply: "If the attacker or defender is not in Full Supply in
// a Tied Battle they become Demoralized (12.2). If already Demoralized,
// then the force loses one additional SP. The Supply Path for both forces
// is determined after the attacker retreats" (13.5.4, U1056). Already
// Demoralized is read as before the battle, as 12.2's second
// Demoralization is.
func (g *game) tiedBattleSupply(side string, p rules.Point, wasDem bool) {
	if g.sp[side][p] == 0 {
		return
	}
	l := g.supplyAt(side, p)
	if l == fullSupply {
		g.say("13.5.4", "tied battle: the %s force in %s is in Full Supply and is not Demoralized", side, g.e.b.ids[p])
		return
	}
	if wasDem {
		g.sp[side][p]--
		g.spLost[side]++
		g.say("13.5.4", "tied battle: the %s force in %s is %s, not in Full Supply, and was Demoralized already: it loses 1 more SP", side, g.e.b.ids[p], l.text())
		g.displaceIfEmpty(side, p, "tied")
		g.touch(p)
	} else {
		g.say("13.5.4", "tied battle: the %s force in %s is %s, not in Full Supply: it becomes Demoralized (12.2)", side, g.e.b.ids[p], l.text())
	}
	g.demoral[side][p] = true
	g.tidy(side, p)
}

// supplyTrack is what a script reads of supply in p (script.go).
func (g *game) supplyTrack(what, side string, p rules.Point) string {
	switch what {
	case "supply":
		return g.supplyAt(side, p).String()
	case "foraging":
		return strconv.FormatBool(g.forage[side][p])
	case "isolated":
		return strconv.FormatBool(slices.Contains(g.surrenderUnits(side), p) && g.isolated(side, p))
	case "fortress-supply": // Limited Supply by Fortress Supply alone (13.2.3, loc.go)
		return strconv.FormatBool(g.fortressOnly(side, p))
	}
	return strconv.Itoa(g.surrPts[side][p].points)
}

// supplyViolations is the invariant checker's part for supply: Foraging
// markers and Surrender Points only on a force (13.5.5, 13.6.3), fewer
// than 3 points (3 surrender), and the cached supply of the position
// equal to a fresh trace (a stale cache is a missed invalidation).
func (g *game) supplyViolations() []string {
	b := g.e.b
	var out []string
	for _, side := range sides {
		for _, p := range g.sortedHexes(g.forage[side]) {
			if g.sp[side][p] == 0 {
				out = append(out, fmt.Sprintf("USCW 13.5.5: a %s Foraging marker in %s, where it has no SPs", side, b.ids[p]))
			}
		}
		for p, m := range g.surrPts[side] {
			if g.sp[side][p] == 0 && g.fortAt(side, p) == 0 || m.points < 0 || m.points >= 3 {
				out = append(out, fmt.Sprintf("USCW 13.6.3: %d %s Surrender Points in %s, over %s", m.points, side, b.ids[p], spCount(g.sp[side][p])))
			}
		}
	}
	for i, side := range sides {
		// The LOC grid kept alone (locGridCache), as the supply's below.
		if gc := g.gridOnly[i]; g.supplyCurrent(gc, g.railsBuilt1864(), g.assaultNaval != nil) && gc.enter != nil {
			for k, p := range b.order {
				if gc.enter[k] != g.enterableForLOC(side, p) || gc.depot[k] != g.depot(side, p) || gc.toll[k] != g.locToll(side, p) {
					out = append(out, fmt.Sprintf("USCW 13.4: the %s LOC grid kept alone gives %s enterable %v, a Depot %v, toll %d; the position: %v, %v, %d", side, b.ids[p], gc.enter[k], gc.depot[k], gc.toll[k], g.enterableForLOC(side, p), g.depot(side, p), g.locToll(side, p)))
				}
			}
		}
		c := g.supply[i]
		if c == nil || c.ver != g.ver || c.built != g.railsBuilt1864() || c.assault || g.assaultNaval != nil {
			continue
		}
		out = append(out, g.fortressViolations(side, c)...)
		fresh := g.newSupplyCache()
		fresh.built, fresh.assault = c.built, c.assault
		hexes := make([]rules.Point, 0, len(c.level))
		for p := range c.level {
			hexes = append(hexes, p)
		}
		sortPoints(hexes)
		for _, p := range hexes {
			if l := g.traceSupply(side, p, fresh); l != c.level[p] {
				out = append(out, fmt.Sprintf("USCW 13.1: the %s's supply in %s is kept as %s, a fresh trace finds %s", side, b.ids[p], c.level[p], l))
			}
		}
		// The per-hex answers the traces read: each decided Primary
		// Supply Source, the LOC grid and each controller kept, decided
		// afresh.
		for i, p := range b.order {
			if v := c.source[i]; v != 0 && (v == 2) != g.isSourceAt(side, i, fresh) {
				out = append(out, fmt.Sprintf("USCW 13.2: %s is kept as a %s Primary Supply Source: %v, decided afresh: %v", b.ids[p], side, v == 2, v != 2))
			}
			if c.locTo != nil && c.locTo[i] != 0 && (c.locTo[i] == 2) != g.locToSource(side, p, fresh) {
				out = append(out, fmt.Sprintf("USCW 13.4.3: %s is kept as with an LOC to a %s Primary Supply Source: %v, a fresh search finds %v", b.ids[p], side, c.locTo[i] == 2, c.locTo[i] != 2))
			}
			if c.enter != nil && (c.enter[i] != g.enterableForLOC(side, p) || c.depot[i] != g.depot(side, p) || c.toll[i] != g.locToll(side, p)) {
				out = append(out, fmt.Sprintf("USCW 13.4: the %s LOC grid keeps %s enterable %v, a Depot %v, toll %d; the position: %v, %v, %d", side, b.ids[p], c.enter[i], c.depot[i], c.toll[i], g.enterableForLOC(side, p), g.depot(side, p), g.locToll(side, p)))
			}
			if c.ctl[i] != 0 {
				if kept, now := g.ctlAt(c, i), g.controller(p); kept != now {
					out = append(out, fmt.Sprintf("USCW 6.3: the %s supply's cache gives %s to %q, the position to %q", side, b.ids[p], kept, now))
				}
			}
		}
	}
	return out
}
