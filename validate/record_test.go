package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A game record is checked beyond its schema: each mistake of sense is
// one finding at its line, and the shipped test records, validated with
// their module, are clean.
func TestRecordChecks(t *testing.T) {
	good, err := os.ReadFile("../playtest/record/testdata/records/games-row10.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := []struct {
		name, from, to, want string
	}{
		{"winner", `"winner": "confederate"`, `"winner": "prussia"`, `:12:15: error[record-side] winner "prussia" is not a side`},
		{"players", `"union": "Quin"`, `"north": "Quin"`, `:6:14: error[record-players] the players are for sides confederate, north; lgv-test-01 has sides confederate, union`},
		{"last-turn", `"lastTurn": 6`, `"lastTurn": 9`, `:17:15: error[record-last-turn] last turn 9 is beyond lgv-test-01's last turn, 6`},
		{"unknown", `"scenario": "lgv-test-01"`, `"scenario": "lgv-tset-01"`, `:3:15: warning[record-scenario] scenario "lgv-tset-01" is not built in`},
	}
	module := "../rules/lgv/testdata/module"
	for _, c := range cases {
		src := string(good)
		if c.name == "players" {
			src = strings.Replace(src, `"firstPlayer": "union"`, `"firstPlayer": "confederate"`, 1)
		}
		if !strings.Contains(src, c.from) {
			t.Fatalf("%s: the record no longer holds %s", c.name, c.from)
		}
		path := filepath.Join(dir, c.name+".json")
		if err := os.WriteFile(path, []byte(strings.Replace(src, c.from, c.to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Paths([]string{path, module}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range r.Diags {
			if d.Subject != nil && d.Subject.Filename == path {
				got = append(got, d.Error())
			}
		}
		if len(got) != 1 || !strings.Contains(got[0], c.want) {
			t.Errorf("%s: got %q, want one finding %s", c.name, got, c.want)
		}
	}
	r, err := Paths([]string{"../playtest/record/testdata/records", module}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Diags) != 0 {
		t.Errorf("the test records with their module: %v", r.Diags)
	}
}
