package scenarios

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Index holds the lookups semantic checks need, built once per module.
type Index struct {
	Sides    map[string]*Side
	Counters map[string]*Counter
	// Commands maps side -> printed code (and aliases) -> command.
	Commands map[string]map[string]*Command
	Types    map[string]*UnitType
	Sizes    map[string]*UnitSize
	States   map[string]*StateDimension
	Markers  map[string]*Marker
	Features map[string]*Feature
	Regions  map[string]*MapRegion
	Sheets   map[string]*Sheet
	Areas    map[string]*Area
	Tracks   map[string]*Track
	Statuses map[string]*Status
	Boxes    map[string]*Box
	// Places maps a resolved location key to the place names the map ties
	// to it (variants included).
	Places map[string][]string
	// PlaceHexes maps a place name (or variant), lower-cased, to the
	// locations the map ties it to, as the map writes them.
	PlaceHexes map[string][]string
}

// Index returns the module's lookups, building them on first use. It
// tolerates a module whose files failed to load (the maps are then empty).
func (m *Module) Index() *Index {
	if m.index != nil {
		return m.index
	}
	ix := &Index{
		Sides: map[string]*Side{}, Counters: map[string]*Counter{}, Commands: map[string]map[string]*Command{},
		Types: map[string]*UnitType{}, Sizes: map[string]*UnitSize{}, States: map[string]*StateDimension{},
		Markers: map[string]*Marker{}, Features: map[string]*Feature{}, Regions: map[string]*MapRegion{},
		Sheets: map[string]*Sheet{}, Areas: map[string]*Area{}, Places: map[string][]string{}, PlaceHexes: map[string][]string{},
		Tracks: map[string]*Track{}, Statuses: map[string]*Status{}, Boxes: map[string]*Box{},
	}
	if g := m.Game; g != nil {
		for i := range g.Sides {
			ix.Sides[g.Sides[i].ID] = &g.Sides[i]
		}
		for side, cmds := range g.Commands {
			bySide := map[string]*Command{}
			for i := range cmds {
				c := &cmds[i]
				bySide[c.Code] = c
				for _, a := range c.Aliases {
					bySide[a] = c
				}
			}
			ix.Commands[side] = bySide
		}
		for i := range g.UnitTypes {
			ix.Types[g.UnitTypes[i].Code] = &g.UnitTypes[i]
		}
		for i := range g.UnitSizes {
			ix.Sizes[g.UnitSizes[i].Code] = &g.UnitSizes[i]
		}
		for i := range g.States {
			ix.States[g.States[i].ID] = &g.States[i]
		}
		for i := range g.Markers {
			ix.Markers[g.Markers[i].ID] = &g.Markers[i]
		}
		for i := range g.Tracks {
			ix.Tracks[g.Tracks[i].ID] = &g.Tracks[i]
		}
		for i := range g.Statuses {
			ix.Statuses[g.Statuses[i].ID] = &g.Statuses[i]
		}
		for i := range g.Boxes {
			ix.Boxes[g.Boxes[i].ID] = &g.Boxes[i]
		}
	}
	if c := m.Counters; c != nil {
		for i := range c.Counters {
			ix.Counters[c.Counters[i].ID] = &c.Counters[i]
		}
	}
	if mp := m.Map; mp != nil {
		for i := range mp.Sheets {
			ix.Sheets[mp.Sheets[i].ID] = &mp.Sheets[i]
		}
		for i := range mp.Features {
			ix.Features[mp.Features[i].ID] = &mp.Features[i]
		}
		for i := range mp.Regions {
			ix.Regions[mp.Regions[i].ID] = &mp.Regions[i]
		}
		for i := range mp.Areas {
			ix.Areas[mp.Areas[i].ID] = &mp.Areas[i]
		}
		for _, p := range mp.Places {
			loc, err := ix.Resolve(p.At, nil)
			if err != nil {
				continue
			}
			ix.Places[loc.Key()] = append(append(ix.Places[loc.Key()], p.Name), p.Variants...)
			for _, n := range append([]string{p.Name}, p.Variants...) {
				k := strings.ToLower(n)
				if !slices.Contains(ix.PlaceHexes[k], p.At) {
					ix.PlaceHexes[k] = append(ix.PlaceHexes[k], p.At)
				}
			}
		}
	}
	m.index = ix
	return ix
}

// Location is a resolved map location: a hex of a sheet or an area.
type Location struct {
	Sheet    *Sheet
	Col, Row int
	Area     *Area
}

// Key is a canonical text for the location ("otr-south:0907", "area:27").
func (l Location) Key() string {
	if l.Area != nil {
		return "area:" + l.Area.ID
	}
	d := l.Sheet.Digits
	if d == 0 {
		d = 2
	}
	if l.Sheet.IDOrder == "row-column" {
		return fmt.Sprintf("%s:%0*d%0*d", l.Sheet.ID, d, l.Row, d, l.Col)
	}
	return fmt.Sprintf("%s:%0*d%0*d", l.Sheet.ID, d, l.Col, d, l.Row)
}

// AmbiguousPrefixError is a bare prefix that several sheets use, where the
// scenario's maps.prefixes does not say which one is meant.
type AmbiguousPrefixError struct {
	Prefix string
	Sheets []string // the sheets using it, sorted
}

func (e *AmbiguousPrefixError) Error() string {
	return fmt.Sprintf("prefix %q is ambiguous (%d sheets use it) and the scenario's maps.prefixes does not say which is meant", e.Prefix, len(e.Sheets))
}

// Resolve turns a printed location into a map location. prefixes maps bare
// prefixes to sheet ids (a scenario's maps.prefixes); qualified prefixes
// such as "GTC S" resolve through the sheets themselves.
func (ix *Index) Resolve(loc string, prefixes map[string]string) (Location, error) {
	if len(ix.Areas) > 0 {
		if a, ok := ix.Areas[loc]; ok {
			return Location{Area: a}, nil
		}
		if len(ix.Sheets) == 0 {
			return Location{}, fmt.Errorf("%q is not an area or zone of this map", loc)
		}
	}
	prefix, digits := splitHexID(loc)
	if digits == "" {
		return Location{}, fmt.Errorf("%q is not a hex id (a sheet prefix and four digits, e.g. S0907)", loc)
	}
	var sheet *Sheet
	for _, s := range ix.Sheets {
		if s.QualifiedPrefix != "" && s.QualifiedPrefix == prefix {
			sheet = s
			break
		}
	}
	if sheet == nil {
		if id, ok := prefixes[prefix]; ok {
			sheet = ix.Sheets[id]
			if sheet == nil {
				return Location{}, fmt.Errorf("prefix %q maps to sheet %q, which the map does not define", prefix, id)
			}
		} else {
			var candidates []*Sheet
			for _, s := range ix.Sheets {
				if s.Prefix == prefix {
					candidates = append(candidates, s)
				}
			}
			switch len(candidates) {
			case 0:
				return Location{}, fmt.Errorf("no sheet of this map has the prefix %q", prefix)
			case 1:
				sheet = candidates[0]
			default:
				e := &AmbiguousPrefixError{Prefix: prefix}
				for _, c := range candidates {
					e.Sheets = append(e.Sheets, c.ID)
				}
				sort.Strings(e.Sheets)
				return Location{}, e
			}
		}
	}
	d := sheet.Digits
	if d == 0 {
		d = 2
	}
	if len(digits) != 2*d {
		return Location{}, fmt.Errorf("%q: hex ids on %s have %d digits", loc, sheet.Name, 2*d)
	}
	col, _ := strconv.Atoi(digits[:d])
	row, _ := strconv.Atoi(digits[d:])
	if sheet.IDOrder == "row-column" {
		col, row = row, col
	}
	if col < sheet.Columns.Min || col > sheet.Columns.Max || row < sheet.Rows.Min || row > sheet.Rows.Max {
		return Location{}, &OffSheetError{Loc: loc, Sheet: sheet, Col: col, Row: row}
	}
	if sheet.Prefix == "" && prefix != "" {
		return Location{}, fmt.Errorf("%q: hex ids on %s have no prefix", loc, sheet.Name)
	}
	return Location{Sheet: sheet, Col: col, Row: row}, nil
}

// OffSheetError is a hex id whose column or row lies outside its sheet's
// ranges. Where the sheet's extent is inferred (the span of the ids the
// rulebook prints), the physical sheet may be larger and the hex may exist.
type OffSheetError struct {
	Loc      string
	Sheet    *Sheet
	Col, Row int
}

func (e *OffSheetError) Error() string {
	s := e.Sheet
	d := s.Digits
	if d == 0 {
		d = 2
	}
	return fmt.Sprintf("%q is off the %s sheet (columns %0*d-%0*d, rows %0*d-%0*d)", e.Loc, s.Name, d, s.Columns.Min, d, s.Columns.Max, d, s.Rows.Min, d, s.Rows.Max)
}

// Inferred reports whether the sheet's ranges are inferred rather than printed.
func (e *OffSheetError) Inferred() bool { return e.Sheet.Extent == "inferred" }

// splitHexID splits "GTC S3845" into ("GTC S", "3845"); digits is empty
// when the text does not end in digits.
func splitHexID(s string) (prefix, digits string) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) {
		return s, ""
	}
	for _, r := range s[:i] {
		if !unicode.IsLetter(r) && r != ' ' {
			return s, ""
		}
	}
	return s[:i], s[i:]
}

// IsLeader reports whether a unit type code is a leader type.
func (ix *Index) IsLeader(typeCode string) bool {
	t := ix.Types[typeCode]
	return t != nil && t.Role == "leader"
}

// HasPlace reports whether name is one the map ties to the location.
func (ix *Index) HasPlace(loc Location, name string) (known bool, names []string) {
	names = ix.Places[loc.Key()]
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return true, names
		}
	}
	return false, names
}
