package uscw

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// The test module's made-up Mississippi is compiled as three Type 2
// hexsides with a Gulf end; a map whose Mississippi is not one Type 2
// river from the north map edge to a Gulf end is refused, and a map that
// names none plays on (the End Phase says the award is not scored).
func TestMississippiCompiled(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	w := e.b.ww
	if len(w.miss) != 3 || w.gulf < 0 {
		t.Fatalf("want the test map's three Mississippi hexsides and its Gulf end, got %v, gulf %d", w.miss, w.gulf)
	}
	if g := (&game{e: e}); g.sideName(w.gulf) != "1714-1715" {
		t.Fatalf("the Gulf end is %s, want 1714-1715", g.sideName(w.gulf))
	}
	refused := []struct {
		why    string
		change func(m *scenarios.Map)
		want   string
	}{
		{"a Type 1 hexside named Mississippi", func(m *scenarios.Map) {
			for i := range m.Hexsides {
				if m.Hexsides[i].Kinds[0] == "navigable-river-type-1" {
					m.Hexsides[i].River = mississippiRiver
					return
				}
			}
		}, "no Type 2 Navigable River hexside"},
		{"no Gulf end", func(m *scenarios.Map) {
			for i := range m.Features {
				if m.Features[i].ID == "mississippi-gulf-end" {
					m.Features[i].Attributes = nil
				}
			}
		}, "no Gulf end"},
		{"the north end cut off", func(m *scenarios.Map) {
			for i := range m.Hexsides {
				if m.Hexsides[i].River != "" && m.Hexsides[i].Between[0] == "1614" && m.Hexsides[i].Between[1] == "1615" {
					m.Hexsides[i].River = ""
				}
			}
		}, "no hexside at the north map edge"},
		{"a second, separate river", func(m *scenarios.Map) {
			for i := range m.Hexsides {
				if m.Hexsides[i].Kinds[0] == "navigable-river-type-2" && m.Hexsides[i].River == "" {
					m.Hexsides[i].River = mississippiRiver // a row-30 hexside, touching nothing
					return
				}
			}
		}, "not one river"},
	}
	for _, c := range refused {
		sf := loadScenario(t, scen1861)
		c.change(sf.Module.Map)
		if _, err := Compile(sf); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: want a refusal saying %q, got %v", c.why, c.want, err)
		}
	}
	sf := loadScenario(t, scen1861)
	for i := range sf.Module.Map.Hexsides {
		sf.Module.Map.Hexsides[i].River = ""
	}
	var features []scenarios.Feature
	for _, f := range sf.Module.Map.Features {
		if f.ID != "mississippi-gulf-end" {
			features = append(features, f)
		}
	}
	sf.Module.Map.Features = features
	if e, err := Compile(sf); err != nil || len(e.b.ww.miss) != 0 {
		t.Fatalf("a map naming no Mississippi plays on without it: %v", err)
	}
}

// The invariant checker counts Mississippi River Control's 3 VPs among
// the Union VP track's causes: counted with the standing they hold, a
// standing without them (or them without it) breaks 20.3.1.
func TestMississippiVPsInvariant(t *testing.T) {
	ng := checkedGames(t, scen1861)
	x, err := ng(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	g.missHeld = true
	g.core.Tracks["union-vp"] += mississippiVPs
	if v := g.violations(); len(v) != 0 {
		t.Fatalf("the 3 VPs with their standing break nothing, got %q", v)
	}
	g.core.Tracks["union-vp"] -= mississippiVPs
	v := g.violations()
	if len(v) != 2 || !strings.Contains(v[0], "Mississippi River Control") || !strings.Contains(v[1], "Mississippi River Control") {
		t.Fatalf("the standing without its 3 VPs: want the two 20.3.1 tallies, got %q", v)
	}
}
