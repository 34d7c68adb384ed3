package playtest

import (
	"encoding/json"
	"fmt"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// NewScript writes the start of a playtest script for a scenario, in muster
// fmt's form: the scenario as ref names it (a built-in id, or a path from
// the script's folder), seed 1, and one step that pins the victory count at
// the start of play as the rules core works it out (total, exactness,
// level, winner). The designer adds moves and the counts they expect after
// it; the first step already fails if the scenario's start or victory
// conditions change.
func NewScript(sf *scenarios.ScenarioFile, ref, id string) ([]byte, error) {
	if sf == nil || sf.Scenario == nil || sf.Module == nil {
		return nil, fmt.Errorf("new playtest: the scenario did not load")
	}
	st, err := rules.NewState(sf.Module, sf.Scenario, 1)
	if err != nil {
		return nil, fmt.Errorf("new playtest: %v", err)
	}
	r := rules.Evaluate(st)
	start := map[string]any{"expect": "vp", "total": r.Total, "exact": r.Exact,
		"note": "The count at the start of play, before any move."}
	if r.Level != "" {
		start["level"] = r.Level
	}
	if r.Winner != "" {
		start["winner"] = r.Winner
	}
	doc := map[string]any{
		"$schema":  schema.BaseURL + "playtest.schema.json",
		"id":       id,
		"title":    "TODO: what this playtest shows",
		"scenario": ref,
		"seed":     1,
		"cites":    "TODO: the rulebook wording the expected counts are worked out from (file, lines, quote)",
		"steps":    []any{start},
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	root, perr := jsonsrc.Parse(raw)
	if perr != nil {
		return nil, perr
	}
	return schema.Format("playtest", root), nil
}
