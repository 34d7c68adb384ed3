package seedtext

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The seeds are found from any package folder, at ../shared/seeds from the
// module root.
func TestDirFromTheModuleRoot(t *testing.T) {
	t.Setenv("MUSTER_SEEDS", "")
	d, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	if want := filepath.Join(filepath.Dir(root), "shared", "seeds"); d != want {
		t.Fatalf("Dir() = %s, want %s", d, want)
	}
	src := Read(t, TPC)
	if !strings.Contains(string(src), "SCENARIO 1:") {
		t.Fatalf("%s does not read as the TPC rulebook", TPC)
	}
}

// A missing seed fails in CI and skips elsewhere; the CI case runs in a
// child process so that its failure can be observed.
func TestMissingSeedFailsInCI(t *testing.T) {
	if os.Getenv("SEEDTEXT_CHILD") == "1" {
		Read(t, "no-such-seed.txt")
		return
	}
	for _, ci := range []string{"true", ""} {
		cmd := testCommand(t, "-test.run=^TestMissingSeedFailsInCI$", "-test.v")
		cmd.Env = append(os.Environ(), "SEEDTEXT_CHILD=1", "CI="+ci, "MUSTER_SEEDS="+t.TempDir())
		out, err := cmd.CombinedOutput()
		switch {
		case ci == "true" && (err == nil || !strings.Contains(string(out), "needed in CI")):
			t.Errorf("CI=true: want a failure naming CI, got %v\n%s", err, out)
		case ci == "" && (err != nil || !strings.Contains(string(out), "SKIP")):
			t.Errorf("outside CI: want a skip, got %v\n%s", err, out)
		}
	}
}
