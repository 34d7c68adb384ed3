// Package uscw plays the Basic Game of The U.S. Civil War (GMT Games,
// 3rd edition, 003_712b166fc2bd6784.txt, cited "U" + line) as far as
// docs/uscw-cases.md says: the sequence of play (3.1-3.5) with the
// Reinforcement Phase and the Confederate BP economy (14.1-14.6), the
// Leader Management Phase (16), the Action Cycle (4.1-4.2), movement with
// the List of Movement Costs (4.3, 5.1-5.3) with picking up and dropping
// off (7.5), Entrenchments and Forts (10.1-10.2), battle on the Combat
// Results Table with its retreats and moving on (11.1-11.7), control
// (6.1-6.6), the End Phase (20.1-20.3), the Special Action Cards
// (18.1-18.3), Cautious Generals attacking (7.7), Training (17.3), the
// Leader Transfer action (16.6.2), reaction (9.1-9.4), Cavalry Generals
// (8.1-8.6), Militia (17.2) and the Union's intrinsic garrisons (17.4),
// and the optional rules 1-5 as engine options. Every other procedure is logged as not played, and the ledger lists
// what each needs. Section 21 (Advanced Naval Rules) is absent from the
// rulebook, so the Advanced Game is refused.
//
// One file per concern: board (the map and its step graph), railroads
// (the rail and road net), play (the sequence), reinforce, strategic
// (the Strategic Movement Phase), leaders, move, railmove (the Rail
// Movement Bonus), pickup (7.5), battle, retreat (11.6-11.7), forts
// (10.1-10.2), rivers, naval and transport (19), control, railcontrol
// (6.5), loc (Lines of Communication), supply, attrition and surrender
// (13), reaction (the ZOI and the stops of a MOVE for the other side's
// answer), intercept, avoid, maneuver (Optional 5), cavalry, endphase, setup, cards, cautious, training, transfer, options and
// army (the optional rules), militia and garrison (17.2, 17.4), richmond (4.1.4), actions and bot (the bots), invariant (the
// checker), script, script_steps and sim (the drivers).
//
// The engine reads the module's tables (crt, movement-costs,
// command-limits, turn-track, blockade, random-states) and its counters'
// ratings; the shipped module lacks the CRT, the ratings and the map's
// terrain, so it is refused with that list. The test module
// (rules/uscw/testdata/module) is made up in every value the rulebook
// does not print.
package uscw

import (
	"fmt"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Ruleset is the engine as the tools see it (rules.Engine).
type Ruleset struct{}

// System is the game system of game.json.
func (Ruleset) System() string { return "uscw" }

// Compile prepares a scenario for the sim's games.
func (Ruleset) Compile(sf *scenarios.ScenarioFile, options map[string]string) (rules.NewGame, error) {
	if err := checkOptions(options); err != nil {
		return nil, err
	}
	e, err := Compile(sf)
	if err != nil {
		return nil, err
	}
	e.check = options["invariants"] == "check"
	e.twoMNoBPs = options["blockade-2m"] == "no-bps"
	if err := e.attritionOption(options["attrition"]); err != nil {
		return nil, err
	}
	e.optional = readOptional(options)
	if err := e.optionalMissing(); err != nil {
		return nil, err
	}
	e.maneuver = options["maneuver-reaction"] == "on"
	e.offMapDisplaced, _ = offMapOption(options["off-map-generals"]) // checked by checkOptions
	e.coastalPortOnly = options["coastal-fort-supply"] == "port-only"
	return e.Sim, nil
}

// Script starts a game for a scripted playtest ("engine": "uscw").
func (Ruleset) Script(sf *scenarios.ScenarioFile, s *rules.Script) (rules.Driver, error) {
	opts := map[string]string{}
	for k, v := range s.Options {
		opts[k] = fmt.Sprint(v)
	}
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	d, err := newScriptDriver(sf, s, readOptional(opts))
	if err != nil {
		return nil, err
	}
	sd := d.(*scriptDriver)
	sd.e.twoMNoBPs = opts["blockade-2m"] == "no-bps"
	if err := sd.e.attritionOption(opts["attrition"]); err != nil {
		return nil, err
	}
	sd.e.maneuver = opts["maneuver-reaction"] == "on"
	sd.e.offMapDisplaced, _ = offMapOption(opts["off-map-generals"]) // checked by checkOptions
	sd.e.coastalPortOnly = opts["coastal-fort-supply"] == "port-only"
	return d, nil
}

// checkOptions checks the options: invariants, the optional rules 1-4
// (options.go) and maneuver-reaction (Optional 5); the Advanced Game
// needs section 21, which the rulebook does not hold.
func checkOptions(options map[string]string) error {
	keys := make([]string, 0, len(options))
	for k := range options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch k {
		case "invariants":
			if v := options[k]; v != "check" && v != "off" {
				return fmt.Errorf("%w: USCW invariants=%q: want check (test mode: the invariant checker runs after every action) or off", rules.ErrBadOption, v)
			}
			continue
		case "blockade-2m": // 14.4.5's reading (reinforce.go)
			if v := options[k]; v != "with-bps" && v != "no-bps" {
				return fmt.Errorf("%w: USCW blockade-2m=%q: want with-bps (a +2M result gives the BPs its cell gives too, the default) or no-bps (a +2M result gives no BPs)", rules.ErrBadOption, v)
			}
			continue
		case "attrition": // 13.5.6's reading (attrition.go)
			if v := options[k]; v != "per-stack" && v != "by-size" {
				return fmt.Errorf("%w: USCW attrition=%q: want per-stack (one column, the default) or by-size (the Attrition Table's column by the stack's SPs)", rules.ErrBadOption, v)
			}
			continue
		case "off-map-generals": // 5.1.4's reading (offmap.go)
			if _, err := offMapOption(options[k]); err != nil {
				return err
			}
			continue
		case "coastal-fort-supply": // 10.3.2 SUPPLY's reading with 13.2.3 (coastalsupply.go)
			if v := options[k]; v != "fortress" && v != "port-only" {
				return fmt.Errorf("%w: USCW coastal-fort-supply=%q: want fortress (the Confederate units inside a Coastal Fort keep its Fortress Supply, 13.2.3, whatever 10.3.2 says of their port or LOC, the default) or port-only (they have only what 10.3.2 gives: Out of Supply without their port or LOC)", rules.ErrBadOption, v)
			}
			continue
		case "maneuver-reaction":
			if v := options[k]; v != "on" && v != "off" {
				return fmt.Errorf("%w: USCW maneuver-reaction=%q: want on (Optional 5, Maneuver Reaction, U1748-1766, is played) or off (default)", rules.ErrBadOption, v)
			}
			continue
		case "advanced", "advanced-naval", "game":
			if k == "game" && options[k] == "basic" {
				continue
			}
			return fmt.Errorf("%w: USCW %s=%s: the Advanced Game needs section 21 (Advanced Naval Rules), which the rulebook cites (U74, U1041, U1720, U2065) but does not print; the engine plays the Basic Game only", rules.ErrBadOption, k, options[k])
		default:
			if known, err := optionalRule(k, options[k]); known {
				if err != nil {
					return err
				}
				continue
			}
			return fmt.Errorf("%w: the USCW engine has no option %q (it takes invariants, game=basic, attrition, blockade-2m, off-map-generals, coastal-fort-supply, and the optional rules: dice-difference-2, Optional 1, salt-hexes, Optional 2, army-morale, Optional 3 and 4, and maneuver-reaction, Optional 5)", rules.ErrBadOption, k)
		}
	}
	return nil
}

// general is a General counter's ratings (7.1, U439; format a-d-m, U512).
type general struct {
	id, name, side            string
	rank, attack, defense, ma int
	cavalry, cautious         bool
	intrinsicCav              bool // Sheridan, Van Dorn or Price promoted (8.6)
}

// Engine is a scenario compiled for play.
type Engine struct {
	sf       *scenarios.ScenarioFile
	b        *board
	crt      *scenarios.Table
	limits   *scenarios.Table
	track    *scenarios.Table
	blockade *scenarios.Table
	states   *scenarios.Table
	generals map[string]*general
	genIDs   []string // the rated Generals' ids, sorted
	first    int
	last     int
	madeUp   bool
	check    bool     // invariants=check: the invariant checker runs after every action
	optional optional // the optional rules played (options.go)
	// blockade-2m=no-bps: a "+2M" Blockade result gives no BPs, whatever
	// its cell holds (14.4.5 does not say; the default gives the cell's).
	twoMNoBPs bool
	maneuver  bool // maneuver-reaction=on: Optional 5 (U1748-1766)
	// off-map-generals=displaced: Generals who move off the map go to the
	// Displaced Box, not out of play (5.1.4, offmap.go)
	offMapDisplaced bool
	// coastal-fort-supply=port-only: the Confederate units inside a
	// Coastal Fort have only 10.3.2's supply, not its own Fortress Supply
	// (13.2.3; coastalsupply.go)
	coastalPortOnly bool

	markable   []rules.Point // hexes a Control marker may go in (6.2.3), board order
	objectives []rules.Point // Objective Hexes (2.1.4)
	resources  []rules.Point // Resource Hexes (2.1.4, 6.4)
	washington rules.Point   // Washington DC (20.3.2 National Panic)
	stLouis    rules.Point   // St. Louis (14.2.1: the Union's Trans-Mississippi SPs)
	// gloryCities are the hexes of St. Louis, Louisville and Wheeling the
	// module places (20.3.3 Fading Glory); gloryUnplaced names the others.
	gloryCities   []rules.Point
	gloryUnplaced []string
	hasStLouis    bool
	hasCapital    bool
	newMadrid     rules.Point // New Madrid, closed while Kentucky is neutral (17.1.3)
	richmond      rules.Point // Richmond: On to Richmond! binds while it is Confederate (4.1.4)
	hasRichmond   bool
	hasNewMadrid  bool
	borderStates  []string             // the module's statuses: the Border States (17.1.1)
	oceanPorts    []int                // board indexes of the Ocean Ports (19.3.5)
	runners       []runnerPort         // the Blockade Runner Ports (14.4.2, ports.go)
	runnerWatch   map[rules.Point]bool // the spaces whose change of hands may open or close one
	galveston     rules.Point          // Galveston (14.4.6)
	hasGalveston  bool

	attrition   *scenarios.Table            // the Attrition Table (13.5.6)
	bySize      bool                        // attrition=by-size: its column by the stack's SPs
	surrender   *scenarios.Table            // the Surrender Table (13.6.4)
	decks       map[string][]scenarios.Card // each side's Special Action Cards (18.1)
	deckSide    map[string]string           // deck id -> side
	salt        []rules.Point               // the Salt hexes (Optional 2)
	militia     []militiaUnit               // the Militia (17.2, militia.go)
	garrisons   []rules.Point               // the Northern Objective Hexes' intrinsic garrisons (17.4, garrison.go)
	garrisoned  map[rules.Point]bool
	navalMatrix navalMatrix
}

// Compile prepares a scenario of the Basic Game, or lists the facts its
// module lacks.
func Compile(sf *scenarios.ScenarioFile) (*Engine, error) {
	m := sf.Module
	if m == nil || m.Game == nil || m.Game.System != "uscw" {
		return nil, fmt.Errorf("the uscw engine plays The U.S. Civil War only")
	}
	s := sf.Scenario
	e := &Engine{sf: sf, generals: map[string]*general{}}
	var missing []string
	table := func(id, what string) *scenarios.Table {
		t := m.Table(id)
		switch {
		case t == nil:
			missing = append(missing, fmt.Sprintf("table %s (%s)", id, what))
		case t.Missing() || len(t.Grid) == 0 && len(t.Turns) == 0:
			missing = append(missing, fmt.Sprintf("table %s (%s): status %s, no values", id, what, t.Status))
		default:
			if t.Status == "made-up" {
				e.madeUp = true
			}
		}
		return t
	}
	e.crt = table("crt", "the Combat Results Table, printed on the Player Aid Card, U787")
	table("movement-costs", "5.3, U238-262")
	e.limits = table("command-limits", "7.3, U452-460")
	e.track = table("turn-track", "the Turn Record Track, U435")
	e.blockade = table("blockade", "the Blockade Table, 14.4.4, U1203")
	e.states = table("random-states", "the Random States Table, 14.5, U1219")
	e.attrition = table("attrition", "the Attrition Table, 13.5.6, printed on the Player Aid Card, U1073")
	e.surrender = table("surrender", "the Surrender Table, 13.6.4, U1105-1123")
	if t := table("naval-control", "the Naval Control Matrix, 19.1, U1528-1537"); t != nil && !t.Missing() {
		e.navalMatrix = readNavalMatrix(t)
	}
	if e.track != nil {
		for _, t := range e.track.Turns {
			if t.Year == 0 {
				missing = append(missing, fmt.Sprintf("turn-track: turn %d has no year (3 Action Phases in 1861, U148)", t.Turn))
				break
			}
		}
	}
	missing = append(missing, e.compileDecks(m)...)
	b, bmissing := newBoard(m, s)
	e.b = b
	e.salt = saltHexes(m, b)
	missing = append(missing, bmissing...)
	unrated := 0
	var contradict []string // counters whose parenthesised flag disagrees with 8.5 (cavalry.go)
	if m.Counters != nil {
		for _, c := range m.Counters.Counters {
			if c.Type != "General" {
				continue
			}
			v := c.Printed.Values
			g := &general{id: c.ID, name: c.Name, side: c.Side}
			ok := true
			for k, p := range map[string]*int{"rank": &g.rank, "attack": &g.attack, "defense": &g.defense, "movement": &g.ma} {
				f, isNum := v[k].(float64)
				if !isNum {
					ok = false
					continue
				}
				*p = int(f)
			}
			g.cavalry, _ = v["cavalry"].(bool)
			g.cautious, _ = v["cautious"].(bool)
			if c.Printed.Status == "made-up" {
				e.madeUp = true
			}
			if !ok {
				unrated++
				continue
			}
			if why := parenthesesContradict(g, v); why != "" {
				contradict = append(contradict, why)
			}
			e.generals[c.ID] = g
		}
	}
	if len(contradict) > 0 {
		return nil, fmt.Errorf("%s: the counters contradict 8.5 ('Cavalry Generals with battle ratings greater than one have their ratings in parentheses', U541): %s", s.ID, strings.Join(contradict, "; "))
	}
	if unrated > 0 {
		missing = append(missing, fmt.Sprintf("the ratings (rank, Attack, Defense, MA) of %d Generals, printed on the counters (U439, U512)", unrated))
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s: the USCW engine cannot play: the module lacks %s", s.ID, strings.Join(missing, "; "))
	}
	e.first, e.last = 1, s.Length.Turns
	if ct := s.Length.CalendarTurns; ct != nil {
		e.first, e.last = ct.First, ct.Last
	}
	if e.last == 0 {
		return nil, fmt.Errorf("%s: the scenario gives no game length", s.ID)
	}
	for id := range e.generals {
		e.genIDs = append(e.genIDs, id)
	}
	if st := s.Start; st != nil {
		for k := range st.Statuses {
			e.borderStates = append(e.borderStates, k)
		}
		sort.Strings(e.borderStates)
	}
	sort.Strings(e.genIDs)
	for _, p := range b.order {
		h := b.hexes[p]
		if markable(h) {
			e.markable = append(e.markable, p)
		}
		if h.Objective {
			e.objectives = append(e.objectives, p)
		}
		if h.BP != nil {
			e.resources = append(e.resources, p)
		}
		if h.Port == "ocean" {
			e.oceanPorts = append(e.oceanPorts, b.index[p])
		}
	}
	e.compileMilitia()
	e.compileGarrisons()
	if err := e.compileRunners(m); err != nil {
		return nil, fmt.Errorf("%s: %w", s.ID, err)
	}
	placed := map[string]bool{}
	for _, pl := range m.Map.Places {
		if p, ok := b.pts[pl.At]; ok && fadingGloryCity[pl.Name] {
			e.gloryCities = append(e.gloryCities, p)
			placed[pl.Name] = true
		}
		switch pl.Name {
		case "Washington DC":
			e.washington, e.hasCapital = b.pts[pl.At]
		case "Richmond":
			e.richmond, e.hasRichmond = b.pts[pl.At]
		case "New Madrid":
			e.newMadrid, e.hasNewMadrid = b.pts[pl.At]
		case "St. Louis":
			e.stLouis, e.hasStLouis = b.pts[pl.At] // 14.2.1's 2 Union SPs
		}
	}
	for _, name := range []string{"St. Louis", "Louisville", "Wheeling"} {
		if !placed[name] {
			e.gloryUnplaced = append(e.gloryUnplaced, name)
		}
	}
	return e, nil
}

// fadingGloryCity names the three cities outside the Northern States whose
// Control marker spares the Confederate Fading Glory (20.3.3, U1703).
var fadingGloryCity = map[string]bool{"St. Louis": true, "Louisville": true, "Wheeling": true}

// year is the year of turn n on the Turn Record Track.
func (e *Engine) year(n int) int {
	for _, t := range e.track.Turns {
		if t.Turn == n {
			return t.Year
		}
	}
	return 0
}

// actionPhases is the number of Action Phases of turn n: three in 1861
// (S1.3.4, U148, U1826), four from 1862.
func (e *Engine) actionPhases(n int) int {
	if e.year(n) == 1861 {
		return 3
	}
	return 4
}

// commandLimit is the SPs a General of a rank may carry (7.4, U455-460;
// a Cavalry General 1 SP, U520).
func (e *Engine) commandLimit(g *general) int {
	if g.cavalry {
		return 1
	}
	for _, r := range e.limits.Grid {
		if r.Covers(g.rank) && len(r.Cells) > 0 && r.Cells[0].Value != nil {
			return *r.Cells[0].Value
		}
	}
	return 0
}
