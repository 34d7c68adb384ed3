package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestModuleFolderEverywhere: a designer's own module folder is accepted
// wherever a module id is (issue 27: muster new scenario --module ./my-game
// was refused with "no module"), and what it writes is checked against that
// module, not against the built-in ones.
func TestModuleFolderEverywhere(t *testing.T) {
	t.Chdir(t.TempDir())
	if code, _, stderr := muster(t, "new", "module", "--map", "area", "my-game"); code != 0 {
		t.Fatalf("new module: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := muster(t, "new", "scenario", "--module", "./my-game", "--id", "my-game-01")
	if code != 0 {
		t.Fatalf("new scenario --module ./my-game: exit %d\n%s", code, stderr)
	}
	want := filepath.Join("my-game", "scenarios", "my-game-01.json")
	if !strings.Contains(stdout, want) {
		t.Errorf("new scenario does not say it wrote %s:\n%s", want, stdout)
	}
	if _, err := os.Stat(want); err != nil {
		t.Fatalf("new scenario wrote no %s: %v", want, err)
	}
	// validate finds the module by the folder: no module-unknown finding.
	_, out, errOut := muster(t, "validate", want)
	if strings.Contains(out+errOut, "module-unknown") || strings.Contains(out+errOut, `no module "my-game"`) {
		t.Errorf("validate %s does not find its module:\n%s%s", want, out, errOut)
	}
	// The other commands that take a module take the folder too.
	for _, args := range [][]string{
		{"counters", "my-game"},
		{"module", "template", "-o", "t.xlsx", "my-game"},
	} {
		if code, _, stderr := muster(t, args...); code == 2 {
			t.Errorf("muster %s: usage error\n%s", strings.Join(args, " "), stderr)
		}
	}
	// A module that is neither a folder nor built in is named in the error.
	code, _, stderr = muster(t, "new", "scenario", "--module", "./no-such-game", "--id", "x")
	if code != 2 || !strings.Contains(stderr, `no module "./no-such-game"`) {
		t.Errorf("new scenario --module ./no-such-game: exit %d\n%s", code, stderr)
	}
	// And a built-in id still works, writing in the working folder.
	if code, _, stderr := muster(t, "new", "scenario", "--module", "tpc", "--id", "tpc-raid"); code != 0 {
		t.Errorf("new scenario --module tpc: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat("tpc-raid.json"); err != nil {
		t.Error(err)
	}
}

// TestImportTSVModuleFolder: import tsv takes a module folder and checks
// the scenario it writes against it.
func TestImportTSVModuleFolder(t *testing.T) {
	here, _ := os.Getwd()
	module := filepath.Join(here, "..", "..", "scenarios", "tpc")
	tsv := filepath.Join(here, "testdata", "union-draft.tsv")
	code, _, stderr := muster(t, "import", "tsv", "--module", module, "--side", "union", "-o", filepath.Join(t.TempDir(), "draft.json"), tsv)
	if code == 2 {
		t.Fatalf("import tsv --module FOLDER: usage error\n%s", stderr)
	}
	if !strings.Contains(stderr, "imported ") {
		t.Errorf("import tsv --module FOLDER did not import:\n%s", stderr)
	}
}
