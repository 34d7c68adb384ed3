package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// muster playtest replay of a script or a stored log: the JSON lines are
// the script's own log, a stored log goes round unchanged, the page is
// written beside it, and what cannot be replayed says why.
func TestReplayScriptsAndStoredLogs(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join("..", "..", "scenarios", "tpc", "playtests", "01-petersburg.json")
	golden, err := os.ReadFile(strings.TrimSuffix(script, ".json") + ".golden.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := muster(t, "playtest", "replay", script)
	if code != 0 || stdout != string(golden) || !strings.Contains(stderr, "tpc-01-petersburg: the script passes") {
		t.Errorf("replay SCRIPT: exit %d, stdout is the golden log: %v, stderr %q", code, stdout == string(golden), stderr)
	}

	stored := filepath.Join(dir, "petersburg.jsonl")
	if err := os.WriteFile(stored, golden, 0o644); err != nil {
		t.Fatal(err)
	}
	back := filepath.Join(dir, "back.jsonl")
	if code, _, stderr := muster(t, "playtest", "replay", "tpc-01", "--events", stored, "-o", back); code != 0 {
		t.Fatalf("replay --events: exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(back); string(b) != string(golden) {
		t.Error("a stored log does not go round unchanged")
	}
	page := filepath.Join(dir, "petersburg.html")
	if code, _, stderr := muster(t, "playtest", "replay", "tpc-01", "--events", stored, "--format", "html", "-o", page); code != 0 {
		t.Fatalf("replay --events --format html: exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(page); !strings.HasPrefix(string(b), "<!DOCTYPE html>") || !strings.Contains(string(b), "playtest tpc-01-petersburg") {
		t.Errorf("the page: %.200s", b)
	}

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"tpc-02", "--events", stored, "--format", "html", "-o", filepath.Join(dir, "x.html")}, 2, "the log is of scenario tpc-01, not tpc-02"},
		{[]string{"tpc-01", "--events", stored, "--format", "html", "-o", stored}, 2, "input"},
		{[]string{"tpc-01", "--events", filepath.Join(dir, "missing.jsonl")}, 2, "missing.jsonl"},
		{[]string{"tpc-01", "--events", page}, 2, "event log line 1"},
		{[]string{script, "--game", "3"}, 2, "--game and --events go with a SCENARIO"},
		{[]string{"tpc-01", "--events", stored, "--format", "pdf"}, 2, "--format must be jsonl or html"},
	} {
		code, _, stderr := muster(t, append([]string{"playtest", "replay"}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("replay %s: exit %d, %q; want exit %d saying %q", strings.Join(c.args, " "), code, stderr, c.code, c.want)
		}
	}
	if b, _ := os.ReadFile(stored); string(b) != string(golden) {
		t.Error("the stored log was written over")
	}

	// A failing script: its page shows the game up to where it failed, then exit 1.
	failing := filepath.Join("..", "..", "rules", "lgv", "testdata", "failing", "wrong-combat.json")
	failed := filepath.Join(dir, "failing.html")
	code, _, stderr = muster(t, "playtest", "replay", failing, "--format", "html", "-o", failed)
	if code != 1 || !strings.Contains(stderr, "the script fails: ") {
		t.Errorf("a failing script: exit %d, %q", code, stderr)
	}
	if b, err := os.ReadFile(failed); err != nil || !strings.Contains(string(b), "the script fails: ") {
		t.Errorf("a failing script's page is not written, or does not say it failed: %v", err)
	}
}

// A sim game replayed to standard output: stdout is only the JSON lines
// (the label, outcome and course go to standard error), and the log read
// back with --events writes the same bytes, its uint64 seed exact.
func TestReplaySimGameStdoutIsJSONLines(t *testing.T) {
	scn := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	code, stdout, stderr := muster(t, "playtest", "replay", scn, "--seed", "1", "--game", "417")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	for i, line := range lines {
		if !json.Valid([]byte(line)) {
			t.Fatalf("stdout line %d is not JSON: %q", i+1, line)
		}
	}
	if !strings.Contains(stderr, "MADE-UP DATA") || !strings.Contains(stderr, "game 417 (seed ") || !strings.Contains(stderr, "decided by: ") {
		t.Errorf("the label, outcome and course are not on standard error: %q", stderr)
	}
	if !strings.Contains(lines[0], `"seed":2162506408370041966`) {
		t.Fatalf("the header is %s, want game 417's seed 2162506408370041966", lines[0])
	}
	stored := filepath.Join(t.TempDir(), "g417.jsonl")
	if err := os.WriteFile(stored, []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	code, back, stderr := muster(t, "playtest", "replay", scn, "--events", stored)
	if code != 0 || back != stdout {
		t.Errorf("replay --events: exit %d, %s; the log does not go round unchanged, header %.120q", code, stderr, back)
	}
}

// What replay is given is checked before anything is played: the argument
// is read first (a missing file, a file that is not JSON), and a --format
// it cannot write is refused before the game is played.
func TestReplayChecksArgumentsFirst(t *testing.T) {
	dir := t.TempDir()
	scn := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	trunc := filepath.Join(dir, "trunc.json")
	if err := os.WriteFile(trunc, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{filepath.Join(dir, "nosuch.json"), "--format", "html", "-o", filepath.Join(dir, "n.html")}, 2, "no file " + filepath.Join(dir, "nosuch.json")},
		{[]string{trunc}, 1, "trunc.json:1:2: error[json-syntax]"},
		{[]string{scn, "--game", "3", "--format", "pdf", "-o", filepath.Join(dir, "x.pdf")}, 2, "--format must be jsonl or html"},
		{[]string{scn}, 2, "replay needs --game I"},
	} {
		code, stdout, stderr := muster(t, append([]string{"playtest", "replay"}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("replay %s: exit %d, %q; want exit %d saying %q", strings.Join(c.args, " "), code, stderr, c.code, c.want)
		}
		if strings.Contains(stdout+stderr, "(seed ") {
			t.Errorf("replay %s played the game before refusing: %q", strings.Join(c.args, " "), stderr)
		}
	}
}
