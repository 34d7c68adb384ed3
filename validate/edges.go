package validate

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// edgeWord finds a map-edge direction in rule text: "south map edge",
// "west mapedge", "the north edge".
var edgeWord = regexp.MustCompile(`(?i)\b(north|south|east|west)(?:ern)?\s*(?:map\s*-?\s*)?edges?\b`)

var edgeMismatch = register(&Check{
	Code:     "edge-mismatch",
	Title:    "map-edge entry or exit whose hexes are not on that edge",
	Doc:      "An edge region ({\"edge\": {\"sheet\", \"side\", \"from\", \"to\"}}) must name a sheet in play, and its from and to hexes must lie on that side of the sheet (west: its first column, east: its last, north: its first row, south: its last). Where the text beside it (or the text of the special rule an entry cites) names one map edge or one sheet (\"on the GTC South map on the south mapedge\"), the edge region must be that edge of that sheet. A reinforcement, rule or victory line whose text names one map edge (\"on the south mapedge\") and lists hexes must list hexes on that edge of their sheet.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		if len(p.Index.Sheets) == 0 {
			return // an area map has no edges
		}
		inPlay := p.sheetsInPlay()
		for _, o := range p.objects() {
			node, ptr := o.node, o.ptr
			if e := node.Get("edge"); e != nil && e.Kind == jsonsrc.Object {
				p.checkEdge(ptr+"/edge", e, inPlay)
			}
			where, region := node.Get("where"), node.Get("region")
			if where == nil && region == nil {
				continue
			}
			text := ""
			if t := node.Get("text"); t != nil && t.Kind == jsonsrc.String {
				text = t.Text
			}
			if r := node.Get("rule"); text != "" && r != nil && r.Kind == jsonsrc.String && where != nil {
				// A deferred entry's own text often says only "see special rule".
				if !edgeWord.MatchString(text) {
					text += " " + p.ruleText(r.Text)
				}
			}
			for _, r := range []struct {
				key  string
				node *jsonsrc.Node
			}{{"where", where}, {"region", region}} {
				if e := r.node.Get("edge"); e != nil && e.Kind == jsonsrc.Object {
					p.checkEdgeText(ptr+"/"+r.key+"/edge", e, text)
				}
			}
			side := oneEdge(text)
			if side == "" {
				continue
			}
			if where != nil {
				p.checkHexesOnEdge(ptr+"/where", where, side)
			}
			if region != nil {
				p.checkHexesOnEdge(ptr+"/region", region, side)
			}
		}
	},
})

// checkEdgeText compares an edge region with the one edge and the one sheet
// its text names, if it names one.
func (p *Pass) checkEdgeText(ptr string, e *jsonsrc.Node, text string) {
	sheetN, sideN := e.Get("sheet"), e.Get("side")
	if sheetN == nil || sideN == nil || text == "" {
		return
	}
	if side := oneEdge(text); side != "" && side != sideN.Text {
		p.Report(ptr+"/side", fmt.Sprintf("the region is the %s edge, but its text names the %s map edge: %q", sideN.Text, side, clip(edgeQuote(text), 80)),
			fmt.Sprintf("set side to %q, or correct the text", side))
	}
	if s := p.sheetNamed(text); s != nil && s.ID != sheetN.Text && p.Index.Sheets[sheetN.Text] != nil {
		p.Report(ptr+"/sheet", fmt.Sprintf("the region is an edge of %s, but its text names the %s map", p.Index.Sheets[sheetN.Text].Name, s.Name),
			fmt.Sprintf("set sheet to %q, or correct the text", s.ID))
	}
}

// edgeQuote is the part of a text around its first edge word.
func edgeQuote(text string) string {
	if loc := edgeWord.FindStringIndex(text); loc != nil {
		return strings.TrimSpace(text[max(0, loc[0]-40):min(len(text), loc[1]+10)])
	}
	return text
}

// sheetNamed returns the one sheet whose name the text prints followed by
// "map" or "sheet" ("the GTC South map"), or nil when it names none or
// several.
func (p *Pass) sheetNamed(text string) *scenarios.Sheet {
	if !strings.Contains(text, " map") && !strings.Contains(text, " sheet") && !strings.Contains(text, " Map") {
		return nil
	}
	lower := strings.ToLower(text)
	var found *scenarios.Sheet
	for _, id := range keys(p.Index.Sheets) {
		s := p.Index.Sheets[id]
		name := strings.ToLower(s.Name)
		if name == "" {
			continue
		}
		for i := strings.Index(lower, name); i >= 0; {
			rest := strings.TrimLeft(lower[i+len(name):], " ")
			if strings.HasPrefix(rest, "map") || strings.HasPrefix(rest, "sheet") {
				if found != nil && found != s {
					return nil
				}
				found = s
				break
			}
			j := strings.Index(lower[i+1:], name)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return found
}

// ruleText is the text of the special rule a number names, or "".
func (p *Pass) ruleText(number string) string {
	for i := range p.Scenario.SpecialRules {
		if p.Scenario.SpecialRules[i].Number == number {
			return p.Scenario.SpecialRules[i].Text
		}
	}
	return ""
}

// oneEdge returns the one edge direction a text names, or "" when it names
// none or several.
func oneEdge(text string) string {
	if !strings.Contains(text, "edge") && !strings.Contains(text, "Edge") && !strings.Contains(text, "EDGE") {
		return "" // the regexp is the costly part of the check
	}
	side := ""
	for _, m := range edgeWord.FindAllStringSubmatch(text, -1) {
		d := strings.ToLower(m[1])
		if side != "" && side != d {
			return ""
		}
		side = d
	}
	return side
}

// onSide reports whether a column and row lie on one side of a sheet.
func onSide(s *scenarios.Sheet, side string, col, row int) bool {
	switch side {
	case "north":
		return row == s.Rows.Min
	case "south":
		return row == s.Rows.Max
	case "west":
		return col == s.Columns.Min
	case "east":
		return col == s.Columns.Max
	}
	return true
}

func sideSpan(s *scenarios.Sheet, side string) string {
	d := s.Digits
	if d == 0 {
		d = 2
	}
	switch side {
	case "north":
		return fmt.Sprintf("row %0*d", d, s.Rows.Min)
	case "south":
		return fmt.Sprintf("row %0*d", d, s.Rows.Max)
	case "west":
		return fmt.Sprintf("column %0*d", d, s.Columns.Min)
	}
	return fmt.Sprintf("column %0*d", d, s.Columns.Max)
}

func (p *Pass) checkEdge(ptr string, e *jsonsrc.Node, inPlay map[string]bool) {
	sheetN, sideN := e.Get("sheet"), e.Get("side")
	if sheetN == nil || sideN == nil {
		return
	}
	s := p.Index.Sheets[sheetN.Text]
	if s == nil {
		return // ref-unknown reports it
	}
	if !inPlay[s.ID] {
		p.Report(ptr+"/sheet", fmt.Sprintf("the region is the %s edge of %s, which is not in play in this scenario", sideN.Text, s.Name), "name the edge of a sheet in maps.sheets")
		return
	}
	if s.IDOrder == "row-column" {
		return
	}
	for _, end := range []string{"from", "to"} {
		b := e.Get(end)
		if b == nil || b.Kind != jsonsrc.String {
			continue
		}
		col, row, ok := rules.LocalDigits(b.Text, s.Digits)
		if !ok {
			continue
		}
		if !onSide(s, sideN.Text, col, row) {
			p.Report(ptr+"/"+end, fmt.Sprintf("%s is not on the %s edge of %s (%s)", b.Text, sideN.Text, s.Name, sideSpan(s, sideN.Text)), "correct the hex or the edge's side")
		}
	}
}

// checkHexesOnEdge reports the hexes a region lists (directly or in any or
// all) that are not on the named edge of their sheet.
func (p *Pass) checkHexesOnEdge(ptr string, r *jsonsrc.Node, side string) {
	if r.Kind != jsonsrc.Object {
		return
	}
	if hs := r.Get("hexes"); hs != nil && hs.Kind == jsonsrc.Array {
		for i, h := range hs.Items {
			if h.Kind != jsonsrc.String {
				continue
			}
			loc, err := p.Index.Resolve(h.Text, p.Scenario.Maps.Prefixes)
			if err != nil || loc.Sheet == nil {
				continue
			}
			if !onSide(loc.Sheet, side, loc.Col, loc.Row) {
				p.Report(fmt.Sprintf("%s/hexes/%d", ptr, i), fmt.Sprintf("the text names the %s map edge, but %s is not on the %s edge of %s (%s)", side, h.Text, side, loc.Sheet.Name, sideSpan(loc.Sheet, side)),
					"correct the hex, or the edge the text names")
			}
		}
	}
	for _, k := range []string{"any", "all"} {
		if xs := r.Get(k); xs != nil && xs.Kind == jsonsrc.Array {
			for i, x := range xs.Items {
				p.checkHexesOnEdge(fmt.Sprintf("%s/%s/%d", ptr, k, i), x, side)
			}
		}
	}
}
