package svg

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// svgNode is a generic XML element, enough to read the picture back.
type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []svgNode  `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *svgNode) num(t *testing.T, name string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(n.attr(name), 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.XMLName.Local, name, n.attr(name), err)
	}
	return v
}

// text is the element's text with that of its children.
func (n *svgNode) text() string {
	var b strings.Builder
	b.WriteString(n.Text)
	for i := range n.Nodes {
		b.WriteString(n.Nodes[i].text())
	}
	return b.String()
}

func (n *svgNode) walk(f func(*svgNode)) {
	f(n)
	for i := range n.Nodes {
		n.Nodes[i].walk(f)
	}
}

// group returns the <g id=...> child of the root.
func (n *svgNode) group(t *testing.T, id string) *svgNode {
	t.Helper()
	for i := range n.Nodes {
		if n.Nodes[i].XMLName.Local == "g" && n.Nodes[i].attr("id") == id {
			return &n.Nodes[i]
		}
	}
	t.Fatalf("no <g id=%q>", id)
	return nil
}

// svgParse checks that data is well-formed XML with an <svg> root that has
// a four-number viewBox, and returns the root.
func svgParse(t *testing.T, data []byte) *svgNode {
	t.Helper()
	var root svgNode
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	if err := dec.Decode(&root); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root is %v, want svg in the SVG namespace", root.XMLName)
	}
	vb := strings.Fields(root.attr("viewBox"))
	if len(vb) != 4 {
		t.Fatalf("viewBox %q", root.attr("viewBox"))
	}
	for i, f := range vb {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || i >= 2 && v <= 0 {
			t.Fatalf("viewBox %q", root.attr("viewBox"))
		}
	}
	return &root
}

func svgBuiltin(t testing.TB, id string) *scenarios.ScenarioFile {
	t.Helper()
	sf := scenarios.Builtin().Scenario(id)
	if sf == nil || sf.Scenario == nil {
		t.Fatalf("no built-in scenario %s", id)
	}
	return sf
}

func svgRender(t *testing.T, sf *scenarios.ScenarioFile, opt Options) (*svgNode, []byte) {
	t.Helper()
	data, err := Draw(sf.Module, sf.Scenario, opt)
	if err != nil {
		t.Fatal(err)
	}
	return svgParse(t, data), data
}

// svgCells maps data-hex to the <use> of a layer.
func svgCells(t *testing.T, layer *svgNode) map[string]*svgNode {
	t.Helper()
	out := map[string]*svgNode{}
	for i := range layer.Nodes {
		n := &layer.Nodes[i]
		if n.XMLName.Local != "use" {
			continue
		}
		id := n.attr("data-hex")
		if out[id] != nil {
			t.Errorf("hex %s drawn twice in <g id=%q>", id, layer.attr("id"))
		}
		out[id] = n
	}
	return out
}

func svgCaption(root *svgNode) string {
	var b strings.Builder
	for i := range root.Nodes {
		if root.Nodes[i].attr("id") == "legend" {
			root.Nodes[i].walk(func(n *svgNode) {
				if n.XMLName.Local == "text" {
					b.WriteString(n.text() + "\n")
				}
			})
		}
	}
	return b.String()
}

func TestSVGEveryShippedScenario(t *testing.T) {
	n := 0
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			for _, crop := range []string{CropSheets, CropSetup} {
				root, data := svgRender(t, sf, Options{Crop: crop, Margin: 2})
				if len(data) > 1<<20 {
					t.Errorf("%s: %d bytes; a setup picture should stay under 1 MiB", sf.Scenario.ID, len(data))
				}
				if !strings.Contains(svgCaption(root), sf.Scenario.ID+": "+sf.Scenario.Title) {
					t.Errorf("%s: the caption does not name the scenario", sf.Scenario.ID)
				}
			}
			n++
		}
	}
	if n != 17 {
		t.Errorf("%d shipped scenarios drawn, want 17", n)
	}
}

// TestSVGTPC01 reads the tpc-01 picture back: one cell per hex of the sheet
// in play, units at their hexes' centres, the Petersburg VP hexes shaded
// and the restricted regions shaded where the map decides them.
func TestSVGTPC01(t *testing.T) {
	sf := svgBuiltin(t, "tpc-01")
	root, _ := svgRender(t, sf, Options{})
	sheet := sf.Module.Index().Sheets["otr-south"]
	want := (sheet.Columns.Max - sheet.Columns.Min + 1) * (sheet.Rows.Max - sheet.Rows.Min + 1)
	cells := svgCells(t, root.group(t, "hexes"))
	if len(cells) != want || want != 576 {
		t.Fatalf("%d hex cells, want %d (OTR South's 24 by 24)", len(cells), want)
	}
	for _, id := range []string{"S0101", "S2424", "S0910", "S1224"} {
		if cells[id] == nil {
			t.Errorf("no cell for %s", id)
		}
	}

	// Hex numbers sit in their hexes.
	numbers := map[string]*svgNode{}
	for i := range root.group(t, "numbers").Nodes {
		n := &root.group(t, "numbers").Nodes[i]
		numbers[n.text()] = n
	}
	if len(numbers) != want {
		t.Errorf("%d distinct hex numbers, want %d", len(numbers), want)
	}
	c := cells["S0910"]
	if num := numbers["0910"]; num == nil || num.num(t, "x") != c.num(t, "x") || math.Abs(num.num(t, "y")-(c.num(t, "y")-0.58*svgR)) > 0.11 {
		t.Errorf("number 0910 is not at the top of hex S0910: %+v vs %+v", numbers["0910"], c)
	}

	// Dearing-B (Confederate cavalry, S0910) is labelled at S0910's centre.
	found := false
	root.group(t, "units").walk(func(n *svgNode) {
		if n.XMLName.Local == "text" && n.attr("class") == "u" && strings.Contains(n.text(), "Dearing-B") {
			found = true
			if n.num(t, "x") != c.num(t, "x") || n.num(t, "y") != c.num(t, "y") {
				t.Errorf("Dearing-B label at (%v,%v), want S0910's centre (%v,%v)", n.attr("x"), n.attr("y"), c.attr("x"), c.attr("y"))
			}
			if fill := n.Nodes[0].attr("fill"); fill != "#8b2323" {
				t.Errorf("Dearing-B in %s, want the Confederate colour", fill)
			}
		}
	})
	if !found {
		t.Error("no label for Dearing-B")
	}
	// The Drewry's Bluff stack (S0301) holds six counters: six names and a
	// count badge of 6.
	var stack *svgNode
	root.group(t, "units").walk(func(n *svgNode) {
		if n.XMLName.Local == "g" && n.attr("data-hex") == "S0301" {
			stack = n
		}
	})
	if stack == nil || !strings.Contains(stack.text(), "Ransom") || !strings.Contains(stack.text(), "Martin") || !strings.HasSuffix(stack.text(), "6") {
		t.Errorf("S0301 stack: %+v", stack)
	}

	// Victory: both Petersburg hexes (S0413, S0513) are shaded, at their cells.
	vp := svgCells(t, root.group(t, "victory"))
	for _, id := range []string{"S0413", "S0513"} {
		v := vp[id]
		if v == nil || v.attr("x") != cells[id].attr("x") || v.attr("y") != cells[id].attr("y") {
			t.Errorf("VP hex %s not shaded at its cell: %+v", id, v)
		}
	}
	if vp["S0910"] != nil {
		t.Error("S0910 is shaded as a victory location")
	}

	// Restricted regions: Sxx16 and south (rr1), the 07xx column north of
	// the Appomattox (rr2: undecidable, the river bank has no hexes), 03xx
	// and west (rr3).
	in := map[string]map[string]bool{}
	for _, n := range root.group(t, "restricted").Nodes {
		fill := strings.TrimSuffix(strings.TrimPrefix(n.attr("fill"), "url(#"), ")")
		if in[fill] == nil {
			in[fill] = map[string]bool{}
		}
		in[fill][n.attr("data-hex")] = true
	}
	if len(in["rr1"]) != 24*9 || !in["rr1"]["S0116"] || !in["rr1"]["S2424"] || in["rr1"]["S0115"] {
		t.Errorf("rr1 (Sxx16 and south): %d hexes", len(in["rr1"]))
	}
	if len(in["rr2"]) != 0 {
		t.Errorf("rr2 shaded %d hexes; the map cannot place the Appomattox", len(in["rr2"]))
	}
	if len(in["rr3"]) != 3*24 || !in["rr3"]["S0310"] || in["rr3"]["S0410"] {
		t.Errorf("rr3 (03xx and west): %d hexes", len(in["rr3"]))
	}
	cap := svgCaption(root)
	for _, w := range []string{"24 hexes of the picture cannot be decided", "north-of-appomattox", "Not in the map data, so not drawn:", "river-banks", "576 hexes drawn"} {
		if !strings.Contains(cap, w) {
			t.Errorf("caption lacks %q:\n%s", w, cap)
		}
	}
}

// TestSVGHexGeometry checks the drawn grid against the topology: two
// drawn hexes touch (centres one hex apart) exactly when the topology puts
// them at distance 1, across the overlapping sheets of tpc-11.
func TestSVGHexGeometry(t *testing.T) {
	for _, id := range []string{"tpc-01", "tpc-11", "uscw-s1"} {
		sf := svgBuiltin(t, id)
		root, _ := svgRender(t, sf, Options{})
		topo := rules.NewTopology(sf.Module)
		type cell struct {
			p    rules.Point
			x, y float64
		}
		var all []cell
		bucket := map[[2]int][]int{}
		for _, n := range svgCells(t, root.group(t, "hexes")) {
			p, _, err := topo.Locate(n.attr("data-hex"), sf.Scenario.Maps.Prefixes)
			if err != nil {
				t.Fatalf("%s: cell %s: %v", id, n.attr("data-hex"), err)
			}
			c := cell{p, n.num(t, "x"), n.num(t, "y")}
			k := [2]int{int(math.Floor(c.x / 50)), int(math.Floor(c.y / 50))}
			bucket[k] = append(bucket[k], len(all))
			all = append(all, c)
		}
		step := svgSqrt3 * svgR
		pairs := 0
		for i, a := range all {
			kx, ky := int(math.Floor(a.x/50)), int(math.Floor(a.y/50))
			geo := 0
			for dx := -1; dx <= 1; dx++ {
				for dy := -1; dy <= 1; dy++ {
					for _, j := range bucket[[2]int{kx + dx, ky + dy}] {
						if j == i {
							continue
						}
						b := all[j]
						dist := math.Hypot(a.x-b.x, a.y-b.y)
						if dist < step-0.5 {
							t.Fatalf("%s: %v and %v overlap (%.1f apart)", id, a.p, b.p, dist)
						}
						if dist < step+0.5 {
							geo++
							if d, ok := topo.Distance(a.p, b.p); !ok || d != 1 {
								t.Fatalf("%s: %v and %v touch in the picture but the topology says %d (%v)", id, a.p, b.p, d, ok)
							}
						}
					}
				}
			}
			pairs += geo
			if geo > 6 {
				t.Fatalf("%s: %v has %d neighbours", id, a.p, geo)
			}
		}
		if pairs < len(all)*4 { // interior hexes have six neighbours
			t.Errorf("%s: only %d neighbour pairs among %d hexes", id, pairs/2, len(all))
		}
	}
}

// TestSVGOverlapTPC11: the three sheets of tpc-11 share one frame, so a
// hex of the OTR North / OTR South overlap is drawn once, under the upper
// sheet's number.
func TestSVGOverlapTPC11(t *testing.T) {
	sf := svgBuiltin(t, "tpc-11")
	root, _ := svgRender(t, sf, Options{})
	ix := sf.Module.Index()
	topo := rules.NewTopology(sf.Module)
	distinct := map[rules.Point]bool{}
	for _, id := range []string{"gtc-south", "otr-south", "otr-north"} {
		sh := ix.Sheets[id]
		for c := sh.Columns.Min; c <= sh.Columns.Max; c++ {
			for r := sh.Rows.Min; r <= sh.Rows.Max; r++ {
				p, _ := topo.Point(scenarios.Location{Sheet: sh, Col: c, Row: r})
				distinct[p] = true
			}
		}
	}
	cells := svgCells(t, root.group(t, "hexes"))
	if len(cells) != len(distinct) || len(distinct) >= 24*24+38*31+39*26 {
		t.Errorf("%d cells, want %d distinct hexes (fewer than the sheets' sum: they overlap)", len(cells), len(distinct))
	}
	// OTR S0101 is OTR N0534 (N lies over S at +4,+33): one cell, numbered N.
	if cells["S0101"] != nil || cells["N0534"] == nil {
		t.Errorf("the overlap hex should be drawn once as N0534: S0101=%v N0534=%v", cells["S0101"] != nil, cells["N0534"] != nil)
	}
	if !strings.Contains(svgCaption(root), "The overlap of OTR North on OTR South (+4 columns, +33 rows) is inferred") {
		t.Errorf("caption does not say the overlap is inferred:\n%s", svgCaption(root))
	}
	var sheets []string
	for _, n := range root.group(t, "sheets").Nodes {
		if n.XMLName.Local == "text" {
			sheets = append(sheets, n.text())
		}
	}
	if strings.Join(sheets, "|") != "GTC South (GTC S)|OTR South (OTR S)|OTR North (OTR N)" {
		t.Errorf("sheet labels %q", sheets)
	}
}

// TestSVGCropSetup: --crop setup keeps the box of the used hexes (units,
// markers and victory locations) plus the margin, clipped to the sheet.
func TestSVGCropSetup(t *testing.T) {
	sf := svgBuiltin(t, "tpc-01")
	ix := sf.Module.Index()
	minC, minR, maxC, maxR := 99, 99, 0, 0
	use := func(id string) {
		loc, err := ix.Resolve(id, sf.Scenario.Maps.Prefixes)
		if err != nil {
			t.Fatal(err)
		}
		minC, maxC = min(minC, loc.Col), max(maxC, loc.Col)
		minR, maxR = min(minR, loc.Row), max(maxR, loc.Row)
	}
	for _, tab := range sf.Scenario.Setup {
		for _, r := range tab.Rows {
			use(r.Hex)
		}
	}
	use("S0413")
	use("S0513")
	for _, h := range ix.Features["redoubts"].Hexes {
		use(h)
	}
	for _, margin := range []int{0, 2, 30} {
		root, _ := svgRender(t, sf, Options{Crop: CropSetup, Margin: margin})
		cols := min(maxC+margin, 24) - max(minC-margin, 1) + 1
		rows := min(maxR+margin, 24) - max(minR-margin, 1) + 1
		if got := len(svgCells(t, root.group(t, "hexes"))); got != cols*rows {
			t.Errorf("margin %d: %d cells, want %d (columns %d-%d, rows %d-%d)", margin, got, cols*rows, minC, maxC, minR, maxR)
		}
	}
}

// TestSVGLGV01: a box per area and zone, units listed in their area,
// boxes coloured by sector.
func TestSVGLGV01(t *testing.T) {
	sf := svgBuiltin(t, "lgv-01")
	root, _ := svgRender(t, sf, Options{})
	boxes := map[string]*svgNode{}
	for i := range root.group(t, "areas").Nodes {
		n := &root.group(t, "areas").Nodes[i]
		if n.XMLName.Local == "g" {
			boxes[n.attr("data-area")] = n
		}
	}
	if len(boxes) != len(sf.Module.Map.Areas) || len(boxes) != 91 {
		t.Fatalf("%d boxes, want one per area and zone (%d)", len(boxes), len(sf.Module.Map.Areas))
	}
	listed := func(area string) []string {
		var names []string
		boxes[area].walk(func(n *svgNode) {
			if n.XMLName.Local == "tspan" {
				names = append(names, n.text())
			}
		})
		return names
	}
	if got := listed("73"); strings.Join(got, ",") != "Hooker,Patrick,CT Artillery,Gibbon" {
		t.Errorf("area 73 lists %q", got)
	}
	if got := listed("C"); strings.Join(got, ",") != "Pendelton,Cutts,Nelson" {
		t.Errorf("zone C lists %q", got)
	}
	fill := func(area string) string { return boxes[area].Nodes[0].attr("fill") }
	if fill("73") != "#dde7f6" || fill("H") != "#dde7f6" || fill("3") != "#f6e0dc" || fill("C") != "#f6e0dc" {
		t.Errorf("sector fills: 73 %s, H %s, 3 %s, C %s", fill("73"), fill("H"), fill("3"), fill("C"))
	}
	// The six VP areas are ringed.
	var ringed []string
	for id, b := range boxes {
		b.walk(func(n *svgNode) {
			if n.XMLName.Local == "ellipse" && n.attr("class") == "vp" {
				ringed = append(ringed, id)
			}
		})
	}
	for _, id := range []string{"6", "7", "8", "27", "43", "47"} {
		if !strings.Contains(","+strings.Join(ringed, ",")+",", ","+id+",") {
			t.Errorf("VP area %s is not ringed (ringed: %v)", id, ringed)
		}
	}
	if len(ringed) > 12 {
		t.Errorf("%d victory locations ringed; the sector named by a 'not controlled' condition must not count", len(ringed))
	}
	cap := svgCaption(root)
	for _, w := range []string{"no area adjacency or geometry", "Colgate Engineer (with any Union Leader*)", "adjacency"} {
		if !strings.Contains(cap, w) {
			t.Errorf("caption lacks %q:\n%s", w, cap)
		}
	}
}

// TestSVGUSCW: one row-column sheet, no setup rows in the source.
func TestSVGUSCW(t *testing.T) {
	sf := svgBuiltin(t, "uscw-s2")
	root, _ := svgRender(t, sf, Options{Crop: CropSetup})
	cells := svgCells(t, root.group(t, "hexes"))
	if len(cells) != 49*36 {
		t.Errorf("%d cells, want 49 columns by 36 rows", len(cells))
	}
	// rrcc ids: row 16, column 01 is 1601.
	if cells["1601"] == nil || cells["0116"] != nil {
		t.Error("cells are not numbered row first")
	}
	if n := len(root.group(t, "units").Nodes); n != 0 {
		t.Errorf("%d stacks drawn; USCW has no setup rows", n)
	}
	cap := svgCaption(root)
	for _, w := range []string{"Setup rows not in the source, so no units are drawn for union: the 1862 At Start Card",
		"nothing is placed on the map, so the sheets in play are drawn whole", "map-extent-and-grid"} {
		if !strings.Contains(cap, w) {
			t.Errorf("caption lacks %q:\n%s", w, cap)
		}
	}
	// The OOB fixture's made-up rows name hexes off the map: said, not drawn.
	sf = svgLoadFixture(t, "../oob/testdata/uscw-rows.json")
	root, _ = svgRender(t, sf, Options{})
	if cap := svgCaption(root); !strings.Contains(cap, `Not drawn: McClellan (0812: "0812" is off the The U.S. Civil War map sheet`) {
		t.Errorf("caption does not say why McClellan is not drawn:\n%s", cap)
	}
	// Made-up rows and start markers at map hexes stand at their rrcc hexes.
	sf = svgLoadFixture(t, "testdata/svg-uscw-stacks.json")
	root, _ = svgRender(t, sf, Options{})
	cells = svgCells(t, root.group(t, "hexes"))
	got := map[string]string{}
	badge := map[string]string{}
	for _, g := range root.group(t, "units").Nodes {
		for _, n := range g.Nodes {
			switch n.attr("class") {
			case "u":
				c := cells[g.attr("data-hex")]
				if c == nil || c.attr("x") != n.attr("x") || c.attr("y") != n.attr("y") {
					t.Errorf("stack %s is not at its hex's centre", g.attr("data-hex"))
				}
				got[g.attr("data-hex")] = n.text()
			case "cn":
				badge[g.attr("data-hex")] = n.text()
			}
		}
	}
	if got["2612"] != "McClellanWashington garrisonF1 Fort ×2" || got["2711"] != "BeauregardManassas SPsControl marker" {
		t.Errorf("stacks %q", got)
	}
	if badge["2612"] != "4" || badge["2711"] != "3" {
		t.Errorf("count badges %q, want 4 (two markers counted) and 3", badge)
	}
}

func svgLoadFixture(t *testing.T, path string) *scenarios.ScenarioFile {
	t.Helper()
	l := scenarios.NewLoader(scenarios.Disk{})
	l.Builtin = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
	sf, err := l.Scenario(path)
	if err != nil || l.Diags.HasErrors() || sf == nil || sf.Scenario == nil {
		t.Fatalf("load %s: %v %v", path, err, l.Diags)
	}
	return sf
}

// TestSVGEscapesText: names and titles with markup characters or control
// characters still give well-formed XML that reads back as the text.
func TestSVGEscapesText(t *testing.T) {
	sf := svgBuiltin(t, "tpc-01")
	s := *sf.Scenario
	s.Title = `Fish & "Chips" <b>'s`
	s.Setup = append([]scenarios.SetupTable(nil), s.Setup...)
	s.Setup[0].Rows = append([]scenarios.SetupRow(nil), s.Setup[0].Rows...)
	s.Setup[0].Rows[0].Name = "A&B <i>\x01"
	data, err := Draw(sf.Module, &s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	root := svgParse(t, data)
	if got := root.Nodes[0].text(); got != `tpc-01: Fish & "Chips" <b>'s (setup)` {
		t.Errorf("title reads back as %q", got)
	}
	found := false
	root.group(t, "units").walk(func(n *svgNode) {
		if n.XMLName.Local == "tspan" && n.text() == "A&B <i>\uFFFD" {
			found = true
		}
	})
	if !found {
		t.Error("the escaped unit name does not read back")
	}
}

func TestSVGOptionsErrors(t *testing.T) {
	sf := svgBuiltin(t, "tpc-01")
	if _, err := Draw(sf.Module, sf.Scenario, Options{Crop: "sheet"}); err == nil || !strings.Contains(err.Error(), `unknown crop "sheet"`) {
		t.Errorf("bad crop: %v", err)
	}
	if _, err := Draw(sf.Module, sf.Scenario, Options{Margin: -1}); err == nil {
		t.Error("negative margin accepted")
	}
	if _, err := Draw(nil, nil, Options{}); err == nil {
		t.Error("no scenario accepted")
	}
}

func TestSVGWrap(t *testing.T) {
	got := svgWrap("one two three four five six", 10)
	if strings.Join(got, "|") != "one two|three four|five six" {
		t.Errorf("%q", got)
	}
	if got := svgWrap("", 10); len(got) != 1 || got[0] != "" {
		t.Errorf("%q", got)
	}
}

// FuzzSVGEscape: whatever the text, the escaped form is well-formed inside
// an element and an attribute, and reads back as the text with control
// characters and invalid UTF-8 replaced.
func FuzzSVGEscape(f *testing.F) {
	for _, s := range []string{"", "a&b", `<"'>`, "\x00\x01", "tab\there", "\xff\xfe", "\uFFFE", "Ž"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := svgEscape(s)
		doc := fmt.Sprintf(`<t a="%s">%s</t>`, e, e)
		var v struct {
			A    string `xml:"a,attr"`
			Text string `xml:",chardata"`
		}
		if err := xml.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatalf("%q escaped as %q: %v", s, e, err)
		}
		if v.A != v.Text {
			t.Fatalf("attribute %q and text %q differ", v.A, v.Text)
		}
		if !strings.ContainsAny(s, "\t\n\r\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\uFFFE\uFFFF") && strings.ToValidUTF8(s, "") == s && v.Text != s {
			t.Fatalf("%q reads back as %q", s, v.Text)
		}
	})
}

// BenchmarkSVGTPC11 draws the largest setup: three overlapping sheets
// (2,742 hexes) and 95 placed rows. Measured on the 2-core development
// machine: 8-10 ms and 4.4 MB allocated per picture of 271 KB; the whole
// command (muster export svg tpc-11 -o x.svg) runs in about 0.09 s.
func BenchmarkSVGTPC11(b *testing.B) {
	sf := svgBuiltin(b, "tpc-11")
	var size int
	for b.Loop() {
		data, err := Draw(sf.Module, sf.Scenario, Options{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "bytes")
}

// TestSVGStacksTPC11 counts the rows of tpc-11 per physical hex straight
// from the setup tables and checks each stack's badge and name lines.
func TestSVGStacksTPC11(t *testing.T) {
	sf := svgBuiltin(t, "tpc-11")
	root, _ := svgRender(t, sf, Options{})
	topo := rules.NewTopology(sf.Module)
	want := map[rules.Point]int{}
	for _, tab := range sf.Scenario.Setup {
		for _, r := range tab.Rows {
			if r.Hex != "" {
				p, _, err := topo.Locate(r.Hex, sf.Scenario.Maps.Prefixes)
				if err != nil {
					t.Fatal(err)
				}
				want[p]++
			}
		}
	}
	seen, long := 0, 0
	for _, g := range root.group(t, "units").Nodes {
		p, _, err := topo.Locate(g.attr("data-hex"), sf.Scenario.Maps.Prefixes)
		if err != nil {
			t.Fatal(err)
		}
		seen++
		var lines []string
		badge := "1"
		for _, n := range g.Nodes {
			switch n.attr("class") {
			case "u":
				for _, ts := range n.Nodes {
					lines = append(lines, ts.text())
				}
			case "cn":
				badge = n.text()
			}
		}
		n := want[p]
		if badge != strconv.Itoa(n) {
			t.Errorf("%s: badge %s, want %d rows", g.attr("data-hex"), badge, n)
		}
		if n > svgStackLines {
			long++
			if len(lines) != svgStackLines || lines[svgStackLines-1] != fmt.Sprintf("+%d more", n-svgStackLines+1) {
				t.Errorf("%s: %d rows shown as %q", g.attr("data-hex"), n, lines)
			}
		} else if len(lines) != n {
			t.Errorf("%s: %d rows shown as %q", g.attr("data-hex"), n, lines)
		}
	}
	if seen != len(want) || long == 0 {
		t.Errorf("%d stacks drawn, want %d (%d of more than %d rows)", seen, len(want), long, svgStackLines)
	}
}

// TestSVGDeterministic: the same scenario gives the same bytes, also
// where sheets overlap under a mask that names no sheet (tpc-01, tpc-04).
func TestSVGDeterministic(t *testing.T) {
	for _, id := range []string{"tpc-01", "tpc-04", "lgv-01"} {
		sf := svgBuiltin(t, id)
		first, _ := Draw(sf.Module, sf.Scenario, Options{})
		for range 5 {
			if again, _ := Draw(sf.Module, sf.Scenario, Options{}); !bytes.Equal(first, again) {
				t.Fatalf("%s: two runs differ", id)
			}
		}
	}
}

// TestSVGAreaRestricted: restricted regions on an area map hatch the boxes
// of the areas where the map decides them (made-up effects on lgv-01).
func TestSVGAreaRestricted(t *testing.T) {
	sf := svgBuiltin(t, "lgv-01")
	s := *sf.Scenario
	s.SpecialRules = append([]scenarios.SpecialRule{{Number: "X", Title: "made up", Effects: []scenarios.Effect{
		{Kind: "restricted-region", Sides: []string{"union"}, Region: &scenarios.Region{Hexes: []string{"73", "C"}}},
		{Kind: "restricted-region", Region: &scenarios.Region{MapRegion: "union-sector"}},
		{Kind: "restricted-region", Region: &scenarios.Region{Feature: "wilderness"}},
	}}}, s.SpecialRules...)
	data, err := Draw(sf.Module, &s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	root := svgParse(t, data)
	hatched := map[string]int{}
	for _, n := range root.group(t, "areas").Nodes {
		if f := n.attr("fill"); n.XMLName.Local == "rect" && strings.HasPrefix(f, "url(#rr") {
			hatched[f]++
		}
	}
	if hatched["url(#rr1)"] != 2 || hatched["url(#rr2)"] != 31 || hatched["url(#rr3)"] != 0 {
		t.Errorf("hatched boxes %v, want 2 (73, C), 31 (the Union sector) and none (Wilderness has no areas in the data)", hatched)
	}
	cap := svgCaption(root)
	for _, w := range []string{"Restricted region, special rule X (made up): 73, C. Binds: union. Shaded: 2 areas and zones.",
		"Restricted region of special rule X: 91 areas and zones cannot be decided", "feature wilderness (no hexes in the map data)"} {
		if !strings.Contains(cap, w) {
			t.Errorf("caption lacks %q:\n%s", w, cap)
		}
	}
}

func TestSVGPartialVictory(t *testing.T) {
	root, _ := svgRender(t, svgBuiltin(t, "tpc-11"), Options{})
	if cap := svgCaption(root); !strings.Contains(cap, "Victory locations marked only in part: the map data lists some, not all, hexes of richmond.") {
		t.Errorf("caption:\n%s", cap)
	}
	// Petersburg (complete) and N0627 are marked.
	vp := svgCells(t, root.group(t, "victory"))
	for _, id := range []string{"S0413", "S0513", "N0627"} {
		if vp[id] == nil {
			t.Errorf("%s not marked", id)
		}
	}
}

// svgLabelBoxes lists the boxes of the picture's text and hexes: the
// sheet labels, the hex numbers, each line of a unit stack and each hex
// drawn, by kind.
func svgLabelBoxes(t *testing.T, root *svgNode) map[string][]svgRect {
	t.Helper()
	out := map[string][]svgRect{}
	halfW, halfH := svgR, svgSqrt3/2*svgR
	for _, n := range root.group(t, "hexes").Nodes {
		x, y := n.num(t, "x"), n.num(t, "y")
		out["hex "+n.attr("data-hex")] = append(out["hex "+n.attr("data-hex")], svgRect{x - halfW, y - halfH, 2 * halfW, 2 * halfH})
	}
	for _, n := range root.group(t, "numbers").Nodes {
		w := svgTextWidth(n.text(), 6, false)
		out["number"] = append(out["number"], svgRect{n.num(t, "x") - w/2, n.num(t, "y") - 0.8*6, w, 6})
	}
	for _, n := range root.group(t, "sheets").Nodes {
		if n.attr("class") == "shl" {
			w := svgTextWidth(n.text(), svgSheetLabelFont, true)
			out["sheet label"] = append(out["sheet label"], svgRect{n.num(t, "x"), n.num(t, "y") - 0.8*svgSheetLabelFont, w, svgSheetLabelFont})
		}
	}
	for _, g := range root.group(t, "units").Nodes {
		for _, n := range g.Nodes {
			if n.attr("class") != "u" {
				continue
			}
			y := n.num(t, "y")
			for _, ts := range n.Nodes {
				y += ts.num(t, "dy")
				w := svgTextWidth(ts.text(), 6.5, true)
				out["unit "+g.attr("data-hex")] = append(out["unit "+g.attr("data-hex")], svgRect{ts.num(t, "x") - w/2, y - 0.8*6.5, w, 6.5})
			}
		}
	}
	return out
}

// TestSVGSheetLabelsAtSeams: where sheets overlap, a sheet's edge runs
// through the hexes of the sheet above it; its label stands clear of every
// hex, hex number, unit name and other sheet label (tpc-03 sets units up
// on both sides of the OTR seam; tpc-06 and tpc-11 join three sheets).
func TestSVGSheetLabelsAtSeams(t *testing.T) {
	for _, id := range []string{"tpc-03", "tpc-06", "tpc-11"} {
		for _, crop := range []string{CropSheets, CropSetup} {
			root, _ := svgRender(t, svgBuiltin(t, id), Options{Crop: crop, Margin: 2})
			boxes := svgLabelBoxes(t, root)
			labels := boxes["sheet label"]
			if len(labels) < 2 {
				t.Fatalf("%s %s: %d sheet labels", id, crop, len(labels))
			}
			for i, l := range labels {
				for kind, bs := range boxes {
					for j, b := range bs {
						if kind == "sheet label" && j == i {
							continue
						}
						if l.overlaps(b) {
							t.Errorf("%s --crop %s: sheet label %d at (%.0f, %.0f) crosses %s at (%.0f, %.0f)", id, crop, i+1, l.x, l.y, kind, b.x, b.y)
						}
					}
				}
			}
			// The picture holds its labels.
			vb := strings.Fields(root.attr("viewBox"))
			x0, _ := strconv.ParseFloat(vb[0], 64)
			y0, _ := strconv.ParseFloat(vb[1], 64)
			w, _ := strconv.ParseFloat(vb[2], 64)
			for _, l := range labels {
				if l.x < x0 || l.y < y0 || l.x+l.w > x0+w {
					t.Errorf("%s --crop %s: sheet label at (%.0f, %.0f) outside the viewBox %v", id, crop, l.x, l.y, vb)
				}
			}
		}
	}
}

// TestSVGDraft: a draft picture says so above the map, and in its title;
// a picture that is not a draft says nothing of it.
func TestSVGDraft(t *testing.T) {
	sf := svgBuiltin(t, "tpc-01")
	root, data := svgRender(t, sf, Options{Draft: 4})
	g := root.group(t, "draft")
	if got := g.text(); got != "DRAFT — 4 validation errors" {
		t.Errorf("draft label %q", got)
	}
	var title string
	root.walk(func(n *svgNode) {
		if n.XMLName.Local == "title" {
			title = n.text()
		}
	})
	if !strings.HasPrefix(title, "DRAFT — 4 validation errors: tpc-01") {
		t.Errorf("title %q", title)
	}
	// The label lies above every hex and label of the map.
	var label svgRect
	for _, n := range g.Nodes {
		if n.XMLName.Local == "rect" {
			label = svgRect{n.num(t, "x"), n.num(t, "y"), n.num(t, "width"), n.num(t, "height")}
		}
	}
	for kind, bs := range svgLabelBoxes(t, root) {
		for _, b := range bs {
			if label.overlaps(b) {
				t.Errorf("the draft label crosses %s at (%.0f, %.0f)", kind, b.x, b.y)
			}
		}
	}
	if _, one := svgRender(t, sf, Options{Draft: 1}); !bytes.Contains(one, []byte("DRAFT — 1 validation error<")) {
		t.Error("one error: no singular label")
	}
	_, clean := svgRender(t, sf, Options{})
	if bytes.Contains(clean, []byte("DRAFT")) || bytes.Equal(clean, data) {
		t.Error("a picture that is not a draft is marked")
	}
}

// TestSVGNoUnits: the map alone (for the replay page) draws the same
// hexes and areas, with the same box sizes, and no counter.
func TestSVGNoUnits(t *testing.T) {
	for _, id := range []string{"tpc-01", "lgv-01"} {
		sf := svgBuiltin(t, id)
		with, err := Draw(sf.Module, sf.Scenario, Options{})
		if err != nil {
			t.Fatal(err)
		}
		without, err := Draw(sf.Module, sf.Scenario, Options{NoUnits: true})
		if err != nil {
			t.Fatal(err)
		}
		cells := regexp.MustCompile(`<use href="#hex" x="[^"]*" y="[^"]*" data-hex="[^"]*"/>|<rect class="ab"[^>]*>`)
		if a, b := cells.FindAllString(string(with), -1), cells.FindAllString(string(without), -1); len(a) == 0 || strings.Join(a, "") != strings.Join(b, "") {
			t.Errorf("%s: the map without units draws other cells (%d, %d)", id, len(a), len(b))
		}
		for _, name := range []string{sf.Scenario.Setup[0].Rows[0].Name, "counters and markers at their start"} {
			if !strings.Contains(string(with), name) {
				t.Errorf("%s: the setup picture lacks %q", id, name)
			}
			if strings.Contains(string(without), ">"+name+"<") || strings.Contains(string(without), name+" (") || strings.Contains(string(without), "at their start") {
				t.Errorf("%s: the map without units still shows %q", id, name)
			}
		}
	}
}
