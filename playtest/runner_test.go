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

// A failing count names the step's file:line and number, then why the
// lines that could make up the difference did not score (three, and the
// rest by name), then the whole count: total, exactness, winner and level,
// the automatic result, and each line (a group with its parts, an unnamed
// line by the start of its text, an undecided one with why). Scenario 4 at
// the start: no Mine Attack, so the Confederate automatic Decisive Victory
// (line 466).
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
		p + `:4: step 2 (expect vp): total 0 VP, want 99 — not scored: [Restrictions: The Union player may only … not-awarded: no line of the group scored: [petersburg: no undemoralized union Inf Div unit in S0413, S0513] [adjacent: no undemoralized union Inf unit in hexes adjacent to S0413, S0513]] [richmond not-awarded: requirement 1 of 2 does not hold: `,
		`[objective-hexes not-awarded: no undemoralized union Inf Div/Brig unit in S0508, S0305, N0934, N1433] and richmond-recovery, destroyed-forts, damaged-rr-stations, `,
		` (name them in the step's lines to see why) — result: 0 VP, exact false, winner "confederate", draw false, level "Confederate Decisive Victory" (automatic: If the Mine Attack is not performed, the…); breakdown: [Restrictions: The Union player may only … not-awarded 0 [petersburg not-awarded 0] [adjacent not-awarded 0]] [richmond not-awarded 0]`,
		` [destroyed-forts unknown 0 (the module cannot list the locations of feature confederate-forts)] `,
		` [For each point of Confederate Manpower v… not-awarded 0]`,
	} {
		if !strings.Contains(r.Failure, want) {
			t.Errorf("failure lacks\n%s\ngot\n%s", want, r.Failure)
		}
	}
}

// A line expected to score that does not says which of its conditions
// failed, with the locations and units involved, in the failure and in
// the event log (a "vp" event after the step's own): a prerequisite, a
// control, a chain qualifier, a turn window, an occupation count and a
// track, each on a shipped line.
func TestFailureSaysWhy(t *testing.T) {
	cases := []struct {
		name, scenario, steps, want string
	}{
		{"prerequisite (TPC 5, Richmond, line 495)", "tpc-05",
			`{"expect": "vp", "lines": {"richmond": 100}}`,
			`line "richmond" gives 0 VP, want 100 (not awarded: requirement 1 of 2 does not hold: 2 destroyed-fort markers in feature confederate-forts that lie in hexes adjacent to feature richmond: none found)`},
		{"control (LGV 17.2, the VP Areas each End Phase)", "lgv-01",
			`{"do": "control", "side": "confederate", "hexes": ["6"]}, {"do": "phase", "phase": "end"}, {"expect": "vp", "lines": {"vp-areas": 1}}`,
			`line "vp-areas" gives 0 VP, want 1 (not awarded: nothing scored at its end-phase checks so far; now 0 of 6 locations (feature vp-areas) score: at 6: all of 2 must hold, #1 does not: controlled by union: 6 held by confederate; at 7: all of 2 must hold, #1 does not: controlled by union: 7 held by no side; `},
		{"chain qualifier (TPC 2, lines 287-296), by the total alone", "tpc-02",
			`{"do": "move", "unit": "u.ricketts.inf", "to": "S0517"}, {"expect": "vp", "total": 45}`,
			`total 0 VP, want 45 — not scored: [Qualifier: The Union player may only rec… not-awarded: no line of the group scored: [globe-tavern-clear: the group's qualifier does not hold: at S0517: chain of undemoralized union Inf units from S0517 (here) to S0714, S0813, inclusive: broken: it reaches S0517, none in S0714, S0813; the nearest end, S0714, is 4 hexes from S0517, and no such unit stands in S0516 or S0616, the next hexes toward it]`},
		{"turn window (LGV 17.2)", "lgv-01",
			`{"do": "eliminate", "unit": "c.cutts.art"}, {"expect": "vp", "lines": {"csa-eliminated": 1}}`,
			`line "csa-eliminated" gives 0 VP, want 1 (not awarded: requirement 1 of 1 does not hold: turn 1 is not turn 6)`},
		{"occupation (TPC 9, Five Forks, line 1239)", "tpc-09",
			`{"expect": "vp", "lines": {"five-forks": 50}}`,
			`line "five-forks" gives 0 VP, want 50 (not awarded: requirement 1 of 1 does not hold: not (occupied by undemoralized confederate Inf units in hexes adjacent to S3246: 2 found (c.corse.inf at S3247, c.terry.inf at S3247)))`},
		{"track (USCW 1861, Invading the North)", "uscw-s1",
			`{"expect": "vp", "lines": {"csa-invading-the-north": -2}}`,
			`line "csa-invading-the-north" gives 0 VP, want -2 (not awarded: track csa-vp is 0, 0 at the start (counting value))`},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := `{"$schema": "playtest.schema.json", "id": "x", "scenario": "` + c.scenario + `", "steps": [` + c.steps + `]}`
			p := filepath.Join(dir, "x.json")
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			r := RunFile(p)
			if r.Passed() || !strings.Contains(r.Failure, c.want) {
				t.Fatalf("failure\n%s\nwant it to contain\n%s", r.Failure, c.want)
			}
			last := r.Log.Events[len(r.Log.Events)-1]
			lines, _ := last.Data["lines"].([]any)
			if last.Kind != "vp" || len(lines) == 0 {
				t.Fatalf("the log ends with %+v, want the count that differs", last)
			}
			why, _ := lines[0].(map[string]any)["why"].(string)
			if why == "" || !strings.Contains(c.want, why[:min(len(why), 60)]) {
				t.Errorf("the log's first line says why %q; the failure %q", why, c.want)
			}
		})
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
