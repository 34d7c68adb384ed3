package uscw

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/schema"
)

// TestGeneratedTestdataReproduces reruns the generators of the made-up test
// data in a temporary copy of the repository's inputs and requires the
// committed files byte for byte: testdata/gen.py (then muster fmt's
// canonical form, as its docstring says) must give testdata/module, and
// export/sheet/testdata/uscw-fill.py must give uscw-fill.json from that
// module. A change to scenarios/uscw, to a generator or a hand edit of a
// generated file fails here until the generators are rerun and committed.
func TestGeneratedTestdataReproduces(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 is not on PATH: CI (CI=true) needs it to check the generated USCW test data")
		}
		t.Skip("no python3 on PATH: the generated USCW test data is not checked")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	// The generators read and write paths relative to the folder they run
	// in, so they run in a temporary root holding only their inputs.
	root := t.TempDir()
	copyTree(t, filepath.Join(repo, "scenarios", "uscw"), filepath.Join(root, "scenarios", "uscw"))

	runPython(t, python, root, filepath.Join(repo, "rules", "uscw", "testdata", "gen.py"))
	module := filepath.Join(root, "rules", "uscw", "testdata", "module")
	formatTree(t, module)
	sameTree(t, module, filepath.Join(repo, "rules", "uscw", "testdata", "module"),
		"python3 rules/uscw/testdata/gen.py && go run ./cmd/muster fmt -w rules/uscw/testdata/module")

	fillDir := filepath.Join(root, "export", "sheet", "testdata")
	if err := os.MkdirAll(fillDir, 0o755); err != nil {
		t.Fatal(err)
	}
	runPython(t, python, root, filepath.Join(repo, "export", "sheet", "testdata", "uscw-fill.py"))
	sameFile(t, filepath.Join(fillDir, "uscw-fill.json"), filepath.Join(repo, "export", "sheet", "testdata", "uscw-fill.json"),
		"python3 export/sheet/testdata/uscw-fill.py")
}

func runPython(t *testing.T, python, dir, script string) {
	t.Helper()
	cmd := exec.Command(python, script)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("python3 %s: %v\n%s", script, err, out)
	}
}

// copyTree copies the regular files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// formatTree puts every JSON file under dir in muster fmt's canonical form
// (what `muster fmt -w` does: the schema's key order, one-line rows).
func formatTree(t *testing.T, dir string) {
	t.Helper()
	for _, path := range filesUnder(t, dir) {
		src, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil {
			t.Fatal(err)
		}
		root, perr := jsonsrc.Parse(src)
		if perr != nil {
			t.Fatalf("%s: the generator wrote invalid JSON: %s", path, perr.Msg)
		}
		var kind schema.Kind
		if s := root.Get("$schema"); s != nil && s.Kind == jsonsrc.String {
			kind, _ = schema.KindOf(s.Text)
		}
		if err := os.WriteFile(filepath.Join(dir, path), schema.Format(kind, root), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// sameTree requires the same files under got and want, with the same bytes.
func sameTree(t *testing.T, got, want, fix string) {
	t.Helper()
	gotFiles, wantFiles := filesUnder(t, got), filesUnder(t, want)
	inGot := map[string]bool{}
	for _, f := range gotFiles {
		inGot[f] = true
		sameFile(t, filepath.Join(got, f), filepath.Join(want, f), fix)
	}
	for _, f := range wantFiles {
		if !inGot[f] {
			t.Errorf("%s is committed but the generator no longer writes it: remove it, or fix the generator", filepath.Join(want, f))
		}
	}
}

// sameFile requires want (committed) to hold got's bytes; the message names
// the first differing line and fix, the commands that regenerate it.
func sameFile(t *testing.T, got, want, fix string) {
	t.Helper()
	g, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := os.ReadFile(want)
	if os.IsNotExist(err) {
		t.Errorf("%s is generated but not committed: regenerate with `%s` and commit it", want, fix)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(g, w) {
		return
	}
	gl, wl := bytes.Split(g, []byte("\n")), bytes.Split(w, []byte("\n"))
	line := 0
	for line < len(gl) && line < len(wl) && bytes.Equal(gl[line], wl[line]) {
		line++
	}
	t.Errorf("%s differs from its generator's output from line %d:\n committed: %.300s\n generated: %.300s\nregenerate with `%s` and commit, or put a hand edit into the generator",
		want, line+1, lineAt(wl, line), lineAt(gl, line), fix)
}

func lineAt(lines [][]byte, i int) string {
	if i >= len(lines) {
		return "(end of file)"
	}
	return string(lines[i])
}

// filesUnder lists the regular files under dir, relative and sorted.
func filesUnder(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		files = append(files, rel)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}
