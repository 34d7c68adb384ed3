package validate

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/scenarios"
)

// Module-level checks: the rules tables of a module's tables folder and the
// calendar of its game.json. They run once per module, not per scenario.

// ModulePass is one run of a module-level check over one module.
type ModulePass struct {
	Check  *Check
	Module *scenarios.Module
	Index  *scenarios.Index
	diags  *diag.Diagnostics
}

// on returns a scenario-style Pass reporting on doc under check c, so the
// reference walker of refs.go serves tables too. Its scenario is empty: a
// table names locations with qualified prefixes only.
func (mp *ModulePass) on(c *Check, doc *scenarios.Document) *Pass {
	return &Pass{Check: c, Scenario: &scenarios.Scenario{}, Doc: doc, Module: mp.Module, Index: mp.Index, diags: mp.diags}
}

// tables calls fn for every table that loaded.
func (mp *ModulePass) tables(fn func(tf *scenarios.TableFile)) {
	for _, tf := range mp.Module.Tables {
		if tf.Table != nil && tf.Doc != nil && tf.Doc.Valid {
			fn(tf)
		}
	}
}

// Module runs the module-level checks over a module whose files loaded.
func Module(m *scenarios.Module, opts Options) diag.Diagnostics {
	var ds diag.Diagnostics
	if m == nil || m.Game == nil || !m.Complete {
		return nil
	}
	ix := m.Index()
	for _, c := range Checks() {
		if opts.Disable[c.Code] || c.Module == nil {
			continue
		}
		c.Module(&ModulePass{Check: c, Module: m, Index: ix, diags: &ds})
	}
	return ds.Sort()
}

var tableRefs = register(&Check{
	Code:      "table-refs",
	Title:     "rules table refers to a unit, side, map feature or region the module does not define",
	Doc:       "Counter ids, sides, unit types and sizes, map features, regions, sheets and locations named in a module's rules tables must exist in the module. Findings carry the codes of the scenario checks they mirror: unit-unknown for a schedule's unit ids, ref-unknown for the rest.",
	Severity:  diag.Error,
	ReportsAs: []string{"unit-unknown", "ref-unknown"},
	Module: func(mp *ModulePass) {
		mp.tables(func(tf *scenarios.TableFile) {
			ref := mp.on(refUnknown, tf.Doc)
			unit := mp.on(unitUnknown, tf.Doc)
			root := tf.Doc.Root
			root.WalkContainers(func(ptr string, node *jsonsrc.Node) {
				if node.Kind != jsonsrc.Object {
					return
				}
				for _, m := range node.Members {
					switch m.Key {
					case "unit", "instead":
						// A schedule's units: the setup-row vocabulary.
						ids := []*jsonsrc.Node{m.Value}
						base := ptr + "/" + m.Key
						if m.Value.Kind == jsonsrc.Array {
							ids = m.Value.Items
						}
						for i, n := range ids {
							p := base
							if m.Value.Kind == jsonsrc.Array {
								p = fmt.Sprintf("%s/%d", base, i)
							}
							if n.Kind == jsonsrc.String && mp.Index.Counters[n.Text] == nil {
								unit.Report(p, fmt.Sprintf("no counter %q in %s", n.Text, mp.Module.Game.Files.Counters),
									"add the counter to the counters file, or correct the id"+suggest.DidYouMean(n.Text, keys(mp.Index.Counters)))
							}
						}
					case "commands":
						// Command codes are checked against the filter's side.
						side := ""
						if s := node.Get("side"); s != nil {
							side = s.Text
						}
						if side == "" || m.Value.Kind != jsonsrc.Array {
							continue
						}
						for i, it := range m.Value.Items {
							if mp.Index.Commands[side][it.Text] == nil {
								ref.Report(fmt.Sprintf("%s/commands/%d", ptr, i), fmt.Sprintf("no %s command %q in the module", side, it.Text), "use a command code of game.json")
							}
						}
					default:
						checkRef(ref, ptr, m)
					}
				}
			})
		})
	},
})

var tableCalendar = register(&Check{
	Code:     "table-calendar",
	Title:    "rules table date or turn outside the calendar or disagreeing with it",
	Doc:      "Dates in rules tables (schedule entries, month bands, conversion and modifier spans) must lie within the module calendar, a span must not end before it starts, and every turn printed beside a date must be that date's calendar turn. Marked turns of game.json must lie within the calendar.",
	Severity: diag.Error,
	Module: func(mp *ModulePass) {
		cal := mp.Module.Game.Calendar
		if cal == nil || cal.Step != "day" {
			return
		}
		last := cal.LastTurn()
		if gd := mp.Module.GameDoc; gd != nil && gd.Valid {
			p := mp.on(mp.Check, gd)
			for i, mt := range cal.Marked {
				if last > 0 && mt.Turn > last {
					p.Report(fmt.Sprintf("/calendar/marked/%d/turn", i), fmt.Sprintf("turn %d is beyond the calendar's last turn %d", mt.Turn, last), "")
				}
			}
		}
		mp.tables(func(tf *scenarios.TableFile) {
			p := mp.on(mp.Check, tf.Doc)
			date := func(ptr, d string) {
				if d == "" {
					return
				}
				if d < cal.Start || (cal.End != "" && d > cal.End) {
					p.Report(ptr, fmt.Sprintf("%s lies outside the calendar (%s to %s)", d, cal.Start, cal.End), "correct the date")
				}
			}
			turnOf := func(d string) int {
				n, err := cal.TurnOf(d)
				if err != nil {
					return 0
				}
				return n
			}
			spans := func(ptr string, ss []scenarios.DateSpan) {
				for i, s := range ss {
					sp := fmt.Sprintf("%s/%d", ptr, i)
					date(sp+"/start", s.Start)
					date(sp+"/end", s.End)
					if s.Start != "" && s.End != "" && s.End < s.Start {
						p.Report(sp, fmt.Sprintf("the span ends (%s) before it starts (%s)", s.End, s.Start), "")
					}
					if s.Turns == nil {
						continue
					}
					if s.Turns.From != 0 && s.Start != "" && turnOf(s.Start) != s.Turns.From {
						p.Report(sp+"/turns/from", fmt.Sprintf("%s is calendar turn %d, not %d", s.Start, turnOf(s.Start), s.Turns.From), fmt.Sprintf("set from to %d or correct the date", turnOf(s.Start)))
					}
					end := s.End
					if end == "" {
						end = cal.End
					}
					if s.Turns.To != 0 && end != "" && turnOf(end) != s.Turns.To {
						p.Report(sp+"/turns/to", fmt.Sprintf("%s is calendar turn %d, not %d", end, turnOf(end), s.Turns.To), fmt.Sprintf("set to to %d or correct the date", turnOf(end)))
					}
				}
			}
			t := tf.Table
			spans("/applies", t.Applies)
			for i, c := range t.Conversions {
				spans(fmt.Sprintf("/conversions/%d/during", i), c.During)
				spans(fmt.Sprintf("/conversions/%d/except", i), c.Except)
			}
			for i, m := range t.Modifiers {
				spans(fmt.Sprintf("/modifiers/%d/during", i), m.During)
			}
			for i, e := range t.Entries {
				ep := fmt.Sprintf("/entries/%d", i)
				date(ep+"/date", e.Date)
				if n := turnOf(e.Date); n != 0 && n != e.Turn {
					p.Report(ep+"/turn", fmt.Sprintf("%s is calendar turn %d, not %d", e.Date, n, e.Turn), fmt.Sprintf("set turn to %d or correct the date", n))
				}
			}
		})
	},
})

var tableShape = register(&Check{
	Code:     "table-shape",
	Title:    "rules table rows overlap, leave gaps, or name undeclared events, marks or tables",
	Doc:      "A dice table's rows are in key order without overlaps or gaps and cover every roll of its dice (an unmodified table exactly; a modified one with open ends); a lookup's rows do not overlap. Every event a row or conversion names is declared in the table's events, every footnote mark on a row has a conversion and every conversion's mark is on a row; valueFrom names a table of the module, returns a withdrawal of the schedule, and entrenchment a value of the module's entrenchment state. Schedule entry ids are unique in the module.",
	Severity: diag.Error,
	Module: func(mp *ModulePass) {
		seenEntry := map[string]bool{}
		mp.tables(func(tf *scenarios.TableFile) {
			p := mp.on(mp.Check, tf.Doc)
			t := tf.Table
			rows(p, t)
			declared := map[string]bool{}
			for _, e := range t.Events {
				declared[e.ID] = true
			}
			event := func(ptr, id string) {
				if id != "" && !declared[id] {
					var ids []string
					for k := range declared {
						ids = append(ids, k)
					}
					p.Report(ptr, fmt.Sprintf("event %q is not declared in the table's events", id), "declare it in events or correct the id"+suggest.DidYouMean(id, ids))
				}
			}
			rowMarks := map[rune]bool{}
			for i, r := range t.Rows {
				rp := fmt.Sprintf("/rows/%d", i)
				event(rp+"/result/event", r.Result.Event)
				for _, m := range r.Marks {
					rowMarks[m] = true
				}
				if e := r.Result.Entrenchment; e != "" {
					if st := mp.Index.States["entrenchment"]; st == nil || !contains(st.Values, e) {
						p.Report(rp+"/result/entrenchment", fmt.Sprintf("%q is not a value of the module's entrenchment state", e), "use a value of game.json states entrenchment")
					}
				}
			}
			convMarks := map[rune]bool{}
			for i, c := range t.Conversions {
				cp := fmt.Sprintf("/conversions/%d", i)
				event(cp+"/becomes", c.Becomes)
				for j, e := range c.Events {
					event(fmt.Sprintf("%s/events/%d", cp, j), e)
				}
				for _, m := range c.Mark {
					convMarks[m] = true
					if !rowMarks[m] {
						p.Report(cp+"/mark", fmt.Sprintf("no row carries the mark %q", string(m)), "add the mark to the rows it applies to, or remove the conversion")
					}
				}
			}
			for i, r := range t.Rows {
				for _, m := range r.Marks {
					if !convMarks[m] {
						p.Report(fmt.Sprintf("/rows/%d/marks", i), fmt.Sprintf("mark %q has no conversion", string(m)), "add the conversion the footnote gives")
					}
				}
			}
			for i, m := range t.Modifiers {
				if m.ValueFrom != "" && mp.Module.Table(m.ValueFrom) == nil {
					p.Report(fmt.Sprintf("/modifiers/%d/valueFrom", i), fmt.Sprintf("no table %q in the module", m.ValueFrom), "name a table of the tables folder")
				}
			}
			for i, e := range t.Entries {
				ep := fmt.Sprintf("/entries/%d", i)
				if seenEntry[e.ID] {
					p.Report(ep+"/id", fmt.Sprintf("schedule entry id %q is used twice in the module", e.ID), "give each entry its own id")
				}
				seenEntry[e.ID] = true
				if e.Returns != "" {
					w := mp.Module.ScheduleEntry(e.Returns)
					switch {
					case w == nil:
						p.Report(ep+"/returns", fmt.Sprintf("no schedule entry %q in the module", e.Returns), "name a withdrawal entry")
					case w.Action != "withdrawal" || w.Side != e.Side || w.Date >= e.Date:
						p.Report(ep+"/returns", fmt.Sprintf("%q is not an earlier %s withdrawal", e.Returns, e.Side), "name an earlier withdrawal of the same side")
					}
				}
				if i > 0 && e.Date < t.Entries[i-1].Date {
					p.Report(ep+"/date", "schedule entries are not in date order", "sort the entries by date")
				}
			}
		})
	},
})

// rows checks a dice or lookup table's key ranges.
func rows(p *Pass, t *scenarios.Table) {
	if len(t.Rows) == 0 {
		return
	}
	type rng struct{ lo, hi, i int }
	const inf = 1 << 30
	var rs []rng
	for i, r := range t.Rows {
		lo, hi := -inf, inf
		if r.Min != nil {
			lo = *r.Min
		}
		if r.Max != nil {
			hi = *r.Max
		}
		if lo > hi {
			p.Report(fmt.Sprintf("/rows/%d", i), fmt.Sprintf("row %q: min %d is above max %d", r.Printed, lo, hi), "")
		}
		rs = append(rs, rng{lo, hi, i})
	}
	if !sort.SliceIsSorted(rs, func(a, b int) bool { return rs[a].lo < rs[b].lo }) {
		p.Report("/rows", "rows are not in key order", "order the rows as printed, lowest key first")
		return
	}
	for k := 1; k < len(rs); k++ {
		prev, cur := rs[k-1], rs[k]
		switch {
		case cur.lo <= prev.hi:
			p.Report(fmt.Sprintf("/rows/%d", cur.i), fmt.Sprintf("row %q overlaps row %q", t.Rows[cur.i].Printed, t.Rows[prev.i].Printed), "")
		case t.Kind == "dice" && cur.lo > prev.hi+1:
			p.Report(fmt.Sprintf("/rows/%d", cur.i), fmt.Sprintf("no row covers %d", prev.hi+1), "")
		}
	}
	if t.Kind != "dice" || t.Dice == "" {
		return
	}
	lo, hi := 1, 6
	if t.Dice == "2d6" {
		lo, hi = 2, 12
	}
	first, last := rs[0], rs[len(rs)-1]
	if first.lo > lo {
		p.Report("/rows/0", fmt.Sprintf("no row covers a roll of %d", lo), "")
	}
	if last.hi < hi {
		p.Report(fmt.Sprintf("/rows/%d", last.i), fmt.Sprintf("no row covers a roll of %d", hi), "")
	}
	if !t.Modified && (first.lo < lo || last.hi > hi) {
		p.Report("/rows", fmt.Sprintf("an unmodified %s roll lies in %d-%d; rows reach beyond it", t.Dice, lo, hi), "set modified: true if the rows are keyed by modified rolls")
	}
}

var tableManual = register(&Check{
	Code:     "table-manual",
	Title:    "rules table part the players apply from the text",
	Doc:      "Conversions, modifiers and schedule entries marked \"adjudication\": \"manual\" carry a condition the vocabulary cannot express; the engine cannot apply them alone, so every one is listed.",
	Severity: diag.Info,
	Module: func(mp *ModulePass) {
		mp.tables(func(tf *scenarios.TableFile) {
			p := mp.on(mp.Check, tf.Doc)
			t := tf.Table
			for i, c := range t.Conversions {
				if c.Adjudication == "manual" {
					p.Report(fmt.Sprintf("/conversions/%d/adjudication", i), fmt.Sprintf("%s: conversion applied by the players: %s", t.ID, clip(c.Condition, 70)), "")
				}
			}
			for i, m := range t.Modifiers {
				if m.Adjudication == "manual" {
					p.Report(fmt.Sprintf("/modifiers/%d/adjudication", i), fmt.Sprintf("%s: modifier %s applied by the players: %s", t.ID, m.Printed, clip(m.Condition, 70)), "")
				}
			}
			for i, e := range t.Entries {
				if e.Adjudication == "manual" {
					p.Report(fmt.Sprintf("/entries/%d/adjudication", i), fmt.Sprintf("%s: part of %s is applied by the players from its text", t.ID, e.ID), "")
				}
			}
		})
	},
})
