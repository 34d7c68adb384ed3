package rules

import (
	"errors"
	"fmt"
	"sort"

	"github.com/musterhq/muster/scenarios"
)

// Generic actions every game system shares beyond a single move: placing
// a unit that is off the map, moving along a path of adjacent locations,
// and retreating, with the scenario's restricted regions applied to each.

// Place puts a unit that is off the map (a reinforcement, a returning
// unit) on a location. Its entry row, when it gives the turn and where the
// unit enters, must allow both, and restricted regions apply as to the end
// of a move.
func (st *State) Place(unit, at string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	if u.OnMap {
		return fmt.Errorf("%s is already on the map at %s: move it instead", unit, u.Loc)
	}
	p, _, err := st.Topo.Locate(at, st.Scenario.Maps.Prefixes)
	if err != nil {
		return err
	}
	if e := u.Row.Entry; e != nil && e.Turn > st.Turn {
		return &RuleError{Code: "entry-turn", Rule: entryRule(st, e.Rule), Msg: fmt.Sprintf("%s enters on turn %d, not %d (%s)", unit, e.Turn, st.Turn, e.Text)}
	}
	if e := u.Row.Entry; e != nil && e.Where != nil {
		switch st.InRegion(p, e.Where, st.regionContext(nil)) {
		case No:
			return &RuleError{Code: "entry-location", Rule: entryRule(st, e.Rule), Msg: fmt.Sprintf("%s may not enter at %s (%s)", unit, at, e.Text)}
		case Unknown:
			st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "unchecked", Side: u.Side, Unit: unit, To: at, Rule: entryRule(st, e.Rule),
				Data: map[string]any{"why": "the map data cannot tell whether the location is where the unit enters"}})
		}
	}
	placements, err := st.placementRules(u, p, at)
	if err != nil {
		return err
	}
	if err := st.CheckEntry(unit, at, "end-move"); err != nil {
		return err
	}
	u.At, u.Loc, u.OnMap, u.Removed = p, at, true, ""
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "placed", Side: u.Side, Unit: unit, To: at})
	// A placement rule sets the state units enter in ("at Fatigue Level 0
	// on their exhausted sides").
	for _, pl := range placements {
		for _, k := range sortedStateKeys(pl.effect.State) {
			if err := st.setStateBy(unit, k, pl.effect.State[k], pl.label); err != nil {
				return err
			}
		}
	}
	return nil
}

type placementRule struct {
	effect *scenarios.Effect
	label  string
}

// placementRules finds the special rules that place this unit this turn
// and checks the location against their regions.
func (st *State) placementRules(u *Unit, p Point, at string) ([]placementRule, error) {
	var out []placementRule
	ctx := st.regionContext(nil)
	for i := range st.Scenario.SpecialRules {
		rule := &st.Scenario.SpecialRules[i]
		for j := range rule.Effects {
			e := &rule.Effects[j]
			if e.Kind != "placement" || e.Side != "" && e.Side != u.Side || !inSpan(st.Turn, e.Turns) || st.Matches(e.Units, u) != Yes {
				continue
			}
			label := st.ruleLabel(rule, i)
			if e.Region != nil {
				switch st.InRegion(p, e.Region, ctx) {
				case No:
					return nil, &RuleError{Code: "entry-location", Rule: label, Msg: fmt.Sprintf("%s may not be placed at %s: %s", u.ID, at, e.Text)}
				case Unknown:
					st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "unchecked", Side: u.Side, Unit: u.ID, To: at, Rule: label,
						Data: map[string]any{"why": "the map data cannot tell whether the location is where the rule places the unit"}})
				}
			}
			out = append(out, placementRule{e, label})
		}
	}
	return out, nil
}

func sortedStateKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func entryRule(st *State, rule string) string {
	if rule == "" {
		return st.Scenario.ID + " entry"
	}
	return st.Scenario.ID + " special rule " + rule
}

// MovePath activates a unit and moves it location by location: each step
// must go to an adjacent location (where the map can tell), every location
// passed is checked against the restricted regions, and the last as the
// end of the move. The unit stays where it was if any step is refused.
func (st *State) MovePath(unit string, path []string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	if !u.OnMap {
		return fmt.Errorf("%s is not on the map: place it first", unit)
	}
	if len(path) == 0 {
		return errors.New("a path needs at least one location")
	}
	for _, what := range []string{"activate", "move"} {
		if err := st.CheckActivity(unit, what); err != nil {
			return err
		}
	}
	from := u.At
	for i, loc := range path {
		p, _, err := st.Topo.Locate(loc, st.Scenario.Maps.Prefixes)
		if err != nil {
			return err
		}
		switch d, ok := st.Topo.Distance(from, p); {
		case !ok:
			st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "unchecked", Side: u.Side, Unit: unit, To: loc,
				Data: map[string]any{"why": "the map data cannot tell whether the locations are adjacent"}})
		case d != 1:
			return &RuleError{Code: "not-adjacent", Rule: "path", Msg: fmt.Sprintf("step %d of %s's path: %s is %d away from the previous location, not adjacent", i+1, unit, loc, d)}
		}
		kind := "move"
		if i == len(path)-1 {
			kind = "end-move"
		}
		if err := st.CheckEntry(unit, loc, kind); err != nil {
			return err
		}
		from = p
	}
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "activated", Side: u.Side, Unit: unit, To: u.Loc})
	for _, loc := range path {
		if err := st.MoveTo(unit, loc); err != nil {
			return err
		}
	}
	return nil
}

// Retreat moves a unit to a location in retreat, not as an activation,
// with the manpower it lost in the retreat (cause "retreat"). Restricted
// regions decide what a retreat into them does: refused, allowed, the
// unit disorganized, or the unit removed from play (the GCACW procedure;
// a leader removed so is placed at once on the nearest unit of his command
// still on the map).
func (st *State) Retreat(unit, to string, manpower int) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	if !u.OnMap {
		return fmt.Errorf("%s is not on the map", unit)
	}
	if manpower > 0 {
		// Refuse a loss the unit cannot take before anything moves.
		if err := st.checkLoss(u, manpower); err != nil {
			return err
		}
	}
	outcome := ""
	var rule string
	if err := st.CheckEntry(unit, to, "retreat"); err != nil {
		var re *RuleError
		if !errors.As(err, &re) || re.Code != "retreat-removed" && re.Code != "retreat-disorganized" {
			return err
		}
		outcome, rule = re.Code, re.Rule
	}
	from := u.Loc
	p, _, err := st.Topo.Locate(to, st.Scenario.Maps.Prefixes)
	if err != nil {
		return err
	}
	u.At, u.Loc = p, to
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "retreat", Side: u.Side, Unit: unit, From: from, To: to})
	if manpower > 0 {
		if err := st.LoseManpower(unit, manpower, "retreat"); err != nil {
			return err
		}
	}
	switch outcome {
	case "retreat-disorganized":
		return st.setStateBy(unit, "disorganized", true, rule)
	case "retreat-removed":
		u.OnMap, u.Removed = false, "removed"
		st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "removed", Side: u.Side, Unit: unit, From: to, Rule: rule})
		if st.Module.Index().IsLeader(st.unitType(u)) {
			st.placeLeader(u, p, rule)
		}
	}
	return nil
}

func (st *State) setStateBy(unit, dim string, value any, rule string) error {
	u := st.Units[unit]
	u.States[dim] = value
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "state", Side: u.Side, Unit: unit, Rule: rule, Data: map[string]any{dim: value}})
	return nil
}

// placeLeader puts a leader removed from play on the nearest unit of his
// command still on the map (ties go to the first unit id).
func (st *State) placeLeader(ldr *Unit, near Point, rule string) {
	cmd := ldr.Row.Command
	if c := st.Module.Index().Counters[ldr.ID]; cmd == "" && c != nil {
		cmd = c.Command
	}
	type cand struct {
		u *Unit
		d int
	}
	var cands []cand
	for _, x := range st.sortedUnits() {
		if x == ldr || !x.OnMap || x.Side != ldr.Side || x.Row.Command != cmd || st.Module.Index().IsLeader(st.unitType(x)) {
			continue
		}
		if d, ok := st.Topo.Distance(near, x.At); ok {
			cands = append(cands, cand{x, d})
		}
	}
	if len(cands) == 0 {
		return // no unit of his command on the map: he stays out of play
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].d < cands[j].d })
	x := cands[0].u
	ldr.At, ldr.Loc, ldr.OnMap, ldr.Removed = x.At, x.Loc, true, ""
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "placed", Side: ldr.Side, Unit: ldr.ID, To: x.Loc, Rule: rule})
}
