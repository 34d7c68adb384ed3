package validate

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// A variant and the scenario it is based on (issue 29, family 2): the
// title that names the base, the calendar turn it starts on, the start
// values it copies, the units of the base's setup.

var titleTokenRe = regexp.MustCompile(`\b(?:\d{2,}|[A-Z][a-z]{3,})\b`)

var variantBase = register(&Check{
	Code:     "variant-base",
	Title:    "variant based on another scenario than the one it copies, or dropping a unit of its base",
	Doc:      "A variant's \"basedOn\" names the scenario whose setup it uses. It must agree with what the variant says of itself: a word or number of its title that only one scenario of the module has in its title (\"Variable Start: 1862\": The 1862 Scenario) names that scenario; the calendar turn its length starts on must be its base's; the start values it sets for tracks its base also sets must be the base's (it uses \"that scenario's setup information\"). Each contradiction is an error. A variant with setup tables of its own that leave out a unit its base sets up for that side (with no rule of the variant removing it) is a warning: a unit dropped in copying. The scenario itself may be the base (a variant setup of the same scenario).",
	Severity: diag.Error,
	Run: func(p *Pass) {
		byID := map[string]*scenarios.Scenario{}
		for _, sf := range p.Module.Scenarios {
			if sf != nil && sf.Scenario != nil {
				byID[sf.Scenario.ID] = sf.Scenario
			}
		}
		byID[p.Scenario.ID] = p.Scenario
		for i := range p.Scenario.Variants {
			v := &p.Scenario.Variants[i]
			base := byID[v.BasedOn]
			if v.BasedOn == "" || base == nil {
				continue // ref-unknown reports a base the module lacks
			}
			ptr := fmt.Sprintf("/variants/%d", i)
			if named := p.titleNames(v.Title, byID); named != nil && named.ID != v.BasedOn {
				p.Report(ptr+"/basedOn", fmt.Sprintf("the variant %q is based on %s, but its title names %s (%s)", v.Title, v.BasedOn, named.ID, named.Title),
					fmt.Sprintf("set basedOn to %q (or correct the title)", named.ID))
				continue
			}
			if base == p.Scenario {
				p.droppedUnits(ptr, v, base)
				continue
			}
			if v.Length != nil && v.Length.CalendarTurns != nil && base.Length.CalendarTurns != nil && v.Length.CalendarTurns.First != base.Length.CalendarTurns.First {
				p.Report(ptr+"/basedOn", fmt.Sprintf("the variant starts on calendar turn %d, but its base %s starts on turn %d", v.Length.CalendarTurns.First, base.ID, base.Length.CalendarTurns.First),
					"base the variant on the scenario that starts when it does (or correct its length)")
				p.relate(ptr+"/length/calendarTurns/first", "the variant's first turn")
				continue
			}
			if v.Start != nil && base.Start != nil {
				var diffs []string
				for _, id := range trackKeys(v.Start.Tracks) {
					if b, ok := base.Start.Tracks[id]; ok && b != v.Start.Tracks[id] {
						diffs = append(diffs, fmt.Sprintf("%s %s (its base: %s)", id, num(v.Start.Tracks[id]), num(b)))
					}
				}
				if len(diffs) > 0 {
					p.Report(ptr+"/basedOn", fmt.Sprintf("the variant uses the setup of %s but starts with other values: %s", base.ID, clip(strings.Join(diffs, ", "), 160)),
						"base the variant on the scenario whose start values it copies (or correct the values)")
					continue
				}
			}
			p.droppedUnits(ptr, v, base)
		}
	},
})

// titleNames returns the one scenario of the module (other than this one)
// whose title has a word or number of the variant's title no other
// scenario's title has.
func (p *Pass) titleNames(title string, byID map[string]*scenarios.Scenario) *scenarios.Scenario {
	var found *scenarios.Scenario
	for _, tok := range titleTokenRe.FindAllString(title, -1) {
		var hits []*scenarios.Scenario
		for id, s := range byID {
			if id == p.Scenario.ID {
				continue
			}
			if regexp.MustCompile(`\b` + regexp.QuoteMeta(tok) + `\b`).MatchString(s.Title) {
				hits = append(hits, s)
			}
		}
		if len(hits) != 1 {
			continue
		}
		if found != nil && found != hits[0] {
			return nil // the title names two scenarios
		}
		found = hits[0]
	}
	return found
}

// droppedUnits warns of a unit the base sets up for a side whose setup
// the variant gives anew without it.
func (p *Pass) droppedUnits(ptr string, v *scenarios.Variant, base *scenarios.Scenario) {
	if len(v.Setup) == 0 {
		return
	}
	removed := map[string]bool{}
	for _, e := range v.Effects {
		if e.Units != nil {
			for _, id := range e.Units.Units {
				removed[id] = true
			}
		}
	}
	for t, table := range v.Setup {
		if table.RowsMissing != "" {
			continue
		}
		has := map[string]bool{}
		for _, r := range table.Rows {
			has[r.Unit] = true
		}
		var dropped []string
		for _, bt := range base.Setup {
			if bt.Side != table.Side {
				continue
			}
			for _, r := range bt.Rows {
				if r.Unit != "" && !has[r.Unit] && !removed[r.Unit] {
					dropped = append(dropped, r.Name)
				}
			}
		}
		if len(dropped) > 0 {
			p.ReportSeverity(diag.Warning, fmt.Sprintf("%s/setup/%d", ptr, t), fmt.Sprintf("the variant's %s setup leaves out %d unit(s) its base %s sets up: %s", table.Side, len(dropped), base.ID, clip(strings.Join(dropped, ", "), 120)),
				"add the rows, or a rule of the variant that removes the units")
		}
	}
}

func trackKeys(m map[string]float64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
