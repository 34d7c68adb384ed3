package lgv

import (
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
