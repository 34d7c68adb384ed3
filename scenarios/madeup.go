package scenarios

import (
	"fmt"
	"strings"
)

// MadeUp is the status, provenance and note kind of invented test data:
// values a test module makes up so an engine can run where the rulebook
// gives none. A shipped module never carries it (a catalog test checks).
const MadeUp = "made-up"

// MadeUp lists the made-up data of a module, one line per kind of fact:
// counters whose values are invented, map features and regions filled in
// by invention, and missing map topics a test module stands in for. Empty
// for a module of real data.
func (m *Module) MadeUp() []string {
	if m == nil {
		return nil
	}
	var out []string
	if c := m.Counters; c != nil {
		n := 0
		for _, ct := range c.Counters {
			if ct.Printed.Status == MadeUp {
				n++
			}
		}
		if n > 0 {
			what := "printed values"
			if len(c.Values) > 0 {
				what = strings.Join(c.Values, ", ")
			}
			out = append(out, fmt.Sprintf("counter values (%s) for %d of %d counters", what, n, len(c.Counters)))
		}
	}
	if mp := m.Map; mp != nil {
		for _, f := range mp.Features {
			if f.Provenance == MadeUp {
				out = append(out, fmt.Sprintf("map feature %s (%s)", f.ID, f.Name))
			}
		}
		for _, r := range mp.Regions {
			if r.Provenance == MadeUp {
				out = append(out, fmt.Sprintf("map region %s (%s)", r.ID, r.Name))
			}
		}
		for _, t := range mp.Missing {
			if t.MadeUp != "" {
				out = append(out, fmt.Sprintf("map %s: %s", t.Topic, t.MadeUp))
			}
		}
		n := 0
		for _, h := range mp.Hexes {
			if h.Status == MadeUp {
				n++
			}
		}
		for _, h := range mp.Hexsides {
			if h.Status == MadeUp {
				n++
			}
		}
		if n > 0 {
			out = append(out, fmt.Sprintf("map hex and hexside data for %d hexes and hexsides", n))
		}
	}
	for _, tf := range m.Tables {
		if t := tf.Table; t != nil && t.Status == MadeUp {
			out = append(out, fmt.Sprintf("table %s (%s)", t.ID, t.Title))
		}
	}
	if g := m.Game; g != nil {
		for _, d := range g.Decks {
			if d.Status == MadeUp {
				out = append(out, fmt.Sprintf("deck %s (%s)", d.ID, d.Name))
			}
		}
	}
	return out
}

// MadeUpLabel is the line a report on a module with made-up data opens
// with, so figures from invented values are never read as the game's; ""
// for a module of real data.
func (m *Module) MadeUpLabel() string {
	if len(m.MadeUp()) == 0 {
		return ""
	}
	id := m.Dir
	if m.Game != nil {
		id = m.Game.ID
	}
	return fmt.Sprintf("MADE-UP DATA: module %s plays on invented values (muster validate lists them), not the game's; these results say nothing about the published game.", id)
}
