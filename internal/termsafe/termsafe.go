// Package termsafe keeps control characters that come from documents (a
// title, a unit name, a quoted source line) from reaching a terminal, where
// an escape sequence could move the cursor, retitle the window or hide
// text. They are shown as visible escapes instead: \u001b for ESC.
//
// The escape spelling is also a JSON string escape of the same character,
// so JSON written through the Writer still decodes to the same data.
package termsafe

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// unsafe reports whether r must not reach a terminal: C0 controls other
// than tab, newline and carriage return, DEL, C1 controls, and the Unicode
// bidirectional overrides that reorder what is shown.
func unsafe(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\t' && r != '\n' && r != '\r'
	case r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

func escape(b *strings.Builder, r rune) {
	fmt.Fprintf(b, `\u%04x`, r)
}

// String escapes the unsafe characters of s, and carriage returns too
// (inside one message a \r would let the text overwrite its own line).
// Invalid UTF-8 bytes become \xNN.
func String(s string) string {
	clean := true
	for _, r := range s {
		if unsafe(r) || r == '\r' || r == utf8.RuneError {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafe(r) || r == '\r':
			escape(&b, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Visible replaces each unsafe character, carriage return and invalid
// byte of s with U+FFFD, one for one, so a quoted source line keeps its
// columns (the caret under it stays aligned).
func Visible(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unsafe(r) || r == '\r' || r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Writer escapes unsafe characters in everything written through it. A
// character split between two writes is held back until it is complete;
// call Flush at the end.
type Writer struct {
	W    io.Writer
	hold []byte
	err  error
}

// Err is the first error the underlying writer returned: a command whose
// output could not be written (a full disk, a closed pipe) must not exit 0.
func (t *Writer) Err() error { return t.err }

// NewWriter returns a Writer over w.
func NewWriter(w io.Writer) *Writer { return &Writer{W: w} }

func (t *Writer) Write(p []byte) (int, error) {
	data := p
	if len(t.hold) > 0 {
		data = append(t.hold, p...)
		t.hold = nil
	}
	var b strings.Builder
	i := 0
	for i < len(data) {
		c := data[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' || c == '\r' {
			start := i
			for i < len(data) && (data[i] >= 0x20 && data[i] < 0x7f || data[i] == '\n' || data[i] == '\t' || data[i] == '\r') {
				i++
			}
			b.Write(data[start:i])
			continue
		}
		if c >= utf8.RuneSelf && !utf8.FullRune(data[i:]) {
			t.hold = append([]byte(nil), data[i:]...)
			break
		}
		r, n := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, c)
		case unsafe(r):
			escape(&b, r)
		default:
			b.Write(data[i : i+n])
		}
		i += n
	}
	if t.err != nil {
		return 0, t.err
	}
	if _, err := io.WriteString(t.W, b.String()); err != nil {
		t.err = err
		return 0, err
	}
	return len(p), nil
}

// Flush writes a character held back incomplete (as escaped bytes).
func (t *Writer) Flush() error {
	if len(t.hold) == 0 {
		return t.err
	}
	var b strings.Builder
	for _, c := range t.hold {
		fmt.Fprintf(&b, `\x%02x`, c)
	}
	t.hold = nil
	if _, err := io.WriteString(t.W, b.String()); err != nil && t.err == nil {
		t.err = err
	}
	return t.err
}
