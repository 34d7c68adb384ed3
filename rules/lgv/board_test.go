package lgv

import (
	"errors"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// A terrain feature the module marks incomplete is listed as missing; one
// that does not say is taken as given.
func TestFeatureIncomplete(t *testing.T) {
	no := false
	_, err := compileFixture(t, func(sf *scenarios.ScenarioFile) {
		for i := range sf.Module.Map.Features {
			switch f := &sf.Module.Map.Features[i]; f.ID {
			case "hills":
				f.Complete = &no
			case "wilderness":
				f.Complete = nil
			}
		}
	})
	var md *MissingData
	if !errors.As(err, &md) {
		t.Fatalf("want MissingData, got %v", err)
	}
	if want := []string{"map: feature hills is incomplete"}; strings.Join(md.Missing, "|") != want[0] {
		t.Errorf("missing %q, want %q", md.Missing, want)
	}
}

// The locations the rules name are found wherever the map lists them:
// Zones C and D, the exits (14.2.1, 17.1.1), entered from Areas 16 and
// 47; Zones L, M, N, O, where their path leads (17.1.1); Zone H and Area
// 53, the Germanna Ford crossing (14.1.1).
func TestNamedLocationsFirst(t *testing.T) {
	for _, id := range []string{"C", "D", "16", "47", "L", "M", "N", "O", "H"} {
		e := fixtureEngine(t, areaFirst(id))
		b := e.b
		if loc := b.lookup(id); loc != 0 {
			t.Fatalf("%s is location %d, want 0", id, loc)
		}
		var got bool
		switch id {
		case "C", "D":
			got = b.exitZones[0]
		case "16", "47":
			got = b.exitFrom[0]
		case "L", "M", "N", "O":
			got = b.targetZones[0]
		case "H":
			l, ok := b.linkOf(0, b.lookup("53"))
			got = ok && l.germanna
		}
		if !got {
			t.Errorf("with %s listed first the board does not mark it", id)
		}
	}
}

// 17.2 (lines 780, 782): "+1 Victory Point: Each Confederate Leader ...
// KIA"; "-1 Victory Point: Each Union Leader placed on the Turn Record
// Track because they were KIA (Section 12.2); -2 if the Hooker Leader is
// KIA"; +3 for Lee, +2 for Jackson or Stuart.
func TestLeaderKIAVP(t *testing.T) {
	e := testEngine(t)
	for id, want := range map[string]int{"u.couch.ldr-corps": -1, "u.hooker.ldr-army": -2, "c.early.ldr-div": 1, "c.lee.ldr-army": 3, "c.jackson.ldr-corps": 2} {
		g := e.NewGame(1)
		g.setStatus(e.byID[id], kia)
		if got := g.eliminationVP(); got != want {
			t.Errorf("%s KIA: %d VP, want %d", id, got, want)
		}
	}
}
