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
