// Package tpc plays the strategic layer of The Petersburg Campaign's
// Advanced Game (rules 1.0-4.0, 15.0, 16.0 of 001_28c7e36b674162dc.txt)
// over the campaign calendar, driven by the module's shipped tables:
// random events by month with their conversions and weather markers,
// strategic events, Union command points and the Active Command Posture
// Table, the Confederate override, the Lull, manpower adjustments, the
// reinforcement and withdrawal schedule, the Confederate Evacuation's
// declaration and end (29.0) and victory (30.0).
//
// Movement, zones of control, combat and initiative are GCACW series
// rules that the rulebook text does not hold. What they decide and the
// strategic layer reads (out-of-supply and out-of-cohesion counts, the
// Union cohesion check, manpower losses, railroad paths cut, occupation
// of Petersburg or Richmond) are facts: a script states them with a
// "do": "fact" step, and the sim plays them at the assumptions its
// header declares. docs/tpc-cases.md lists every exclusive rule with
// what this engine plays of it.
package tpc

import (
	"fmt"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Ruleset is the engine as the tools see it (rules.Engine). TPC's game
// system is GCACW; the engine plays TPC's own strategic layer and refuses
// other modules.
type Ruleset struct{}

// System is the game system of game.json.
func (Ruleset) System() string { return "gcacw" }

// AssumptionsOption is the option holding the sim's assumptions file
// (its JSON text, so shards played under other assumptions do not
// merge); without it the games play assumptions/default.json.
const AssumptionsOption = "assumptions"

// Compile prepares a scenario for the sim's games. Its one option is
// AssumptionsOption.
func (Ruleset) Compile(sf *scenarios.ScenarioFile, options map[string]string) (rules.NewGame, error) {
	a, err := assumptionsOf(options)
	if err != nil {
		return nil, err
	}
	e, err := Compile(sf)
	if err != nil {
		return nil, err
	}
	if err := a.CheckFor(e.campaign); err != nil {
		return nil, fmt.Errorf("%w: %v", rules.ErrBadOption, err)
	}
	e.assume = a
	return e.Sim, nil
}

// assumptionsOf reads the assumptions option, or the default.
func assumptionsOf(options map[string]string) (*Assumptions, error) {
	for k := range options {
		if k != AssumptionsOption {
			return nil, fmt.Errorf("%w: the TPC strategic-layer engine has no option %q (its one option is %s, given by --assumptions FILE)", rules.ErrBadOption, k, AssumptionsOption)
		}
	}
	text, ok := options[AssumptionsOption]
	if !ok {
		text = string(defaultAssumptions)
	}
	a, err := ParseAssumptions([]byte(text))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", rules.ErrBadOption, err)
	}
	return a, nil
}

// Script starts a game for a scripted playtest ("engine": "gcacw").
func (Ruleset) Script(sf *scenarios.ScenarioFile, s *rules.Script) (rules.Driver, error) {
	return newScriptDriver(sf, s)
}

// Engine is a scenario compiled for the strategic layer.
type Engine struct {
	sf       *scenarios.ScenarioFile
	cal      *scenarios.Calendar
	first    int
	last     int
	campaign bool // scenario 11: every Advanced Game section
	// sections of the Advanced Game the scenario uses (scenario 12 does
	// not use 2, 3, 12, 15, 16, 21, 22, 27: line 1483).
	useEvents, useStrategic, useManpower, useSchedule bool
	random                                            []*scenarios.Table
	strategic, acp, track                             *scenarios.Table
	manpower                                          []*scenarios.Table
	schedule                                          []*scenarios.ScheduleEntry
	red                                               map[int]bool
	start                                             *game
	assume                                            *Assumptions // the sim's
	topo                                              *rules.Topology
}

// Compile prepares a scenario of The Petersburg Campaign's Advanced Game
// (scenarios 11 and 12), or says why it cannot.
func Compile(sf *scenarios.ScenarioFile) (*Engine, error) {
	m := sf.Module
	if m == nil || m.Game == nil || m.Game.ID != "tpc" {
		return nil, fmt.Errorf("the gcacw engine plays The Petersburg Campaign's strategic layer only")
	}
	s := sf.Scenario
	num := fmt.Sprint(s.Number)
	if num != "11" && num != "12" {
		return nil, fmt.Errorf("%s: the strategic layer is the Advanced Game's (scenarios 11 and 12; line 1483); scenario %s is a Basic Game scenario", s.ID, num)
	}
	e := &Engine{sf: sf, cal: m.Game.Calendar, campaign: num == "11", red: map[int]bool{}}
	if e.cal == nil {
		return nil, fmt.Errorf("%s: the module has no calendar", s.ID)
	}
	e.first, e.last = 1, e.cal.LastTurn()
	if ct := s.Length.CalendarTurns; ct != nil {
		e.first, e.last = ct.First, ct.Last
	}
	// Scenario 11 uses all the Advanced Game rules, scenario 12 not
	// sections 2, 3, 12, 15, 16, 21, 22, and 27 (line 1483).
	e.useEvents, e.useStrategic, e.useManpower, e.useSchedule = e.campaign, e.campaign, e.campaign, e.campaign
	for _, mt := range e.cal.Marked {
		if mt.Reason == "manpower-adjustment" {
			e.red[mt.Turn] = true
		}
	}
	var missing []string
	need := func(id string) *scenarios.Table {
		t := m.Table(id)
		if t == nil {
			missing = append(missing, "table "+id)
		}
		return t
	}
	for _, id := range []string{"random-events-jun-aug", "random-events-sep-nov-mar", "random-events-dec-feb"} {
		e.random = append(e.random, need(id))
	}
	e.strategic = need("strategic-events")
	e.acp = need("active-command-posture")
	e.track = need("union-posture-track")
	for _, id := range []string{"union-manpower-jun-aug", "union-manpower-sep-oct", "union-manpower-nov-apr", "confederate-manpower-jun-dec", "confederate-manpower-jan-apr"} {
		e.manpower = append(e.manpower, need(id))
	}
	if t := need("reinforcements-withdrawals"); t != nil {
		for i := range t.Entries {
			e.schedule = append(e.schedule, &t.Entries[i])
		}
		sort.SliceStable(e.schedule, func(i, j int) bool { return e.schedule[i].Turn < e.schedule[j].Turn })
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s: the module lacks %s", s.ID, strings.Join(missing, ", "))
	}
	g := &game{e: e, board: newBoard(), withdrawals: map[string]*withdrawal{}, skipped: map[string]bool{}, returned: map[string]string{}, toAssign: map[string]int{}, attempts: map[string]int{}, turn: e.first, facts: defaultFacts(), weather: map[int]*weather{}, done: map[string]bool{}, mp: map[string]int{}, pending: map[string]int{}}
	if st := s.Start; st != nil {
		g.cp = int(st.Tracks["union-command-points"])
		g.box = int(st.Tracks["union-posture"])
		g.posture = st.Statuses["union-posture"]
	}
	if g.posture == "" {
		g.posture = "passive"
	}
	e.start = g
	return e, nil
}

// months lists the calendar months of the scenario's turns (YYYY-MM).
func (e *Engine) months() []string {
	var out []string
	for n := e.first; n <= e.last; n++ {
		if m := month(e.date(n)); len(out) == 0 || out[len(out)-1] != m {
			out = append(out, m)
		}
	}
	return out
}

// strategicEvents lists the strategic events that can take effect: the
// table's results and conversions, and Longstreet (scenario 11 rule 18
// brings it in on Turn 172 if the table has not).
func (e *Engine) strategicEvents() []string {
	seen := map[string]bool{"no-effect": true}
	var out []string
	note := func(ev string) {
		if ev != "" && !seen[ev] {
			seen[ev] = true
			out = append(out, ev)
		}
	}
	for _, r := range e.strategic.Rows {
		note(r.Result.Event)
	}
	for _, c := range e.strategic.Conversions {
		note(c.Becomes)
	}
	if e.campaign {
		note("longstreet")
	}
	sort.Strings(out)
	return out
}

// date returns the calendar date of turn n.
func (e *Engine) date(n int) string {
	d, err := e.cal.DateOf(n)
	if err != nil {
		return ""
	}
	return d
}

// inSpans reports whether date d lies in any of the spans.
func inSpans(spans []scenarios.DateSpan, d string) bool {
	for _, s := range spans {
		if s.Contains(d) {
			return true
		}
	}
	return false
}

// applies returns the first table whose dates hold d (and side, if given).
func applies(ts []*scenarios.Table, side, d string) *scenarios.Table {
	for _, t := range ts {
		if side != "" && t.Side != side {
			continue
		}
		if inSpans(t.Applies, d) {
			return t
		}
	}
	return nil
}
