package tpc

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"
)

// Assumptions fix the tactical inputs of the strategic layer for the
// sim's games: the facts the series rules would decide (supply,
// cohesion, losses, railroad paths, occupation ...), from the first turn
// and from later dates on, and how the bots declare the Union posture
// and the Confederate override. A designer edits a copy of
// assumptions/default.json and passes it with --assumptions; the
// report's header prints them.
type Assumptions struct {
	Title string `json:"title"`
	Note  string `json:"note,omitempty"`
	// Facts hold from the first turn; a fact not named keeps its quiet
	// default (factDefs).
	Facts map[string]any `json:"facts"`
	// From lists changes from a date on, in date order.
	From []DatedFacts `json:"from"`
	// UnionPosture: "either" (the sensible bot picks active or passive
	// at even odds when it may choose), "active-when-affordable",
	// "passive".
	UnionPosture string `json:"unionPosture"`
	// ConfederateOverride: "never" (4.0's Strategy Note keeps it for a
	// critical situation the layer cannot see) or "either".
	ConfederateOverride string `json:"confederateOverride"`

	base  facts
	dated []datedFacts
}

// DatedFacts are facts that hold from a date (YYYY-MM-DD) on.
type DatedFacts struct {
	Date  string         `json:"date"`
	Facts map[string]any `json:"facts"`
	Note  string         `json:"note,omitempty"`
}

type datedFacts struct {
	date  string
	facts facts
}

//go:embed assumptions/default.json
var defaultAssumptions []byte

// DefaultAssumptions is the file the sim plays without --assumptions.
func DefaultAssumptions() []byte { return bytes.Clone(defaultAssumptions) }

// maxAssumptionsSize bounds the file: a few hundred facts at most.
const maxAssumptionsSize = 1 << 20

// Evacuation: a "from" entry with evacuation true declares it at the
// end of the Action Cycle of the first turn played on or after its date
// (game.assumeEvacuation); 29.0's refusals stop the game there.

// eventFacts are facts that happen rather than hold: the engine keeps
// their state itself, so an assumption cannot fix them.
var eventFacts = map[string]string{
	"union-tactical-failure": "a Union Tactical Failure happens in a combat (a script's fact step)",
	"mine-ready":             "the Mine Ready marker is placed by the Strategic Events Table",
	"mine-discovered":        "the Mine Discovered marker is placed by the Strategic Events Table",
}

// ParseAssumptions reads an assumptions file strictly: no unknown
// field, no trailing data, every fact known and of its kind, dates real
// and in order, the posture policies named.
func ParseAssumptions(data []byte) (*Assumptions, error) {
	if len(data) > maxAssumptionsSize {
		return nil, fmt.Errorf("assumptions: %d bytes, more than %d", len(data), maxAssumptionsSize)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var a Assumptions
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("assumptions: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("assumptions: data after the JSON object")
	}
	if strings.TrimSpace(a.Title) == "" {
		return nil, errors.New("assumptions: give a title (the report's header prints it)")
	}
	if a.Facts == nil {
		return nil, errors.New(`assumptions: give "facts" (an empty object keeps every fact at its default)`)
	}
	var err error
	if a.base, err = readFacts(defaultFacts(), a.Facts, "facts"); err != nil {
		return nil, err
	}
	if a.base.b("evacuation") {
		return nil, errors.New(`assumptions: facts: evacuation is declared on a date (29.0: from September 1, 1864): give it in "from"`)
	}
	evacuated := false
	last := ""
	for i, d := range a.From {
		where := fmt.Sprintf("from[%d]", i)
		if _, err := time.Parse("2006-01-02", d.Date); err != nil {
			return nil, fmt.Errorf("assumptions: %s: date %q: want YYYY-MM-DD", where, d.Date)
		}
		if d.Date <= last {
			return nil, fmt.Errorf("assumptions: %s: date %s is not after %s: list the changes in date order", where, d.Date, last)
		}
		last = d.Date
		if len(d.Facts) == 0 {
			return nil, fmt.Errorf("assumptions: %s: give the facts that change on %s", where, d.Date)
		}
		f, err := readFacts(facts{}, d.Facts, where+".facts")
		if err != nil {
			return nil, err
		}
		if v, ok := f["evacuation"]; ok {
			if evacuated || !v.(bool) {
				return nil, fmt.Errorf("assumptions: %s: the Evacuation is declared once and stands (29.0): give evacuation: true in one entry only", where)
			}
			evacuated = true
		}
		a.dated = append(a.dated, datedFacts{d.Date, f})
	}
	if a.UnionPosture == "" {
		a.UnionPosture = "either"
	}
	if !slices.Contains([]string{"either", "active-when-affordable", "passive"}, a.UnionPosture) {
		return nil, fmt.Errorf("assumptions: unionPosture %q: either, active-when-affordable or passive", a.UnionPosture)
	}
	if a.ConfederateOverride == "" {
		a.ConfederateOverride = "never"
	}
	if !slices.Contains([]string{"never", "either"}, a.ConfederateOverride) {
		return nil, fmt.Errorf("assumptions: confederateOverride %q: never or either", a.ConfederateOverride)
	}
	return &a, nil
}

// readFacts checks facts into dst.
func readFacts(dst facts, in map[string]any, where string) (facts, error) {
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if why, ok := eventFacts[k]; ok {
			return nil, fmt.Errorf("assumptions: %s: %s is not an assumption: %s", where, k, why)
		}
		v := in[k]
		if n, ok := v.(json.Number); ok {
			f, err := n.Float64()
			if err != nil {
				return nil, fmt.Errorf("assumptions: %s: fact %s: %v", where, k, err)
			}
			v = f
		}
		x, err := parseFact(k, v)
		if err != nil {
			return nil, fmt.Errorf("assumptions: %s: %v", where, err)
		}
		if n, ok := x.(int); ok && n > 1000 {
			return nil, fmt.Errorf("assumptions: %s: fact %s = %d: at most 1000", where, k, n)
		}
		dst[k] = x
	}
	return dst, nil
}

// factsOn are the facts the assumptions fix on date d.
func (a *Assumptions) factsOn(d string) facts {
	f := a.base.clone()
	for _, x := range a.dated {
		if x.date > d {
			break
		}
		for k, v := range x.facts {
			f[k] = v
		}
	}
	return f
}

// Lines describe the assumptions for the report's header.
func (a *Assumptions) Lines() []string {
	out := []string{"Assumptions: " + a.Title + "."}
	if a.Note != "" {
		out = append(out, a.Note)
	}
	out = append(out, "Facts from the first turn: "+factList(a.base, false)+".")
	for i, d := range a.dated {
		s := "From " + d.date + ": " + factList(d.facts, true) + "."
		if n := a.From[i].Note; n != "" {
			s += " (" + n + ")"
		}
		out = append(out, s)
	}
	out = append(out, fmt.Sprintf("Union posture when the roll allows active: %s; Confederate override: %s (both for the sensible bot; the random bot ignores them).", a.UnionPosture, a.ConfederateOverride))
	return out
}

// factList writes facts as k=v in key order; all of them, or only those
// given.
func factList(f facts, given bool) string {
	keys := make([]string, 0, len(f))
	for k := range f {
		if !given {
			if _, ev := eventFacts[k]; ev {
				continue
			}
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s=%v", k, f[k])
	}
	return b.String()
}

// CheckFor finds what the assumptions declare that the scenario will
// refuse, before a game plays into it: an Evacuation declared on a date
// when none of its conditions is in effect (29.0, lines 2851-2857: the
// date, March 16, 1865 in scenario 11 and April 1865 in scenario 12, or
// an occupation, the fact evacuation-condition).
func (a *Assumptions) CheckFor(campaign bool) error {
	byDate := "1865-04-01"
	if campaign {
		byDate = "1865-03-16"
	}
	for i, d := range a.dated {
		if v, ok := d.facts["evacuation"]; !ok || !v.(bool) || d.date >= byDate {
			continue
		}
		if !a.factsOn(d.date).b("evacuation-condition") {
			return fmt.Errorf(`assumptions: from[%d]: the Evacuation is declared on %s, before %s, and none of its conditions is in effect then (29.0): add "evacuation-condition": true to this entry's facts (or an earlier one's), or move its date to %s or later`, i, d.date, byDate, byDate)
		}
	}
	return nil
}
