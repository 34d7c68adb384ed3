// Package seedtext finds the rulebook texts (the seeds) that tests check
// the shipped data against. They live beside the project, in
// ../shared/seeds from the module root (where CI has them), or in the
// folder MUSTER_SEEDS names.
package seedtext

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TPC is the seed the TPC module is transcribed from.
const TPC = "001_28c7e36b674162dc.txt"

// Dir returns the seeds folder: MUSTER_SEEDS, else ../shared/seeds from
// the module root found above the working directory.
func Dir() (string, error) {
	if d := os.Getenv("MUSTER_SEEDS"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(d), "shared", "seeds"), nil
		}
		if filepath.Dir(d) == d {
			return "", errors.New("seedtext: no go.mod above " + wd)
		}
	}
}

// Read returns a seed's text. When it cannot be read the test is skipped,
// except in CI (CI=true), where it fails: the rulebook cross-checks must
// run there.
func Read(t testing.TB, name string) []byte {
	t.Helper()
	dir, err := Dir()
	var src []byte
	if err == nil {
		src, err = os.ReadFile(filepath.Join(dir, name))
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the rulebook text is needed in CI: %v (set MUSTER_SEEDS to the seeds folder)", err)
		}
		t.Skipf("rulebook text not available: %v", err)
	}
	return src
}
