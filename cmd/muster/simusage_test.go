package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const chancellorsville = "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"

// A run's configuration faults are usage errors (exit 2) found before
// any game is played, for sim and sweep alike.
func TestSimAndSweepUsageErrorsExitTwo(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--bots", "serch,greedy"}, `no bot "serch"`},
		{[]string{"--bots", "search:0,greedy"}, "--bots"},
		{[]string{"--games", "0"}, "--games 0"},
		{[]string{"--games", "-5"}, "--games -5"},
		{[]string{"--bots", "search"}, "names 1 bot, and the scenario has 2 sides"},
	}
	for _, tc := range cases {
		for _, cmd := range [][]string{{"playtest", "sim", chancellorsville}, {"playtest", "sweep", chancellorsville, "--vary", "bid=4..6/2"}} {
			args := append(append([]string{}, cmd...), tc.args...)
			code, _, errOut := muster(t, args...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Errorf("%v: exit %d (want 2), %q does not say %q", args, code, errOut, tc.want)
			}
		}
	}
}

// A fault of --assumptions FILE names the flag and the file, offers
// only the facts an assumption may fix, and an Evacuation the scenario
// would refuse in play is refused when the file is read.
func TestSimAssumptionsFaultsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	typo := write("typo.json", `{"title":"t","facts":{"cohesionn":true}}`)
	code, _, errOut := muster(t, "playtest", "sim", "tpc-11", "--games", "2", "--assumptions", typo)
	if code != 2 || !strings.Contains(errOut, "--assumptions "+typo) || strings.Contains(errOut, "bad option") || !strings.Contains(errOut, "cohesion") {
		t.Errorf("a misspelt fact: exit %d, %s", code, errOut)
	}
	for _, event := range []string{"mine-ready", "mine-discovered", "union-tactical-failure"} {
		if strings.Contains(errOut, event) {
			t.Errorf("the facts offered include %s, which is not an assumption: %s", event, errOut)
		}
	}
	missing := filepath.Join(dir, "nonexist.json")
	if code, _, errOut := muster(t, "playtest", "sim", "tpc-11", "--games", "2", "--assumptions", missing); code != 2 || !strings.Contains(errOut, "--assumptions") {
		t.Errorf("a missing file: exit %d, %s", code, errOut)
	}
	evac := write("evac.json", `{"title":"t","facts":{},"from":[{"date":"1864-10-01","facts":{"evacuation":true}}]}`)
	code, _, errOut = muster(t, "playtest", "sim", "tpc-11", "--games", "2", "--assumptions", evac)
	if code != 2 || !strings.Contains(errOut, "--assumptions "+evac) || !strings.Contains(errOut, `"evacuation-condition": true`) || strings.Contains(errOut, "bot chose") {
		t.Errorf("an Evacuation with none of its conditions: exit %d, %s", code, errOut)
	}
	ok := write("ok.json", `{"title":"t","facts":{},"from":[{"date":"1864-10-01","facts":{"evacuation":true,"evacuation-condition":true}}]}`)
	if code, _, errOut := muster(t, "playtest", "sim", "tpc-11", "--games", "2", "--assumptions", ok); code != 0 {
		t.Errorf("an Evacuation with its condition: exit %d, %s", code, errOut)
	}
}

// --workers' help says its default once, in words.
func TestWorkersHelpSaysItsDefaultOnce(t *testing.T) {
	for _, cmd := range []string{"sim", "sweep"} {
		_, out, _ := muster(t, "playtest", cmd, "--help")
		line := ""
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "--workers value") {
				line = l
			}
		}
		if !strings.Contains(line, "(default: the number of CPUs)") || strings.Count(line, "default") != 1 {
			t.Errorf("%s --help: %q", cmd, line)
		}
	}
}
