package replay

import (
	"regexp"
	"strings"
)

// The USCW engine's sentences name its Generals, not counter ids: a
// General is drawn from where it is placed and moved with its SPs (the SPs
// themselves are strength, not counters, and are not drawn). "1 SP" and
// "1 General" are singular; logs before 2026-11-29 wrote "General(s)".
var (
	uscwActor  = regexp.MustCompile(`^the (\w+)'s Player Action Phase`)
	uscwPlaced = regexp.MustCompile(`^(\S+) \(\d-star[^)]*\) placed in (\S+) with`)
	uscwMoves  = regexp.MustCompile(`^(\S+) with \d+ SPs?(?: and (.+?))? moves from (\S+): (.*);`)
	uscwEnters = regexp.MustCompile(`^(\S+) with \d+ SPs?(?: and (.+?))? enters (\S+), which holds`)
	uscwHexes  = regexp.MustCompile(`(\S+) \(`)
	uscwBack   = regexp.MustCompile(`(?:retreats|backs up) to (\S+), the hex it entered from`)
	uscwRetire = regexp.MustCompile(`^the (\w+) retreats \d+ SPs? and \d+ General(?:s|\(s\))? from ([^\s,]+) to ([^\s,]+)`)
	uscwWins   = regexp.MustCompile(`^the (attacker|defender) wins`)
	uscwAway   = regexp.MustCompile(`(the defender's SPs and Generals|its Generals) go to the (.+ Displaced Box)`)
)

// uscwText reads one USCW sentence.
func (r *reader) uscwText(st *Step, text string) {
	if m := uscwActor.FindStringSubmatch(text); m != nil && r.isSide(m[1]) {
		r.actor = m[1]
	}
	st.Side = r.actor
	generals := func(first, more string) []string {
		out := []string{first}
		if more != "" {
			out = append(out, strings.Split(more, " and ")...)
		}
		return out
	}
	switch {
	case uscwPlaced.MatchString(text):
		m := uscwPlaced.FindStringSubmatch(text)
		r.moveTo(st, m[1], "", "", m[2]) // the side from its counter: a script places both sides' Generals
	case uscwMoves.MatchString(text):
		m := uscwMoves.FindStringSubmatch(text)
		path := uscwHexes.FindAllStringSubmatch(m[4], -1)
		if len(path) == 0 {
			return
		}
		for _, g := range generals(m[1], m[2]) {
			r.moveTo(st, g, r.actor, m[3], path[len(path)-1][1])
		}
	case uscwEnters.MatchString(text):
		m := uscwEnters.FindStringSubmatch(text)
		r.attackers, r.defeated = generals(m[1], m[2]), ""
		for _, g := range r.attackers {
			r.moveTo(st, g, r.actor, "", m[3])
		}
		st.Combat = r.place(m[3])
		r.battleHex = st.Combat
	case uscwBack.MatchString(text):
		to := uscwBack.FindStringSubmatch(text)[1]
		for _, g := range r.attackers {
			r.moveTo(st, g, r.actor, "", to)
		}
	case uscwRetire.MatchString(text):
		m := uscwRetire.FindStringSubmatch(text)
		for _, id := range r.unitsAt(m[1], r.place(m[2])) {
			r.moveTo(st, id, m[1], "", m[3])
		}
	case uscwWins.MatchString(text):
		r.defeated = "attacker"
		if uscwWins.FindStringSubmatch(text)[1] == "attacker" {
			r.defeated = "defender"
		}
	case uscwAway.MatchString(text):
		m := uscwAway.FindStringSubmatch(text)
		if strings.HasPrefix(m[1], "the defender") {
			r.defeated = "defender"
		}
		for _, sd := range r.page.Sides {
			if (sd.ID == r.actor) != (r.defeated == "attacker") {
				continue
			}
			for _, id := range r.unitsAt(sd.ID, r.battleHex) {
				r.gone(st, id, sd.ID, "in the "+m[2])
			}
		}
	}
}

// unitsAt lists a side's units at a drawn place, in the page's order.
func (r *reader) unitsAt(side, at string) []string {
	var out []string
	if at == "" {
		return out
	}
	for _, u := range r.page.Units {
		if u.Side == side && r.pos[u.ID] == at {
			out = append(out, u.ID)
		}
	}
	return out
}
