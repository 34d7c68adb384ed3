package scenarios

import (
	"encoding/json"
	"fmt"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/schema"
)

// Scaffolds for `muster new`: documents with every required field present.
// Values a designer must supply are strings beginning "TODO" (the
// validator's placeholder check flags each until it is replaced); values
// the schema types as numbers or ids get a neutral start the designer
// edits beside a TODO text.

const todo = "TODO: "

// NewScenario returns a new scenario of module m. With from, it is the
// whole of from under the new id (CopyScenario): an erratum or a variant
// starts as the scenario it amends.
func NewScenario(m *Module, id string, from *ScenarioFile) ([]byte, error) {
	if m == nil || m.Game == nil {
		return nil, fmt.Errorf("new scenario: the module did not load")
	}
	if from != nil {
		doc, err := CopyScenario(m, id, from)
		if err != nil {
			return nil, err
		}
		return formatted(doc, "scenario")
	}
	g := m.Game
	maps := map[string]any{"text": todo + "the MAPS paragraph as printed"}
	var setup []any
	if mp := m.Map; mp != nil {
		var sheets []map[string]string
		for _, s := range mp.Sheets {
			if s.InPlay == nil || *s.InPlay {
				sheets = append(sheets, map[string]string{"sheet": s.ID, "part": todo + "the part of " + s.Name + " in play (all, south half...), or remove the sheet"})
			}
		}
		if len(sheets) > 0 {
			maps["sheets"] = sheets
		}
		if p := defaultPrefixes(mp); len(p) > 0 {
			maps["prefixes"] = p
			maps["text"] = todo + "the MAPS paragraph as printed; check that maps.prefixes names the sheet each bare hex prefix means"
		}
	}
	for _, side := range g.Sides {
		setup = append(setup, map[string]any{"side": side.ID, "title": todo + "the " + side.Name + " set-up heading as printed", "rows": []any{}})
	}
	doc := map[string]any{
		"$schema":      schema.BaseURL + "scenario.schema.json",
		"id":           id,
		"module":       g.ID,
		"title":        todo + "the scenario title as printed",
		"source":       map[string]any{"document": todo + "the rulebook, magazine or file the scenario is printed in"},
		"maps":         maps,
		"length":       map[string]any{"text": todo + "the GAME LENGTH line as printed; set turns (and start/end dates) to match", "turns": 1},
		"setup":        setup,
		"specialRules": []any{},
		"victory":      map[string]any{"text": todo + "the VICTORY CONDITIONS as printed; add awards and levels"},
	}
	return formatted(doc, "scenario")
}

// defaultPrefixes gives each bare hex prefix that several sheets share
// (TPC's S and N) its first sheet in play, so that hexes typed as printed
// resolve from the start; the MAPS text asks the designer to check it. A
// prefix left on a sheet not in play is reported by validate.
func defaultPrefixes(mp *Map) map[string]string {
	users := map[string][]Sheet{}
	for _, s := range mp.Sheets {
		if s.Prefix != "" {
			users[s.Prefix] = append(users[s.Prefix], s)
		}
	}
	out := map[string]string{}
	for prefix, ss := range users {
		if len(ss) < 2 {
			continue
		}
		out[prefix] = ss[0].ID
		for _, s := range ss {
			if s.InPlay == nil || *s.InPlay {
				out[prefix] = s.ID
				break
			}
		}
	}
	return out
}

// CopyScenario returns the whole of scenario from (every field as written:
// maps, setup, length, special rules, victory, notes) as a document of a
// new scenario with the given id. Every command's --from means this copy.
func CopyScenario(m *Module, id string, from *ScenarioFile) (map[string]any, error) {
	if from == nil || from.Scenario == nil || from.Doc == nil || from.Doc.File == nil {
		return nil, fmt.Errorf("new scenario: the scenario to copy did not load")
	}
	if from.Scenario.Module != m.Game.ID {
		return nil, fmt.Errorf("new scenario: %s is a %s scenario, not %s", from.Scenario.ID, from.Scenario.Module, m.Game.ID)
	}
	var doc map[string]any
	if err := json.Unmarshal(from.Doc.File.Bytes, &doc); err != nil {
		return nil, fmt.Errorf("new scenario: %s: %w", from.Doc.Path, err)
	}
	doc["$schema"] = schema.BaseURL + "scenario.schema.json"
	doc["id"] = id
	return doc, nil
}

// NewModule returns the game.json, map.json and counters.json of a new game
// module with an empty map of the given kind (hex or area).
func NewModule(id, mapKind string) (game, mapDoc, counters []byte, err error) {
	if mapKind != "hex" && mapKind != "area" {
		return nil, nil, nil, fmt.Errorf("new module: map kind %q is not hex or area", mapKind)
	}
	g := map[string]any{
		"$schema":   schema.BaseURL + "game.schema.json",
		"id":        id,
		"title":     todo + "the game's title",
		"publisher": todo + "the publisher",
		"system":    "none",
		"source":    map[string]any{"document": todo + "the rulebook the module is transcribed from"},
		"sides": []any{
			map[string]any{"id": "side-a", "name": todo + "the first side's name (and rename its id)"},
			map[string]any{"id": "side-b", "name": todo + "the second side's name (and rename its id)"},
		},
		"unitTypes": []any{map[string]any{"code": "Inf", "name": todo + "the unit types the counters print", "role": "combat"}},
		"unitSizes": []any{map[string]any{"code": "Div", "name": todo + "the unit sizes the counters print", "rank": 1}},
		"commands":  map[string]any{"side-a": []any{}, "side-b": []any{}},
		"states":    []any{},
		"markers":   []any{},
		"stacking":  map[string]any{"text": todo + "the stacking rule as printed, with its limits (or missing: true)"},
		"files":     map[string]any{"map": "map.json", "counters": "counters.json", "scenarios": "scenarios"},
	}
	mp := map[string]any{
		"$schema": schema.BaseURL + "map.schema.json",
		"module":  id,
		"kind":    mapKind,
		"missing": []any{map[string]any{"topic": "map", "text": todo + "digitize the map: places, regions, features, and what the rulebook does not give"}},
	}
	if mapKind == "hex" {
		mp["sheets"] = []any{map[string]any{
			"id": "main", "name": todo + "the sheet's name; set its prefix, column and row ranges and hex grid",
			"prefix": "", "columns": map[string]int{"min": 1, "max": 1}, "rows": map[string]int{"min": 1, "max": 1},
			"orientation": "columns", "oddColumns": "up",
		}}
	} else {
		mp["areas"] = []any{map[string]any{"id": "1", "kind": "area", "name": todo + "the areas and zones as numbered on the map"}}
	}
	c := map[string]any{
		"$schema": schema.BaseURL + "counters.schema.json",
		"module":  id,
		"counters": []any{map[string]any{
			"id": "a.example.inf", "name": todo + "one entry per counter (id <side>.<name>.<type>)",
			"side": "side-a", "type": "Inf", "size": "Div", "printed": map[string]any{"status": "missing"},
		}},
	}
	if game, err = formatted(g, "game"); err == nil {
		if mapDoc, err = formatted(mp, "map"); err == nil {
			counters, err = formatted(c, "counters")
		}
	}
	return game, mapDoc, counters, err
}

// formatted renders a document in muster fmt's canonical form.
func formatted(doc any, kind schema.Kind) ([]byte, error) {
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	root, perr := jsonsrc.Parse(raw)
	if perr != nil {
		return nil, perr
	}
	return schema.Format(kind, root), nil
}
