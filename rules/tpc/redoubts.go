package tpc

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Redoubt builds (12.0, lines 2081-2124). Each Redoubt Build Segment
// the Strategic Cycle holds (segment C, not in Winter Weather nor before
// Turn 12) gives each side that may build one attempt, a Lull's Redoubt
// Build Step two; attempts not made lapse at the next turn. A
// "redoubt-build" step (side, at; set enemy-zoc, chesterfield and, for
// the Confederate, location-ok: what the map cannot decide yet) rolls
// the die: the Union succeeds on 5 or less (+1 in an enemy ZOC, +3 in
// Chesterfield County), the Confederate on 2 or less (+1 in an enemy
// ZOC). A success places a Redoubt Build marker, or flips one already
// there to its Redoubt side, which B 9.0 then reads.

// confederateMayBuild: from August 1 (Turn 48), or once the Union has
// a redoubt at Build or Complete in Dinwiddie County (the fact).
func (g *game) confederateMayBuild() bool {
	return g.turn >= 48 || g.facts.b("union-redoubt-in-dinwiddie")
}

// buildSegment opens n attempts for each side that may build now.
func (g *game) buildSegment(n int, unionN int) {
	if unionN > 0 {
		g.attempts["union"] += unionN
	}
	if g.confederateMayBuild() {
		g.attempts["confederate"] += n
	}
}

func (g *game) redoubtBuild(s *rules.Step) error {
	side := s.Side
	if side != "union" && side != "confederate" {
		return fmt.Errorf("redoubt-build: give the side (union or confederate)")
	}
	if g.attempts[side] == 0 {
		return refuse("12.0", "the %s has no Redoubt Build attempt left on Turn %d (one per Redoubt Build Segment, two in a Lull; none in Winter Weather or before Turn 12; the Confederate from Turn 48 or a Union redoubt in Dinwiddie County)", side, g.turn)
	}
	p, err := g.e.locate(s.At)
	if err != nil {
		return err
	}
	builder := ""
	for _, u := range g.unitsAt(p) {
		if u.side == side && u.typ == "Inf" && !u.oos && !u.demoralized && u.entrenchment == "fort-complete" && !(side == "union" && u.ooc) {
			builder = u.id
			break
		}
	}
	if builder == "" {
		return refuse("12.0", "%s: the target hex must contain an in-supply undemoralized friendly infantry unit entrenched to a completed fort level (the Union's able to trace a Cohesion Path)", s.At)
	}
	flag := func(k string) (bool, bool) { v, ok := s.Set[k].(bool); return v, ok }
	zoc, _ := flag("enemy-zoc")
	mod, need := 0, 5
	if zoc {
		mod++
	}
	if side == "union" {
		chesterfield, given := flag("chesterfield")
		if !given {
			return fmt.Errorf("redoubt-build at %s: the map's counties are missing, so whether it is in Chesterfield County (+3) is the referee's: set chesterfield", s.At)
		}
		if chesterfield {
			mod += 3
		}
	} else {
		need = 2
		if err := g.confederateSite(s); err != nil {
			return err
		}
	}
	g.attempts[side]--
	roll := g.throw(1, side+" redoubt build")
	if g.err != nil {
		return nil
	}
	if roll+mod > need {
		g.say("12.0", "%s Redoubt Build attempt at %s (%s): %d%+d = %d, more than %d: no redoubt", side, s.At, builder, roll, mod, roll+mod, need)
		return nil
	}
	switch {
	case g.board.redoubts[p][side]:
		g.say("12.0", "%s Redoubt Build attempt at %s: %d%+d = %d: a Redoubt is already there", side, s.At, roll, mod, roll+mod)
	case g.board.builds[p][side]:
		delete(g.board.builds[p], side)
		g.setRedoubt(p, side, true)
		g.say("12.0", "%s Redoubt Build attempt at %s: %d%+d = %d: the Redoubt Build marker flips to its Redoubt side", side, s.At, roll, mod, roll+mod)
	default:
		if g.board.builds[p] == nil {
			g.board.builds[p] = map[string]bool{}
		}
		g.board.builds[p][side] = true
		g.say("12.0", "%s Redoubt Build attempt at %s: %d%+d = %d: a Redoubt marker is placed on its Redoubt Build side", side, s.At, roll, mod, roll+mod)
	}
	return nil
}

// confederateSite checks the Confederate target hex (lines 2116-2120):
// the rows and the city hexes the map decides; the rest (within nine
// hexes of a city hex, south of the James, the major river hexsides) is
// the referee's statement location-ok until the map holds them.
func (g *game) confederateSite(s *rules.Step) error {
	id := strings.ToUpper(strings.TrimSpace(s.At))
	id = strings.TrimPrefix(strings.TrimPrefix(id, "OTR "), "GTC ")
	if strings.HasPrefix(id, "S") && len(id) == 5 {
		row, err := strconv.Atoi(id[3:])
		gtc := strings.HasPrefix(strings.ToUpper(strings.TrimSpace(s.At)), "GTC")
		if err == nil && (!gtc && row >= 18 || gtc && row >= 47) {
			return refuse("12.0", "%s: a Confederate redoubt cannot be in or south of row OTR Sxx18 and row GTC Sxx47", s.At)
		}
	}
	p, err := g.e.locate(s.At)
	if err != nil {
		return err
	}
	for _, city := range []string{"petersburg", "richmond", "manchester"} {
		if has, _ := g.e.featureHas(city, p); has {
			return refuse("12.0", "%s is a city hex: no Confederate redoubt there", s.At)
		}
	}
	if ok, given := s.Set["location-ok"].(bool); !given {
		return fmt.Errorf("redoubt-build at %s: within nine hexes of a city hex, south of the James River and clear of the major river hexsides is the referee's (the map lacks them): set location-ok", s.At)
	} else if !ok {
		return refuse("12.0", "%s: the referee states the hex is not within nine hexes of a city hex south of the James River, or has a major river hexside not between a city hex and an undestroyed Confederate Naval Battery", s.At)
	}
	return nil
}
