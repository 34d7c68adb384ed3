package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/playtest/record"
	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// recordFault is a record's disagreement with its scenario and the
// record field (a CSV column's key) it is about.
type recordFault struct {
	field string // scenario, player, level, lastturn
	msg   string
}

func (f *recordFault) Error() string { return f.msg }

// checkRecordAgainst checks a record against the scenario it names: its
// players are the scenario's sides (asked of the scenario's engine, when
// one plays it), its level is one the scenario's games can end in, and
// its last turn is within the scenario's length.
func checkRecordAgainst(r *record.Record, sf *scenarios.ScenarioFile) *recordFault {
	s := sf.Scenario
	if newGame, err := sim.ForScenario(sf, nil); err == nil {
		if g, err := newGame(1); err == nil {
			sides := slices.Clone(g.Sides())
			slices.Sort(sides)
			if !slices.Equal(sides, r.Sides()) {
				return &recordFault{"player", fmt.Sprintf("the players are for sides %s; %s has sides %s: give one player per side", sidesOrNone(r.Sides()), s.ID, strings.Join(sides, ", "))}
			}
			if ender, ok := g.(rules.Ender); ok && r.Result.Level != "" {
				var names []string
				for _, e := range ender.Endings() {
					if !slices.Contains(names, e.Level) {
						names = append(names, e.Level)
					}
				}
				if !slices.Contains(names, r.Result.Level) {
					return &recordFault{"level", fmt.Sprintf("level %q is not a level of %s (%s)", r.Result.Level, s.ID, strings.Join(names, "; "))}
				}
			}
		}
	}
	// Turns count from 1, or on the calendar (TPC's Campaign Game's
	// turns for scenario 12), as merge reads them.
	last := s.Length.Turns
	if ct := s.Length.CalendarTurns; ct != nil && ct.Last > last {
		last = ct.Last
	}
	if r.LastTurn != nil && last > 0 && *r.LastTurn > last {
		return &recordFault{"lastturn", fmt.Sprintf("last turn %d is beyond %s's last turn, %d", *r.LastTurn, s.ID, last)}
	}
	return nil
}

func sidesOrNone(s []string) string {
	if len(s) == 0 {
		return "(none)"
	}
	return strings.Join(s, ", ")
}

// csvScenarios finds the scenario a CSV row names: a built-in id, or the
// id of the --scenario FILE given beside --from-csv.
type csvScenarios struct {
	given *scenarios.ScenarioFile
}

func (cs csvScenarios) find(id string) *scenarios.ScenarioFile {
	if cs.given != nil && cs.given.Scenario.ID == id {
		return cs.given
	}
	return scenarios.Builtin().Scenario(id)
}

// rowColumn is the CSV header a fault's field is in.
func rowColumn(field string, r *record.Record) string {
	switch field {
	case "lastturn":
		return "last turn"
	case "player":
		return "" // the row's player columns together
	}
	return field
}
