package main

import (
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
		{[]string{"--bots", "search"}, "1 bots, and the scenario has 2 sides"},
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
