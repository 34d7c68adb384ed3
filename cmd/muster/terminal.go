package main

import (
	"io"
	"os"

	"github.com/musterhq/muster/internal/termsafe"
)

// terminal returns the terminal that w writes to, looking through the
// termsafe.Writer that run puts around standard output and error, or nil
// when w is a file, a pipe or a test's buffer. What is written to it
// directly is not escaped: only a command's own escapes (styles, a
// progress bar's carriage return) go there, never a document's text
// unescaped.
func terminal(w io.Writer) io.Writer {
	if t, ok := w.(*termsafe.Writer); ok {
		w = t.W
	}
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	info, err := f.Stat()
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return f
}

// isTerminal reports whether w is a terminal (a progress bar would be
// noise in a file or a pipe; Markdown is styled only there).
func isTerminal(w io.Writer) bool { return terminal(w) != nil }
