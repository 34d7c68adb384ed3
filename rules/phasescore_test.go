package rules

import (
	"testing"

	"github.com/musterhq/muster/scenarios"
)

func lineByID(r Result, id string) LineResult {
	for _, l := range r.Lines {
		if l.ID == id {
			return l
		}
	}
	return LineResult{}
}

// TPC scenario 5, line 721: "+4 For each Recovery Phase in which an
// undemoralized Union infantry or cavalry unit occupies any Richmond city
// hex. The maximum VP for this condition is 4 per turn."
func TestPhaseScoringAccumulatesWithinTheTurnCap(t *testing.T) {
	st := startOf(t, "tpc-05")
	must(t, st.MoveTo("u.davies.cav", "N0627"))
	if l := lineByID(Evaluate(st), "richmond-recovery"); l.Points != 0 {
		t.Fatalf("before any Recovery Phase: %+v", l)
	}
	st.EnterPhase("recovery")
	st.EnterPhase("recovery")
	if l := lineByID(Evaluate(st), "richmond-recovery"); l.Status != "awarded" || l.Points != 4 {
		t.Fatalf("one Recovery Phase, entered twice: %+v", l)
	}
	st.EnterPhase("end")
	must(t, st.NextTurn(0))
	st.EnterPhase("recovery")
	if l := lineByID(Evaluate(st), "richmond-recovery"); l.Points != 8 {
		t.Fatalf("two turns: %+v", l)
	}
	if got := st.Tallies["union"]["vp:richmond-recovery"]; got != 8 {
		t.Fatalf("tally vp:richmond-recovery = %v, want 8", got)
	}
}

// The module knows one Richmond city hex of several: a Recovery Phase with
// no qualifying unit in it cannot be decided, and the line stays unknown.
func TestPhaseScoringUndecidedCheckMakesTheLineUnknown(t *testing.T) {
	st := startOf(t, "tpc-05")
	must(t, st.MoveTo("u.davies.cav", "N0627"))
	st.EnterPhase("recovery")
	must(t, st.SetState("u.davies.cav", "demoralized", "Demoralized-1"))
	must(t, st.NextTurn(0))
	st.EnterPhase("recovery")
	r := Evaluate(st)
	if l := lineByID(r, "richmond-recovery"); l.Status != "unknown" {
		t.Fatalf("undecided Recovery Phase: %+v", l)
	}
	if r.Exact {
		t.Fatal("a total with an unknown line is exact")
	}
}

// gameEnd holds once the game has ended, and no turn follows.
func TestGameEnd(t *testing.T) {
	st := startOf(t, "tpc-11")
	end := &scenarios.Condition{GameEnd: true}
	if st.Holds(end, nil) != No {
		t.Fatal("gameEnd holds at the start")
	}
	st.End()
	if st.Holds(end, nil) != Yes {
		t.Fatal("gameEnd does not hold after the end")
	}
	if err := st.NextTurn(0); err == nil {
		t.Fatal("a turn after the end of the game")
	}
}

// A per-phase line's qualifier is asked after its condition: in a copy of
// scenario 5 whose Richmond line also needs the game to have ended (a
// made-up qualifier), cavalry in Richmond at a Recovery Phase scores
// nothing; with the qualifier met (the line unchanged), 4.
func TestPhaseScoringQualifier(t *testing.T) {
	for _, c := range []struct {
		qualifier *scenarios.Condition
		want      float64
	}{{&scenarios.Condition{GameEnd: true}, 0}, {nil, 4}} {
		m, s := copyOf(t, "tpc-05")
		for i := range s.Victory.Awards {
			if s.Victory.Awards[i].ID == "richmond-recovery" {
				s.Victory.Awards[i].Qualifier = c.qualifier
			}
		}
		st := stateOf(t, m, s)
		must(t, st.MoveTo("u.davies.cav", "N0627"))
		st.EnterPhase("recovery")
		if got := st.Tallies["union"]["vp:richmond-recovery"]; got != c.want {
			t.Errorf("qualifier %+v: %v VP, want %v", c.qualifier, got, c.want)
		}
	}
}
