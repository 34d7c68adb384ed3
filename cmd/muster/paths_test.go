package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathsAsTyped: a file is named in messages exactly as typed, and a
// file found in a folder as the folder was typed joined with the
// platform's separator (backslashes on Windows, where these tests are
// built by CI with GOOS=windows).
func TestPathsAsTyped(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(src), `"hex": "S0910"`, `"hex": "S9999"`, 1)
	sub := filepath.Join(dir, "drafts", "tpc")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "bad.json"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	typed := "drafts/tpc/bad.json" // as a user types it on any platform
	_, out, _ := muster(t, "validate", typed)
	if !strings.HasPrefix(out, typed+":33:") {
		t.Errorf("validate %s:\n%s", typed, out)
	}
	_, out, _ = muster(t, "validate", "drafts")
	want := filepath.Join("drafts", "tpc", "bad.json") + ":33:"
	if !strings.HasPrefix(out, want) {
		t.Errorf("validate drafts: want %s...\n%s", want, out)
	}
}
