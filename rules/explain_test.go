package rules

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// line evaluates the state and returns the VP line with the id (or, for
// an unnamed one, the index).
func line(t *testing.T, st *State, id string, index int) LineResult {
	t.Helper()
	r := Evaluate(st)
	if id == "" {
		return r.Lines[index]
	}
	for _, l := range r.Lines {
		if l.ID == id {
			return l
		}
	}
	t.Fatalf("no VP line %q", id)
	return LineResult{}
}

// whyHas fails unless a line has the status and its reason every part.
func whyHas(t *testing.T, l LineResult, status string, parts ...string) {
	t.Helper()
	if l.Status != status {
		t.Errorf("line %q is %s (%s), want %s", l.ID, l.Status, l.Why, status)
	}
	for _, p := range parts {
		if !strings.Contains(l.Why, p) {
			t.Errorf("line %q: the reason\n%s\nlacks\n%s", l.ID, l.Why, p)
		}
	}
}

// A prerequisite that fails is named by its number and its wording, with
// what was found (scenario 5's Richmond line, rulebook line 495: two
// Destroyed Fort markers next to Richmond, and New Market Union-controlled).
func TestWhyPrerequisiteTPC05(t *testing.T) {
	st := startOf(t, "tpc-05")
	whyHas(t, line(t, st, "richmond", 0), "not-awarded",
		"requirement 1 of 2 does not hold: 2 destroyed-fort markers in feature confederate-forts that lie in hexes adjacent to feature richmond: none found")
}

// Control names each location with the side holding it: New Market (N1433)
// in the Richmond Recovery line of scenario 5 (line 717), and the VP Areas
// of LGV (17.2), where "here" is each area in turn.
func TestWhyControl(t *testing.T) {
	st := startOf(t, "tpc-05")
	whyHas(t, line(t, st, "richmond-recovery", 0), "not-awarded",
		"controlled by union of N1433: N1433 held by no side")
	must(t, st.SetControl("confederate", []string{"N1433"}))
	whyHas(t, line(t, st, "richmond-recovery", 0), "not-awarded",
		"nothing scored at its recovery-phase checks so far; now",
		"controlled by union of N1433: N1433 held by confederate")

	st = startOf(t, "lgv-01")
	must(t, st.SetControl("confederate", []string{"6"}))
	whyHas(t, line(t, st, "vp-areas", 0), "not-awarded",
		"0 of 6 locations (feature vp-areas) score",
		"at 6: all of 2 must hold, #1 does not: controlled by union: 6 held by confederate",
		"at 7: all of 2 must hold, #1 does not: controlled by union: 7 held by no side")
	// A controlled area whose path cannot be traced leaves the line open,
	// and that location is named first.
	must(t, st.SetControl("union", []string{"27"}))
	st.EnterPhase("end")
	whyHas(t, line(t, st, "vp-areas", 0), "unknown",
		"one of its end-phase checks could not be decided",
		"1 undecided: at 27 undecided: all of 2 must hold, #2 is undecided: path needs the map's roads and supply network, which the module lacks")
}

// A turn window says the turn and the window: LGV's elimination lines
// count only in Turn 6 (17.2), and made-up windows of each shape.
func TestWhyTurnWindow(t *testing.T) {
	st := startOf(t, "lgv-01")
	whyHas(t, line(t, st, "csa-eliminated", 0), "not-awarded", "requirement 1 of 1 does not hold: turn 1 is not turn 6")
	st.Turn = 5
	for _, c := range []struct {
		span scenarios.TurnSpan
		want Tri
		why  string
	}{
		{scenarios.TurnSpan{From: 7, To: 12}, No, "turn 5 is outside turns 7-12"},
		{scenarios.TurnSpan{From: 7}, No, "turn 5 is outside turns from 7"},
		{scenarios.TurnSpan{To: 4}, No, "turn 5 is outside turns up to 4"},
		{scenarios.TurnSpan{From: 3, To: 5}, Yes, "turn 5 is within turns 3-5"},
		{scenarios.TurnSpan{From: 5, To: 5}, Yes, "it is turn 5"},
	} {
		got, why := st.Explain(&scenarios.Condition{Turn: &c.span}, nil)
		if got != c.want || why != c.why {
			t.Errorf("turn %+v: %v %q, want %v %q", c.span, got, why, c.want, c.why)
		}
		if st.Holds(&scenarios.Condition{Turn: &c.span}, nil) != got {
			t.Errorf("turn %+v: Holds and Explain disagree", c.span)
		}
	}
}

// A chain names the hexes it reaches and where it breaks: scenario 2's
// qualifier (lines 287-296), an unbroken chain of undemoralized Union
// infantry from the VP hex to S0714 or S0813, inclusive.
func TestWhyChainQualifierTPC02(t *testing.T) {
	st := startOf(t, "tpc-02")
	must(t, st.MoveTo("u.ricketts.inf", "S0517"))
	g := line(t, st, "", 0)
	whyHas(t, g.Parts[0], "not-awarded",
		"the group's qualifier does not hold: at S0517: chain of undemoralized union Inf units from S0517 (here) to S0714, S0813, inclusive: broken: it reaches S0517, none in S0714, S0813; the nearest end, S0714, is 4 hexes from S0517, and no such unit stands in S0516 or S0616, the next hexes toward it")
	whyHas(t, g, "not-awarded", "no line of the group scored: [globe-tavern-clear: the group's qualifier does not hold: at S0517")
	// Wheaton at S0616 reaches Gibbon's S0716; with S0715 emptied the
	// chain stops one hex short of S0714.
	must(t, st.MoveTo("u.wheaton-b.inf", "S0616"))
	for _, u := range st.sortedUnits() {
		if u.OnMap && u.Loc == "S0715" {
			must(t, st.MoveTo(u.ID, "S0913"))
		}
	}
	whyHas(t, line(t, st, "", 0).Parts[0], "not-awarded",
		"broken: it reaches 5 hexes (S0517, S0616, S0716, S0717, S0816), none in S0714, S0813; the nearest end, S0714, is 2 hexes from S0716, and no such unit stands in S0715, the next hexes toward it")
	must(t, st.MoveTo("u.griffin.inf", "S0715"))
	if g := line(t, st, "", 0); g.Status != "awarded" || g.Points != 45 {
		t.Fatalf("chain mended: %+v", g)
	}
	// Explain says where an unbroken chain runs.
	p, _, err := st.Topo.Locate("S0517", st.Scenario.Maps.Prefixes)
	must(t, err)
	q := st.Scenario.Victory.Awards[0].Qualifier
	if got, why := st.Explain(q, &p); got != Yes || !strings.Contains(why, "unbroken, S0517 - S0616 - S0716 - S0715 - S0714") {
		t.Errorf("mended chain: %v %q", got, why)
	}
}

// A qualifier asked of each occupied hex of an occupation line says, hex
// by hex, why it fails there: scenario 8's Burgess Mill line (a chain to a
// Union redoubt, ending next to it), named with the GTC sheet's prefix.
func TestWhyQualifierPerHexTPC08(t *testing.T) {
	st := startOf(t, "tpc-08")
	must(t, st.MoveTo("u.ayres.inf", "GTC S3747"))
	whyHas(t, line(t, st, "", 0), "not-awarded",
		"at GTC S3747 the qualifier does not hold: chain of undemoralized union Inf/Cav units from GTC S3747 (here) to hexes with a union redoubt marker, ending next to it: broken: it reaches GTC S3747, none in or next to hexes with a union redoubt marker")
}

// Occupation counts what it found against what it needs, unit by unit:
// Five Forks (scenario 9, line 1239) with Confederate infantry next to it,
// and a made-up count of two Petersburg hexes.
func TestWhyOccupied(t *testing.T) {
	st := startOf(t, "tpc-09")
	whyHas(t, line(t, st, "five-forks", 0), "not-awarded",
		"requirement 1 of 1 does not hold: not (occupied by undemoralized confederate Inf units in hexes adjacent to S3246: 2 found (c.corse.inf at S3247, c.terry.inf at S3247))")
	whyHas(t, line(t, st, "five-forks-contested", 0), "not-awarded", "no undemoralized union Inf/Cav unit in S3246")

	st = startOf(t, "tpc-01")
	must(t, st.MoveTo("u.barlow.inf", "S0413"))
	must(t, st.MoveTo("u.gibbon.inf", "S0413"))
	c := &scenarios.Condition{Occupied: &scenarios.OccupiedCond{
		Units: scenarios.UnitFilter{Side: "union", Types: []string{"Inf"}, Morale: "undemoralized"},
		Where: scenarios.Region{Hexes: []string{"S0413", "S0513"}}, Min: 2, Distinct: true,
	}}
	got, why := st.Explain(c, nil)
	if want := "occupied by undemoralized union Inf units in S0413, S0513 (2 needed in distinct locations): 1 found (u.barlow.inf at S0413)"; got != No || why != want {
		t.Errorf("got %v %q, want no %q", got, why, want)
	}
	c.Occupied.Distinct = false
	if got, why := st.Explain(c, nil); got != Yes || !strings.Contains(why, "2 found (u.barlow.inf at S0413, u.gibbon.inf at S0413)") {
		t.Errorf("not distinct: %v %q", got, why)
	}
}

// A track says its value and what it is compared with: USCW's
// Invading-the-North line (the CSA VP track) and the End Phase automatic
// victory of 20.3.5 (the VP difference against the benchmark).
func TestWhyTrackUSCW(t *testing.T) {
	st := startOf(t, "uscw-s1")
	whyHas(t, line(t, st, "csa-invading-the-north", 0), "not-awarded", "track csa-vp is 0, 0 at the start (counting value)")
	must(t, st.SetTrack("csa-vp", 2))
	if l := line(t, st, "csa-invading-the-north", 0); l.Status != "awarded" || l.Points != -2 || l.Why != "" {
		t.Errorf("2 CSA VP: %+v", l)
	}
	must(t, st.SetTrack("benchmark", 5))
	must(t, st.SetTrack("vp-difference", -6))
	got, why := st.Explain(st.Scenario.Victory.Automatic[0].Condition, nil)
	if want := "track vp-difference is -6 (6 with the offset +12), not <= track benchmark (5)"; got != No || why != want {
		t.Errorf("got %v %q, want no %q", got, why, want)
	}
	must(t, st.SetTrack("vp-difference", -7))
	if got, why := st.Explain(st.Scenario.Victory.Automatic[0].Condition, nil); got != Yes || why != "track vp-difference is -7 (5 with the offset +12), <= track benchmark (5)" {
		t.Errorf("at the benchmark: %v %q", got, why)
	}
}

// Composites say which operand decided them.
func TestWhyComposites(t *testing.T) {
	st := startOf(t, "tpc-05")
	turn := func(from, to int) scenarios.Condition {
		return scenarios.Condition{Turn: &scenarios.TurnSpan{From: from, To: to}}
	}
	for _, c := range []struct {
		c    scenarios.Condition
		want Tri
		why  string
	}{
		{scenarios.Condition{All: []scenarios.Condition{turn(1, 2), turn(3, 4)}}, No, "all of 2 must hold, #2 does not: turn 1 is outside turns 3-4"},
		{scenarios.Condition{All: []scenarios.Condition{turn(1, 2), turn(1, 1)}}, Yes, "all of 2 hold: [#1 turn 1 is within turns 1-2] [#2 it is turn 1]"},
		{scenarios.Condition{Any: []scenarios.Condition{turn(2, 3), turn(1, 1)}}, Yes, "#2 of any 2 holds: it is turn 1"},
		{scenarios.Condition{Any: []scenarios.Condition{turn(2, 3), {GameEnd: true}}}, No, "none of any 2 holds: [#1 turn 1 is outside turns 2-3] [#2 the game has not ended]"},
		{scenarios.Condition{Any: []scenarios.Condition{turn(2, 3), {Consecutive: &scenarios.ConsecCond{Checks: 2}}}}, Unknown, "none of any 2 holds for certain: [#1 turn 1 is outside turns 2-3] [#2 consecutive needs the results of earlier victory checks, which the engine does not keep]"},
		{scenarios.Condition{Not: &scenarios.Condition{GameEnd: true}}, Yes, "not (the game has not ended)"},
		{scenarios.Condition{Status: &scenarios.StatusCond{ID: "mine", Values: []string{"exploded"}}}, No, "status mine is unset, which is not one of exploded"},
	} {
		got, why := st.Explain(&c.c, nil)
		if got != c.want || why != c.why {
			t.Errorf("got %v %q, want %v %q", got, why, c.want, c.why)
		}
		if st.Holds(&c.c, nil) != got {
			t.Errorf("%q: Holds and Explain disagree", c.why)
		}
	}
}

// Explain gives Holds's value for every condition of every shipped
// scenario at its start, and a reason for each.
func TestExplainAgreesWithHolds(t *testing.T) {
	n := 0
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			st, err := NewState(m, sf.Scenario, 1)
			if err != nil {
				t.Fatal(err)
			}
			var conds []*scenarios.Condition
			var walk func(as []scenarios.Award)
			walk = func(as []scenarios.Award) {
				for i := range as {
					a := &as[i]
					for j := range a.Requires {
						conds = append(conds, &a.Requires[j])
					}
					for _, c := range []*scenarios.Condition{a.Condition, a.Qualifier, a.WaivedIf} {
						if c != nil {
							conds = append(conds, c)
						}
					}
					walk(a.Lines)
				}
			}
			walk(sf.Scenario.Victory.Awards)
			for i := range sf.Scenario.Victory.Automatic {
				if c := sf.Scenario.Victory.Automatic[i].Condition; c != nil {
					conds = append(conds, c)
				}
			}
			for _, c := range conds {
				n++
				got, why := st.Explain(c, nil)
				if want := st.Holds(c, nil); got != want || why == "" {
					t.Errorf("%s: Explain %v %q, Holds %v", sf.Scenario.ID, got, why, want)
				}
			}
		}
	}
	if n < 50 {
		t.Fatalf("only %d conditions", n)
	}
}

// Every not-awarded or unknown line of every shipped scenario at its start
// says why.
func TestEveryUnscoredLineSaysWhy(t *testing.T) {
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			st, err := NewState(m, sf.Scenario, 1)
			if err != nil {
				t.Fatal(err)
			}
			var check func(ls []LineResult)
			check = func(ls []LineResult) {
				for _, l := range ls {
					if l.Status != "awarded" && l.Why == "" {
						t.Errorf("%s: line %q (%.40s) is %s without a reason", sf.Scenario.ID, l.ID, l.Text, l.Status)
					}
					check(l.Parts)
				}
			}
			check(Evaluate(st).Lines)
		}
	}
}

// A location is named as the scenario prints it: every setup hex of every
// shipped scenario names a location that resolves back to it.
func TestNameResolvesBack(t *testing.T) {
	n := 0
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			s := sf.Scenario
			st, err := NewState(m, s, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, tb := range s.Setup {
				for _, row := range tb.Rows {
					if row.Hex == "" {
						continue
					}
					p, _, err := st.Topo.Locate(row.Hex, s.Maps.Prefixes)
					if err != nil {
						continue // validate reports it
					}
					n++
					name := st.name(p)
					q, _, err := st.Topo.Locate(name, s.Maps.Prefixes)
					if err != nil || q != p {
						t.Errorf("%s: %s is named %s, which is %v (%v)", s.ID, row.Hex, name, q, err)
					}
				}
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d setup hexes", n)
	}
}
