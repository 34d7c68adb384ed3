package validate

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

var levelsGap = register(&Check{
	Code:     "vp-levels",
	Title:    "victory-level table with a gap, an overlap or bands out of order",
	Doc:      "The bands of a victory-level table run from the highest VP total down, each band's min one above the next band's max, the top band open above and the bottom band open below, so every VP total has exactly one level.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		lv := p.Scenario.Victory.Levels
		if lv == nil || lv.Thresholds == "missing" {
			return
		}
		bands := lv.Bands
		for i, b := range bands {
			ptr := fmt.Sprintf("/victory/levels/bands/%d", i)
			if p.Index.Sides[b.Winner] == nil {
				continue // ref-unknown reports it
			}
			if b.Max != nil && b.Under != nil {
				p.Report(ptr+"/under", fmt.Sprintf("band %q has both max and under", b.Level), "keep one upper bound")
				continue
			}
			if b.Min != nil && b.Max != nil && *b.Min > *b.Max || b.Min != nil && b.Under != nil && *b.Min >= *b.Under {
				p.Report(ptr, fmt.Sprintf("band %q is empty: its lower bound is not below its upper bound", b.Level), "swap the bounds")
			}
			switch {
			case i == 0 && b.Max != nil:
				p.Report(ptr+"/max", fmt.Sprintf("the top band %q should be open above (\"or more\")", b.Level), "remove max from the top band")
			case i == 0 && b.Under != nil:
				p.Report(ptr+"/under", fmt.Sprintf("the top band %q should be open above (\"or more\")", b.Level), "remove under from the top band")
			case i == len(bands)-1 && b.Min != nil:
				p.Report(ptr+"/min", fmt.Sprintf("the bottom band %q should be open below (\"or less\")", b.Level), "remove min from the bottom band")
			}
			if i == 0 {
				continue
			}
			above := bands[i-1]
			if above.Min == nil || b.Max == nil && b.Under == nil {
				p.Report(ptr, fmt.Sprintf("band %q has no upper bound to meet %q above it", b.Level, above.Level), "give each band below the top an upper bound (max, or under for fractional totals)")
				continue
			}
			if b.Under != nil {
				// An exclusive bound meets the band above exactly at its min.
				if *b.Under != *above.Min {
					p.Report(ptr+"/under", fmt.Sprintf("band %q ends below %v but %q starts at %v", b.Level, *b.Under, above.Level, *above.Min), fmt.Sprintf("set under to %v", *above.Min))
				}
				continue
			}
			switch gap := *above.Min - *b.Max; {
			case gap > 1:
				p.Report(ptr+"/max", fmt.Sprintf("gap: no level for VP totals between %v and %v", *b.Max, *above.Min), fmt.Sprintf("set max to %v or the band above's min to %v", *above.Min-1, *b.Max+1))
			case gap < 1:
				p.Report(ptr+"/max", fmt.Sprintf("overlap: %q (up to %v) and %q (from %v) both cover %v", b.Level, *b.Max, above.Level, *above.Min, *above.Min), "make each band start one above the next band's max")
			}
		}
	},
})

var levelsWinners = register(&Check{
	Code:     "vp-levels-winner",
	Title:    "victory level whose winner contradicts its name or its place on the VP scale",
	Doc:      "A level named for one side (\"Union Marginal Victory\") must have that side as its winner; the bands of each winner must be adjacent on the VP scale (no side's band between two of another's), and where the scenario says which side scores the VP, the top band is that side's and the bottom band is not.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		check := func(ptr string, v *scenarios.Victory, scoring string) {
			if v == nil || v.Levels == nil {
				return
			}
			if v.Scoring != "" {
				scoring = v.Scoring
			}
			bandWinners(p, ptr+"/levels/bands", v.Levels.Bands, scoring)
		}
		check("/victory", &p.Scenario.Victory, "")
		for i := range p.Scenario.Variants {
			check(fmt.Sprintf("/variants/%d/victory", i), p.Scenario.Variants[i].Victory, p.Scenario.Victory.Scoring)
		}
	},
})

func bandWinners(p *Pass, ptr string, bands []scenarios.Band, scoring string) {
	ended := map[string]int{} // winner -> index of the first band after his run
	for i, b := range bands {
		if p.Index.Sides[b.Winner] == nil {
			continue // ref-unknown reports it
		}
		if named := sideNamed(p, b.Level); named != "" && named != b.Winner {
			p.Report(fmt.Sprintf("%s/%d/winner", ptr, i), fmt.Sprintf("level %q is named for the %s side but its winner is %s", b.Level, named, b.Winner), fmt.Sprintf("set winner to %q, or correct the level's name", named))
		}
		if i == 0 || bands[i-1].Winner == b.Winner {
			continue
		}
		if at, ok := ended[b.Winner]; ok {
			// The bands since his run ended lie inside another side's span.
			in := bands[at]
			p.Report(fmt.Sprintf("%s/%d/winner", ptr, at), fmt.Sprintf("level %q goes to %s but lies between %s's levels %q and %q on the VP scale", in.Level, in.Winner, b.Winner, bands[at-1].Level, b.Level),
				"correct the winner, or order the bands from the highest VP total down with each side's levels together")
			delete(ended, b.Winner)
			continue
		}
		ended[bands[i-1].Winner] = i
	}
	if scoring == "" || len(bands) < 2 || bands[0].Winner == bands[len(bands)-1].Winner {
		return
	}
	if top := bands[0]; top.Winner != scoring && p.Index.Sides[top.Winner] != nil && sideNamed(p, top.Level) == "" {
		p.Report(ptr+"/0/winner", fmt.Sprintf("the top band %q goes to %s, but the VP count for %s", top.Level, top.Winner, scoring), "the side that scores the VP wins the top band: correct the winner or victory.scoring")
	}
}

// sideNamed returns the side a level's name names (by id, name or
// adjective as a word), or "" when it names none or several.
func sideNamed(p *Pass, level string) string {
	words := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(level)) {
		words[strings.Trim(w, ".,:;()")] = true
	}
	found := ""
	for _, sd := range p.Module.Game.Sides {
		if words[strings.ToLower(sd.ID)] || sd.Name != "" && words[strings.ToLower(sd.Name)] || sd.Adjective != "" && words[strings.ToLower(sd.Adjective)] {
			if found != "" {
				return ""
			}
			found = sd.ID
		}
	}
	return found
}

var levelsMissing = register(&Check{
	Code:     "vp-levels-missing",
	Title:    "victory levels without thresholds, or a scenario with no way to win",
	Doc:      "A scenario needs a level table with numbers, an automatic result with an otherwise, or another stated way to decide the winner. A table the source prints without numbers is kept and reported.",
	Severity: diag.Warning,
	Run: func(p *Pass) {
		v := p.Scenario.Victory
		switch {
		case v.Levels != nil && v.Levels.Thresholds == "missing":
			p.Report("/victory/levels/thresholds", "the victory-level table has no VP thresholds (the source prints only the level names)", "the levels cannot be decided until thresholds are supplied")
		case v.Levels == nil && v.Otherwise == nil && len(v.Automatic) == 0 && len(v.Awards) > 0:
			p.Report("/victory", "VP are awarded but no level table says who wins", "add victory.levels")
		}
	},
})

var manualAdjudication = register(&Check{
	Code:     "manual-adjudication",
	Title:    "rule or victory line left to the players",
	Doc:      "A special rule, victory line or automatic result marked \"adjudication\": \"manual\" goes beyond the structured vocabulary: the engine cannot apply it and players decide it from the text.",
	Severity: diag.Info,
	Run: func(p *Pass) {
		for i, r := range p.Scenario.SpecialRules {
			if r.Adjudication == "manual" {
				p.Report(fmt.Sprintf("/specialRules/%d/adjudication", i), fmt.Sprintf("special rule %s %q is applied by the players from its text", ruleLabel(r.Number, i), r.Title), "")
			}
		}
		var awards func(ptr string, as []scenarios.Award)
		awards = func(ptr string, as []scenarios.Award) {
			for i, a := range as {
				ap := fmt.Sprintf("%s/%d", ptr, i)
				if a.Adjudication == "manual" {
					p.Report(ap+"/adjudication", "victory line decided by the players: "+clip(a.Text, 70), "")
				}
				awards(ap+"/lines", a.Lines)
			}
		}
		awards("/victory/awards", p.Scenario.Victory.Awards)
		for i, a := range p.Scenario.Victory.Automatic {
			if a.Adjudication == "manual" {
				p.Report(fmt.Sprintf("/victory/automatic/%d/adjudication", i), "automatic result decided by the players: "+clip(a.Text, 70), "")
			}
		}
	},
})

var dates = register(&Check{
	Code:     "date-calendar",
	Title:    "scenario dates disagree with its length or the module calendar",
	Doc:      "A scenario of N turns on a daily calendar runs from its start date to start + N-1 days, and its calendar turns are the module calendar's turns for those dates. A deferred entry's date is the date of its turn, and the date of the schedule entry it names.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		l := p.Scenario.Length
		cal := p.Module.Game.Calendar
		if l.Start == "" || cal == nil || cal.Step != "day" {
			return
		}
		start, err1 := time.Parse(time.DateOnly, l.Start)
		calStart, err2 := time.Parse(time.DateOnly, cal.Start)
		if err1 != nil {
			p.Report("/length/start", "not a calendar date: "+err1.Error(), "write YYYY-MM-DD")
			return
		}
		if err2 != nil {
			return
		}
		if l.End != "" {
			end, err := time.Parse(time.DateOnly, l.End)
			if err != nil {
				p.Report("/length/end", "not a calendar date: "+err.Error(), "write YYYY-MM-DD")
				return
			}
			if want := start.AddDate(0, 0, l.Turns-1); !end.Equal(want) {
				p.Report("/length/end", fmt.Sprintf("%d daily turns from %s end on %s, not %s", l.Turns, l.Start, want.Format(time.DateOnly), l.End), "correct the end date or the number of turns")
			}
		}
		first := cal.FirstTurn
		if first == 0 {
			first = 1
		}
		turn := int(start.Sub(calStart).Hours()/24) + first
		for t, table := range p.Scenario.Setup {
			for r, row := range table.Rows {
				e := row.Entry
				if e == nil {
					continue
				}
				if e.Date != "" && e.Turn != 0 {
					if want := start.AddDate(0, 0, e.Turn-1).Format(time.DateOnly); e.Date != want {
						p.Report(rowPtr(t, r)+"/entry/date", fmt.Sprintf("scenario turn %d is %s, not %s", e.Turn, want, e.Date), "correct the date or the turn")
					}
				}
				if e.Schedule != "" && e.Date != "" {
					if se := p.Module.ScheduleEntry(e.Schedule); se != nil && se.Date != e.Date {
						p.Report(rowPtr(t, r)+"/entry/date", fmt.Sprintf("schedule entry %q is on %s, not %s", e.Schedule, se.Date, e.Date), "correct the date or the schedule id")
					}
				}
			}
		}
		if l.CalendarTurns != nil {
			if l.CalendarTurns.First != turn {
				p.Report("/length/calendarTurns/first", fmt.Sprintf("%s is turn %d of the module calendar, not %d", l.Start, turn, l.CalendarTurns.First), fmt.Sprintf("set first to %d", turn))
			}
			if want := turn + l.Turns - 1; l.CalendarTurns.Last != want {
				p.Report("/length/calendarTurns/last", fmt.Sprintf("the last turn is calendar turn %d, not %d", want, l.CalendarTurns.Last), fmt.Sprintf("set last to %d", want))
			}
		}
	},
})

var turnRange = register(&Check{
	Code:     "turn-range",
	Title:    "turn reference outside the length that applies to it",
	Doc:      "Every turn a scenario names (restrictions and their releases, conditions of special rules, victory lines and automatic results, deferred entries, Turn Track boxes of the start state) must lie within the scenario's turns; inside a variant, within the variant's own length where it sets one. A release at the start of the turn after the last is how \"until the end of the game\" reads, so a release trigger may name that one turn more. A span out of range at both ends is one finding.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		for _, o := range p.objects() {
			node, ptr := o.node, o.ptr
			if node.Get("turn") == nil && node.Get("turns") == nil && node.Get("during") == nil {
				continue
			}
			last, what := p.lengthAt(ptr)
			for _, m := range node.Members {
				switch {
				case m.Key == "turn" && m.Value.Kind == jsonsrc.Number:
					t, _ := strconv.Atoi(m.Value.Text)
					last, what := last, what
					first, limit := 1, last
					if kind := node.Get("kind"); kind != nil && kind.Text == "turn" {
						limit++ // a release trigger: the start of the turn after the last
					}
					if strings.Contains(ptr, "/start/markers/") {
						// A Turn Track box is numbered as the track prints it: calendar turns.
						if ct := p.calendarTurnsAt(ptr); ct != nil {
							first, limit, last = ct.First, ct.Last, ct.Last
							what = fmt.Sprintf("the Turn Track boxes this scenario plays (turns %d-%d)", ct.First, ct.Last)
						}
					}
					if t > limit || t < first {
						p.Report(ptr+"/"+m.Key, fmt.Sprintf("turn %d is outside %s", t, what), fmt.Sprintf("name a turn from %d to %d", first, last))
					}
				case (m.Key == "turn" || m.Key == "turns" || m.Key == "during") && m.Value.Kind == jsonsrc.Object:
					spanRange(p, ptr+"/"+m.Key, m.Value, last, what)
				}
			}
		}
	},
})

// lengthAt gives the last turn that applies at a pointer, and words for it:
// a variant's own length inside that variant, else the scenario's.
func (p *Pass) lengthAt(ptr string) (int, string) {
	n := p.Scenario.Length.Turns
	what := fmt.Sprintf("this %d-turn scenario", n)
	if rest, ok := strings.CutPrefix(ptr, "/variants/"); ok {
		idx, _, _ := strings.Cut(rest, "/")
		if i, err := strconv.Atoi(idx); err == nil && i < len(p.Scenario.Variants) {
			if l := p.Scenario.Variants[i].Length; l != nil && l.Turns > 0 {
				return l.Turns, fmt.Sprintf("variant %q, which lasts %d turns", p.Scenario.Variants[i].ID, l.Turns)
			}
		}
	}
	return n, what
}

// calendarTurnsAt gives the calendar turns that apply at a pointer: a
// variant's own where it sets them, else the scenario's (nil if none).
func (p *Pass) calendarTurnsAt(ptr string) *scenarios.TurnRange {
	if rest, ok := strings.CutPrefix(ptr, "/variants/"); ok {
		idx, _, _ := strings.Cut(rest, "/")
		if i, err := strconv.Atoi(idx); err == nil && i < len(p.Scenario.Variants) {
			if l := p.Scenario.Variants[i].Length; l != nil && l.CalendarTurns != nil {
				return l.CalendarTurns
			}
		}
	}
	return p.Scenario.Length.CalendarTurns
}

// spanRange reports a turn span with an end outside 1..last once, at its
// first bad end.
func spanRange(p *Pass, ptr string, span *jsonsrc.Node, last int, what string) {
	var bad []string
	first := ""
	for _, end := range []string{"from", "to"} {
		v := span.Get(end)
		if v == nil || v.Kind != jsonsrc.Number {
			continue
		}
		t, _ := strconv.Atoi(v.Text)
		if t < 1 || t > last {
			bad = append(bad, fmt.Sprintf("%s %d", end, t))
			if first == "" {
				first = ptr + "/" + end
			}
		}
	}
	if first != "" {
		p.Report(first, fmt.Sprintf("the span (%s) lies outside %s", strings.Join(bad, ", "), what), fmt.Sprintf("name turns from 1 to %d", last))
	}
}

func ruleLabel(number string, i int) string {
	if number != "" {
		return number
	}
	return fmt.Sprintf("#%d (unnumbered)", i+1)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
