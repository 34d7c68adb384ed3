package main

// Hostile input, second pass (issue 31): every input is built here at test
// time. .ci/run runs the tests named TestHostile* under a memory cap.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// oneLineScenario writes the module's first scenario back with its setup
// rows repeated to n rows, on one line (minified), and returns its path.
func oneLineScenario(t *testing.T, mod string, n int) string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(mod, "scenarios", "*.json"))
	if len(matches) == 0 {
		t.Fatal("no scenario")
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(mustRead(t, matches[0])), &doc); err != nil {
		t.Fatal(err)
	}
	setup := doc["setup"].([]any)
	g := setup[0].(map[string]any)
	rows := g["rows"].([]any)
	var all []any
	for len(all) < n {
		all = append(all, rows...)
	}
	g["rows"] = all[:n]
	b, _ := json.Marshal(doc)
	os.WriteFile(matches[0], b, 0o644)
	return matches[0]
}

// Item 7: validate's text output on a minified 5,000-row scenario (its
// thousands of findings all on line 1) costs what the JSON output costs:
// the snippet no longer copies the whole line for each finding (111 s).
func TestHostileValidateOneLongLine(t *testing.T) {
	mod := copyModule(t, "../../scenarios/lgv")
	path := oneLineScenario(t, mod, 5000)
	for _, format := range []string{"text", "json"} {
		t0 := time.Now()
		var code int
		var out string
		within(t, 120*time.Second, "validate --format "+format, func() { code, out, _ = muster(t, "validate", "--format", format, path) })
		took := time.Since(t0)
		t.Logf("--format %s: %v, %d bytes of output", format, took, len(out))
		if code != 1 || !strings.Contains(out, "already set up") {
			t.Fatalf("--format %s: exit %d, %.300s", format, code, out)
		}
		if took > 20*time.Second {
			t.Errorf("--format %s took %v on one line", format, took)
		}
	}
}
