package validate

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/suggest"
)

// The reference check walks the scenario's special rules, footnotes and
// victory conditions as JSON, because the same reference keys (units,
// feature, hexes...) occur at many depths of the closed vocabulary; walking
// the tree keeps every finding on the exact value.

var refUnknown = register(&Check{
	Code:     "ref-unknown",
	Title:    "special rule or victory condition refers to something the module does not define",
	Doc:      "Unit ids, sides, map features, map regions, sheets, markers and locations named in special rules, footnotes and victory conditions must exist in the module, so that the engine and the printed cards refer to real things.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		for _, o := range p.objects() {
			for _, m := range o.node.Members {
				checkRef(p, o.ptr, m)
			}
		}
	},
})

// refKeys are the member keys checkRef looks at; it skips the rest before
// building any pointer (it is called for every member of a document).
var refKeys = map[string]bool{"units": true, "mayActivate": true, "leaders": true, "leader": true, "side": true, "owner": true, "winner": true, "lossSide": true, "scoring": true, "markerSide": true, "grantsInitiative": true, "sides": true, "feature": true, "along": true, "mapRegion": true, "sheet": true, "marker": true, "hexes": true, "through": true, "from": true, "to": true, "track": true, "id": true, "at": true, "hexside": true, "schedule": true, "basedOn": true, "mask": true, "types": true, "sizes": true}

func checkRef(p *Pass, parent string, m jsonsrc.Member) {
	if !refKeys[m.Key] {
		return
	}
	ptr := parent + "/" + jsonsrc.PointerToken(m.Key)
	v := m.Value
	str := func(fn func(ptr, s string)) {
		if v.Kind == jsonsrc.String {
			fn(ptr, v.Text)
		}
	}
	strs := func(fn func(ptr, s string)) {
		if v.Kind == jsonsrc.Array {
			for i, it := range v.Items {
				if it.Kind == jsonsrc.String {
					fn(fmt.Sprintf("%s/%d", ptr, i), it.Text)
				}
			}
		}
	}
	ix := p.Index
	unit := func(ptr, id string) {
		if ix.Counters[id] == nil {
			p.Report(ptr, fmt.Sprintf("no counter %q in the module", id), "use a counter id"+suggest.DidYouMean(id, keys(ix.Counters)))
		}
	}
	side := func(ptr, id string) {
		if ix.Sides[id] == nil {
			p.Report(ptr, fmt.Sprintf("no side %q in the module", id), "use a side id of game.json"+suggest.DidYouMean(id, keys(ix.Sides)))
		}
	}
	track := func(ptr, id string) {
		if ix.Tracks[id] == nil {
			p.Report(ptr, fmt.Sprintf("no track %q in the module", id), "use a track id of game.json"+suggest.DidYouMean(id, keys(ix.Tracks)))
		}
	}
	location := func(ptr, loc string) {
		if _, err := ix.Resolve(loc, p.Scenario.Maps.Prefixes); err != nil {
			msg, hint := locationError(err, "correct the location")
			p.Report(ptr, msg, hint)
		}
	}
	switch m.Key {
	case "units", "mayActivate", "leaders":
		if m.Key != "mayActivate" {
			strs(unit)
		}
	case "leader":
		str(unit)
	case "side":
		// An edge region's side is a direction, not a side of the game.
		if !strings.HasSuffix(parent, "/edge") {
			str(side)
		}
	case "owner", "winner", "lossSide", "scoring", "markerSide", "grantsInitiative":
		str(side)
	case "sides":
		strs(side)
	case "feature", "along":
		str(func(ptr, id string) {
			if ix.Features[id] == nil {
				p.Report(ptr, fmt.Sprintf("the map has no feature %q", id), "add the feature to the map file or correct the id"+suggest.DidYouMean(id, keys(ix.Features)))
			}
		})
	case "mapRegion":
		str(func(ptr, id string) {
			if ix.Regions[id] == nil {
				p.Report(ptr, fmt.Sprintf("the map has no region %q", id), "add the region to the map file or correct the id"+suggest.DidYouMean(id, keys(ix.Regions)))
			}
		})
	case "sheet":
		str(func(ptr, id string) {
			if ix.Sheets[id] == nil {
				p.Report(ptr, fmt.Sprintf("the map has no sheet %q", id), "use a sheet id of the map"+suggest.DidYouMean(id, keys(ix.Sheets)))
			}
		})
	case "marker":
		if strings.Contains(parent, "/rows/") || strings.Contains(parent, "/markers/") {
			return // a setup row's marker is marker-unknown's concern
		}
		str(func(ptr, id string) {
			if ix.Markers[id] == nil {
				p.Report(ptr, fmt.Sprintf("no marker %q in the module", id), "use a marker id of game.json"+suggest.DidYouMean(id, keys(ix.Markers)))
			}
		})
	case "hexes", "through":
		strs(location)
	case "from", "to":
		// Region edges name locations; turn spans use numbers.
		str(location)
	case "track":
		// An award's track, or the other track a track condition compares with.
		str(track)
	case "id":
		// The id of a track or status condition.
		switch {
		case strings.HasSuffix(parent, "/track"):
			str(track)
		case strings.HasSuffix(parent, "/status"):
			str(func(ptr, id string) {
				if ix.Statuses[id] == nil {
					p.Report(ptr, fmt.Sprintf("no status %q in the module", id), "use a status id of game.json"+suggest.DidYouMean(id, keys(ix.Statuses)))
				}
			})
		}
	case "at":
		str(location)
	case "hexside":
		strs(location)
	case "schedule":
		// A deferred entry governed by a schedule of the module's tables.
		str(func(ptr, id string) {
			if p.Module.ScheduleEntry(id) == nil {
				p.Report(ptr, fmt.Sprintf("no schedule entry %q in the module's tables", id), "name the id of an entry of a schedule table")
			}
		})
	case "basedOn":
		str(func(ptr, id string) {
			for _, sf := range p.Module.Scenarios {
				if sf.Scenario != nil && sf.Scenario.ID == id {
					return
				}
			}
			p.Report(ptr, fmt.Sprintf("no scenario %q in the module", id), "name a scenario of this module")
		})
	case "mask":
		str(func(ptr, mask string) {
			if err := checkMask(p, mask); err != "" {
				p.Report(ptr, err, "")
			}
		})
	case "types":
		strs(func(ptr, code string) {
			if ix.Types[code] == nil {
				p.Report(ptr, fmt.Sprintf("unknown unit type %q", code), "use a type code of game.json"+suggest.DidYouMean(code, keys(ix.Types)))
			}
		})
	case "sizes":
		strs(func(ptr, code string) {
			if ix.Sizes[code] == nil {
				p.Report(ptr, fmt.Sprintf("unknown unit size %q", code), "use a size code of game.json"+suggest.DidYouMean(code, keys(ix.Sizes)))
			}
		})
	}
}

// checkMask verifies that a row or column mask names a sheet (through the
// scenario's prefixes) when it carries a prefix.
func checkMask(p *Pass, mask string) string {
	prefix := strings.TrimRight(mask, "xX0123456789")
	if prefix == "" {
		return ""
	}
	if _, ok := p.Scenario.Maps.Prefixes[prefix]; ok {
		return ""
	}
	for _, s := range p.Index.Sheets {
		if s.QualifiedPrefix == prefix || s.Prefix == prefix {
			return ""
		}
	}
	return fmt.Sprintf("mask %q: no sheet has the prefix %q", mask, prefix)
}
