package validate

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

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
