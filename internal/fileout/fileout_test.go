package fileout

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.json")
	for _, content := range []string{"first", "second"} {
		if err := Write(out, []byte(content)); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(out)
		if string(got) != content {
			t.Fatalf("got %q, want %q", got, content)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestWriteRefusesInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "scenario.json")
	os.WriteFile(in, []byte("keep me"), 0o644)
	// Same file by another spelling of its path.
	for _, out := range []string{in, filepath.Join(dir, ".", "scenario.json")} {
		if err := Write(out, []byte("clobbered"), in); err == nil {
			t.Errorf("Write(%s) over an input succeeded", out)
		}
	}
	link := filepath.Join(dir, "link.json")
	if os.Symlink(in, link) == nil {
		if err := Write(link, []byte("clobbered"), in); err == nil {
			t.Error("Write through a symlink to an input succeeded")
		}
	}
	if got, _ := os.ReadFile(in); string(got) != "keep me" {
		t.Errorf("input changed to %q", got)
	}
}
