package sim

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Report is what a designer reads of a run: shares with 95% confidence
// intervals, the VP and length distributions, and outcomes broken down by
// the tags games carry (first player, momentum).
type Report struct {
	// MadeUp is the label of a run on made-up data; every format opens
	// with it.
	MadeUp   string   `json:"madeUp,omitempty"`
	Scenario string   `json:"scenario"`
	Games    int      `json:"games"`
	Played   int      `json:"played"`
	Seed     uint64   `json:"seed"`
	Bots     []string `json:"bots"`
	Options  string   `json:"options,omitempty"` // key=value, in key order
	Partial  string   `json:"partial,omitempty"` // which shards, when not the whole run
	Levels   []Share  `json:"levels"`
	Winners  []Share  `json:"winners"`
	VP       Dist     `json:"vp"`
	Turns    Dist     `json:"turns"`
	Tags     []TagRow `json:"tags,omitempty"`
	// FirstMover is the share of games won by the side that moved first
	// (the engines' "first-player" tag).
	FirstMover *Share `json:"firstMover,omitempty"`
	// Course is what the games' course tells (coursereport.go).
	Course *CourseReport `json:"course,omitempty"`
	// Records are human games summarised beside the bots' (records.go).
	Records *RecordsReport `json:"records,omitempty"`
}

// Share is a count among the games with its share and the Wilson 95%
// confidence interval of the share.
type Share struct {
	Name  string  `json:"name"`
	Count int     `json:"count"`
	Share float64 `json:"share"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// Dist is a distribution of values with its histogram.
type Dist struct {
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
	Bins []Bin   `json:"bins"`
}

// Bin is a histogram bar. On a whole-number scale (VP, turns) a bar holds
// the whole numbers Low to High inclusive; otherwise values from Low up to
// High (the last bar includes High).
type Bin struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Count int     `json:"count"`
}

// Label names the values of a bar: "7", or "-12 to -10".
func (b Bin) Label() string {
	lo := strconv.FormatFloat(b.Low, 'g', 4, 64)
	if b.High == b.Low {
		return lo
	}
	return lo + " to " + strconv.FormatFloat(b.High, 'g', 4, 64)
}

// TagRow is the outcome split for one value of a tag.
type TagRow struct {
	Tag     string  `json:"tag"`
	Value   string  `json:"value"`
	Games   int     `json:"games"`
	Winners []Share `json:"winners"`
}

// Wilson is the Wilson score interval of k successes in n trials at 95%.
func Wilson(k, n int) (low, high float64) {
	if n == 0 {
		return 0, 0
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// NewReport computes the report from totals.
func NewReport(t *Totals) Report {
	r := Report{MadeUp: t.MadeUp, Scenario: t.Scenario, Games: t.Games, Played: t.Played, Seed: t.Seed, Bots: t.Bots}
	var opts []string
	for _, k := range sortedKeys(t.Options) {
		opts = append(opts, k+"="+t.Options[k])
	}
	r.Options = strings.Join(opts, " ")
	if t.Shards > 1 {
		r.Partial = fmt.Sprintf("shards %s of %d", ShardList(t.ShardsIn), t.Shards)
	}
	r.Levels = shares(t.Levels, t.Played)
	r.Winners = shares(renameDraw(t.Winners), t.Played)
	r.VP = dist(t.VP, 20)
	r.Turns = dist(t.Turns, 40)
	for _, tag := range sortedKeys(t.Tags) {
		for _, v := range sortedKeys(t.Tags[tag]) {
			w := t.Tags[tag][v]
			n := 0
			for _, c := range w {
				n += c
			}
			r.Tags = append(r.Tags, TagRow{Tag: tag, Value: v, Games: n, Winners: shares(renameDraw(w), n)})
		}
	}
	r.FirstMover = firstMover(t)
	r.Course = newCourseReport(t)
	return r
}

func renameDraw(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, n := range m {
		if k == "" {
			k = "draw or none"
		}
		out[k] += n
	}
	return out
}

// shares lists counts by name, the largest first (ties by name).
func shares(m map[string]int, n int) []Share {
	out := make([]Share, 0, len(m))
	for _, k := range sortedKeys(m) {
		lo, hi := Wilson(m[k], n)
		out = append(out, Share{Name: k, Count: m[k], Share: float64(m[k]) / float64(max(n, 1)), Low: lo, High: hi})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Count > out[j].Count })
	return out
}

// dist computes a distribution from value counts: one bar per value when
// there are few, else maxBins equal bins.
func dist(m map[string]int, maxBins int) Dist {
	type vc struct {
		v float64
		n int
	}
	var vals []vc
	for k, n := range m {
		// A value no game had (a count of 0, which Check allows) is not
		// in the distribution: it would stretch min and max, and with
		// no game at all make the mean NaN.
		v, err := strconv.ParseFloat(k, 64)
		if err == nil && n > 0 {
			vals = append(vals, vc{v, n})
		}
	}
	if len(vals) == 0 {
		return Dist{}
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i].v < vals[j].v })
	var d Dist
	total, sum := 0, 0.0
	for _, x := range vals {
		total += x.n
		sum += x.v * float64(x.n)
	}
	d.Mean = sum / float64(total)
	ss := 0.0
	for _, x := range vals {
		ss += (x.v - d.Mean) * (x.v - d.Mean) * float64(x.n)
	}
	d.SD = math.Sqrt(ss / float64(total))
	d.Min, d.Max = vals[0].v, vals[len(vals)-1].v
	if len(vals) <= maxBins {
		for _, x := range vals {
			d.Bins = append(d.Bins, Bin{x.v, x.v, x.n})
		}
		return d
	}
	whole := true
	for _, x := range vals {
		whole = whole && x.v == math.Trunc(x.v)
	}
	if whole {
		// Whole-number bars of equal width w: w whole numbers each, so no
		// bar edge falls between two possible scores.
		span := int(d.Max-d.Min) + 1
		w := (span + maxBins - 1) / maxBins
		d.Bins = make([]Bin, (span+w-1)/w)
		for i := range d.Bins {
			lo := d.Min + float64(i*w)
			d.Bins[i] = Bin{Low: lo, High: math.Min(lo+float64(w-1), d.Max)}
		}
		for _, x := range vals {
			d.Bins[int(x.v-d.Min)/w].Count += x.n
		}
		return d
	}
	width := (d.Max - d.Min) / float64(maxBins)
	d.Bins = make([]Bin, maxBins)
	for i := range d.Bins {
		d.Bins[i] = Bin{Low: d.Min + float64(i)*width, High: d.Min + float64(i+1)*width}
	}
	for _, x := range vals {
		i := min(int((x.v-d.Min)/width), maxBins-1)
		d.Bins[i].Count += x.n
	}
	return d
}

// WriteText prints the report for a terminal.
func (r Report) WriteText(w io.Writer) error {
	var b strings.Builder
	if r.MadeUp != "" {
		fmt.Fprintf(&b, "%s\n", r.MadeUp)
	}
	fmt.Fprintf(&b, "%s: %d games played of %d, seed %d, bots %s", r.Scenario, r.Played, r.Games, r.Seed, strings.Join(r.Bots, ","))
	if r.Options != "" {
		fmt.Fprintf(&b, ", options %s", r.Options)
	}
	if r.Partial != "" {
		fmt.Fprintf(&b, " (%s)", r.Partial)
	}
	// The name column is as wide as the longest level or winner name (a
	// level with a bid, "Union Operational Victory (bid 9)", is longer
	// than the usual 32), so the figures stay in their columns.
	width := 32
	for _, s := range append(r.Levels[:len(r.Levels):len(r.Levels)], r.Winners...) {
		width = max(width, utf8.RuneCountInString(s.Name))
	}
	fmt.Fprintf(&b, "\n\n%-*s games   share   95%% CI\n", width+3, "victory level (decisiveness)")
	for _, s := range r.Levels {
		fmt.Fprintf(&b, "  %-*s %7d  %5.1f%%  %5.1f-%5.1f%%\n", width, s.Name, s.Count, 100*s.Share, 100*s.Low, 100*s.High)
	}
	b.WriteString("\nwinner\n")
	for _, s := range r.Winners {
		fmt.Fprintf(&b, "  %-*s %7d  %5.1f%%  %5.1f-%5.1f%%\n", width, s.Name, s.Count, 100*s.Share, 100*s.Low, 100*s.High)
	}
	fmt.Fprintf(&b, "\nVP: mean %.2f, sd %.2f, min %g, max %g\n", r.VP.Mean, r.VP.SD, r.VP.Min, r.VP.Max)
	writeBars(&b, r.VP.Bins)
	fmt.Fprintf(&b, "\ngame length (turns): mean %.2f, min %g, max %g\n", r.Turns.Mean, r.Turns.Min, r.Turns.Max)
	writeBars(&b, r.Turns.Bins)
	if len(r.Tags) > 0 {
		b.WriteString("\nby tag\n")
		for _, t := range r.Tags {
			fmt.Fprintf(&b, "  %s = %s (%d games):", t.Tag, t.Value, t.Games)
			for _, s := range t.Winners {
				fmt.Fprintf(&b, " %s %.1f%% (%.1f-%.1f%%)", s.Name, 100*s.Share, 100*s.Low, 100*s.High)
			}
			b.WriteString("\n")
		}
	}
	r.writeCourseText(&b)
	if r.Records != nil {
		r.Records.writeText(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeBars(b *strings.Builder, bins []Bin) {
	most := 0
	for _, x := range bins {
		most = max(most, x.Count)
	}
	for _, x := range bins {
		label := x.Label()
		n := 0
		if most > 0 {
			n = x.Count * 40 / most
		}
		fmt.Fprintf(b, "  %14s %7d %s\n", label, x.Count, strings.Repeat("#", n))
	}
}

// WriteHTML writes a self-contained page with SVG charts.
func (r Report) WriteHTML(w io.Writer) error {
	return pageTemplate().Execute(w, map[string]any{
		"R":       r,
		"Levels":  template.HTML(shareChart(r.Levels)),
		"Winners": template.HTML(shareChart(r.Winners)),
		"VP":      template.HTML(histChart(r.VP.Bins, "VP")),
		"Turns":   template.HTML(histChart(r.Turns.Bins, "turns")),
		"Course":  r.courseHTML(),
		"Records": r.Records.html(),
	})
}

// shareChart draws horizontal bars with their confidence intervals.
func shareChart(ss []Share) string {
	const left, width, row = 220, 420, 26
	var b strings.Builder
	h := row*len(ss) + 30
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" font-family="sans-serif" font-size="12">`, left+width+70, h)
	for i, s := range ss {
		y := 10 + i*row
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, left-8, y+14, template.HTMLEscapeString(s.Name))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="16" fill="#4a6fa5"><title>%d games, %.1f%%</title></rect>`, left, y+2, s.Share*width, s.Count, 100*s.Share)
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#222" stroke-width="1.5"/>`, left+s.Low*width, left+s.High*width, y+10, y+10)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d">%.1f%%</text>`, left+s.High*width+6, y+14, 100*s.Share)
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="4" y2="%d" stroke="#888"/></svg>`, left, left, h-20)
	return b.String()
}

// histChart draws a histogram with an axis of labels that never overlap:
// a label every k-th bar, k chosen from the widest label.
func histChart(bins []Bin, unit string) string {
	const width, height, pad, bottom = 640, 200, 30, 44
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" font-family="sans-serif" font-size="%d">`, width+2*pad, height+pad+bottom, histFont)
	most := 0
	for _, x := range bins {
		most = max(most, x.Count)
	}
	if len(bins) > 0 && most > 0 {
		bw := float64(width) / float64(len(bins))
		step := HistLabelStep(bins, bw)
		for i, x := range bins {
			h := float64(x.Count) / float64(most) * height
			label := x.Label()
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#7a9a4a"><title>%s %s: %d games</title></rect>`,
				pad+float64(i)*bw+1, pad+height-h, math.Max(bw-2, 1), h, label, unit, x.Count)
			if i%step == 0 {
				fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#888"/>`, pad+(float64(i)+0.5)*bw, pad+(float64(i)+0.5)*bw, pad+height, pad+height+4)
				fmt.Fprintf(&b, `<text class="axis" x="%.1f" y="%d" text-anchor="middle">%s</text>`, pad+(float64(i)+0.5)*bw, pad+height+16, template.HTMLEscapeString(label))
			}
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, pad+width/2, pad+height+36, template.HTMLEscapeString(unit))
		fmt.Fprintf(&b, `<text x="%d" y="%d">%d games</text>`, pad, pad-8, most)
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#888"/></svg>`, pad, pad+width, pad+height, pad+height)
	return b.String()
}

// histFont is the histogram's font size in pixels.
const histFont = 11

// HistLabelWidth is a generous estimate of a label's width in pixels at
// histFont in a sans-serif face (digits and signs are ~0.56em; 0.65em
// leaves room for wider faces).
func HistLabelWidth(label string) float64 {
	return float64(len([]rune(label))) * histFont * 0.65
}

// HistLabelStep is how many bars apart axis labels stand so that no two
// overlap: the widest label plus a gap, in bar widths.
func HistLabelStep(bins []Bin, barWidth float64) int {
	widest := 0.0
	for _, x := range bins {
		widest = math.Max(widest, HistLabelWidth(x.Label()))
	}
	return max(1, int(math.Ceil((widest+8)/barWidth)))
}

// pageTemplate is parsed on first use: parsing at package init would cost
// every muster command (muster validate included) 3 ms.
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{"mul100": func(f float64) float64 { return 100 * f }}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{if .R.MadeUp}}MADE-UP DATA: {{end}}{{.R.Scenario}}: balance playouts</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{padding:.2rem .6rem;border-bottom:1px solid #ddd;text-align:right}td:first-child,th:first-child{text-align:left}</style>
</head><body>
{{if .R.MadeUp}}<p class="made-up" style="border:2px solid #b00;padding:.5rem;color:#b00"><strong>{{.R.MadeUp}}</strong></p>
{{end}}<h1>{{.R.Scenario}}: {{.R.Played}} games</h1>
<p>Seed {{.R.Seed}}, bots {{range $i, $b := .R.Bots}}{{if $i}}, {{end}}{{$b}}{{end}}{{if .R.Partial}} ({{.R.Partial}}){{end}}. Bars show the share of games; lines the 95% confidence interval (Wilson).</p>
<h2>Victory level (decisiveness)</h2>{{.Levels}}
<table><tr><th>level</th><th>games</th><th>share</th><th>95% CI</th></tr>{{range .R.Levels}}<tr><td>{{.Name}}</td><td>{{.Count}}</td><td>{{printf "%.1f%%" (mul100 .Share)}}</td><td>{{printf "%.1f-%.1f%%" (mul100 .Low) (mul100 .High)}}</td></tr>{{end}}</table>
<h2>Winner</h2>{{.Winners}}
<h2>Victory points</h2><p>Mean {{printf "%.2f" .R.VP.Mean}}, sd {{printf "%.2f" .R.VP.SD}}, from {{.R.VP.Min}} to {{.R.VP.Max}}.</p>{{.VP}}
<h2>Game length</h2><p>Mean {{printf "%.2f" .R.Turns.Mean}} turns, from {{.R.Turns.Min}} to {{.R.Turns.Max}}.</p>{{.Turns}}
{{if .R.Tags}}<h2>By tag</h2><table><tr><th>tag</th><th>value</th><th>games</th><th>winners (share, 95% CI)</th></tr>{{range .R.Tags}}<tr><td>{{.Tag}}</td><td>{{.Value}}</td><td>{{.Games}}</td><td>{{range .Winners}}{{.Name}} {{printf "%.1f%% (%.1f-%.1f%%)" (mul100 .Share) (mul100 .Low) (mul100 .High)}}; {{end}}</td></tr>{{end}}</table>{{end}}
{{.Course}}{{.Records}}
</body></html>
`))
})
