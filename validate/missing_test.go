package validate

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// Every gap a shipped module records is in its missing list, one line each:
// each component the rulebook refers to but lacks (game.json
// source.notIncluded), each missing map topic, the counters without values,
// and VP lines whose points are not printed.
func TestMissingListsEveryRecordedGap(t *testing.T) {
	for _, m := range scenarios.Builtin().Modules {
		id := m.Game.ID
		lines := Missing(m)
		seen := map[string]bool{}
		for _, l := range lines {
			if seen[l] {
				t.Errorf("%s: %q listed twice", id, l)
			}
			seen[l] = true
		}
		has := func(sub string) bool {
			for _, l := range lines {
				if strings.Contains(l, sub) {
					return true
				}
			}
			return false
		}
		if len(m.Game.Source.NotIncluded) == 0 {
			t.Errorf("%s: game.json lists no component the rulebook lacks", id)
		}
		for _, c := range m.Game.Source.NotIncluded {
			if !seen["not in the source: "+c] {
				t.Errorf("%s: missing list lacks %q", id, c)
			}
		}
		for _, tp := range m.Map.Missing {
			if !has(tp.Text) {
				t.Errorf("%s: missing list lacks map topic %s", id, tp.Topic)
			}
		}
		if !has("counter values") {
			t.Errorf("%s: missing list lacks the counter values", id)
		}
		// The gaps the rulebooks are known to leave (issue 17).
		want := map[string][]string{
			"lgv":  {"Module 19", "Players Aid Charts", "Entrench and Pontoon Bridge markers"},
			"uscw": {"Combat Results Table", "Attrition Table", "Turn Record Track", "Special Action Card decks", "Section 21"},
			"tpc":  {"Charts and Tables Cards", `VP line "For each point of Union Manpower value (cavalry and wagon)`, "scenario tpc-04: the points of VP line"},
		}
		for _, w := range want[id] {
			if !has(w) {
				t.Errorf("%s: missing list lacks %q", id, w)
			}
		}
	}
}

// The LGV module marks the Entrench and Pontoon Bridge counts missing
// (15.0, 16.0 limit play "to the markers supplied"; the counts are on the
// counter sheet), and Missing lists them for the designer.
func TestMissingListsMarkerCounts(t *testing.T) {
	m := scenarios.Builtin().Module("lgv")
	if m == nil {
		t.Fatal("no lgv module")
	}
	got := strings.Join(Missing(m), "\n")
	for _, want := range []string{"markers: how many Entrench +1 markers", "markers: how many Pontoon Bridge markers"} {
		if !strings.Contains(got, want) {
			t.Errorf("Missing(lgv) lacks %q:\n%s", want, got)
		}
	}
}
