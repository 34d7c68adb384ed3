package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

type countersJSON struct {
	Module     string
	ValueNames []string
	Counters   []struct {
		ID, Name, Side, Size, Type, Command, Status string
		Values                                      map[string]any
	}
}

func countersRun(t *testing.T, args ...string) (int, countersJSON, string) {
	t.Helper()
	code, out, errOut := muster(t, append([]string{"counters", "--format", "json"}, args...)...)
	var l countersJSON
	if code != 2 {
		if err := json.Unmarshal([]byte(out), &l); err != nil {
			t.Fatalf("counters %v: not JSON: %v\n%s%s", args, err, out, errOut)
		}
	}
	return code, l, errOut
}

// Every counter of every shipped module is listed, with its printed values
// or "missing" for each value the module's counters carry.
func TestCountersEveryModule(t *testing.T) {
	for _, m := range scenarios.Builtin().Modules {
		code, l, errOut := countersRun(t, m.Game.ID)
		if code != 0 || len(l.Counters) != len(m.Counters.Counters) || len(l.ValueNames) == 0 {
			t.Fatalf("%s: exit %d, %d of %d counters, values %v: %s", m.Game.ID, code, len(l.Counters), len(m.Counters.Counters), l.ValueNames, errOut)
		}
		for i, c := range l.Counters {
			want := m.Counters.Counters[i]
			if c.ID != want.ID || c.Name != want.Name || c.Side != want.Side || c.Type != want.Type || c.Size != want.Size || c.Status != want.Printed.Status {
				t.Errorf("%s: row %d = %+v, counter %+v", m.Game.ID, i, c, want)
			}
			for _, v := range l.ValueNames {
				got, has := c.Values[v]
				printed, known := want.Printed.Values[v]
				if !has || known && got != printed || !known && got != "missing" {
					t.Errorf("%s %s: value %s = %v, printed %v (known %v)", m.Game.ID, c.ID, v, got, printed, known)
				}
			}
		}
	}
	// USCW prints Beauregard's Defense Rating (+1) in an example: shown;
	// the rest of his values read missing.
	_, l, _ := countersRun(t, "uscw", "--name", "beauregard")
	if len(l.Counters) != 1 || l.Counters[0].Values["defense"] != 1.0 || l.Counters[0].Values["attack"] != "missing" {
		t.Errorf("Beauregard: %+v", l.Counters)
	}
}

func TestCountersFilters(t *testing.T) {
	// Side and command by any case, as a designer types them.
	code, l, _ := countersRun(t, "tpc", "--side", "Union", "--command", "ii")
	if code != 0 || len(l.Counters) == 0 {
		t.Fatalf("exit %d, %d counters", code, len(l.Counters))
	}
	for _, c := range l.Counters {
		if c.Side != "union" || !strings.Contains(", "+c.Command+",", " II,") {
			t.Errorf("union II filter let through %+v", c)
		}
	}
	// Type by code or name; a name fragment.
	_, leaders, _ := countersRun(t, "tpc", "--type", "ldr")
	for _, c := range leaders.Counters {
		if c.Type != "Ldr" {
			t.Errorf("--type ldr let through %+v", c)
		}
	}
	if len(leaders.Counters) < 10 {
		t.Errorf("only %d TPC leaders", len(leaders.Counters))
	}
	_, hill, _ := countersRun(t, "lgv", "--name", "HILL")
	if len(hill.Counters) != 1 || hill.Counters[0].ID != "c.a-p-hill.ldr-div" {
		t.Errorf("--name HILL: %+v", hill.Counters)
	}
	// Text and Markdown show the same rows.
	code, text, _ := muster(t, "counters", "tpc", "--side", "union", "--command", "II")
	if code != 0 || !strings.Contains(text, "u.barlow.inf ") || !strings.Contains(text, "missing") || !strings.Contains(text, "counter(s) of tpc") {
		t.Errorf("text:\n%s", text)
	}
	code, md, _ := muster(t, "counters", "--format", "md", "--side", "union", "--command", "II", "tpc")
	if code != 0 || !strings.Contains(md, "| id | name | side | size | type | command | manpower | tactical | artillery |") ||
		!strings.Contains(md, "| u.barlow.inf | Barlow | union | Div | Inf | II | missing | missing | missing |") {
		t.Errorf("markdown:\n%s", md)
	}
	// A module folder works as well as a built-in id.
	if code, l, _ := countersRun(t, "../../rules/lgv/testdata/module", "--name", "hooker"); code != 0 || len(l.Counters) != 1 || l.Counters[0].Values["attack"] == "missing" {
		t.Errorf("module folder: exit %d %+v", code, l.Counters)
	}
}

func TestCountersErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"counters", "tpc", "--side", "unoin"}, 2, `no side "unoin" (did you mean union?)`},
		{[]string{"counters", "tpc", "--command", "XXX"}, 2, `no command "XXX"`},
		{[]string{"counters", "tpc", "--type", "Tank"}, 2, `no type "Tank"`},
		{[]string{"counters", "nosuch"}, 2, `no module "nosuch"`},
		{[]string{"counters"}, 2, "one MODULE"},
		{[]string{"counters", "--format", "xml", "tpc"}, 2, "unknown --format"},
		{[]string{"counters", "tpc", "--name", "zzzz"}, 1, "no counter of tpc matches"},
	} {
		code, _, errOut := muster(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("muster %v: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}
