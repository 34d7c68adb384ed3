package rules

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// Scenario rules the engine enforces generically, whatever the game
// system: restricted regions (with side and unit filters and turn limits)
// and activation restrictions with their release triggers. A violation is
// a *RuleError naming the scenario's special rule (or footnote) it breaks.

// RuleError is an action the rules forbid.
type RuleError struct {
	Code string // restricted-region, activation-restricted, ...
	Rule string // "tpc-01 special rule 5", "tpc-01 footnote &"
	Msg  string
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return fmt.Sprintf("%s: %s", e.Code, e.Msg)
	}
	return fmt.Sprintf("%s: %s (%s)", e.Code, e.Msg, e.Rule)
}

// restriction is an activation restriction in force for some units.
type restriction struct {
	label    string // where it comes from, for messages
	units    func(*Unit) Tri
	restrict []string
	turns    *scenarios.TurnSpan
	release  []scenarios.Trigger
	released map[string]bool // unit ids released (a group release marks all)
	all      bool            // released for every unit
}

// restrictions gathers the scenario's activation restrictions: special
// rule effects and footnote-mark restrictions of the setup tables.
func (st *State) restrictions() []*restriction {
	if st.restr != nil {
		return st.restr
	}
	s := st.Scenario
	for i := range s.SpecialRules {
		rule := &s.SpecialRules[i]
		for j := range rule.Effects {
			e := &rule.Effects[j]
			if e.Kind != "activation-restriction" {
				continue
			}
			f := e.Units
			st.restr = append(st.restr, &restriction{
				label:    st.ruleLabel(rule, i),
				units:    func(u *Unit) Tri { return st.Matches(f, u) },
				restrict: e.Restrict, turns: e.Turns, release: e.Release, released: map[string]bool{},
			})
		}
	}
	for t := range s.Setup {
		table := &s.Setup[t]
		for _, fn := range table.Footnotes {
			for k := range fn.Restrictions {
				r := fn.Restrictions[k]
				symbol, side := fn.Symbol, table.Side
				label := fmt.Sprintf("%s %s footnote %s", s.ID, side, symbol)
				if fn.Rule != "" {
					label += ", special rule " + fn.Rule
				}
				st.restr = append(st.restr, &restriction{
					label:    label,
					units:    func(u *Unit) Tri { return triOf(u.Side == side && strings.Contains(u.Row.Marks, symbol)) },
					restrict: r.Restrict, turns: r.Turns, release: r.Release, released: map[string]bool{},
				})
			}
		}
	}
	return st.restr
}

func (st *State) ruleLabel(rule *scenarios.SpecialRule, i int) string {
	if rule.Number != "" {
		return fmt.Sprintf("%s special rule %s (%s)", st.Scenario.ID, rule.Number, rule.Title)
	}
	return fmt.Sprintf("%s special rule %q", st.Scenario.ID, rule.Title)
}

func inSpan(turn int, span *scenarios.TurnSpan) bool {
	return span == nil || (span.From == 0 || turn >= span.From) && (span.To == 0 || turn <= span.To)
}

// CheckActivity reports whether a unit may do something this turn
// (activate, move, attack, recover, entrench, transfer...), after
// releasing restrictions whose triggers have fired.
func (st *State) CheckActivity(unit, what string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	for _, r := range st.restrictions() {
		if !contains(r.restrict, what) || !inSpan(st.Turn, r.turns) {
			continue
		}
		switch r.units(u) {
		case No:
			continue
		case Unknown:
			// The filter needs map data the module lacks ("units starting
			// south of the Appomattox"): let it through, but say so.
			st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "unchecked", Side: u.Side, Unit: u.ID, Rule: r.label,
				Data: map[string]any{"why": "the map data cannot tell whether the restriction covers this unit"}})
			continue
		}
		st.release(r, u)
		if r.all || r.released[u.ID] {
			continue
		}
		return &RuleError{Code: "activation-restricted", Rule: r.label, Msg: fmt.Sprintf("%s may not %s on turn %d", u.ID, what, st.Turn)}
	}
	return nil
}

// release fires a restriction's triggers for a unit.
func (st *State) release(r *restriction, u *Unit) {
	for i := range r.release {
		tr := &r.release[i]
		fired, group := false, false
		// A trigger with a window ("released on Turn 1 if ...") fires only
		// on its turns; an event it counts must fall in them too.
		if tr.Kind != "turn" && !inSpan(st.Turn, tr.During) {
			continue
		}
		switch tr.Kind {
		case "turn":
			fired = st.Turn >= tr.Turn
			group = true
		case "enemy-within":
			fired, group = st.enemyWithin(r, tr, u)
		case "attacked":
			of, _ := tr.Of.(string)
			group = of == "group"
			for _, e := range st.Log.Events {
				if e.Kind != "attacked" || !inSpan(e.Turn, tr.During) {
					continue
				}
				if target := st.Units[e.Unit]; target != nil && (target.ID == u.ID || group && r.units(target) == Yes || of == "stack" && target.OnMap && target.At == u.At) {
					fired = true
					break
				}
			}
		case "enemy-enters", "friendly-enters":
			group = true
			for _, e := range st.Log.Events {
				mover := st.Units[e.Unit]
				if e.Kind != "move" || mover == nil || (tr.Kind == "enemy-enters") == (mover.Side == u.Side) || !inSpan(e.Turn, tr.During) {
					continue
				}
				if tr.Enemy != nil && st.Matches(tr.Enemy, mover) != Yes || tr.Units != nil && st.Matches(tr.Units, mover) != Yes {
					continue
				}
				if p, _, err := st.Topo.Locate(e.To, st.Scenario.Maps.Prefixes); err == nil && st.InRegion(p, tr.Region, st.regionContext(nil)) == Yes {
					fired = true
					break
				}
			}
		case "condition":
			group = true
			fired = st.Holds(tr.Condition, nil) == Yes
		}
		if fired {
			if group || tr.Releases == "all" || tr.Releases == "group" {
				r.all = true
			} else {
				r.released[u.ID] = true
			}
			st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "released", Side: u.Side, Unit: u.ID, Data: map[string]any{"trigger": tr.Kind}, Rule: r.label})
			return
		}
	}
}

// enemyWithin: an enemy unit (of the trigger's filter) within distance of
// the unit, its stack, any unit of the restricted group, or listed
// locations.
func (st *State) enemyWithin(r *restriction, tr *scenarios.Trigger, u *Unit) (fired, group bool) {
	var from []Point
	switch of := tr.Of.(type) {
	case string:
		group = of == "group"
		for _, x := range st.sortedUnits() {
			if x.OnMap && (x.ID == u.ID || of == "stack" && u.OnMap && x.At == u.At || group && r.units(x) == Yes) {
				from = append(from, x.At)
			}
		}
	case map[string]any:
		group = true
		if hexes, ok := of["hexes"].([]any); ok {
			for _, h := range hexes {
				if s, ok := h.(string); ok {
					if p, _, err := st.Topo.Locate(s, st.Scenario.Maps.Prefixes); err == nil {
						from = append(from, p)
					}
				}
			}
		}
	default:
		from = []Point{u.At}
	}
	for _, e := range st.sortedUnits() {
		if !e.OnMap || e.Side == u.Side || tr.Enemy != nil && st.Matches(tr.Enemy, e) != Yes {
			continue
		}
		for _, p := range from {
			if d, ok := st.Topo.Distance(e.At, p); ok && d <= tr.Distance {
				return true, group
			}
		}
	}
	return false, group
}

// CheckEntry reports whether a unit may move (or end a move, or retreat)
// into a location under the scenario's restricted regions. kind is move,
// end-move or retreat. A region the map data cannot decide is let through
// and logged as unchecked.
func (st *State) CheckEntry(unit, loc, kind string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	p, _, err := st.Topo.Locate(loc, st.Scenario.Maps.Prefixes)
	if err != nil {
		return err
	}
	s := st.Scenario
	ctx := st.regionContext(nil)
	// The game's own prohibitions (LGV 8.4.2 sectors, 8.4.6 engineers, 14.2
	// zones) hold in every scenario.
	for _, pr := range st.Module.Game.Prohibited {
		if kind == "retreat" || st.Matches(&pr.Units, u) != Yes {
			continue
		}
		if st.InRegion(p, &pr.Region, ctx) == Yes {
			return &RuleError{Code: "prohibited", Rule: strings.ToUpper(st.Module.Game.ID) + " " + pr.Rule, Msg: fmt.Sprintf("%s may not %s into %s: %s", unit, kind, loc, pr.Text)}
		}
	}
	for i := range s.SpecialRules {
		rule := &s.SpecialRules[i]
		for j := range rule.Effects {
			e := &rule.Effects[j]
			if e.Kind != "restricted-region" || !inSpan(st.Turn, e.Turns) {
				continue
			}
			if len(e.Sides) > 0 && !contains(e.Sides, u.Side) || e.Units != nil && st.Matches(e.Units, u) != Yes {
				continue
			}
			if len(e.Release) > 0 && st.regionReleased(e, u) {
				continue
			}
			forbids := contains(e.Prohibits, kind) || contains(e.Prohibits, "enter") && kind != "retreat" || kind == "end-move" && contains(e.Prohibits, "move")
			if !forbids && !(kind == "retreat" && e.RetreatInto != "") {
				continue
			}
			switch st.InRegion(p, e.Region, ctx) {
			case Yes:
				if kind == "retreat" {
					switch e.RetreatInto {
					case "allowed":
						continue
					case "removed":
						return &RuleError{Code: "retreat-removed", Rule: st.ruleLabel(rule, i), Msg: fmt.Sprintf("%s retreats into %s, a restricted area: it is removed from play", unit, loc)}
					case "disorganized":
						return &RuleError{Code: "retreat-disorganized", Rule: st.ruleLabel(rule, i), Msg: fmt.Sprintf("%s retreats into %s, a restricted area: it becomes disorganized", unit, loc)}
					}
				}
				return &RuleError{Code: "restricted-region", Rule: st.ruleLabel(rule, i), Msg: fmt.Sprintf("%s may not %s into %s", unit, kind, loc)}
			case Unknown:
				st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "unchecked", Side: u.Side, Unit: unit, To: loc, Rule: st.ruleLabel(rule, i),
					Data: map[string]any{"why": "the map data cannot tell whether the location lies in the restricted region"}})
			}
		}
	}
	return nil
}

// regionReleased reports whether a restricted region's release triggers
// have fired for a unit (a turn reached, an enemy entering, a condition).
func (st *State) regionReleased(e *scenarios.Effect, u *Unit) bool {
	if st.regionRest == nil {
		st.regionRest = map[*scenarios.Effect]*restriction{}
	}
	r := st.regionRest[e]
	if r == nil {
		f := e.Units
		sides := e.Sides
		r = &restriction{
			label: "restricted region",
			units: func(x *Unit) Tri {
				if len(sides) > 0 && !contains(sides, x.Side) {
					return No
				}
				return st.Matches(f, x)
			},
			release: e.Release, released: map[string]bool{},
		}
		st.regionRest[e] = r
	}
	st.release(r, u)
	return r.all || r.released[u.ID]
}
