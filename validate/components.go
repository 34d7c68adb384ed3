package validate

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// Checks of a game's components against the rulebook (issue 32): a typed-in
// matrix table (the USCW CRT, Blockade Table) against the facts its file
// records from the text (named columns, dice per column, worked results,
// success probabilities enumerated over the dice), counter values against
// the sums worked examples fix, each scenario's start against the module's
// invariants, and the shape of matrices, turn tracks, decks and hexsides.

// factWhere names a fact's rulebook line and quotes it.
func factWhere(text string, src scenarios.SourceRef) string {
	w := "the rulebook"
	if src.Lines != "" {
		w = "rulebook line " + src.Lines
	}
	return fmt.Sprintf("%s: %q", w, text)
}

// markRank orders result marks, lowest first; a table's rank fact gives the
// order, else asterisk beats diamond beats none.
func markRank(t *scenarios.Table) map[string]int {
	r := map[string]int{"": 0, "none": 0, "diamond": 1, "asterisk": 2}
	for _, f := range t.Facts {
		if f.Kind == "rank" && len(f.Marks) > 0 {
			r = map[string]int{"": 0}
			for i, m := range f.Marks {
				r[m] = len(f.Marks) - 1 - i
			}
			if _, ok := r["none"]; ok {
				r[""] = r["none"]
			}
		}
	}
	return r
}

func cellText(c *scenarios.Cell) string {
	if c.Losses == nil && c.BP == nil && c.Value == nil {
		return fmt.Sprintf("%q", c.Text)
	}
	var parts []string
	if c.Losses != nil {
		m := c.Mark
		if m == "" {
			m = "none"
		}
		parts = append(parts, fmt.Sprintf("losses %d, mark %s", *c.Losses, m))
	}
	if c.BP != nil {
		parts = append(parts, fmt.Sprintf("%d BPs", *c.BP))
	}
	if c.Value != nil {
		parts = append(parts, fmt.Sprintf("value %d", *c.Value))
	}
	return fmt.Sprintf("%q (%s)", c.Text, strings.Join(parts, ", "))
}

func markOf(m string) string {
	if m == "" {
		return "none"
	}
	return m
}

// diceSums returns, for dice "Nd6", how many ways each sum comes up.
func diceSums(dice string) map[int]int {
	n := 0
	switch dice {
	case "1d6":
		n = 1
	case "2d6":
		n = 2
	case "3d6":
		n = 3
	default:
		return nil
	}
	ways := map[int]int{0: 1}
	for i := 0; i < n; i++ {
		next := map[int]int{}
		for s, w := range ways {
			for d := 1; d <= 6; d++ {
				next[s+d] += w
			}
		}
		ways = next
	}
	return ways
}

// WinChance enumerates the dice of a battle on matrix t: the chance that
// the attacker's result ranks strictly higher than the defender's. It
// returns the wins, the outcomes, and an error naming what the table lacks.
func WinChance(t *scenarios.Table, att, def scenarios.BattleSide) (int, int, error) {
	rank := markRank(t)
	type dist struct {
		col  int
		ways map[int]int
	}
	side := func(s scenarios.BattleSide, who string) (dist, error) {
		sp := 0
		if s.SP != nil {
			sp = *s.SP
		}
		col := t.ColumnFor(sp, s.Column)
		if col < 0 {
			return dist{}, fmt.Errorf("no column for the %s's %d SPs", who, sp)
		}
		ways := diceSums(t.Columns[col].Dice)
		if ways == nil {
			return dist{}, fmt.Errorf("column %s gives no dice", t.Columns[col].ID)
		}
		out := map[int]int{}
		for roll, w := range ways {
			c, _, _ := t.CellAt(col, roll+s.DRM)
			if c == nil || c.Losses == nil {
				return dist{}, fmt.Errorf("column %s has no result for a modified roll of %d", t.Columns[col].ID, roll+s.DRM)
			}
			out[*c.Losses*10+rank[c.Mark]] += w
		}
		return dist{col, out}, nil
	}
	a, err := side(att, "attacker")
	if err != nil {
		return 0, 0, err
	}
	d, err := side(def, "defender")
	if err != nil {
		return 0, 0, err
	}
	wins, total := 0, 0
	for ra, wa := range a.ways {
		for rd, wd := range d.ways {
			total += wa * wd
			if ra > rd {
				wins += wa * wd
			}
		}
	}
	return wins, total, nil
}

var tableFacts = register(&Check{
	Code:     "table-fact",
	Title:    "filled-in table disagrees with a fact the rulebook prints",
	Doc:      "A matrix table that carries a grid (the owner typed it in) must reproduce every fact its file records from the rulebook: each named column exists and covers the SPs the text gives it, the column covering a count rolls the dice the text says, a worked result reads the printed result at its cell (and a result the text reads as the column's maximum is the highest the column holds), a result the text reports on a column appears in it, and a success probability the text prints equals the chance found by enumerating both sides' dice (the attacker's result ranking strictly higher). The finding names the cell or column that breaks the fact and quotes the fact with its rulebook line. A table marked missing is not checked: it has no grid.",
	Severity: diag.Error,
	Module: func(mp *ModulePass) {
		mp.tables(func(tf *scenarios.TableFile) {
			t := tf.Table
			if t.Kind != "matrix" || len(t.Grid) == 0 {
				return
			}
			p := mp.on(mp.Check, tf.Doc)
			rank := markRank(t)
			for i, f := range t.Facts {
				fp := fmt.Sprintf("/facts/%d", i)
				where := factWhere(f.Text, f.Source)
				sp := 0
				if f.SP != nil {
					sp = *f.SP
				}
				col := -1
				if f.Column != "" {
					col = t.ColumnFor(0, f.Column)
				} else if f.SP != nil {
					col = t.ColumnFor(sp, "")
				}
				colName := func() string {
					if f.Column != "" {
						return "column " + f.Column
					}
					return fmt.Sprintf("the column for %d SPs", sp)
				}
				if col < 0 && f.Kind != "probability" && f.Kind != "rank" {
					p.Report("/columns", fmt.Sprintf("the table has no %s, which %s", colName(), where), "add the column as the component prints it")
					continue
				}
				switch f.Kind {
				case "column":
					if f.SP != nil && !t.Columns[col].Covers(sp) {
						p.Report(fmt.Sprintf("/columns/%d", col), fmt.Sprintf("column %s does not cover %d SPs, which %s", t.Columns[col].ID, sp, where), "correct the column's min and max")
					}
				case "dice":
					if t.Columns[col].Dice != f.Dice {
						p.Report(fmt.Sprintf("/columns/%d/dice", col), fmt.Sprintf("column %s rolls %s, but the column for %d SPs rolls %s: %s", t.Columns[col].ID, orNone(t.Columns[col].Dice), sp, f.Dice, where), "set the column's dice to "+f.Dice)
					}
				case "cell":
					c, row, _ := t.CellAt(col, *f.Roll)
					if c == nil {
						p.Report(fmt.Sprintf("/columns/%d", col), fmt.Sprintf("column %s has no row for a modified roll of %d, which %s", t.Columns[col].ID, *f.Roll, where), "add the rows the component prints")
						continue
					}
					cp := fmt.Sprintf("/grid/%d/cells/%d", row, col)
					switch {
					case f.Losses != nil && (c.Losses == nil || *c.Losses != *f.Losses || rank[c.Mark] != rank[f.Mark]):
						p.Report(cp, fmt.Sprintf("column %s at %d reads %s; the rulebook reads %d with mark %s there: %s", t.Columns[col].ID, *f.Roll, cellText(c), *f.Losses, markOf(f.Mark), where), "correct the cell as the component prints it")
					case f.BP != nil && (c.BP == nil || *c.BP != *f.BP):
						p.Report(cp, fmt.Sprintf("column %s at %d reads %s; the rulebook reads %d BPs there: %s", t.Columns[col].ID, *f.Roll, cellText(c), *f.BP, where), "correct the cell as the component prints it")
					case f.Maximum:
						for ri, r := range t.Grid {
							if col < len(r.Cells) && r.Cells[col].Losses != nil && c.Losses != nil && *r.Cells[col].Losses*10+rank[r.Cells[col].Mark] > *c.Losses*10+rank[c.Mark] {
								p.Report(fmt.Sprintf("/grid/%d/cells/%d", ri, col), fmt.Sprintf("column %s reads %s at row %q, above the %s a modified roll of %d reads as the column's maximum: %s", t.Columns[col].ID, cellText(&r.Cells[col]), r.Printed, cellText(c), *f.Roll, where), "the column's results stop rising at its maximum")
								break
							}
						}
					}
				case "appears":
					found := false
					for _, r := range t.Grid {
						if col < len(r.Cells) {
							c := r.Cells[col]
							if c.Losses != nil && *c.Losses == *f.Losses && rank[c.Mark] == rank[f.Mark] {
								found = true
								break
							}
						}
					}
					if !found {
						p.Report(fmt.Sprintf("/columns/%d", col), fmt.Sprintf("no cell of column %s reads %d with mark %s, which %s", t.Columns[col].ID, *f.Losses, markOf(f.Mark), where), "correct the column's cells as the component prints them")
					}
				case "probability":
					wins, total, err := WinChance(t, *f.Attacker, *f.Defender)
					if err != nil {
						p.Report(fp, fmt.Sprintf("cannot enumerate the battle of %s: %v", where, err), "fill the rows and columns the battle reads")
						continue
					}
					pct := int(math.Round(100 * float64(wins) / float64(total)))
					ptr := fp
					if ac := t.ColumnFor(intOr(f.Attacker.SP), f.Attacker.Column); ac >= 0 {
						ptr = fmt.Sprintf("/columns/%d", ac)
					}
					if pct != *f.Percent {
						p.Report(ptr, fmt.Sprintf("the attacker (%d SPs %+d) beats the defender (%d SPs %+d) in %d of %d outcomes (%d%%); the rulebook prints %d%%: %s", intOr(f.Attacker.SP), f.Attacker.DRM, intOr(f.Defender.SP), f.Defender.DRM, wins, total, pct, *f.Percent, where), "correct the cells of the two columns as the component prints them")
					} else if f.Chance != "" && f.Chance != fmt.Sprintf("%d/%d", wins, total) {
						p.Report(ptr, fmt.Sprintf("the attacker wins in %d of %d outcomes, not %s: %s", wins, total, f.Chance, where), "correct the cells of the two columns")
					}
				}
			}
		})
	},
})

func intOr(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func orNone(s string) string {
	if s == "" {
		return "no dice"
	}
	return s
}

var matrixShape = register(&Check{
	Code:     "matrix-shape",
	Title:    "matrix table, turn track or deck malformed",
	Doc:      "A matrix table's rows each hold one cell per column; rows keyed by roll or count are in key order without overlaps, and only the last may be open above (the maximum row); column bands do not overlap; a cell's region names a map region. A turn track lists its turns 1, 2, 3... in order; a general event names a turn on the track and counters of the module. A deck of status source or made-up holds exactly its size in cards, each naming one of the deck's theaters.",
	Severity: diag.Error,
	Module: func(mp *ModulePass) {
		mp.tables(func(tf *scenarios.TableFile) {
			t := tf.Table
			p := mp.on(mp.Check, tf.Doc)
			for i := range t.Columns {
				for j := 0; j < i; j++ {
					a, b := t.Columns[i], t.Columns[j]
					if overlap(a.Min, a.Max, b.Min, b.Max) {
						p.Report(fmt.Sprintf("/columns/%d", i), fmt.Sprintf("column %s overlaps column %s", a.ID, b.ID), "correct the columns' min and max")
					}
				}
			}
			for i, r := range t.Grid {
				rp := fmt.Sprintf("/grid/%d", i)
				if len(r.Cells) != len(t.Columns) {
					p.Report(rp+"/cells", fmt.Sprintf("row %q has %d cells for %d columns", r.Printed, len(r.Cells), len(t.Columns)), "give one cell per column, in column order")
				}
				for j, c := range r.Cells {
					if c.Region != "" && mp.Index.Regions[c.Region] == nil {
						p.Report(fmt.Sprintf("%s/cells/%d/region", rp, j), fmt.Sprintf("no map region %q", c.Region), "name a region of the map")
					}
				}
				if t.RowKey == "name" {
					continue
				}
				if r.Max == nil && i != len(t.Grid)-1 {
					p.Report(rp, fmt.Sprintf("row %q is open above but is not the last row", r.Printed), "only the maximum row is open above")
				}
				if i > 0 {
					prev := t.Grid[i-1]
					if prev.Max != nil && r.Min != nil && *r.Min <= *prev.Max {
						p.Report(rp+"/min", fmt.Sprintf("row %q starts at %d, within row %q", r.Printed, *r.Min, prev.Printed), "keep the rows in key order without overlaps")
					}
				}
			}
			if t.Kind == "turn-track" {
				turns := map[int]bool{}
				for i, tt := range t.Turns {
					if tt.Turn != i+1 {
						p.Report(fmt.Sprintf("/turns/%d/turn", i), fmt.Sprintf("turn %d in place %d: the track lists turns 1, 2, 3... in order", tt.Turn, i+1), "")
					}
					turns[tt.Turn] = true
				}
				for i, e := range t.GeneralEvents {
					ep := fmt.Sprintf("/generalEvents/%d", i)
					if !turns[e.Turn] {
						p.Report(ep+"/turn", fmt.Sprintf("turn %d is not on the track", e.Turn), "")
					}
					if e.OnlyIfRemoved != "" && !slices.ContainsFunc(t.GeneralEvents[:i], func(r scenarios.GeneralEvent) bool {
						return r.Turn == e.Turn && r.Side == e.Side && r.Code == "remove" && r.Optional && r.General == e.OnlyIfRemoved
					}) {
						p.Report(ep+"/onlyIfRemoved", fmt.Sprintf("no optional removal of %s comes before this event on turn %d", e.OnlyIfRemoved, e.Turn), "list the optional removal (code remove, optional true) before the event it conditions")
					}
					for _, k := range []struct{ key, id string }{{"general", e.General}, {"partner", e.Partner}, {"onlyIfRemoved", e.OnlyIfRemoved}} {
						if k.id != "" && mp.Index.Counters[k.id] == nil {
							mp.on(unitUnknown, tf.Doc).Report(ep+"/"+k.key, fmt.Sprintf("no counter %q in %s", k.id, mp.Module.Game.Files.Counters), "add the general's counter (muster import template) or correct the id")
						}
					}
				}
			}
		})
		g := mp.Module.Game
		if gd := mp.Module.GameDoc; gd != nil && gd.Valid {
			p := mp.on(mp.Check, gd)
			for i, d := range g.Decks {
				dp := fmt.Sprintf("/decks/%d", i)
				if (d.Status == "source" || d.Status == scenarios.MadeUp) && len(d.Cards) != d.Size {
					p.Report(dp+"/cards", fmt.Sprintf("deck %s holds %d cards, not its %d", d.ID, len(d.Cards), d.Size), "list every card of the deck")
				}
				th := map[string]bool{}
				for _, t := range d.Theaters {
					th[t] = true
				}
				for j, c := range d.Cards {
					if len(th) > 0 && !th[c.Theater] {
						p.Report(fmt.Sprintf("%s/cards/%d/theater", dp, j), fmt.Sprintf("card %d names theater %q, not one of %s", c.Number, c.Theater, strings.Join(d.Theaters, ", ")), "")
					}
				}
			}
		}
		if m := mp.Module.Map; m != nil && len(m.HexsideKinds) > 0 && mp.Module.MapDoc != nil && mp.Module.MapDoc.Valid {
			p := mp.on(mp.Check, mp.Module.MapDoc)
			kinds := map[string]bool{}
			for _, k := range m.HexsideKinds {
				kinds[k.ID] = true
			}
			for i, h := range m.Hexsides {
				for j, k := range h.Kinds {
					if !kinds[k] {
						p.Report(fmt.Sprintf("/hexsides/%d/kinds/%d", i, j), fmt.Sprintf("hexside kind %q is not in the map's hexsideKinds", k), "use a declared kind, or declare it")
					}
				}
			}
		}
	},
})

func overlap(amin, amax, bmin, bmax *int) bool {
	if (amin == nil && amax == nil) || (bmin == nil && bmax == nil) {
		return false
	}
	lo := func(p *int) int {
		if p == nil {
			return math.MinInt
		}
		return *p
	}
	hi := func(p *int) int {
		if p == nil {
			return math.MaxInt
		}
		return *p
	}
	return lo(amin) <= hi(bmax) && lo(bmin) <= hi(amax)
}

var counterFacts = register(&Check{
	Code:     "counter-fact",
	Title:    "counter values disagree with a sum a worked example fixes",
	Doc:      "game.json facts record what the rulebook's worked examples fix about counter values (Lee's and Longstreet's Defense Ratings total +4, line 898). Once every counter a fact names carries the value, their sum must equal the fact's; the finding sits on the first counter's value and quotes the example with its line.",
	Severity: diag.Error,
	Module: func(mp *ModulePass) {
		g, cs := mp.Module.Game, mp.Module.Counters
		if cs == nil || mp.Module.CountersDoc == nil || !mp.Module.CountersDoc.Valid {
			return
		}
		at := map[string]int{}
		for i, c := range cs.Counters {
			at[c.ID] = i
		}
		p := mp.on(mp.Check, mp.Module.CountersDoc)
		gp := mp.on(unitUnknown, mp.Module.GameDoc)
		for fi, f := range g.Facts {
			sum, ok := 0, true
			first := -1
			for j, id := range f.Counters {
				i, known := at[id]
				if !known {
					gp.Report(fmt.Sprintf("/facts/%d/counters/%d", fi, j), fmt.Sprintf("no counter %q in %s", id, g.Files.Counters), "correct the id")
					ok = false
					continue
				}
				if first < 0 {
					first = i
				}
				v, has := cs.Counters[i].Printed.Values[f.Value]
				n, isNum := toInt(v)
				if !has || !isNum {
					ok = false
					continue
				}
				sum += n
			}
			if ok && sum != f.Sum {
				names := make([]string, len(f.Counters))
				for j, id := range f.Counters {
					names[j] = cs.Counters[at[id]].Name
				}
				p.Report(fmt.Sprintf("/counters/%d/printed/values/%s", first, f.Value), fmt.Sprintf("%s %s total %d; the rulebook's example fixes %d: %s", strings.Join(names, " and "), f.Value, sum, f.Sum, factWhere(f.Text, f.Source)), "correct the values as the counters print them")
			}
		}
	},
})

func toInt(v any) (int, bool) {
	switch x := v.(type) {
	case float64:
		return int(x), x == math.Trunc(x)
	case int:
		return x, true
	case int64:
		return int(x), true
	}
	return 0, false
}

var moduleInvariant = register(&Check{
	Code:     "module-invariant",
	Title:    "a start track that must equal the start turn does not",
	Doc:      "A game.json invariant of kind track-is-start-turn names a track whose start value is the scenario's first calendar turn (USCW: the Arsenals equal the turn number, line 1231). A scenario that sets the track to another value is an error at that value. Sums of tracks are invariant-broken's.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		g := p.Module.Game
		if g == nil || p.Scenario.Start == nil {
			return
		}
		tr := p.Scenario.Start.Tracks
		for _, inv := range g.Invariants {
			if inv.Kind != "track-is-start-turn" {
				continue
			}
			v, ok := tr[inv.Track]
			if !ok {
				continue
			}
			first := 1
			if ct := p.Scenario.Length.CalendarTurns; ct != nil && ct.First > 0 {
				first = ct.First
			}
			if v != float64(first) {
				var src scenarios.SourceRef
				if inv.Source != nil {
					src = *inv.Source
				}
				where := factWhere(inv.Text, src)
				p.Report("/start/tracks/"+inv.Track, fmt.Sprintf("%s starts at %g, but the scenario starts on turn %d (invariant %s): %s", inv.Track, v, first, inv.ID, where), "correct the track or the scenario's calendar turns")
			}
		}
	},
})

var mapBPTotal = register(&Check{
	Code:     "map-bp-total",
	Title:    "the map's hex BPs exceed or miss the total the rulebook states",
	Doc:      "A game.json invariant of kind map-bp-sum states what the BPs printed in the map's hexes total (USCW: 'There are 100 BPs worth of Resource Hexes printed on the map', line 1166). While map.json still lists the invariant's topic missing (the map filled in part, theater by theater), the hexes filled so far must not total more; once the topic is answered they must total exactly that. The finding sits on the BP of the hex that passes the total, or of the last hex with BPs, and quotes the rulebook's line.",
	Severity: diag.Error,
	Module: func(mp *ModulePass) {
		g, m := mp.Module.Game, mp.Module.Map
		if g == nil || m == nil || mp.Module.MapDoc == nil || !mp.Module.MapDoc.Valid {
			return
		}
		p := mp.on(mp.Check, mp.Module.MapDoc)
		for _, inv := range g.Invariants {
			if inv.Kind != "map-bp-sum" || inv.Equals == nil {
				continue
			}
			var src scenarios.SourceRef
			if inv.Source != nil {
				src = *inv.Source
			}
			where := factWhere(inv.Text, src)
			want := int(*inv.Equals)
			sum, last := 0, -1
			over := false
			for i, h := range m.Hexes {
				if h.BP == nil {
					continue
				}
				sum += *h.BP
				last = i
				if sum > want && !over {
					over = true
					p.Report(fmt.Sprintf("/hexes/%d/bp", i), fmt.Sprintf("the hexes' BPs reach %d at hex %s, more than the %d the rulebook states (invariant %s): %s", sum, h.At, want, inv.ID, where), "correct the BPs as the map prints them")
				}
			}
			if over {
				continue
			}
			answered := true
			for _, t := range m.Missing {
				if t.Topic == inv.Topic {
					answered = false
				}
			}
			if !answered {
				continue
			}
			if last < 0 {
				// The topic is answered, so the hexes are filled: none
				// holding BPs is a total of 0, not a fill still to come.
				p.Report("/hexes", fmt.Sprintf("no hex holds BPs, but the topic %s is no longer missing and the rulebook states %d (invariant %s): %s", inv.Topic, want, inv.ID, where), "type the BPs as the map prints them, or restore the missing topic if hexes are still to fill")
				continue
			}
			if sum != want {
				p.Report(fmt.Sprintf("/hexes/%d/bp", last), fmt.Sprintf("the hexes' BPs total %d, not the %d the rulebook states (invariant %s): %s", sum, want, inv.ID, where), "correct the BPs as the map prints them, or restore the missing topic if hexes are still to fill")
			}
		}
	},
})
