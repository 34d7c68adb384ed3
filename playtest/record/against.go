package record

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/scenarios"
)

// Against checks a record against the scenario it names, from the data
// alone (validate has no engine): the players are the game's sides and
// the last turn lies within the scenario's length. sf nil: the scenario
// is in neither the built-in catalog nor the files validated, which may
// be right (a draft elsewhere) and so is a warning, with the nearest id.
// `muster playtest record` and `--records` check the levels through the
// scenario's engine as well.
func Against(doc *scenarios.Document, r *Record, sf *scenarios.ScenarioFile, known []string) diag.Diagnostics {
	at := func(ptr string) (int, int) {
		if n, _ := doc.Root.Lookup(ptr); n != nil {
			return n.Start, n.End
		}
		return doc.Root.Start, doc.Root.Start + 1
	}
	var ds diag.Diagnostics
	if sf == nil {
		start, end := at("/scenario")
		hint := "give the id of a built-in scenario (`muster list`), or validate the record together with its scenario's file"
		if best := suggest.Closest(r.Scenario, known); best != "" {
			hint = fmt.Sprintf("did you mean %q? (or validate the record together with its scenario's file)", best)
		}
		ds = append(ds, diag.At(doc.File, start, end, diag.Warning, "record-scenario", "/scenario",
			fmt.Sprintf("scenario %q is not built in and not among the files validated, so the record is not checked against it", r.Scenario), hint))
		return ds
	}
	var sides []string
	for _, s := range sf.Module.Game.Sides {
		sides = append(sides, s.ID)
	}
	slices.Sort(sides)
	if len(sides) > 0 && !slices.Equal(sides, r.Sides()) {
		start, end := at("/players")
		ds = append(ds, diag.At(doc.File, start, end, diag.Error, "record-players", "/players",
			fmt.Sprintf("the players are for sides %s; %s has sides %s", orNone(r.Sides()), sf.Scenario.ID, strings.Join(sides, ", ")),
			"give one player per side of the game, keyed by the side's id"))
	}
	last := sf.Scenario.Length.Turns
	if ct := sf.Scenario.Length.CalendarTurns; ct != nil && ct.Last > last {
		last = ct.Last
	}
	if r.LastTurn != nil && last > 0 && *r.LastTurn > last {
		start, end := at("/lastTurn")
		ds = append(ds, diag.At(doc.File, start, end, diag.Error, "record-last-turn", "/lastTurn",
			fmt.Sprintf("last turn %d is beyond %s's last turn, %d", *r.LastTurn, sf.Scenario.ID, last),
			"give the turn the game ended on"))
	}
	return ds
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "(none)"
	}
	return strings.Join(s, ", ")
}
