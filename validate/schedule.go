package validate

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// scheduleUnitAbsent: a dated withdrawal of the module's schedule (TPC
// 16.0) takes named counters off the map. A scenario that plays through the
// schedule must have each of them on the map by then, or the withdrawal
// cannot be made: TPC scenario 11 lost Wickham's setup row (line 3010) while
// 16.1 withdraws him on Turn 56 (line 2264).
var scheduleUnitAbsent = register(&Check{
	Code:  "schedule-unit-absent",
	Title: "a schedule withdraws a unit that is not on the map at that time",
	Doc: "A scenario that takes reinforcements from the module's schedule (a setup row's entry names a schedule entry) plays every " +
		"dated withdrawal of that schedule within its span. Each unit a withdrawal names must then be on the map: set up at the start, " +
		"or entered (by a setup row's entry or a schedule reinforcement) on or before the withdrawal's date, and not withdrawn " +
		"earlier without returning. Units a withdrawal selects by a filter (any one corps leader, all brigades of a division) are not checked.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		s := p.Scenario
		if p.Module == nil || p.Module.Game == nil {
			return
		}
		used := map[string]bool{}
		for _, t := range s.Setup {
			for _, r := range t.Rows {
				if r.Entry != nil && r.Entry.Schedule != "" {
					used[r.Entry.Schedule] = true
				}
			}
		}
		if len(used) == 0 {
			return
		}
		var entries []scenarios.ScheduleEntry
		uses := false
		for _, tf := range p.Module.Tables {
			if tf.Table == nil || tf.Table.Kind != "schedule" {
				continue
			}
			for _, e := range tf.Table.Entries {
				uses = uses || used[e.ID]
			}
			entries = append(entries, tf.Table.Entries...)
		}
		if !uses {
			return
		}
		cal := p.Module.Game.Calendar
		start, end := s.Length.Start, s.Length.End
		if start == "" {
			return
		}
		if end == "" && cal != nil && s.Length.Turns > 0 {
			if n, err := cal.TurnOf(start); err == nil {
				end, _ = cal.DateOf(n + s.Length.Turns - 1)
			}
		}
		// rowDate is the date a setup row's unit is on the map: the start,
		// or its entry's date (from the entry's date or scenario turn).
		rowDate := func(e *scenarios.Entry) string {
			if e == nil {
				return start
			}
			if e.Date != "" {
				return e.Date
			}
			if e.Turn > 0 && cal != nil {
				if n, err := cal.TurnOf(start); err == nil {
					if d, err := cal.DateOf(n + e.Turn - 1); err == nil {
						return d
					}
				}
			}
			return start // an entry without a date or turn: not checkable, taken as there
		}
		type event struct {
			date     string
			withdraw bool
			entry    int // index into entries, for a schedule event
			unit     string
		}
		var evs []event
		sideTable := map[string]int{}
		for ti, t := range s.Setup {
			if _, ok := sideTable[t.Side]; !ok {
				sideTable[t.Side] = ti
			}
			for _, r := range t.Rows {
				if r.Unit != "" {
					evs = append(evs, event{date: rowDate(r.Entry), unit: r.Unit, entry: -1})
				}
			}
		}
		for i, e := range entries {
			if e.Date < start || (end != "" && e.Date > end) {
				continue
			}
			for _, u := range e.Units {
				if u.Unit != "" {
					evs = append(evs, event{date: e.Date, withdraw: e.Action == "withdrawal", entry: i, unit: u.Unit})
				}
			}
		}
		// By date; on one date arrivals come before withdrawals.
		sort.SliceStable(evs, func(i, j int) bool {
			if evs[i].date != evs[j].date {
				return evs[i].date < evs[j].date
			}
			return !evs[i].withdraw && evs[j].withdraw
		})
		onMap := map[string]bool{}
		for _, ev := range evs {
			if !ev.withdraw {
				onMap[ev.unit] = true
				continue
			}
			if !onMap[ev.unit] {
				e := entries[ev.entry]
				ptr := "/setup"
				if ti, ok := sideTable[e.Side]; ok {
					ptr = fmt.Sprintf("/setup/%d", ti)
				}
				p.Report(ptr, fmt.Sprintf("the schedule's %s %s (%s, turn %d) withdraws %s, which is not on the map then in %s", e.Action, e.ID, e.Date, e.Turn, ev.unit, s.ID),
					"add the unit's setup row or entry (the rulebook may have lost a row), or correct the schedule's unit")
			}
			onMap[ev.unit] = false
		}
	},
})
