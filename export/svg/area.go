package svg

// The area-map picture. The source gives the areas and zones (ids, names,
// sectors) but not where they lie or which touch, so the picture is a grid
// of labelled boxes in id order, coloured by sector, each listing the
// units that set up in it. The caption says the grid is not the map.

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

const (
	svgAreaW       = 150.0 // box width
	svgAreaGap     = 8.0
	svgAreaCols    = 10
	svgAreaLine    = 10.0 // line height of the unit list
	svgAreaHead    = 26.0 // id and name above the list
	svgAreaMaxList = 14   // most names a box lists; more are counted
)

func svgAreaPicture(d *svgDoc, m *scenarios.Module, s *scenarios.Scenario, opt Options) {
	ix := m.Index()
	mp := m.Map
	topo := rules.NewTopology(m)
	sides := svgSides(m.Game)

	pl := svgPlace(topo, m, s, func(p rules.Point) bool { return p.Area != "" && ix.Areas[p.Area] != nil })
	rt := svgNewRegionTester(topo, s, nil)
	var pts []rules.Point
	for i := range mp.Areas {
		pts = append(pts, rules.Point{Frame: -1, Area: mp.Areas[i].ID})
	}

	// Sectors: the map's sector regions first, the area's own field after.
	sector := map[string]string{}     // area id -> side id
	sectorName := map[string]string{} // side id -> sector name
	for _, r := range mp.Regions {
		if r.Kind != "sector" {
			continue
		}
		side := ""
		for _, sd := range sides {
			if strings.Contains(r.ID, sd.id) {
				side = sd.id
			}
		}
		if side == "" {
			continue
		}
		sectorName[side] = r.Name
		for _, id := range r.Hexes {
			sector[id] = side
		}
	}
	for _, a := range mp.Areas {
		if _, ok := sector[a.ID]; !ok && a.Sector != "" {
			sector[a.ID] = a.Sector
		}
	}
	tint := func(side string) string {
		for _, sd := range sides {
			if sd.id == side {
				return sd.tint
			}
		}
		return "#f4f4f4"
	}

	vp, vpCaptions := svgVictory(rt, pts, s, ix, "no area of the map")
	restrictions := svgRestrictions(s)
	restrictedIn := make([]map[rules.Point]bool, len(restrictions))
	for i, rr := range restrictions {
		fmt.Fprint(&d.defs, svgHatch(i))
		in, t := svgDecide(rt, pts, rr.effect.Region)
		restrictedIn[i] = in
		text := rr.label() + fmt.Sprintf(" Shaded: %d areas and zones.", t.yes)
		d.legend = append(d.legend, svgLegendItem{
			swatch: fmt.Sprintf(`<rect width="14" height="10" fill="url(#%s)" stroke="#999"/>`, svgPatternID(i)),
			text:   text,
		})
		if t.unknown > 0 {
			line := fmt.Sprintf("%s: %d areas and zones cannot be decided and are not shaded", svgRestrictionName(rr), t.unknown)
			if gaps := svgRegionGaps(rr.effect.Region, ix); len(gaps) > 0 {
				line += " (the map data lacks " + strings.Join(gaps, "; ") + ")"
			}
			d.caption = append(d.caption, line+".")
		}
	}

	// One box height for all, from the longest list.
	most := 1
	for _, items := range pl.at {
		most = max(most, min(len(items), svgAreaMaxList))
	}
	boxH := svgAreaHead + float64(most)*svgAreaLine + 6

	d.css = `.ab{stroke:#888;stroke-width:1px}` +
		`.aid{font-size:12px;font-weight:bold}` +
		`.an{font-size:8.5px;fill:#444}` +
		`.ul{font-size:8.5px}` +
		`.m{font-style:italic}` +
		`.vp{fill:none;stroke:#d00000;stroke-width:1.6px}` +
		`.kh{font-size:14px;font-weight:bold}`

	boxes := d.layer("areas")
	y := 0.0
	drawn := 0
	for _, kind := range []string{"area", "zone", ""} {
		var group []*scenarios.Area
		for i := range mp.Areas {
			a := &mp.Areas[i]
			if a.Kind == kind || kind == "" && a.Kind != "area" && a.Kind != "zone" {
				group = append(group, a)
			}
		}
		if len(group) == 0 {
			continue
		}
		heading := map[string]string{"area": "Areas", "zone": "Zones", "": "Other locations"}[kind]
		fmt.Fprintf(boxes, `<text class="kh" x="0" y="%s">%s</text>`+"\n", svgNum(y+14), heading)
		d.box.add(0, y)
		y += 22
		for i, a := range group {
			x := float64(i%svgAreaCols) * (svgAreaW + svgAreaGap)
			by := y + float64(i/svgAreaCols)*(boxH+svgAreaGap)
			p := rules.Point{Frame: -1, Area: a.ID}
			items := pl.at[p]
			if opt.NoUnits {
				items = nil
			}
			svgAreaBox(boxes, a, x, by, boxH, tint(sector[a.ID]), items, sides, vp[p], ix)
			for j := range restrictions {
				if restrictedIn[j][p] {
					fmt.Fprintf(boxes, `<rect x="%s" y="%s" width="%s" height="%s" fill="url(#%s)"/>`+"\n", svgNum(x), svgNum(by), svgNum(svgAreaW), svgNum(boxH), svgPatternID(j))
				}
			}
			d.box.addRect(x, by, svgAreaW, boxH)
			drawn++
		}
		y += float64((len(group)+svgAreaCols-1)/svgAreaCols)*(boxH+svgAreaGap) + 10
	}

	// Legend.
	for _, sd := range sides {
		if n, ok := sectorName[sd.id]; ok {
			d.legend = append(d.legend, svgLegendItem{
				swatch: fmt.Sprintf(`<rect width="14" height="10" fill="%s" class="ab"/>`, sd.tint),
				text:   n + " (from the map's sector regions).",
			})
		}
	}
	if len(vp) > 0 {
		d.legend = append(d.legend, svgLegendItem{
			swatch: `<ellipse cx="7" cy="5" rx="7" ry="5" class="vp"/>`,
			text:   fmt.Sprintf("Victory location: an area or zone a VP award or a victory condition names (%d); its identifier is ringed in red.", len(vp)),
		})
	}
	if !opt.NoUnits {
		svgSidesLegend(d, sides, pl)
	}

	// Caption.
	head := fmt.Sprintf("%s: %s. Area map: %d areas and zones.", s.ID, s.Title, drawn)
	d.caption = append([]string{head,
		"The source gives no area adjacency or geometry, so the areas and zones are drawn as a grid in id order, not as they lie on the map; the grid shows no adjacency."},
		d.caption...)
	if !opt.NoUnits {
		d.caption = append(d.caption, pl.captions()...)
	}
	d.caption = append(d.caption, vpCaptions...)
	if line := svgMissingTopics(mp); line != "" {
		d.caption = append(d.caption, line)
	}
}

// svgAreaBox draws one area or zone: its identifier (ringed in red for a
// victory location), its name, and the units listed in side colours.
func svgAreaBox(w *strings.Builder, a *scenarios.Area, x, y, h float64, fill string, items []svgItem, sides []svgSide, vp bool, ix *scenarios.Index) {
	fmt.Fprintf(w, `<g data-area="%s">`, svgEscape(a.ID))
	fmt.Fprintf(w, `<rect class="ab" x="%s" y="%s" width="%s" height="%s" rx="4" fill="%s"/>`, svgNum(x), svgNum(y), svgNum(svgAreaW), svgNum(h), fill)
	fmt.Fprintf(w, `<text class="aid" x="%s" y="%s">%s</text>`, svgNum(x+6), svgNum(y+15), svgEscape(a.ID))
	if vp {
		rx := 4 + 3.8*float64(len(a.ID))
		fmt.Fprintf(w, `<ellipse class="vp" cx="%s" cy="%s" rx="%s" ry="9"/>`, svgNum(x+6+rx-4), svgNum(y+11), svgNum(rx))
	}
	name := a.Name
	if name == "" {
		if names := ix.Places["area:"+a.ID]; len(names) > 0 {
			name = names[0]
		}
	}
	if n := svgCount(items); n > 0 {
		if name != "" {
			name += " · "
		}
		name += fmt.Sprintf("%d counters", n)
		if n == 1 {
			name = strings.TrimSuffix(name, "s")
		}
	}
	if name != "" {
		fmt.Fprintf(w, `<text class="an" x="%s" y="%s">%s</text>`, svgNum(x+12+7.5*float64(len(a.ID))), svgNum(y+14), svgEscape(name))
	}
	if len(items) > 0 {
		shown, more := items, 0
		if len(items) > svgAreaMaxList {
			shown, more = items[:svgAreaMaxList-1], len(items)-(svgAreaMaxList-1)
		}
		fmt.Fprintf(w, `<text class="ul" x="%s" y="%s">`, svgNum(x+6), svgNum(y+svgAreaHead))
		for i, it := range shown {
			dy := svgAreaLine
			if i == 0 {
				dy = 0
			}
			class := ""
			if it.marker {
				class = ` class="m"`
			}
			fmt.Fprintf(w, `<tspan x="%s" dy="%s" fill="%s"%s>%s</tspan>`, svgNum(x+6), svgNum(dy), svgSideColor(sides, it.side), class, svgEscape(it.name))
		}
		if more > 0 {
			fmt.Fprintf(w, `<tspan x="%s" dy="%s" fill="#333333">+%d more</tspan>`, svgNum(x+6), svgNum(svgAreaLine), more)
		}
		w.WriteString(`</text>`)
	}
	w.WriteString("</g>\n")
}
