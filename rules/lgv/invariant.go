package lgv

import "fmt"

// The invariant checker: facts of the rulebook that must hold after every
// action, whatever the players choose. Test mode only (Options.Check, the
// option invariants=check): each violation names the case it breaks.

// checkPosition is what must hold in any position.
func (g *game) checkPosition() string {
	e := g.e
	for u, s := range g.units {
		if s.status != onMap {
			continue
		}
		info := &e.units[u]
		if s.loc < 0 || s.loc >= len(e.b.ids) {
			return fmt.Sprintf("%s is on the map at no location", info.id)
		}
		sector := e.b.sector[s.loc]
		switch {
		case info.side == confederate && sector != confederate:
			return fmt.Sprintf("LGV 8.4.2: %s stands in %s, in the Union Operational Sector", info.id, e.b.ids[s.loc])
		case info.kind == engineer && sector != union:
			return fmt.Sprintf("LGV 8.4.6: Engineer %s stands in %s, outside the Union Operational Sector", info.id, e.b.ids[s.loc])
		}
	}
	for side := range 2 {
		for loc := range e.b.ids {
			if all, _ := g.count(side, loc); all <= e.stackLimit[side] || e.b.zone[loc] {
				continue
			}
			if g.stacked(side, loc) > e.stackLimit[side] {
				return fmt.Sprintf("LGV 7.1: %d %s units count for stacking in %s (limit %d)", g.stacked(side, loc), sideNames[side], e.b.ids[loc], e.stackLimit[side])
			}
		}
	}
	if g.quiet() {
		for loc := range e.b.ids {
			u, c := g.occupied(union, loc), g.occupied(confederate, loc)
			if u != c && (u && g.control[loc] != union || c && g.control[loc] != confederate) {
				return fmt.Sprintf("LGV 7.2: %s holds only %s units but is %s-Controlled", e.b.ids[loc], sideNames[map[bool]int{true: union, false: confederate}[u]], sideNames[g.control[loc]])
			}
		}
	}
	if g.stage == stOver && g.finalVP {
		if want := g.vpAreaSum + g.eliminationVP(); g.vp != want {
			return fmt.Sprintf("LGV 17.2: the VP Track shows %d, its causes sum to %d (VP Areas %d, eliminations and KIA %d)", g.vp, want, g.vpAreaSum, g.eliminationVP())
		}
	}
	return ""
}

// quiet: no combat, retreat or screen is half done, so Control has been
// settled (7.2 is applied as each step completes).
func (g *game) quiet() bool {
	switch g.stage {
	case stImpulseStart, stRetentionReroll, stDeclare, stAssault, stReorg, stPlace, stEntrench, stEndRemove, stSwap, stOver:
		return true
	}
	return false
}

// checkActivationEnd is what must hold when an activation ends: every unit
// that moved is Exhausted (8.1) and every Mandatory Attack was made (9.1).
func (g *game) checkActivationEnd() string {
	for _, u := range g.activeUnits {
		if s := g.units[u]; s.status == onMap && g.moved[u] && s.fresh {
			return fmt.Sprintf("LGV 8.1: %s moved this activation and is still Fresh as it ends", g.e.units[u].id)
		}
	}
	for _, p := range g.pending {
		if !g.contestedAtStart(p) {
			return fmt.Sprintf("LGV 9.1: the Mandatory Attack in %s was not made before the activation ended", g.e.b.ids[p])
		}
	}
	return ""
}

// Violation is an invariant broken in a game played in test mode: it
// names the game and the action, so `muster playtest replay` shows it.
type Violation struct {
	Seed   uint64 // the game's seed
	Action int    // how many actions were applied before, 0-based
	Did    string // the action that broke it
	What   string
}

func (v *Violation) Error() string {
	return fmt.Sprintf("invariant broken after action %d (%s) of the game with seed %d: %s", v.Action, v.Did, v.Seed, v.What)
}
