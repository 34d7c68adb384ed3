package validate

// Hostile input, second pass (issue 31 item 14): built here at test time.

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// heapAfter is the heap in use once a collection has run, with keep
// still reachable.
func heapAfter(keep any) uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(keep)
	return ms.HeapAlloc
}

// copies writes n copies of a shipped scenario of about 16 KB, each with
// its own id and one finding (a hex off the map), into dir.
func copies(t testing.TB, dir string, n int) {
	src, err := os.ReadFile("../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	if !strings.Contains(text, `"id": "tpc-01"`) {
		t.Fatal("tpc-01 is written otherwise")
	}
	os.MkdirAll(dir, 0o755)
	for i := range n {
		s := strings.Replace(text, `"id": "tpc-01"`, fmt.Sprintf(`"id": "copy-%05d"`, i), 1)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("copy-%05d.json", i)), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Item 14: validate DIR keeps of each file what its report needs, not its
// source and syntax tree (~120 KB a file: 22,000 files of 16 KB exhausted
// memory). Measured as the heap still in use after the run, per file,
// with the report alive.
func TestHostileValidateDirMemory(t *testing.T) {
	const n = 2000
	dir := filepath.Join(t.TempDir(), "drafts")
	copies(t, dir, n)
	scenarios.Builtin() // the shipped catalog, loaded once whatever the files
	before := heapAfter(nil)
	rep, err := Paths([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	after := heapAfter(rep)
	if len(rep.Files) != n {
		t.Fatalf("%d files reported, want %d", len(rep.Files), n)
	}
	per := (int64(after) - int64(before)) / n
	t.Logf("%d files of %d bytes: %d findings, heap %d MB after the run, %d bytes a file", n, 16391, len(rep.Diags), (int64(after)-int64(before))>>20, per)
	if per > 4<<10 {
		t.Errorf("validate DIR keeps %d bytes a file after the run; want at most 4 KB", per)
	}

	// The same scenarios in a module's scenarios folder: the module loads
	// them together (its checks compare them), so they are all parsed at
	// once; after their checks each keeps its decoded scenario (for the
	// module's missing-data lines) and its findings, not its text and
	// syntax tree.
	mod := filepath.Join(t.TempDir(), "tpc")
	os.MkdirAll(mod, 0o755)
	for _, f := range []string{"game.json", "map.json", "counters.json"} {
		b, _ := os.ReadFile(filepath.Join("../scenarios/tpc", f))
		os.WriteFile(filepath.Join(mod, f), b, 0o644)
	}
	tables, _ := filepath.Glob("../scenarios/tpc/tables/*.json")
	os.MkdirAll(filepath.Join(mod, "tables"), 0o755)
	for _, f := range tables {
		b, _ := os.ReadFile(f)
		os.WriteFile(filepath.Join(mod, "tables", filepath.Base(f)), b, 0o644)
	}
	copies(t, filepath.Join(mod, "scenarios"), n)
	before = heapAfter(nil)
	rep, err = Paths([]string{mod}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	after = heapAfter(rep)
	perModule := (int64(after) - int64(before)) / n
	t.Logf("the same %d files in a module folder: %d findings, heap %d MB after the run, %d bytes a file", n, len(rep.Diags), (int64(after)-int64(before))>>20, perModule)
	if perModule > 64<<10 {
		t.Errorf("validate MODULE keeps %d bytes a file after the run; want at most 64 KB", perModule)
	}
}
