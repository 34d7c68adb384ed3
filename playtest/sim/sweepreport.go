package sim

import (
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"sync"
)

// SweepReport is what a designer reads of a sweep: per grid point the
// winner shares with their 95% (Wilson) intervals, and the point where
// each side wins half the games, fitted along the last varied option.
type SweepReport struct {
	MadeUp   string       `json:"madeUp,omitempty"`
	Scenario string       `json:"scenario"`
	Games    int          `json:"games"`  // per point, in the whole sweep
	Played   int          `json:"played"` // per point
	Seed     uint64       `json:"seed"`
	Bots     []string     `json:"bots"`
	Options  string       `json:"options,omitempty"`
	Partial  string       `json:"partial,omitempty"`
	Vary     []Axis       `json:"vary"`
	Sides    []string     `json:"sides"` // the winners the columns show, in name order
	Points   []SweepPoint `json:"points"`
	Even     []EvenFit    `json:"even"`
	// Records are human games compared with every point (sweeprecords.go).
	Records *SweepRecords `json:"records,omitempty"`
}

// SweepPoint is one grid point's result.
type SweepPoint struct {
	Point   string  `json:"point"` // key=value of the varied options
	Winners []Share `json:"winners"`
	// Levels is how decisive the games were: the share of each victory
	// level reached.
	Levels []Share `json:"levels"`
	// VP is the final VP total (its mean is the margin the scale
	// measures), Turns the game length, both without bars.
	VP    Dist `json:"vp"`
	Turns Dist `json:"turns"`
	// FirstMover is the share of games the side that moved first won,
	// where the engine tags games with "first-player".
	FirstMover *Share `json:"firstMover,omitempty"`
	// Routes is the share of games decided by each victory route
	// (automatic, final count, unfinished), where the engine says.
	Routes []Share `json:"routes,omitempty"`
}

// firstMover is the share of games the first player won, from the
// "first-player" tag (nil without it).
func firstMover(t *Totals) *Share {
	vals := t.Tags["first-player"]
	if len(vals) == 0 {
		return nil
	}
	k, n := 0, 0
	for v, w := range vals {
		k += w[v]
		for _, c := range w {
			n += c
		}
	}
	lo, hi := Wilson(k, n)
	return &Share{Name: "first player", Count: k, Share: float64(k) / float64(max(n, 1)), Low: lo, High: hi}
}

// EvenFit is where a side wins half the games along the last varied
// option, with the other varied options at At: X by linear interpolation
// between the two grid points whose shares bracket one half, Low and High
// where the bounds of the 95% interval cross one half (nil: not inside the
// grid; X nil: the share does not cross one half).
type EvenFit struct {
	Side string   `json:"side"`
	Key  string   `json:"key"`
	At   string   `json:"at,omitempty"`
	X    *float64 `json:"x"`
	Low  *float64 `json:"low"`
	High *float64 `json:"high"`
	// Note says why a value is missing.
	Note string `json:"note,omitempty"`
}

// NewSweepReport computes the report from a sweep's totals.
func NewSweepReport(st *SweepTotals) SweepReport {
	r := SweepReport{MadeUp: st.MadeUp, Scenario: st.Scenario, Games: st.Games, Played: st.Played(), Seed: st.Seed, Bots: st.Bots, Vary: st.Vary}
	var opts []string
	for _, k := range sortedKeys(st.Options) {
		opts = append(opts, k+"="+st.Options[k])
	}
	r.Options = strings.Join(opts, " ")
	if st.Shards > 1 {
		r.Partial = fmt.Sprintf("shards %s of %d", ShardList(st.ShardsIn), st.Shards)
	}
	sides := map[string]int{}
	for _, t := range st.Points {
		for w := range t.Winners {
			if w != "" {
				sides[w]++
			}
		}
	}
	r.Sides = sortedKeys(sides)
	for _, t := range st.Points {
		// Every side at every point, a side that never won there too (its
		// interval is not empty).
		w := renameDraw(t.Winners)
		for _, side := range append(r.Sides[:len(r.Sides):len(r.Sides)], "draw or none") {
			w[side] += 0
		}
		vp, turns := dist(t.VP, 1), dist(t.Turns, 1)
		vp.Bins, turns.Bins = nil, nil
		r.Points = append(r.Points, SweepPoint{Point: pointName(st.Vary, t.Options), Winners: shares(w, t.Played), Levels: shares(t.Levels, t.Played),
			VP: vp, Turns: turns, FirstMover: firstMover(t)})
		if st.Routes != nil {
			r.Points[len(r.Points)-1].Routes = shares(st.Routes[len(r.Points)-1], t.Played)
		}
	}
	last := st.Vary[len(st.Vary)-1]
	xs := make([]float64, len(last.Values))
	numeric := true
	for i, v := range last.Values {
		x, err := strconv.ParseFloat(v, 64)
		numeric = numeric && err == nil
		xs[i] = x
	}
	for g := 0; g+len(xs) <= len(st.Points); g += len(xs) {
		at := pointName(st.Vary[:len(st.Vary)-1], st.Points[g].Options)
		for _, side := range r.Sides {
			f := EvenFit{Side: side, Key: last.Key, At: at}
			if !numeric {
				f.Note = last.Key + " is not numeric"
				r.Even = append(r.Even, f)
				continue
			}
			share, lo, hi := make([]float64, len(xs)), make([]float64, len(xs)), make([]float64, len(xs))
			for i := range xs {
				t := st.Points[g+i]
				k := t.Winners[side]
				share[i] = float64(k) / float64(max(t.Played, 1))
				lo[i], hi[i] = Wilson(k, t.Played)
			}
			f.X = crossHalf(xs, share)
			// A falling share's low bound crosses one half first (the
			// interval's lower end), a rising share's high bound.
			a, b := crossHalf(xs, lo), crossHalf(xs, hi)
			if share[0] < share[len(share)-1] {
				a, b = b, a
			}
			if a != nil && b != nil && *a > *b {
				a, b = b, a
			}
			f.Low, f.High = a, b
			switch {
			case f.X == nil:
				f.Note = "the share does not cross one half on the grid"
			case f.Low == nil || f.High == nil:
				f.Note = "the interval reaches past the grid"
			}
			r.Even = append(r.Even, f)
		}
	}
	return r
}

// crossHalf is where ys first crosses one half along xs, by linear
// interpolation between the two points that bracket it.
func crossHalf(xs, ys []float64) *float64 {
	for i := range xs {
		if ys[i] == 0.5 {
			x := xs[i]
			return &x
		}
		if i+1 < len(xs) && (ys[i]-0.5)*(ys[i+1]-0.5) < 0 {
			x := xs[i] + (0.5-ys[i])*(xs[i+1]-xs[i])/(ys[i+1]-ys[i])
			return &x
		}
	}
	return nil
}

func fitText(x *float64) string {
	if x == nil {
		return "?"
	}
	return strconv.FormatFloat(*x, 'f', 2, 64)
}

// shareOf is a side's share at a point (zero when it never won there).
func (p SweepPoint) shareOf(name string) Share {
	for _, s := range p.Winners {
		if s.Name == name {
			return s
		}
	}
	return Share{Name: name}
}

// WriteText prints the sweep's report for a terminal.
func (r SweepReport) WriteText(w io.Writer) error {
	var b strings.Builder
	if r.MadeUp != "" {
		fmt.Fprintf(&b, "%s\n", r.MadeUp)
	}
	fmt.Fprintf(&b, "%s: sweep of %s, %d games played of %d per point, seed %d, bots %s", r.Scenario, gridText(r.Vary), r.Played, r.Games, r.Seed, strings.Join(r.Bots, ","))
	if r.Options != "" {
		fmt.Fprintf(&b, ", options %s", r.Options)
	}
	if r.Partial != "" {
		fmt.Fprintf(&b, " (%s)", r.Partial)
	}
	cols := append(append([]string{}, r.Sides...), "draw or none")
	width := len("point")
	for _, p := range r.Points {
		width = max(width, len(p.Point))
	}
	fmt.Fprintf(&b, "\n\nwinner share (95%% CI) per point\n  %-*s", width, "point")
	for _, c := range cols {
		fmt.Fprintf(&b, "  %-22s", c)
	}
	b.WriteString("\n")
	for _, p := range r.Points {
		fmt.Fprintf(&b, "  %-*s", width, p.Point)
		for _, c := range cols {
			s := p.shareOf(c)
			fmt.Fprintf(&b, "  %-22s", fmt.Sprintf("%5.1f%% (%.1f-%.1f%%)", 100*s.Share, 100*s.Low, 100*s.High))
		}
		b.WriteString("\n")
	}
	b.WriteString("\nper point: VP mean (sd), game length mean (turns), first mover's share, victory routes (95% CI), levels reached\n")
	for _, p := range r.Points {
		fmt.Fprintf(&b, "  %-*s  VP %.2f (%.2f)  length %.2f", width, p.Point, p.VP.Mean, p.VP.SD, p.Turns.Mean)
		if f := p.FirstMover; f != nil {
			fmt.Fprintf(&b, "  first mover %.1f%% (%.1f-%.1f%%)", 100*f.Share, 100*f.Low, 100*f.High)
		}
		for _, ro := range p.Routes {
			fmt.Fprintf(&b, "  %s %.1f%% (%.1f-%.1f%%)", ro.Name, 100*ro.Share, 100*ro.Low, 100*ro.High)
		}
		b.WriteString("  levels:")
		for i, l := range p.Levels {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %s %.1f%%", l.Name, 100*l.Share)
		}
		b.WriteString("\n")
	}
	b.WriteString("\neven point (each side wins half)\n")
	for _, f := range r.Even {
		fmt.Fprintf(&b, "  %s", f.Side)
		if f.At != "" {
			fmt.Fprintf(&b, " at %s", f.At)
		}
		fmt.Fprintf(&b, ": %s %s (95%% CI %s to %s)", f.Key, fitText(f.X), fitText(f.Low), fitText(f.High))
		if f.Note != "" {
			fmt.Fprintf(&b, "; %s", f.Note)
		}
		b.WriteString("\n")
	}
	if r.Records != nil {
		r.Records.writeText(&b)
	}
	// The padded last column leaves no trailing spaces.
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	return err
}

// sweepChart draws each side's share along the last varied option (one
// chart per combination of the others), the 95% interval as a band, one
// half as a dashed line and the fitted even point as a mark.
func (r SweepReport) sweepChart() string {
	const width, height, pad, bottom = 600, 220, 40, 40
	colors := []string{"#4a6fa5", "#a54a4a", "#4aa56f", "#a5904a"}
	last := r.Vary[len(r.Vary)-1]
	n := len(last.Values)
	var b strings.Builder
	for g := 0; g+n <= len(r.Points); g += n {
		fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" font-family="sans-serif" font-size="11">`, width+2*pad, height+pad+bottom)
		xAt := func(i float64) float64 {
			if n == 1 {
				return pad + width/2
			}
			return pad + i*width/float64(n-1)
		}
		yAt := func(s float64) float64 { return pad + (1-s)*height }
		for si, side := range r.Sides {
			c := colors[si%len(colors)]
			var band, line []string
			for i := 0; i < n; i++ {
				s := r.Points[g+i].shareOf(side)
				band = append(band, fmt.Sprintf("%.1f,%.1f", xAt(float64(i)), yAt(s.High)))
				line = append(line, fmt.Sprintf("%.1f,%.1f", xAt(float64(i)), yAt(s.Share)))
			}
			for i := n - 1; i >= 0; i-- {
				s := r.Points[g+i].shareOf(side)
				band = append(band, fmt.Sprintf("%.1f,%.1f", xAt(float64(i)), yAt(s.Low)))
			}
			fmt.Fprintf(&b, `<polygon points="%s" fill="%s" fill-opacity="0.2"/>`, strings.Join(band, " "), c)
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"><title>%s</title></polyline>`, strings.Join(line, " "), c, template.HTMLEscapeString(side))
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="%s">%s</text>`, pad+10+si*150, pad-10, c, template.HTMLEscapeString(side))
		}
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="4 3"/>`, pad, pad+width, yAt(0.5), yAt(0.5))
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#888"/>`, pad, pad+width, pad+height, pad+height)
		for _, y := range []float64{0, 0.5, 1} {
			fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%g%%</text>`, pad-4, yAt(y)+4, 100*y)
		}
		for i, v := range last.Values {
			fmt.Fprintf(&b, `<text class="axis" x="%.1f" y="%d" text-anchor="middle">%s</text>`, xAt(float64(i)), pad+height+16, template.HTMLEscapeString(v))
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, pad+width/2, pad+height+34, template.HTMLEscapeString(last.Key))
		// Even marks: the grid is evenly spaced only for a range, so the
		// mark sits between its bracketing grid points by value.
		xs := make([]float64, n)
		for i, v := range last.Values {
			xs[i], _ = strconv.ParseFloat(v, 64)
		}
		pos := func(x float64) float64 {
			for i := 0; i+1 < n; i++ {
				if x >= xs[i] && x <= xs[i+1] && xs[i+1] != xs[i] {
					return xAt(float64(i) + (x-xs[i])/(xs[i+1]-xs[i]))
				}
			}
			return xAt(0)
		}
		for si, f := range r.Even[g/n*len(r.Sides) : g/n*len(r.Sides)+len(r.Sides)] {
			if f.X == nil {
				continue
			}
			c := colors[si%len(colors)]
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s even at %s %s (95%% CI %s to %s)</title></circle>`,
				pos(*f.X), yAt(0.5), c, template.HTMLEscapeString(f.Side), template.HTMLEscapeString(f.Key), fitText(f.X), fitText(f.Low), fitText(f.High))
		}
		b.WriteString("</svg>\n")
	}
	return b.String()
}

// WriteHTML writes a self-contained page with the sweep's SVG chart.
func (r SweepReport) WriteHTML(w io.Writer) error {
	return sweepTemplate().Execute(w, map[string]any{"R": r, "Chart": template.HTML(r.sweepChart()), "Records": r.Records.html()})
}

// sweepTemplate is parsed on first use, as pageTemplate.
var sweepTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("sweep").Funcs(template.FuncMap{
		"mul100": func(f float64) float64 { return 100 * f },
		"fit":    fitText,
		"share":  func(p SweepPoint, name string) Share { return p.shareOf(name) },
	}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{if .R.MadeUp}}MADE-UP DATA: {{end}}{{.R.Scenario}}: balance sweep</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{padding:.2rem .6rem;border-bottom:1px solid #ddd;text-align:right}td:first-child,th:first-child{text-align:left}</style>
</head><body>
{{if .R.MadeUp}}<p class="made-up" style="border:2px solid #b00;padding:.5rem;color:#b00"><strong>{{.R.MadeUp}}</strong></p>
{{end}}<h1>{{.R.Scenario}}: sweep, {{.R.Played}} games per point</h1>
<p>Seed {{.R.Seed}}, bots {{range $i, $b := .R.Bots}}{{if $i}}, {{end}}{{$b}}{{end}}{{if .R.Options}}, options {{.R.Options}}{{end}}{{if .R.Partial}} ({{.R.Partial}}){{end}}. The same games at every point. Lines show each side's share of wins; bands the 95% confidence interval (Wilson); dots the even point.</p>
{{.Chart}}
<h2>Even point</h2><table><tr><th>side</th><th>at</th><th>even</th><th>95% CI</th><th></th></tr>{{range .R.Even}}<tr><td>{{.Side}}</td><td>{{.At}}</td><td>{{.Key}} {{fit .X}}</td><td>{{fit .Low}} to {{fit .High}}</td><td>{{.Note}}</td></tr>{{end}}</table>
<h2>Per point</h2><table><tr><th>point</th>{{range .R.Sides}}<th>{{.}}</th>{{end}}<th>draw or none</th></tr>{{$r := .R}}{{range $p := .R.Points}}<tr><td>{{$p.Point}}</td>{{range $r.Sides}}{{with share $p .}}<td>{{printf "%.1f%% (%.1f-%.1f%%)" (mul100 .Share) (mul100 .Low) (mul100 .High)}}</td>{{end}}{{end}}{{with share $p "draw or none"}}<td>{{printf "%.1f%% (%.1f-%.1f%%)" (mul100 .Share) (mul100 .Low) (mul100 .High)}}</td>{{end}}</tr>{{end}}</table>
<h2>Margin, length, first mover, decisiveness</h2><table><tr><th>point</th><th>VP mean (sd)</th><th>length (turns)</th><th>first mover won (95% CI)</th><th>victory route (95% CI)</th><th>levels reached</th></tr>{{range .R.Points}}<tr><td>{{.Point}}</td><td>{{printf "%.2f (%.2f)" .VP.Mean .VP.SD}}</td><td>{{printf "%.2f" .Turns.Mean}}</td><td>{{with .FirstMover}}{{printf "%.1f%% (%.1f-%.1f%%)" (mul100 .Share) (mul100 .Low) (mul100 .High)}}{{end}}</td><td>{{range $i, $x := .Routes}}{{if $i}}; {{end}}{{$x.Name}} {{printf "%.1f%% (%.1f-%.1f%%)" (mul100 $x.Share) (mul100 $x.Low) (mul100 $x.High)}}{{end}}</td><td>{{range $i, $l := .Levels}}{{if $i}}, {{end}}{{$l.Name}} {{printf "%.1f%%" (mul100 $l.Share)}}{{end}}</td></tr>{{end}}</table>
{{.Records}}
</body></html>
`))
})
