package lsp

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestDefinitionOutsideModule: a shipped scenario copied out of its module
// folder is checked against the built-in module it names, and go to
// definition leads into a read-only copy of that module on disk, at the
// same entry as from inside the module folder, for each game.
func TestDefinitionOutsideModule(t *testing.T) {
	copies := t.TempDir()
	c := start(t, Options{BuiltinDir: copies})
	for _, tc := range []struct {
		scenario string
		at       string // the value to go from, as the scenario writes it
		file     string // the module file it is defined in
		want     string // the text the definition's range covers there
	}{
		{"tpc/scenarios/01-my-best-achievement.json", `"c.dearing-b.cav"`, "counters.json", `"c.dearing-b.cav"`},
		{"tpc/scenarios/01-my-best-achievement.json", `"S0607"`, "map.json", `"OTR S0607"`},
		{"lgv/scenarios/01-chancellorsville.json", `"u.patrick.inf"`, "counters.json", `"u.patrick.inf"`},
		{"lgv/scenarios/01-chancellorsville.json", `"hex": "73"`, "map.json", `"73"`},
		{"uscw/scenarios/01-1861.json", `"2515"`, "map.json", `"2515"`},
	} {
		game := strings.Split(tc.scenario, "/")[0]
		_, text := shipped(t, tc.scenario)
		outside := filepath.Join(t.TempDir(), filepath.Base(tc.scenario))
		if err := os.WriteFile(outside, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		u := c.open(outside, 1, text)
		if errs := errorsOf(c.waitDiags(u, 1)); len(errs) > 0 {
			t.Fatalf("%s outside its module folder has errors: %+v", tc.scenario, errs)
		}
		delta := 1
		if strings.HasPrefix(tc.at, `"hex": `) {
			delta = len(`"hex": "`)
		}
		var locs []protocol.Location
		c.call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, text, tc.at, 0, delta)}}, &locs)
		if len(locs) != 1 {
			t.Errorf("%s: definition of %s outside the module folder: %+v", game, tc.at, locs)
			continue
		}
		path, ok := pathOf(locs[0].URI)
		if !ok || filepath.Base(path) != tc.file || filepath.Base(filepath.Dir(path)) != game || !strings.HasPrefix(path, copies+string(filepath.Separator)) {
			t.Errorf("%s: definition of %s in %s, want %s/%s under %s", game, tc.at, locs[0].URI, game, tc.file, copies)
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, orig := shipped(t, game+"/"+tc.file)
		if string(got) != orig {
			t.Errorf("%s: the copy of %s differs from the built-in file", game, tc.file)
		}
		li := newLineIndex(got)
		if at := string(got[li.offset(locs[0].Range.Start):li.offset(locs[0].Range.End)]); at != tc.want {
			t.Errorf("%s: definition of %s covers %q, want %q", game, tc.at, at, tc.want)
		}
		if st, err := os.Stat(path); err == nil && runtime.GOOS != "windows" && st.Mode().Perm()&0o222 != 0 {
			t.Errorf("%s: the copy of %s is writable (%v); edits there would be lost", game, tc.file, st.Mode())
		}
	}
	c.shutdown()
}

// TestBuiltinCopy: the copy of a built-in module is written once, whole,
// and a damaged copy is replaced.
func TestBuiltinCopy(t *testing.T) {
	files, err := builtinFiles("lgv")
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(t.TempDir(), files.hash())
	if err := files.writeUnder(root); err != nil {
		t.Fatal(err)
	}
	if !files.same(root) {
		t.Fatal("the copy does not hold the module's files")
	}
	game := filepath.Join(root, "lgv", "game.json")
	if _, err := os.Stat(game); err != nil {
		t.Fatalf("the copy is not a module folder: %v", err)
	}
	// Written once: a second server leaves a complete copy alone.
	before, _ := os.Stat(game)
	if err := files.writeUnder(root); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.Stat(game); !os.SameFile(before, after) {
		t.Error("a complete copy was written again")
	}
	// A copy someone edited (or a write cut short) is replaced.
	os.Chmod(game, 0o644)
	if err := os.WriteFile(game, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(root, "lgv", "map.json"))
	if err := files.writeUnder(root); err != nil {
		t.Fatal(err)
	}
	if !files.same(root) {
		t.Error("a damaged copy was not replaced")
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(root), ".tmp-*")); len(left) > 0 {
		t.Errorf("temporary folders left behind: %v", left)
	}
	// Another module's data gets another folder.
	other, err := builtinFiles("uscw")
	if err != nil {
		t.Fatal(err)
	}
	if other.hash() == files.hash() {
		t.Error("two modules' copies share a folder name")
	}
	if err := removeCopy(filepath.Dir(root)); err != nil {
		t.Errorf("removing the read-only copy: %v", err)
	}
}
