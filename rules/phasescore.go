package rules

import (
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
	pts0, t := 0.0, Yes
	for i := range a.Requires {
		if r := st.Holds(&a.Requires[i], nil); r != Yes {
			t = r
			break
		}
	}
	if t == Yes {
		switch a.Kind {
		case "per-phase":
			t = st.Holds(a.Condition, nil)
			if t == Yes && a.Qualifier != nil {
				t = st.Holds(a.Qualifier, nil)
			}
			if t == Yes {
				pts0 = pts(a.Points)
			}
		case "per-location":
			pts0, t = st.perLocation(a)
		}
	}
	data := map[string]any{"award": a.ID}
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

// accumulated is what an accumulating line has scored so far.
func (st *State) accumulated(a *scenarios.Award, scoring string) (float64, Tri) {
	side := a.Side
	if side == "" {
		side = scoring
	}
	if st.phaseUnknown[a.ID] {
		return st.Tallies[side]["vp:"+a.ID], Unknown
	}
	return st.Tallies[side]["vp:"+a.ID], Yes
}
