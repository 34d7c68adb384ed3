package svg

// The setup picture (muster export svg): a scenario's map as SVG with the
// units at their set-up locations, the victory locations and the
// restricted regions of its special rules. Hex maps draw the hex grid of
// the sheets in play in the shared frame of overlapping sheets
// (hex.go); area maps, whose geometry the source lacks, draw a grid of
// labelled boxes (area.go). What the map data lacks is said in the
// caption, never guessed.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// SVG crop modes.
const (
	CropSheets = "sheets" // every hex of the sheets in play
	CropSetup  = "setup"  // the hexes used by the setup and victory, plus a margin
)

// Options tune the setup picture.
type Options struct {
	// Crop is CropSheets (the default when empty) or CropSetup.
	// Area maps are always drawn whole.
	Crop string
	// Margin is the number of hexes kept around the used ones with
	// CropSetup.
	Margin int
	// Draft, above 0, is the number of validation errors of a scenario
	// drawn as a draft (muster export svg --draft): a label above the
	// picture says so, and the title starts with it.
	Draft int
	// NoUnits draws the map alone, without the setup's counters and
	// markers (the replay page draws its own as the game goes); area boxes
	// keep the room the setup's lists need.
	NoUnits bool
}

// DraftText is the label of a draft picture: "DRAFT — 4 validation errors".
func DraftText(errors int) string {
	word := "errors"
	if errors == 1 {
		word = "error"
	}
	return fmt.Sprintf("DRAFT — %d validation %s", errors, word)
}

// Draw draws the setup of scenario s of module m as an SVG document.
func Draw(m *scenarios.Module, s *scenarios.Scenario, opt Options) ([]byte, error) {
	if m == nil || s == nil {
		return nil, fmt.Errorf("export: svg: no scenario")
	}
	switch opt.Crop {
	case "":
		opt.Crop = CropSheets
	case CropSheets, CropSetup:
	default:
		return nil, fmt.Errorf("export: svg: unknown crop %q (sheets or setup)", opt.Crop)
	}
	if opt.Margin < 0 {
		return nil, fmt.Errorf("export: svg: negative margin %d", opt.Margin)
	}
	d := &svgDoc{title: s.ID + ": " + s.Title + " (setup)"}
	if opt.Draft > 0 {
		d.draft = DraftText(opt.Draft)
		d.title = d.draft + ": " + d.title
	}
	switch {
	case m.Map == nil:
		d.caption = append(d.caption, "The game module has no map file: nothing to draw.")
	case m.Map.Kind == "area":
		svgAreaPicture(d, m, s, opt)
		if opt.Crop == CropSetup {
			d.caption = append(d.caption, "Crop to the setup applies to hex maps only: every area and zone is drawn.")
		}
	default:
		svgHexPicture(d, m, s, opt)
	}
	return d.bytes(), nil
}

// svgItem is one counter or marker drawn at a location.
type svgItem struct {
	name   string
	side   string
	marker bool
	count  int // counters or markers the item stands for (a start marker's count)
}

// svgPlacement is where a scenario's setup rows and start markers stand.
type svgPlacement struct {
	at    map[rules.Point][]svgItem
	order []rules.Point // first-seen order, so output is deterministic
	// Rows not at a map location at the start, by reason.
	entries, boxes int
	chosen         []string // placed by the player's choice
	elsewhere      []string // "Name (S9999: why)"
	offMap         []string // start markers on tracks and in boxes
	rowsMissing    []string // "side: where the rows are"
}

func (pl *svgPlacement) add(p rules.Point, it svgItem) {
	if _, ok := pl.at[p]; !ok {
		pl.order = append(pl.order, p)
	}
	pl.at[p] = append(pl.at[p], it)
}

// svgPlace locates the setup rows and the start markers; drawn reports
// whether a point is in the picture.
func svgPlace(topo *rules.Topology, m *scenarios.Module, s *scenarios.Scenario, drawn func(rules.Point) bool) *svgPlacement {
	ix := m.Index()
	pl := &svgPlacement{at: map[rules.Point][]svgItem{}}
	locate := func(name, at string, it svgItem) {
		p, _, err := topo.Locate(at, s.Maps.Prefixes)
		switch {
		case err != nil:
			pl.elsewhere = append(pl.elsewhere, fmt.Sprintf("%s (%s: %v)", name, at, err))
		case !drawn(p):
			pl.elsewhere = append(pl.elsewhere, fmt.Sprintf("%s (%s, not on the sheets in play)", name, at))
		default:
			pl.add(p, it)
		}
	}
	for _, t := range s.Setup {
		if t.RowsMissing != "" && len(t.Rows) == 0 {
			pl.rowsMissing = append(pl.rowsMissing, t.Side+": "+t.RowsMissing)
		}
		for _, r := range t.Rows {
			switch {
			case r.Hex != "":
				locate(r.Name, r.Hex, svgItem{name: r.Name, side: t.Side, marker: r.Marker != "", count: 1})
			case r.Entry != nil:
				pl.entries++
			case r.Box != "":
				pl.boxes++
			case r.Placement != nil:
				pl.chosen = append(pl.chosen, r.Name+" ("+r.Placement.Text+")")
			default:
				pl.elsewhere = append(pl.elsewhere, r.Name+" (no location given)")
			}
		}
	}
	if s.Start != nil {
		for _, mk := range s.Start.Markers {
			name := mk.Marker
			if x := ix.Markers[mk.Marker]; x != nil {
				name = x.Name
			}
			if mk.Unit != "" {
				name = mk.Unit
				if c := ix.Counters[mk.Unit]; c != nil {
					name = c.Name
				}
			}
			if mk.Count > 1 {
				name = fmt.Sprintf("%s ×%d", name, mk.Count)
			}
			if mk.At != "" {
				locate(name, mk.At, svgItem{name: name, side: mk.Side, marker: mk.Unit == "", count: max(1, mk.Count)})
				continue
			}
			where := mk.Box
			if where == "" && len(mk.Hexside) > 0 {
				where = "hexside " + strings.Join(mk.Hexside, "/")
			}
			if where == "" {
				where = "placed as the scenario says"
			}
			pl.offMap = append(pl.offMap, name+" ("+where+")")
		}
	}
	return pl
}

// captions says what the picture leaves out of the setup.
func (pl *svgPlacement) captions() []string {
	var out []string
	for _, r := range pl.rowsMissing {
		out = append(out, "Setup rows not in the source, so no units are drawn for "+r+".")
	}
	var parts []string
	if pl.entries > 0 {
		parts = append(parts, fmt.Sprintf("%d enter later", pl.entries))
	}
	if pl.boxes > 0 {
		parts = append(parts, fmt.Sprintf("%d start in off-map boxes", pl.boxes))
	}
	if len(pl.chosen) > 0 {
		parts = append(parts, fmt.Sprintf("%d are placed by the player's choice: %s", len(pl.chosen), svgList(pl.chosen, 6)))
	}
	if len(parts) > 0 {
		out = append(out, "Setup rows not on the map at the start: "+strings.Join(parts, "; ")+".")
	}
	if len(pl.elsewhere) > 0 {
		out = append(out, "Not drawn: "+svgList(pl.elsewhere, 8)+".")
	}
	if len(pl.offMap) > 0 {
		out = append(out, "Start markers off the map: "+svgList(pl.offMap, 8)+".")
	}
	return out
}

// svgCount is the number of counters and markers of a stack.
func svgCount(items []svgItem) int {
	n := 0
	for _, it := range items {
		n += it.count
	}
	return n
}

// svgList joins up to max items and says how many more there are.
func svgList(items []string, max int) string {
	if len(items) <= max {
		return strings.Join(items, "; ")
	}
	return strings.Join(items[:max], "; ") + fmt.Sprintf("; and %d more", len(items)-max)
}

// svgSidePalette colours the sides: the two Civil War sides in their
// customary blue and red-brown, any other side from a fixed list.
var svgSidePalette = []string{"#2e7d32", "#6a1b9a", "#ef6c00", "#00838f"}

type svgSide struct {
	id, name    string
	color, tint string // labels; a light fill for areas of the side's sector
}

func svgSides(g *scenarios.Game) []svgSide {
	var out []svgSide
	if g == nil {
		return out
	}
	next := 0
	for _, sd := range g.Sides {
		c := svgSide{id: sd.ID, name: sd.Name}
		switch sd.ID {
		case "union":
			c.color, c.tint = "#1c4f9c", "#dde7f6"
		case "confederate":
			c.color, c.tint = "#8b2323", "#f6e0dc"
		default:
			c.color = svgSidePalette[next%len(svgSidePalette)]
			c.tint = "#eeeeee"
			next++
		}
		out = append(out, c)
	}
	return out
}

// SideColor is the colour the picture gives a side's labels (and the
// replay its counters): the same side, the same colour everywhere.
func SideColor(g *scenarios.Game, side string) string {
	return svgSideColor(svgSides(g), side)
}

func svgSideColor(sides []svgSide, id string) string {
	for _, s := range sides {
		if s.id == id {
			return s.color
		}
	}
	return "#333333" // a marker of no side
}

// svgSidesLegend gives a legend line per side with units in the picture.
func svgSidesLegend(d *svgDoc, sides []svgSide, pl *svgPlacement) {
	used := map[string]int{}
	for _, items := range pl.at {
		for _, it := range items {
			used[it.side] += it.count
		}
	}
	for _, sd := range sides {
		if used[sd.id] == 0 {
			continue
		}
		d.legend = append(d.legend, svgLegendItem{
			swatch: fmt.Sprintf(`<rect width="14" height="10" fill="%s"/>`, sd.color),
			text:   fmt.Sprintf("%s: %d counters and markers at their start locations (names in this colour; markers in italics).", sd.name, used[sd.id]),
		})
	}
	if used[""] > 0 {
		d.legend = append(d.legend, svgLegendItem{
			swatch: `<rect width="14" height="10" fill="#333333"/>`,
			text:   fmt.Sprintf("Markers of no side: %d.", used[""]),
		})
	}
}

// svgMissingTopics is the caption line naming the map topics the module
// lacks: each is something a map picture would show.
func svgMissingTopics(mp *scenarios.Map) string {
	if len(mp.Missing) == 0 {
		return ""
	}
	topics := make([]string, len(mp.Missing))
	for i, t := range mp.Missing {
		topics[i] = t.Topic
	}
	sort.Strings(topics)
	return "Not in the map data, so not drawn: " + strings.Join(topics, ", ") + " (see map.json \"missing\")."
}

// svgPatternID names the fill pattern of restriction i.
func svgPatternID(i int) string { return fmt.Sprintf("rr%d", i+1) }

// svgHatch returns the pattern of restriction i: diagonal stripes in a
// colour and direction of its own, so overlapping regions stay apart.
func svgHatch(i int) string {
	colors := []string{"#d62728", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"}
	angles := []int{45, -45, 0, 90, 30, -60}
	return fmt.Sprintf(`<pattern id="%s" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(%d)"><rect width="2" height="6" fill="%s" fill-opacity=".4"/></pattern>`+"\n",
		svgPatternID(i), angles[i%len(angles)], colors[i%len(colors)])
}
