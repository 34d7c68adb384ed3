package uscw

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/rules"
)

// The Supply Segment (4.2 B b, U185-191): Foraging markers (13.5.5),
// Supply Attrition (13.5.6), then the Surrender checks of Isolated
// Groups (13.6, surrender.go); the Forts due are completed after it
// (completeForts, forts.go).

// supplySegment plays side's Supply Segment.
func (g *game) supplySegment(side string) {
	g.say("4.2", "the %s's Supply Segment: 'The Phasing Player checks the supply state of all his units' (U185)", side)
	stacks := g.stacks(side)
	// Every stack's state is judged before any marker or loss changes the
	// position: the markers of U187 go on (or come off) together.
	levels := make([]supplyLevel, len(stacks))
	for i, p := range stacks {
		levels[i] = g.supplyAt(side, p)
	}
	for i, p := range stacks {
		id := g.e.b.ids[p]
		switch {
		case levels[i] == outOfSupply && !g.forage[side][p]:
			g.forage[side][p] = true
			g.say("13.5.5", "the %s stack in %s is Out of Supply: it receives a Foraging marker", side, id)
		case levels[i] != outOfSupply && g.forage[side][p]:
			delete(g.forage[side], p)
			g.say("13.5.5", "the %s stack in %s is %s again: its Foraging marker is removed", side, id, levels[i].text())
		case levels[i] != outOfSupply:
			g.say("13.1", "the %s stack in %s is %s", side, id, levels[i].text())
		}
	}
	// "All friendly stacks with a Foraging marker (even those that just
	// received the marker) suffer Attrition during the Supply Segment"
	// (13.5.6, U1073).
	for _, p := range stacks {
		if g.forage[side][p] && g.sp[side][p] > 0 {
			g.attrition(side, p)
		}
	}
	g.surrenderChecks(side)
}

// stacks lists the hexes holding side's SPs, in board order.
func (g *game) stacks(side string) []rules.Point {
	out := make([]rules.Point, 0, len(g.sp[side]))
	for p, n := range g.sp[side] {
		if n > 0 {
			out = append(out, p)
		}
	}
	sortPoints(out)
	return out
}

// attritionDRM is the Attrition Table's die roll modifier for side's
// stack in p (13.5.6, U1075-1087), with the reasons.
func (g *game) attritionDRM(side string, p rules.Point) (int, []string) {
	drm := 0
	var why []string
	if cs := g.commandChoices(side, p); len(cs) > 0 {
		// The Commanding General: the highest-ranking, of equal ranks
		// the owner's choice (7.2.2, U441), read as the best Attack
		// Rating, which lowers the roll (U1075).
		c := cs[0]
		for _, o := range cs[1:] {
			if o.attack > c.attack {
				c = o
			}
		}
		if d := g.designatedAt(side, p); d != nil {
			c = d // designated (7.2.4, command.go)
		}
		drm -= c.attack
		why = append(why, fmt.Sprintf("-%d %s's Attack Rating", c.attack, c.name))
	}
	if g.demoral[side][p] {
		drm += 2
		why = append(why, "+2 Demoralized")
	}
	if g.e.winter(g.turn) {
		drm += 3
		why = append(why, "+3 Winter turn")
	}
	switch g.e.b.hexes[p].Terrain {
	case "woods":
		drm++
		why = append(why, "+1 Woods")
	case "mountain", "marsh":
		drm += 2
		why = append(why, "+2 "+g.e.b.hexes[p].Terrain)
	}
	return drm, why
}

// attrition rolls on the Attrition Table for side's Foraging stack in p:
// the result is the SPs Displaced (13.5.6). A General left without SPs
// goes to the Displaced Box with them: the engine reads the owner's
// choice of 7.6 as displacing him, since "Players may never intentionally
// leave a General without at least 1 SP" (U490).
func (g *game) attrition(side string, p rules.Point) {
	id := g.e.b.ids[p]
	drm, why := g.attritionDRM(side, p)
	roll := g.roll(1, "attrition "+id)
	if g.err != nil {
		return
	}
	col := 0
	if g.e.bySize {
		col = g.e.attrition.ColumnFor(g.sp[side][p], "")
	}
	cell, _, beyond := g.e.attrition.CellAt(col, roll+drm)
	if cell == nil || cell.Value == nil {
		g.err = fmt.Errorf("the Attrition Table has no row for %d", roll+drm)
		return
	}
	n := min(*cell.Value, g.sp[side][p])
	g.say("13.5.6", "Supply Attrition for the %s stack in %s: roll %d%s = %d%s: %s Displaced", side, id, roll, drmNote(why), roll+drm, maxNote(beyond), spCount(*cell.Value))
	if n == 0 {
		return
	}
	g.sp[side][p] -= n
	g.displace[displacedBox{side, g.spaceTheater(p)}] += n
	if g.sp[side][p] == 0 {
		if len(g.generalsAt(side, p)) == 0 {
			g.displaceAll(side, p)
		} else {
			// "If due to a costly victory (11.2.4) or Attrition (13.5.6) a
			// General loses its last SP, it may remain on the map or be
			// placed in the Displaced Box (14.6)" (7.6, U490): the owner
			// answers once the Supply Segment is over (endPlayerPhase).
			delete(g.demoral[side], p) // Generals are never Demoralized (12.1, U904)
			// "the last SP in the army is eliminated or Displaced" (Optional 4, U1746)
			g.loseMorale(armyOf(g.generalsAt(side, p)), "its last SP is eliminated or Displaced")
			g.tidy(side, p)
			g.say("7.6", "the Generals in %s lost their last SP to Attrition: their owner may keep them on the map or place them in the Displaced Box (U490)", id)
			g.survivors = append(g.survivors, survivorChoice{side: side, at: p})
		}
	}
	g.touch(p)
}

// drmNote lists a roll's modifiers for the log.
func drmNote(why []string) string {
	if len(why) == 0 {
		return ""
	}
	return " (" + strings.Join(why, ", ") + ")"
}

// activeMA is the Movement Allowance of a force activated in p: "If the
// stack, or subset of the stack, is activated its MA is reduced by 1 MP"
// (13.5.5, U1065).
func (g *game) activeMA(side string, p rules.Point, ma int) int {
	if g.forage[side][p] {
		return ma - 1
	}
	return ma
}

// carryForaging moves a Foraging marker with a force that moved out of a
// marked hex: the marker is "only received or removed in the owning
// player's Supply Segment" (13.5.5, U1063), so the force keeps it where it
// ends (a stack it joins is marked with it).
func (g *game) carryForaging(side string, gen *general, at rules.Point, battleAt *rules.Point) {
	end := at
	if gen != nil {
		p, on := g.genAt[gen.id]
		if !on {
			return
		}
		end = p
	} else if battleAt != nil && g.last != nil && (g.last.winner == "attacker" || g.last.winner == "displaced") {
		end = *battleAt
	}
	if g.sp[side][end] > 0 && !g.forage[side][end] {
		g.forage[side][end] = true
		g.say("13.5.5", "the %s force keeps its Foraging marker in %s", side, g.e.b.ids[end])
	}
}

// foragingDefender: a defending stack with a Foraging marker "suffers one
// column shift left on the CRT when making their roll. If this shift
// forces it into a column that supports one less General, then the
// defender must abide by the new leader limit" (13.5.5, U1067). It
// returns the column and the Generals the defender uses.
func (g *game) foragingDefender(side string, p rules.Point, col, used int) (int, int) {
	if !g.forage[side][p] || col == 0 {
		return col, used
	}
	col--
	c := g.e.crt.Columns[col]
	if c.Max != nil {
		used = min(used, generalsUsed(*c.Max))
	}
	g.say("13.5.5", "the defender has a Foraging marker: one column shift left, to the %s column (up to %s used)", c.ID, genCount(used))
	return col, used
}

// attritionOption sets the reading of the Attrition Table: "per-stack"
// (the default: one roll a stack on its single column) or "by-size" (the
// column by the stack's SPs). The text gives one die roll per stack and
// its modifiers but not whether the stack's size is a key (13.5.6,
// U1073-1087); the table is printed on the Player Aid Card. by-size
// needs a table whose columns carry SP bands.
func (e *Engine) attritionOption(v string) error {
	e.bySize = v == "by-size"
	if !e.bySize {
		return nil
	}
	for _, c := range e.attrition.Columns {
		if c.Min == nil && c.Max == nil {
			return fmt.Errorf("%w: USCW attrition=by-size: the module's Attrition Table column %q has no band of SPs (13.5.6: the table is printed on the Player Aid Card, U1073)", rules.ErrBadOption, c.ID)
		}
	}
	return nil
}
