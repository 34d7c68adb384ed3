package rules

import (
	"errors"
	"strings"
	"testing"
)

func ruleErr(t *testing.T, err error, code, rule string) {
	t.Helper()
	var re *RuleError
	if !errors.As(err, &re) || re.Code != code || !strings.Contains(re.Rule, rule) {
		t.Fatalf("got %v, want %s naming %q", err, code, rule)
	}
}

// TPC scenario 1, special rule 5: "Neither player may move units ... into
// the following restricted areas ... Hexrow Sxx16 or south of there ...
// Hex column 03xx or west of there (this restriction applies only to the
// Union player)"; units that retreat into them are removed from play.
func TestRestrictedRegionsTPC01(t *testing.T) {
	st := startOf(t, "tpc-01")
	ruleErr(t, st.CheckEntry("u.barlow.inf", "S0916", "move"), "restricted-region", "special rule 5")
	ruleErr(t, st.CheckEntry("c.wise.inf", "S0720", "move"), "restricted-region", "special rule 5")
	if err := st.CheckEntry("u.barlow.inf", "S0915", "move"); err != nil {
		t.Errorf("row 15 is open: %v", err)
	}
	ruleErr(t, st.CheckEntry("u.barlow.inf", "S0310", "move"), "restricted-region", "special rule 5")
	if err := st.CheckEntry("c.ransom.inf", "S0310", "move"); err != nil {
		t.Errorf("column 03 is closed to the Union only: %v", err)
	}
	ruleErr(t, st.CheckEntry("u.barlow.inf", "S0917", "retreat"), "retreat-removed", "special rule 5")
	// Column 07xx north of the Appomattox: the river bank is not in the
	// map data, so the move is let through and logged as unchecked.
	if err := st.CheckEntry("u.barlow.inf", "S0705", "move"); err != nil {
		t.Errorf("an undecidable region must not block: %v", err)
	}
	if len(st.Log.Find(func(e *Event) bool { return e.Kind == "unchecked" })) == 0 {
		t.Error("the undecided region check was not logged")
	}
}

// Footnote & and special rules 2 and 3 of scenario 1: Beauregard, BR
// Johnson, Elliott, Burnside and IX Corps may not activate on turn 1.
func TestActivationRestrictionsTPC01(t *testing.T) {
	st := startOf(t, "tpc-01")
	ruleErr(t, st.CheckActivity("c.elliott.inf", "activate"), "activation-restricted", "tpc-01")
	ruleErr(t, st.CheckActivity("u.potter.inf", "activate"), "activation-restricted", "special rule 2")
	ruleErr(t, st.CheckActivity("u.burnside-b.ldr-corps", "activate"), "activation-restricted", "special rule 2")
	if err := st.CheckActivity("u.barlow.inf", "activate"); err != nil {
		t.Errorf("II Corps may activate: %v", err)
	}
	// Rule 2 bars only Meade's moves and transfers, but the Union table
	// prints him with the & mark ("may not activate on turn 1"): both hold.
	ruleErr(t, st.CheckActivity("u.meade.ldr-army", "activate"), "activation-restricted", "footnote &")
	ruleErr(t, st.CheckActivity("u.meade.ldr-army", "move"), "activation-restricted", "special rule 2")
	st.Turn = 2
	for _, u := range []string{"c.elliott.inf", "u.potter.inf", "u.meade.ldr-army"} {
		if err := st.CheckActivity(u, "activate"); err != nil {
			t.Errorf("turn 2: %v", err)
		}
	}
}

// A release trigger: scenario 11 footnote @ (Sheridan and the Cav-1 and
// Cav-2 divisions may not activate or recover until June 20, Turn 6) is
// released at once if Confederate units come within reach (special rule
// 12); at Turn 6 it ends by its turn span.
func TestReleaseByTurnSpan(t *testing.T) {
	st := startOf(t, "tpc-11")
	err := st.CheckActivity("u.torbert.ldr-div", "activate")
	ruleErr(t, err, "activation-restricted", "tpc-11")
	st.Turn = 6
	if err := st.CheckActivity("u.torbert.ldr-div", "activate"); err != nil {
		t.Errorf("turn 6: %v", err)
	}
}

// A footnote's restriction names its table, symbol and the special rule
// the footnote cites: with scenario 1's special rules emptied of effects,
// the Confederate "&" footnote ("Indicated units may not activate on turn
// 1", rule 3) refuses Elliott by itself.
func TestFootnoteRestrictionLabel(t *testing.T) {
	m, s := copyOf(t, "tpc-01")
	for i := range s.SpecialRules {
		s.SpecialRules[i].Effects = nil
	}
	st := stateOf(t, m, s)
	var re *RuleError
	if err := st.CheckActivity("c.elliott.inf", "activate"); !errors.As(err, &re) || re.Rule != "tpc-01 confederate footnote &, special rule 3" {
		t.Fatalf("got %v, want a refusal by tpc-01 confederate footnote &, special rule 3", err)
	}
}
