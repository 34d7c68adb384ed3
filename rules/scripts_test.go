package rules_test

import (
	"path/filepath"
	"testing"

	"github.com/musterhq/muster/playtest"
)

// The shipped playtest scripts play the rules core against values worked
// from the rulebooks (each cites its lines): run here too, so that a change
// to this package that breaks one fails this package's own tests (and
// mutation testing, which runs only them, sees it).
func TestShippedScripts(t *testing.T) {
	scripts, _ := filepath.Glob("../scenarios/*/playtests/*.json")
	if len(scripts) < 40 {
		t.Fatalf("only %d shipped scripts", len(scripts))
	}
	for _, p := range scripts {
		if r := playtest.RunFile(p); !r.Passed() {
			t.Errorf("%s: %s %v", p, r.Failure, r.Diags)
		}
	}
}
