package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Regions a scenario names belong to the sheets it plays on: a bare mask
// such as "28xx" in a scenario played on GTC South only is GTC South's
// column 28, not the column 28 of an overlapping sheet that is not in play.

// sheetsInPlay returns the ids of the scenario's sheets in play, worked out
// once per scenario (region reads ask for them row by row).
func (p *Pass) sheetsInPlay() map[string]bool {
	if p.shared == nil {
		return rules.SheetsInPlay(p.Scenario)
	}
	if p.shared.inPlay == nil {
		p.shared.inPlay = rules.SheetsInPlay(p.Scenario)
	}
	return p.shared.inPlay
}

// inRegion is Topology.InRegion for a region of the scenario, its bare
// masks read on the sheets in play (rules.RegionContext.InPlay); a point on
// no sheet in play is Unknown there (hex-unknown reports it).
func (p *Pass) inRegion(pt rules.Point, r *scenarios.Region) rules.Tri {
	return p.Topo.InRegion(pt, r, p.regionContext())
}

var regionEmpty = register(&Check{
	Code:     "region-empty",
	Title:    "a restricted region or mask that matches nothing on the sheets in play",
	Doc:      "A row or column mask must name a row or column its sheet has (the sheet its prefix names, or for a bare mask a sheet in play), and a restricted region of a special rule, variant or option must hold at least one location of the sheets in play (or of the area map): a restriction that restricts nothing is a mistyped mask, hex or sheet, not an empty rule.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		reported := map[string]bool{}
		for _, o := range p.objects() {
			if m := o.node.Get("mask"); m != nil && m.Kind == jsonsrc.String {
				if msg := p.maskOutOfRange(m.Text); msg != "" {
					p.Report(o.ptr+"/mask", msg, "correct the row or column number, or the sheet prefix")
					reported[o.ptr] = true
				}
			}
		}
		effects := func(ptr string, es []scenarios.Effect) {
			for j := range es {
				e := &es[j]
				if e.Kind != "restricted-region" || e.Region == nil {
					continue
				}
				rp := fmt.Sprintf("%s/%d/region", ptr, j)
				skip := false
				for k := range reported {
					skip = skip || strings.HasPrefix(k, rp)
				}
				if !skip && p.regionIsEmpty(e.Region) {
					p.Report(rp, "the restricted region holds no location of the sheets in play: it restricts nothing", "correct the mask, hexes or sheet the region names (a region belongs to the sheets the rule names)")
				}
			}
		}
		for i := range p.Scenario.SpecialRules {
			effects(fmt.Sprintf("/specialRules/%d/effects", i), p.Scenario.SpecialRules[i].Effects)
		}
		for i := range p.Scenario.Variants {
			effects(fmt.Sprintf("/variants/%d/effects", i), p.Scenario.Variants[i].Effects)
		}
		for i := range p.Scenario.Options {
			effects(fmt.Sprintf("/options/%d/effects", i), p.Scenario.Options[i].Effects)
		}
	},
})

// maskOutOfRange says why a mask names a row or column that no sheet it
// can mean has, or "".
func (p *Pass) maskOutOfRange(mask string) string {
	if len(mask) < 4 || len(p.Index.Sheets) == 0 {
		return ""
	}
	prefix, body := strings.TrimSpace(mask[:len(mask)-4]), strings.ToLower(mask[len(mask)-4:])
	byRow := strings.HasPrefix(body, "xx")
	num := body[:2]
	if byRow {
		num = body[2:]
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return ""
	}
	var sheets []*scenarios.Sheet
	if prefix != "" {
		if id, ok := p.Scenario.Maps.Prefixes[prefix]; ok && p.Index.Sheets[id] != nil {
			sheets = append(sheets, p.Index.Sheets[id])
		} else {
			for _, s := range p.Index.Sheets {
				if s.QualifiedPrefix == prefix || s.Prefix == prefix {
					sheets = append(sheets, s)
				}
			}
		}
	} else {
		for _, s := range p.Scenario.Maps.Sheets {
			if sh := p.Index.Sheets[s.Sheet]; sh != nil {
				sheets = append(sheets, sh)
			}
		}
	}
	if len(sheets) == 0 {
		return "" // ref-unknown reports an unknown prefix
	}
	var spans []string
	for _, s := range sheets {
		rg, what := s.Columns, "columns"
		if byRow != (s.IDOrder == "row-column") {
			rg, what = s.Rows, "rows"
		}
		if n >= rg.Min && n <= rg.Max {
			return ""
		}
		spans = append(spans, fmt.Sprintf("%s %s %02d-%02d", s.Name, what, rg.Min, rg.Max))
	}
	kind := "column"
	if byRow {
		kind = "row"
	}
	return fmt.Sprintf("mask %q names %s %d, which no sheet it can mean has (%s)", mask, kind, n, strings.Join(spans, "; "))
}

// regionIsEmpty reports whether no location of the sheets in play (or of
// the area map) may lie in the region; a location the map cannot decide
// counts as possibly inside.
func (p *Pass) regionIsEmpty(r *scenarios.Region) bool {
	if len(r.Hexes) > 0 {
		// A hex list is empty when none of its hexes lies on a sheet in play.
		inPlay := p.sheetsInPlay()
		for _, h := range r.Hexes {
			pt, loc, err := p.Topo.Locate(h, p.Scenario.Maps.Prefixes)
			if err != nil || loc.Area != nil {
				return false // ref-unknown reports the hex
			}
			for _, id := range p.Topo.Sheets(pt) {
				if inPlay[id] {
					return false
				}
			}
		}
		return true
	}
	if p.Module.Map == nil || edgeOutOfPlay(r, p.sheetsInPlay()) {
		return false // edge-mismatch reports an edge of a sheet not in play
	}
	if len(p.Module.Map.Areas) > 0 {
		for i := range p.Module.Map.Areas {
			if p.Topo.InRegion(rules.Point{Frame: -1, Area: p.Module.Map.Areas[i].ID}, r, p.regionContext()) != rules.No {
				return false
			}
		}
		return true
	}
	for _, sp := range p.Scenario.Maps.Sheets {
		s := p.Index.Sheets[sp.Sheet]
		if s == nil {
			return false
		}
		for c := s.Columns.Min; c <= s.Columns.Max; c++ {
			for row := s.Rows.Min; row <= s.Rows.Max; row++ {
				pt, ok := p.Topo.Point(scenarios.Location{Sheet: s, Col: c, Row: row})
				if !ok {
					return false
				}
				if p.inRegion(pt, r) != rules.No {
					return false
				}
			}
		}
	}
	return true
}

// edgeOutOfPlay reports whether a region names the edge of a sheet that is
// not in play.
func edgeOutOfPlay(r *scenarios.Region, inPlay map[string]bool) bool {
	if r == nil {
		return false
	}
	if r.Edge != nil && !inPlay[r.Edge.Sheet] {
		return true
	}
	for i := range r.All {
		if edgeOutOfPlay(&r.All[i], inPlay) {
			return true
		}
	}
	for i := range r.Any {
		if edgeOutOfPlay(&r.Any[i], inPlay) {
			return true
		}
	}
	return edgeOutOfPlay(r.Not, inPlay)
}
