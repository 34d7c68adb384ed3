//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/musterhq/muster/internal/termsafe"
)

// A character device is taken for a terminal, also behind the
// termsafe.Writer that run puts around standard output and error (the sim
// progress bar and explain's styles looked only at the wrapper, and so
// never showed); a buffer or a regular file is not one.
func TestTerminalThroughTermsafe(t *testing.T) {
	tty, err := os.OpenFile("/dev/null", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer tty.Close()
	if terminal(termsafe.NewWriter(tty)) != tty || !isTerminal(tty) {
		t.Error("a character device behind termsafe is not seen as a terminal")
	}
	file, err := os.Create(t.TempDir() + "/out.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, w := range []io.Writer{&bytes.Buffer{}, termsafe.NewWriter(&bytes.Buffer{}), file, termsafe.NewWriter(file)} {
		if terminal(w) != nil {
			t.Errorf("%T taken for a terminal", w)
		}
	}
}
