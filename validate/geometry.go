package validate

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

// Where a row stands, and the geometry of what it names (issue 29, family
// 3): a row with no location, a hexside whose two hexes do not touch, a
// mask on the other axis or pointing the other way from its printed text.

var rowUnplaced = register(&Check{
	Code:     "row-unplaced",
	Title:    "setup row with no location",
	Doc:      "Every setup row (the scenario's and each variant's) must say where its counter stands: a hex or area (\"hex\"), an off-map box (\"box\"), a deferred entry (\"entry\") or a placement the player chooses (\"placement\"). A row with none validates against the schema, but the counter it lists is nowhere: usually a location lost in transcription, or a place name written without its hex.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		check := func(ptr string, tables []scenarios.SetupTable) {
			for t := range tables {
				for r := range tables[t].Rows {
					row := &tables[t].Rows[r]
					if row.Hex != "" || row.Box != "" || row.Entry != nil || row.Placement != nil {
						continue
					}
					rp := fmt.Sprintf("%s/%d/rows/%d", ptr, t, r)
					hint := "add the hex (or area), box, entry or placement the source prints for the row"
					if h := p.placeHint(row.Place); h != "" {
						hint = "add the hex: " + h
					}
					what := row.Name
					if what == "" {
						what = row.Unit + row.Marker
					}
					p.Report(rp, fmt.Sprintf("%s's row has no location: no hex, box, entry or placement", what), hint)
				}
			}
		}
		check("/setup", p.Scenario.Setup)
		for i := range p.Scenario.Variants {
			check(fmt.Sprintf("/variants/%d/setup", i), p.Scenario.Variants[i].Setup)
		}
	},
})

var hexsideApart = register(&Check{
	Code:     "hexside-apart",
	Title:    "bridge or hexside named by two hexes that are not adjacent",
	Doc:      "A hexside is named by the two hexes it lies between: a bridge or destroyed crossing of a special rule (\"kind\": \"bridge\" or \"destroyed-crossing\", its \"hexes\"), and a marker placed on a hexside at the start (\"hexside\"), must name two hexes next to each other on the map (across overlapping sheets too). Two hexes apart is a mistyped digit or a swapped sheet prefix. Hexes on sheets the map does not join are not judged.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		if len(p.Index.Sheets) == 0 {
			return
		}
		for _, o := range p.objects() {
			n := o.node
			ptr := ""
			if k := n.Get("kind"); k != nil && (k.Text == "bridge" || k.Text == "destroyed-crossing") {
				ptr = o.ptr + "/hexes"
			} else if n.Get("hexside") != nil {
				ptr = o.ptr + "/hexside"
			}
			if ptr == "" {
				continue
			}
			hs, _ := p.Doc.Root.Lookup(ptr)
			if hs == nil || hs.Kind != jsonsrc.Array || len(hs.Items) != 2 || hs.Items[0].Kind != jsonsrc.String || hs.Items[1].Kind != jsonsrc.String {
				continue
			}
			a, b := hs.Items[0].Text, hs.Items[1].Text
			pa, _, errA := p.Topo.Locate(a, p.Scenario.Maps.Prefixes)
			pb, _, errB := p.Topo.Locate(b, p.Scenario.Maps.Prefixes)
			if errA != nil || errB != nil {
				continue // hex-unknown and ref-unknown report them
			}
			d, ok := p.Topo.Distance(pa, pb)
			if !ok || d == 1 {
				continue
			}
			what := "hexside"
			if k := n.Get("kind"); k != nil && k.Text != "" {
				what = k.Text
			}
			if d == 0 {
				p.Report(ptr+"/1", fmt.Sprintf("the %s names %s and %s, which are one hex: a hexside lies between two hexes", what, a, b), "correct one of the hexes (one is written with the id of an overlapping sheet)")
				continue
			}
			p.Report(ptr+"/1", fmt.Sprintf("the %s lies between %s and %s, which are %d hexes apart, not adjacent", what, a, b, d), "correct one of the hexes: the two must share the hexside")
		}
	},
})

// maskText finds a row or column mask as the text prints it ("hexrow
// Sxx16", "hex column 28xx", "XX15"), with a direction word beside it ("or
// south of there", "west of hex column 03xx").
var (
	maskText   = regexp.MustCompile(`(?i)\b(?:[A-Z]{1,3}\s?)?(xx\d\d|\d\dxx)\b`)
	dirAfter   = regexp.MustCompile(`(?i)^\W{0,3}(?:\(\s*)?(?:and|or)\s+(north|south|east|west)\s+of\s+(?:there|it|that)\b`)
	dirBefore  = regexp.MustCompile(`(?i)\b(north|south|east|west)\s+of\s+(?:the\s+)?(?:hex\s*-?\s*(?:row|column)s?|rows?|columns?)?\s*$`)
	axisBefore = regexp.MustCompile(`(?i)\b(?:hex\s*-?\s*)?(row|column)s?\s*$`)
)

type printedMask struct {
	body  string // lower case: xx16 or 28xx
	dir   string // north, south, east, west or ""
	axis  string // row or column, as the words before it say, or ""
	start int
}

// hasXX reports whether a text holds "xx" in any case, without allocating.
func hasXX(text string) bool {
	for i := 0; i+1 < len(text); i++ {
		if (text[i]|0x20) == 'x' && (text[i+1]|0x20) == 'x' {
			return true
		}
	}
	return false
}

func printedMasks(text string) []printedMask {
	if !hasXX(text) {
		return nil
	}
	var out []printedMask
	for _, m := range maskText.FindAllStringSubmatchIndex(text, -1) {
		pm := printedMask{body: strings.ToLower(text[m[2]:m[3]]), start: m[0]}
		before := text[max(0, m[0]-40):m[0]]
		if d := dirAfter.FindStringSubmatch(text[m[1]:]); d != nil {
			pm.dir = strings.ToLower(d[1])
		} else if d := dirBefore.FindStringSubmatch(before); d != nil {
			pm.dir = strings.ToLower(d[1])
		}
		if a := axisBefore.FindStringSubmatch(before); a != nil {
			pm.axis = strings.ToLower(a[1])
		}
		out = append(out, pm)
	}
	return out
}

func maskAxis(body string) string {
	if strings.HasPrefix(body, "xx") {
		return "row"
	}
	return "column"
}

func maskNumber(body string) string { return strings.Trim(body, "x") }

// axisOf is the axis a direction of andBeyond runs along.
func axisOf(dir string) string {
	switch dir {
	case "north", "south":
		return "row"
	case "east", "west":
		return "column"
	}
	return ""
}

var maskMismatch = register(&Check{
	Code:     "mask-mismatch",
	Title:    "row or column mask on the wrong axis, or pointing the other way from its text",
	Doc:      "A row mask (\"Sxx16\", hexrow 16) extends only north or south, a column mask (\"28xx\") only east or west: \"andBeyond\" on the other axis is a mask written on the wrong axis. Where the text beside the region prints the mask (\"Hex column 28xx (and west of there)\", \"Hexrow Sxx16 or south of there\"), the structured mask must be on the axis the text prints and extend the way the text says: a mask written 16xx for a printed xx16, or \"andBeyond\": \"north\" for a printed \"south of there\", restricts the other half of the map.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		if len(p.Index.Sheets) == 0 {
			return
		}
		for _, o := range p.objects() {
			n := o.node
			if m := n.Get("mask"); m != nil && m.Kind == jsonsrc.String {
				if b := n.Get("andBeyond"); b != nil && b.Kind == jsonsrc.String {
					body := strings.ToLower(m.Text[max(0, len(m.Text)-4):])
					if ax := axisOf(b.Text); ax != "" && ax != maskAxis(body) {
						p.Report(o.ptr+"/andBeyond", fmt.Sprintf("mask %s is a hex %s, which extends %s, not %s", m.Text, maskAxis(body), extends(maskAxis(body)), b.Text),
							"write the mask on the axis the source prints (xxNN is a row, NNxx a column), or correct andBeyond")
					}
				}
			}
			t := n.Get("text")
			if t == nil || t.Kind != jsonsrc.String || !hasXX(t.Text) {
				continue
			}
			printed := printedMasks(t.Text)
			if len(printed) == 0 {
				continue
			}
			for _, sm := range structuredMasks(o.ptr, n) {
				p.compareMask(sm, printed, t.Text)
			}
		}
	},
})

func extends(axis string) string {
	if axis == "row" {
		return "north or south"
	}
	return "east or west"
}

type structMask struct {
	ptr    string
	mask   string
	beyond string
}

// structuredMasks lists the masks of an object's regions, not descending
// into objects that carry a text of their own (their text is compared
// with them).
func structuredMasks(ptr string, n *jsonsrc.Node) []structMask {
	var out []structMask
	var walk func(ptr string, n *jsonsrc.Node, top bool)
	walk = func(ptr string, n *jsonsrc.Node, top bool) {
		switch n.Kind {
		case jsonsrc.Object:
			if !top && n.Get("text") != nil {
				return
			}
			if m := n.Get("mask"); m != nil && m.Kind == jsonsrc.String {
				sm := structMask{ptr: ptr, mask: m.Text}
				if b := n.Get("andBeyond"); b != nil {
					sm.beyond = b.Text
				}
				out = append(out, sm)
			}
			for _, mem := range n.Members {
				if mem.Key == "notes" {
					continue
				}
				walk(ptr+"/"+jsonsrc.PointerToken(mem.Key), mem.Value, false)
			}
		case jsonsrc.Array:
			for i, it := range n.Items {
				walk(fmt.Sprintf("%s/%d", ptr, i), it, false)
			}
		}
	}
	walk(ptr, n, true)
	return out
}

// compareMask reports a structured mask its printed text contradicts: the
// text prints the same number on the other axis (and never on this one),
// or the same mask with another direction.
func (p *Pass) compareMask(sm structMask, printed []printedMask, text string) {
	body := strings.ToLower(sm.mask[max(0, len(sm.mask)-4):])
	num, axis := maskNumber(body), maskAxis(body)
	same, other := -1, -1
	for i, pm := range printed {
		if maskNumber(pm.body) != num {
			continue
		}
		if maskAxis(pm.body) == axis {
			same = i
		} else if other < 0 {
			other = i
		}
	}
	quote := func(i int) string {
		pm := printed[i]
		from := max(0, pm.start-25)
		return strings.TrimSpace(text[from:min(len(text), pm.start+len(pm.body)+30)])
	}
	switch {
	case same < 0 && other >= 0:
		p.Report(sm.ptr+"/mask", fmt.Sprintf("mask %s is a hex %s, but the text prints %s, a hex %s: %q", sm.mask, axis, printed[other].body, maskAxis(printed[other].body), quote(other)),
			"write the mask on the axis the text prints (xxNN is a row, NNxx a column)")
	case same >= 0 && printed[same].dir != "" && sm.beyond != "" && printed[same].dir != sm.beyond:
		p.Report(sm.ptr+"/andBeyond", fmt.Sprintf("the mask extends %s, but the text says %s of %s: %q", sm.beyond, printed[same].dir, printed[same].body, quote(same)),
			fmt.Sprintf("set andBeyond to %q, or correct the text", printed[same].dir))
	case same >= 0 && printed[same].dir != "" && sm.beyond == "" && axisOf(printed[same].dir) == axis:
		p.Report(sm.ptr+"/mask", fmt.Sprintf("the mask is the one %s, but the text says it extends %s: %q", axis, printed[same].dir, quote(same)),
			fmt.Sprintf("add \"andBeyond\": %q beside the mask", printed[same].dir))
	case same >= 0 && printed[same].axis != "" && printed[same].axis != axis:
		p.Report(sm.ptr+"/mask", fmt.Sprintf("mask %s is a hex %s, but the text calls it a %s: %q", sm.mask, axis, printed[same].axis, quote(same)),
			"write the mask on the axis the text names (xxNN is a row, NNxx a column)")
	}
}
