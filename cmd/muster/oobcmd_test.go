package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

func TestOOBCommand(t *testing.T) {
	code, out, errOut := muster(t, "oob", "tpc-11")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"tpc-11: The Petersburg Campaign (module tpc)\n",
		"Confederate: 35 units, 15 leaders, manpower 131\n", "Union: 38 units, 18 leaders, manpower 226\n",
		"\n  Army of Northern Virginia [ANV]", "\n  Commander in Chief [CiC]"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}

	// A file works as well as an id, and --side keeps one side.
	code, out, errOut = muster(t, "oob", "--side", "Union", "--format", "md", "../../scenarios/tpc/scenarios/11-the-petersburg-campaign.json")
	if code != 0 {
		t.Fatalf("md exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "\n## Union\n") || strings.Contains(out, "Confederate") ||
		!strings.Contains(out, "\n##### V Corps (V)\n") || !strings.Contains(out, "| Griffin +# | Div | Inf | 10 | S2207 Fleur de Hundred |\n") {
		t.Errorf("md --side union:\n%s", out)
	}

	code, out, _ = muster(t, "oob", "--format", "json", "--side", "confederate", "lgv-01")
	if code != 0 {
		t.Fatalf("json exit %d", code)
	}
	var rep struct {
		Scenario string
		Sides    []struct {
			Side     string
			Commands []struct {
				Code   string
				Totals struct{ Units, Leaders int }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if rep.Scenario != "lgv-01" || len(rep.Sides) != 1 || rep.Sides[0].Side != "confederate" ||
		len(rep.Sides[0].Commands) != 1 || rep.Sides[0].Commands[0].Code != "ANV" || rep.Sides[0].Commands[0].Totals.Units != 36 {
		t.Errorf("json: %+v", rep)
	}

	// USCW: no rows in the source, still a clean run that says so.
	code, out, _ = muster(t, "oob", "uscw-s4")
	if code != 0 || !strings.Contains(out, "setup rows not in the source: the 1861 At Start Card") {
		t.Errorf("uscw-s4 exit %d:\n%s", code, out)
	}
}

func TestOOBUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"oob"}, "oob takes one SCENARIO"},
		{[]string{"oob", "tpc-11", "tpc-10"}, "oob takes one SCENARIO"},
		{[]string{"oob", "--format", "xlsx", "tpc-11"}, `unknown --format "xlsx"`},
		{[]string{"oob", "--side", "french", "tpc-11"}, `--side: tpc-11 has no side "french" (confederate, union)`},
		{[]string{"oob", "tpc-99"}, `no scenario "tpc-99"`},
	} {
		code, _, errOut := muster(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// Every footnote mark a side's units carry is explained below that side,
// in text, Markdown and JSON, for every shipped scenario.
func TestOOBLegend(t *testing.T) {
	code, out, _ := muster(t, "oob", "tpc-01")
	union := out[strings.Index(out, "\nUnion:"):]
	if code != 0 || !strings.Contains(out, "\n  *  Indicated units begin the game under Breastworks-Complete markers\n") ||
		!strings.Contains(union, "\n  &  Indicated units may not activate on turn 1\n") || strings.Contains(union, "Breastworks") {
		t.Errorf("text legend:\n%s", out)
	}
	if _, md, _ := muster(t, "oob", "--format", "md", "--side", "confederate", "tpc-01"); !strings.Contains(md, "\n### Marks\n\n| Mark | Meaning |\n| --- | --- |\n| \\* | Indicated units begin the game under Breastworks-Complete markers |\n") {
		t.Errorf("markdown legend:\n%s", md)
	}
	marked := 0
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			code, out, errOut := muster(t, "oob", "--format", "json", sf.Scenario.ID)
			var o struct {
				Sides []struct {
					Side   string
					Legend []struct{ Mark, Meaning string }
				}
			}
			if err := json.Unmarshal([]byte(out), &o); code != 0 || err != nil {
				t.Fatalf("%s: exit %d %v %s", sf.Scenario.ID, code, err, errOut)
			}
			_, text, _ := muster(t, "oob", sf.Scenario.ID)
			for _, side := range o.Sides {
				for _, tab := range sf.Scenario.Setup {
					if tab.Side != side.Side {
						continue
					}
					for _, r := range tab.Rows {
						rest := r.Marks
						for _, l := range side.Legend {
							rest = strings.ReplaceAll(rest, l.Mark, "")
						}
						if rest != "" {
							t.Errorf("%s %s: %s's mark %q has no legend (legend %v)", sf.Scenario.ID, side.Side, r.Name, rest, side.Legend)
						}
						if r.Marks != "" {
							marked++
						}
					}
				}
				for _, l := range side.Legend {
					if !strings.Contains(text, "  "+l.Mark+"  ") {
						t.Errorf("%s: the text output lacks the legend of %s", sf.Scenario.ID, l.Mark)
					}
				}
			}
		}
	}
	if marked < 50 {
		t.Errorf("only %d marked rows in the catalog: is the test reading the marks?", marked)
	}
}
