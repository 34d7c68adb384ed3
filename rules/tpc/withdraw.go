package tpc

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Withdrawals played by the referee (16.0-16.4, lines 2239-2338): a
// "withdraw" step names the units removed from the map (targets) and the
// manpower and artillery taken from units that stay (set "from"), and
// the engine checks them against the schedule entry that fell due:
// the units it names (or their stated alternatives, or the next best
// unit when the named one was destroyed), its "any" and "all" units,
// the totals by infantry and cavalry (at least what the entry asks: a
// withdrawn unit's excess may go back to others, 16.0), and the
// exclusions of 16.0 and 16.3. The units of the July withdrawal return on December 11 with
// exactly what was withdrawn.

// withdrawal is what a side removed for a schedule entry.
type withdrawal struct {
	units               []unit
	manpower, artillery int
}

// kindOf sorts a counter type into the withdrawal's kinds (16.0: "of
// the same type (infantry/cavalry)"); infantry division leaders (19.0,
// type Div) are infantry; leaders count in neither.
func kindOf(typ string) string {
	switch typ {
	case "Inf", "Div":
		return "infantry"
	case "Cav":
		return "cavalry"
	}
	return ""
}

// matches reports whether a placed unit passes a schedule filter.
func matches(u *unit, f *scenarios.UnitFilter, ix *scenarios.Index) bool {
	if f == nil {
		return false
	}
	c := ix.Counters[u.id]
	cmds := []string{u.command}
	if c != nil {
		cmds = append(cmds, c.Commands...)
	}
	switch {
	case f.Side != "" && f.Side != u.side,
		len(f.Units) > 0 && !slices.Contains(f.Units, u.id),
		len(f.Types) > 0 && !slices.Contains(f.Types, u.typ),
		len(f.Sizes) > 0 && !slices.Contains(f.Sizes, u.size),
		len(f.Commands) > 0 && !slices.ContainsFunc(cmds, func(c string) bool { return slices.Contains(f.Commands, c) }):
		return false
	}
	for i := range f.Except {
		if matches(u, &f.Except[i], ix) {
			return false
		}
	}
	return true
}

// dueWithdrawal is the side's earliest withdrawal that has fallen due and
// is not yet made.
func (g *game) dueWithdrawal(side string) *scenarios.ScheduleEntry {
	for _, en := range g.e.schedule {
		if en.Side == side && en.Action == "withdrawal" && g.done[en.ID] && g.withdrawals[en.ID] == nil && !g.skipped[en.ID] {
			return en
		}
	}
	return nil
}

func richmondInfantry(u *unit) bool { return u.command == "Rich" && kindOf(u.typ) == "infantry" }

// withdraw checks and makes a withdrawal.
func (g *game) withdraw(s *rules.Step) error {
	side := s.Side
	en := g.dueWithdrawal(side)
	if en == nil {
		return refuse("16.0", "no %s withdrawal has fallen due and is still to be made on Turn %d", orNone(side), g.turn)
	}
	ix := g.e.sf.Module.Index()
	// The withdrawal a later entry returns (16.3's July withdrawal) is
	// made in its units' entirety.
	entirety := slices.ContainsFunc(g.e.schedule, func(x *scenarios.ScheduleEntry) bool { return x.Returns == en.ID })
	var targets []*unit
	for _, id := range s.Targets {
		u := g.board.units[id]
		switch {
		case u == nil:
			return fmt.Errorf("withdraw: %s is not on the map (place it first)", id)
		case u.side != side:
			return refuse("16.0", "%s is not a %s unit", id, side)
		case side == "confederate" && richmondInfantry(u):
			return refuse("16.0", "no Department of Richmond infantry units may be used for withdrawal of Confederate manpower (%s)", id)
		}
		targets = append(targets, u)
	}
	if len(targets) == 0 {
		return fmt.Errorf("withdraw: give the units removed (targets)")
	}
	from, spend, err := g.makeUp(s, side, entirety)
	if err != nil {
		return err
	}
	if err := g.checkNamed(en, targets, ix); err != nil {
		return err
	}
	// Totals by kind: what the entry's units and requirements ask, against
	// what the removed units carry plus what was taken from others.
	need := map[string][2]int{}
	for _, su := range en.Units {
		if su.Manpower == nil && su.Artillery == nil {
			continue
		}
		k := specKind(su, ix)
		n := need[k]
		n[0] += deref(su.Manpower)
		n[1] += deref(su.Artillery)
		need[k] = n
	}
	for _, r := range en.Requirements {
		k := filterKind(r.Units, ix)
		n := need[k]
		n[0], n[1] = max(n[0], deref(r.Manpower)), max(n[1], deref(r.Artillery))
		need[k] = n
	}
	have := map[string][2]int{}
	for _, u := range targets {
		h := have[kindOf(u.typ)]
		h[0] += u.manpower
		h[1] += u.artillery
		have[kindOf(u.typ)] = h
	}
	for k, v := range from {
		h := have[k]
		h[0] += v[0]
		h[1] += v[1]
		have[k] = h
	}
	for _, k := range []string{"infantry", "cavalry"} {
		n, h := need[k], have[k]
		if h[0] < n[0] || h[1] < n[1] {
			return refuse("16.0", "%s (%s): %s manpower %d and artillery %d withdrawn, %d and %d required (the excess of a withdrawn unit may go back to others; a shortfall is taken from units of the same type)", en.ID, en.Title, k, h[0], h[1], n[0], n[1])
		}
	}
	// Made: the units leave the map; what was taken from others is spent.
	for u, v := range spend {
		u.manpower -= v[0]
		u.artillery -= v[1]
	}
	w := &withdrawal{}
	for _, v := range from {
		w.manpower += v[0]
		w.artillery += v[1]
	}
	var names []string
	for _, u := range targets {
		w.units = append(w.units, *u)
		w.manpower += u.manpower
		w.artillery += u.artillery
		names = append(names, u.id)
		delete(g.board.units, u.id)
	}
	g.withdrawals[en.ID] = w
	g.say("16.0", "%s withdraws for %s: %s (manpower %d, artillery %d, and %s taken from units that stay)", side, en.ID, strings.Join(names, ", "), w.manpower, w.artillery, fromText(from))
	return nil
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func fromText(from map[string][2]int) string {
	if len(from) == 0 {
		return "nothing"
	}
	var parts []string
	for _, k := range []string{"infantry", "cavalry"} {
		if v, ok := from[k]; ok {
			parts = append(parts, fmt.Sprintf("%s %d/%d", k, v[0], v[1]))
		}
	}
	return strings.Join(parts, ", ")
}

// specKind is the kind a schedule unit's amounts are of.
func specKind(su scenarios.ScheduleUnit, ix *scenarios.Index) string {
	if c := ix.Counters[su.Unit]; c != nil {
		return kindOf(c.Type)
	}
	if su.Any != nil {
		return filterKind(su.Any, ix)
	}
	return filterKind(su.All, ix)
}

func filterKind(f *scenarios.UnitFilter, ix *scenarios.Index) string {
	if f == nil {
		return ""
	}
	for _, t := range f.Types {
		if k := kindOf(t); k != "" {
			return k
		}
	}
	for _, id := range f.Units {
		if c := ix.Counters[id]; c != nil {
			return kindOf(c.Type)
		}
	}
	return ""
}

// makeUp reads what set takes from units that stay on the map:
// "manpower:UNIT" and "artillery:UNIT" (the schema keeps set values
// scalar), by kind. The July withdrawal takes none (16.3: its units are
// withdrawn in their entirety), and no Department of Richmond infantry
// gives any (16.0).
func (g *game) makeUp(s *rules.Step, side string, entirety bool) (map[string][2]int, map[*unit][2]int, error) {
	keys := make([]string, 0, len(s.Set))
	for k := range s.Set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := map[string][2]int{}
	spend := map[*unit][2]int{} // taken only once every check has passed
	for _, k := range keys {
		what, id, ok := strings.Cut(k, ":")
		if !ok || what != "manpower" && what != "artillery" {
			return nil, nil, fmt.Errorf(`withdraw: set "manpower:UNIT" or "artillery:UNIT" (taken from a unit that stays), not %q`, k)
		}
		if entirety {
			return nil, nil, refuse("16.3", "the July withdrawal's units are withdrawn in their entirety: no manpower or artillery is taken from units that stay")
		}
		u := g.board.units[id]
		if u == nil || u.side != side {
			return nil, nil, fmt.Errorf("withdraw: %s is not a %s unit on the map", id, side)
		}
		if side == "confederate" && richmondInfantry(u) {
			return nil, nil, refuse("16.0", "no Department of Richmond infantry units may be used for withdrawal of Confederate manpower (%s)", id)
		}
		n, _ := s.Set[k].(float64)
		i, have := 0, u.manpower
		if what == "artillery" {
			i, have = 1, u.artillery
		}
		if n < 0 || n != float64(int(n)) || int(n) > have {
			return nil, nil, fmt.Errorf("withdraw: %s has %s %d: cannot give %v", id, what, have, s.Set[k])
		}
		v := out[kindOf(u.typ)]
		v[i] += int(n)
		out[kindOf(u.typ)] = v
		sp := spend[u]
		sp[i] += int(n)
		spend[u] = sp
	}
	return out, spend, nil
}

// checkNamed checks the units an entry names: a named unit (or one of
// its stated alternatives) among the removed, or, if it was destroyed,
// the next best available unit (16.0: "in the same cavalry division or
// infantry corps, if possible, and after that any unit of the same
// type"); an "any" filter met by a removed unit; every unit on the map
// of an "all" filter removed.
func (g *game) checkNamed(en *scenarios.ScheduleEntry, targets []*unit, ix *scenarios.Index) error {
	isTarget := func(id string) bool {
		return slices.ContainsFunc(targets, func(u *unit) bool { return u.id == id })
	}
	for _, su := range en.Units {
		switch {
		case su.Unit != "":
			ids := append([]string{su.Unit}, su.Instead...)
			if slices.ContainsFunc(ids, isTarget) {
				continue
			}
			if !g.board.eliminated[su.Unit] {
				alt := ""
				if len(su.Instead) > 0 {
					alt = " (or " + strings.Join(su.Instead, " or ") + ")"
				}
				return refuse("16.0", "%s: players must use the listed unit %s%s unless it has been destroyed", en.ID, su.Unit, alt)
			}
			if err := g.nextBest(en, su.Unit, targets, ix); err != nil {
				return err
			}
		case su.Any != nil:
			if !slices.ContainsFunc(targets, func(u *unit) bool { return matches(u, su.Any, ix) }) {
				return refuse("16.0", "%s: the withdrawal must include %s", en.ID, su.Printed)
			}
		case su.All != nil:
			for _, u := range g.sortedUnits() {
				if matches(u, su.All, ix) && !isTarget(u.id) {
					return refuse("16.0", "%s: the withdrawal must include %s, and %s is still on the map", en.ID, su.Printed, u.id)
				}
			}
		}
	}
	return nil
}

// nextBest checks the stand-in for a destroyed named unit.
func (g *game) nextBest(en *scenarios.ScheduleEntry, named string, targets []*unit, ix *scenarios.Index) error {
	c := ix.Counters[named]
	if c == nil {
		return nil
	}
	same := func(u *unit) bool { return u.side == c.Side && u.typ == c.Type && u.command == c.Command }
	for _, u := range targets {
		if same(u) {
			return nil
		}
	}
	for _, u := range g.sortedUnits() {
		if same(u) {
			return refuse("16.0", "%s: %s was destroyed; the next best available unit is in the same division or corps (%s, e.g. %s)", en.ID, named, c.Command, u.id)
		}
	}
	for _, u := range targets {
		if u.typ == c.Type {
			return nil
		}
	}
	return refuse("16.0", "%s: %s was destroyed; the next best available unit is one of the same type (%s)", en.ID, named, c.Type)
}

func (g *game) sortedUnits() []*unit {
	out := make([]*unit, 0, len(g.board.units))
	for _, u := range g.board.units {
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// returnWithdrawn places the units of a returning withdrawal (16.4: the
// July withdrawal on December 11) in the entry's hex with exactly the
// manpower and artillery withdrawn.
func (g *game) returnWithdrawn(en *scenarios.ScheduleEntry) {
	w := g.withdrawals[en.Returns]
	if w == nil {
		return
	}
	hex := ""
	if en.Where != nil && len(en.Where.Hexes) > 0 {
		hex = en.Where.Hexes[0]
	}
	var names []string
	for _, u := range w.units {
		x := u
		if p, err := g.e.locate(hex); err == nil {
			x.at, x.hex = p, hex
		}
		g.board.units[x.id] = &x
		names = append(names, x.id)
	}
	g.returned[en.ID] = fmt.Sprintf("%d/%d", w.manpower, w.artillery)
	g.say("16.4", "%s returns %s in %s with exactly the manpower %d and artillery %d withdrawn", en.ID, strings.Join(names, ", "), hex, w.manpower, w.artillery)
}
