package sheet

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// The xlsx workbook and its importer share one description of every
// editable sheet: a list of columns, each with the text the export writes
// (get) and how the importer applies an edited cell (set). The importer
// compares each cell with get on the row the workbook was made from and
// calls set only where they differ, so an untouched workbook gives back
// exactly the scenario it was made from, and every edit wins.

// xlsxCtx is what column functions need besides the row: the module's
// vocabulary and the scenario's sheet prefixes.
type xlsxCtx struct {
	mod    *scenarios.Module
	ix     *scenarios.Index
	scn    *scenarios.Scenario
	side   string // the side of the table the row belongs to
	legend []scenarios.Footnote
	place  string // the Place cell of the row being read, for a location's suggestion
}

// xlsxCol is one column of an editable sheet over rows of type T.
type xlsxCol[T any] struct {
	head  string
	width float64
	wrap  bool
	list  string // key of a drop-down list (xlsxListSizes...), if any
	get   func(x *xlsxCtx, r *T) string
	set   func(x *xlsxCtx, r *T, v string) error // nil: read-only (derived)
	field string                                 // JSON key the column shows, for mapping findings to cells
}

const (
	xlsxListSizes    = "sizes"
	xlsxListTypes    = "types"
	xlsxListCommands = "commands" // of the row's side
	xlsxListAdjud    = "adjudication"
)

func xlsxItoa(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}

func xlsxIntOrBlank(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func xlsxFtoa(p *float64) string {
	if p == nil {
		return ""
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}

func xlsxParseInt(v, what string) (int, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("%s %q is not a whole number", what, v)
	}
	return n, nil
}

func xlsxParseIntPtr(v, what string) (*int, error) {
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	n, err := xlsxParseInt(v, what)
	if err != nil {
		return nil, err
	}
	return &n, nil
}

func xlsxParseFloatPtr(v, what string) (*float64, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return nil, fmt.Errorf("%s %q is not a number", what, v)
	}
	return &f, nil
}

// xlsxCounter is the counter a row names, or nil.
func (x *xlsxCtx) counter(r *scenarios.SetupRow) *scenarios.Counter {
	if r.Unit == "" || x.ix == nil {
		return nil
	}
	return x.ix.Counters[r.Unit]
}

func (x *xlsxCtx) sizes() []string {
	var out []string
	for _, s := range x.mod.Game.UnitSizes {
		out = append(out, s.Code)
	}
	return out
}

func (x *xlsxCtx) types() []string {
	var out []string
	for _, t := range x.mod.Game.UnitTypes {
		out = append(out, t.Code)
	}
	return out
}

func (x *xlsxCtx) commands(side string) []string {
	var out []string
	for _, c := range x.mod.Game.Commands[side] {
		out = append(out, c.Code)
	}
	return out
}

func xlsxOneOf(v, what string, allowed []string) error {
	if v == "" || v == "-" {
		return nil
	}
	for _, a := range allowed {
		if a == v {
			return nil
		}
	}
	shown := allowed
	if len(shown) > 12 {
		shown = append(append([]string{}, shown[:12]...), "...")
	}
	return fmt.Errorf("unknown %s %s (one of %s)", what, v, strings.Join(shown, ", "))
}

// checkLocation accepts a hex or area the module's map knows.
func (x *xlsxCtx) checkLocation(v string) error {
	if v == "" || x.ix == nil {
		return nil
	}
	if _, err := x.ix.Resolve(v, x.scn.Maps.Prefixes); err != nil {
		what := "hex"
		if len(x.ix.Areas) > 0 && len(x.ix.Sheets) == 0 {
			what = "area"
		}
		var amb *scenarios.AmbiguousPrefixError
		if at := x.ix.PlaceHexes[strings.ToLower(x.place)]; x.place != "" && len(at) > 0 && !errors.As(err, &amb) {
			// The suggestion muster validate gives (placeHint).
			return fmt.Errorf("unknown %s %s: %v; the map puts %s at %s: did you mean %s?", what, v, err, x.place, strings.Join(at, " or "), at[0])
		}
		return fmt.Errorf("unknown %s %s: %v", what, v, err)
	}
	return nil
}

const xlsxBoxPrefix = "Box: "

// xlsxLocation is the Location cell of a row: its hex, its box, or the
// text of a placement the player chooses.
func xlsxLocation(r *scenarios.SetupRow) string {
	switch {
	case r.Hex != "":
		return r.Hex
	case r.Box != "":
		return xlsxBoxPrefix + r.Box
	case r.Placement != nil:
		return r.Placement.Text
	}
	return ""
}

func (x *xlsxCtx) setLocation(r *scenarios.SetupRow, v string) error {
	r.Hex, r.Box, r.Placement = "", "", nil
	if b, ok := strings.CutPrefix(v, xlsxBoxPrefix); ok {
		r.Box = strings.TrimSpace(b)
		return nil
	}
	if err := x.checkLocation(v); err != nil {
		return err
	}
	r.Hex = v
	return nil
}

// xlsxMarkSet lists the legend's symbols.
func xlsxMarkSet(legend []scenarios.Footnote) []string {
	var out []string
	for _, f := range legend {
		out = append(out, f.Symbol)
	}
	return out
}

// xlsxSplitMarks splits printed marks into legend symbols, longest first.
func xlsxSplitMarks(marks string, legend []scenarios.Footnote) ([]*scenarios.Footnote, string) {
	var out []*scenarios.Footnote
	syms := make([]int, len(legend))
	for i := range legend {
		syms[i] = i
	}
	sort.SliceStable(syms, func(a, b int) bool { return len(legend[syms[a]].Symbol) > len(legend[syms[b]].Symbol) })
	rest := marks
	for rest != "" {
		found := false
		for _, i := range syms {
			if s := legend[i].Symbol; s != "" && strings.HasPrefix(rest, s) {
				out = append(out, &legend[i])
				rest = rest[len(s):]
				found = true
				break
			}
		}
		if !found {
			return out, rest
		}
	}
	return out, ""
}

func xlsxStatesText(states map[string]any) string {
	keys := make([]string, 0, len(states))
	for k := range states {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s: %v", k, states[k]))
	}
	return strings.Join(parts, "; ")
}

// xlsxStartingState is the readable starting state of a row: the states its
// footnote marks give, then its own.
func xlsxStartingState(x *xlsxCtx, r *scenarios.SetupRow) string {
	var parts []string
	fns, _ := xlsxSplitMarks(r.Marks, x.legend)
	for _, f := range fns {
		if len(f.States) > 0 {
			parts = append(parts, xlsxStatesText(f.States)+" ("+f.Symbol+")")
		}
	}
	if len(r.States) > 0 {
		parts = append(parts, xlsxStatesText(r.States))
	}
	return strings.Join(parts, "; ")
}

func xlsxRestrictionText(rs scenarios.Restriction) string {
	s := "may not " + strings.Join(rs.Restrict, "/")
	if t := rs.Turns; t != nil {
		switch {
		case t.From != 0 && t.From == t.To:
			s += fmt.Sprintf(" on turn %d", t.From)
		case t.From != 0 && t.To != 0:
			s += fmt.Sprintf(" on turns %d-%d", t.From, t.To)
		case t.To != 0:
			s += fmt.Sprintf(" through turn %d", t.To)
		case t.From != 0:
			s += fmt.Sprintf(" from turn %d", t.From)
		}
	}
	var rel []string
	for _, tr := range rs.Release {
		switch {
		case tr.Kind == "enemy-within" && tr.Distance > 0:
			rel = append(rel, fmt.Sprintf("an enemy comes within %d", tr.Distance))
		case tr.Kind == "turn" && tr.Turn > 0:
			rel = append(rel, fmt.Sprintf("turn %d", tr.Turn))
		default:
			rel = append(rel, tr.Kind)
		}
	}
	if len(rel) > 0 {
		s += " until " + strings.Join(rel, " or ")
	}
	return s
}

// xlsxRestrictions is the readable list of restrictions a row's marks give.
func xlsxRestrictions(x *xlsxCtx, r *scenarios.SetupRow) string {
	var parts []string
	fns, _ := xlsxSplitMarks(r.Marks, x.legend)
	for _, f := range fns {
		if len(f.States) == 0 && len(f.Restrictions) == 0 && strings.TrimSpace(f.Text) != "" {
			// A footnote muster cannot read (a limit, a pointer to a
			// rule): its words, so the row says what its mark means
			// where the legend is not at hand (a print leaves it out).
			parts = append(parts, strings.TrimSpace(f.Text)+" ("+f.Symbol+")")
			continue
		}
		for _, rs := range f.Restrictions {
			t := xlsxRestrictionText(rs)
			if f.Rule != "" {
				t += " (rule " + f.Rule + ")"
			}
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "; ")
}

func (x *xlsxCtx) setMarks(r *scenarios.SetupRow, v string) error {
	if _, rest := xlsxSplitMarks(v, x.legend); rest != "" {
		known := strings.Join(xlsxMarkSet(x.legend), " ")
		if known == "" {
			known = "none"
		}
		return fmt.Errorf("unknown footnote mark %q (the legend has %s)", rest, known)
	}
	r.Marks = v
	return nil
}

func (x *xlsxCtx) setCounter(r *scenarios.SetupRow, v string) error {
	r.Unit = ""
	if v == "" {
		return nil
	}
	if x.ix != nil && x.ix.Counters[v] == nil {
		return fmt.Errorf("unknown counter %s", v)
	}
	r.Unit = v
	return nil
}

func (x *xlsxCtx) setMarker(r *scenarios.SetupRow, v string) error {
	r.Marker = ""
	if v == "" {
		return nil
	}
	if x.ix != nil && x.ix.Markers[v] == nil {
		return fmt.Errorf("unknown marker %s", v)
	}
	r.Marker = v
	return nil
}

type xlsxRowCol = xlsxCol[scenarios.SetupRow]

// Columns shared by the setup, reinforcement and marker sheets.
var (
	xlsxColUnitName = xlsxRowCol{head: "Unit/Leader", width: 22, field: "name",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string { return r.Name },
		set: func(_ *xlsxCtx, r *scenarios.SetupRow, v string) error {
			if v == "" {
				return fmt.Errorf("a row needs a name")
			}
			r.Name = v
			return nil
		}}
	xlsxColSize = xlsxRowCol{head: "Size", width: 10, list: xlsxListSizes, field: "size",
		get: func(x *xlsxCtx, r *scenarios.SetupRow) string {
			if r.Size == "" {
				if c := x.counter(r); c != nil {
					return c.Size
				}
			}
			return r.Size
		},
		set: func(x *xlsxCtx, r *scenarios.SetupRow, v string) error {
			if err := xlsxOneOf(v, "size", x.sizes()); err != nil {
				return err
			}
			r.Size = v
			return nil
		}}
	xlsxColCommand = xlsxRowCol{head: "Command", width: 12, list: xlsxListCommands, field: "command",
		get: func(x *xlsxCtx, r *scenarios.SetupRow) string {
			if r.Command == "" {
				if c := x.counter(r); c != nil {
					return c.Command
				}
			}
			return r.Command
		},
		set: func(x *xlsxCtx, r *scenarios.SetupRow, v string) error {
			if err := xlsxOneOf(v, "command", x.commands(x.side)); err != nil {
				return err
			}
			r.Command = v
			return nil
		}}
	xlsxColType = xlsxRowCol{head: "Type", width: 9, list: xlsxListTypes, field: "type",
		get: func(x *xlsxCtx, r *scenarios.SetupRow) string {
			if r.Type == "" {
				if c := x.counter(r); c != nil {
					return c.Type
				}
			}
			return r.Type
		},
		set: func(x *xlsxCtx, r *scenarios.SetupRow, v string) error {
			if err := xlsxOneOf(v, "type", x.types()); err != nil {
				return err
			}
			r.Type = v
			return nil
		}}
	xlsxColManpower = xlsxRowCol{head: "Manpower", width: 11, field: "manpower",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string { return xlsxItoa(r.Manpower) },
		set: func(_ *xlsxCtx, r *scenarios.SetupRow, v string) (err error) {
			r.Manpower, err = xlsxParseIntPtr(v, "manpower")
			return err
		}}
	xlsxColLocation = xlsxRowCol{head: "Location", width: 14, field: "hex",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string { return xlsxLocation(r) },
		set: func(x *xlsxCtx, r *scenarios.SetupRow, v string) error { return x.setLocation(r, v) }}
	xlsxColPlace = xlsxRowCol{head: "Place", width: 20, field: "place",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string { return r.Place },
		set: func(_ *xlsxCtx, r *scenarios.SetupRow, v string) error { r.Place = v; return nil }}
	xlsxColMarks = xlsxRowCol{head: "Marks", width: 8, field: "marks",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string { return r.Marks },
		set: func(x *xlsxCtx, r *scenarios.SetupRow, v string) error { return x.setMarks(r, v) }}
	xlsxColState = xlsxRowCol{head: "Starting state", width: 26, wrap: true, field: "states", get: xlsxStartingState}
	xlsxColRestr = xlsxRowCol{head: "Restrictions", width: 26, wrap: true, field: "marks", get: xlsxRestrictions}
	xlsxColUnit  = xlsxRowCol{head: "Counter", width: 26, field: "unit",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string { return r.Unit },
		set: func(x *xlsxCtx, r *scenarios.SetupRow, v string) error { return x.setCounter(r, v) }}
	xlsxColMarker = xlsxRowCol{head: "Marker", width: 20, field: "marker",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string { return r.Marker },
		set: func(x *xlsxCtx, r *scenarios.SetupRow, v string) error { return x.setMarker(r, v) }}
	xlsxColArrives = xlsxRowCol{head: "Arrives", width: 26, wrap: true, field: "entry",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string {
			if r.Entry == nil {
				return ""
			}
			return r.Entry.Text
		},
		set: func(_ *xlsxCtx, r *scenarios.SetupRow, v string) error {
			if v == "" {
				return fmt.Errorf("a reinforcement needs the printed arrival text")
			}
			xlsxEntry(r).Text = v
			return nil
		}}
	xlsxColTurn = xlsxRowCol{head: "Turn", width: 7, field: "entry",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string {
			if r.Entry == nil {
				return ""
			}
			return xlsxIntOrBlank(r.Entry.Turn)
		},
		set: func(_ *xlsxCtx, r *scenarios.SetupRow, v string) error {
			n, err := xlsxParseInt(v, "turn")
			if err != nil {
				return err
			}
			xlsxEntry(r).Turn = n
			return nil
		}}
	xlsxColDate = xlsxRowCol{head: "Date", width: 12, field: "entry",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string {
			if r.Entry == nil {
				return ""
			}
			return r.Entry.Date
		},
		set: func(_ *xlsxCtx, r *scenarios.SetupRow, v string) error { xlsxEntry(r).Date = v; return nil }}
	xlsxColRule = xlsxRowCol{head: "Rule", width: 8, field: "entry",
		get: func(_ *xlsxCtx, r *scenarios.SetupRow) string {
			if r.Entry == nil {
				return ""
			}
			return r.Entry.Rule
		},
		set: func(_ *xlsxCtx, r *scenarios.SetupRow, v string) error { xlsxEntry(r).Rule = v; return nil }}
)

func xlsxEntry(r *scenarios.SetupRow) *scenarios.Entry {
	if r.Entry == nil {
		r.Entry = &scenarios.Entry{}
	}
	return r.Entry
}

// The three sheets setup rows are spread over. Setup sheets (one per table)
// hold the rows at start, in the rulebook's column order; Reinforcements and
// Markers add a Setup column naming the table's sheet. Every one ends with
// the Row column (the row's place in its table), which puts the rows back
// in order and ties them to the rows the workbook was made from.
var (
	xlsxSetupCols = []xlsxRowCol{xlsxColUnitName, xlsxColSize, xlsxColCommand, xlsxColType, xlsxColManpower,
		xlsxColLocation, xlsxColPlace, xlsxColMarks, xlsxColState, xlsxColRestr, xlsxColUnit}
	xlsxReinfCols = []xlsxRowCol{xlsxColUnitName, xlsxColSize, xlsxColCommand, xlsxColType, xlsxColManpower,
		xlsxColArrives, xlsxColTurn, xlsxColDate, xlsxColRule, xlsxColLocation, xlsxColPlace, xlsxColMarks, xlsxColUnit}
	xlsxMarkerCols = []xlsxRowCol{xlsxColUnitName, xlsxColMarker, xlsxColSize, xlsxColCommand, xlsxColType,
		xlsxColLocation, xlsxColPlace, xlsxColMarks, xlsxColState}
)

// xlsxRowSheet says which sheet a setup row goes to.
func xlsxRowSheet(r *scenarios.SetupRow) string {
	switch {
	case r.Marker != "":
		return xlsxSheetMarkers
	case r.Entry != nil:
		return xlsxSheetReinf
	}
	return "" // the table's own setup sheet
}

// Sheet names.
const (
	xlsxSheetInfo      = "Scenario"
	xlsxSheetReinf     = "Reinforcements"
	xlsxSheetMarkers   = "Markers"
	xlsxSheetStartMk   = "Start Markers"
	xlsxSheetSchedule  = "Schedule"
	xlsxSheetRules     = "Special Rules"
	xlsxSheetVictory   = "Victory"
	xlsxSheetLevels    = "Victory Levels"
	xlsxSheetOOB       = "Order of Battle"
	xlsxSheetLists     = "Lists"
	xlsxSheetData      = "muster-data"
	xlsxSheetCatalog   = "Scenarios"
	xlsxSheetAllSetups = "Setups"
)

// xlsxTableSheets names the setup sheet of each table: "Union Setup", with a
// number added when a side has several tables.
func xlsxTableSheets(m *scenarios.Module, s *scenarios.Scenario) []string {
	names := make([]string, len(s.Setup))
	seen := map[string]int{}
	for i, t := range s.Setup {
		side := t.Side
		if m != nil && m.Game != nil {
			for _, sd := range m.Game.Sides {
				if sd.ID == t.Side {
					side = sd.Name
				}
			}
		}
		name := xlsxSheetName(side + " Setup")
		seen[name]++
		if n := seen[name]; n > 1 {
			name = xlsxSheetName(fmt.Sprintf("%s Setup %d", side, n))
		}
		names[i] = name
	}
	return names
}

// xlsxSheetName drops the characters Excel forbids in sheet names and
// keeps the name within 31 characters.
func xlsxSheetName(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\`, r) {
			return '-'
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 31 {
		s = string(r[:31])
	}
	return s
}

// Start markers: every field but notes is a column.
type xlsxSMCol = xlsxCol[scenarios.StartMarker]

var xlsxStartMarkerCols = []xlsxSMCol{
	{head: "Marker", width: 24, field: "marker",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return m.Marker },
		set: func(x *xlsxCtx, m *scenarios.StartMarker, v string) error {
			if v != "" && x.ix != nil && x.ix.Markers[v] == nil {
				return fmt.Errorf("unknown marker %s", v)
			}
			m.Marker = v
			return nil
		}},
	{head: "Counter", width: 24, field: "unit",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return m.Unit },
		set: func(x *xlsxCtx, m *scenarios.StartMarker, v string) error {
			if v != "" && x.ix != nil && x.ix.Counters[v] == nil {
				return fmt.Errorf("unknown counter %s", v)
			}
			m.Unit = v
			return nil
		}},
	{head: "Side", width: 12, field: "side",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return m.Side },
		set: func(x *xlsxCtx, m *scenarios.StartMarker, v string) error {
			if err := x.checkSide(v); err != nil {
				return err
			}
			m.Side = v
			return nil
		}},
	{head: "At", width: 12, field: "at",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return m.At },
		set: func(x *xlsxCtx, m *scenarios.StartMarker, v string) error {
			if err := x.checkLocation(v); err != nil {
				return err
			}
			m.At = v
			return nil
		}},
	{head: "Hexside", width: 16, field: "hexside",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return strings.Join(m.Hexside, " ") },
		set: func(x *xlsxCtx, m *scenarios.StartMarker, v string) error {
			m.Hexside = strings.Fields(v)
			for _, h := range m.Hexside {
				if err := x.checkLocation(h); err != nil {
					return err
				}
			}
			return nil
		}},
	{head: "Box", width: 30, field: "box",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return m.Box },
		set: func(_ *xlsxCtx, m *scenarios.StartMarker, v string) error { m.Box = v; return nil }},
	{head: "Turn", width: 7, field: "turn",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return xlsxIntOrBlank(m.Turn) },
		set: func(_ *xlsxCtx, m *scenarios.StartMarker, v string) (err error) {
			m.Turn, err = xlsxParseInt(v, "turn")
			return err
		}},
	{head: "Count", width: 7, field: "count",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return xlsxIntOrBlank(m.Count) },
		set: func(_ *xlsxCtx, m *scenarios.StartMarker, v string) (err error) {
			m.Count, err = xlsxParseInt(v, "count")
			return err
		}},
	{head: "Text", width: 44, wrap: true, field: "text",
		get: func(_ *xlsxCtx, m *scenarios.StartMarker) string { return m.Text },
		set: func(_ *xlsxCtx, m *scenarios.StartMarker, v string) error { m.Text = v; return nil }},
}

func (x *xlsxCtx) checkSide(v string) error {
	if v == "" || x.mod == nil || x.mod.Game == nil {
		return nil
	}
	var ids []string
	for _, s := range x.mod.Game.Sides {
		if s.ID == v {
			return nil
		}
		ids = append(ids, s.ID)
	}
	return fmt.Errorf("unknown side %s (one of %s)", v, strings.Join(ids, ", "))
}

// Special rules: the wording and adjudication are columns; effects are
// shown as a summary and kept in the hidden sheet.
type xlsxRuleCol = xlsxCol[scenarios.SpecialRule]

var xlsxRuleCols = []xlsxRuleCol{
	{head: "Number", width: 8, field: "number",
		get: func(_ *xlsxCtx, r *scenarios.SpecialRule) string { return r.Number },
		set: func(_ *xlsxCtx, r *scenarios.SpecialRule, v string) error { r.Number = v; return nil }},
	{head: "Title", width: 28, wrap: true, field: "title",
		get: func(_ *xlsxCtx, r *scenarios.SpecialRule) string { return r.Title },
		set: func(_ *xlsxCtx, r *scenarios.SpecialRule, v string) error {
			if v == "" {
				return fmt.Errorf("a special rule needs a title")
			}
			r.Title = v
			return nil
		}},
	{head: "Text", width: 70, wrap: true, field: "text",
		get: func(_ *xlsxCtx, r *scenarios.SpecialRule) string { return r.Text },
		set: func(_ *xlsxCtx, r *scenarios.SpecialRule, v string) error { r.Text = v; return nil }},
	{head: "Adjudication", width: 13, list: xlsxListAdjud, field: "adjudication",
		get: func(_ *xlsxCtx, r *scenarios.SpecialRule) string { return r.Adjudication },
		set: func(_ *xlsxCtx, r *scenarios.SpecialRule, v string) error {
			if v != "" && v != "manual" {
				return fmt.Errorf("adjudication is \"manual\" or empty, not %q", v)
			}
			r.Adjudication = v
			return nil
		}},
	{head: "Effects", width: 30, wrap: true, field: "effects",
		get: func(_ *xlsxCtx, r *scenarios.SpecialRule) string {
			var kinds []string
			for _, e := range r.Effects {
				kinds = append(kinds, e.Kind)
			}
			return strings.Join(kinds, ", ")
		}},
}

// xlsxVPLine is one row of the Victory sheet: a VP award (lines of a
// highest-of award follow it as 3.1, 3.2), an automatic result (A1, A2) or
// the result otherwise.
type xlsxVPLine struct {
	id    string
	award *scenarios.Award
	auto  *scenarios.Automatic
	other *scenarios.Outcome
}

func xlsxVPLines(v *scenarios.Victory) []*xlsxVPLine {
	var out []*xlsxVPLine
	var walk func(prefix string, as []scenarios.Award)
	walk = func(prefix string, as []scenarios.Award) {
		for i := range as {
			id := prefix + strconv.Itoa(i+1)
			out = append(out, &xlsxVPLine{id: id, award: &as[i]})
			walk(id+".", as[i].Lines)
		}
	}
	walk("", v.Awards)
	for i := range v.Automatic {
		out = append(out, &xlsxVPLine{id: "A" + strconv.Itoa(i+1), auto: &v.Automatic[i]})
	}
	if v.Otherwise != nil {
		out = append(out, &xlsxVPLine{id: "Otherwise", other: v.Otherwise})
	}
	return out
}

type xlsxVPCol = xlsxCol[xlsxVPLine]

var xlsxVPCols = []xlsxVPCol{
	{head: "Kind", width: 14, field: "kind",
		get: func(_ *xlsxCtx, l *xlsxVPLine) string {
			switch {
			case l.award != nil:
				return l.award.Kind
			case l.auto != nil:
				return "automatic"
			}
			return "otherwise"
		}},
	{head: "Side", width: 13, field: "side",
		get: func(_ *xlsxCtx, l *xlsxVPLine) string {
			switch {
			case l.award != nil:
				return l.award.Side
			case l.auto != nil:
				return l.auto.Winner
			}
			return l.other.Winner
		},
		set: func(x *xlsxCtx, l *xlsxVPLine, v string) error {
			if err := x.checkSide(v); err != nil {
				return err
			}
			switch {
			case l.award != nil:
				l.award.Side = v
			case l.auto != nil:
				l.auto.Winner = v
			default:
				l.other.Winner = v
			}
			return nil
		}},
	{head: "Text", width: 80, wrap: true, field: "text",
		get: func(_ *xlsxCtx, l *xlsxVPLine) string {
			switch {
			case l.award != nil:
				return l.award.Text
			case l.auto != nil:
				return l.auto.Text
			}
			return ""
		},
		set: func(_ *xlsxCtx, l *xlsxVPLine, v string) error {
			switch {
			case l.award != nil:
				l.award.Text = v
			case l.auto != nil:
				l.auto.Text = v
			default:
				return fmt.Errorf("the Otherwise line has no text of its own")
			}
			return nil
		}},
	{head: "Printed points", width: 14, field: "printedPoints",
		get: func(_ *xlsxCtx, l *xlsxVPLine) string {
			if l.award != nil {
				return l.award.PrintedPoints
			}
			return ""
		},
		set: func(_ *xlsxCtx, l *xlsxVPLine, v string) error {
			if l.award == nil {
				return fmt.Errorf("only VP lines have printed points")
			}
			l.award.PrintedPoints = v
			return nil
		}},
	{head: "Points", width: 9, field: "points",
		get: func(_ *xlsxCtx, l *xlsxVPLine) string {
			if l.award != nil {
				return xlsxFtoa(l.award.Points)
			}
			return ""
		},
		set: func(_ *xlsxCtx, l *xlsxVPLine, v string) (err error) {
			if l.award == nil {
				return fmt.Errorf("only VP lines have points")
			}
			p, err := xlsxParseFloatPtr(v, "points")
			if err == nil {
				l.award.Points = p
			}
			return err
		}},
	{head: "Adjudication", width: 13, list: xlsxListAdjud, field: "adjudication",
		get: func(_ *xlsxCtx, l *xlsxVPLine) string {
			switch {
			case l.award != nil:
				return l.award.Adjudication
			case l.auto != nil:
				return l.auto.Adjudication
			}
			return ""
		},
		set: func(_ *xlsxCtx, l *xlsxVPLine, v string) error {
			if v != "" && v != "manual" {
				return fmt.Errorf("adjudication is \"manual\" or empty, not %q", v)
			}
			switch {
			case l.award != nil:
				l.award.Adjudication = v
			case l.auto != nil:
				l.auto.Adjudication = v
			default:
				return fmt.Errorf("the Otherwise line has no adjudication")
			}
			return nil
		}},
}

// Victory level bands: every field is a column.
type xlsxBandCol = xlsxCol[scenarios.Band]

func xlsxBandFloat(head, field string, p func(b *scenarios.Band) **float64) xlsxBandCol {
	return xlsxBandCol{head: head, width: 8, field: field,
		get: func(_ *xlsxCtx, b *scenarios.Band) string { return xlsxFtoa(*p(b)) },
		set: func(_ *xlsxCtx, b *scenarios.Band, v string) (err error) {
			*p(b), err = xlsxParseFloatPtr(v, strings.ToLower(head))
			return err
		}}
}

var xlsxBandCols = []xlsxBandCol{
	{head: "Level", width: 22, field: "level",
		get: func(_ *xlsxCtx, b *scenarios.Band) string { return b.Level },
		set: func(_ *xlsxCtx, b *scenarios.Band, v string) error { b.Level = v; return nil }},
	{head: "Winner", width: 13, field: "winner",
		get: func(_ *xlsxCtx, b *scenarios.Band) string { return b.Winner },
		set: func(x *xlsxCtx, b *scenarios.Band, v string) error {
			if err := x.checkSide(v); err != nil {
				return err
			}
			b.Winner = v
			return nil
		}},
	xlsxBandFloat("Min", "min", func(b *scenarios.Band) **float64 { return &b.Min }),
	xlsxBandFloat("Max", "max", func(b *scenarios.Band) **float64 { return &b.Max }),
	xlsxBandFloat("Under", "under", func(b *scenarios.Band) **float64 { return &b.Under }),
	{head: "Printed", width: 24, field: "printed",
		get: func(_ *xlsxCtx, b *scenarios.Band) string { return b.Printed },
		set: func(_ *xlsxCtx, b *scenarios.Band, v string) error { b.Printed = v; return nil }},
}
