package playtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musterhq/muster/rules"
)

// A line whose points a note marks inferred (or missing) leaves the count
// open once it scores, and says so; while it scores nothing the count
// stays exact (testdata/inferred-points: scenario 3 with its Union-loss
// line marked so).
func TestInferredPointsLeaveCountOpen(t *testing.T) {
	r := RunFile("testdata/inferred-points/script.json")
	if !r.Passed() || r.Steps != 5 {
		t.Fatalf("%s %v (%d steps)", r.Failure, r.Diags, r.Steps)
	}
	sf, err := resolveScenario("testdata/inferred-points/script.json", "scenario.json")
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(sf.Module, sf.Scenario, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.LoseManpower("u.devin.cav", 1, "combat"); err != nil {
		t.Fatal(err)
	}
	res := rules.Evaluate(st)
	var line *rules.LineResult
	for i := range res.Lines {
		if res.Lines[i].ID == "union-loss" {
			line = &res.Lines[i]
		}
	}
	if line == nil || line.Points != -2 || line.Status != "awarded" || !line.Inferred || !strings.Contains(line.Why, "points inferred") {
		t.Fatalf("union-loss line: %+v", line)
	}
	if res.Exact || res.Level != "" || res.Winner != "" {
		t.Fatalf("an inferred line's points must leave the count open, without a level: %+v", res)
	}
}

// The runner checks what a script expects: each case is a script that
// must fail, with the words its failure must contain.
func TestRunnerChecksExpectations(t *testing.T) {
	cases := []struct {
		name, steps, want string
	}{
		{"refused by another rule",
			`{"do": "turn"},
			 {"expect": "fail", "step": {"do": "move", "unit": "c.heth-a.inf", "to": "S0516"}, "code": "restricted-region", "rule": "special rule 7"}`,
			"want restricted-region special rule 7"},
		{"refused with another code",
			`{"do": "turn"},
			 {"expect": "fail", "step": {"do": "move", "unit": "c.heth-a.inf", "to": "S0516"}, "code": "activation-restricted"}`,
			"refused with restricted-region"},
		{"allowed where a refusal is expected",
			`{"do": "turn"},
			 {"expect": "fail", "step": {"do": "move", "unit": "c.dearing-b.cav", "to": "S0518"}, "code": "restricted-region"}`,
			"the rules allowed move"},
		{"a decided line listed as unknown",
			`{"expect": "vp", "unknown": ["globe-tavern-not-held"]}`,
			`line "globe-tavern-not-held" is decided`},
		{"an unknown line that does not exist",
			`{"expect": "vp", "unknown": ["no-such-line"]}`,
			`no VP line "no-such-line"`},
		{"a wrong line value",
			`{"expect": "vp", "lines": {"globe-tavern-not-held": 40}}`,
			`line "globe-tavern-not-held" gives -8 VP, want 40`},
		{"a wrong exactness",
			`{"expect": "vp", "exact": true}`,
			"exact false, want true"},
		{"a wrong level",
			`{"expect": "vp", "level": "Union Decisive Victory"}`,
			`want "Union Decisive Victory"`},
		{"an event of another unit",
			`{"do": "move", "unit": "c.dearing-b.cav", "to": "S0518"},
			 {"expect": "event", "event": "move", "unit": "u.spear.cav"}`,
			"no move event of u.spear.cav in the log"},
		{"an event that did not happen",
			`{"expect": "event", "event": "destroyed"}`,
			"no destroyed event in the log"},
		{"a place that is no hex",
			`{"expect": "at", "unit": "u.spear.cav", "at": "Z9999"}`,
			`no sheet of this map has the prefix "Z"`},
		{"control of a place that is no hex",
			`{"expect": "control", "side": "union", "hexes": ["Z9999"]}`,
			`no sheet of this map has the prefix "Z"`},
		{"control the side does not have",
			`{"expect": "control", "side": "union", "hexes": ["S0517"]}`,
			"S0517 is controlled by no side, not union"},
		{"a state of a unit not in the scenario",
			`{"do": "state", "unit": "u.nobody", "set": {"demoralized": "Demoralized-1"}}`,
			`no unit "u.nobody"`},
		{"a unit elsewhere",
			`{"expect": "at", "unit": "u.spear.cav", "at": "S0518"}`,
			"u.spear.cav is at S1314, not S0518"},
		{"a loss beyond the unit's manpower",
			`{"do": "loss", "unit": "u.spear.cav", "manpower": 2, "cause": "combat"}`,
			"u.spear.cav has 1 manpower left and cannot lose 2"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := `{"$schema": "playtest.schema.json", "id": "x", "scenario": "tpc-05", "steps": [` + c.steps + `]}`
			p := filepath.Join(dir, "x.json")
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			r := RunFile(p)
			if r.Passed() {
				t.Fatalf("the script passed; want a failure with %q", c.want)
			}
			if !strings.Contains(r.Failure, c.want) {
				t.Fatalf("failure %q; want it to contain %q", r.Failure, c.want)
			}
		})
	}
}

// A failing count names the step's file:line and number, then the whole
// count: total, exactness, winner and level, the automatic result, and
// each line (a group with its parts, an unnamed line by the start of its
// text, an undecided one with why). Scenario 4 at the start: no Mine
// Attack, so the Confederate automatic Decisive Victory (line 466).
func TestFailureMessage(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.json")
	src := `{"$schema": "playtest.schema.json", "id": "x", "scenario": "tpc-04",
 "steps": [
  {"expect": "at", "unit": "c.beauregard.ldr-district", "at": "S0612"},
  {"expect": "vp", "total": 99}
 ]}`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r := RunFile(p)
	for _, want := range []string{
		p + `:4: step 2 (expect vp): total 0 VP, want 99 — result: 0 VP, exact false, winner "confederate", draw false, level "Confederate Decisive Victory" (automatic: If the Mine Attack is not performed, the…); breakdown: [Restrictions: The Union player may only … not-awarded 0 [petersburg not-awarded 0] [adjacent not-awarded 0]] [richmond not-awarded 0]`,
		` [destroyed-forts unknown 0 (the module cannot list the locations of feature confederate-forts)] `,
		` [For each point of Confederate Manpower v… not-awarded 0]`,
	} {
		if !strings.Contains(r.Failure, want) {
			t.Errorf("failure lacks\n%s\ngot\n%s", want, r.Failure)
		}
	}
}

// An unnamed line is shown by its first 40 characters: a text of exactly
// 40 whole, one of 41 cut with "…", and a cut never splits a character
// (the rulebooks' "—" is 3 bytes).
func TestLineNameCut(t *testing.T) {
	forty := strings.Repeat("a", 40)
	for _, c := range []struct{ text, want string }{
		{forty, forty},
		{forty + "b", forty + "…"},
		{strings.Repeat("—", 41), strings.Repeat("—", 40) + "…"},
		{"short", "short"},
	} {
		if got := lineName(rules.LineResult{Text: c.text}); got != c.want {
			t.Errorf("lineName(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	if got := lineName(rules.LineResult{ID: "richmond", Text: forty + "b"}); got != "richmond" {
		t.Errorf("a named line shows %q, want its id", got)
	}
}
