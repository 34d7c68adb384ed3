package tsv

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// Scenario writes a scenario of module m holding the imported setup
// tables. Without from, everything else is what muster new writes (TODO
// placeholders); with from, everything else is from's (maps, length,
// special rules, victory), so a corrected table can be re-imported into a
// finished scenario. The imported tables replace the tables of their sides;
// sides not imported keep theirs. The result is in muster fmt's canonical
// form.
func Scenario(m *scenarios.Module, id string, from *scenarios.ScenarioFile, imp *Setup) ([]byte, error) {
	var doc map[string]any
	if from != nil && from.Scenario != nil && from.Doc != nil && from.Doc.File != nil {
		var err error
		if doc, err = scenarios.CopyScenario(m, id, from); err != nil {
			return nil, fmt.Errorf("import tsv: %w", err)
		}
	} else {
		from = nil
		base, err := scenarios.NewScenario(m, id, nil)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(base, &doc); err != nil {
			return nil, fmt.Errorf("import tsv: %w", err)
		}
	}
	imported := map[string]scenarios.SetupTable{}
	for _, t := range imp.Tables {
		tab := t.Table
		if from != nil {
			tab.Footnotes = tsvKeepFootnotes(tab, from.Scenario)
			for _, ft := range from.Scenario.Setup {
				if ft.Side == tab.Side && tab.Title == "" {
					tab.Title = ft.Title // a table typed without its heading
				}
			}
		}
		if tab.Title == "" {
			tab.Title = "TODO: the set-up table's heading as printed"
		}
		imported[tab.Side] = tab
	}
	var setup []any
	seen := map[string]bool{}
	old, _ := doc["setup"].([]any)
	for _, t := range old {
		side, _ := t.(map[string]any)["side"].(string)
		if tab, ok := imported[side]; ok {
			if !seen[side] {
				setup = append(setup, tab)
				seen[side] = true
			}
			continue
		}
		setup = append(setup, t)
	}
	for _, t := range imp.Tables {
		if !seen[t.Table.Side] {
			setup = append(setup, imported[t.Table.Side])
			seen[t.Table.Side] = true
		}
	}
	doc["setup"] = setup
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // footnote marks such as & stay readable
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("import tsv: %w", err)
	}
	root, perr := jsonsrc.Parse(bytes.TrimSpace(buf.Bytes()))
	if perr != nil {
		return nil, fmt.Errorf("import tsv: %v", perr)
	}
	return schema.Format("scenario", root), nil
}

// tsvKeepFootnotes returns the imported table's footnotes where a footnote
// of from's table of the same side with the same symbol and text replaces
// the imported one: from's reading is curated (the special rule it cites,
// release triggers, notes) and a legend cannot print it.
func tsvKeepFootnotes(tab scenarios.SetupTable, from *scenarios.Scenario) []scenarios.Footnote {
	if len(tab.Footnotes) == 0 {
		return tab.Footnotes
	}
	out := make([]scenarios.Footnote, len(tab.Footnotes))
	copy(out, tab.Footnotes)
	for _, ft := range from.Setup {
		if ft.Side != tab.Side {
			continue
		}
		for i, f := range out {
			for _, old := range ft.Footnotes {
				if old.Symbol == f.Symbol && old.Text == f.Text {
					out[i] = old
				}
			}
		}
	}
	return out
}
