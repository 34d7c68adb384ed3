package uscw

import (
	"fmt"
	"math"
	"slices"

	"github.com/musterhq/muster/rules"
)

// The Reinforcement Phase (3.1, U92-120; 14.1-14.6, U1135-1262), from
// the scenario's second turn ("Skip the Reinforcement, Strategic
// Movement, and Leader Management Phases on the first turn", S1.1,
// U1792). Each side places its SPs in the hexes of its choice
// (placement.go). Placement hexes must be in Full Supply, a Supply Path
// (14.2.2 U1153, 14.3.5 U1185, 14.6 U1241; inFullSupply), not only an
// LOC. Not played: Naval Reinforcements (the Chesapeake Bay Box is the
// Advanced Game's, 19.2.2); without
// a St. Louis place in the module the Trans-Mississippi's 2 Union SPs are
// lost as 14.2.1 says they are when it is not Union-controlled. Step C
// places the Militia (militia.go).

// reinforcementPhase plays 3.1 A-C; it reports whether it stopped for a
// card choice (cardchoice.go), the phase then going on when it is made.
func (g *game) reinforcementPhase() bool {
	if g.turn == g.e.first {
		g.say("3.1", "turn %d: the scenario's first turn skips the Reinforcement Phase (U1792)", g.turn)
		return false
	}
	g.reinfState = map[string]int{}
	return g.reinforcementSteps(0)
}

// reinforcementSteps plays the Reinforcement Phase from step from, in
// 3.1's order (U94-120): Segment A, 0 the Union's SPs (14.2), 1 its free
// Fort (10.2.6) and its cards (18.2); Segment B, 2 the Confederate's War
// Industry (14.5), 3 its SPs (14.3-14.4), 4 its cards; Segment C, "The
// Union player first, followed by the Confederate player" (U119), for
// each side its Displaced SPs (14.6, placed as the reinforcements are),
// its Displaced Generals (placed by their owner too) and its Militia
// (17.2.3). It reports whether it stopped for a player's choice
// (placement.go, cardchoice.go), reinfStep then naming the step that
// follows.
func (g *game) reinforcementSteps(from int) bool {
	winter := g.e.winter(g.turn)
	cards := 2
	if g.e.year(g.turn) == 1861 {
		cards = 1 // S1.3.4, U1826
	}
	for step := from; step < 5+3*len(sides); step++ {
		g.reinfStep = step + 1
		switch step {
		case 0:
			g.unionReinforcements(winter)
			if g.stopForGrants() {
				return true
			}
		case 1:
			g.freeFort = true
			g.say("10.2.6", "the Union may build an F1 Fort or upgrade an F1 or F2 free (taken as a play before its first action of the turn)")
			if g.reinforcementDraws("union", cards) {
				return true
			}
		case 2:
			g.warIndustry()
			if g.arsenalState != "" {
				g.stage, g.phasing = stReinforce, "confederate"
				return true
			}
		case 3:
			g.confederateReinforcements(winter)
			if g.stopForGrants() {
				return true
			}
		case 4:
			if g.reinforcementDraws("confederate", cards) {
				return true
			}
		default: // Segment C, side by side
			side := sides[(step-5)/3]
			switch (step - 5) % 3 {
			case 0:
				g.returnDisplacedSPs(side)
				if g.stopForGrants() {
					return true
				}
			case 1:
				g.returnDisplacedGenerals(side)
				if g.stopForGrants() {
					return true
				}
			case 2:
				g.placeMilitia(side) // 3.1 C (U117), 17.2.3
			}
		}
	}
	return false
}

// reinforcementDraws draws side's n Special Action Cards of the
// Reinforcement Phase (18.2); it reports whether it stopped for the
// side's choice of cards to keep (cardchoice.go).
func (g *game) reinforcementDraws(side string, n int) bool {
	g.say("18.2", "the %s draws %s (at most five held)", side, cardCount(n))
	g.queueDraws(side, n, "the Reinforcement Phase")
	if g.runDraws() {
		g.drawsThen = afterDrawsReinforcement
		return true
	}
	return false
}

// afterReinforcementDraws plays the rest of the Reinforcement Phase once
// a side's card draws are made (from War Industry after the Union's, from
// Segment C after the Confederate's), then the phases up to the Action
// Cycle.
func (g *game) afterReinforcementDraws() {
	if !g.reinforcementSteps(g.reinfStep) {
		g.afterReinforcement()
	}
}

// winter reports a Winter turn on the Turn Record Track (14.1.2).
func (e *Engine) winter(n int) bool {
	for _, t := range e.track.Turns {
		if t.Turn == n {
			return t.Winter != nil && *t.Winter
		}
	}
	return false
}

// unionReinforcements: 14 SPs, none in Winter (14.1.2, 14.2.1).
func (g *game) unionReinforcements(winter bool) {
	if winter {
		g.say("14.1.2", "Winter: the Union receives no SPs")
		return
	}
	switch p, ok := g.e.stLouis, g.e.hasStLouis; {
	case !ok:
		g.say("14.2.1", "Trans-Mississippi: 2 SPs in St. Louis, which has no hex in the module: lost")
	case g.controller(p) != "union" || !g.inFullSupply("union", p):
		g.say("14.2.1", "Trans-Mississippi: St. Louis (%s) is not Union controlled or not in Full Supply: its 2 SPs are lost (U1146)", g.e.b.ids[p])
	default:
		g.addSP("union", p, 2)
		g.say("14.2.1", "Trans-Mississippi: 2 Union SPs placed in St. Louis (%s)", g.e.b.ids[p])
	}
	// The East's and the West's SPs, placed by the Union (placement.go).
	g.grants = append(g.grants,
		grant{side: "union", n: 6, where: "the East", theat: "east"},
		grant{side: "union", n: 3, where: "Ohio and Indiana", state: []string{"ohio", "indiana"}},
		grant{side: "union", n: 3, where: "Illinois", state: []string{"illinois"}})
}

// borderBPs: "The Confederate player receives 3 BPs for each Objective
// Hex in Kentucky and Missouri that he controls. ... No more than 9 BPs
// per Border State may be gained each turn" (14.3.3, U1170-1172).
func (g *game) borderBPs() int {
	border := 0
	for _, st := range []string{kentucky, "missouri"} {
		n := 0
		for _, p := range g.e.objectives {
			if homeState(g.e.b.hexes[p]) == st && g.controller(p) == "confederate" {
				n += 3
			}
		}
		border += min(n, 9)
	}
	return border
}

// confederateReinforcements: after War Industry (14.5), the BP count (14.3),
// Blockade Running (14.4), the SPs built and placed (14.3.5).
func (g *game) confederateReinforcements(winter bool) {
	t := g.core.Tracks
	border := g.borderBPs()
	blockade := 0
	for _, z := range []string{"north-atlantic", "south-atlantic", "gulf"} {
		blockade += g.blockadeRoll(z)
	}
	arsenals := int(t["arsenals"]) - g.arsenalsLost
	resource := int(t["resource-bps"])
	maint := int(t["maintenance"])
	bp := resource + arsenals + border + blockade - maint - g.saltLoss()
	sps := max(0, bp/10)
	g.say("14.3.1", "Confederate BPs: %d (Resource Hexes) + %d (Arsenals) + %d (Border States) + %d (Blockade Running) - %d (Maintenance) = %d: %s", resource, arsenals, border, blockade, maint, bp, spCount(sps))
	if winter {
		sps = max(0, sps-10)
		g.say("14.1.2", "Winter: 10 SPs fewer, %d", sps)
	}
	if sps == 0 {
		return
	}
	tm := 1
	rest := sps - tm
	west := rest / 2
	east := rest - west
	g.say("14.3.5", "%d SP in the Trans-Mississippi, %d in the West, %d in the East", tm, west, east)
	// Placed by the Confederate (placement.go), at most 2 a state.
	for _, th := range []grant{{n: tm, theat: "trans-mississippi"}, {n: west, theat: "west"}, {n: east, theat: "east"}} {
		if th.n > 0 {
			g.grants = append(g.grants, grant{side: "confederate", n: th.n, where: th.theat, theat: th.theat})
		}
	}
}

// blockadeRoll rolls one zone on the Blockade Table (14.4.3-14.4.5): the
// zone's modifier is its Blockade track (the ports' opening and closing is
// not played: the tracks keep the scenario's values); a "+2M" raises the
// Maintenance Cost by 2.
func (g *game) blockadeRoll(zone string) int {
	t := g.core.Tracks
	drm := int(t["blockade."+zone])
	r := g.roll(1, "blockade "+zone)
	tab := g.e.blockade
	cell, _, _ := tab.CellAt(tab.ColumnFor(g.e.year(g.turn), ""), r+drm)
	if cell == nil {
		g.err = fmt.Errorf("the Blockade Table has no cell for %d in %d", r+drm, g.e.year(g.turn))
		return 0
	}
	bp := 0
	if cell.BP != nil {
		bp = *cell.BP
	}
	g.say("14.4.4", "Blockade Running, %s: %d %+d = %d in %d: %s", zone, r, drm, r+drm, g.e.year(g.turn), cell.Text)
	if cell.Maintenance != nil {
		t["maintenance"] += float64(*cell.Maintenance)
		g.say("14.4.5", "Inflation: the Maintenance Cost rises by %d to %g", *cell.Maintenance, t["maintenance"])
		if g.e.twoMNoBPs && bp != 0 {
			g.say("14.4.5", "blockade-2m=no-bps: the +2M result gives no BPs (its cell's %d not counted)", bp)
			bp = 0
		}
	}
	return bp
}

// warIndustry: one Arsenal (+1 BP) in a friendly Resource Hex of the state
// the Random States Table names, rerolled until a state has room; no hex
// beyond triple its printed BPs (14.5, U1215-1235). A destroyed hex may
// take one too (6.4.3's PLAY NOTE, U405). The hex is the Confederate's
// choice (placement.go: g.arsenalState names the state until he places
// it).
func (g *game) warIndustry() {
	tab := g.e.states
	for range 100 {
		r := g.roll(2, "war industry")
		cell, _, _ := tab.CellAt(0, r)
		if g.err != nil || cell == nil {
			return
		}
		if len(g.arsenalHexes(cell.Region)) > 0 {
			g.arsenalState, g.arsenalRoll, g.arsenalText = cell.Region, r, cell.Text
			return
		}
		g.say("14.5", "War Industry: %d, %s has no Resource Hex for an Arsenal: reroll", r, cell.Text)
	}
}

// arsenalHexes are the hexes of state that may take an Arsenal: friendly
// Resource Hexes below triple their printed BPs (14.5, U1231-1235).
func (g *game) arsenalHexes(state string) []rules.Point {
	var out []rules.Point
	for _, p := range g.e.resources {
		h := g.e.b.hexes[p]
		// A Confederate-held West Virginia Resource Hex is Virginia's (17.1.2, U1364).
		if g.controller(p) == "confederate" && g.southernState(p) == state && *h.BP+g.arsenal[p] < 3**h.BP {
			out = append(out, p)
		}
	}
	return out
}

// placeArsenal builds the War Industry's Arsenal in the hex named, the
// Confederate's choice (play place, unit arsenal).
func (g *game) placeArsenal(hex string) error {
	if g.stage != stReinforce || g.arsenalState == "" {
		return refuse("14.5", "no Arsenal waits to be placed: 'During each Confederate Reinforcement Phase, the Confederate player upgrades one on-map Resource Hex by 1 BP' (U1221)")
	}
	p, err := g.e.b.locate(hex)
	if err != nil {
		return err
	}
	if !slices.Contains(g.arsenalHexes(g.arsenalState), p) {
		return refuse("14.5", "%s is no friendly-controlled Confederate Resource Hex of %s below triple its BPs: 'The Arsenal must be placed in a friendly-controlled Confederate Resource Hex' of the state rolled (U1231), 'No Confederate Resource Hex can ever grow beyond triple its original BP value' (U1235)", hex, g.arsenalText)
	}
	g.arsenal[p]++
	g.ver++ // a source's BP value (13.2.2)
	g.core.Tracks["arsenals"]++
	g.say("14.5", "War Industry: %d on the Random States Table, %s: an Arsenal in %s (now +%d)", g.arsenalRoll, g.arsenalText, g.e.b.ids[p], g.arsenal[p])
	g.arsenalState = ""
	g.afterPlacement()
	return nil
}

// placeArsenals is a script's set-up of the Arsenals on a Resource Hex
// (do marker arsenal, at, value: how many), as if War Industry had built
// them: the Arsenals track counts them (14.5); never beyond triple the
// hex's printed BPs (U1235).
func (g *game) placeArsenals(s *rules.Step) error {
	p, err := g.e.b.locate(s.At)
	if err != nil {
		return err
	}
	h := g.e.b.hexes[p]
	if h == nil || h.BP == nil {
		return fmt.Errorf("marker arsenal: %s is no Resource Hex (14.5)", s.At)
	}
	v, ok := s.Value.(float64)
	if !ok || v != math.Trunc(v) || v < 0 {
		return fmt.Errorf("marker arsenal: value is the number of Arsenals in %s, a whole number from 0, not %v", s.At, s.Value)
	}
	n := int(v)
	if *h.BP+n > 3**h.BP {
		return fmt.Errorf("marker arsenal: %d BPs + %d Arsenals in %s: 'No Confederate Resource Hex can ever grow beyond triple its original BP value' (14.5, U1235)", *h.BP, n, s.At)
	}
	g.core.Tracks["arsenals"] += float64(n - g.arsenal[p])
	g.arsenal[p] = n
	if n == 0 {
		delete(g.arsenal, p)
	}
	g.touch(p)
	return nil
}

// destroyArsenals: "When the Union player places a Control marker or
// completed Fortification on a Resource Hex it destroys any Arsenal
// markers located in that hex" (6.4.1, U393).
func (g *game) destroyArsenals(p rules.Point, by string) {
	if n := g.arsenal[p]; n > 0 {
		g.arsenalsLost += n
		delete(g.arsenal, p)
		g.say("6.4.1", "the Union %s in %s destroys its Arsenal (+%d)", by, g.e.b.ids[p], n)
	}
}
