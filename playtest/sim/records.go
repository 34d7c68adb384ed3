package sim

import (
	"fmt"
	"html/template"
	"strings"
)

// Human results beside the bots': games people played, read from record
// documents (playtest/record) by the CLI, summarised with the same
// intervals as the bots' shares and flagged where the two disagree.

// HumanGame is what the summary needs of one recorded game.
type HumanGame struct {
	Scenario string
	Winner   string // "" for a draw or no result
	Level    string
	// FirstPlayer is the side that moved first ("" not recorded).
	FirstPlayer string
	MadeUp      bool
}

// RecordsReport compares the recorded games of the report's scenario
// with the bots' games.
type RecordsReport struct {
	Games int `json:"games"`
	// Other counts the records of other scenarios, left out.
	Other int `json:"other,omitempty"`
	// MadeUp counts the records marked made-up (test data).
	MadeUp  int          `json:"madeUp,omitempty"`
	Winners []Comparison `json:"winners"`
	Levels  []Comparison `json:"levels,omitempty"`
	// FirstMover is the share of games the side that moved first won,
	// over the records that say who did, beside the bots' (nil when no
	// record says, or the engine tags no first player).
	FirstMover *Comparison `json:"firstMover,omitempty"`
	// Disagree counts the rows flagged.
	Disagree int `json:"disagree"`
}

// Comparison is one result's share among the human games and among the
// bots' games, each with its 95% (Wilson) interval; Disagree when the two
// intervals do not overlap.
type Comparison struct {
	Name     string `json:"name"`
	Human    Share  `json:"human"`
	Bots     Share  `json:"bots"`
	Disagree bool   `json:"disagree"`
}

// CompareRecords summarises the human games of the report's scenario
// beside its bots' shares.
func (r *Report) CompareRecords(games []HumanGame, botWinners, botLevels map[string]int) {
	rr := &RecordsReport{}
	winners, levels := map[string]int{}, map[string]int{}
	firstWon, firstN := 0, 0
	for _, g := range games {
		if g.Scenario != r.Scenario {
			rr.Other++
			continue
		}
		rr.Games++
		if g.MadeUp {
			rr.MadeUp++
		}
		winners[g.Winner]++
		if g.FirstPlayer != "" {
			firstN++
			if g.Winner == g.FirstPlayer {
				firstWon++
			}
		}
		if g.Level != "" {
			levels[g.Level]++
		}
	}
	rr.Winners = compare(renameDraw(winners), renameDraw(botWinners), rr.Games, r.Played)
	nl := 0
	for _, n := range levels {
		nl += n
	}
	if nl > 0 { // no level recorded: nothing to compare
		rr.Levels = compare(levels, botLevels, nl, r.Played)
	}
	if fm := r.FirstMover; fm != nil && firstN > 0 {
		h := share("first mover won", firstWon, firstN)
		b := *fm
		b.Name = h.Name
		rr.FirstMover = &Comparison{Name: h.Name, Human: h, Bots: b, Disagree: h.High < b.Low || b.High < h.Low}
	}
	rows := [][]Comparison{rr.Winners, rr.Levels}
	if rr.FirstMover != nil {
		rows = append(rows, []Comparison{*rr.FirstMover})
	}
	for _, rows := range rows {
		for _, c := range rows {
			if c.Disagree {
				rr.Disagree++
			}
		}
	}
	r.Records = rr
}

// compare lists every name either side has, in name order.
func compare(human, bots map[string]int, nh, nb int) []Comparison {
	names := map[string]bool{}
	for k := range human {
		names[k] = true
	}
	for k := range bots {
		names[k] = true
	}
	var out []Comparison
	for _, k := range sortedKeys(names) {
		h, b := share(k, human[k], nh), share(k, bots[k], nb)
		out = append(out, Comparison{Name: k, Human: h, Bots: b, Disagree: nh > 0 && nb > 0 && (h.High < b.Low || b.High < h.Low)})
	}
	return out
}

func (rr *RecordsReport) firstMoverRows() []Comparison {
	if rr.FirstMover == nil {
		return nil
	}
	return []Comparison{*rr.FirstMover}
}

func share(name string, k, n int) Share {
	lo, hi := Wilson(k, n)
	return Share{Name: name, Count: k, Share: float64(k) / float64(max(n, 1)), Low: lo, High: hi}
}

func (rr *RecordsReport) writeText(b *strings.Builder) {
	fmt.Fprintf(b, "\nhuman games recorded: %d", rr.Games)
	if rr.MadeUp > 0 {
		fmt.Fprintf(b, " (%d marked made-up: test data, not played)", rr.MadeUp)
	}
	if rr.Other > 0 {
		fmt.Fprintf(b, "; %d records of other scenarios left out", rr.Other)
	}
	b.WriteString("\n")
	if rr.Games == 0 {
		return
	}
	width := 28
	for _, c := range append(rr.Winners[:len(rr.Winners):len(rr.Winners)], rr.Levels...) {
		width = max(width, len([]rune(c.Name)))
	}
	for _, part := range []struct {
		title string
		rows  []Comparison
	}{{"winner", rr.Winners}, {"victory level", rr.Levels}, {"first mover", rr.firstMoverRows()}} {
		if len(part.rows) == 0 {
			continue
		}
		fmt.Fprintf(b, "  %-*s %-22s %s\n", width, part.title, "humans (95% CI)", "bots (95% CI)")
		for _, c := range part.rows {
			flag := ""
			if c.Disagree {
				flag = "  DISAGREE"
			}
			fmt.Fprintf(b, "  %s\n", strings.TrimRight(fmt.Sprintf("%-*s %-22s %-22s%s", width, c.Name, shareText(c.Human), shareText(c.Bots), flag), " "))
		}
	}
	if rr.Disagree > 0 {
		fmt.Fprintf(b, "  %d rows disagree beyond their intervals\n", rr.Disagree)
	} else {
		b.WriteString("  the humans' and the bots' intervals overlap on every row\n")
	}
}

func shareText(s Share) string {
	return fmt.Sprintf("%d %.1f%% (%.1f-%.1f%%)", s.Count, 100*s.Share, 100*s.Low, 100*s.High)
}

// html is the records' part of the page ("" without records).
func (rr *RecordsReport) html() template.HTML {
	if rr == nil {
		return ""
	}
	var b strings.Builder
	esc := template.HTMLEscapeString
	fmt.Fprintf(&b, `<h2>Human games</h2><p>%d games recorded`, rr.Games)
	if rr.MadeUp > 0 {
		fmt.Fprintf(&b, ` (<strong class="made-up">%d marked made-up: test data, not played</strong>)`, rr.MadeUp)
	}
	if rr.Other > 0 {
		fmt.Fprintf(&b, `; %d records of other scenarios left out`, rr.Other)
	}
	b.WriteString(`.</p>`)
	for _, part := range []struct {
		title string
		rows  []Comparison
	}{{"winner", rr.Winners}, {"victory level", rr.Levels}, {"first mover", rr.firstMoverRows()}} {
		if rr.Games == 0 || len(part.rows) == 0 {
			continue
		}
		fmt.Fprintf(&b, `<table class="records"><tr><th>%s</th><th>humans (95%% CI)</th><th>bots (95%% CI)</th><th></th></tr>`, part.title)
		for _, c := range part.rows {
			flag := ""
			if c.Disagree {
				flag = `<strong class="disagree">disagree</strong>`
			}
			fmt.Fprintf(&b, `<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>`, esc(c.Name), esc(shareText(c.Human)), esc(shareText(c.Bots)), flag)
		}
		b.WriteString(`</table>`)
	}
	return template.HTML(b.String())
}
