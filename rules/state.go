package rules

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/scenarios"
)

// State is a game position: where every unit stands and in what state, the
// markers on the map, who controls which locations, the turn, the tracks
// and statuses, the per-side tallies and the event history that victory
// conditions ask about.
type State struct {
	Module   *scenarios.Module
	Scenario *scenarios.Scenario
	Topo     *Topology

	Turn  int
	Phase string

	Units    map[string]*Unit
	Markers  []PlacedMarker
	Control  map[Point]string // side controlling a location, where set
	Tracks   map[string]float64
	Statuses map[string]string
	// Tallies per side: "manpower-lost:combat", "vp:<award id>" (points a
	// per-phase award has accumulated), "exited" ...
	Tallies map[string]map[string]float64
	// Declared events (a Confederate evacuation) with the turn declared.
	Declared map[string]int
	Log      *EventLog

	restr []*restriction // activation restrictions, gathered once
}

// Unit is one counter in play.
type Unit struct {
	ID     string
	Side   string
	Row    *scenarios.SetupRow // the setup row that placed it
	OnMap  bool
	At     Point
	Loc    string // the location as printed or last given
	States map[string]any
	// Start is where it set up (for "units starting the game in ..." filters).
	Start    Point
	HasStart bool
	Removed  string // "", "eliminated", "exited", "withdrawn"
	Exit     *ExitRecord
}

// ExitRecord is how a unit left the map.
type ExitRecord struct {
	At          string   // the edge hex it exited from
	Via         []string // road, railroad
	Retreat     bool     // it exited by retreat
	Demoralized bool
}

// PlacedMarker is a marker on the map.
type PlacedMarker struct {
	ID   string
	Side string
	At   Point
	Loc  string
}

// NewState builds the starting position of a scenario: units of setup rows
// on their hexes with the states their footnote marks and rows give,
// deferred entries off the map, marker rows and start markers placed, and
// the start tracks and statuses set.
func NewState(m *scenarios.Module, s *scenarios.Scenario, seed uint64) (*State, error) {
	st := &State{
		Module: m, Scenario: s, Topo: NewTopology(m), Turn: 1,
		Units: map[string]*Unit{}, Control: map[Point]string{}, Tracks: map[string]float64{},
		Statuses: map[string]string{}, Tallies: map[string]map[string]float64{}, Declared: map[string]int{},
		Log: NewEventLog(s.ID, seed),
	}
	for t := range s.Setup {
		table := &s.Setup[t]
		legend := map[string]map[string]any{}
		for _, f := range table.Footnotes {
			legend[f.Symbol] = f.States
		}
		for r := range table.Rows {
			row := &table.Rows[r]
			var at Point
			onMap := false
			if row.Hex != "" && row.Entry == nil {
				p, _, err := st.Topo.Locate(row.Hex, s.Maps.Prefixes)
				if err != nil {
					return nil, fmt.Errorf("setup %s row %q: %v", table.Side, row.Name, err)
				}
				at, onMap = p, true
			}
			if row.Marker != "" {
				if onMap {
					st.Markers = append(st.Markers, PlacedMarker{ID: row.Marker, Side: table.Side, At: at, Loc: row.Hex})
				}
				continue
			}
			if row.Unit == "" {
				continue
			}
			u := &Unit{ID: row.Unit, Side: table.Side, Row: row, OnMap: onMap, At: at, Loc: row.Hex, States: map[string]any{}, Start: at, HasStart: onMap}
			for _, mark := range row.Marks {
				for k, v := range legend[string(mark)] {
					u.States[k] = v
				}
			}
			for k, v := range row.States {
				u.States[k] = v
			}
			st.Units[u.ID] = u
		}
	}
	if s.Start != nil {
		for k, v := range s.Start.Tracks {
			st.Tracks[k] = v
		}
		for k, v := range s.Start.Statuses {
			st.Statuses[k] = v
		}
		for _, mk := range s.Start.Markers {
			if mk.Marker == "" || mk.At == "" {
				continue
			}
			if p, _, err := st.Topo.Locate(mk.At, s.Maps.Prefixes); err == nil {
				st.Markers = append(st.Markers, PlacedMarker{ID: mk.Marker, Side: mk.Side, At: p, Loc: mk.At})
			}
		}
	}
	return st, nil
}

// Tally adds to a side's tally.
func (st *State) Tally(side, key string, n float64) {
	if st.Tallies[side] == nil {
		st.Tallies[side] = map[string]float64{}
	}
	st.Tallies[side][key] += n
}

// UnitsAt lists the units on the map at a point, by id.
func (st *State) UnitsAt(p Point) []*Unit {
	var out []*Unit
	for _, u := range st.Units {
		if u.OnMap && u.At == p {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// sortedUnits lists every unit by id, so evaluation order never depends on
// map iteration.
func (st *State) sortedUnits() []*Unit {
	out := make([]*Unit, 0, len(st.Units))
	for _, u := range st.Units {
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Matches reports whether a unit passes a unit filter (commands match
// exactly as printed; startingIn tests the setup location).
func (st *State) Matches(f *scenarios.UnitFilter, u *Unit) Tri {
	if f == nil {
		return Yes
	}
	ix := st.Module.Index()
	c := ix.Counters[u.ID]
	typ, size, cmd := u.Row.Type, u.Row.Size, u.Row.Command
	if c != nil {
		if typ == "" {
			typ = c.Type
		}
		if size == "" {
			size = c.Size
		}
		if cmd == "" {
			cmd = c.Command
		}
	}
	switch {
	case f.Side != "" && f.Side != u.Side,
		len(f.Units) > 0 && !contains(f.Units, u.ID),
		len(f.Types) > 0 && !contains(f.Types, typ),
		len(f.Sizes) > 0 && !contains(f.Sizes, size),
		f.Marks != "" && !containsRune(u.Row.Marks, f.Marks),
		f.Morale == "undemoralized" && u.States["demoralized"] != nil:
		return No
	}
	if len(f.Commands) > 0 && !contains(f.Commands, cmd) {
		if !f.Leaders || !ix.IsLeader(typ) || c == nil || !containsAny(f.Commands, append([]string{c.Command}, c.Commands...)) {
			return No
		}
	}
	out := Yes
	if f.StartingIn != nil {
		if !u.HasStart {
			return No
		}
		out = st.Topo.InRegion(u.Start, f.StartingIn, RegionContext{Prefixes: st.Scenario.Maps.Prefixes})
		if out == No {
			return No
		}
	}
	for i := range f.Except {
		switch st.Matches(&f.Except[i], u) {
		case Yes:
			return No
		case Unknown:
			out = Unknown
		}
	}
	return out
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func containsAny(xs, ys []string) bool {
	for _, y := range ys {
		if y != "" && contains(xs, y) {
			return true
		}
	}
	return false
}

func containsRune(marks, mark string) bool {
	for _, r := range marks {
		if string(r) == mark {
			return true
		}
	}
	return false
}

// MoveTo puts a unit on a location and logs the move.
func (st *State) MoveTo(unit, loc string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	p, _, err := st.Topo.Locate(loc, st.Scenario.Maps.Prefixes)
	if err != nil {
		return err
	}
	from := u.Loc
	u.At, u.Loc, u.OnMap, u.Removed = p, loc, true, ""
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "move", Side: u.Side, Unit: unit, From: from, To: loc})
	return nil
}

// LoseManpower records manpower a unit lost, by cause (combat, retreat,
// cavalry-retreat, extended-march, ...), in its side's tally.
func (st *State) LoseManpower(unit string, n int, cause string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	st.Tally(u.Side, "manpower-lost:"+cause, float64(n))
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "loss", Side: u.Side, Unit: unit, Data: map[string]any{"manpower": n, "cause": cause}})
	return nil
}

// SetState sets a state dimension of a unit (demoralized, fatigue, ...);
// a nil value clears it.
func (st *State) SetState(unit, dim string, value any) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	if value == nil {
		delete(u.States, dim)
	} else {
		u.States[dim] = value
	}
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "state", Side: u.Side, Unit: unit, Data: map[string]any{dim: value}})
	return nil
}
