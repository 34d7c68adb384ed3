package sim

import (
	"fmt"
	"html/template"
	"sort"
	"strconv"
	"strings"
)

// The report's metrics beyond the win share: the route that decided the
// games, the first mover's win share, the final count's margin, the lead
// changes and the VP standing turn by turn.

// CourseReport is the part of the report the games' course gives.
type CourseReport struct {
	// Routes is the share of games decided by each victory route.
	Routes []Share `json:"routes"`
	// Margin is the distribution of the final count's margin (whole VP
	// that would have changed the result), Decided the games it holds.
	Margin      Dist `json:"margin"`
	Decided     int  `json:"decided"`
	LeadChanges Dist `json:"leadChanges"`
	Tracked     int  `json:"tracked"` // games with a VP track
	// Turns is the VP standing at each turn's end.
	Turns []TurnRow `json:"turns"`
}

// TurnRow is the standing at one turn's end over the games that reached
// it: the VP's mean, spread and range, and who led.
type TurnRow struct {
	Turn    int     `json:"turn"`
	Games   int     `json:"games"`
	Mean    float64 `json:"mean"`
	SD      float64 `json:"sd"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Leaders []Share `json:"leaders"`
}

func newCourseReport(t *Totals) *CourseReport {
	c := t.Course
	if c == nil {
		return nil
	}
	r := &CourseReport{Routes: shares(c.Routes, t.Played), Margin: dist(c.Margins, 20), LeadChanges: dist(c.LeadChanges, 20)}
	r.Decided, r.Tracked = total(c.Margins), total(c.LeadChanges)
	turns := sortedKeys(c.VPByTurn)
	sort.SliceStable(turns, func(i, j int) bool { a, _ := strconv.Atoi(turns[i]); b, _ := strconv.Atoi(turns[j]); return a < b })
	for _, k := range turns {
		n, _ := strconv.Atoi(k)
		d := dist(c.VPByTurn[k], 1)
		games := total(c.VPByTurn[k])
		leaders := map[string]int{}
		for l, x := range c.LeaderByTurn[k] {
			if l == "" {
				l = "none"
			}
			leaders[l] += x
		}
		r.Turns = append(r.Turns, TurnRow{Turn: n, Games: games, Mean: d.Mean, SD: d.SD, Min: d.Min, Max: d.Max, Leaders: shares(leaders, games)})
	}
	return r
}

func total(m map[string]int) int {
	n := 0
	for _, x := range m {
		n += x
	}
	return n
}

// writeCourseText prints the course part of the text report.
func (r Report) writeCourseText(b *strings.Builder) {
	if fm := r.FirstMover; fm != nil {
		fmt.Fprintf(b, "\nfirst mover (the side that moves first) won %d of %d games: %.1f%% (95%% CI %.1f-%.1f%%)\n", fm.Count, r.Played, 100*fm.Share, 100*fm.Low, 100*fm.High)
	}
	c := r.Course
	if c == nil {
		return
	}
	b.WriteString("\nvictory route\n")
	for _, s := range c.Routes {
		fmt.Fprintf(b, "  %-32s %7d  %5.1f%%  %5.1f-%5.1f%%\n", s.Name, s.Count, 100*s.Share, 100*s.Low, 100*s.High)
	}
	if c.Decided > 0 {
		fmt.Fprintf(b, "\nmargin of the final count (VP that would change the result, %d games): mean %.2f, min %g, max %g\n", c.Decided, c.Margin.Mean, c.Margin.Min, c.Margin.Max)
		writeBars(b, c.Margin.Bins)
	}
	if c.Tracked > 0 {
		fmt.Fprintf(b, "\nlead changes (%d games with a VP track): mean %.2f, max %g\n", c.Tracked, c.LeadChanges.Mean, c.LeadChanges.Max)
		writeBars(b, c.LeadChanges.Bins)
		b.WriteString("\nVP at each turn's end\n  turn   games     mean     sd    min    max  leading\n")
		for _, t := range c.Turns {
			fmt.Fprintf(b, "  %4d %7d %8.2f %6.2f %6g %6g  %s\n", t.Turn, t.Games, t.Mean, t.SD, t.Min, t.Max, leaderText(t.Leaders))
		}
	}
}

func leaderText(ss []Share) string {
	var parts []string
	for _, s := range ss {
		parts = append(parts, fmt.Sprintf("%s %.1f%%", s.Name, 100*s.Share))
	}
	return strings.Join(parts, ", ")
}

// vpTrackChart draws the mean VP at each turn's end with its range.
func vpTrackChart(rows []TurnRow) string {
	const width, height, pad = 640, 200, 40
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" font-family="sans-serif" font-size="11">`, width+2*pad, height+2*pad)
	if len(rows) > 0 {
		lo, hi := rows[0].Min, rows[0].Max
		for _, t := range rows {
			lo, hi = min(lo, t.Min), max(hi, t.Max)
		}
		if hi == lo {
			hi, lo = hi+1, lo-1
		}
		x := func(i int) float64 { return pad + (float64(i)+0.5)*width/float64(len(rows)) }
		y := func(v float64) float64 { return pad + (hi-v)/(hi-lo)*height }
		var pts []string
		for i, t := range rows {
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#bbb" stroke-width="6"><title>turn %d: %g to %g VP</title></line>`, x(i), x(i), y(t.Max), y(t.Min), t.Turn, t.Min, t.Max)
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="#4a6fa5"><title>turn %d: mean %.2f VP (%d games)</title></circle>`, x(i), y(t.Mean), t.Turn, t.Mean, t.Games)
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`, x(i), pad+height+16, t.Turn)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(t.Mean)))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#4a6fa5"/>`, strings.Join(pts, " "))
		fmt.Fprintf(&b, `<text x="4" y="%.1f">%g</text><text x="4" y="%.1f">%g</text>`, y(hi)+4, hi, y(lo)+4, lo)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">turn</text>`, pad+width/2, pad+height+32)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// courseHTML is the course part of the page.
func (r Report) courseHTML() template.HTML {
	var b strings.Builder
	esc := template.HTMLEscapeString
	if fm := r.FirstMover; fm != nil {
		fmt.Fprintf(&b, `<h2>First mover</h2><p>The side that moves first won %d of %d games: %.1f%% (95%% CI %.1f-%.1f%%).</p>`, fm.Count, r.Played, 100*fm.Share, 100*fm.Low, 100*fm.High)
	}
	c := r.Course
	if c == nil {
		return template.HTML(b.String())
	}
	b.WriteString(`<h2>Victory route</h2>` + shareChart(c.Routes))
	if c.Decided > 0 {
		fmt.Fprintf(&b, `<h2>Margin of the final count</h2><p>The VP that would have changed the result, over the %d games the final count decided: mean %.2f, from %g to %g.</p>%s`,
			c.Decided, c.Margin.Mean, c.Margin.Min, c.Margin.Max, histChart(c.Margin.Bins, "VP margin"))
	}
	if c.Tracked > 0 {
		fmt.Fprintf(&b, `<h2>Lead changes</h2><p>Over the %d games with a VP track: mean %.2f, at most %g.</p>%s`, c.Tracked, c.LeadChanges.Mean, c.LeadChanges.Max, histChart(c.LeadChanges.Bins, "lead changes"))
		b.WriteString(`<h2>VP over time</h2><p>The VP at each turn's end: the mean (dot) and the range (bar).</p>` + vpTrackChart(c.Turns))
		b.WriteString(`<table class="vp-by-turn"><tr><th>turn</th><th>games</th><th>mean</th><th>sd</th><th>min</th><th>max</th><th>leading</th></tr>`)
		for _, t := range c.Turns {
			fmt.Fprintf(&b, `<tr><td>%d</td><td>%d</td><td>%.2f</td><td>%.2f</td><td>%g</td><td>%g</td><td>%s</td></tr>`, t.Turn, t.Games, t.Mean, t.SD, t.Min, t.Max, esc(leaderText(t.Leaders)))
		}
		b.WriteString(`</table>`)
	}
	return template.HTML(b.String())
}
