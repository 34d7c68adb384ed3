package lgv

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Engine is a scenario compiled for play.
type Engine struct {
	sf    *scenarios.ScenarioFile
	b     *board
	units []unitInfo
	byID  map[string]int
	cmdOf [][]bool // cmdOf[leader][unit]: the unit is of the leader's command
	// arts and engs list each side's Artillery and Engineer units; cmdIdx
	// numbers each unit's command for the 9.4.2D count.
	arts, engs [2][]int
	cmdIdx     []int
	nCmds      int
	sideUnits  [2][]int
	// hot holds the fields the move listing reads for every unit, packed
	// so a pass over the units touches few cache lines.
	hot        []unitHot
	leaders    [2][]int
	stackLimit [2]int
	// stackKinds are the kinds of unit each side counts against its
	// stacking limit (game.json stacking: the limit's counts types less
	// the free types), stackFreeCmd whether a Leader with a unit of his
	// command stacks free (leadersFreeWithCommand): 7.1.3 as the module
	// gives it. unitInfo.stackFree marks the units always free (Hooker, Lee).
	stackKinds   [2][nKinds]bool
	stackFreeCmd bool
	turns        int
	bands        []scenarios.Band
	otherwise    *scenarios.Outcome // the result when no band holds the total
	opts         Options
	start        *game
	// entrenchSupply and pontoonSupply are the markers the counter sheet
	// supplies (15.0, 16.0: play is "limited to the markers supplied"), by
	// side; -1 where the module does not give the count.
	entrenchSupply [2]int
	pontoonSupply  int
	// swapCands, swapWith and swapSide are the chosen variant's setup
	// switch (5.2, variant.go): none without a variant that has one.
	swapCands []swapGroup
	swapWith  swapGroup
	swapSide  int
}

// unitHot is the part of unitInfo read in the hot paths.
type unitHot struct {
	side, kind, class, mf int8
}

// MissingData is the error of a module that lacks what play needs.
type MissingData struct {
	Scenario string
	Missing  []string
}

func (e *MissingData) Error() string {
	return fmt.Sprintf("%s cannot be played: the module lacks %d facts printed on the map or counters (fill them with `muster module template`):\n  %s",
		e.Scenario, len(e.Missing), strings.Join(e.Missing, "\n  "))
}

// Compile prepares a scenario for play with the default options, or
// lists what its module lacks.
func Compile(sf *scenarios.ScenarioFile) (*Engine, error) { return CompileWith(sf, Options{}) }

// CompileWith prepares a scenario for play with options.
func CompileWith(sf *scenarios.ScenarioFile, opts Options) (*Engine, error) {
	m := sf.Module
	b, missing := compileBoard(m.Map)
	st, err := rules.NewState(m, sf.Scenario, 1)
	if err != nil {
		return nil, err
	}
	var ids []string
	for id := range st.Units {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	units, lack := compileUnits(m.Counters, ids)
	missing = append(missing, lack...)
	e := &Engine{sf: sf, b: b, units: units, byID: map[string]int{}, turns: sf.Scenario.Length.Turns, opts: opts}
	if b != nil && b.reynoldsA == none {
		missing = append(missing, "map: the ford of Reynold's Crossing (feature reynolds-crossing, 5.3.1)")
	}
	e.entrenchSupply, e.pontoonSupply = [2]int{-1, -1}, -1
	if g := m.Game; g != nil {
		for _, mk := range g.Markers {
			if mk.SuppliedMissing || mk.Supplied == nil {
				continue
			}
			switch mk.ID {
			case "entrench-1": // one counter, +1 on one side and +2 on the other (15.1)
				for s, name := range sideNames {
					if n, ok := mk.Supplied[name]; ok {
						e.entrenchSupply[s] = n
					}
				}
			case "pontoon-bridge":
				if n, ok := mk.Supplied["union"]; ok {
					e.pontoonSupply = n
				}
			}
		}
	}
	if err := e.readStacking(m.Game, units); err != nil {
		return nil, fmt.Errorf("%s: %w", sf.Scenario.ID, err)
	}
	if g := m.Game; g != nil && g.Stacking != nil {
		for _, l := range g.Stacking.Limits {
			// The engine plays 7.1's limits in Areas; Zones are unlimited
			// (14.3), so a limit for Zones only is not an Area's.
			if l.Side != "" && l.Max > 0 && (len(l.LocationKinds) == 0 || slices.Contains(l.LocationKinds, "area")) {
				e.stackLimit[sideIndex(l.Side)] = l.Max
			}
		}
	}
	for s, l := range e.stackLimit {
		if l == 0 {
			missing = append(missing, fmt.Sprintf("game: the %s stacking limit (7.1)", sideNames[s]))
		}
	}
	if sf.Scenario.Victory.Levels != nil {
		e.bands = bidBands(sf.Scenario.Victory.Levels.Bands, opts)
	}
	e.otherwise = sf.Scenario.Victory.Otherwise
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, &MissingData{Scenario: sf.Scenario.ID, Missing: missing}
	}
	cmds := map[string]int{}
	for i, u := range units {
		e.byID[u.id] = i
		e.hot = append(e.hot, unitHot{side: int8(u.side), kind: int8(u.kind), class: int8(u.class), mf: int8(u.mf)})
		e.sideUnits[u.side] = append(e.sideUnits[u.side], i)
		switch u.kind {
		case artillery:
			e.arts[u.side] = append(e.arts[u.side], i)
		case engineer:
			e.engs[u.side] = append(e.engs[u.side], i)
		case leader:
			e.leaders[u.side] = append(e.leaders[u.side], i)
		}
		c, ok := cmds[u.command]
		if !ok {
			c = len(cmds)
			cmds[u.command] = c
		}
		e.cmdIdx = append(e.cmdIdx, c)
	}
	e.nCmds = len(cmds)
	e.cmdOf = make([][]bool, len(units))
	for i, l := range units {
		if l.kind != leader {
			continue
		}
		e.cmdOf[i] = make([]bool, len(units))
		for j, u := range units {
			// Units in Independent commands are not of a Leader's command
			// (4.3.5: "Leaders never form part of an Independent command").
			e.cmdOf[i][j] = u.side == l.side && !u.independent && commandUnder(m.Game, sideNames[l.side], u.command, l.command)
		}
	}
	e.start, err = e.setup(st)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// commands: unit u is of leader l's command (7.1.3, 9.4.2F).
func (e *Engine) commands(l, u int) bool { return e.cmdOf[l] != nil && e.cmdOf[l][u] }

// commandUnder: code is cmd or one of its subordinate commands.
func commandUnder(gm *scenarios.Game, side, code, cmd string) bool {
	if gm == nil {
		return code == cmd
	}
	parent := map[string]string{}
	for _, c := range gm.Commands[side] {
		parent[c.Code] = c.Parent
	}
	// One step up per command listed at most: a cycle in a faulty module
	// ends the walk.
	for range len(parent) + 1 {
		if code == "" {
			return false
		}
		if code == cmd {
			return true
		}
		code = parent[code]
	}
	return false
}

// setup builds the start position from the scenario's setup as the
// generic state places it: units in their Areas, Control and Entrench
// markers, the Pontoon Bridge at Reynold's Crossing. Units placed "with
// any Union Leader" (the Engineers, one per Area, and Pleasanton) go with
// the Union Leaders in the Union sector in id order: the player's choice,
// made for him; an Engineer skips a Leader whose Area already holds one
// (the footnote of 5.3.1), and a setup that puts two Engineers in one
// Area is refused.
func (e *Engine) setup(st *rules.State) (*game, error) {
	n := len(e.b.ids)
	g := &game{e: e, units: make([]unitState, len(e.units)), control: make([]int, n), entrench: make([]int, 2*n),
		winner: none, current: none, placing: none, advantage: union, advNext: none, turn: 1}
	g.entrenchBits = make([]uint64, 2*((n+63)>>6))
	for loc := range g.control {
		g.control[loc] = e.b.sector[loc]
	}
	for _, m := range st.Markers {
		loc := e.b.lookup(m.Loc)
		if loc == none {
			continue
		}
		switch {
		case m.ID == "control":
			g.control[loc] = sideIndex(m.Side)
		case strings.HasPrefix(m.ID, "entrench-"):
			g.setEntrench(loc, int(m.ID[len(m.ID)-1]-'0'), sideIndex(m.Side))
		}
	}
	if e.b.reynoldsA != none {
		a, b := e.b.reynoldsA, e.b.reynoldsB
		g.pontoons = append(g.pontoons, [2]int{min(a, b), max(a, b)})
	}
	var unionLeaders []int
	for i, u := range e.units {
		su := st.Units[u.id]
		g.units[i] = unitState{loc: none, fresh: true, status: onMap}
		if su != nil && su.OnMap {
			g.units[i].loc = e.b.lookup(su.Loc)
		}
		if u.kind == leader && u.side == union && g.units[i].loc != none && e.b.sector[g.units[i].loc] == union {
			unionLeaders = append(unionLeaders, i)
		}
	}
	// The setup footnote (line 272): "*maximum of one Engineer unit per
	// Area". An Engineer set up in an Area goes there; one set up "with
	// any Union Leader" goes with the next Leader in id order whose Area
	// holds no Engineer yet, so two Leaders sharing an Area take one
	// Engineer between them.
	engineerAt := map[int]string{}
	for i, u := range e.units {
		if loc := g.units[i].loc; u.kind == engineer && loc != none {
			if other, ok := engineerAt[loc]; ok {
				return nil, fmt.Errorf("%s: LGV 5.3.1: %s and %s both set up in %s; \"maximum of one Engineer unit per Area\"", e.sf.Scenario.ID, other, u.id, e.b.ids[loc])
			}
			engineerAt[loc] = u.id
		}
	}
	next := 0
	for i := range e.units {
		if g.units[i].loc != none {
			continue
		}
		if len(unionLeaders) == 0 || e.units[i].side != union {
			return nil, fmt.Errorf("%s: no location for %s at the start", e.sf.Scenario.ID, e.units[i].id)
		}
		if e.units[i].kind != engineer {
			g.units[i].loc = g.units[unionLeaders[next%len(unionLeaders)]].loc
			continue
		}
		placed := false
		for tries := 0; tries < len(unionLeaders) && !placed; tries++ {
			loc := g.units[unionLeaders[next%len(unionLeaders)]].loc
			next++
			if _, ok := engineerAt[loc]; !ok {
				g.units[i].loc, placed = loc, true
				engineerAt[loc] = e.units[i].id
			}
		}
		if !placed {
			return nil, fmt.Errorf("%s: LGV 5.3.1: no Area with a Union Leader is left for %s (\"maximum of one Engineer unit per Area\")", e.sf.Scenario.ID, e.units[i].id)
		}
	}
	g.rerolls = [2]int{1, 1}
	if v, ok := st.Tracks["rerolls.union"]; ok {
		g.rerolls[union] = int(v)
	}
	if v, ok := st.Tracks["rerolls.confederate"]; ok {
		g.rerolls[confederate] = int(v)
	}
	if s, ok := st.Statuses["advantage"]; ok {
		g.advantage = sideIndex(s)
	}
	g.recount()
	g.allocImpulse()
	return g, nil
}

func (g *game) allocImpulse() {
	n, u := len(g.e.b.ids), len(g.units)
	g.contested0, g.c0Epoch = make([]bool, n), make([]uint64, n)
	g.attacked = make([]bool, n)
	g.entrenched = make([]bool, n)
	g.moved = make([]bool, u)
	g.mfLeft = make([]int, u)
	g.cameFrom = make([]int, u)
	for i := range g.cameFrom {
		g.cameFrom[i] = -1
	}
	g.startedIn = make([]bool, u)
	g.commit = make([]bool, u)
	g.holdBack = make([]bool, u)
}

// NewGame starts a game with its own dice.
func (e *Engine) NewGame(seed uint64) *game {
	g := e.start.clone()
	g.pcg = newPCG(seed)
	g.begin()
	return g
}

func newPCG(seed uint64) *rand.PCG { return rand.NewPCG(seed, seed^0x9e3779b97f4a7c15) }

// stackTypes are the counter types of LGV by unit kind.
var stackTypes = map[string]int{"Inf": infantry, "Cav": cavalry, "Art": artillery, "Eng": engineer, "Ldr": leader}

// readStacking reads which units count against the stacking limits
// (7.1.3) from game.json: a limit's counts types, the free filters (by
// side and types, or named Leaders) and leadersFreeWithCommand. Without a
// stacking entry it plays the rulebook's 7.1.3 (Infantry, Artillery,
// Cavalry and Leaders count; Union Engineers, Hooker and Lee are free; a
// Leader with a unit of his command is free). A filter the engine cannot
// play (a field other than side, types and Leaders' units, or a type LGV
// has not) refuses the module, naming it, rather than being left unread.
func (e *Engine) readStacking(gm *scenarios.Game, units []unitInfo) error {
	for s := range e.stackKinds {
		e.stackKinds[s] = [nKinds]bool{infantry: true, cavalry: true, artillery: true, leader: true}
	}
	e.stackFreeCmd = true
	for i := range units {
		units[i].stackFree = units[i].armyLeader
	}
	if gm == nil || gm.Stacking == nil || gm.Stacking.Missing {
		return nil
	}
	st := gm.Stacking
	kindsOf := func(f *scenarios.UnitFilter, what string) ([nKinds]bool, error) {
		var k [nKinds]bool
		if len(f.Sizes) > 0 || len(f.Commands) > 0 || f.Marks != "" || f.Morale != "" || f.Leaders || len(f.Except) > 0 || f.StartingIn != nil {
			return k, fmt.Errorf("LGV 7.1.3: the stacking %s filters by more than side, types and units, which the LGV engine does not read", what)
		}
		if len(f.Types) == 0 {
			return [nKinds]bool{true, true, true, true, true}, nil
		}
		for _, t := range f.Types {
			kind, ok := stackTypes[t]
			if !ok {
				return k, fmt.Errorf("LGV 7.1.3: the stacking %s names type %q, not one of LGV's (Inf, Cav, Art, Eng, Ldr)", what, t)
			}
			k[kind] = true
		}
		return k, nil
	}
	e.stackFreeCmd = st.LeadersFreeWithCommand
	for _, l := range st.Limits {
		if l.Side == "" || l.Max <= 0 || !(len(l.LocationKinds) == 0 || slices.Contains(l.LocationKinds, "area")) {
			continue
		}
		k := [nKinds]bool{true, true, true, true, true}
		if l.Counts != nil {
			if len(l.Counts.Units) > 0 {
				return fmt.Errorf("LGV 7.1.3: the %s stacking limit counts named units, which the LGV engine does not read", l.Side)
			}
			var err error
			if k, err = kindsOf(l.Counts, l.Side+" limit's counts"); err != nil {
				return err
			}
		}
		e.stackKinds[sideIndex(l.Side)] = k
	}
	for i := range units {
		units[i].stackFree = false
	}
	for _, f := range st.Free {
		for _, id := range f.Units {
			for i := range units {
				if units[i].id != id {
					continue
				}
				if units[i].kind != leader {
					return fmt.Errorf("LGV 7.1.3: the stacking free units name %s, not a Leader; the LGV engine plays free units only for Leaders", id)
				}
				units[i].stackFree = true
			}
		}
		if len(f.Units) > 0 && len(f.Types) == 0 {
			if _, err := kindsOf(&f, "free entry"); err != nil {
				return err
			}
			continue
		}
		k, err := kindsOf(&f, "free entry")
		if err != nil {
			return err
		}
		for s := range e.stackKinds {
			if f.Side != "" && sideIndex(f.Side) != s {
				continue
			}
			for kind, free := range k {
				if free {
					e.stackKinds[s][kind] = false
				}
			}
		}
	}
	return nil
}
