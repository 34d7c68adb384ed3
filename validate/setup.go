package validate

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/scenarios"
)

// Checks of setup tables: every row places a counter the module has, on a
// location of a sheet in play, with codes and marks the module defines.

var unitUnknown = register(&Check{
	Code:     "unit-unknown",
	Title:    "setup row names a counter the module does not have",
	Doc:      "Every unit row's \"unit\" must be the id of a counter in the module's counters file (a counter of the other side is unit-side).",
	Severity: diag.Error,
	Run: func(p *Pass) {
		forRows(p, func(t, r int, table *scenarios.SetupTable, row *scenarios.SetupRow) {
			if row.Unit == "" {
				return
			}
			ptr := rowPtr(t, r) + "/unit"
			c := p.Index.Counters[row.Unit]
			if c == nil {
				p.Report(ptr, fmt.Sprintf("no counter %q in %s", row.Unit, p.Module.Game.Files.Counters),
					"add the counter to the counters file, or correct the id"+suggest.DidYouMean(row.Unit, keys(p.Index.Counters)))
				return
			}
		})
	},
})

var unitSide = register(&Check{
	Code:     "unit-side",
	Title:    "setup row places the other side's counter",
	Doc:      "A counter the module knows, listed in the setup table of the side it does not belong to: the row is in the wrong table, or its id names the other side's unit.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		forRows(p, func(t, r int, table *scenarios.SetupTable, row *scenarios.SetupRow) {
			c := p.Index.Counters[row.Unit]
			if c == nil || c.Side == table.Side {
				return
			}
			name := func(id string) string {
				if sd := p.Index.Sides[id]; sd != nil && sd.Name != "" {
					return sd.Name
				}
				return id
			}
			p.Report(rowPtr(t, r)+"/unit", fmt.Sprintf("%q (%s) is a %s counter, but this is the %s setup", row.Unit, c.Name, name(c.Side), name(table.Side)),
				"move the row to the "+c.Side+" table, or correct the id")
		})
	},
})

var counterMismatch = register(&Check{
	Code:     "counter-mismatch",
	Title:    "setup row contradicts its counter",
	Doc:      "A row's printed name, type, size and command must match the counter it places (the command by its code or an alias of it); a mismatch usually means the wrong id, or a brigade listed under another division's code.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		forRows(p, func(t, r int, table *scenarios.SetupTable, row *scenarios.SetupRow) {
			c := p.Index.Counters[row.Unit]
			if c == nil {
				return
			}
			if row.Name != c.Name {
				p.Report(rowPtr(t, r)+"/name", fmt.Sprintf("row prints %q but counter %q is named %q", row.Name, c.ID, c.Name), "correct the name or the unit id")
			}
			if row.Type != "" && row.Type != c.Type {
				p.Report(rowPtr(t, r)+"/type", fmt.Sprintf("type %q contradicts counter %q (%s)", row.Type, c.ID, c.Type), "correct the type or the unit id")
			}
			if row.Size != "" && row.Size != c.Size {
				p.Report(rowPtr(t, r)+"/size", fmt.Sprintf("size %q contradicts counter %q (%s)", row.Size, c.ID, c.Size), "correct the size or the unit id")
			}
			if row.Command != "" && c.Side == table.Side && p.Index.Commands[c.Side][row.Command] != nil && (c.Command != "" || len(c.Commands) > 0) && !p.sameCommand(c.Side, row.Command, c) {
				cmds := append(nonEmpty(c.Command), c.Commands...)
				p.Report(rowPtr(t, r)+"/command", fmt.Sprintf("command %q contradicts counter %q (%s)", row.Command, c.ID, strings.Join(cmds, ", ")),
					"correct the command code (a brigade listed under another division's code is the usual slip) or the unit id")
			}
		})
	},
})

// sameCommand reports whether a printed command code names the counter's
// command (or one of a leader's commands), directly or by an alias.
func (p *Pass) sameCommand(side, code string, c *scenarios.Counter) bool {
	cmds := p.Index.Commands[side]
	printed := cmds[code]
	for _, own := range append(nonEmpty(c.Command), c.Commands...) {
		if own == code || printed != nil && printed == cmds[own] {
			return true
		}
	}
	return false
}

var codeUnknown = register(&Check{
	Code:     "code-unknown",
	Title:    "size, type or command code the module does not define",
	Doc:      "Size and type codes must be declared in game.json; command codes must be declared for the row's side (II and Cav exist on both sides of TPC, but XVIII only for the Union).",
	Severity: diag.Error,
	Run: func(p *Pass) {
		forRows(p, func(t, r int, table *scenarios.SetupTable, row *scenarios.SetupRow) {
			if row.Marker != "" {
				return // non-unit rows print "-" in the unit columns
			}
			if row.Size != "" && p.Index.Sizes[row.Size] == nil {
				p.Report(rowPtr(t, r)+"/size", fmt.Sprintf("unknown unit size %q", row.Size), "use a size code of game.json"+suggest.DidYouMean(row.Size, keys(p.Index.Sizes)))
			}
			if row.Type != "" && p.Index.Types[row.Type] == nil {
				p.Report(rowPtr(t, r)+"/type", fmt.Sprintf("unknown unit type %q", row.Type), "use a type code of game.json"+suggest.DidYouMean(row.Type, keys(p.Index.Types)))
			}
			if row.Command != "" && p.Index.Commands[table.Side][row.Command] == nil {
				p.Report(rowPtr(t, r)+"/command", fmt.Sprintf("no %s command %q", table.Side, row.Command),
					"use a command code game.json declares for this side"+suggest.DidYouMean(row.Command, keys(p.Index.Commands[table.Side])))
			}
		})
	},
})

var markerUnknown = register(&Check{
	Code:     "marker-unknown",
	Title:    "non-unit row or region names a marker the module does not define",
	Doc:      "Redoubts, depots, naval batteries and gunboats placed by setup rows must be markers of game.json.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		forRows(p, func(t, r int, _ *scenarios.SetupTable, row *scenarios.SetupRow) {
			if row.Marker != "" && p.Index.Markers[row.Marker] == nil {
				p.Report(rowPtr(t, r)+"/marker", fmt.Sprintf("unknown marker %q", row.Marker), "use a marker id of game.json"+suggest.DidYouMean(row.Marker, keys(p.Index.Markers)))
			}
		})
	},
})

var unitTwice = register(&Check{
	Code:     "unit-twice",
	Title:    "the same counter is set up twice",
	Doc:      "A counter can stand in one place: a second row for the same unit id (reinforcement rows included) is an error.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		first := map[string]string{}
		forRows(p, func(t, r int, _ *scenarios.SetupTable, row *scenarios.SetupRow) {
			if row.Unit == "" {
				return
			}
			ptr := rowPtr(t, r) + "/unit"
			if prev, ok := first[row.Unit]; ok {
				p.Report(ptr, fmt.Sprintf("%q is already set up (line %d)", row.Unit, p.line(prev)), "remove one of the rows, or give the second its own counter id")
				return
			}
			first[row.Unit] = ptr
		})
	},
})

var sheetUnknown = register(&Check{
	Code:     "sheet-unknown",
	Title:    "sheet in play that the map does not have",
	Doc:      "Every sheet a scenario puts in play (maps.sheets) and every sheet a hex prefix is read on (maps.prefixes) must be a sheet id of map.json. A mistyped sheet id otherwise shows only as its consequences: every hex of that sheet reported off the map, or, on a one-sheet map whose scenario has no setup rows, nothing at all.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		known := keys(p.Index.Sheets)
		unknown := func(ptr, id string) {
			if p.Index.Sheets[id] != nil {
				return
			}
			if len(known) == 0 {
				p.Report(ptr, fmt.Sprintf("sheet %q: the map has no sheets (it is an area map)", id), "remove the sheet, or name the map's sheets in map.json")
				return
			}
			sort.Strings(known)
			hint := "use a sheet id of the map: " + strings.Join(known, ", ")
			if best := suggest.Closest(id, known); best != "" {
				hint = "did you mean " + best + "?"
			}
			p.Report(ptr, fmt.Sprintf("no sheet %q in %s", id, p.Module.Game.Files.Map), hint)
		}
		for i, s := range p.Scenario.Maps.Sheets {
			unknown(fmt.Sprintf("/maps/sheets/%d/sheet", i), s.Sheet)
		}
		prefixes := keys(p.Scenario.Maps.Prefixes)
		sort.Strings(prefixes)
		for _, prefix := range prefixes {
			unknown("/maps/prefixes/"+jsonsrc.PointerToken(prefix), p.Scenario.Maps.Prefixes[prefix])
		}
	},
})

var locationUnknown = register(&Check{
	Code:     "hex-unknown",
	Title:    "location not on any sheet or area of the module",
	Doc:      "A row's hex must resolve to a sheet of the map (its prefix through the scenario's maps.prefixes or a qualified prefix such as GTC S) and lie within that sheet's columns and rows. A hex beyond the sheet's ranges is an error even where the map marks the extent inferred (the span of the ids the rulebook prints: every shipped sheet): a mistyped hex is far likelier than a unit beyond every hex the rulebook prints, and the spreadsheet import calls the same value an error. A module that knows a sheet is larger widens its ranges in map.json with the evidence in a note. When the row names a place the map knows (\"place\"), the hint gives the hex the map ties that place to.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		inPlay := p.sheetsInPlay()
		if len(p.Index.Sheets) > 0 && len(p.Scenario.Maps.Sheets) == 0 {
			p.Report("/maps", "the scenario names no sheet in play, but the map is made of sheets", "list the sheets in maps.sheets")
			return
		}
		forRows(p, func(t, r int, _ *scenarios.SetupTable, row *scenarios.SetupRow) {
			if row.Hex == "" {
				return
			}
			ptr := rowPtr(t, r) + "/hex"
			loc, err := p.Index.Resolve(row.Hex, p.Scenario.Maps.Prefixes)
			if err != nil {
				msg, hint := locationError(err, hexHint(row.Hex, err))
				var amb *scenarios.AmbiguousPrefixError
				if h := p.placeHint(row.Place); h != "" && !errors.As(err, &amb) {
					hint = h
				}
				p.Report(ptr, msg, hint)
				return
			}
			if loc.Sheet != nil && !inPlay[loc.Sheet.ID] {
				p.ReportSeverity(diag.Error, ptr, fmt.Sprintf("%s is on %s, which is not in play in this scenario", row.Hex, loc.Sheet.Name), "add the sheet to maps.sheets or correct the hex")
			}
		})
	},
})

// hexHint says what to do about a hex that does not resolve: the hint
// fits the cause (an ambiguous prefix is no misread character).
func hexHint(hex string, err error) string {
	var amb *scenarios.AmbiguousPrefixError
	switch {
	case errors.As(err, &amb):
		return fmt.Sprintf("say in maps.prefixes which sheet %s means: \"prefixes\": {\"%s\": \"%s\"} (or %s)", amb.Prefix, amb.Prefix, amb.Sheets[0], strings.Join(amb.Sheets[1:], ", "))
	case strings.Contains(hex, "$"):
		return "correct the hex id; `$` is a common misreading of S"
	default:
		return "correct the hex id (prefix and digits as the map prints them)"
	}
}

var placeMismatch = register(&Check{
	Code:     "place-mismatch",
	Title:    "place name does not match the hex",
	Doc:      "A place name printed after a hex (S0907 (Barn)) must be one the map ties to that hex; a name the map does not know for the hex is reported so the map or the row can be corrected.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		forRows(p, func(t, r int, _ *scenarios.SetupTable, row *scenarios.SetupRow) {
			if row.Hex == "" || row.Place == "" {
				return
			}
			loc, err := p.Index.Resolve(row.Hex, p.Scenario.Maps.Prefixes)
			if err != nil {
				return
			}
			ok, names := p.Index.HasPlace(loc, row.Place)
			switch {
			case ok:
			case len(names) == 0:
				p.ReportSeverity(diag.Warning, rowPtr(t, r)+"/place", fmt.Sprintf("the map names no place at %s; the row says %q", row.Hex, row.Place), "add the place to the map's places with its source line")
			default:
				hint := "correct the place name or the hex"
				if h := p.placeHint(row.Place); h != "" {
					hint += "; " + h
				}
				p.Report(rowPtr(t, r)+"/place", fmt.Sprintf("%s is %s on the map, not %q", row.Hex, quoteList(names), row.Place), hint)
			}
		})
	},
})

var footnoteMarks = register(&Check{
	Code:     "footnote-undefined",
	Title:    "footnote mark without a legend entry",
	Doc:      "Every mark appended to a Manpower cell must have an entry in its table's footnote legend.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		for t := range p.Scenario.Setup {
			table := &p.Scenario.Setup[t]
			legend := map[string]bool{}
			for _, f := range table.Footnotes {
				legend[f.Symbol] = true
			}
			for r := range table.Rows {
				for _, m := range table.Rows[r].Marks {
					if !legend[string(m)] {
						p.Report(rowPtr(t, r)+"/marks", fmt.Sprintf("mark %q has no entry in the %s table's footnotes", string(m), table.Side), "add the legend entry or correct the mark")
					}
				}
			}
		}
	},
})

var footnoteUnused = register(&Check{
	Code:     "footnote-unused",
	Title:    "legend entry that no row uses",
	Doc:      "A footnote symbol in a table's legend that no row carries is a lost mark: a printed legend explains marks its table prints. The finding points at the row the legend's wording names (\"Currie begins the game under...\" names Currie's row), with the legend entry as related information; at the legend entry itself when its wording names no row (\"Indicated units...\").",
	Severity: diag.Error,
	Run: func(p *Pass) {
		for t := range p.Scenario.Setup {
			table := &p.Scenario.Setup[t]
			used := map[string]bool{}
			for _, row := range table.Rows {
				for _, m := range row.Marks {
					used[string(m)] = true
				}
			}
			for f, fn := range table.Footnotes {
				if used[fn.Symbol] {
					continue
				}
				legend := fmt.Sprintf("/setup/%d/footnotes/%d/symbol", t, f)
				if r := rowNamedBy(table, fn.Text); r >= 0 {
					row := &table.Rows[r]
					ptr := rowPtr(t, r) + "/name"
					if row.Marks != "" {
						ptr = rowPtr(t, r) + "/marks"
					}
					p.Report(ptr, fmt.Sprintf("%s's row lacks the mark %q, which the %s table's legend gives it (line %d: %q)", row.Name, fn.Symbol, table.Side, p.line(legend), clip(fn.Text, 60)),
						fmt.Sprintf("add %q to the row's marks, or remove the legend entry", fn.Symbol))
					p.relate(legend, "the legend entry that names this row")
					continue
				}
				p.Report(legend, fmt.Sprintf("no row of the %s table carries %q", table.Side, fn.Symbol), "add the mark to the rows it applies to, or remove the entry")
			}
		}
	},
})

// rowNamedBy returns the first unit row whose printed name (or the name
// without its counter suffix: Heth for Heth-B) the legend text names as a
// word, or -1.
func rowNamedBy(table *scenarios.SetupTable, text string) int {
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r == '-' || r == '\'' || r == '.')
	}) {
		words[strings.TrimRight(w, ".'")] = true
	}
	for r := range table.Rows {
		name := table.Rows[r].Name
		if table.Rows[r].Unit == "" || name == "" {
			continue
		}
		base, _, _ := strings.Cut(name, "-")
		if words[name] || len(base) > 2 && words[base] {
			return r
		}
	}
	return -1
}

var stateUnknown = register(&Check{
	Code:     "state-unknown",
	Title:    "state not in the module's vocabulary",
	Doc:      "Starting states (from footnotes, rows and placements) must use the state dimensions and values game.json declares.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		check := func(ptr string, states map[string]any) {
			for _, k := range sortedKeys(states) {
				dim := p.Index.States[k]
				if dim == nil {
					p.ReportKey(ptr+"/"+k, fmt.Sprintf("unknown state %q", k), "use a state of game.json"+suggest.DidYouMean(k, keys(p.Index.States)))
					continue
				}
				if msg := stateValueError(dim, states[k]); msg != "" {
					p.Report(ptr+"/"+k, msg, "")
				}
			}
		}
		for t := range p.Scenario.Setup {
			table := &p.Scenario.Setup[t]
			for f := range table.Footnotes {
				check(fmt.Sprintf("/setup/%d/footnotes/%d/states", t, f), table.Footnotes[f].States)
			}
			for r := range table.Rows {
				check(rowPtr(t, r)+"/states", table.Rows[r].States)
			}
		}
		for i, rule := range p.Scenario.SpecialRules {
			for j, e := range rule.Effects {
				check(fmt.Sprintf("/specialRules/%d/effects/%d/state", i, j), e.State)
			}
		}
	},
})

var stateConflict = register(&Check{
	Code:     "state-conflict",
	Title:    "contradictory starting states on one unit",
	Doc:      "Two marks on one row that set the same state dimension to different values (Breastworks-Complete and Fort-Complete) cannot both hold.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		for t := range p.Scenario.Setup {
			table := &p.Scenario.Setup[t]
			bySymbol := map[string]map[string]any{}
			for _, f := range table.Footnotes {
				bySymbol[f.Symbol] = f.States
			}
			for r, row := range table.Rows {
				got := map[string]any{}
				from := map[string]string{}
				add := func(states map[string]any, origin string) {
					for _, k := range sortedKeys(states) {
						v := states[k]
						if prev, ok := got[k]; ok && fmt.Sprint(prev) != fmt.Sprint(v) {
							p.Report(rowPtr(t, r)+"/marks", fmt.Sprintf("%s sets %s to %v but %s sets it to %v", origin, k, v, from[k], prev), "keep one of the marks")
							continue
						}
						got[k], from[k] = v, origin
					}
				}
				for _, m := range row.Marks {
					add(bySymbol[string(m)], fmt.Sprintf("mark %q", string(m)))
				}
				add(row.States, "the row's own states")
			}
		}
	},
})

func stateValueError(dim *scenarios.StateDimension, v any) string {
	switch dim.Kind {
	case "flag":
		if _, ok := v.(bool); !ok {
			return fmt.Sprintf("%s is a flag: write true or false", dim.ID)
		}
	case "level":
		f, ok := v.(float64)
		if !ok || f != float64(int(f)) {
			return fmt.Sprintf("%s is a level: write a whole number", dim.ID)
		}
		if dim.Min != nil && int(f) < *dim.Min || dim.Max != nil && int(f) > *dim.Max {
			return fmt.Sprintf("%s %v is outside %d-%d", dim.ID, v, *dim.Min, *dim.Max)
		}
	case "enum":
		s, _ := v.(string)
		for _, ok := range dim.Values {
			if s == ok {
				return ""
			}
		}
		return fmt.Sprintf("%v is not a value of %s (%s)", v, dim.ID, strings.Join(dim.Values, ", "))
	}
	return ""
}

const inferredExtent = ", a span inferred from the ids the rulebook prints"

// locationError words a location that does not resolve: a hex beyond a
// sheet whose extent is inferred says so, and its hint says how a module
// that knows better widens the sheet.
func locationError(err error, hint string) (msg, hintOut string) {
	var off *scenarios.OffSheetError
	if errors.As(err, &off) && off.Inferred() {
		return err.Error() + inferredExtent, "correct the hex; if the sheet is larger than the ids the rulebook prints, widen its ranges in the map file with the evidence in a note"
	}
	return err.Error(), hint
}

// placeHint suggests the hex the map ties a row's place name to, or "".
func (p *Pass) placeHint(place string) string {
	if place == "" {
		return ""
	}
	at := p.Index.PlaceHexes[strings.ToLower(place)]
	if len(at) == 0 {
		return ""
	}
	return fmt.Sprintf("the map puts %s at %s: did you mean %s?", place, strings.Join(at, " or "), at[0])
}

func forRows(p *Pass, fn func(t, r int, table *scenarios.SetupTable, row *scenarios.SetupRow)) {
	for t := range p.Scenario.Setup {
		table := &p.Scenario.Setup[t]
		for r := range table.Rows {
			fn(t, r, table, &table.Rows[r])
		}
	}
}

func rowPtr(t, r int) string { return fmt.Sprintf("/setup/%d/rows/%d", t, r) }

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedKeys(m map[string]any) []string { return keys(m) }

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, " or ")
}

var startUnknown = register(&Check{
	Code:     "start-unknown",
	Title:    "start state names a track, status, box or card holder the module does not declare",
	Doc:      "A scenario's start block (and each variant's) sets tracks, statuses, cards, holding boxes and markers by the ids game.json declares; track values must lie within the track, status values among the status's values, and boxes and counters placed like markers must be counters of the module.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		check := func(ptr string, st *scenarios.Start) {
			if st == nil {
				return
			}
			ix := p.Index
			for _, id := range keys(st.Tracks) {
				tr := ix.Tracks[id]
				if tr == nil {
					p.ReportKey(ptr+"/tracks/"+id, fmt.Sprintf("no track %q in the module", id), "declare it in game.json tracks"+suggest.DidYouMean(id, keys(ix.Tracks)))
					continue
				}
				if v := st.Tracks[id]; tr.Min != nil && v < *tr.Min || tr.Max != nil && v > *tr.Max {
					p.Report(ptr+"/tracks/"+id, fmt.Sprintf("%v is off the %s track", v, tr.Name), "")
				}
			}
			for _, id := range keys(st.Statuses) {
				s := ix.Statuses[id]
				if s == nil {
					p.ReportKey(ptr+"/statuses/"+id, fmt.Sprintf("no status %q in the module", id), "declare it in game.json statuses"+suggest.DidYouMean(id, keys(ix.Statuses)))
					continue
				}
				if !contains(s.Values, st.Statuses[id]) {
					p.Report(ptr+"/statuses/"+id, fmt.Sprintf("%q is not a value of %s (%s)", st.Statuses[id], s.Name, strings.Join(s.Values, ", ")), "")
				}
			}
			for _, side := range keys(st.Cards) {
				if ix.Sides[side] == nil {
					p.ReportKey(ptr+"/cards/"+side, fmt.Sprintf("no side %q in the module", side), "")
				}
			}
			for _, box := range keys(st.Boxes) {
				if ix.Boxes[box] == nil {
					p.ReportKey(ptr+"/boxes/"+box, fmt.Sprintf("no box %q in the module", box), "declare it in game.json boxes"+suggest.DidYouMean(box, keys(ix.Boxes)))
					continue
				}
				for i, id := range st.Boxes[box] {
					if ix.Counters[id] == nil {
						p.Report(fmt.Sprintf("%s/boxes/%s/%d", ptr, box, i), fmt.Sprintf("no counter %q in the module", id), "use a counter id"+suggest.DidYouMean(id, keys(ix.Counters)))
					}
				}
			}
			for i, m := range st.Markers {
				if m.Unit != "" {
					if ix.Counters[m.Unit] == nil {
						p.Report(fmt.Sprintf("%s/markers/%d/unit", ptr, i), fmt.Sprintf("no counter %q in the module", m.Unit), "use a counter id"+suggest.DidYouMean(m.Unit, keys(ix.Counters)))
					}
					continue
				}
				if ix.Markers[m.Marker] == nil {
					p.Report(fmt.Sprintf("%s/markers/%d/marker", ptr, i), fmt.Sprintf("no marker %q in the module", m.Marker), "use a marker id of game.json"+suggest.DidYouMean(m.Marker, keys(ix.Markers)))
				}
			}
		}
		check("/start", p.Scenario.Start)
		for i, v := range p.Scenario.Variants {
			check(fmt.Sprintf("/variants/%d/start", i), v.Start)
		}
	},
})

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
