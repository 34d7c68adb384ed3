package tpc

import (
	"fmt"
	"sort"
	"strings"
)

// A fact is an outcome of play the series rules govern, which the
// strategic layer reads: a script states it ("do": "fact", "facts":
// {...}); until then it holds its default, the quiet assumption (no unit
// out of supply or cohesion, the cohesion check passed, no losses, no
// railroad path cut, no occupation). Each fact names the case that reads
// it.
type factDef struct {
	kind string // int, bool
	def  any
	rule string
	text string
}

var factDefs = map[string]factDef{
	"cohesion":                      {"bool", true, "4.0, 5.0", "the Union passes the Cohesion Check of the Union Command Segment (or the Lull's Union Command Step)"},
	"union-oos-divisions":           {"int", 0, "4.0", "Union infantry divisions with an Out of Supply marker (+2 each on the Active Command Posture Table)"},
	"union-ooc-divisions":           {"int", 0, "4.0", "Union infantry divisions out of Cohesion (+4 each)"},
	"union-oos-brigades":            {"int", 0, "4.0", "Union infantry brigades or regiments with an Out of Supply marker (+1 each)"},
	"union-ooc-brigades":            {"int", 0, "4.0", "Union infantry brigades or regiments out of Cohesion (+2 each)"},
	"union-losses":                  {"int", 0, "15.1", "Union manpower losses from combat, retreat or cavalry retreat that the manpower tables read"},
	"confederate-losses":            {"int", 0, "15.2", "Confederate manpower losses from combat, retreat or cavalry retreat that the manpower tables read"},
	"weldon-cut":                    {"bool", false, "15.2", "the Weldon RR Confederate RR Hex Path to Petersburg is cut"},
	"southside-cut":                 {"bool", false, "15.2", "the Southside RR Confederate RR Hex Path to Petersburg is cut"},
	"union-in-petersburg":           {"bool", false, "15.2", "an undemoralized Union infantry unit occupies a Petersburg city hex"},
	"union-in-richmond":             {"bool", false, "15.2", "an undemoralized Union infantry unit occupies a Richmond city hex"},
	"union-infantry-eligible":       {"bool", true, "15.0, 15.1", "a Union infantry unit can receive manpower (in supply and cohesion, 2+ manpower, under its size cap, not surrounded)"},
	"union-cavalry-eligible":        {"bool", true, "15.0", "a Union cavalry unit can receive manpower (in supply, under its size cap, not surrounded)"},
	"confederate-infantry-eligible": {"bool", true, "15.0, 15.2", "a Confederate infantry unit can receive manpower (in supply, under its size cap, not surrounded)"},
	"confederate-cavalry-manpower":  {"int", 0, "15.2", "Confederate cavalry manpower on the map (more than 4: a loss of 3 or more takes at least 1 from cavalry, not in April)"},
	"evacuation":                    {"bool", false, "29.0", "the Confederate Evacuation has been declared (at the end of the current turn's Action Cycle)"},
	"evacuation-condition":          {"bool", false, "29.0", "an occupation condition of the Evacuation holds (two Richmond city hexes or a Petersburg city hex held by an undemoralized Union infantry division, one on the Southside RR or between it and the Appomattox, Union infantry in Chesterfield County in or west of column S05xx)"},
	"confederate-exited":            {"int", 0, "29.0, 30.0", "Confederate manpower points exited off the map to North Carolina since the Evacuation"},
	"petersburg-occupied":           {"bool", false, "30.0", "either Petersburg city hex is occupied by an undemoralized Union infantry division"},
	"richmond-occupied":             {"bool", false, "30.0", "two Richmond city hexes, one of them the Capitol (0627), are each occupied by an undemoralized Union infantry division"},
	"petersburg-paths-cut":          {"bool", false, "30.0", "all Confederate RR Hex Paths (9.0) leading into Petersburg are cut for supply"},
	"richmond-paths-cut":            {"bool", false, "30.0", "all Confederate RR Hex Paths (9.0) leading into Richmond are cut for supply"},
	"mine-attack":                   {"bool", false, "3.0, 27.0", "the Union has made a mine attack (The Crater marker is on the Turn Track)"},
	"richmond-units":                {"bool", true, "3.0", "there are Richmond units on the map (Ewell)"},
	"union-at-dutch-gap":            {"bool", false, "3.0", "a Union infantry unit occupies OTR S0704 (Dutch Gap)"},
	"union-gunboat-on-track":        {"bool", false, "3.0, 25.0", "the Union gunboat is on the Turn Track, not on the map"},
	"union-redoubt-in-dinwiddie":    {"bool", false, "12.0", "the Union has a redoubt at Build or Complete in Dinwiddie County (the Confederate may build before Turn 48)"},
	"hill-dead":                     {"bool", false, "3.0, 14.0", "Hill has died in combat"},
	"union-tactical-failure":        {"bool", false, "4.0", "a Union attack with Combat value 10 or more got a combat result of -3 or less (each true is one such combat)"},
	"mine-ready":                    {"int", 0, "3.0, 27.0", "the Turn Track box of the Mine Ready marker (0: not on the track)"},
	"mine-discovered":               {"int", 0, "3.0, 27.0", "the Turn Track box of the Mine Discovered marker (0: not on the track)"},
}

type facts map[string]any

func defaultFacts() facts {
	f := facts{}
	for k, d := range factDefs {
		f[k] = d.def
	}
	return f
}

func (f facts) clone() facts {
	c := make(facts, len(f))
	for k, v := range f {
		c[k] = v
	}
	return c
}

func (f facts) b(k string) bool { v, _ := f[k].(bool); return v }
func (f facts) n(k string) int  { v, _ := f[k].(int); return v }

// parse checks a fact's value against its kind.
func parseFact(k string, v any) (any, error) {
	d, ok := factDefs[k]
	if !ok {
		var names []string
		for n := range factDefs {
			if _, event := eventFacts[n]; !event { // refused as assumptions: do not offer them
				names = append(names, n)
			}
		}
		sort.Strings(names)
		return nil, fmt.Errorf("no fact %q (facts: %s)", k, strings.Join(names, ", "))
	}
	switch d.kind {
	case "bool":
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("fact %s: true or false, not %v", k, v)
		}
		return b, nil
	default:
		x, ok := v.(float64)
		if i, isInt := v.(int); isInt {
			x, ok = float64(i), true
		}
		if !ok || x != float64(int(x)) || x < 0 {
			return nil, fmt.Errorf("fact %s: a whole number 0 or more, not %v", k, v)
		}
		return int(x), nil
	}
}

// factNote is the log's line for a fact a script states. A fact's text
// says what its value means (a bool's: what true means), so a false bool
// is said as its negation.
func factNote(k string, v any) string {
	if b, ok := v.(bool); ok && !b {
		return fmt.Sprintf("fact %s = false: it is not so that %s", k, factDefs[k].text)
	}
	return fmt.Sprintf("fact %s = %v: %s", k, v, factDefs[k].text)
}
