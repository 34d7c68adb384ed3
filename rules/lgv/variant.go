package lgv

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/scenarios"
)

// The Variant Union Setup (5.2, line 225): "If both players agree, the
// Union player can switch the setup Area(s) of any one Union Corps with
// Howard's (XI) Corps." Agreeing is choosing the variant (a script's
// "variant"); the switch is then the Union player's decision before the
// first Momentum Phase (stSwap): one of the corps the effect lists, or
// none ("can").
//
// The scenario gives the variant as a setup-swap effect: units (the
// candidate commands, each one a choice) and with (the command they trade
// with). A corps with two setup Areas (I and VI Corps: Area 74, and one
// unit in Area 3) trades with XI Corps' one (Zone H): "setup Area(s)" does
// not say how, so the engine pairs the two corps' units in order (Leader
// first, then by id) and each takes its partner's setup location, the
// shorter list repeated. Every other variant effect is refused when the
// scenario is compiled: none is silently left unplayed.

// swapGroup is one side of a setup switch: its units, Leader first.
type swapGroup struct {
	command string
	units   []int
}

// applyVariant reads the effects of the chosen variant; an effect the
// engine cannot play is an error.
func (e *Engine) applyVariant(v *scenarios.Variant) error {
	for i := range v.Effects {
		ef := &v.Effects[i]
		if ef.Kind != "setup-swap" {
			return fmt.Errorf("variant %s: effect %d (%s) is not played by the LGV engine; only setup-swap (5.2) is", v.ID, i+1, ef.Kind)
		}
		if len(e.swapCands) > 0 {
			return fmt.Errorf("variant %s: effect %d: the LGV engine plays one setup-swap per variant", v.ID, i+1)
		}
		side := ef.Side
		if side == "" {
			side = "union"
		}
		if ef.Units == nil || ef.With == nil || len(ef.With.Commands) != 1 {
			return fmt.Errorf("variant %s: effect %d (setup-swap): units with commands and with one command are needed", v.ID, i+1)
		}
		for _, f := range []*scenarios.UnitFilter{ef.Units, ef.With} {
			if len(f.Units) > 0 || len(f.Types) > 0 || len(f.Sizes) > 0 || f.Marks != "" || f.Morale != "" || len(f.Except) > 0 || f.StartingIn != nil || len(f.Commands) == 0 || f.Side != "" && f.Side != side {
				return fmt.Errorf("variant %s: effect %d (setup-swap): the LGV engine reads a filter by side, commands and leaders only", v.ID, i+1)
			}
		}
		with, err := e.swapGroupOf(side, ef.With.Commands[0], ef.With.Leaders)
		if err != nil {
			return fmt.Errorf("variant %s: %v", v.ID, err)
		}
		e.swapWith = with
		for _, c := range ef.Units.Commands {
			g, err := e.swapGroupOf(side, c, ef.Units.Leaders)
			if err != nil {
				return fmt.Errorf("variant %s: %v", v.ID, err)
			}
			e.swapCands = append(e.swapCands, g)
		}
		e.swapSide = sideIndex(side)
	}
	return nil
}

// swapGroupOf: the units of a command (its subordinate commands too),
// Leaders with them if leaders, Leader first and then by id.
func (e *Engine) swapGroupOf(side, command string, leaders bool) (swapGroup, error) {
	g := swapGroup{command: command}
	for i, u := range e.units {
		if sideNames[u.side] != side || !commandUnder(e.sf.Module.Game, side, u.command, command) {
			continue
		}
		if u.kind == leader && !leaders {
			continue
		}
		g.units = append(g.units, i)
	}
	if len(g.units) == 0 {
		return g, fmt.Errorf("setup-swap: command %s has no %s unit", command, side)
	}
	sort.SliceStable(g.units, func(a, b int) bool {
		la, lb := e.units[g.units[a]].kind == leader, e.units[g.units[b]].kind == leader
		if la != lb {
			return la
		}
		return e.units[g.units[a]].id < e.units[g.units[b]].id
	})
	return g, nil
}

// swapSetup switches the setup locations of candidate c and the with
// corps (5.2): each unit takes its partner's location, in order.
func (g *game) swapSetup(c int) {
	a, b := g.e.swapCands[c].units, g.e.swapWith.units
	locA, locB := make([]int, len(a)), make([]int, len(b))
	for i, u := range a {
		locA[i] = g.units[u].loc
	}
	for i, u := range b {
		locB[i] = g.units[u].loc
	}
	for i, u := range a {
		g.setLoc(u, locB[i%len(locB)])
	}
	for i, u := range b {
		g.setLoc(u, locA[i%len(locA)])
	}
	if g.logOn {
		g.logf("%s switches the setup Areas of %s Corps with %s Corps (5.2)", sideNames[g.e.swapSide], g.e.swapCands[c].command, g.e.swapWith.command)
	}
}

// begin starts a new game: the variant's setup decision first, if any,
// then the first Turn.
func (g *game) begin() {
	if len(g.e.swapCands) > 0 {
		g.stage = stSwap
		return
	}
	g.startTurn()
}
