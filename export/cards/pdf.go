package cards

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"github.com/musterhq/muster/internal/browser"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/internal/readin"
)

// ErrNoChromium says no headless Chromium was found for printing PDF
// (errors.Is holds for the error FindChromium returns).
var ErrNoChromium = browser.ErrNotFound

// FindChromium returns the Chromium to print with: $MUSTER_CHROMIUM when
// set, else Chrome, Chromium or Edge where the platform installs them (see
// package browser). The error when none is found lists the places looked
// and what to install.
func FindChromium() (string, error) {
	b, err := browser.Find(browser.Local())
	if err != nil {
		if errors.Is(err, browser.ErrNotFound) {
			return "", fmt.Errorf("export: PDF: %w, or write .html and print it from a browser", err)
		}
		return "", fmt.Errorf("export: %w", err)
	}
	return b.Path, nil
}

// cardsChromiumFlags run Chromium headless, without a GPU, background
// fetches or first-run pages. The sandbox stays on unless the machine needs
// it off (root on Linux: browser.MachineFlags, or Chromium says it has no
// usable sandbox: cardsPrintPDF).
var cardsChromiumFlags = []string{"--headless", "--disable-gpu",
	"--disable-background-networking", "--no-first-run", "--disable-extensions",
	"--no-pdf-header-footer", "--print-to-pdf-no-header"}

// PrintPDF prints a self-contained HTML page to PDF with headless
// Chromium at path chromium, in a private temporary profile.
func PrintPDF(ctx context.Context, chromium string, page []byte) ([]byte, error) {
	return cardsPrintPDF(ctx, chromium, page, browser.MachineFlags(browser.Local()))
}

// MaxPDFSize bounds the PDF read back from the browser: setup cards are
// text, a few hundred KB for the largest catalog.
const MaxPDFSize = 64 << 20

// tailBuffer keeps the last max bytes written to it: the browser's own
// words for an error, however much it writes.
type tailBuffer struct {
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 2*t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) Bytes() []byte {
	if len(t.b) > t.max {
		return t.b[len(t.b)-t.max:]
	}
	return t.b
}

// cardsNoSandbox is what Chromium says when this machine cannot give it a
// sandbox (a container, or Ubuntu's AppArmor limits on user namespaces).
var cardsNoSandbox = []byte("No usable sandbox")

// cardsPrintPDF runs Chromium with the machine's flags; when Chromium
// refuses to start for want of a sandbox, it runs once more without one.
func cardsPrintPDF(ctx context.Context, chromium string, page []byte, machine []string) ([]byte, error) {
	// The page and Chromium's profile live in a scratch folder that an
	// interrupt removes too.
	dir, err := fileout.ScratchDir("", "muster-cards-")
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	defer fileout.Done(dir)
	in := filepath.Join(dir, "cards.html")
	out := filepath.Join(dir, "cards.pdf")
	if err := os.WriteFile(in, page, 0o600); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	run := func(machine []string) ([]byte, []byte, error) {
		args := append([]string{}, cardsChromiumFlags...)
		args = append(args, machine...)
		args = append(args, "--user-data-dir="+filepath.Join(dir, "profile"), "--print-to-pdf="+out, browser.FileURL(in))
		cmd := browser.Command(ctx, chromium, args...)
		stderr := &tailBuffer{max: 64 << 10}
		cmd.Stdout, cmd.Stderr = stderr, stderr
		if err := cmd.Start(); err != nil {
			return nil, nil, err
		}
		// An interrupt ends the browser, and waits for it, before the
		// scratch folder is removed: a browser left running writes its
		// profile back.
		done := make(chan struct{})
		cancelStop := fileout.OnInterrupt(func() {
			browser.Stop(cmd)
			select {
			case <-done:
			case <-time.After(browser.WaitDelay + time.Second):
			}
		})
		runErr := cmd.Wait()
		close(done)
		cancelStop()
		browser.Stop(cmd) // the helpers it left, holding its output or not
		if errors.Is(runErr, exec.ErrWaitDelay) {
			runErr = nil // it exited; a helper held its output open
		}
		if runErr != nil {
			return nil, stderr.Bytes(), runErr
		}
		pdf, err := readin.File(out, MaxPDFSize)
		if err == nil && !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			err = errors.New("no PDF written")
		}
		return pdf, stderr.Bytes(), err
	}
	pdf, msg, err := run(machine)
	if err != nil && bytes.Contains(msg, cardsNoSandbox) && !slices.Contains(machine, "--no-sandbox") {
		pdf, msg, err = run(append(machine, "--no-sandbox"))
	}
	if err != nil {
		msg = bytes.TrimSpace(msg)
		if len(msg) > 2000 {
			msg = msg[len(msg)-2000:]
		}
		return nil, fmt.Errorf("export: %s --print-to-pdf: %w\n%s", chromium, err, msg)
	}
	return pdf, nil
}
