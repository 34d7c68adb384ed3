package replay

import (
	"fmt"
	"html"
	"regexp"
	"sort"

	"github.com/musterhq/muster/export/svg"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Info says what game the page replays, for its heading.
type Info struct {
	// Source names the game: "game 417 of the sim run with seed 1
	// (random, greedy)", or the playtest script's path.
	Source string
	// Result is the outcome line ("Confederate Decisive Victory, 0 VP, 6
	// turns"), or why the game stopped.
	Result string
}

// Page is the data the page's script steps through, embedded in it as
// JSON.
type Page struct {
	Title    string `json:"title"`
	Scenario string `json:"scenario"`
	Source   string `json:"source,omitempty"`
	Result   string `json:"result,omitempty"`
	// MadeUp is the module's made-up data label, shown first.
	MadeUp string `json:"madeUp,omitempty"`
	// Map is "hex", "area" or "" (the module has no map).
	Map     string   `json:"map"`
	Sides   []Side   `json:"sides"`
	Units   []Unit   `json:"units"`
	Markers []Marker `json:"markers,omitempty"` // at the start
	Steps   []Step   `json:"steps"`
	// OffMap lists the places events name that the picture does not draw.
	OffMap []string `json:"offMap,omitempty"`

	picture []byte // the map, export/svg's picture without the setup's counters
}

// Side is a side with the colour of its counters.
type Side struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// Unit is a counter: where it stands at the start (a place the picture
// draws), or why it is not on the drawn map then (Note).
type Unit struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Side string `json:"side,omitempty"`
	At   string `json:"at,omitempty"`
	Note string `json:"note,omitempty"`
}

// Marker is a marker on the map.
type Marker struct {
	At     string `json:"at"`
	Name   string `json:"name"`
	Side   string `json:"side,omitempty"`
	Remove bool   `json:"remove,omitempty"` // in a step: the marker is taken off
}

// Move is a unit changing place: To is the drawn place it moves to; with
// To empty it leaves the drawn map, and Gone says why (eliminated, or a
// place the picture does not draw).
type Move struct {
	Unit string `json:"unit"`
	To   string `json:"to,omitempty"`
	Gone string `json:"gone,omitempty"`
}

// Control is a side taking control of a place.
type Control struct {
	At   string `json:"at"`
	Side string `json:"side"`
}

// Step is one event of the log and what it changes.
type Step struct {
	Seq   int    `json:"seq"`
	Turn  int    `json:"turn,omitempty"`
	Phase string `json:"phase,omitempty"`
	Kind  string `json:"kind"`
	Side  string `json:"side,omitempty"`
	Text  string `json:"text"`
	Rule  string `json:"rule,omitempty"`

	Moves   []Move   `json:"moves,omitempty"`
	Combat  string   `json:"combat,omitempty"`
	Control *Control `json:"control,omitempty"`
	Marker  *Marker  `json:"marker,omitempty"`
	// Tracks holds the tracks the step sets, with their value after it
	// (the VP, a side's VP scored so far, a USCW track).
	Tracks map[string]float64 `json:"tracks,omitempty"`
	// Focus lists the drawn places the event names, to light up.
	Focus []string `json:"focus,omitempty"`
	// Off lists the places it names that the picture does not draw.
	Off []string `json:"off,omitempty"`
}

// Build reads a game's log into the page's data, over the map of scenario
// s of module m.
func Build(m *scenarios.Module, s *scenarios.Scenario, log *rules.EventLog, info Info) (*Page, error) {
	if m == nil || s == nil || log == nil {
		return nil, fmt.Errorf("replay: no scenario or no log")
	}
	if id, _ := log.Header["scenario"].(string); id != "" && id != s.ID {
		return nil, fmt.Errorf("replay: the log is of scenario %s, not %s", id, s.ID)
	}
	picture, err := svg.Draw(m, s, svg.Options{NoUnits: true})
	if err != nil {
		return nil, err
	}
	p := &Page{
		Title: s.Title, Scenario: s.ID, Source: info.Source, Result: info.Result,
		MadeUp: m.MadeUpLabel(), picture: picture, Units: []Unit{}, Steps: []Step{},
	}
	if m.Map != nil {
		p.Map = "hex"
		if m.Map.Kind == "area" {
			p.Map = "area"
		}
	}
	if m.Game != nil {
		for _, sd := range m.Game.Sides {
			p.Sides = append(p.Sides, Side{ID: sd.ID, Name: sd.Name, Color: svg.SideColor(m.Game, sd.ID)})
		}
	}
	r := newReader(m, s, picture, p)
	r.setup()
	for i := range log.Events {
		r.step(&log.Events[i])
	}
	r.firstPlaces()
	for name := range r.offMap {
		p.OffMap = append(p.OffMap, name)
	}
	sort.Strings(p.OffMap)
	return p, nil
}

// drawnPlace finds the data-hex and data-area ids of the picture.
var drawnPlace = regexp.MustCompile(`data-(?:hex|area)="([^"]*)"`)

// reader turns events into steps, keeping what it needs to know between
// them: where each place name lands on the picture, which units it has
// seen, and the running sums of the VP scored.
type reader struct {
	m         *scenarios.Module
	s         *scenarios.Scenario
	topo      *rules.Topology
	drawn     map[rules.Point]string // a located point -> the id the picture draws it by
	ids       map[string]bool        // the ids the picture draws
	places    map[string]string      // a place name -> its drawn id ("" when not drawn), once asked
	units     map[string]int         // unit id -> index in page.Units
	moved     map[string]bool        // units the log has moved, whose first from fixes their start
	first     map[string]string      // unit -> the drawn place of its first move's from
	scored    map[string]float64     // side -> VP scored so far
	offMap    map[string]bool        // places events name that the picture does not draw
	actor     string                 // the side whose Player Action Phase it is (USCW)
	attackers []string               // the Generals of the last battle's attacker (USCW)
	battleHex string                 // where the last battle is fought (USCW)
	defeated  string                 // "attacker" or "defender": who lost it
	pos       map[string]string      // unit -> the drawn place the log last put it in
	page      *Page
}

func newReader(m *scenarios.Module, s *scenarios.Scenario, picture []byte, p *Page) *reader {
	r := &reader{m: m, s: s, topo: rules.NewTopology(m), drawn: map[rules.Point]string{}, ids: map[string]bool{},
		places: map[string]string{}, units: map[string]int{}, moved: map[string]bool{}, first: map[string]string{}, pos: map[string]string{},
		scored: map[string]float64{}, offMap: map[string]bool{}, page: p}
	for _, sm := range drawnPlace.FindAllSubmatch(picture, -1) {
		id := html.UnescapeString(string(sm[1]))
		if r.ids[id] {
			continue
		}
		r.ids[id] = true
		if pt, _, err := r.topo.Locate(id, s.Maps.Prefixes); err == nil {
			r.drawn[pt] = id
		}
	}
	return r
}

// place is the drawn id of a place an event or a setup row names, or ""
// when the picture does not draw it.
func (r *reader) place(name string) string {
	if name == "" {
		return ""
	}
	if id, ok := r.places[name]; ok {
		return id
	}
	id := ""
	if r.ids[name] {
		id = name
	} else if pt, _, err := r.topo.Locate(name, r.s.Maps.Prefixes); err == nil {
		id = r.drawn[pt]
	}
	r.places[name] = id
	return id
}

// setup places the scenario's set-up rows: units at their places, start
// markers, and the rows that start elsewhere with the reason.
func (r *reader) setup() {
	for t := range r.s.Setup {
		table := &r.s.Setup[t]
		for i := range table.Rows {
			row := &table.Rows[i]
			at, note := "", ""
			switch {
			case row.Entry != nil:
				note = "enters later: " + row.Entry.Text
			case row.Placement != nil:
				note = "placed by the player: " + row.Placement.Text
			case row.Hex == "":
				note = "not on the map at the start"
				if row.Box != "" {
					note = "in the " + row.Box + " box"
				}
			default:
				if at = r.place(row.Hex); at == "" {
					note = row.Hex + " is not on the drawn map"
				}
			}
			if row.Marker != "" {
				if at != "" {
					r.page.Markers = append(r.page.Markers, Marker{At: at, Name: row.Name, Side: table.Side})
				}
				continue
			}
			id := row.Unit
			if id == "" || r.hasUnit(id) {
				continue
			}
			r.units[id] = len(r.page.Units)
			r.pos[id] = at
			r.page.Units = append(r.page.Units, Unit{ID: id, Name: row.Name, Side: table.Side, At: at, Note: note})
		}
	}
}

func (r *reader) hasUnit(id string) bool { _, ok := r.units[id]; return ok }

// unit makes sure the page knows a unit the log names: one that no set-up
// row places starts off the drawn map until its first move.
func (r *reader) unit(id, side string) {
	if id == "" || r.hasUnit(id) {
		return
	}
	if side == "" {
		side = r.counterSide(id)
	}
	r.units[id] = len(r.page.Units)
	r.page.Units = append(r.page.Units, Unit{ID: id, Name: id, Side: side, Note: "not on the map until the log places it"})
}

// counterSide is the side of the one counter the module names name or
// id (a log may name a counter by its printed name: USCW's Generals), or
// "" when none or several do.
func (r *reader) counterSide(name string) string {
	if r.m.Counters == nil {
		return ""
	}
	side, found := "", 0
	for _, c := range r.m.Counters.Counters {
		if c.ID == name || c.Name == name {
			side = c.Side
			found++
		}
	}
	if found != 1 {
		return ""
	}
	return side
}

// moveTo records a unit's move from a place to another; the first move of
// a unit fixes its start when the log knows better than the setup (an
// engine's own set-up choices).
func (r *reader) moveTo(st *Step, unit, side, from, to string) {
	r.unit(unit, side)
	if !r.moved[unit] {
		r.moved[unit] = true
		if f := r.place(from); f != "" {
			r.first[unit] = f
		}
	}
	mv := Move{Unit: unit, To: r.place(to)}
	r.pos[unit] = mv.To
	if mv.To == "" {
		mv.Gone = "at " + to + ", which the map does not draw"
		r.off(st, to)
	}
	st.Moves = append(st.Moves, mv)
	if mv.To != "" {
		st.Focus = append(st.Focus, mv.To)
	}
}

// gone records a unit leaving the map.
func (r *reader) gone(st *Step, unit, side, why string) {
	r.unit(unit, side)
	r.moved[unit] = true
	r.pos[unit] = ""
	st.Moves = append(st.Moves, Move{Unit: unit, Gone: why})
}

// off notes a place an event names that the picture does not draw.
func (r *reader) off(st *Step, name string) {
	if name == "" {
		return
	}
	st.Off = append(st.Off, name)
	r.offMap[name] = true
}

// focus lights up a named place, or notes it as off the map.
func (r *reader) focus(st *Step, name string) string {
	id := r.place(name)
	if id == "" {
		r.off(st, name)
	} else {
		st.Focus = append(st.Focus, id)
	}
	return id
}

// firstPlaces moves each unit's start to where the log first moves it
// from, where that differs from the setup.
func (r *reader) firstPlaces() {
	for id, at := range r.first {
		u := &r.page.Units[r.units[id]]
		if u.At != at {
			u.At, u.Note = at, ""
		}
	}
}
