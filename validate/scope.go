package validate

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

// References that must hold in the scenario's own scope and in time (issue
// 29, family 2): a special rule cited that the scenario does not have, a
// unit named by a rule that the scenario never sets up, a unit removed
// before it arrives or placed while it is already on the map, a scenario id
// that disagrees with its number and file name.

// ruleCite finds "Special Rule 13", "special rules 2 and 3", "Special Rule
// #4" in a text.
var digitsRe = regexp.MustCompile(`\d+`)

var ruleCite = regexp.MustCompile(`(?i)\bspecial\s+rules?\s+#?(\d+)((?:\s*(?:,|and|&|or)\s*#?\d+\b)*)`)

// hasRule reports whether the scenario has special rule n: a rule numbered
// n, or an unnumbered rule at position n (the shipped data leaves a number
// out where the rulebook prints a rule without one, in its place).
func hasRule(rules []scenarios.SpecialRule, n string) bool {
	for _, r := range rules {
		if r.Number == n {
			return true
		}
	}
	i, err := strconv.Atoi(n)
	return err == nil && i >= 1 && i <= len(rules) && rules[i-1].Number == ""
}

func ruleTitled(rules []scenarios.SpecialRule, title string) bool {
	for _, r := range rules {
		if strings.EqualFold(r.Title, title) {
			return true
		}
	}
	return false
}

var ruleUnknown = register(&Check{
	Code:     "rule-unknown",
	Title:    "special rule cited that the scenario does not have",
	Doc:      "A \"rule\" of a deferred entry, footnote, effect or victory line (a special-rule number or title; a rulebook case, which has a dot, is not judged) and every \"Special Rule N\" a text of the setup, special rules, victory conditions, variants or options cites must be a special rule of this scenario: numbered N, or printed without a number in position N. A citation of a rule the scenario lacks is a mistyped number or a line copied from another scenario.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		rules := p.Scenario.SpecialRules
		numbers := func() string {
			var ns []string
			for i, r := range rules {
				n := r.Number
				if n == "" {
					n = strconv.Itoa(i+1) + " (unnumbered)"
				}
				ns = append(ns, n+" "+r.Title)
			}
			return strings.Join(ns, ", ")
		}
		for _, o := range p.objects() {
			if strings.Contains(o.ptr, "/notes/") {
				continue // notes may discuss other scenarios' rules
			}
			n := o.node
			if r := n.Get("rule"); r != nil && r.Kind == jsonsrc.String && r.Text != "" && !strings.Contains(r.Text, ".") {
				if !hasRule(rules, r.Text) && !ruleTitled(rules, r.Text) {
					p.Report(o.ptr+"/rule", fmt.Sprintf("%s cites special rule %q, which this scenario does not have", citer(o.ptr), r.Text),
						"cite one of the scenario's special rules: "+clip(numbers(), 200))
				}
			}
			t := n.Get("text")
			if t == nil || t.Kind != jsonsrc.String || !strings.Contains(t.Text, "pecial") && !strings.Contains(t.Text, "PECIAL") {
				continue
			}
			for _, m := range ruleCite.FindAllStringSubmatch(t.Text, -1) {
				cited := append([]string{m[1]}, digitsRe.FindAllString(m[2], -1)...)
				for _, c := range cited {
					if !hasRule(rules, c) {
						p.Report(o.ptr+"/text", fmt.Sprintf("the text cites Special Rule %s, which this scenario does not have: %q", c, clip(m[0], 60)),
							"correct the number, or add the rule; the scenario's rules are "+clip(numbers(), 200))
					}
				}
			}
		}
	},
})

// citer names what cites a rule, from its pointer.
func citer(ptr string) string {
	switch {
	case strings.HasSuffix(ptr, "/entry"):
		return "the entry"
	case strings.Contains(ptr, "/footnotes/"):
		return "the footnote"
	case strings.Contains(ptr, "/effects/"):
		return "the effect"
	}
	return "the line"
}

// scenarioUnits lists the counters a scenario puts in play (setup rows of
// the scenario and its variants, boxes and counters on the turn track at
// the start), and reports false when a setup table's rows are missing (the
// scenario's units are then not known).
func scenarioUnits(s *scenarios.Scenario) (map[string]bool, bool) {
	units := map[string]bool{}
	complete := true
	tables := func(ts []scenarios.SetupTable) {
		for _, t := range ts {
			if t.RowsMissing != "" {
				complete = false
			}
			for _, r := range t.Rows {
				if r.Unit != "" {
					units[r.Unit] = true
				}
			}
		}
	}
	starts := func(st *scenarios.Start) {
		if st == nil {
			return
		}
		for _, ids := range st.Boxes {
			for _, id := range ids {
				units[id] = true
			}
		}
		for _, m := range st.Markers {
			if m.Unit != "" {
				units[m.Unit] = true
			}
		}
	}
	placements := func(es []scenarios.Effect) {
		for _, e := range es {
			if e.Kind == "placement" && e.Units != nil {
				for _, id := range e.Units.Units {
					units[id] = true
				}
			}
		}
	}
	for i := range s.SpecialRules {
		placements(s.SpecialRules[i].Effects)
	}
	for i := range s.Options {
		placements(s.Options[i].Effects)
	}
	tables(s.Setup)
	starts(s.Start)
	for i := range s.Variants {
		tables(s.Variants[i].Setup)
		starts(s.Variants[i].Start)
		placements(s.Variants[i].Effects)
	}
	return units, complete
}

var unitAbsent = register(&Check{
	Code:     "unit-absent",
	Title:    "special rule or victory condition names a unit the scenario does not have",
	Doc:      "A counter a special rule or victory condition names by id (\"units\", \"leaders\", \"leader\") must be one the scenario puts in play: a setup row (at start or entering later, the variants' included), a box or a counter on the turn track at the start, or a unit a rule, option or variant places (an optional rule may bring units of its own and is not judged). A counter of the module that the scenario never sets up is a rule copied from another scenario or a mistyped id of a look-alike unit. Not judged when a setup table's rows are missing from the source. A warning, not an error: a draft being filled in (a spreadsheet import into a copy of a scenario) names its rules' units before their rows are typed in; --strict makes it fail.",
	Severity: diag.Warning,
	Run: func(p *Pass) {
		units, complete := scenarioUnits(p.Scenario)
		if !complete || len(units) == 0 {
			return
		}
		for _, o := range p.objects() {
			if !strings.HasPrefix(o.ptr, "/specialRules/") && !strings.HasPrefix(o.ptr, "/victory") {
				continue
			}
			for _, m := range o.node.Members {
				var ids []*jsonsrc.Node
				switch {
				case (m.Key == "units" || m.Key == "leaders") && m.Value.Kind == jsonsrc.Array:
					ids = m.Value.Items
				case m.Key == "leader" && m.Value.Kind == jsonsrc.String:
					ids = []*jsonsrc.Node{m.Value}
				default:
					continue
				}
				for i, id := range ids {
					if id.Kind != jsonsrc.String || units[id.Text] || p.Index.Counters[id.Text] == nil {
						continue // ref-unknown reports a counter the module lacks
					}
					ptr := o.ptr + "/" + m.Key
					if m.Value.Kind == jsonsrc.Array {
						ptr += "/" + strconv.Itoa(i)
					}
					p.Report(ptr, fmt.Sprintf("%s (%s) is a counter of the module, but this scenario never sets it up", id.Text, p.Index.Counters[id.Text].Name),
						"name a unit of the scenario's setup (a look-alike id?), or add the unit's row")
				}
			}
		}
	},
})

// timelineEvent is a removal or placement of units by a special rule.
type timelineEvent struct {
	turn  int
	kind  string // removal, placement
	ptr   string // the effect
	units []string
}

var unitTimeline = register(&Check{
	Code:     "unit-timeline",
	Title:    "unit removed before it arrives or after it has gone, or placed while on the map",
	Doc:      "A special rule's removal (\"kind\": \"removal\") or placement (\"kind\": \"placement\") of named units happens on a turn (its turns.from). A unit removed before the turn its row brings it in, or removed again after a removal with no placement between, is removed when it is not on the map; a unit placed while it is on the map (set up at the start, or entering on an earlier turn, and not removed since) is both in the setup and arriving later. Each is a wrong turn, a wrong unit or a row in the wrong table.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		arrive := map[string]int{} // unit -> turn it enters (0: set up at the start)
		rowOf := map[string]string{}
		for t := range p.Scenario.Setup {
			for r, row := range p.Scenario.Setup[t].Rows {
				if row.Unit == "" {
					continue
				}
				switch {
				case row.Entry == nil:
					arrive[row.Unit] = 0
				case row.Entry.Turn > 0:
					arrive[row.Unit] = row.Entry.Turn
				default:
					continue // a date or a schedule: not judged here
				}
				rowOf[row.Unit] = rowPtr(t, r)
			}
		}
		var events []timelineEvent
		for i, rule := range p.Scenario.SpecialRules {
			for j, e := range rule.Effects {
				if (e.Kind != "removal" && e.Kind != "placement") || e.Turns == nil || e.Turns.From == 0 || e.Units == nil || len(e.Units.Units) == 0 {
					continue
				}
				events = append(events, timelineEvent{e.Turns.From, e.Kind, fmt.Sprintf("/specialRules/%d/effects/%d", i, j), e.Units.Units})
			}
		}
		sort.SliceStable(events, func(a, b int) bool { return events[a].turn < events[b].turn })
		removedAt := map[string]timelineEvent{}
		placedAt := map[string]timelineEvent{}
		for _, ev := range events {
			for k, u := range ev.units {
				ptr := fmt.Sprintf("%s/units/units/%d", ev.ptr, k)
				a, hasRow := arrive[u]
				name := u
				if c := p.Index.Counters[u]; c != nil {
					name = c.Name
				}
				prev, removed := removedAt[u]
				switch ev.kind {
				case "removal":
					switch {
					case removed:
						p.Report(ptr, fmt.Sprintf("%s is removed on turn %d, but it was removed on turn %d (line %d) and not placed again", name, ev.turn, prev.turn, p.line(prev.ptr)),
							"correct the turn or the unit of one of the removals")
					case hasRow && ev.turn < a:
						p.Report(ptr, fmt.Sprintf("%s is removed on turn %d, before it arrives on turn %d (line %d)", name, ev.turn, a, p.line(rowOf[u])),
							"correct the removal's turn, the unit, or the row's entry turn")
						p.relate(rowOf[u], "the row that brings the unit in")
					}
					removedAt[u] = ev
					delete(placedAt, u)
				case "placement":
					onMap := false
					switch {
					case removed:
					case placedAt[u].ptr != "":
						onMap = true
					case hasRow && a < ev.turn:
						onMap = true
					}
					if onMap {
						from := fmt.Sprintf("its row (line %d) sets it up at the start", p.line(rowOf[u]))
						if pe, ok := placedAt[u]; ok && pe.ptr != "" {
							from = fmt.Sprintf("it was placed on turn %d (line %d)", pe.turn, p.line(pe.ptr))
						} else if a > 0 {
							from = fmt.Sprintf("its row (line %d) brings it in on turn %d", p.line(rowOf[u]), a)
						}
						p.Report(ptr, fmt.Sprintf("%s is placed on turn %d, but it is on the map already: %s, and no rule removes it before", name, ev.turn, from),
							"remove the unit's setup row or the placement, or remove the unit first")
					}
					delete(removedAt, u)
					placedAt[u] = ev
				}
			}
		}
	},
})

var idDigits = regexp.MustCompile(`(\d+)$`)
var leadDigits = regexp.MustCompile(`^(\d+)[-_ .]`)

var scenarioID = register(&Check{
	Code:     "scenario-id",
	Title:    "scenario id that disagrees with its number or file name",
	Doc:      "A scenario's id ends in its number (tpc-03, uscw-s1), its \"number\" is that number (3, \"S1\"), and a file named with a leading number (03-sheridan-crosses-the-james.json) is that number too. When the three are written and one disagrees with the other two, the scenario was copied and only partly renumbered: playtests, exports and citations would reach the wrong scenario.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		s := p.Scenario
		type claim struct {
			what, ptr string
			n         int
		}
		var claims []claim
		if m := idDigits.FindStringSubmatch(s.ID); m != nil {
			n, _ := strconv.Atoi(m[1])
			claims = append(claims, claim{"the id " + s.ID, "/id", n})
		}
		switch v := s.Number.(type) {
		case float64:
			claims = append(claims, claim{fmt.Sprintf("the number %v", v), "/number", int(v)})
		case string:
			if m := idDigits.FindStringSubmatch(v); m != nil {
				n, _ := strconv.Atoi(m[1])
				claims = append(claims, claim{fmt.Sprintf("the number %q", v), "/number", n})
			}
		}
		base := path.Base(strings.ReplaceAll(p.Doc.Path, "\\", "/"))
		if m := leadDigits.FindStringSubmatch(base); m != nil {
			n, _ := strconv.Atoi(m[1])
			claims = append(claims, claim{"the file name " + base, "", n})
		}
		if len(claims) < 2 {
			return
		}
		count := map[int]int{}
		for _, c := range claims {
			count[c.n]++
		}
		if len(count) == 1 {
			return
		}
		// The odd one out is the one the others outvote; with two claims
		// (or three all different) the id is reported.
		for _, c := range claims {
			if count[c.n] == 1 && len(claims) == 3 && len(count) == 2 {
				var others []string
				for _, o := range claims {
					if o != c {
						others = append(others, o.what)
					}
				}
				ptr := c.ptr
				if ptr == "" {
					ptr = "/id"
				}
				majority := 0
				for n, k := range count {
					if k == 2 {
						majority = n
					}
				}
				p.Report(ptr, fmt.Sprintf("%s says scenario %d, but %s say %d", c.what, c.n, strings.Join(others, " and "), majority),
					"renumber what was left behind when the scenario was copied")
				return
			}
		}
		var parts []string
		for _, c := range claims {
			parts = append(parts, fmt.Sprintf("%s says %d", c.what, c.n))
		}
		p.Report("/id", "the scenario's id, number and file name disagree: "+strings.Join(parts, ", "), "make the id, the number and the file name name the same scenario")
	},
})
