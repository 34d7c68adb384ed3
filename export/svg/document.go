package svg

// The SVG document builder shared by the hex and area pictures: layers of
// markup, a bounding box that becomes the viewBox, a legend and caption
// block under the picture, and the escaping that keeps the output
// well-formed XML whatever the scenario's text holds.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// svgBox is an axis-aligned bounding box; empty until the first add.
type svgBox struct {
	minX, minY, maxX, maxY float64
	set                    bool
}

func (b *svgBox) add(x, y float64) {
	if !b.set {
		b.minX, b.maxX, b.minY, b.maxY, b.set = x, x, y, y, true
		return
	}
	b.minX, b.maxX = math.Min(b.minX, x), math.Max(b.maxX, x)
	b.minY, b.maxY = math.Min(b.minY, y), math.Max(b.maxY, y)
}

func (b *svgBox) addRect(x, y, w, h float64) {
	b.add(x, y)
	b.add(x+w, y+h)
}

func (b svgBox) width() float64  { return b.maxX - b.minX }
func (b svgBox) height() float64 { return b.maxY - b.minY }

// svgLegendItem is one line of the legend: a swatch drawn by its markup
// (at 0,0, 14 by 10 units) and a text.
type svgLegendItem struct {
	swatch string
	text   string
}

// svgDoc collects the picture before it is written: the layers are
// emitted in order, so later layers draw over earlier ones.
type svgDoc struct {
	title   string
	css     string
	defs    strings.Builder
	layers  []*svgLayer
	box     svgBox // the picture, without legend and caption
	legend  []svgLegendItem
	caption []string
	draft   string // the draft label above the picture, if a draft
}

type svgLayer struct {
	id string
	b  strings.Builder
}

func (d *svgDoc) layer(id string) *strings.Builder {
	for _, l := range d.layers {
		if l.id == id {
			return &l.b
		}
	}
	l := &svgLayer{id: id}
	d.layers = append(d.layers, l)
	return &l.b
}

// svgCaptionFont is the size of legend and caption text; the block under
// the picture is at least svgMinTextWidth wide so captions stay readable
// under a small crop.
const (
	svgCaptionFont  = 11.0
	svgCaptionLine  = 14.0
	svgMinTextWidth = 900.0
)

// bytes assembles the document: the picture, then the legend and the
// caption below it, all inside one viewBox.
func (d *svgDoc) bytes() []byte {
	box := d.box
	if !box.set {
		box.add(0, 0)
	}
	const pad = 10.0
	left := box.minX - pad
	width := math.Max(box.width()+2*pad, svgMinTextWidth)
	y := box.maxY + pad + svgCaptionLine
	var foot strings.Builder
	chars := int((width - 2*pad) / (svgCaptionFont * 0.55))
	if len(d.legend) > 0 {
		fmt.Fprintf(&foot, `<text class="lh" x="%s" y="%s">Legend</text>`+"\n", svgNum(left+pad), svgNum(y))
		y += svgCaptionLine
		for _, it := range d.legend {
			lines := svgWrap(it.text, chars-4)
			fmt.Fprintf(&foot, `<g transform="translate(%s %s)">%s</g>`+"\n", svgNum(left+pad), svgNum(y-10), it.swatch)
			for i, ln := range lines {
				fmt.Fprintf(&foot, `<text class="cap" x="%s" y="%s">%s</text>`+"\n", svgNum(left+pad+22), svgNum(y+float64(i)*svgCaptionLine), svgEscape(ln))
			}
			y += float64(len(lines))*svgCaptionLine + 4
		}
		y += svgCaptionLine / 2
	}
	for _, c := range d.caption {
		for _, ln := range svgWrap(c, chars) {
			fmt.Fprintf(&foot, `<text class="cap" x="%s" y="%s">%s</text>`+"\n", svgNum(left+pad), svgNum(y), svgEscape(ln))
			y += svgCaptionLine
		}
		y += 3
	}
	top := box.minY - pad
	var draft string
	if d.draft != "" {
		// A band above the picture, as wide as the document: nothing of
		// the picture lies under it.
		const band = 30.0
		top -= band
		draft = fmt.Sprintf(`<g id="draft"><rect x="%s" y="%s" width="%s" height="%s" fill="#fdecee" stroke="#b00020" stroke-width="2"/>`+
			`<text class="draft" x="%s" y="%s">%s</text></g>`+"\n",
			svgNum(left+1), svgNum(top+1), svgNum(width-2), svgNum(band-4), svgNum(left+pad), svgNum(top+band/2+4), svgEscape(d.draft))
	}
	height := y - top
	var out strings.Builder
	out.Grow(1 << 16)
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" width="%s" height="%s" font-family="sans-serif">`+"\n",
		svgNum(left), svgNum(top), svgNum(width), svgNum(height), svgNum(math.Ceil(width)), svgNum(math.Ceil(height)))
	fmt.Fprintf(&out, "<title>%s</title>\n", svgEscape(d.title))
	css := svgBaseCSS + d.css
	if draft != "" {
		css += svgDraftCSS
	}
	out.WriteString("<style>" + css + "</style>\n")
	out.WriteString("<defs>\n" + d.defs.String() + "</defs>\n")
	fmt.Fprintf(&out, `<rect class="bg" x="%s" y="%s" width="%s" height="%s"/>`+"\n", svgNum(left), svgNum(top), svgNum(width), svgNum(height))
	out.WriteString(draft)
	for _, l := range d.layers {
		fmt.Fprintf(&out, "<g id=\"%s\">\n", l.id)
		out.WriteString(l.b.String())
		out.WriteString("</g>\n")
	}
	out.WriteString("<g id=\"legend\">\n" + foot.String() + "</g>\n")
	out.WriteString("</svg>\n")
	return []byte(out.String())
}

const svgBaseCSS = `.bg{fill:#fff}` +
	`.lh{font-size:12px;font-weight:bold}` +
	`.cap{font-size:11px;fill:#222}` +
	`.u,.ul{paint-order:stroke;stroke:#fff;stroke-width:1.6px;stroke-linejoin:round}`

const svgDraftCSS = `.draft{font-size:15px;font-weight:bold;fill:#b00020;letter-spacing:.05em}`

// svgNum formats a coordinate with at most one decimal, which keeps files
// small and output deterministic.
func svgNum(v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		return "0" // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// svgEscape makes text safe as XML character data or as an attribute
// value in double quotes. Characters XML 1.0 does not allow (control
// characters, invalid UTF-8) become U+FFFD.
func svgEscape(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' || c < 0x20 || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&apos;")
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ') // text and attributes of the picture are single lines
		case r == utf8.RuneError && size <= 1, !svgXMLChar(r):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// svgXMLChar reports whether XML 1.0 allows r (its Char production).
func svgXMLChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// svgWrap breaks text into lines of at most width characters at spaces
// (a longer word stands on a line of its own).
func svgWrap(text string, width int) []string {
	if width < 10 {
		width = 10
	}
	words := strings.Fields(text)
	var lines []string
	var cur strings.Builder
	n := 0
	for _, w := range words {
		wl := utf8.RuneCountInString(w)
		if n > 0 && n+1+wl > width {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(w)
		n += wl
	}
	if n > 0 {
		lines = append(lines, cur.String())
	}
	if len(lines) == 0 {
		lines = []string{""}
	}
	return lines
}
