package lgv

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/playtest/sim"
)

// The tests drive the engine through the harness, as the CLI does.
func init() {
	playtest.RegisterEngine(Ruleset{})
	sim.Register(Ruleset{})
}

// Every script of the test module passes on the engine.
func TestModulePlaytests(t *testing.T) {
	files, err := filepath.Glob("testdata/module/playtests/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no playtests: %v", err)
	}
	for _, f := range files {
		res := playtest.RunFile(f)
		if !res.Passed() {
			t.Errorf("%s: %s %v", f, res.Failure, res.Diags)
		}
	}
}

// Scripts that assert what the rules do not allow fail, each with the
// message its .want file holds: a broken rule fails a playtest loudly.
func TestFailingScripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/failing/*.json")
	if len(files) == 0 {
		t.Fatal("no failing scripts")
	}
	for _, f := range files {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".want")
		if err != nil {
			t.Fatal(err)
		}
		res := playtest.RunFile(f)
		if res.Passed() {
			t.Errorf("%s passed; it must fail", f)
			continue
		}
		if w := strings.TrimSpace(string(want)); !strings.Contains(res.Failure, w) {
			t.Errorf("%s failed with\n  %s\nwant it to say\n  %s", f, res.Failure, w)
		}
	}
}

// runScript plays a script made of header fields and steps (JSON text)
// from a temporary file, as `muster playtest` reads one, and returns what
// the designer is told: "" when it passed.
func runScript(t *testing.T, header, steps string) string {
	t.Helper()
	return runScriptAt(t, testScenario, header, steps)
}

// runScriptAt is runScript on the scenario at path.
func runScriptAt(t *testing.T, path, header, steps string) string {
	t.Helper()
	scen, err1 := filepath.Abs(path)
	schema, err2 := filepath.Abs("../../schema/playtest.schema.json")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if header != "" {
		header += ",\n"
	}
	src := fmt.Sprintf("{\n\"$schema\": %q,\n\"id\": \"lgv-driver-test\",\n\"title\": \"a driver test\",\n\"scenario\": %q,\n\"engine\": \"lgv\",\n\"seed\": 1,\n%s\"steps\": [\n%s\n]\n}\n", schema, scen, header, steps)
	file := filepath.Join(t.TempDir(), "script.json")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := playtest.RunFile(file)
	if res.Passed() {
		return ""
	}
	if res.Diags.HasErrors() {
		t.Fatalf("the test script is not valid: %v", res.Diags)
	}
	return strings.TrimPrefix(res.Failure, file+":")
}

// An expectation the position does not meet fails with what the position
// holds, and one it meets passes: the driver's verdicts, as a designer
// reads them (step number and the line of the step in the file).
func TestScriptDriverVerdicts(t *testing.T) {
	// The last Turn ends with 4 VP and two Areas of the Confederate
	// sector Union-Controlled: a Confederate Decisive Victory (17.3), as
	// 17-final-confederate-decisive.json plays it.
	const gameOver = `{"do": "turn", "turn": 6},
{"do": "track", "track": "vp", "value": 4},
{"do": "setup", "unit": "u.sykes.inf", "to": "5"},
{"do": "control", "side": "union", "hexes": ["5"]},
{"play": "continue"},
{"play": "pass"},
{"play": "pass"},
{"play": "done"},
{"play": "done"},
`
	const overDice = `"dice": {"forced": [6, 1], "forcedOnly": true}`
	cases := []struct {
		name, header, steps, want string
	}{
		{"at", "", `{"expect": "at", "unit": "c.archer.inf", "at": "15"},
{"expect": "at", "unit": "c.archer.inf", "at": "16"}`, "10: step 2 (expect at): c.archer.inf is in 15, not in 16"},
		{"state", "", `{"expect": "state", "unit": "c.archer.inf", "dim": "side", "value": "fresh"},
{"expect": "state", "unit": "c.archer.inf", "dim": "side", "value": "exhausted"}`, "10: step 2 (expect state): c.archer.inf side is fresh, want exhausted"},
		{"control", "", `{"expect": "control", "side": "confederate", "hexes": ["15"]},
{"expect": "control", "side": "union", "hexes": ["56", "15"]}`, "10: step 2 (expect control): 15 is controlled by confederate, not union"},
		{"offered", "", `{"expect": "offered", "step": {"play": "continue"}},
{"expect": "offered", "step": {"play": "pass"}}`, "10: step 2 (expect offered): not offered: pass is not a decision of this moment: the union player decides impulse-start (LGV 6.0)"},
		{"fail", "", `{"expect": "fail", "step": {"play": "pass"}, "code": "LGV 6.0"},
{"expect": "fail", "step": {"play": "continue"}, "code": "LGV 6.0"}`, "10: step 2 (expect fail): the rules allow continue; the script expects it refused with LGV 6.0"},
		{"fail-path", "", `{"expect": "fail", "step": {"play": "move", "unit": "u.griffin.inf", "path": ["62", "61"]}, "code": "LGV 6.0"}`,
			"9: step 1 (expect fail): expect fail/offered takes a move to one location, not a path"},
		{"decision-side", "", `{"expect": "decision", "side": "union", "value": "impulse-start"},
{"expect": "decision", "side": "confederate", "value": "impulse-start"}`, "10: step 2 (expect decision): the union player decides impulse-start, not the confederate player"},
		// The VP total is known during the game; the level and winner only
		// at its end.
		{"vp-total", "", `{"expect": "vp", "total": 0},
{"expect": "vp", "total": 3}`, "10: step 2 (expect vp): total 0 VP, want 3"},
		{"vp-level-early", "", `{"expect": "vp", "level": "Union Decisive Victory"}`, "9: step 1 (expect vp): the game is not over (turn 1, impulse-start); level and winner are known at its end"},
		{"vp-over", overDice, gameOver + `{"expect": "vp", "winner": "confederate"},
{"expect": "vp", "level": "Confederate Decisive Victory"},
{"expect": "vp", "total": 4, "level": "Confederate Decisive Victory", "winner": "confederate"}`, ""},
		{"vp-level", overDice, gameOver + `{"expect": "vp", "level": "Union Decisive Victory"}`, "19: step 10 (expect vp): level \"Confederate Decisive Victory\", want \"Union Decisive Victory\""},
		{"vp-winner", overDice, gameOver + `{"expect": "vp", "winner": "union"}`, "19: step 10 (expect vp): winner confederate, want union"},
		{"vp-all", overDice, gameOver + `{"expect": "vp", "total": 5, "level": "Union Marginal Victory", "winner": "union"}`,
			"19: step 10 (expect vp): total 4 VP, want 5; level \"Confederate Decisive Victory\", want \"Union Marginal Victory\"; winner confederate, want union"},
		// Lee's Hill (Area 7) has the Confederate Entrench +1 marker of the
		// setup; Area 15 has none; Reynold's Crossing (56-5) its bridge.
		{"entrench", "", `{"expect": "marker", "at": "7", "marker": "entrench-1"},
{"expect": "marker", "at": "7", "marker": "entrench-1", "side": "confederate"},
{"expect": "marker", "at": "15", "marker": "entrench-1", "value": false},
{"expect": "marker", "at": "15", "marker": "entrench-1"}`, "12: step 4 (expect marker): 15 has entrenchment union 0, confederate 0; want entrench-1 true ()"},
		{"entrench-side", "", `{"expect": "marker", "at": "7", "marker": "entrench-1", "side": "union"}`, "9: step 1 (expect marker): 7 has entrenchment union 0, confederate 1; want entrench-1 true (union)"},
		{"pontoon", "", `{"expect": "marker", "at": "56", "to": "5", "marker": "pontoon"},
{"expect": "marker", "at": "5", "to": "56", "marker": "pontoon"},
{"expect": "marker", "at": "58", "to": "10", "marker": "pontoon"}`, "11: step 3 (expect marker): pontoon bridge 58-10 present: false, want true"},
		// A script names a variant of the scenario, which must exist.
		{"variant", `"variant": "variant-union-setup"`, `{"expect": "at", "unit": "c.archer.inf", "at": "15"}`, ""},
		{"no-variant", `"variant": "no-such-variant"`, `{"expect": "at", "unit": "c.archer.inf", "at": "15"}`, `scenario lgv-test-01 has no variant "no-such-variant" (variants: [variant-union-setup])`},
	}
	for _, c := range cases {
		got := runScript(t, c.header, c.steps)
		if c.want == "" && got != "" || c.want != "" && !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: the script says\n  %s\nwant\n  %s", c.name, got, c.want)
		}
	}
}
