package rules

import (
	"fmt"
	"strconv"

	"github.com/musterhq/muster/scenarios"
)

// Lines scored phase by phase (a per-phase award, or a per-location award
// that names a phase) accumulate: each time the game enters their phase
// the line is checked once and its points are added to the scoring side's
// "vp:<id>" tally, within the line's per-turn cap. Evaluate then reports
// the accumulated points. A check the data cannot decide makes the line
// unknown for the rest of the game: the total it would have added is lost.

// phaseKey identifies one scoring of a line: the line, the turn and the
// phase, so entering a phase twice in a turn scores it once.
type phaseKey struct {
	award string
	turn  int
	phase string
}

// scorePhase scores every accumulating line of the phase just entered.
func (st *State) scorePhase(phase string) {
	v := &st.Scenario.Victory
	var walk func(as []scenarios.Award)
	walk = func(as []scenarios.Award) {
		for i := range as {
			a := &as[i]
			walk(a.Lines)
			if a.Phase == phase && a.ID != "" && (a.Kind == "per-phase" || a.Kind == "per-location") {
				st.scoreLine(a, v.Scoring)
			}
		}
	}
	walk(v.Awards)
}

func (st *State) scoreLine(a *scenarios.Award, scoring string) {
	key := phaseKey{a.ID, st.Turn, st.Phase}
	if st.phaseScored[key] {
		return
	}
	st.phaseScored[key] = true
	side := a.Side
	if side == "" {
		side = scoring
	}
	pts0, t := st.phaseCheck(a, nil)
	data := map[string]any{"award": a.ID}
	if t != Yes || pts0 == 0 {
		// Ask again for the reason: the log says why nothing scored.
		w := &why{}
		st.phaseCheck(a, w)
		data["why"] = w.text
	}
	switch t {
	case Unknown:
		st.phaseUnknown[a.ID] = true
		data["unknown"] = true
	case Yes:
		if a.MaxPerTurn != nil {
			turnKey := "vp-turn:" + a.ID + ":" + strconv.Itoa(st.Turn)
			room := *a.MaxPerTurn - st.turnScored[turnKey]
			pts0 = capped(pts0, &room)
			st.turnScored[turnKey] += pts0
		}
		st.Tally(side, "vp:"+a.ID, pts0)
		data["points"] = pts0
	default:
		data["points"] = 0
	}
	st.Log.Add(Event{Turn: st.Turn, Phase: st.Phase, Kind: "scored", Side: side, Data: data})
}

// phaseCheck is one check of an accumulating line: the points it adds now,
// and with w why it adds none.
func (st *State) phaseCheck(a *scenarios.Award, w *why) (float64, Tri) {
	for i := range a.Requires {
		if r := st.holds(&a.Requires[i], nil, w); r != Yes {
			if w != nil {
				w.set("requirement %d of %d %s: %s", i+1, len(a.Requires), fails(r), w.text)
			}
			return 0, r
		}
	}
	switch a.Kind {
	case "per-phase":
		t := st.holds(a.Condition, nil, w)
		what := "the condition"
		if t == Yes && a.Qualifier != nil {
			t, what = st.holds(a.Qualifier, nil, w), "the qualifier"
		}
		if t == Yes {
			return pts(a.Points), Yes
		}
		if w != nil {
			w.set("%s %s: %s", what, fails(t), w.text)
		}
		return 0, t
	case "per-location":
		return st.perLocation(a, w)
	}
	return 0, Yes
}

// accumulated is what an accumulating line has scored so far; with w, why
// that is nothing (or cannot be known), and how the line stands now.
func (st *State) accumulated(a *scenarios.Award, scoring string, w *why) (float64, Tri) {
	side := a.Side
	if side == "" {
		side = scoring
	}
	v, t := st.Tallies[side]["vp:"+a.ID], Yes
	if st.phaseUnknown[a.ID] {
		t = Unknown
	}
	if w != nil && (v == 0 || t == Unknown) {
		head := fmt.Sprintf("nothing scored at its %s-phase checks so far", a.Phase)
		if t == Unknown {
			head = fmt.Sprintf("one of its %s-phase checks could not be decided", a.Phase)
		}
		if now, nt := st.phaseCheck(a, w); nt == Yes && now != 0 {
			w.set("%s; now it would score %s VP", head, num(now))
		} else {
			w.set("%s; now %s", head, w.text)
		}
	}
	return v, t
}
