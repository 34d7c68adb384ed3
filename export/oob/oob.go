package oob

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// OOB is a scenario's order of battle: per side, the command hierarchy of
// the game module with each command's leaders and units, and totals that
// include everything beneath a command.
type OOB struct {
	Scenario string  `json:"scenario"`
	Title    string  `json:"title"`
	Module   string  `json:"module"`
	Sides    []*Side `json:"sides"`
}

// Side is one side's tree. Every unit row of the side's setup tables
// appears exactly once: under its command in Commands, or in Unassigned.
type Side struct {
	Side string `json:"side"`
	Name string `json:"name"`
	// Hierarchy is false when the game module gives the side no commands
	// (USCW): every unit is then in Unassigned.
	Hierarchy bool           `json:"hierarchy"`
	Commands  []*CommandNode `json:"commands"`
	// Unassigned holds units whose command is unknown, or all units of a
	// side without a command hierarchy; nil when empty.
	Unassigned *Group `json:"unassigned,omitempty"`
	// Markers are setup rows that place markers (redoubts, depots,
	// gunboats), not units; they count in no total.
	Markers []*Entry `json:"markers,omitempty"`
	// RowsMissing says where a setup table's rows are when the source
	// lacks them (USCW's At Start Cards).
	RowsMissing []string `json:"rowsMissing,omitempty"`
	Totals      Totals   `json:"totals"`
	// Legend gives the meaning of each footnote mark the side's rows carry
	// (Dearing-B *: "* Indicated units begin the game under ...").
	Legend []LegendEntry `json:"legend,omitempty"`
	// Problems are faults of the game module the tree works around, such as
	// a circle of command parents (cut at its first command, which is then
	// shown at the top level); nil when there are none.
	Problems []string `json:"problems,omitempty"`
}

// LegendEntry is one footnote mark of a setup table and what it means.
type LegendEntry struct {
	Mark    string `json:"mark"`
	Meaning string `json:"meaning"`
}

// Totals counts what a command holds, including all commands beneath it.
type Totals struct {
	Units    int `json:"units"`
	Leaders  int `json:"leaders"`
	Manpower int `json:"manpower"`
	// ManpowerUnknown counts units whose manpower the setup does not give
	// (LGV prints none); Manpower is then a lower bound.
	ManpowerUnknown int `json:"manpowerUnknown,omitempty"`
}

func (t *Totals) add(o Totals) {
	t.Units += o.Units
	t.Leaders += o.Leaders
	t.Manpower += o.Manpower
	t.ManpowerUnknown += o.ManpowerUnknown
}

func (t *Totals) count(e *Entry) {
	if e.Leader {
		t.Leaders++
	} else {
		t.Units++
		if e.Manpower == nil {
			t.ManpowerUnknown++
		}
	}
	if e.Manpower != nil {
		t.Manpower += *e.Manpower
	}
}

// CommandNode is one command of the module's hierarchy that has units or
// leaders in the scenario (itself or beneath it).
type CommandNode struct {
	Code    string   `json:"code"`
	Name    string   `json:"name"`
	Level   string   `json:"level"`
	Leaders []*Entry `json:"leaders,omitempty"`
	Units   []*Entry `json:"units,omitempty"`
	// AlsoLedBy lists leaders placed under another command whose counter
	// also names this one (TPC 10's Sheridan leads AoS, Cav and Cav-J).
	AlsoLedBy []LeaderRef    `json:"alsoLedBy,omitempty"`
	Children  []*CommandNode `json:"children,omitempty"`
	Totals    Totals         `json:"totals"`
}

// LeaderRef points at a leader listed under another command.
type LeaderRef struct {
	Name    string `json:"name"`
	Unit    string `json:"unit"`
	Command string `json:"command"` // the code he is listed under
}

// Group is a flat list of units outside the command tree.
type Group struct {
	Title   string   `json:"title"`
	Leaders []*Entry `json:"leaders,omitempty"`
	Units   []*Entry `json:"units,omitempty"`
	Totals  Totals   `json:"totals"`
}

// Entry is one setup row (or a counter placed by the scenario's start
// state, such as TPC 11's Longstreet on the Turn Track).
type Entry struct {
	Name   string `json:"name"`
	Unit   string `json:"unit,omitempty"`   // counter id
	Marker string `json:"marker,omitempty"` // marker id, for marker rows
	Leader bool   `json:"leader,omitempty"`
	Size   string `json:"size,omitempty"`
	Type   string `json:"type,omitempty"`
	// Command is the code the entry was placed by, as printed on the row or,
	// when the row prints none, as on the counter (CommandFrom says which).
	Command     string `json:"command,omitempty"`
	CommandFrom string `json:"commandFrom,omitempty"` // row, counter
	Manpower    *int   `json:"manpower"`
	Marks       string `json:"marks,omitempty"`
	Setup       Setup  `json:"setup"`
	// AlsoCommands are the other commands the leader's counter names.
	AlsoCommands []string `json:"alsoCommands,omitempty"`
	// Problem says why an entry is in the Command unknown group.
	Problem string `json:"problem,omitempty"`
	// Pointer is the JSON Pointer of the row in the scenario file.
	Pointer string `json:"pointer"`
}

// FromSetup reports whether the entry is a setup row (not a start-state
// placement).
func (e *Entry) FromSetup() bool { return strings.HasPrefix(e.Pointer, "/setup/") }

// Setup is where a unit starts: a hex or area (with the place name as
// printed), an off-map box, a deferred entry, or a placement of the
// player's choice.
type Setup struct {
	Kind  string `json:"kind"` // hex, box, entry, placement, none
	Hex   string `json:"hex,omitempty"`
	Place string `json:"place,omitempty"`
	Box   string `json:"box,omitempty"`
	Text  string `json:"text,omitempty"` // entry or placement text as printed
	Turn  int    `json:"turn,omitempty"`
	Date  string `json:"date,omitempty"`
}

// String is the setup location in one line.
func (s Setup) String() string {
	switch s.Kind {
	case "hex":
		if s.Place != "" {
			return s.Hex + " " + s.Place
		}
		return s.Hex
	case "box":
		if s.Turn > 0 && !strings.Contains(s.Box, fmt.Sprint(s.Turn)) {
			return fmt.Sprintf("%s (turn %d)", s.Box, s.Turn)
		}
		return s.Box
	case "entry":
		var when []string
		if s.Turn > 0 {
			when = append(when, fmt.Sprintf("turn %d", s.Turn))
		}
		if s.Date != "" {
			when = append(when, s.Date)
		}
		if len(when) == 0 {
			return "enters: " + s.Text
		}
		return fmt.Sprintf("enters %s: %s", strings.Join(when, ", "), s.Text)
	case "placement":
		return "placed " + s.Text
	}
	return "-"
}

// Group titles.
const (
	TitleCommandUnknown = "Command unknown"
	TitleNoStructure    = "(no command structure)"
)

// Build builds the order of battle of scenario s of module m. It never
// fails: what cannot be placed in the hierarchy goes to Unassigned.
func Build(m *scenarios.Module, s *scenarios.Scenario) *OOB {
	o := &OOB{Scenario: s.ID, Title: s.Title, Module: s.Module}
	var ix *scenarios.Index
	var game *scenarios.Game
	if m != nil {
		ix = m.Index()
		game = m.Game
	}
	if ix == nil {
		ix = (&scenarios.Module{}).Index()
	}

	// Sides in the module's order, then any the setup names that the module
	// does not declare (validate reports those).
	sides := map[string]*sideBuilder{}
	var order []string
	addSide := func(id, name string) *sideBuilder {
		if sb := sides[id]; sb != nil {
			return sb
		}
		sb := newSideBuilder(id, name, game, ix)
		sides[id] = sb
		order = append(order, id)
		return sb
	}
	if game != nil {
		for _, sd := range game.Sides {
			addSide(sd.ID, sd.Name)
		}
	}
	for ti, t := range s.Setup {
		sb := addSide(t.Side, t.Side)
		if t.RowsMissing != "" {
			sb.out.RowsMissing = append(sb.out.RowsMissing, t.RowsMissing)
		}
		for ri := range t.Rows {
			sb.addRow(&t.Rows[ri], fmt.Sprintf("/setup/%d/rows/%d", ti, ri))
		}
		sb.addLegend(t)
	}
	if s.Start != nil {
		for i, sm := range s.Start.Markers {
			if sm.Unit == "" {
				continue
			}
			side := sm.Side
			if c := ix.Counters[sm.Unit]; c != nil && side == "" {
				side = c.Side
			}
			if side == "" {
				continue
			}
			addSide(side, side).addStartMarker(&sm, fmt.Sprintf("/start/markers/%d", i))
		}
	}
	for _, id := range order {
		o.Sides = append(o.Sides, sides[id].finish())
	}
	return o
}

// addLegend adds the footnotes of a setup table whose marks its rows
// carry, once each.
func (sb *sideBuilder) addLegend(t scenarios.SetupTable) {
	for _, f := range t.Footnotes {
		used := false
		for _, r := range t.Rows {
			used = used || f.Symbol != "" && strings.Contains(r.Marks, f.Symbol)
		}
		e := LegendEntry{Mark: f.Symbol, Meaning: clean(f.Text)}
		if used && !slices.Contains(sb.out.Legend, e) {
			sb.out.Legend = append(sb.out.Legend, e)
		}
	}
}

// Side returns the side with the given id or name (any case), or nil.
func (o *OOB) Side(idOrName string) *Side {
	for _, s := range o.Sides {
		if strings.EqualFold(s.Side, idOrName) || strings.EqualFold(s.Name, idOrName) {
			return s
		}
	}
	return nil
}

// Walk calls f for every command node of the side, parents before
// children, with the node's depth (0 for a top-level command).
func (s *Side) Walk(f func(n *CommandNode, depth int)) {
	var walk func(ns []*CommandNode, d int)
	walk = func(ns []*CommandNode, d int) {
		for _, n := range ns {
			f(n, d)
			walk(n.Children, d+1)
		}
	}
	walk(s.Commands, 0)
}

// Entries returns every unit and leader entry of the side, tree first in
// walk order, then the unassigned ones.
func (s *Side) Entries() []*Entry {
	var out []*Entry
	s.Walk(func(n *CommandNode, _ int) {
		out = append(out, n.Leaders...)
		out = append(out, n.Units...)
	})
	if s.Unassigned != nil {
		out = append(out, s.Unassigned.Leaders...)
		out = append(out, s.Unassigned.Units...)
	}
	return out
}

type sideBuilder struct {
	out   *Side
	ix    *scenarios.Index
	cmds  []scenarios.Command
	nodes map[string]*CommandNode // by canonical code
	// cut are the commands whose parent is ignored, the first of each
	// circle of parents (game.CommandCycles), by index in cmds.
	cut map[int]bool
}

func newSideBuilder(id, name string, game *scenarios.Game, ix *scenarios.Index) *sideBuilder {
	var cmds []scenarios.Command
	if game != nil {
		cmds = game.Commands[id]
	}
	sb := &sideBuilder{
		out:   &Side{Side: id, Name: name, Hierarchy: len(cmds) > 0},
		ix:    ix,
		cmds:  cmds,
		nodes: map[string]*CommandNode{},
		cut:   map[int]bool{},
	}
	// A circle of parents has no top: without a cut, none of its commands
	// nor anything beneath them would be reached from a root (validate's
	// command-cycle).
	for _, cyc := range game.CommandCycles(id) {
		sb.cut[cyc[0]] = true
		first := cmds[cyc[0]]
		if len(cyc) == 1 {
			sb.out.Problems = append(sb.out.Problems, fmt.Sprintf("game.json makes command %s its own parent: it is shown at the top level", first.Code))
			continue
		}
		var chain []string
		for _, i := range cyc {
			chain = append(chain, cmds[i].Code)
		}
		sb.out.Problems = append(sb.out.Problems, fmt.Sprintf("the command parents of game.json run in a circle (%s → %s): %s is shown at the top level", strings.Join(chain, " → "), first.Code, first.Code))
	}
	for _, c := range cmds {
		sb.nodes[c.Code] = &CommandNode{Code: c.Code, Name: c.Name, Level: c.Level}
	}
	return sb
}

// resolve finds the side's command for a printed code (aliases included).
func (sb *sideBuilder) resolve(code string) *CommandNode {
	c := sb.ix.Commands[sb.out.Side][code]
	if c == nil {
		return nil
	}
	return sb.nodes[c.Code]
}

func (sb *sideBuilder) addRow(r *scenarios.SetupRow, ptr string) {
	e := &Entry{Name: r.Name, Unit: r.Unit, Marker: r.Marker, Size: r.Size, Type: r.Type,
		Manpower: r.Manpower, Marks: r.Marks, Pointer: ptr, Setup: setupOf(r)}
	if r.Unit == "" && r.Marker != "" {
		// Marker rows print "-" in the unit columns.
		e.Size, e.Type = clean(e.Size), clean(e.Type)
		sb.out.Markers = append(sb.out.Markers, e)
		return
	}
	ctr := sb.ix.Counters[r.Unit]
	if ctr != nil {
		// LGV rows print only name and location: the counter gives the rest.
		if e.Size == "" {
			e.Size = ctr.Size
		}
		if e.Type == "" {
			e.Type = ctr.Type
		}
	}
	e.Leader = sb.ix.IsLeader(e.Type)
	printed := clean(r.Command)
	sb.place(e, printed, ctr)
}

func (sb *sideBuilder) addStartMarker(sm *scenarios.StartMarker, ptr string) {
	ctr := sb.ix.Counters[sm.Unit]
	e := &Entry{Unit: sm.Unit, Pointer: ptr, Setup: Setup{Kind: "box", Box: sm.Box, Turn: sm.Turn, Hex: sm.At}}
	if sm.Box == "" && sm.At != "" {
		e.Setup = Setup{Kind: "hex", Hex: sm.At}
	}
	if ctr != nil {
		e.Name, e.Size, e.Type = ctr.Name, ctr.Size, ctr.Type
	} else {
		e.Name = sm.Unit
	}
	e.Leader = sb.ix.IsLeader(e.Type)
	sb.place(e, "", ctr)
}

// place puts an entry under the command the row prints or, when it prints
// none, the command of its counter; otherwise in the unassigned group.
func (sb *sideBuilder) place(e *Entry, printed string, ctr *scenarios.Counter) {
	var counterCodes []string
	if ctr != nil {
		if ctr.Command != "" {
			counterCodes = append(counterCodes, ctr.Command)
		}
		counterCodes = append(counterCodes, ctr.Commands...)
	}
	var node *CommandNode
	switch {
	case printed != "":
		e.Command, e.CommandFrom = printed, "row"
		node = sb.resolve(printed)
	case len(counterCodes) > 0:
		e.Command, e.CommandFrom = counterCodes[0], "counter"
		node = sb.resolve(counterCodes[0])
	}
	if !sb.out.Hierarchy {
		sb.unassigned().add(e)
		return
	}
	if node == nil {
		if e.Command == "" {
			e.Problem = "no command printed on the row or on the counter"
		} else {
			e.Problem = fmt.Sprintf("no command %q for the %s side in the game module", e.Command, sb.out.Name)
		}
		sb.unassigned().add(e)
		return
	}
	if e.Leader {
		node.Leaders = append(node.Leaders, e)
		for _, code := range counterCodes {
			other := sb.resolve(code)
			if other == nil || other == node || containsString(e.AlsoCommands, other.Code) {
				continue
			}
			e.AlsoCommands = append(e.AlsoCommands, other.Code)
			other.AlsoLedBy = append(other.AlsoLedBy, LeaderRef{Name: e.Name, Unit: e.Unit, Command: node.Code})
		}
		return
	}
	node.Units = append(node.Units, e)
}

func (sb *sideBuilder) unassigned() *Group {
	if sb.out.Unassigned == nil {
		title := TitleCommandUnknown
		if !sb.out.Hierarchy {
			title = TitleNoStructure
		}
		sb.out.Unassigned = &Group{Title: title}
	}
	return sb.out.Unassigned
}

func (g *Group) add(e *Entry) {
	if e.Leader {
		g.Leaders = append(g.Leaders, e)
	} else {
		g.Units = append(g.Units, e)
	}
	g.Totals.count(e)
}

// finish links the nodes into trees in the module's order, computes the
// totals and drops commands with nothing in them or beneath them.
func (sb *sideBuilder) finish() *Side {
	children := map[string][]*CommandNode{}
	var roots []*CommandNode
	for i, c := range sb.cmds {
		n := sb.nodes[c.Code]
		if c.Parent != "" && sb.nodes[c.Parent] != nil && !sb.cut[i] {
			children[c.Parent] = append(children[c.Parent], n)
		} else {
			roots = append(roots, n)
		}
	}
	visiting := map[string]bool{}
	var total func(n *CommandNode) bool
	total = func(n *CommandNode) bool {
		if visiting[n.Code] { // cannot happen once every circle is cut
			return false
		}
		visiting[n.Code] = true
		defer delete(visiting, n.Code)
		n.Totals = Totals{}
		for _, e := range n.Leaders {
			n.Totals.count(e)
		}
		for _, e := range n.Units {
			n.Totals.count(e)
		}
		n.Children = nil
		for _, ch := range children[n.Code] {
			if total(ch) {
				n.Children = append(n.Children, ch)
				n.Totals.add(ch.Totals)
			}
		}
		return n.Totals.Units+n.Totals.Leaders > 0
	}
	out := sb.out
	for _, r := range roots {
		if total(r) {
			out.Commands = append(out.Commands, r)
			out.Totals.add(r.Totals)
		}
	}
	if out.Unassigned != nil {
		out.Totals.add(out.Unassigned.Totals)
	}
	if out.Commands == nil {
		out.Commands = []*CommandNode{}
	}
	return out
}

func setupOf(r *scenarios.SetupRow) Setup {
	switch {
	case r.Hex != "":
		return Setup{Kind: "hex", Hex: r.Hex, Place: r.Place}
	case r.Box != "":
		return Setup{Kind: "box", Box: r.Box}
	case r.Entry != nil:
		return Setup{Kind: "entry", Text: r.Entry.Text, Turn: r.Entry.Turn, Date: r.Entry.Date}
	case r.Placement != nil:
		return Setup{Kind: "placement", Text: r.Placement.Text}
	}
	return Setup{Kind: "none"}
}

// clean drops the "-" TPC prints in empty cells.
func clean(s string) string {
	if s == "-" || s == "–" {
		return ""
	}
	return s
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
