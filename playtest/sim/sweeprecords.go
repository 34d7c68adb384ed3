package sim

import (
	"fmt"
	"html/template"
	"strings"
)

// Human games beside a sweep: the recorded games' winner shares, and the
// grid points whose bot shares agree with them (every side's interval
// overlaps the humans') and those that disagree, naming the sides.

// SweepRecords compares recorded games with every grid point.
type SweepRecords struct {
	Games  int `json:"games"`
	Other  int `json:"other,omitempty"`
	MadeUp int `json:"madeUp,omitempty"`
	// Winners are the humans' winner shares.
	Winners []Share `json:"winners"`
	// Points: per grid point, the winners whose bot share disagrees with
	// the humans' beyond the intervals (empty: the point agrees).
	Points []SweepRecordPoint `json:"points"`
}

// SweepRecordPoint is one grid point against the human games.
type SweepRecordPoint struct {
	Point    string   `json:"point"`
	Disagree []string `json:"disagree"`
}

// CompareRecords sets the sweep report's comparison with human games.
func (r *SweepReport) CompareRecords(games []HumanGame) {
	one := Report{Scenario: r.Scenario, Played: r.Played}
	sr := &SweepRecords{Points: []SweepRecordPoint{}}
	for _, p := range r.Points {
		bots := map[string]int{}
		for _, s := range p.Winners {
			name := s.Name
			if name == "draw or none" {
				name = ""
			}
			bots[name] += s.Count
		}
		one.CompareRecords(games, bots, nil)
		rp := SweepRecordPoint{Point: p.Point, Disagree: []string{}}
		for _, c := range one.Records.Winners {
			if c.Disagree {
				rp.Disagree = append(rp.Disagree, c.Name)
			}
		}
		sr.Points = append(sr.Points, rp)
	}
	if len(r.Points) == 0 {
		one.CompareRecords(games, nil, nil)
	}
	rr := one.Records
	sr.Games, sr.Other, sr.MadeUp = rr.Games, rr.Other, rr.MadeUp
	for _, c := range rr.Winners {
		sr.Winners = append(sr.Winners, c.Human)
	}
	r.Records = sr
}

// agreeing lists the points that agree, and the others with their sides.
func (sr *SweepRecords) agreeing() (agree, disagree []string) {
	for _, p := range sr.Points {
		if len(p.Disagree) == 0 {
			agree = append(agree, p.Point)
		} else {
			disagree = append(disagree, fmt.Sprintf("%s (%s)", p.Point, strings.Join(p.Disagree, ", ")))
		}
	}
	return agree, disagree
}

func (sr *SweepRecords) header() string {
	s := fmt.Sprintf("human games recorded: %d", sr.Games)
	if sr.MadeUp > 0 {
		s += fmt.Sprintf(" (%d marked made-up: test data, not played)", sr.MadeUp)
	}
	if sr.Other > 0 {
		s += fmt.Sprintf("; %d records of other scenarios left out", sr.Other)
	}
	return s
}

func (sr *SweepRecords) writeText(b *strings.Builder) {
	fmt.Fprintf(b, "\n%s\n", sr.header())
	if sr.Games == 0 {
		return
	}
	var parts []string
	for _, s := range sr.Winners {
		parts = append(parts, s.Name+" "+shareText(s))
	}
	agree, disagree := sr.agreeing()
	fmt.Fprintf(b, "  humans: %s\n  points where the bots' winner shares agree with the humans' (intervals overlap): %s\n", strings.Join(parts, "; "), listOrNone(agree))
	fmt.Fprintf(b, "  points that DISAGREE (the winners beyond the intervals): %s\n", listOrNone(disagree))
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

func (sr *SweepRecords) html() template.HTML {
	if sr == nil {
		return ""
	}
	esc := template.HTMLEscapeString
	var b strings.Builder
	fmt.Fprintf(&b, `<h2>Human games</h2><p>%s.</p>`, esc(sr.header()))
	if sr.Games > 0 {
		b.WriteString(`<table class="records"><tr><th>winner</th><th>humans (95% CI)</th></tr>`)
		for _, s := range sr.Winners {
			fmt.Fprintf(&b, `<tr><td>%s</td><td>%s</td></tr>`, esc(s.Name), esc(shareText(s)))
		}
		agree, disagree := sr.agreeing()
		fmt.Fprintf(&b, `</table><p>Points where the bots' winner shares agree with the humans' (the intervals overlap): %s.</p><p>Points that <strong class="disagree">disagree</strong> (the winners beyond the intervals): %s.</p>`,
			esc(listOrNone(agree)), esc(listOrNone(disagree)))
	}
	return template.HTML(b.String())
}
