package cards

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// cardsMarkdown renders the cards' Markdown: CommonMark with GFM tables.
// Raw HTML stays off: every value is escaped text, so nothing in a
// scenario file can inject markup into the page.
var cardsMarkdown = goldmark.New(goldmark.WithExtensions(extension.Table))

// HTML renders the cards as one self-contained page (inline CSS, no
// external resources) that prints one card per side on Letter or A4.
func (c *Cards) HTML(opt Options) ([]byte, error) {
	paper, err := cardsPaperOf(opt.Paper)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(64 << 10)
	title := fmt.Sprintf("Setup cards: %s %s", c.Scenario, c.Title)
	if opt.Draft > 0 {
		title = DraftText(opt.Draft) + ": " + title
	}
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", html.EscapeString(title))
	b.WriteString("<meta name=\"generator\" content=\"muster export cards\">\n<style>\n")
	b.WriteString(c.css(paper, opt))
	b.WriteString("</style>\n</head>\n")
	class := ""
	if opt.Roster {
		class = ` class="roster"`
	}
	fmt.Fprintf(&b, "<body%s data-paper=\"%s\">\n", class, paper.name)
	for _, s := range c.Sides {
		fmt.Fprintf(&b, "<section class=\"card\" data-side=\"%s\">\n", html.EscapeString(s.Side))
		for _, p := range c.cardParts(s, opt) {
			fmt.Fprintf(&b, "<div class=\"%s\">\n", p.class)
			if err := cardsMarkdown.Convert([]byte(p.md), &b); err != nil {
				return nil, fmt.Errorf("export: render %s card: %w", s.Name, err)
			}
			b.WriteString("</div>\n")
		}
		b.WriteString("</section>\n")
	}
	b.WriteString("</body>\n</html>\n")
	return b.Bytes(), nil
}

// cardsCSSString quotes text as a CSS string.
func cardsCSSString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\%x ", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

type cardsPaper struct {
	name   string // letter, a4
	size   string // the CSS @page size
	width  string // the page width, for the screen view
	margin string
}

func cardsPaperOf(name string) (cardsPaper, error) {
	switch strings.ToLower(name) {
	case "", "letter":
		return cardsPaper{"letter", "letter", "8.5in", "0.5in"}, nil
	case "a4":
		return cardsPaper{"a4", "A4", "210mm", "12mm"}, nil
	}
	return cardsPaper{}, fmt.Errorf("export: unknown paper %q (letter or a4)", name)
}

// BoxSize is the edge of a roster box for a counter edge, in inches:
// a tenth larger, rounded up to 0.05" (1/2" counters get 0.55" boxes,
// 5/8" counters 0.7").
func BoxSize(counter float64) float64 {
	if counter <= 0 {
		counter = 0.5
	}
	return math.Ceil(counter*1.1/0.05-1e-9) * 5 / 100 // whole twentieths, printed exactly
}

// css is the page's style sheet. Column widths follow the columns the
// game has (Manpower only where it has manpower; the roster's boxes).
func (c *Cards) css(p cardsPaper, opt Options) string {
	box := BoxSize(opt.Counter)
	var b strings.Builder
	fmt.Fprintf(&b, "@page { size: %s; margin: %s; }\n", p.size, p.margin)
	if opt.Draft > 0 {
		// The banner opens every card; the page's top margin repeats it on
		// every printed page (CSS margin boxes: Chromium 131 and later).
		fmt.Fprintf(&b, "@page { @top-center { content: %s; color: #b00020; font: bold 9pt \"DejaVu Sans\", Arial, sans-serif; } }\n", cardsCSSString(DraftText(opt.Draft)))
		b.WriteString(`.draft blockquote { margin: 0 0 6pt; padding: 3pt 6pt; border: 2pt solid #b00020; color: #b00020; background: #fdecee; font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9pt; }
.draft strong { letter-spacing: 0.05em; }
`)
	}
	b.WriteString(`:root { --ink: #1a1a1a; --rule: #999; --badge: #eef1f6; --badge-ink: #1d3557; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Serif", Georgia, "Times New Roman", serif; font-size: 10pt; color: var(--ink); }
body { margin: 0; background: #d9d9d9; }
.card { overflow-wrap: anywhere; background: #fff; margin: 0.25in auto; padding: `)
	b.WriteString(p.margin)
	b.WriteString("; width: ")
	b.WriteString(p.width)
	b.WriteString(`; box-shadow: 0 1px 4px rgba(0,0,0,.3); }
h1 { font-size: 16pt; margin: 0 0 2pt; border-bottom: 2pt solid var(--ink); }
h2 { font-size: 12pt; margin: 10pt 0 4pt; border-bottom: 0.5pt solid var(--rule); break-after: avoid; page-break-after: avoid; }
h3 { font-size: 10.5pt; margin: 6pt 0 2pt; break-after: avoid; page-break-after: avoid; }
p { margin: 3pt 0; }
.head p { font-size: 9.5pt; }
table { border-collapse: collapse; width: 100%; margin: 0 0 4pt; font-size: 9pt; break-inside: auto; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.5pt solid var(--rule); padding: 1.5pt 4pt; vertical-align: top; text-align: left; }
th { background: #f2f2f2; font-weight: bold; font-size: 8pt; padding: 1.5pt 2pt; }
td:first-child { font-weight: bold; }
.setup td code, .boxes td code, .entries td code, .legend td code {
  font-family: "DejaVu Sans", Arial, sans-serif; font-size: 8pt; background: var(--badge); color: var(--badge-ink);
  border: 0.5pt solid #9fb0c8; border-radius: 3pt; padding: 0 3pt; margin: 0 2pt 1pt 0; display: inline-block; max-width: 100%; }
body:not(.roster) .setup table, body:not(.roster) .boxes table, .entries table { table-layout: fixed; }
body:not(.roster) .setup th:nth-child(1), body:not(.roster) .boxes th:nth-child(1), .entries th:nth-child(1) { width: 18%; }
body:not(.roster) .setup th:nth-child(2), body:not(.roster) .boxes th:nth-child(2), .entries th:nth-child(2) { width: 9%; }
body:not(.roster) .setup th:nth-child(3), body:not(.roster) .boxes th:nth-child(3), .entries th:nth-child(3) { width: 11%; }
body:not(.roster) .setup th:nth-child(4), body:not(.roster) .boxes th:nth-child(4), .entries th:nth-child(4) { width: 10%; }
.rules p, .victory p, .start p, .victory li, .start li { font-size: 9pt; text-align: justify; }
.victory table td:first-child { white-space: nowrap; }
ul { margin: 3pt 0; padding-left: 14pt; }
hr { display: none; }
`)
	fmt.Fprintf(&b, `.roster .setup table, .roster .boxes table { table-layout: fixed; }
.roster .setup th:nth-child(1), .roster .boxes th:nth-child(1) { width: 15%%; }
.roster .setup th:nth-child(2), .roster .boxes th:nth-child(2) { width: 9%%; }
.roster .setup th:nth-child(3), .roster .boxes th:nth-child(3) { width: 11%%; }
.roster .setup th:nth-child(4), .roster .boxes th:nth-child(4) { width: 10%%; }
.roster .setup th:nth-last-child(-n+%[2]d), .roster .boxes th:nth-last-child(-n+%[2]d) { width: %[1]sin; padding: 1pt; font-size: 5.5pt; font-weight: normal; font-family: "DejaVu Sans Condensed", "Arial Narrow", sans-serif; text-align: center; }
.roster .setup td:empty, .roster .boxes td:empty { width: %[1]sin; height: %[1]sin; padding: 0; border: 0.75pt dashed #555; }
`, cardsNumber(box), len(c.RosterBoxes))
	if c.Manpower {
		b.WriteString(`body:not(.roster) .setup th:nth-child(5), body:not(.roster) .boxes th:nth-child(5), .entries th:nth-child(5) { width: 11%; }
.roster .setup th:nth-child(5), .roster .boxes th:nth-child(5) { width: 11%; }
`)
	}
	b.WriteString(`@media print {
  body { background: none; }
  .card { margin: 0; padding: 0; width: auto; box-shadow: none; break-after: page; page-break-after: always; }
  .card:last-child { break-after: auto; page-break-after: auto; }
}
`)
	return b.String()
}
