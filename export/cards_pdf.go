package export

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// ErrCardsNoChromium says no headless Chromium was found for printing PDF.
var ErrCardsNoChromium = errors.New("export: PDF needs headless Chromium, and none was found " +
	"($MUSTER_CHROMIUM, chromium, chromium-browser, chrome, google-chrome); install it " +
	"(Debian/Ubuntu: sudo apt-get install -y chromium) or set MUSTER_CHROMIUM to its path, " +
	"or write .html and print it from a browser")

// CardsFindChromium returns the Chromium to print with: $MUSTER_CHROMIUM when
// set, else the first of chromium, chromium-browser, chrome and
// google-chrome on PATH.
func CardsFindChromium() (string, error) {
	if p := os.Getenv("MUSTER_CHROMIUM"); p != "" {
		path, err := exec.LookPath(p)
		if err != nil {
			return "", fmt.Errorf("export: MUSTER_CHROMIUM=%s: %w", p, err)
		}
		return path, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "chrome", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", ErrCardsNoChromium
}

// cardsChromiumFlags run Chromium headless, without a sandbox (CI runs as
// root in containers), a GPU, background fetches or first-run pages.
var cardsChromiumFlags = []string{"--headless", "--no-sandbox", "--disable-gpu",
	"--disable-background-networking", "--no-first-run", "--disable-extensions",
	"--no-pdf-header-footer", "--print-to-pdf-no-header"}

// CardsPrintPDF prints a self-contained HTML page to PDF with headless
// Chromium at path chromium, in a private temporary profile.
func CardsPrintPDF(ctx context.Context, chromium string, page []byte) ([]byte, error) {
	dir, err := os.MkdirTemp("", "muster-cards-")
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "cards.html")
	out := filepath.Join(dir, "cards.pdf")
	if err := os.WriteFile(in, page, 0o600); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	args := append([]string{}, cardsChromiumFlags...)
	args = append(args, "--user-data-dir="+filepath.Join(dir, "profile"), "--print-to-pdf="+out, "file://"+in)
	cmd := exec.CommandContext(ctx, chromium, args...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	runErr := cmd.Run()
	pdf, readErr := os.ReadFile(out)
	if runErr != nil || readErr != nil || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		msg := bytes.TrimSpace(stderr.Bytes())
		if len(msg) > 2000 {
			msg = msg[len(msg)-2000:]
		}
		cause := runErr
		if cause == nil {
			cause = readErr
		}
		if cause == nil {
			cause = errors.New("no PDF written")
		}
		return nil, fmt.Errorf("export: %s --print-to-pdf: %w\n%s", chromium, cause, msg)
	}
	return pdf, nil
}
