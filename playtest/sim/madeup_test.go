package sim

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// A report of made-up data opens with its label in text, JSON and HTML; a
// report of real data has none.
func TestReportMadeUpLabel(t *testing.T) {
	tot := NewTotals(Config{Scenario: "x-01", Games: 1, Seed: 1, Bots: []string{"random", "random"}})
	tot.Add(0, Outcome{Level: "Draw", VP: 0, Turns: 1})
	for _, label := range []string{"", "MADE-UP DATA: module x plays on invented values"} {
		tot.MadeUp = label
		r := NewReport(tot)
		var txt, html bytes.Buffer
		if err := r.WriteText(&txt); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteHTML(&html); err != nil {
			t.Fatal(err)
		}
		js, _ := json.Marshal(r)
		first, _, _ := strings.Cut(txt.String(), "\n")
		if label == "" {
			if strings.Contains(txt.String()+html.String()+string(js), "MADE-UP") || !strings.HasPrefix(first, "x-01:") {
				t.Errorf("real data labelled made up: %q", first)
			}
			continue
		}
		if first != label {
			t.Errorf("text opens %q, want the label", first)
		}
		if !strings.HasPrefix(string(js), `{"madeUp":"`+label) {
			t.Errorf("JSON opens %.80s", js)
		}
		if !strings.Contains(html.String(), `<body>`+"\n"+`<p class="made-up"`) {
			t.Error("HTML body does not open with the label")
		}
	}
}
