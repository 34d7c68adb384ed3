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
		cmd := exec.CommandContext(ctx, chromium, args...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stderr, &stderr
		runErr := cmd.Run()
		pdf, readErr := os.ReadFile(out)
		if runErr == nil && readErr == nil && !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			readErr = errors.New("no PDF written")
		}
		if runErr != nil {
			return nil, stderr.Bytes(), runErr
		}
		return pdf, stderr.Bytes(), readErr
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
