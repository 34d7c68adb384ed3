package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewPlaytest: muster new playtest writes a script that runs for each
// game, names a scenario file from the script's own folder, and pins the
// start count, so it fails once the scenario's victory conditions change.
func TestNewPlaytest(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for _, id := range []string{"tpc-01", "lgv-01", "uscw-s1"} {
		out := "pt/" + id + ".json"
		if code, _, stderr := muster(t, "new", "playtest", "--scenario", id, "--id", id+"-first", "-o", out); code != 0 {
			t.Fatalf("new playtest --scenario %s: exit %d\n%s", id, code, stderr)
		}
		if code, stdout, stderr := muster(t, "playtest", out); code != 0 {
			t.Errorf("playtest %s: exit %d\n%s%s", out, code, stdout, stderr)
		}
	}
	// A scenario file: the script names it from its own folder.
	src, err := os.ReadFile(filepath.Join(repo, "scenarios", "tpc", "scenarios", "01-my-best-achievement.json"))
	if err != nil {
		t.Fatal(err)
	}
	mine := scenarioID.ReplaceAll(src, []byte(`"id": "tpc-mine"`))
	if err := os.WriteFile("mine.json", mine, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := muster(t, "new", "playtest", "--scenario", "mine.json", "--id", "mine-first", "-o", "pt/mine-first.json"); code != 0 {
		t.Fatalf("new playtest --scenario mine.json: exit %d\n%s", code, stderr)
	}
	script, _ := os.ReadFile("pt/mine-first.json")
	if !strings.Contains(string(script), `"scenario": "../mine.json"`) {
		t.Errorf("the script does not name the scenario from its folder:\n%s", script)
	}
	if code, stdout, stderr := muster(t, "playtest", "pt/mine-first.json"); code != 0 {
		t.Fatalf("playtest pt/mine-first.json: exit %d\n%s%s", code, stdout, stderr)
	}
	// The pinned start count fails when the victory levels move.
	changed := strings.Replace(string(mine), `"Confederate Substantive Victory"`, `"Confederate Marginal Victory"`, 1)
	if changed == string(mine) {
		t.Fatal("the fixture has no Confederate Substantive Victory level to change")
	}
	if err := os.WriteFile("mine.json", []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, _ := muster(t, "playtest", "pt/mine-first.json"); code != 1 || !strings.Contains(stdout, "level") {
		t.Errorf("playtest after the level changed: exit %d, want 1 naming the level\n%s", code, stdout)
	}
	// Never over an existing file.
	if code, _, stderr := muster(t, "new", "playtest", "--scenario", "tpc-01", "--id", "x", "-o", "pt/mine-first.json"); code != 2 || !strings.Contains(stderr, "already exists") {
		t.Errorf("new playtest over an existing file: exit %d\n%s", code, stderr)
	}
}
