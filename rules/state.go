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
	// Declared events (a Confederate evacuation) with the turn declared,
	// and the side that declared each.
	Declared   map[string]int
	DeclaredBy map[string]string
	// Ended is set when the game has ended (its last turn played, or an
	// earlier end the rules set): what gameEnd conditions ask.
	Ended bool
	Log   *EventLog

	inPlay map[string]bool // the scenario's sheets in play (RegionContext.InPlay)
	restr  []*restriction  // activation restrictions, gathered once
	// Accumulating lines (phasescore.go): what was scored, per turn, and
	// which lines met a check the data could not decide.
	phaseScored  map[phaseKey]bool
	turnScored   map[string]float64
	phaseUnknown map[string]bool
	regionRest   map[*scenarios.Effect]*restriction // restricted regions with releases
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
	// Manpower is what the unit has left: its setup row's value less the
	// losses taken; nil when the row prints none (then losses are not
	// bounded, for want of the figure).
	Manpower *int
}

// ExitRecord is how a unit left the map.
type ExitRecord struct {
	At          string   // the edge hex it exited from, as given
	Point       Point    // that hex located
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
		Statuses: map[string]string{}, Tallies: map[string]map[string]float64{}, Declared: map[string]int{}, DeclaredBy: map[string]string{},
		Log:         NewEventLog(s.ID, seed),
		phaseScored: map[phaseKey]bool{}, turnScored: map[string]float64{}, phaseUnknown: map[string]bool{},
		inPlay: SheetsInPlay(s),
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
					st.placeMarker(PlacedMarker{ID: row.Marker, Side: table.Side, At: at, Loc: row.Hex})
				}
				continue
			}
			if row.Unit == "" {
				continue
			}
			u := &Unit{ID: row.Unit, Side: table.Side, Row: row, OnMap: onMap, At: at, Loc: row.Hex, States: map[string]any{}, Start: at, HasStart: onMap}
			if row.Manpower != nil {
				mp := *row.Manpower
				u.Manpower = &mp
			}
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
				st.placeMarker(PlacedMarker{ID: mk.Marker, Side: mk.Side, At: p, Loc: mk.At})
			}
		}
	}
	return st, nil
}

// placeMarker puts a marker on the map; a Control marker gives its side
// control of the location (LGV 7.2).
func (st *State) placeMarker(m PlacedMarker) {
	st.Markers = append(st.Markers, m)
	if m.ID == "control" && m.Side != "" {
		st.Control[m.At] = m.Side
	}
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
		out = st.Topo.InRegion(u.Start, f.StartingIn, st.regionContext(nil))
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
// cavalry-retreat, extended-march, ...), in its side's tally, and takes it
// from the unit. A unit cannot lose more than it has: such a loss is
// refused (manpower-exceeded) and changes nothing.
func (st *State) LoseManpower(unit string, n int, cause string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	if err := st.checkLoss(u, n); err != nil {
		return err
	}
	if u.Manpower != nil {
		*u.Manpower -= n
	}
	st.Tally(u.Side, "manpower-lost:"+cause, float64(n))
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "loss", Side: u.Side, Unit: unit, Data: map[string]any{"manpower": n, "cause": cause}})
	return nil
}

// checkLoss refuses a loss of n manpower points the unit cannot take.
func (st *State) checkLoss(u *Unit, n int) error {
	if n <= 0 {
		return fmt.Errorf("%s: a loss must be at least 1 manpower point, not %d", u.ID, n)
	}
	if u.Manpower != nil && n > *u.Manpower {
		return &RuleError{Code: "manpower-exceeded", Rule: "manpower", Msg: fmt.Sprintf("%s has %d manpower left and cannot lose %d", u.ID, *u.Manpower, n)}
	}
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

// Activate records a unit's activation after checking its restrictions.
func (st *State) Activate(unit string) error {
	if err := st.CheckActivity(unit, "activate"); err != nil {
		return err
	}
	u := st.Units[unit]
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "activated", Side: u.Side, Unit: unit, To: u.Loc})
	return nil
}

// Move activates a unit and moves it, checking its activation
// restrictions and the scenario's restricted regions on the destination.
func (st *State) Move(unit, to string) error {
	for _, what := range []string{"activate", "move"} {
		if err := st.CheckActivity(unit, what); err != nil {
			return err
		}
	}
	for _, kind := range []string{"move", "end-move"} {
		if err := st.CheckEntry(unit, to, kind); err != nil {
			return err
		}
	}
	// Moving is an activation (GCACW: a unit moves when activated).
	u := st.Units[unit]
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "activated", Side: u.Side, Unit: unit, To: u.Loc})
	return st.MoveTo(unit, to)
}

// Attack records that a unit attacked the targets (each target "attacked",
// which release triggers and waivers ask about).
func (st *State) Attack(unit string, targets []string) error {
	// An attack is made in an activation (GCACW: March and Assault
	// actions), so a unit that may not activate may not attack either.
	for _, what := range []string{"activate", "attack"} {
		if err := st.CheckActivity(unit, what); err != nil {
			return err
		}
	}
	u := st.Units[unit]
	for _, tgt := range targets {
		x := st.Units[tgt]
		if x == nil {
			return fmt.Errorf("no unit %q in this scenario", tgt)
		}
		if x.Side == u.Side {
			return fmt.Errorf("%s cannot attack %s: both are %s", unit, tgt, u.Side)
		}
		if err := st.CheckEntry(unit, x.Loc, "attack"); err != nil {
			return err
		}
		st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "attacked", Side: x.Side, Unit: tgt, From: unit, To: x.Loc})
	}
	return nil
}

// Eliminate removes a unit from play.
func (st *State) Eliminate(unit string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	u.OnMap, u.Removed = false, "eliminated"
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "destroyed", Side: u.Side, Unit: unit, From: u.Loc, To: u.Loc})
	return nil
}

// Kill records a leader killed in action and removes him.
func (st *State) Kill(unit string) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	if !st.Module.Index().IsLeader(st.unitType(u)) {
		return fmt.Errorf("%s is not a leader: only leaders are killed in action", unit)
	}
	u.OnMap, u.Removed = false, "killed"
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "killed", Side: u.Side, Unit: unit, From: u.Loc, To: u.Loc})
	return nil
}

// EndSegment records that a unit ended an activation segment where it
// stands (what "ended an activation segment in" awards count).
func (st *State) EndSegment(unit string) error {
	u := st.Units[unit]
	if u == nil || !u.OnMap {
		return fmt.Errorf("no unit %q on the map", unit)
	}
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "ended-activation-segment", Side: u.Side, Unit: unit, To: u.Loc})
	return nil
}

func (st *State) unitType(u *Unit) string {
	if u.Row.Type != "" {
		return u.Row.Type
	}
	if c := st.Module.Index().Counters[u.ID]; c != nil {
		return c.Type
	}
	return ""
}

// ExitMap takes a unit off the map at an edge location.
func (st *State) ExitMap(unit, at string, via []string, retreat, demoralized bool) error {
	u := st.Units[unit]
	if u == nil {
		return fmt.Errorf("no unit %q in this scenario", unit)
	}
	p, _, err := st.Topo.Locate(at, st.Scenario.Maps.Prefixes)
	if err != nil {
		return fmt.Errorf("%s exits at %s: %w", unit, at, err)
	}
	u.OnMap, u.Removed = false, "exited"
	u.Exit = &ExitRecord{At: at, Point: p, Via: via, Retreat: retreat, Demoralized: demoralized}
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "exit", Side: u.Side, Unit: unit, From: at, Data: map[string]any{"via": via, "retreat": retreat, "demoralized": demoralized}})
	return nil
}

// PlaceMarker places (or removes) a marker.
func (st *State) PlaceMarker(id, side, at string, remove bool) error {
	if st.Module.Index().Markers[id] == nil {
		return fmt.Errorf("no marker %q in the module", id)
	}
	p, _, err := st.Topo.Locate(at, st.Scenario.Maps.Prefixes)
	if err != nil {
		return err
	}
	if remove {
		for i, m := range st.Markers {
			if m.ID == id && m.At == p && (side == "" || m.Side == side) {
				st.Markers = append(st.Markers[:i], st.Markers[i+1:]...)
				st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "marker-removed", Side: side, From: at, Data: map[string]any{"marker": id}})
				return nil
			}
		}
		return fmt.Errorf("no %s marker at %s", id, at)
	}
	st.placeMarker(PlacedMarker{ID: id, Side: side, At: p, Loc: at})
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "marker", Side: side, To: at, Data: map[string]any{"marker": id}})
	return nil
}

// SetControl gives a side control of locations.
func (st *State) SetControl(side string, hexes []string) error {
	for _, h := range hexes {
		p, _, err := st.Topo.Locate(h, st.Scenario.Maps.Prefixes)
		if err != nil {
			return err
		}
		st.Control[p] = side
		st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "control", Side: side, To: h})
	}
	return nil
}

// SetTrack sets a track the module declares.
func (st *State) SetTrack(id string, v float64) error {
	if st.Module.Index().Tracks[id] == nil {
		return fmt.Errorf("no track %q in the module", id)
	}
	st.Tracks[id] = v
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "track", Data: map[string]any{"track": id, "value": v}})
	return nil
}

// Declare records a side's declaration (a Confederate evacuation).
func (st *State) Declare(event, side string) {
	st.Declared[event] = st.Turn
	st.DeclaredBy[event] = side
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "declared", Side: side, Data: map[string]any{"event": event}})
}

// NextTurn advances the turn (to a given turn when to > 0), within the
// scenario's length.
func (st *State) NextTurn(to int) error {
	if to == 0 {
		to = st.Turn + 1
	}
	if st.Ended {
		return &RuleError{Code: "game-ended", Rule: st.Scenario.ID + " game length", Msg: fmt.Sprintf("the game has ended on turn %d", st.Turn)}
	}
	if to > st.Scenario.Length.Turns {
		return &RuleError{Code: "past-last-turn", Rule: st.Scenario.ID + " game length", Msg: fmt.Sprintf("turn %d is past the scenario's %d turns", to, st.Scenario.Length.Turns)}
	}
	if to <= st.Turn {
		return fmt.Errorf("turn %d is not after turn %d", to, st.Turn)
	}
	st.Turn, st.Phase = to, ""
	st.Log.Add(Event{Turn: st.Turn, Kind: "turn"})
	return nil
}

// EnterPhase moves to a phase of the turn.
func (st *State) EnterPhase(phase string) {
	st.Phase = phase
	st.Log.Add(Event{Turn: st.Turn, Phase: phase, Kind: "phase"})
	st.scorePhase(phase)
}

// End ends the game where it stands.
func (st *State) End() {
	st.Ended = true
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "end"})
}

// WithVariant returns the scenario as one of its variants plays it: the
// variant's length, start state, setup tables and victory conditions
// replace the scenario's where it gives them. An unknown variant is an
// error.
func WithVariant(s *scenarios.Scenario, id string) (*scenarios.Scenario, error) {
	if id == "" {
		return s, nil
	}
	for i := range s.Variants {
		v := &s.Variants[i]
		if v.ID != id {
			continue
		}
		out := *s
		if v.Length != nil {
			out.Length = *v.Length
		}
		if v.Start != nil {
			out.Start = v.Start
		}
		if len(v.Setup) > 0 {
			out.Setup = v.Setup
		}
		if v.Victory != nil {
			out.Victory = *v.Victory
		}
		return &out, nil
	}
	var ids []string
	for _, v := range s.Variants {
		ids = append(ids, v.ID)
	}
	return nil, fmt.Errorf("scenario %s has no variant %q (variants: %v)", s.ID, id, ids)
}

// SheetsInPlay is the set of a scenario's sheets in play (maps.sheets).
func SheetsInPlay(s *scenarios.Scenario) map[string]bool {
	in := map[string]bool{}
	for _, sp := range s.Maps.Sheets {
		in[sp.Sheet] = true
	}
	return in
}

// regionContext reads the scenario's regions: its hex prefixes, its sheets
// in play, and the location a "here" operand stands for (nil: none).
func (st *State) regionContext(here *Point) RegionContext {
	return RegionContext{Prefixes: st.Scenario.Maps.Prefixes, InPlay: st.inPlay, Here: here}
}
