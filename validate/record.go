package validate

import (
	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/playtest/record"
	"github.com/musterhq/muster/scenarios"
)

// Record checks a game record beyond its schema: its sides and date
// (record.Check), then against the scenario it names, found in the
// built-in catalog or among the modules validated with it.
func Record(doc *scenarios.Document, modules []*scenarios.Module) diag.Diagnostics {
	r, ds := record.Check(doc)
	if r == nil {
		return ds
	}
	sf := scenarios.Builtin().Scenario(r.Scenario)
	var known []string
	for _, m := range append(modules, scenarios.Builtin().Modules...) {
		for _, s := range m.Scenarios {
			if s.Scenario == nil {
				continue
			}
			known = append(known, s.Scenario.ID)
			if sf == nil && s.Scenario.ID == r.Scenario {
				sf = s
			}
		}
	}
	return append(ds, record.Against(doc, r, sf, known)...)
}
