package fileout

import (
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
)

// Temporaries are tracked so that an interrupt (SIGINT, SIGTERM, SIGHUP) removes
// them before the process ends: the final output is never partial, and no
// hidden .NAME.tmp-N file or folder is left behind either.
var (
	tmpMu    sync.Mutex
	tmpLive  = map[string]bool{}
	sigOnce  sync.Once
	exitFunc = os.Exit
)

func track(name string) {
	sigOnce.Do(installHandler)
	tmpMu.Lock()
	tmpLive[name] = true
	tmpMu.Unlock()
}

func removeTemp(name string) {
	tmpMu.Lock()
	delete(tmpLive, name)
	tmpMu.Unlock()
	os.RemoveAll(name)
}

// TempDir creates a temporary folder beside path (for an output written
// as a whole folder, then renamed into place), removed on an interrupt.
// Call Done when it is renamed or no longer needed.
func TempDir(path string) (string, error) {
	if err := makeDir(path); err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return "", err
	}
	track(dir)
	return dir, nil
}

// ScratchDir creates a working folder in parent ("" for the system's
// temporary folder), such as the profile and page a PDF is printed from;
// like the other temporaries it is removed on an interrupt. Call Done when
// it is no longer needed.
func ScratchDir(parent, pattern string) (string, error) {
	dir, err := os.MkdirTemp(parent, pattern)
	if err != nil {
		return "", err
	}
	track(dir)
	return dir, nil
}

// Done removes a temporary from TempDir or ScratchDir (a no-op after it was
// renamed).
func Done(tmp string) { removeTemp(tmp) }

func installHandler() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-ch
		tmpMu.Lock()
		for name := range tmpLive {
			os.RemoveAll(name)
		}
		tmpMu.Unlock()
		code := 130 // as a shell reports an interrupted command
		switch sig {
		case syscall.SIGTERM:
			code = 143
		case syscall.SIGHUP: // the terminal closed
			code = 129
		}
		exitFunc(code)
	}()
}
