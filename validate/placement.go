package validate

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Checks of where units stand at setup, in physical terms: one hex written
// with two sheet ids, a place name on two hexes, opposing units in one
// location, stacking limits, locations the game or the scenario forbids,
// leaders without their troops, and VP locations their side can never reach.

// placed is a setup row that stands on the map at the start.
type placed struct {
	t, r  int
	side  string
	row   *scenarios.SetupRow
	point rules.Point
	loc   scenarios.Location
}

// onMap lists the rows that stand on a map location at the start (not
// deferred entries, not boxes), with their physical points. Rows whose
// location does not resolve are left to hex-unknown.
func onMap(p *Pass) []placed {
	if p.shared != nil && p.shared.placedDone {
		return p.shared.placed
	}
	var out []placed
	forRows(p, func(t, r int, table *scenarios.SetupTable, row *scenarios.SetupRow) {
		if row.Hex == "" || row.Entry != nil {
			return
		}
		pt, loc, err := p.Topo.Locate(row.Hex, p.Scenario.Maps.Prefixes)
		if err != nil {
			return
		}
		out = append(out, placed{t: t, r: r, side: table.Side, row: row, point: pt, loc: loc})
	})
	if p.shared != nil {
		p.shared.placed, p.shared.placedDone = out, true
	}
	return out
}

var hexTwoIDs = register(&Check{
	Code:     "hex-two-ids",
	Title:    "one physical hex written with two sheet ids",
	Doc:      "Where sheets overlap, one hex has an id on each sheet (OTR S0101 is OTR N0534). A scenario that writes the same hex both ways reads as two places to a player; write one id throughout.",
	Severity: diag.Warning,
	Run: func(p *Pass) {
		first := map[rules.Point]placed{}
		for _, u := range onMap(p) {
			prev, ok := first[u.point]
			if !ok {
				first[u.point] = u
				continue
			}
			if prev.loc.Sheet != nil && u.loc.Sheet != nil && prev.loc.Sheet.ID != u.loc.Sheet.ID {
				p.Report(rowPtr(u.t, u.r)+"/hex", fmt.Sprintf("%s is the same hex as %s (line %d)%s", u.row.Hex, prev.row.Hex, p.line(rowPtr(prev.t, prev.r)), overlapCaveat(p.Module)),
					fmt.Sprintf("write %s in both rows", prev.row.Hex))
			}
		}
	},
})

// overlapCaveat says when the overlap registration is itself an inference.
func overlapCaveat(m *scenarios.Module) string {
	for _, o := range m.Map.Overlaps {
		if o.Provenance != "source" {
			return " (by the map's inferred overlap registration)"
		}
	}
	return ""
}

var placeTwoHexes = register(&Check{
	Code:     "place-two-hexes",
	Title:    "one place name used for two hexes",
	Doc:      "A place name printed after a hex names one location; the same name after two different hexes means one of them is wrong, unless the map ties the name to both (a town covering two hexes).",
	Severity: diag.Error,
	Run: func(p *Pass) {
		type use struct {
			u    placed
			name string
		}
		byName := map[string][]use{}
		for _, u := range onMap(p) {
			if u.row.Place != "" {
				k := strings.ToLower(u.row.Place)
				byName[k] = append(byName[k], use{u, u.row.Place})
			}
		}
		for _, k := range keys(byName) {
			uses := byName[k]
			first := uses[0].u
			for _, x := range uses[1:] {
				if x.u.point == first.point {
					continue
				}
				known1, _ := p.Index.HasPlace(first.loc, x.name)
				known2, _ := p.Index.HasPlace(x.u.loc, x.name)
				if known1 && known2 {
					continue
				}
				p.Report(rowPtr(x.u.t, x.u.r)+"/place", fmt.Sprintf("%q is at %s here but at %s on line %d", x.name, x.u.row.Hex, first.row.Hex, p.line(rowPtr(first.t, first.r))),
					"correct the hex or the place name of one of the rows")
			}
		}
	},
})

var bothSides = register(&Check{
	Code:     "both-sides",
	Title:    "units of both sides set up in one location",
	Doc:      "Opposing units in one location at the start are an error where the game forbids it and a warning where the module does not know the rule; games with contested locations (LGV 7.3) allow it.",
	Severity: diag.Warning,
	Run: func(p *Pass) {
		st := p.Module.Game.Stacking
		sev := diag.Warning
		switch {
		case st != nil && st.Opposing == "contested":
			return
		case st != nil && st.Opposing == "prohibited":
			sev = diag.Error
		}
		sides := map[rules.Point]placed{}
		for _, u := range onMap(p) {
			if u.row.Unit == "" {
				continue // markers (redoubts, depots) are not units
			}
			prev, ok := sides[u.point]
			if !ok {
				sides[u.point] = u
				continue
			}
			if prev.side != u.side {
				p.ReportSeverity(sev, rowPtr(u.t, u.r)+"/hex", fmt.Sprintf("%s (%s) sets up in %s with the %s %s (line %d)", u.row.Name, u.side, u.row.Hex, prev.side, prev.row.Name, p.line(rowPtr(prev.t, prev.r))),
					"move one of the units, or record why the scenario allows it in a note")
				sides[u.point] = u // report each further clash once
			}
		}
	},
})

var stackingLimit = register(&Check{
	Code:     "stacking",
	Title:    "setup exceeds the game's stacking limit",
	Doc:      "Where game.json gives stacking limits (LGV 7.1: six Union and ten Confederate units per Area, leaders free with their command, army leaders and engineers free, Zones unlimited), the units a side sets up in one location must fit.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		st := p.Module.Game.Stacking
		if st == nil || len(st.Limits) == 0 {
			return
		}
		type key struct {
			side  string
			point rules.Point
		}
		groups := map[key][]placed{}
		var order []key
		for _, u := range onMap(p) {
			if u.row.Unit == "" {
				continue
			}
			k := key{u.side, u.point}
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], u)
		}
		for _, k := range order {
			units := groups[k]
			kind := locationKind(units[0].loc)
			for _, lim := range st.Limits {
				if lim.Side != "" && lim.Side != k.side || len(lim.LocationKinds) > 0 && !contains(lim.LocationKinds, kind) {
					continue
				}
				var counted []placed
				var names []string
				for _, u := range units {
					if lim.Counts != nil && !p.rowMatches(lim.Counts, u.side, u.row) || p.stacksFree(st, u, units) {
						continue
					}
					counted = append(counted, u)
					names = append(names, u.row.Name)
				}
				if len(counted) > lim.Max {
					over := counted[lim.Max] // the first unit past the limit
					where := "the game's stacking rule"
					if lim.Source != nil && lim.Source.Section != "" {
						where = ruleCase(p.Module, lim.Source.Section)
					}
					p.Report(rowPtr(over.t, over.r)+"/hex", fmt.Sprintf("%d %s units count for stacking in %s (%s), over the limit of %d", len(counted), k.side, over.row.Hex, strings.Join(names, ", "), lim.Max),
						"set some of them up elsewhere ("+where+")")
				}
			}
		}
	},
})

// unitType, unitSize and unitCommand read a row's printed columns, or its
// counter's where the table prints no such column (LGV prints only names).
func (p *Pass) unitType(row *scenarios.SetupRow) string {
	if row.Type == "" {
		if c := p.Index.Counters[row.Unit]; c != nil {
			return c.Type
		}
	}
	return row.Type
}

func (p *Pass) unitSize(row *scenarios.SetupRow) string {
	if row.Size == "" {
		if c := p.Index.Counters[row.Unit]; c != nil {
			return c.Size
		}
	}
	return row.Size
}

func (p *Pass) unitCommand(row *scenarios.SetupRow) string {
	if row.Command == "" {
		if c := p.Index.Counters[row.Unit]; c != nil {
			return c.Command
		}
	}
	return row.Command
}

func (p *Pass) isLeader(row *scenarios.SetupRow) bool { return p.Index.IsLeader(p.unitType(row)) }

func locationKind(loc scenarios.Location) string {
	if loc.Area != nil {
		return loc.Area.Kind
	}
	return "hex"
}

// stacksFree reports whether a unit does not count: it matches a free
// filter, or it is a leader with a unit of his command beside him.
func (p *Pass) stacksFree(st *scenarios.Stacking, u placed, here []placed) bool {
	for i := range st.Free {
		if p.rowMatches(&st.Free[i], u.side, u.row) {
			return true
		}
	}
	if !st.LeadersFreeWithCommand || !p.isLeader(u.row) {
		return false
	}
	for _, o := range here {
		if o.row != u.row && !p.isLeader(o.row) && p.commands(u.side, u.row, o.row) {
			return true
		}
	}
	return false
}

// commands reports whether a leader's command covers a unit: the unit's
// command is the leader's or lies beneath it in the module's hierarchy.
func (p *Pass) commands(side string, leader, unit *scenarios.SetupRow) bool {
	var led []string
	if c := p.Index.Counters[leader.Unit]; c != nil {
		if c.Command != "" {
			led = append(led, c.Command)
		}
		led = append(led, c.Commands...)
	}
	if len(led) == 0 && p.unitCommand(leader) != "" {
		led = []string{p.unitCommand(leader)}
	}
	cmds := p.Index.Commands[side]
	for _, code := range led {
		lc := cmds[code]
		if lc == nil {
			continue
		}
		for cur, hops := cmds[p.unitCommand(unit)], 0; cur != nil && hops < 16; hops++ {
			if cur == lc {
				return true
			}
			cur = cmds[cur.Parent]
		}
	}
	return false
}

// rowMatches applies a unit filter to a setup row (startingIn against the
// row's own location).
func (p *Pass) rowMatches(f *scenarios.UnitFilter, side string, row *scenarios.SetupRow) bool {
	if f.Side != "" && f.Side != side {
		return false
	}
	if len(f.Units) > 0 && !contains(f.Units, row.Unit) {
		return false
	}
	if len(f.Types) > 0 && !contains(f.Types, p.unitType(row)) {
		return false
	}
	if len(f.Sizes) > 0 && !contains(f.Sizes, p.unitSize(row)) {
		return false
	}
	if len(f.Commands) > 0 && !contains(f.Commands, p.unitCommand(row)) && !(f.Leaders && p.isLeader(row) && p.leadsAny(side, row, f.Commands)) {
		return false
	}
	if f.Marks != "" && !strings.Contains(row.Marks, f.Marks) {
		return false
	}
	if f.StartingIn != nil {
		pt, _, err := p.Topo.Locate(row.Hex, p.Scenario.Maps.Prefixes)
		if err != nil || p.inRegion(pt, f.StartingIn) != rules.Yes {
			return false
		}
	}
	for i := range f.Except {
		if p.rowMatches(&f.Except[i], side, row) {
			return false
		}
	}
	return true
}

func (p *Pass) leadsAny(side string, leader *scenarios.SetupRow, codes []string) bool {
	for _, code := range codes {
		if p.commands(side, leader, &scenarios.SetupRow{Command: code}) {
			return true
		}
	}
	return false
}

func (p *Pass) regionContext() rules.RegionContext {
	return rules.RegionContext{Prefixes: p.Scenario.Maps.Prefixes, InPlay: p.sheetsInPlay()}
}

var setupProhibited = register(&Check{
	Code:     "setup-prohibited",
	Title:    "unit set up where the game's rules forbid it",
	Doc:      "game.json 'prohibited' lists locations a side or a kind of unit may never occupy (LGV 8.4.2 operational sectors, LGV 8.4.6 engineers, LGV 14.2 zones; terrain a unit type may not enter where the map has terrain). A setup row there cannot be right.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		for _, u := range onMap(p) {
			if u.row.Unit == "" {
				continue
			}
			for _, pr := range p.Module.Game.Prohibited {
				if p.rowMatches(&pr.Units, u.side, u.row) && p.Topo.InRegion(u.point, &pr.Region, rules.RegionContext{}) == rules.Yes {
					p.Report(rowPtr(u.t, u.r)+"/hex", fmt.Sprintf("%s may not stand in %s: %s (%s)", u.row.Name, u.row.Hex, pr.Text, ruleCase(p.Module, pr.Rule)),
						"set the unit up elsewhere, or correct its side or type")
				}
			}
		}
	},
})

func ruleCase(m *scenarios.Module, rule string) string {
	return strings.ToUpper(m.Game.ID) + " " + rule
}

// blocksEntry reports whether a restricted-region effect keeps its units out
// of the region from the first turn.
func blocksEntry(e *scenarios.Effect) bool {
	if e.Kind != "restricted-region" || e.Region == nil || e.Turns != nil && e.Turns.From > 1 {
		return false
	}
	for _, x := range e.Prohibits {
		if x == "enter" || x == "move" || x == "end-move" {
			return true
		}
	}
	return false
}

// effectCovers reports whether a restricted-region effect applies to a row.
func (p *Pass) effectCovers(e *scenarios.Effect, side string, row *scenarios.SetupRow) bool {
	if len(e.Sides) > 0 && !contains(e.Sides, side) || e.Side != "" && e.Side != side {
		return false
	}
	return e.Units == nil || p.rowMatches(e.Units, side, row)
}

var setupRestricted = register(&Check{
	Code:     "setup-restricted",
	Title:    "unit set up inside a region the scenario forbids to it",
	Doc:      "A special rule that keeps units out of a region from the first turn (restricted-region prohibiting enter, move or end-move) contradicts a setup row of such a unit inside the region.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		for _, u := range onMap(p) {
			if u.row.Unit == "" {
				continue
			}
			for i := range p.Scenario.SpecialRules {
				rule := &p.Scenario.SpecialRules[i]
				for j := range rule.Effects {
					e := &rule.Effects[j]
					if blocksEntry(e) && p.effectCovers(e, u.side, u.row) && p.inRegion(u.point, e.Region) == rules.Yes {
						p.Report(rowPtr(u.t, u.r)+"/hex", fmt.Sprintf("%s sets up in %s, inside the region special rule %s keeps it out of", u.row.Name, u.row.Hex, ruleLabel(rule.Number, i)),
							"set the unit up outside the region, or narrow the rule's units")
					}
				}
			}
		}
	},
})

var leaderAlone = register(&Check{
	Code:     "leader-alone",
	Title:    "leader with no unit of his command in the scenario",
	Doc:      "A leader whose command (or any command under it) has no unit in the scenario, at setup or as a reinforcement, usually means a missing row or a wrong command code. An error where game.json's leaderSetup says leaders set up with their command (all shipped modules), a warning where the module does not say.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		sev := diag.Warning
		if p.Module.Game.LeaderSetup != nil {
			sev = diag.Error
		}
		for t := range p.Scenario.Setup {
			table := &p.Scenario.Setup[t]
			for r := range table.Rows {
				row := &table.Rows[r]
				c := p.Index.Counters[row.Unit]
				if row.Unit == "" || !p.isLeader(row) || c == nil || c.Command == "" && len(c.Commands) == 0 {
					continue
				}
				granted := p.granted(row)
				found := false
				for i := range table.Rows {
					if o := &table.Rows[i]; o.Unit != "" && !p.isLeader(o) && p.leads(table.Side, row, o, granted) {
						found = true
						break
					}
				}
				if !found {
					p.ReportSeverity(sev, rowPtr(t, r)+"/unit", fmt.Sprintf("no unit of %s's command (%s) is in the %s setup", row.Name, strings.Join(append(nonEmpty(c.Command), c.Commands...), ", "), table.Side),
						"add the missing rows, correct the units' command codes, or note why the leader starts alone")
				}
			}
		}
	},
})

// granted lists the units a special rule lets a leader command beyond his
// own (TPC 17.0: Sheridan commands V Corps and cavalry).
func (p *Pass) granted(leader *scenarios.SetupRow) []*scenarios.UnitFilter {
	var out []*scenarios.UnitFilter
	for i := range p.Scenario.SpecialRules {
		for j := range p.Scenario.SpecialRules[i].Effects {
			if e := &p.Scenario.SpecialRules[i].Effects[j]; e.Kind == "command-exception" && e.Leader == leader.Unit && e.MayActivate != nil {
				out = append(out, e.MayActivate)
			}
		}
	}
	return out
}

// leads reports whether a leader commands a unit, by the command hierarchy
// or by a special rule's grant.
func (p *Pass) leads(side string, leader, unit *scenarios.SetupRow, granted []*scenarios.UnitFilter) bool {
	if p.commands(side, leader, unit) {
		return true
	}
	for _, f := range granted {
		if p.rowMatches(f, side, unit) {
			return true
		}
	}
	return false
}

var leaderApart = register(&Check{
	Code:     "leader-apart",
	Title:    "leader set up farther from his command than the game allows",
	Doc:      "game.json's leaderSetup gives how far from the nearest unit of his command (or, where leaders have no command, the nearest friendly unit) a leader may set up: TPC 7 hexes (read from the printed setups; the source prints no radius), LGV the same Area (LGV 5.3), USCW the same space (USCW 7.6). A leader beyond it usually stands on a mistyped hex or Area; the message names the nearest such unit and where it is.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		ls := p.Module.Game.LeaderSetup
		if ls == nil {
			return
		}
		units := onMap(p)
		for _, l := range units {
			c := p.Index.Counters[l.row.Unit]
			if l.row.Unit == "" || c == nil || !p.isLeader(l.row) {
				continue
			}
			byCommand := ls.With == "command"
			if byCommand && c.Command == "" && len(c.Commands) == 0 {
				continue // leader-alone and the counters' data speak for him
			}
			granted := p.granted(l.row)
			// best is the nearest unit the map can measure to; unknown
			// counts units it cannot (areas without adjacency data), which
			// are at least one step away.
			best, bestD, unknown, firstUnknown := -1, 0, 0, -1
			for i, o := range units {
				if o.side != l.side || o.row.Unit == "" || p.isLeader(o.row) || byCommand && !p.leads(l.side, l.row, o.row, granted) {
					continue
				}
				d, ok := p.Topo.Distance(l.point, o.point)
				if o.point == l.point {
					d, ok = 0, true
				}
				if !ok {
					unknown++
					if firstUnknown < 0 {
						firstUnknown = i
					}
					continue
				}
				if best == -1 || d < bestD {
					best, bestD = i, d
				}
			}
			if best < 0 && unknown == 0 || best >= 0 && bestD <= ls.MaxDistance || unknown > 0 && ls.MaxDistance > 0 {
				continue
			}
			unitWord := "hexes"
			if l.loc.Area != nil {
				unitWord = "boundaries"
			}
			whose, allowed := "of his command", fmt.Sprintf("within %d %s of one", ls.MaxDistance, unitWord)
			if !byCommand {
				whose = "friendly"
			}
			if ls.MaxDistance == 0 {
				allowed = "in the same location as one"
			}
			var far string
			if best >= 0 {
				u := units[best]
				far = fmt.Sprintf("%d %s from the nearest unit %s (%s in %s, line %d)", bestD, unitWord, whose, u.row.Name, u.row.Hex, p.line(rowPtr(u.t, u.r)))
			} else {
				u := units[firstUnknown]
				far = fmt.Sprintf("with no unit %s (%s is in %s, line %d)", whose, u.row.Name, u.row.Hex, p.line(rowPtr(u.t, u.r)))
			}
			p.Report(rowPtr(l.t, l.r)+"/hex", fmt.Sprintf("%s sets up in %s, %s; %s leaders set up %s (game.json leaderSetup, %s)",
				l.row.Name, l.row.Hex, far, strings.ToUpper(p.Module.Game.ID), allowed, ls.Provenance),
				"correct the leader's location (a mistyped hex or Area is the usual cause) or the command codes of his units")
		}
	},
})

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

var manpowerInvalid = register(&Check{
	Code:     "manpower-invalid",
	Title:    "manpower on a leader, or above the most the unit may have",
	Doc:      "Leaders carry no manpower (their Manpower cell prints '-'). A unit cannot start above the manpower printed on its counter, where the module knows that value, nor above the largest manpower the rules allow its kind of unit (game.json manpowerLimits: TPC 18.2, infantry divisions 16, brigades 8, regiments 4, cavalry brigades 4, regiments 2). The rows neither bound covers are counted in one info finding per scenario. A unit's figures in other scenarios are no bound: in the printed TPC setups a unit often starts with more manpower than any other scenario gives it (Pickett: 10 in scenario 11, 4 in scenario 10).",
	Severity: diag.Error,
	Run: func(p *Pass) {
		uncovered := map[string]int{}
		forRows(p, func(t, r int, table *scenarios.SetupTable, row *scenarios.SetupRow) {
			if row.Manpower == nil || row.Unit == "" {
				return
			}
			ptr := rowPtr(t, r) + "/manpower"
			if p.isLeader(row) {
				p.Report(ptr, fmt.Sprintf("%s is a leader and carries no manpower", row.Name), "write null for a leader's manpower")
				return
			}
			c := p.Index.Counters[row.Unit]
			if c == nil {
				return
			}
			covered := false
			if v, ok := c.Printed.Values["manpower"].(float64); ok {
				covered = true
				if float64(*row.Manpower) > v {
					p.Report(ptr, fmt.Sprintf("%s starts with %d manpower but its counter prints %v", row.Name, *row.Manpower, v), "correct the manpower or the counter value")
					return
				}
			}
			if row.Size != "" && row.Size != c.Size || row.Type != "" && row.Type != c.Type {
				return // counter-mismatch: which size the limit is for is unclear
			}
			for i := range p.Module.Game.ManpowerLimits {
				lim := &p.Module.Game.ManpowerLimits[i]
				if !p.rowMatches(&lim.Units, table.Side, row) {
					continue
				}
				covered = true
				if *row.Manpower > lim.Max {
					p.Report(ptr, fmt.Sprintf("%s starts with %d manpower, above the %d the rules allow: %q (%s)", row.Name, *row.Manpower, lim.Max, lim.Text, ruleCase(p.Module, lim.Rule)),
						"correct the manpower (a doubled or transposed digit is the usual slip)")
				}
				break
			}
			if !covered {
				uncovered[p.unitType(row)+" "+p.unitSize(row)]++
			}
		})
		if len(uncovered) > 0 {
			n := 0
			var kinds []string
			for _, k := range keys(uncovered) {
				n += uncovered[k]
				kinds = append(kinds, fmt.Sprintf("%d %s", uncovered[k], strings.TrimSpace(k)))
			}
			p.ReportSeverity(diag.Info, "/setup", fmt.Sprintf("manpower of %d row(s) not checked against a maximum: no printed counter value and no game.json manpowerLimits entry covers them (%s)", n, strings.Join(kinds, ", ")), "")
		}
	},
})

var awardUnreachable = register(&Check{
	Code:     "award-unreachable",
	Title:    "VP location its scoring side may never enter",
	Doc:      "An occupation award for a location inside a region the scoring side may never enter (a game prohibition, or a scenario restriction for the whole game with no release) can never be earned: the award or the restriction is mistyped.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		v := &p.Scenario.Victory
		for i := range v.Awards {
			a := &v.Awards[i]
			side := a.Side
			if side == "" {
				side = v.Scoring
			}
			if a.Kind != "occupy" || side == "" {
				continue
			}
			var ids []string
			ptrs := map[string]string{}
			if a.Where != nil {
				for k, h := range a.Where.Hexes {
					ids = append(ids, h)
					ptrs[h] = fmt.Sprintf("/victory/awards/%d/where/hexes/%d", i, k)
				}
			}
			for k, lp := range a.PointsByLocation {
				for m, h := range lp.Where.Hexes {
					ids = append(ids, h)
					ptrs[h] = fmt.Sprintf("/victory/awards/%d/pointsByLocation/%d/where/hexes/%d", i, k, m)
				}
			}
			for _, id := range ids {
				pt, _, err := p.Topo.Locate(id, p.Scenario.Maps.Prefixes)
				if err != nil {
					continue
				}
				if why := p.neverEnters(side, pt); why != "" {
					p.Report(ptrs[id], fmt.Sprintf("%s can never earn this award at %s: %s", side, id, why), "correct the location or the restriction")
				}
			}
		}
	},
})

// neverEnters says why a side may never enter a point, or "".
func (p *Pass) neverEnters(side string, pt rules.Point) string {
	for _, pr := range p.Module.Game.Prohibited {
		f := pr.Units
		if f.Side == side && len(f.Units)+len(f.Types)+len(f.Sizes)+len(f.Commands) == 0 && f.StartingIn == nil &&
			p.Topo.InRegion(pt, &pr.Region, rules.RegionContext{}) == rules.Yes {
			return fmt.Sprintf("%s (%s)", pr.Text, ruleCase(p.Module, pr.Rule))
		}
	}
	for i := range p.Scenario.SpecialRules {
		rule := &p.Scenario.SpecialRules[i]
		for j := range rule.Effects {
			e := &rule.Effects[j]
			if blocksEntry(e) && e.Turns == nil && len(e.Release) == 0 && e.Units == nil &&
				(contains(e.Sides, side) || e.Side == side) && p.inRegion(pt, e.Region) == rules.Yes {
				return "special rule " + ruleLabel(rule.Number, i) + " keeps it out for the whole game"
			}
		}
	}
	return ""
}

// line is the source line of the value a pointer names, for a summary
// that says "line N"; the next finding reported carries it as a cite
// (diag.Cite), so the workbook import can name the cell instead.
func (p *Pass) line(ptr string) int {
	n, _ := p.Doc.Root.Lookup(ptr)
	if n == nil {
		return 0
	}
	l := p.Doc.File.Pos(n.Start).Line
	p.cites = append(p.cites, diag.Cite{Line: l, Pointer: ptr})
	return l
}

var entrySchedule = register(&Check{
	Code:     "entry-schedule",
	Title:    "reinforcement row not named by its schedule entry",
	Doc:      "A deferred-entry row that cites a schedule entry (entry.schedule) must place a unit that entry brings: named by id, or matched by one of its unit filters. Otherwise the row or the schedule id is wrong.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		forRows(p, func(t, r int, table *scenarios.SetupTable, row *scenarios.SetupRow) {
			e := row.Entry
			if e == nil || e.Schedule == "" || row.Unit == "" {
				return
			}
			se := p.Module.ScheduleEntry(e.Schedule)
			if se == nil {
				return // ref-unknown reports it
			}
			if se.Side != "" && se.Side != table.Side {
				p.Report(rowPtr(t, r)+"/entry/schedule", fmt.Sprintf("schedule entry %q brings %s units, but this is the %s setup", se.ID, se.Side, table.Side), "correct the schedule id")
				return
			}
			for _, u := range se.Units {
				if u.Unit == row.Unit || u.Any != nil && p.rowMatches(u.Any, table.Side, row) || u.All != nil && p.rowMatches(u.All, table.Side, row) {
					return
				}
			}
			p.Report(rowPtr(t, r)+"/entry/schedule", fmt.Sprintf("schedule entry %q does not bring %s", se.ID, row.Unit), "correct the schedule id, or add the unit to the schedule entry")
		})
	},
})
