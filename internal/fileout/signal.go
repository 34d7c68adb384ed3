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
	stops    = map[int]func(){}
	stopNext int
	// interrupted is set once the handler has begun: it ends the process,
	// so a goroutine that stopped a process is held where it would go on.
	interrupted bool
	sigOnce     sync.Once
	exitFunc    = os.Exit
)

// OnInterrupt registers stop to run when an interrupt arrives, before the
// temporaries are removed: it ends a process that writes into one (a
// browser printing a PDF in a scratch folder, which would write its
// profile back into the folder being removed). The returned cancel
// unregisters it.
func OnInterrupt(stop func()) (cancel func()) {
	sigOnce.Do(installHandler)
	tmpMu.Lock()
	id := stopNext
	stopNext++
	stops[id] = stop
	tmpMu.Unlock()
	return func() {
		tmpMu.Lock()
		if interrupted {
			// The stop may have ended the process the caller waited for:
			// the caller must not go on to report that as its own failure
			// and exit before the handler removes the temporaries and
			// exits with the interrupt's code.
			tmpMu.Unlock()
			select {}
		}
		delete(stops, id)
		tmpMu.Unlock()
	}
}

func track(name string) {
	sigOnce.Do(installHandler)
	tmpMu.Lock()
	tmpLive[name] = true
	tmpMu.Unlock()
}

// removeTemp removes a temporary under the lock, so that an interrupt
// arriving meanwhile waits for the removal instead of ending the process
// halfway through it.
func removeTemp(name string) {
	tmpMu.Lock()
	defer tmpMu.Unlock()
	delete(tmpLive, name)
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
		interrupted = true
		var run []func()
		for _, stop := range stops {
			run = append(run, stop)
		}
		tmpMu.Unlock()
		for _, stop := range run {
			stop()
		}
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
