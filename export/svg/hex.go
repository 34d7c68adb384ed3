package svg

// The hex-map picture: every hex of the sheets in play, placed in the
// shared coordinate frame of overlapping sheets (rules.Topology), with hex
// numbers, sheet outlines, unit stacks, victory locations and restricted
// regions.

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// svgR is the hex radius (centre to corner) in picture units.
const (
	svgR     = 24.0
	svgSqrt3 = 1.7320508075688772
)

// svgHexCell is one physical hex of the picture.
type svgHexCell struct {
	p     rules.Point
	sheet *scenarios.Sheet // the sheet whose number is shown (the upper one where sheets overlap)
	id    string           // printed id with its prefix: S0910, GTC S3645
	label string           // the digits printed in the hex
	x, y  float64          // centre in the picture
	kept  bool             // inside the crop
}

// svgFrame is a set of sheets sharing one coordinate frame.
type svgFrame struct {
	id    int
	rows  bool // pointy-topped hexes in offset rows (orientation "rows")
	d     int  // frame column (row) = reference sheet column (row) + d
	up    bool // the reference sheet's odd columns (rows) sit half a hex up (west)
	cells []*svgHexCell
}

// shifted reports whether a frame column (row) sits half a hex up (west):
// the parity convention of rules.Topology's cube().
func (f *svgFrame) shifted(major int) bool { return ((major-f.d)%2 != 0) == f.up }

// centre is the raw picture position of a frame point.
func (f *svgFrame) centre(p rules.Point) (x, y float64) {
	if f.rows {
		off := 0.0
		if f.shifted(p.Y) {
			off = -0.5
		}
		return svgSqrt3 * svgR * (float64(p.X) + off), 1.5 * svgR * float64(p.Y)
	}
	off := 0.0
	if f.shifted(p.X) {
		off = -0.5
	}
	return 1.5 * svgR * float64(p.X), svgSqrt3 * svgR * (float64(p.Y) + off)
}

// svgHexPoints is the outline of a hex centred at the origin.
func svgHexPoints(rows bool) string {
	var b strings.Builder
	for i := 0; i < 6; i++ {
		a := float64(i) * math.Pi / 3
		if rows {
			a += math.Pi / 6
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(svgNum(svgR*math.Cos(a)) + "," + svgNum(svgR*math.Sin(a)))
	}
	return b.String()
}

// svgSheetPrefix is the prefix the picture prints before a sheet's hex
// numbers: the scenario's bare prefix for it, the sheet's own prefix when
// no other sheet shares it, else its qualified prefix.
func svgSheetPrefix(sh *scenarios.Sheet, prefixes map[string]string, all []scenarios.Sheet) string {
	var bare []string
	for p, id := range prefixes {
		if id == sh.ID {
			bare = append(bare, p)
		}
	}
	if len(bare) > 0 {
		slices.Sort(bare)
		return bare[0]
	}
	shared := false
	for i := range all {
		if all[i].ID != sh.ID && all[i].Prefix == sh.Prefix {
			shared = true
		}
	}
	if shared && sh.QualifiedPrefix != "" {
		return sh.QualifiedPrefix
	}
	return sh.Prefix
}

func svgHexPicture(d *svgDoc, m *scenarios.Module, s *scenarios.Scenario, opt Options) {
	ix := m.Index()
	mp := m.Map
	topo := rules.NewTopology(m)
	sides := svgSides(m.Game)

	// The sheets in play, in the scenario's order.
	var sheets []*scenarios.Sheet
	var playText []string
	for _, sp := range s.Maps.Sheets {
		sh := ix.Sheets[sp.Sheet]
		if sh == nil {
			d.caption = append(d.caption, fmt.Sprintf("The scenario names sheet %q, which the map does not define: not drawn.", sp.Sheet))
			continue
		}
		sheets = append(sheets, sh)
		t := sh.Name
		if sp.Part != "" && sp.Part != "all" {
			t += " (" + sp.Part
			if sp.Limit != "" {
				t += "; limit: " + sp.Limit
			}
			t += ")"
		}
		playText = append(playText, t)
	}
	if len(sheets) == 0 {
		for i := range mp.Sheets {
			if sh := &mp.Sheets[i]; sh.InPlay == nil || *sh.InPlay {
				sheets = append(sheets, sh)
				playText = append(playText, sh.Name)
			}
		}
		d.caption = append(d.caption, "The scenario names no sheets in play: the map's sheets are drawn.")
	}

	// Every hex of those sheets, one cell per physical hex.
	upper := map[[2]string]bool{}
	for _, o := range mp.Overlaps {
		upper[[2]string{o.Upper, o.Lower}] = true
	}
	cells := map[rules.Point]*svgHexCell{}
	frames := map[int]*svgFrame{}
	var frameOrder []*svgFrame
	sheetPts := map[string][]rules.Point{}
	for _, sh := range sheets {
		prefix := svgSheetPrefix(sh, s.Maps.Prefixes, mp.Sheets)
		for c := sh.Columns.Min; c <= sh.Columns.Max; c++ {
			for r := sh.Rows.Min; r <= sh.Rows.Max; r++ {
				loc := scenarios.Location{Sheet: sh, Col: c, Row: r}
				p, ok := topo.Point(loc)
				if !ok {
					continue
				}
				sheetPts[sh.ID] = append(sheetPts[sh.ID], p)
				key := loc.Key()
				digits := key[strings.IndexByte(key, ':')+1:]
				if ex := cells[p]; ex != nil {
					if upper[[2]string{sh.ID, ex.sheet.ID}] {
						ex.sheet, ex.id, ex.label = sh, prefix+digits, digits
					}
					continue
				}
				f := frames[p.Frame]
				if f == nil {
					f = &svgFrame{id: p.Frame, rows: sh.Orientation == "rows", up: sh.OddColumns == "up", d: p.X - c}
					if f.rows {
						f.d = p.Y - r
					}
					frames[p.Frame] = f
					frameOrder = append(frameOrder, f)
				}
				cell := &svgHexCell{p: p, sheet: sh, id: prefix + digits, label: digits}
				cells[p] = cell
				f.cells = append(f.cells, cell)
			}
		}
	}
	var all []rules.Point
	for _, f := range frameOrder {
		for _, c := range f.cells {
			all = append(all, c.p)
		}
	}

	pl := svgPlace(topo, m, s, func(p rules.Point) bool { return cells[p] != nil })
	rt := svgNewRegionTester(topo, s, sheets)

	// Victory locations, decided over every hex of the sheets in play.
	vp, vpCaptions := svgVictory(rt, all, s, ix, "not on the sheets in play")

	// The crop.
	cropText := "the sheets in play"
	for _, c := range cells {
		c.kept = true
	}
	if opt.Crop == CropSetup {
		used := append([]rules.Point(nil), pl.order...)
		for _, p := range all {
			if vp[p] {
				used = append(used, p)
			}
		}
		if len(used) == 0 {
			d.caption = append(d.caption, "Crop to the setup: nothing is placed on the map, so the sheets in play are drawn whole.")
		} else {
			cropText = fmt.Sprintf("the hexes of the setup and the victory locations, with a margin of %d", opt.Margin)
			type bounds struct{ x0, y0, x1, y1 int }
			bb := map[int]*bounds{}
			for _, p := range used {
				b := bb[p.Frame]
				if b == nil {
					bb[p.Frame] = &bounds{p.X, p.Y, p.X, p.Y}
					continue
				}
				b.x0, b.y0, b.x1, b.y1 = min(b.x0, p.X), min(b.y0, p.Y), max(b.x1, p.X), max(b.y1, p.Y)
			}
			for _, c := range cells {
				b := bb[c.p.Frame]
				c.kept = b != nil && c.p.X >= b.x0-opt.Margin && c.p.X <= b.x1+opt.Margin &&
					c.p.Y >= b.y0-opt.Margin && c.p.Y <= b.y1+opt.Margin
			}
		}
	}

	// Layout: frames side by side, each from its own top left.
	var kept []rules.Point
	cursor := 0.0
	drawnFrames := 0
	for _, f := range frameOrder {
		var fb svgBox
		for _, c := range f.cells {
			if c.kept {
				x, y := f.centre(c.p)
				fb.add(x, y)
			}
		}
		if !fb.set {
			continue
		}
		drawnFrames++
		for _, c := range f.cells {
			if c.kept {
				x, y := f.centre(c.p)
				c.x, c.y = x-fb.minX+cursor, y-fb.minY
				kept = append(kept, c.p)
			}
		}
		cursor += fb.width() + 4*svgR
	}
	rows := len(frameOrder) > 0 && frameOrder[0].rows
	halfW, halfH := svgR, svgSqrt3/2*svgR
	if rows {
		halfW, halfH = svgSqrt3/2*svgR, svgR
	}

	d.css = `#hexes use{fill:#fff;stroke:#b5b5b5;stroke-width:.7px}` +
		`#victory use{fill:#f2c400;fill-opacity:.5}` +
		`#numbers text{font-size:6px;fill:#8c8c8c;text-anchor:middle}` +
		`.sh{fill:none;stroke:#3d6b35;stroke-width:2.5px;stroke-dasharray:10 5}` +
		`.shl{font-size:15px;font-weight:bold;fill:#3d6b35}` +
		`.st{fill:none;stroke-width:1.8px}` +
		`.u{font-size:6.5px;font-weight:bold;text-anchor:middle}` +
		`.m{font-style:italic;font-weight:normal}` +
		`.cn{font-size:6.5px;font-weight:bold;fill:#fff;text-anchor:middle}`
	fmt.Fprintf(&d.defs, `<polygon id="hex" points="%s"/>`+"\n", svgHexPoints(rows))

	// Layers in drawing order: shading under the numbers, units on top.
	hexes, victory, restricted := d.layer("hexes"), d.layer("victory"), d.layer("restricted")
	numbers, sheetLayer, units := d.layer("numbers"), d.layer("sheets"), d.layer("units")

	// Hexes and their numbers.
	for _, p := range kept {
		c := cells[p]
		fmt.Fprintf(hexes, `<use href="#hex" x="%s" y="%s" data-hex="%s"/>`+"\n", svgNum(c.x), svgNum(c.y), svgEscape(c.id))
		fmt.Fprintf(numbers, `<text x="%s" y="%s">%s</text>`+"\n", svgNum(c.x), svgNum(c.y-0.58*svgR), svgEscape(c.label))
		d.box.addRect(c.x-halfW, c.y-halfH, 2*halfW, 2*halfH)
	}

	// Victory locations.
	vpDrawn := 0
	for _, p := range kept {
		if vp[p] {
			c := cells[p]
			fmt.Fprintf(victory, `<use href="#hex" x="%s" y="%s" data-hex="%s"/>`+"\n", svgNum(c.x), svgNum(c.y), svgEscape(c.id))
			vpDrawn++
		}
	}
	if vpDrawn > 0 {
		d.legend = append(d.legend, svgLegendItem{
			swatch: `<rect width="14" height="10" fill="#f2c400" fill-opacity=".5" stroke="#b5b5b5"/>`,
			text:   fmt.Sprintf("Victory location: a hex a VP award or a victory condition names by hex or by map feature (%d in the picture).", vpDrawn),
		})
	}

	// Restricted regions.
	for i, rr := range svgRestrictions(s) {
		fmt.Fprint(&d.defs, svgHatch(i))
		in, t := svgDecide(rt, kept, rr.effect.Region)
		for _, p := range kept {
			if in[p] {
				c := cells[p]
				fmt.Fprintf(restricted, `<use href="#hex" x="%s" y="%s" fill="url(#%s)" data-hex="%s"/>`+"\n", svgNum(c.x), svgNum(c.y), svgPatternID(i), svgEscape(c.id))
			}
		}
		text := rr.label()
		switch {
		case t.yes > 0:
			text += fmt.Sprintf(" Shaded: %d hexes.", t.yes)
		case t.unknown == 0:
			text += " No hex of the picture lies in it."
		default:
			text += " Not shaded: the map cannot place it."
		}
		d.legend = append(d.legend, svgLegendItem{
			swatch: fmt.Sprintf(`<rect width="14" height="10" fill="url(#%s)" stroke="#b5b5b5"/>`, svgPatternID(i)),
			text:   text,
		})
		if t.unknown > 0 {
			line := fmt.Sprintf("%s: %d hexes of the picture cannot be decided and are not shaded", svgRestrictionName(rr), t.unknown)
			if gaps := svgRegionGaps(rr.effect.Region, ix); len(gaps) > 0 {
				line += " (the map data lacks " + strings.Join(gaps, "; ") + ")"
			}
			d.caption = append(d.caption, line+".")
		}
	}

	// Sheet outlines, labelled with the sheet name outside the outline, on
	// no hex: where sheets overlap, a sheet's top edge runs through the
	// hexes of the sheet above it (the seam), so the label goes to the
	// first of the outline's corners that is clear.
	var hexBoxes []svgRect
	for _, p := range kept {
		c := cells[p]
		hexBoxes = append(hexBoxes, svgRect{c.x - halfW, c.y - halfH, 2 * halfW, 2 * halfH})
	}
	var labels []svgRect
	for _, sh := range sheets {
		var b svgBox
		for _, p := range sheetPts[sh.ID] {
			if c := cells[p]; c != nil && c.kept {
				b.add(c.x, c.y)
			}
		}
		if !b.set {
			continue
		}
		x, y := b.minX-halfW, b.minY-halfH
		w, h := b.width()+2*halfW, b.height()+2*halfH
		fmt.Fprintf(sheetLayer, `<rect class="sh" x="%s" y="%s" width="%s" height="%s"/>`+"\n", svgNum(x), svgNum(y), svgNum(w), svgNum(h))
		label := sh.Name
		if sh.QualifiedPrefix != "" {
			label += " (" + sh.QualifiedPrefix + ")"
		}
		lx, ly, box := svgSheetLabelAt(x, y, w, h, svgTextWidth(label, svgSheetLabelFont, true), hexBoxes, labels)
		labels = append(labels, box)
		fmt.Fprintf(sheetLayer, `<text class="shl" x="%s" y="%s">%s</text>`+"\n", svgNum(lx), svgNum(ly), svgEscape(label))
		if ly < y {
			d.box.addRect(x, y-24, w, h+24)
		} else {
			d.box.addRect(x, y, w, h+24)
		}
	}
	d.legend = append(d.legend, svgLegendItem{
		swatch: `<rect width="14" height="10" class="sh" style="stroke-dasharray:4 2;stroke-width:1.5px"/>`,
		text:   "Sheet outline, labelled with the sheet's name. Hex numbers as printed; where sheets overlap, the upper sheet's number.",
	})

	// Unit stacks.
	if !opt.NoUnits {
		for _, p := range pl.order {
			c := cells[p]
			if c == nil || !c.kept {
				continue
			}
			svgHexStack(units, c, pl.at[p], sides)
		}
		svgSidesLegend(d, sides, pl)
	}

	// Caption.
	head := fmt.Sprintf("%s: %s. Sheets in play: %s. %d hexes drawn; crop: %s.", s.ID, s.Title, strings.Join(playText, ", "), len(kept), cropText)
	d.caption = append([]string{head}, d.caption...)
	if drawnFrames > 1 {
		d.caption = append(d.caption, "Some sheets in play have no known registration to the others: they are drawn side by side, not in place.")
	}
	for _, o := range mp.Overlaps {
		a, b := ix.Sheets[o.Upper], ix.Sheets[o.Lower]
		if a == nil || b == nil || len(sheetPts[a.ID]) == 0 || len(sheetPts[b.ID]) == 0 || o.Provenance == "source" {
			continue
		}
		d.caption = append(d.caption, fmt.Sprintf("The overlap of %s on %s (%+d columns, %+d rows) is %s, not printed in the source.", a.Name, b.Name, o.ColumnOffset, o.RowOffset, o.Provenance))
	}
	var inferred []string
	for _, sh := range sheets {
		if sh.Extent == "inferred" {
			inferred = append(inferred, sh.Name)
		}
	}
	if len(inferred) > 0 {
		d.caption = append(d.caption, "Sheet extents are inferred from the hexes the source names, not printed: "+strings.Join(inferred, ", ")+".")
	}
	if !opt.NoUnits {
		d.caption = append(d.caption, pl.captions()...)
	}
	d.caption = append(d.caption, vpCaptions...)
	if line := svgMissingTopics(mp); line != "" {
		d.caption = append(d.caption, line)
	}
}

// svgSheetLabelFont is the size of a sheet's label (the .shl class).
const svgSheetLabelFont = 15.0

// svgRect is a box in picture units.
type svgRect struct{ x, y, w, h float64 }

func (r svgRect) overlaps(o svgRect) bool {
	return r.x < o.x+o.w && o.x < r.x+r.w && r.y < o.y+o.h && o.y < r.y+r.h
}

// svgTextWidth estimates the width of a line of sans-serif text: wide
// enough for the DejaVu and Liberation faces viewers substitute.
func svgTextWidth(text string, size float64, bold bool) float64 {
	em := 0.6
	if bold {
		em = 0.66
	}
	return float64(utf8.RuneCountInString(text)) * size * em
}

// svgSheetLabelAt places a sheet's label (width lw) at a corner of its
// outline (x, y, w, h): above it at the left, above at the right, below
// at the left, below at the right, the first that crosses no hex and no
// label placed before; where all do, the one that crosses fewest. It
// returns the text's baseline origin and its box.
func svgSheetLabelAt(x, y, w, h, lw float64, hexes, labels []svgRect) (float64, float64, svgRect) {
	const above, below = 7.0, 5 + svgSheetLabelFont // baseline offsets from the outline
	asc, desc := 0.8*svgSheetLabelFont, 0.25*svgSheetLabelFont
	type spot struct{ x, y float64 }
	spots := []spot{{x + 2, y - above}, {x + w - 2 - lw, y - above}, {x + 2, y + h + below}, {x + w - 2 - lw, y + h + below}}
	best, bestHits := 0, -1
	for i, sp := range spots {
		box := svgRect{sp.x, sp.y - asc, lw, asc + desc}
		hits := 0
		for _, o := range hexes {
			if box.overlaps(o) {
				hits++
			}
		}
		for _, o := range labels {
			if box.overlaps(o) {
				hits++
			}
		}
		if bestHits < 0 || hits < bestHits {
			best, bestHits = i, hits
		}
		if hits == 0 {
			break
		}
	}
	sp := spots[best]
	return sp.x, sp.y, svgRect{sp.x, sp.y - asc, lw, asc + desc}
}

func svgRestrictionName(rr svgRestriction) string {
	name := "Restricted region (" + rr.rule.Title + ")"
	if rr.rule.Number != "" {
		name = "Restricted region of special rule " + rr.rule.Number
	}
	sides := rr.effect.Sides
	if rr.effect.Side != "" {
		sides = append([]string{rr.effect.Side}, sides...)
	}
	if len(sides) > 0 {
		name += " (binds " + strings.Join(sides, ", ") + ")"
	}
	return name
}

// svgStackLines is the most names a hex shows; more are counted.
const svgStackLines = 6

// svgHexStack draws a stack: the hex outlined in its side's colour, the
// names centred on the hex (the text's anchor is the hex centre) and the
// number of counters in a badge.
func svgHexStack(w *strings.Builder, c *svgHexCell, items []svgItem, sides []svgSide) {
	stroke := ""
	for _, it := range items {
		col := svgSideColor(sides, it.side)
		if stroke == "" {
			stroke = col
		} else if stroke != col {
			stroke = "#555555"
		}
	}
	shown := items
	more := 0
	if len(items) > svgStackLines {
		shown, more = items[:svgStackLines-1], len(items)-(svgStackLines-1)
	}
	lines := len(shown)
	if more > 0 {
		lines++
	}
	const lh = 7.0
	fmt.Fprintf(w, `<g data-hex="%s">`, svgEscape(c.id))
	fmt.Fprintf(w, `<use href="#hex" x="%s" y="%s" class="st" stroke="%s"/>`, svgNum(c.x), svgNum(c.y), stroke)
	fmt.Fprintf(w, `<text class="u" x="%s" y="%s">`, svgNum(c.x), svgNum(c.y))
	dy := -float64(lines-1)/2*lh + 2.3
	for _, it := range shown {
		class := ""
		if it.marker {
			class = ` class="m"`
		}
		fmt.Fprintf(w, `<tspan x="%s" dy="%s" fill="%s"%s>%s</tspan>`, svgNum(c.x), svgNum(dy), svgSideColor(sides, it.side), class, svgEscape(it.name))
		dy = lh
	}
	if more > 0 {
		fmt.Fprintf(w, `<tspan x="%s" dy="%s" fill="#333333">+%d more</tspan>`, svgNum(c.x), svgNum(dy), more)
	}
	w.WriteString(`</text>`)
	if n := svgCount(items); n > 1 {
		bx, by := c.x+0.8*svgR, c.y-0.55*svgR
		fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="5" fill="%s"/><text class="cn" x="%s" y="%s">%d</text>`,
			svgNum(bx), svgNum(by), stroke, svgNum(bx), svgNum(by+2.3), n)
	}
	w.WriteString("</g>\n")
}
