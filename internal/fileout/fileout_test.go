package fileout

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/musterhq/muster/internal/readin"
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

func TestWriteRefusesEveryInputReadThroughReadin(t *testing.T) {
	defer readin.Reset()
	dir := t.TempDir()
	in := filepath.Join(dir, "map.json")
	os.WriteFile(in, []byte(`{"keep":"me"}`), 0o644)
	if _, err := readin.File(in, readin.MaxSize); err != nil {
		t.Fatal(err)
	}
	if err := Write(in, []byte("clobbered")); err == nil {
		t.Error("Write over a file read through readin succeeded")
	}
	if err := WriteOpts(in, []byte(`{}`), Options{Replace: in, Kind: &JSON}); err != nil {
		t.Errorf("Replace of the input itself (fmt -w) refused: %v", err)
	}
}

func TestWriteNeverReplacesLinksOrSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.json")
	os.WriteFile(target, []byte("keep me"), 0o644)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if err := Write(link, []byte("x")); err == nil {
		t.Error("Write over a symbolic link succeeded")
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	sub := filepath.Join(dir, "folder.json")
	os.Mkdir(sub, 0o755)
	if err := Write(sub, []byte("x")); err == nil {
		t.Error("Write over a folder succeeded")
	}
	fifo := filepath.Join(dir, "pipe.json")
	if mkfifo(fifo) == nil {
		if err := Write(fifo, []byte("x")); err == nil {
			t.Error("Write over a named pipe succeeded")
		}
		if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
			t.Error("the named pipe was replaced")
		}
	}
	// A character device is written through, never replaced.
	null := scratchDevice(t)
	if err := Write(null, []byte("x")); err != nil {
		t.Errorf("Write to %s: %v", null, err)
	}
	if fi, err := os.Stat(null); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a device", null)
	}
	devLink := filepath.Join(dir, "null.json")
	os.Symlink(null, devLink)
	if err := Write(devLink, []byte("x")); err != nil {
		t.Errorf("Write through a link to a device: %v", err)
	}
	if fi, _ := os.Lstat(devLink); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link to the device was replaced")
	}
}

func TestWriteKind(t *testing.T) {
	dir := t.TempDir()
	scn := filepath.Join(dir, "draft.json")
	os.WriteFile(scn, []byte(`{"$schema":"scenario"}`), 0o644)
	if err := WriteOpts(scn, []byte("PK\x03\x04"), Options{Kind: &XLSX}); err == nil || !strings.Contains(err.Error(), ".xlsx") {
		t.Errorf("a workbook named .json: %v", err)
	}
	book := filepath.Join(dir, "book.xlsx")
	os.WriteFile(book, []byte("not a workbook"), 0o644)
	err := WriteOpts(book, []byte("PK\x03\x04new"), Options{Kind: &XLSX})
	if err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("replacing a file of another kind: %v", err)
	}
	if err := WriteOpts(book, []byte("PK\x03\x04new"), Options{Kind: &XLSX, Force: true}); err != nil {
		t.Errorf("--force: %v", err)
	}
	if err := WriteOpts(book, []byte("PK\x03\x04newer"), Options{Kind: &XLSX}); err != nil {
		t.Errorf("replacing a previous workbook: %v", err)
	}
	big := bytes.Repeat([]byte(" "), readin.MaxSize+1)
	big[0] = '{'
	if err := WriteOpts(filepath.Join(dir, "big.json"), big, Options{Kind: &JSON}); err == nil {
		t.Error("wrote a JSON document larger than muster reads back")
	}
	if err := Write(filepath.Join(dir, "new", "folder", "x.json"), []byte("{}")); err != nil {
		t.Errorf("a missing folder is created: %v", err)
	}
}

func TestWriteNewIsExclusive(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "new.json")
	const n = 8
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() { errs <- WriteNew(out, []byte(fmt.Sprint(i))) }()
	}
	ok := 0
	for i := 0; i < n; i++ {
		if err := <-errs; err == nil {
			ok++
		} else if !errors.Is(err, ErrExists) {
			t.Error(err)
		}
	}
	if ok != 1 {
		t.Errorf("%d concurrent WriteNew calls succeeded, want 1", ok)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

// TestInterruptRemovesTemporaries runs a child process that stops between
// writing its temporary file and renaming it, sends it SIGTERM and SIGINT,
// and checks no temporary is left.
func TestInterruptRemovesTemporaries(t *testing.T) {
	if dir := os.Getenv("FILEOUT_CHILD_DIR"); dir != "" {
		beforeRename = func() {
			os.WriteFile(filepath.Join(dir, "ready"), nil, 0o644)
			select {}
		}
		ScratchDir(dir, "scratch-*")
		tmp, _ := TempDir(filepath.Join(dir, "folder-out"))
		os.WriteFile(filepath.Join(tmp, "inside.json"), []byte("{}"), 0o644)
		Write(filepath.Join(dir, "out.json"), []byte("{}"))
		return
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^TestInterruptRemovesTemporaries$")
		cmd.Env = append(os.Environ(), "FILEOUT_CHILD_DIR="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for {
			if _, err := os.Stat(filepath.Join(dir, "ready")); err == nil {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatal("the child never reached its rename")
			}
			time.Sleep(10 * time.Millisecond)
		}
		before, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
		if len(before) != 2 {
			t.Fatalf("want a temporary file and folder before the signal, got %v", before)
		}
		if scratch, _ := filepath.Glob(filepath.Join(dir, "scratch-*")); len(scratch) != 1 {
			t.Fatalf("want a scratch folder before the signal, got %v", scratch)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() == 0 {
			t.Errorf("%v: child ended with %v", sig, err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
			t.Errorf("%v left temporaries: %v", sig, left)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "scratch-*")); len(left) > 0 {
			t.Errorf("%v left a scratch folder: %v", sig, left)
		}
	}
}

// scratchDevice returns a character device that the test may lose if the
// code under test regresses: a private copy of /dev/null made with mknod
// (as root), never the system's own. Without root, /dev/null itself is
// safe: /dev is not writable, so nothing can be renamed over it.
func scratchDevice(t *testing.T) string {
	t.Helper()
	if os.Geteuid() != 0 {
		return os.DevNull
	}
	dev := filepath.Join(t.TempDir(), "null")
	if err := mknodNull(dev); err != nil {
		t.Skipf("as root without mknod (%v): not risking the system's /dev/null", err)
	}
	return dev
}
