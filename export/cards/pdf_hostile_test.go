//go:build unix

package cards

// Hostile browsers (issue 31 item 11), played by shell scripts written
// here: a child that keeps standard error open after the PDF is written,
// a PDF past the size muster reads (or a link to /dev/zero), and an
// interrupt while the browser writes into its profile.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// scriptChromium writes a shell script standing in for Chromium. Its
// body sees $out (the --print-to-pdf path) and $profile (the
// --user-data-dir).
func scriptChromium(t *testing.T, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands in for Chromium")
	}
	path := filepath.Join(t.TempDir(), "chromium")
	script := `#!/bin/sh
out=""; profile=""
for a in "$@"; do
  case "$a" in
    --print-to-pdf=*) out="${a#--print-to-pdf=}" ;;
    --user-data-dir=*) profile="${a#--user-data-dir=}" ;;
  esac
done
` + body + "\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// alive says whether the process of the pid written in file still runs
// (a zombie, killed and waiting for its parent, does not), after a grace
// of a second for a process just killed.
func alive(t *testing.T, file string) (int, bool) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return 0, false
	}
	for deadline := time.Now().Add(time.Second); ; time.Sleep(20 * time.Millisecond) {
		running := syscall.Kill(pid, 0) == nil
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
			// pid (comm) state ...: the state follows the last ')'.
			if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
				running = false
			}
		}
		if !running || time.Now().After(deadline) {
			return pid, running
		}
	}
}

func TestHostilePDFBrowser(t *testing.T) {
	page := []byte("<!doctype html><p>card</p>")

	// The PDF is written, then a helper that inherited standard error
	// lives on (30 s): PrintPDF waited for it (the issue: for ever).
	pidFile := filepath.Join(t.TempDir(), "helper.pid")
	chromium := scriptChromium(t, `printf '%%PDF-1.4 fake' > "$out"
sleep 30 &
echo $! > '`+pidFile+`'
exit 0`)
	t0 := time.Now()
	pdf, err := cardsPrintPDF(context.Background(), chromium, page, nil)
	took := time.Since(t0)
	if err != nil || !strings.HasPrefix(string(pdf), "%PDF-") {
		t.Errorf("helper holding stderr: %v, %q", err, pdf)
	}
	if took > 10*time.Second {
		t.Errorf("helper holding stderr: PrintPDF took %v", took)
	}
	if pid, ok := alive(t, pidFile); ok {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("the browser's helper (pid %d) outlived the print", pid)
	}

	// A PDF larger than muster reads (sparse: no disk spent), and a PDF
	// that is a link to /dev/zero.
	for _, c := range []struct{ what, body string }{
		{"200 MB PDF", `printf '%%PDF-1.4 ' > "$out"; truncate -s 200M "$out"`},
		{"link to /dev/zero", `ln -s /dev/zero "$out"`},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := cardsPrintPDF(context.Background(), scriptChromium(t, c.body), page, nil)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "larger than muster reads") && !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: got %v", c.what, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
			t.Errorf("%s: reading allocated %d MB", c.what, alloc>>20)
		}
	}
}

// An interrupt while the browser writes into its profile leaves no
// scratch folder behind and no browser running: the browser is ended
// before its folder is removed (it used to be removed under the running
// browser, which wrote the profile back).
func TestHostilePDFInterrupt(t *testing.T) {
	if dir := os.Getenv("CARDS_CHILD_DIR"); dir != "" {
		chromium := filepath.Join(dir, "chromium")
		cardsPrintPDF(context.Background(), chromium, []byte("<p>x</p>"), nil)
		return
	}
	dir := t.TempDir()
	scratch := filepath.Join(dir, "tmp")
	os.Mkdir(scratch, 0o755)
	pidFile := filepath.Join(dir, "browser.pid")
	ready := filepath.Join(dir, "ready")
	src := scriptChromium(t, `echo $$ > '`+pidFile+`'
i=0
while [ $i -lt 3000 ]; do
  mkdir -p "$profile/Default" && echo x > "$profile/Default/Preferences"
  [ -e '`+ready+`' ] || touch '`+ready+`'
  i=$((i+1)); sleep 0.01
done`)
	b, _ := os.ReadFile(src)
	os.WriteFile(filepath.Join(dir, "chromium"), b, 0o755)
	defer func() {
		if pid, ok := alive(t, pidFile); ok {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHostilePDFInterrupt$")
	cmd.Env = append(os.Environ(), "CARDS_CHILD_DIR="+dir, "TMPDIR="+scratch)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the browser never started writing its profile")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if left, _ := filepath.Glob(filepath.Join(scratch, "muster-cards-*")); len(left) != 1 {
		t.Fatalf("want one scratch folder while printing, got %v", left)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Errorf("the interrupted print ended with %v, want exit 130", err)
	}
	time.Sleep(300 * time.Millisecond) // a browser left running writes its profile back
	if left, _ := filepath.Glob(filepath.Join(scratch, "muster-cards-*", "*")); len(left) > 0 {
		t.Errorf("the interrupt left %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(scratch, "muster-cards-*")); len(left) > 0 {
		t.Errorf("the interrupt left the scratch folder %v", left)
	}
	if pid, ok := alive(t, pidFile); ok {
		t.Errorf("the browser (pid %d) runs on after the interrupt", pid)
	}
}
