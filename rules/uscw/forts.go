package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// Fortifications (10.1-10.2, U663-718): Entrenchments and Forts F1-F3.
// Coastal Forts (10.3) are F1 Forts that change sides (coastal.go).

// works is what fortifies a hex: at most one completed Fortification
// (10.2.4, U711), and a Fort under construction beside it.
type works struct {
	entrench   string // the side of an Entrenchment, "" none
	fort       string // the side of a completed Fort, "" none
	level      int    // the completed Fort's level, 1-3
	build      string // the side building a Fort (or an upgrade), "" none
	buildLevel int    // the level under construction
	// It is completed in the builder's Supply Segment of this Action
	// Phase (4.2 B b, U191).
	doneTurn, donePhase int
	coastal             bool // a Coastal Fort: an F1 never destroyed (10.3.2, coastal.go)
}

// fortDRM is a completed Fort's DRM for its defenders (10.2.1, U702).
var fortDRM = [4]int{0, 2, 4, 6}

// fortAt is side's completed Fort in p, its level or 0.
func (g *game) fortAt(side string, p rules.Point) int {
	if w := g.works[p]; w.fort == side && side != "" {
		return w.level
	}
	return 0
}

// defended reports a hex a force of side's enemy must fight to enter: one
// holding side's SPs or a completed Fort (11.1.1, U771).
func (g *game) defended(side string, p rules.Point) bool {
	return g.sp[side][p] > 0 || g.fortAt(side, p) > 0 || g.zeroSP(side, p)
}

// exertsZOI reports side's units in p that have a ZOI: "Every Fort,
// Militia, or SP" (9.1, U565); an intrinsic garrison has none (17.4).
func (g *game) exertsZOI(side string, p rules.Point) bool {
	return g.sp[side][p] > 0 || g.fortAt(side, p) > 0 || g.militiaIn(side, p)
}

// fortified reports side's completed Fortification in p (an Entrenchment
// or a Fort): it stands as a Control marker (10.1.1, U674; PLAY NOTE U689).
func (g *game) fortified(side string, p rules.Point) bool {
	w := g.works[p]
	return side != "" && (w.entrench == side || w.fort == side)
}

// fortificationDRM is the defender's DRM for a Fortification in p
// (11.4, U830-831): +2 an Entrenchment, +2/+4/+6 a Fort.
func (g *game) fortificationDRM(def string, p rules.Point) (int, string) {
	w := g.works[p]
	switch {
	case w.fort == def && w.coastal:
		return fortDRM[1], "defending in a Coastal Fort, the same as an F1 Fort (10.3.2, U744)"
	case w.fort == def:
		return fortDRM[w.level], fmt.Sprintf("defending in an F%d Fort (10.2.1, U702)", w.level)
	case w.entrench == def:
		return 2, "defending in an Entrenchment (10.1.1, U673)"
	}
	return 0, ""
}

func (g *game) setWorks(p rules.Point, w works) {
	for _, side := range sides {
		if w.fort != side && g.sp[side][p] == 0 {
			delete(g.surrPts[side], p) // a Fort's Surrender Points go with it (13.6.5, surrender.go)
		}
	}
	if w == (works{}) {
		delete(g.works, p)
		return
	}
	g.works[p] = w
}

// entrench is the ENTRENCH action (4.3, U207; 10.1.2, U677-679): 1 Action
// Point, a hex with a friendly SP in a friendly-controlled state.
func (g *game) entrench(hex string) error {
	p, err := g.actionHex(hex)
	if err != nil {
		return err
	}
	side := g.phasing
	if g.sp[side][p] == 0 && !g.militiaIn(side, p) {
		return refuse("10.1.2", "%s holds no %s SP or Militia: 'This method may only be used in spaces in friendly-controlled states which contain an SP (including 0 SP Militia)' (U679)", hex, side)
	}
	if st := homeState(g.e.b.hexes[p]); g.stateSide(st) != side {
		return refuse("10.1.2", "%s lies in %s, not a %s-controlled state (U679)", hex, st, side)
	}
	if g.sp[side][p] == 0 && g.westVirginiaTurn1(side, p) {
		return refuse("S1.3.6", "%s holds only the Confederate West Virginia Militia: 'On Turn 1, Confederate West Virginia Militia may not be used to satisfy the requirements that need to be met to place an Entrenchment using an Entrench Action' (U1834)", hex)
	}
	if err := g.canEntrench(side, p); err != nil {
		return err
	}
	if err := g.spend(p, "ENTRENCH in "+hex); err != nil {
		return err
	}
	g.placeEntrenchment(side, p)
	return nil
}

// westVirginiaTurn1 reports the Confederate West Virginia Militia in p on
// Turn 1 of a game that starts in 1861 (S1.3.6, U1834). The test module's
// Militia start in the Displaced Box, so only a test puts one there.
func (g *game) westVirginiaTurn1(side string, p rules.Point) bool {
	if side != "confederate" || g.turn != 1 || g.e.year(g.e.first) != 1861 {
		return false
	}
	i, ok := g.milHex[p]
	return ok && g.e.militia[i].id == "militia.confederate.west-virginia"
}

// canEntrench refuses a second completed Fortification (10.2.4, U711).
func (g *game) canEntrench(side string, p rules.Point) error {
	w := g.works[p]
	if g.e.b.coastal[p] != nil {
		return refuse("10.1.2", "'An Entrenchment may be built in any space other than on a Coastal Fort' (U677): %s is one", g.e.b.ids[p])
	}
	if w.entrench != "" || w.fort != "" {
		return refuse("10.2.4", "%s already holds a completed Fortification: 'There can never be more than one completed Fortification in a hex' (U711)", g.e.b.ids[p])
	}
	return nil
}

// placeEntrenchment puts side's Entrenchment in p, completed at once
// (10.1.2, U677); it stands as the side's Control marker, so a marker
// there goes.
func (g *game) placeEntrenchment(side string, p rules.Point) {
	w := g.works[p]
	had := g.unionHolds(p)
	w.entrench = side
	g.setWorks(p, w)
	if g.marker[p] != "" {
		g.setMarker(p, "")
	}
	g.say("10.1.2", "the %s builds an Entrenchment in %s: completed immediately", side, g.e.b.ids[p])
	g.unionFortification(side, p, had)
	g.touch(p)
}

// unionHolds reports a Union Control marker or completed Union
// Fortification in p (6.4.2, U399).
func (g *game) unionHolds(p rules.Point) bool {
	return g.marker[p] == "union" || g.fortified("union", p)
}

// unionFortification: "When the Union player places a Control marker or
// completed Fortification on a Resource Hex it destroys any Arsenal
// markers" (6.4.1, U393), and from 1863 a Heartland Resource Hex of 2+ BPs
// (6.4.2, U399), unless one of them was there already ("may not destroy
// a Resource Hex ... that already contains a Union Control marker or a
// completed Union Fortification").
func (g *game) unionFortification(side string, p rules.Point, had bool) {
	if side != "union" || had || g.e.b.hexes[p].BP == nil {
		return
	}
	g.say("6.4.1", "a completed Union Fortification on the Resource Hex %s", g.e.b.ids[p])
	g.destroyArsenals(p, "Fortification")
	g.destroyIfHeartland(p, side)
}

// removeEntrenchment takes an Entrenchment away (10.1.3, U682-687): in a
// Town, City, Port or Island in a state enemy to its owner it becomes the
// owner's Control marker.
func (g *game) removeEntrenchment(p rules.Point, why string) {
	w := g.works[p]
	owner := w.entrench
	if owner == "" {
		return
	}
	w.entrench = ""
	g.setWorks(p, w)
	g.say("10.1.3", "the %s Entrenchment in %s is removed: %s", owner, g.e.b.ids[p], why)
	h := g.e.b.hexes[p]
	if h != nil && (h.Place != "" || h.Port != "") && g.stateSide(homeState(h)) == other(owner) && g.sp[other(owner)][p] == 0 {
		g.say("10.1.3", "in an enemy state's Town or Port it is replaced with a %s Control marker (U687)", owner)
		g.setMarker(p, owner)
	}
	g.touch(p)
}

// fortsInUse counts side's Fort markers of a level on the map, complete or
// under construction (10.2.4, U711: "Players cannot build more Forts than
// there are markers supplied in the counter mix").
func (g *game) fortsInUse(side string, level int) int {
	n := 0
	for _, w := range g.works {
		if w.fort == side && w.level == level && !w.coastal { // printed on the map, no marker (U727)
			n++
		}
		if w.build == side && w.buildLevel == level {
			n++
		}
	}
	return n
}

// fortMarkers is the counter mix's count of side's F<level> markers, or
// -1 when the module does not give it (the limit is then unknown).
func (e *Engine) fortMarkers(side string, level int) int {
	if e.sf.Module.Game == nil {
		return -1
	}
	for _, m := range e.sf.Module.Game.Markers {
		if m.ID == fmt.Sprintf("fort-f%d", level) {
			if n, ok := m.Supplied[side]; ok && !m.SuppliedMissing {
				return n
			}
		}
	}
	return -1
}

// buildFort starts an F1 Fort or an upgrade in hex (10.2.2-10.2.3,
// U705-709): the Union's free build of the turn (10.2.6, U715) while it
// lasts, else a Special Action Card. No Action Point is spent.
func (g *game) buildFort(hex string) error {
	p, err := g.actionHex(hex)
	if err != nil {
		return err
	}
	side := g.phasing
	level, err := g.fortRefusal(side, p)
	if err != nil {
		return err
	}
	w := g.works[p]
	free := side == "union" && g.freeFort
	how := "its free Fort of the Reinforcement Phase (10.2.6)"
	w.doneTurn, w.donePhase = g.turn, 1 // "completed at the end of the Union player's 1st Action Phase" (U715)
	if !free {
		theater := g.e.b.theater(p)
		n, ok := g.spendFortCard(side, theater)
		if !ok {
			return refuse("10.2.2", "the %s holds no Special Action Card of the %s theater or Any: 'the owning player must spend a Special Action Card of the appropriate theater to start the construction of the Fort' (U705)", side, theater)
		}
		how = fmt.Sprintf("Special Action Card %d (the lowest-numbered of its hand for the %s theater)", n, theater)
		// "completed at the end of the next friendly Action Phase" (U705).
		w.doneTurn, w.donePhase = g.turn, g.phase+1
		if g.phase >= g.e.actionPhases(g.turn) {
			w.doneTurn, w.donePhase = g.turn+1, 1
		}
	}
	g.freeFort = false
	w.build, w.buildLevel = side, level
	g.setWorks(p, w)
	g.say("10.2.2", "the %s starts an F%d Fort in %s with %s: under construction until the end of its Action Phase %d of turn %d", side, level, g.e.b.ids[p], how, w.donePhase, w.doneTurn)
	return nil
}

// fortRefusal is the level of the Fort side may start in p (1, or the
// upgrade's), or the refusal 10.2.2-10.2.4 give.
func (g *game) fortRefusal(side string, p rules.Point) (int, error) {
	hex := g.e.b.ids[p]
	w := g.works[p]
	level := 1
	if w.fort == side {
		level = w.level + 1
	}
	h := g.e.b.hexes[p]
	switch {
	case g.closedByNeutrality(p, false):
		return 0, refuse("17.1.3", "while Kentucky is neutral no Fort is begun in the New Madrid hex %s: 'nothing ... may enter the New Madrid hex (2515) nor may the construction of a Fort be initiated in the hex' (U1370)", hex)
	case w.coastal:
		return 0, refuse("10.3.2", "%s is a Coastal Fort, printed on the map: its combat is 'Same as a F1 Fort' (U744), never upgraded", hex)
	case w.build != "":
		return 0, refuse("10.2.4", "%s already has a Fort under construction", hex)
	case w.fort != "" && w.fort != side:
		return 0, refuse("10.2.2", "%s holds an enemy Fort", hex)
	case level > 3:
		return 0, refuse("10.2.3", "%s holds an F3 Fort: 'an F2 can be upgraded to an F3' and no further (U709)", hex)
	case level > 1 && !h.Objective && h.BP == nil:
		return 0, refuse("10.2.3", "%s is not an Objective or Resource Hex: 'These upgrades may only be made in Objective or Resource Hexes' (U709)", hex)
	case g.controller(p) != side:
		return 0, refuse("10.2.2", "%s is not %s-controlled: 'An F1 Fort may be built in any friendly-controlled space ... that is in Full Supply' (U705)", hex, side)
	case !g.inFullSupply(side, p):
		return 0, refuse("10.2.2", "%s is %s, not in Full Supply (a Supply Path, 13.3): 'An F1 Fort may be built in any friendly-controlled space ... that is in Full Supply' (U705); upgrades 'require ... Full Supply' (10.2.3, U709)", hex, g.supplyAt(side, p).text())
	}
	if limit := g.e.fortMarkers(side, level); limit >= 0 && g.fortsInUse(side, level) >= limit {
		return 0, refuse("10.2.4", "the %s's %d F%d markers are all on the map: 'Players cannot build more Forts than there are markers supplied in the counter mix' (U711)", side, limit, level)
	} else if limit < 0 {
		g.say("10.2.4", "the counter mix's count of F%d markers is missing from the module: the limit is unknown and not enforced", level)
	}
	return level, nil
}

// completeForts is the Supply Segment's last step (4.2 B b, U191): the
// phasing player's Forts due now are completed; a completed Fort removes
// the Control marker or Entrenchment in its hex (10.2.2, U705).
func (g *game) completeForts(side string) {
	for _, p := range g.sortedWorks() {
		w := g.works[p]
		if w.build != side || w.doneTurn != g.turn || w.donePhase != g.phase {
			continue
		}
		had := g.unionHolds(p)
		w.fort, w.level, w.build, w.buildLevel, w.doneTurn, w.donePhase = side, w.buildLevel, "", 0, 0, 0
		if w.entrench != "" {
			g.say("10.2.2", "the Entrenchment in %s is removed: the Fort is completed", g.e.b.ids[p])
			w.entrench = ""
		}
		g.setWorks(p, w)
		if g.marker[p] != "" {
			g.setMarker(p, "")
		}
		g.say("10.2.2", "the %s's F%d Fort in %s is completed (4.2 B b, U191)", side, w.level, g.e.b.ids[p])
		g.unionFortification(side, p, had)
		g.touch(p)
	}
}

// endOfPlayerPhaseWorks removes the Entrenchments without friendly SPs at
// the end of any Player Action Phase (10.1.3, U685).
func (g *game) endOfPlayerPhaseWorks() {
	for _, p := range g.sortedWorks() {
		if w := g.works[p]; w.entrench != "" && g.sp[w.entrench][p] == 0 && !g.militiaIn(w.entrench, p) { // a Militia keeps it (U685)
			g.removeEntrenchment(p, "no friendly SPs at the end of a Player Action Phase (U685)")
		}
	}
}

// captureWorks settles the defender's works in p once the attacker has
// won or displaced it (10.2.5, U713; 10.1.3, U684; 10.2.2, U705): the
// Entrenchment goes, a Fort under construction goes, a completed F2 or
// F3 is downgraded and changes sides, an F1 is removed and replaced with
// the capturer's Control marker in a state enemy to him.
func (g *game) captureWorks(capturer string, p rules.Point) {
	w, ids := g.works[p], g.e.b.ids
	def := other(capturer)
	if w.entrench == def {
		g.removeEntrenchment(p, "all its units are displaced or forced to retreat (U684)")
		w = g.works[p]
	}
	if w.build == def {
		g.say("10.2.2", "the %s Fort under construction in %s is removed: found alone with an enemy force (U705)", def, ids[p])
		w.build, w.buildLevel, w.doneTurn, w.donePhase = "", 0, 0, 0
	}
	if w.fort == def && w.coastal {
		w.fort = capturer
		g.say("10.3.2", "the %s captures the Coastal Fort %s: 'Coastal Forts are never destroyed, they just change sides' (U727)", capturer, ids[p])
	} else if w.fort == def {
		if w.level > 1 {
			had := g.unionHolds(p)
			w.fort, w.level = capturer, w.level-1
			g.say("10.2.5", "the %s captures the Fort in %s: downgraded to F%d and now its own (U713)", capturer, ids[p], w.level)
			g.setWorks(p, w)
			g.unionFortification(capturer, p, had)
		} else {
			w.fort, w.level = "", 0
			g.say("10.2.5", "the %s captures the F1 Fort in %s: removed (U713)", capturer, ids[p])
			h := g.e.b.hexes[p]
			if markable(h) && g.stateSide(homeState(h)) == def {
				g.setWorks(p, w)
				g.setMarker(p, capturer)
				g.say("10.2.5", "replaced with a %s Control marker: the hex lies in a state enemy to it (U713)", capturer)
			}
		}
	}
	g.setWorks(p, w)
	g.touch(p)
}

// sortedWorks lists the fortified hexes in board order.
func (g *game) sortedWorks() []rules.Point {
	out := make([]rules.Point, 0, len(g.works))
	for p := range g.works {
		out = append(out, p)
	}
	sortPoints(out)
	return out
}

// placeWorks is a script's set-up of a completed Fortification (do
// marker: entrenchment or fort-f1..fort-f3, side, at; remove).
func (g *game) placeWorks(s *rules.Step) error {
	p, err := g.e.b.locate(s.At)
	if err != nil {
		return err
	}
	if s.Remove {
		g.setWorks(p, works{})
		g.touch(p)
		return nil
	}
	if s.Side != "union" && s.Side != "confederate" {
		return fmt.Errorf("marker %s: give side", s.Marker)
	}
	if g.e.b.coastal[p] != nil || s.Marker == "coastal-fort" {
		return g.placeCoastalFort(s, p)
	}
	w := g.works[p]
	if w.entrench != "" || w.fort != "" {
		return fmt.Errorf("marker %s: %s already holds a completed Fortification (10.2.4)", s.Marker, s.At)
	}
	switch s.Marker {
	case "entrenchment":
		w.entrench = s.Side
	case "fort-f1", "fort-f2", "fort-f3":
		w.fort, w.level = s.Side, int(s.Marker[6]-'0')
	default:
		return fmt.Errorf("marker %q: the USCW engine sets up entrenchment, fort-f1, fort-f2, fort-f3, coastal-fort, arsenal, control", s.Marker)
	}
	g.setWorks(p, w)
	if g.marker[p] != "" {
		g.setMarker(p, "")
	}
	g.touch(p)
	return nil
}

// scriptControlMarker is a script's set-up of a Control marker (do
// marker: control, side, at; remove), in a hex that takes one (6.2.3),
// with its Resource BPs settled as play would (6.4.1).
func (g *game) scriptControlMarker(s *rules.Step) error {
	p, err := g.e.b.locate(s.At)
	if err != nil {
		return err
	}
	if !markable(g.e.b.hexes[p]) {
		return fmt.Errorf("marker control: %s is no Town, Objective Hex, Resource Hex or Port (6.2.3)", s.At)
	}
	side := s.Side
	if s.Remove {
		side = ""
	} else if side != "union" && side != "confederate" {
		return fmt.Errorf("marker control: give side")
	}
	g.setMarker(p, side)
	g.say("6.2", "a %s Control marker set up in %s", side, s.At)
	g.richmondSetUp()
	return nil
}

// worksText is what a script reads of a hex's works: "SIDE F<level>" for
// a Fort (fort, or building for one under construction), the side for an
// Entrenchment, or none.
func (g *game) worksText(what string, p rules.Point) string {
	w := g.works[p]
	switch {
	case what == "fort" && w.coastal:
		return w.fort + " Coastal Fort"
	case what == "fort" && w.fort != "":
		return fmt.Sprintf("%s F%d", w.fort, w.level)
	case what == "building" && w.build != "":
		return fmt.Sprintf("%s F%d", w.build, w.buildLevel)
	case what == "entrenchment" && w.entrench != "":
		return w.entrench
	}
	return "none"
}

// worksCandidates offers the bots the Fortifications they may build now:
// an Entrenchment (1 Action Point) where side has SPs in a state it
// controls, and the Union's free Fort (10.2.6) where it has SPs in a
// Town, Port, Objective or Resource Hex; Forts paid with a card are left
// to scripts.
func (g *game) worksCandidates(side string, out []candidate) []candidate {
	stacks := make([]rules.Point, 0, len(g.sp[side]))
	for p, n := range g.sp[side] {
		if n > 0 {
			stacks = append(stacks, p)
		}
	}
	sortPoints(stacks)
	for _, p := range stacks {
		w := g.works[p]
		if w.entrench == "" && w.fort == "" && g.canSpend(p) && g.stateSide(homeState(g.e.b.hexes[p])) == side {
			out = append(out, candidate{works: "entrench", from: p})
		}
	}
	out = g.militiaEntrenchCandidates(side, out)
	if side == "union" && g.freeFort {
		// Nothing changes in the window of the free build (it closes with
		// the Union's first action), so its hexes are searched once; the
		// bots consider the Towns, Ports, Objective and Resource Hexes they
		// hold (a bot's choice, not a rule: the Supply search is costly).
		if g.freeFortTurn != g.turn {
			g.freeFortHexes, g.freeFortTurn = nil, g.turn
			for _, p := range stacks {
				if !markable(g.e.b.hexes[p]) {
					continue
				}
				if _, err := g.fortRefusal(side, p); err == nil {
					g.freeFortHexes = append(g.freeFortHexes, p)
				}
			}
		}
		for _, p := range g.freeFortHexes {
			out = append(out, candidate{works: "fort", from: p})
		}
	}
	return out
}

// worksViolations is the invariant checker's part for Fortifications:
// one completed Fortification per hex and no more Forts than markers
// (10.2.4, U711), none left to its owner under enemy SPs alone (10.1.3,
// 10.2.5), no Fort under construction alone with an enemy force (10.2.2).
func (g *game) worksViolations() []string {
	var out []string
	ids := g.e.b.ids
	for _, p := range g.sortedWorks() {
		w := g.works[p]
		if w.entrench != "" && w.fort != "" {
			out = append(out, fmt.Sprintf("USCW 10.2.4: %s holds an Entrenchment and a completed Fort", ids[p]))
		}
		for _, owner := range []string{w.entrench, w.fort} {
			if owner != "" && g.sp[other(owner)][p] > 0 && g.sp[owner][p] == 0 && g.stage != stRetreat {
				out = append(out, fmt.Sprintf("USCW 10.2.5: the %s Fortification in %s stands under %s SPs alone", owner, ids[p], other(owner)))
			}
		}
		if m := g.marker[p]; m != "" && (w.fort != "" || w.entrench != "") {
			out = append(out, fmt.Sprintf("USCW 10.2.2: a %s Control marker in %s beside a completed Fortification, which acts as one (U689, U705)", m, ids[p]))
		}
		if b := w.build; b != "" && g.sp[other(b)][p] > 0 && g.sp[b][p] == 0 && g.stage != stRetreat {
			out = append(out, fmt.Sprintf("USCW 10.2.2: the %s Fort under construction in %s stands alone with %s SPs", b, ids[p], other(b)))
		}
	}
	for _, side := range sides {
		for level := 1; level <= 3; level++ {
			if limit := g.e.fortMarkers(side, level); limit >= 0 && g.fortsInUse(side, level) > limit {
				out = append(out, fmt.Sprintf("USCW 10.2.4: the %s has %d F%d Forts on the map, the counter mix %d", side, g.fortsInUse(side, level), level, limit))
			}
		}
	}
	return out
}

// clearEnemyWorks: a force of side in p, free of enemy SPs, removes the
// enemy's Entrenchment there as it would a Control marker (10.1.1, U674:
// "Act as a Control marker in all respects"; 6.2.2) and the enemy's Fort
// under construction, "immediately removed if it is ever found alone in
// the same space as an enemy force" (10.2.2, U705).
func (g *game) clearEnemyWorks(side string, p rules.Point) {
	w, enemy := g.works[p], other(side)
	if g.sp[enemy][p] > 0 || w.entrench != enemy && w.build != enemy {
		return
	}
	if w.build == enemy {
		g.say("10.2.2", "the %s Fort under construction in %s is removed: found alone with an enemy force (U705)", enemy, g.e.b.ids[p])
		w.build, w.buildLevel, w.doneTurn, w.donePhase = "", 0, 0, 0
		g.setWorks(p, w)
	}
	if w.entrench == enemy {
		g.removeEntrenchment(p, fmt.Sprintf("a %s force moves through or into it, free of enemy units (6.2.2)", side))
	}
}

// degradeFort is the Phasing Player's voluntary removal or degrading of
// his Fort in hex, one level at no cost (10.2.5, U713): an F1 removed
// leaves his Control marker in an eligible space within an enemy state.
func (g *game) degradeFort(hex string) error {
	p, err := g.actionHex(hex)
	if err != nil {
		return err
	}
	side := g.phasing
	w := g.works[p]
	if w.coastal {
		return refuse("10.3.2", "%s is a Coastal Fort: 'Coastal Forts are never destroyed, they just change sides' (U727)", hex)
	}
	if w.fort != side {
		return refuse("10.2.5", "%s holds no completed %s Fort: 'a Fort can be voluntarily removed or degraded to a lower level at no cost by the Phasing Player' (U713)", hex, side)
	}
	w.level--
	if w.level > 0 {
		g.setWorks(p, w)
		g.say("10.2.5", "the %s degrades its Fort in %s to F%d", side, hex, w.level)
		return nil
	}
	w.fort = ""
	g.setWorks(p, w)
	g.say("10.2.5", "the %s removes its F1 Fort in %s; the marker may be re-used at once", side, hex)
	if h := g.e.b.hexes[p]; markable(h) && g.stateSide(homeState(h)) == other(side) {
		g.say("10.2.5", "an eligible space in an enemy state: a %s Control marker replaces it", side)
		g.setMarker(p, side)
	}
	g.touch(p)
	return nil
}

// revertWorks: a Northern Objective Hex without Confederate SPs reverts to
// Union control at the start of the Union's Player Action Phase; "If there
// is a Confederate Fort in the hex, it is Captured (10.2.5)" (6.6, U425).
// A Confederate Entrenchment, which acts as a Control marker, goes with
// it.
func (g *game) revertWorks(p rules.Point) {
	w := g.works[p]
	if w.entrench == "confederate" {
		g.removeEntrenchment(p, "the Objective Hex reverts to Union control (6.6)")
	}
	if w.fort == "confederate" || w.build == "confederate" {
		g.say("6.6", "the Confederate Fort in the Objective Hex %s, without Confederate SPs, is captured (U425)", g.e.b.ids[p])
		g.captureWorks("union", p)
	}
}
