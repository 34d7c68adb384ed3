package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// Arithmetic the rulebook states (issue 29, family 4): a module declares
// in game.json, as data with its source line, sums its scenarios' start
// values must keep, so a new game's module can declare its own.

var invariantBroken = register(&Check{
	Code:     "invariant-broken",
	Title:    "start values that break arithmetic the rulebook states",
	Doc:      "game.json's \"invariants\" declare arithmetic the rulebook states about a scenario's start, each with the words and line it comes from: the start values of the named tracks add up to (\"equals\"), or stay within (\"atMost\", \"atLeast\"), a number, for every scenario or only those that start before a date (\"startsBefore\"). Shipped: USCW Resource BPs + Union VPs = 100 (USCW lines 1166, 1714: the map's Resource Hexes hold 100 BPs, and those the Union controls are its VPs); TPC Union Command Points at most 9 before February 28, 1865 (TPC line 1798). The LGV rulebook states none. A scenario's start (and each variant's own start) that names every track of an invariant and breaks it is an error at the first of those values, quoting the rule; a deliberate departure is declared by a notes entry of the start, kind \"correction\", whose field names the track.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		invs := p.Module.Game.Invariants
		if len(invs) == 0 {
			return
		}
		p.checkInvariants(invs, "/start", p.Scenario.Start, p.Scenario.Length.Start)
		for i, v := range p.Scenario.Variants {
			start := p.Scenario.Length.Start
			if v.Length != nil && v.Length.Start != "" {
				start = v.Length.Start
			}
			p.checkInvariants(invs, fmt.Sprintf("/variants/%d/start", i), v.Start, start)
		}
	},
})

func (p *Pass) checkInvariants(invs []scenarios.Invariant, ptr string, st *scenarios.Start, date string) {
	if st == nil || len(st.Tracks) == 0 {
		return
	}
	for _, inv := range invs {
		if inv.Kind != "" && inv.Kind != "tracks-sum" {
			continue // track-is-start-turn: module-invariant
		}
		if inv.StartsBefore != "" && (date == "" || date >= inv.StartsBefore) {
			continue
		}
		sum, parts, all := 0.0, []string{}, true
		for _, id := range inv.Tracks {
			v, ok := st.Tracks[id]
			if !ok || declaresTrack(st.Notes, id) {
				all = false
				break
			}
			sum += v
			parts = append(parts, fmt.Sprintf("%s %s", id, num(v)))
		}
		if !all {
			continue
		}
		var broken string
		switch {
		case inv.Equals != nil && sum != *inv.Equals:
			broken = "must add up to " + num(*inv.Equals)
		case inv.AtMost != nil && sum > *inv.AtMost:
			broken = "may be at most " + num(*inv.AtMost)
		case inv.AtLeast != nil && sum < *inv.AtLeast:
			broken = "must be at least " + num(*inv.AtLeast)
		}
		if broken == "" {
			continue
		}
		what := strings.Join(parts, " + ") + " = " + num(sum)
		if len(parts) == 1 {
			what = parts[0]
		}
		lines := ""
		if inv.Source != nil && inv.Source.Lines != "" {
			lines = ", line " + inv.Source.Lines
			if strings.ContainsAny(inv.Source.Lines, ",-") {
				lines = ", lines " + inv.Source.Lines
			}
		}
		p.Report(ptr+"/tracks/"+inv.Tracks[0], fmt.Sprintf("%s, which %s (game.json invariant %s%s): %s", what, broken, inv.ID, lines, clip(inv.Text, 160)),
			"correct the start values (the scenario's printed data usually settles which one); a deliberate departure is declared by a notes entry of the start {\"kind\": \"correction\", \"field\": \"tracks/<id>\"}")
		for _, id := range inv.Tracks[1:] {
			p.relate(ptr+"/tracks/"+id, "summed here")
		}
	}
}

// declaresTrack reports a correction note naming a track.
func declaresTrack(notes []scenarios.Note, id string) bool {
	for _, n := range notes {
		if n.Kind == "correction" && (n.Field == id || strings.HasSuffix(n.Field, "/"+id) || strings.HasSuffix(n.Field, "."+id)) {
			return true
		}
	}
	return false
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
