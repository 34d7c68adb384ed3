package uscw

import (
	"fmt"
	"slices"

	"github.com/musterhq/muster/rules"
)

// On to Richmond! (4.1.4, U171): "If the dice difference is 4 or 5 and
// Richmond is still under Confederate control, then the Union player must
// use at least one Action Point to activate a force to attack or take
// control of a hex in Virginia (not West Virginia), Maryland, or
// Pennsylvania containing a Resource Hex or a Confederate SP or Fort.
// Failure to do so requires the Union player to immediately sacrifice 1
// Action Point *and* remove 1 Union SP from the map (his choice, but the SP
// must be in Full Supply). If no battle takes place because the Confederate
// units successfully Avoided Battle, then no SP needs to be removed. An
// Amphibious Assault (19.5) may not be used to satisfy the requirements of
// this rule." West Virginia "is not considered to be part of Virginia for
// purposes of fulfilling an On to Richmond! (4.1.4) requirement" (17.1.2,
// U1364).
//
// The engine's reading (docs/engines.md): the obligation binds the Union's
// Player Action Phase from its start. It is met by a MOVE paid with an
// Action Point (not a card's additional action, 18.1, nor Optional 1's
// Bonus Action) whose path ends in a battle in a qualifying hex, or stops
// with SPs in (or places a Control marker in, 6.2.1) a qualifying Resource
// Hex the Union does not control: the activation is "to attack or take
// control", so the attempt counts whatever the reaction (an Avoid Battle
// leaves no SP to remove, as the rule says; an interception does not undo
// it). An Amphibious Assault is a Naval Transport, never such a MOVE. The
// Union may decline at any moment while it is unmet (play sacrifice, at:
// the hex of a Union SP in Full Supply): 1 Action Point is sacrificed and
// the SP removed at once, and the phase goes on free of it. His last Action
// Point may not go to another action while it is unmet (refused, 4.1.4):
// he meets it or declines. Ending the phase with it unmet declines it then,
// the SP taken from the largest Union stack in Full Supply (a player who
// says nothing; the Action Points left are lost with the phase anyway).

// richmondState is a state of the rule: Virginia, Maryland or
// Pennsylvania by the hex's own state (West Virginia is its own state on
// the map, 17.1.2).
func richmondState(st string) bool {
	return st == "virginia" || st == "maryland" || st == "pennsylvania"
}

// onToRichmond starts the obligation at the Union's Player Action Phase.
func (g *game) onToRichmond() {
	g.richmondOwed = false
	if g.phasing != "union" || g.diff != 4 && g.diff != 5 {
		return
	}
	if !g.e.hasRichmond {
		g.say("4.1.4", "difference %d: On to Richmond! binds while Richmond is Confederate-controlled, and the module places no Richmond: not played", g.diff)
		return
	}
	if c := g.controller(g.e.richmond); c != "confederate" {
		g.say("4.1.4", "difference %d: Richmond (%s) is not under Confederate control: no On to Richmond! requirement", g.diff, g.e.b.ids[g.e.richmond])
		return
	}
	g.richmondOwed = true
	g.say("4.1.4", "difference %d and Richmond (%s) Confederate: On to Richmond! the Union must use an Action Point to activate a force to attack or take control of a hex in Virginia (not West Virginia), Maryland or Pennsylvania containing a Resource Hex or a Confederate SP or Fort, or sacrifice 1 Action Point and remove 1 SP in Full Supply", g.diff, g.e.b.ids[g.e.richmond])
}

// richmondTarget reports a hex the Union attacks there to meet the rule:
// in Virginia, Maryland or Pennsylvania, holding a Resource Hex or a
// Confederate SP or Fort.
func (g *game) richmondTarget(p rules.Point) bool {
	h := g.e.b.hexes[p]
	if h == nil || !richmondState(homeState(h)) {
		return false
	}
	return h.BP != nil || g.sp["confederate"][p] > 0 || g.works[p].fort == "confederate"
}

// richmondControl reports a hex whose control the Union takes there to
// meet the rule: a Resource Hex of those states it does not control.
func (g *game) richmondControl(p rules.Point) bool {
	h := g.e.b.hexes[p]
	return h != nil && richmondState(homeState(h)) && h.BP != nil && g.controller(p) != "union"
}

// richmondMove says how a MOVE meets the rule ("" when it does not): its
// battle in a qualifying hex, or its SPs stopping in (n > 0) or its
// Control marker placed in a Resource Hex it takes.
func (g *game) richmondMove(battleAt *rules.Point, stop rules.Point, n int, marks []rules.Point) string {
	b := g.e.b
	if battleAt != nil {
		if g.richmondTarget(*battleAt) {
			return "attacks " + b.ids[*battleAt] + " (" + homeState(b.hexes[*battleAt]) + ")"
		}
		return ""
	}
	if n > 0 && g.richmondControl(stop) {
		return "takes control of " + b.ids[stop] + " (" + homeState(b.hexes[stop]) + ")"
	}
	for _, p := range marks {
		if g.richmondControl(p) {
			return "takes control of " + b.ids[p] + " (" + homeState(b.hexes[p]) + ") with a Control marker"
		}
	}
	return ""
}

// richmondMet records the obligation met.
func (g *game) richmondMet(what, how string) {
	g.richmondOwed = false
	g.say("4.1.4", "On to Richmond! met: %s, activated with an Action Point, %s", what, how)
}

// richmondLastAP refuses the Union's last Action Point to an action that
// does not meet the rule while it is owed.
func (g *game) richmondLastAP() error {
	return g.richmondSpend(1)
}

// richmondSpend refuses an action that would spend n Action Points, the
// last among them, while the rule is owed and the action does not meet it:
// asked before the first of several is spent (a Cautious General's two, an
// Ocean Transport's one an SP), those a card's additional actions pay in
// theater t not counted.
func (g *game) richmondSpend(n int) error {
	if g.richmondOwed && g.phasing == "union" && g.stage == stPlayer && !g.richmondAim && n > 0 && g.ap <= n {
		return refuse("4.1.4", "On to Richmond!: the Union's last Action Point must activate a force to attack or take control of a hex in Virginia (not West Virginia), Maryland or Pennsylvania containing a Resource Hex or a Confederate SP or Fort (an Amphibious Assault does not count), or the Union declines first (sacrifice: 1 Action Point and 1 SP in Full Supply)")
	}
	return nil
}

// richmondSpendAt is richmondSpend for n actions paid in p's theater,
// a card's additional actions first (spend).
func (g *game) richmondSpendAt(p rules.Point, n int) error {
	return g.richmondSpend(n - min(n, g.cardActions(g.e.b.theater(p))))
}

// richmondSPs lists the hexes holding a Union SP in Full Supply, in board
// order: the SPs the penalty may take.
func (g *game) richmondSPs() []rules.Point {
	var out []rules.Point
	for _, p := range g.e.b.order {
		if g.sp["union"][p] > 0 && g.inFullSupply("union", p) {
			out = append(out, p)
		}
	}
	return out
}

// sacrifice declines the rule: 1 Action Point sacrificed and 1 Union SP
// in Full Supply removed from hex (at: "" when the Union has none).
func (g *game) sacrifice(hex string) error {
	if g.stage != stPlayer {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	if !g.richmondOwed {
		return refuse("4.1.4", "no On to Richmond! requirement is owed now (a Union Player Action Phase with a dice difference of 4 or 5 while Richmond is Confederate, not yet met)")
	}
	if g.ap == 0 {
		return refuse("4.1.4", "the Union has no Action Point left to sacrifice")
	}
	sps := g.richmondSPs()
	var p rules.Point
	if hex != "" {
		q, err := g.e.b.locate(hex)
		if err != nil {
			return err
		}
		if !slices.Contains(sps, q) {
			return refuse("4.1.4", "%s holds no Union SP in Full Supply: the SP removed must be in Full Supply (U171)", hex)
		}
		p = q
	} else if len(sps) > 0 {
		return refuse("4.1.4", "name the hex of the Union SP in Full Supply to remove (the Union player's choice, U171)")
	}
	g.actionTaken()
	g.ap--
	g.richmondOwed = false
	g.removeRichmondSP(hex != "", p, fmt.Sprintf("the Union sacrifices 1 Action Point (%d left)", g.ap))
	return nil
}

// removeRichmondSP pays the SP of the penalty (none without one in Full
// Supply); paid says what became of the Action Point.
func (g *game) removeRichmondSP(any bool, p rules.Point, paid string) {
	if !any {
		g.say("4.1.4", "On to Richmond! declined: %s and has no SP in Full Supply to remove", paid)
		return
	}
	g.sp["union"][p]--
	g.spLost["union"]++
	if m := g.movedSP["union"][p]; m > g.sp["union"][p] {
		g.movedSP["union"][p] = g.sp["union"][p]
	}
	g.say("4.1.4", "On to Richmond! declined: %s and removes 1 SP in Full Supply from %s", paid, g.e.b.ids[p])
	g.displaceIfEmpty("union", p, "On to Richmond!")
	g.tidy("union", p)
	g.touch(p)
}

// richmondUnmet: the Union ends its Player Action Phase with the rule
// unmet, and declines it then, as a player who says nothing: the SP comes
// from his largest stack in Full Supply (the first in board order among
// equals), the one its loss weakens least; the Action Points left go with
// the phase.
func (g *game) richmondUnmet() {
	if !g.richmondOwed {
		return
	}
	g.richmondOwed = false
	sps := g.richmondSPs()
	paid := fmt.Sprintf("the Union sacrifices 1 of the %d Action Points the phase's end forfeits", g.ap)
	g.say("4.1.4", "On to Richmond! unmet at the end of the Union's Player Action Phase: declined now")
	if len(sps) == 0 {
		g.removeRichmondSP(false, rules.Point{}, paid)
		return
	}
	best := sps[0]
	for _, p := range sps[1:] {
		if g.sp["union"][p] > g.sp["union"][best] {
			best = p
		}
	}
	g.removeRichmondSP(true, best, paid)
}

// richmondCandidates offers the bots the rule's choices while it is owed:
// declining with each SP in Full Supply (or none); and of the rest, the
// qualifying MOVEs, the actions that cost no Action Point (passing,
// DISPERSE, a Militia's repositioning, playing a card) and those that
// leave an Action Point over (a Cautious General's MOVE may cost 2, a
// Naval Transport up to 3, read high): the others would be refused. A
// MOVE a card's additional action would pay may be left out then, which
// keeps the list simple.
func (g *game) richmondCandidates(out []candidate) []candidate {
	if !g.richmondOwed || g.phasing != "union" || g.stage != stPlayer || g.ap == 0 {
		return out
	}
	kept := out[:0]
	for _, c := range out {
		free := c.pass || c.cont || c.disperse || c.militia > 0 || c.card.n != 0 && !c.move && !c.naval // no Action Point (4.3, 17.2.3, 18.1)
		need := 1
		switch {
		case c.naval:
			need = 3
		case c.move && c.general != "" && g.gens[c.general].cautious:
			need = 2
		}
		if free || g.ap > need || c.move && c.card.n == 0 && c.regroupSPs == 0 && !c.mark && !c.rail && g.richmondCandidate(c) {
			kept = append(kept, c)
		}
	}
	out = kept
	sps := g.richmondSPs()
	if len(sps) == 0 {
		return append(out, candidate{sacrifice: true})
	}
	for _, p := range sps {
		out = append(out, candidate{sacrifice: true, sacrificeAt: true, from: p})
	}
	return out
}

// richmondCandidate reports a bot's MOVE to dst that meets the rule, as
// march judges it (richmondMove).
func (g *game) richmondCandidate(c candidate) bool {
	q := g.e.b.order[c.dst]
	if g.defended("confederate", q) {
		return g.richmondTarget(q)
	}
	return c.sps > 0 && g.richmondControl(q)
}

// richmondSetUp re-judges the rule after a script's set-up in the phase
// it started (the phase's Initiative Segment is rolled before a script's
// first step): a Richmond set up out of Confederate control owes nothing.
func (g *game) richmondSetUp() {
	if g.richmondOwed && g.e.hasRichmond && g.controller(g.e.richmond) != "confederate" {
		g.richmondOwed = false
		g.say("4.1.4", "Richmond (%s) is set up out of Confederate control: no On to Richmond! requirement", g.e.b.ids[g.e.richmond])
	}
}
