package termmd

import (
	"bytes"
	"strings"
	"testing"
)

func render(t *testing.T, src string, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Render(&b, []byte(src), o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

const doc = "## hex-unknown\n\n" +
	"**Location not on any sheet.** Scenario check, _error_ by default.\n\n" +
	"Example, from `validate/testdata/every-check.json`, see [placeholder](#placeholder) and\n" +
	"[the page](https://example.org/checks.md) or <https://example.org/x>; a \\*literal\\* star &amp; more.\n\n" +
	"```text\n" +
	"every-check.json:22:129: error[hex-unknown]\n" +
	"   |   ^^^^\n" +
	"```\n\n" +
	"- one `item`\n" +
	"- two\n\n" +
	"1. first\n" +
	"2. second\n\n" +
	"> quoted\n\n" +
	"<!-- a comment for the web page -->\n"

// Plain text: the markup is gone, code blocks are indented, links read
// "text (address)".
func TestPlain(t *testing.T) {
	got := render(t, doc, Options{})
	want := "hex-unknown\n" +
		"\n" +
		"Location not on any sheet. Scenario check, error by default.\n" +
		"\n" +
		"Example, from validate/testdata/every-check.json, see placeholder (#placeholder) and the page (https://example.org/checks.md) or https://example.org/x; a *literal* star & more.\n" +
		"\n" +
		"    every-check.json:22:129: error[hex-unknown]\n" +
		"       |   ^^^^\n" +
		"\n" +
		"  - one item\n" +
		"  - two\n" +
		"\n" +
		"  1. first\n" +
		"  2. second\n" +
		"\n" +
		"    quoted\n"
	if got != want {
		t.Errorf("plain:\n%s\nwant:\n%s", got, want)
	}
}

// On a terminal: headings bold and underlined, strong bold, emphasis
// italic, code cyan; paragraphs wrap at the width (escapes take no
// columns), code blocks never do; Link chooses what an address reads.
func TestStyled(t *testing.T) {
	o := Options{Style: true, Width: 40, Link: func(dest string) string {
		if strings.HasPrefix(dest, "#") {
			return "muster explain " + dest[1:]
		}
		return ""
	}}
	got := render(t, doc, o)
	want := "\x1b[1m\x1b[4mhex-unknown\x1b[24m\x1b[22m\n" +
		"\n" +
		"\x1b[1mLocation not on any sheet.\x1b[22m Scenario\n" +
		"check, \x1b[3merror\x1b[23m by default.\n" +
		"\n" +
		"Example, from\n" +
		"\x1b[36mvalidate/testdata/every-check.json\x1b[39m, see\n" +
		"placeholder (muster explain placeholder)\n" +
		"and the page or https://example.org/x; a\n" +
		"*literal* star & more.\n" +
		"\n" +
		"    every-check.json:22:129: error[hex-unknown]\n" +
		"       |   ^^^^\n" +
		"\n" +
		"  - one \x1b[36mitem\x1b[39m\n" +
		"  - two\n" +
		"\n" +
		"  1. first\n" +
		"  2. second\n" +
		"\n" +
		"    quoted\n"
	if got != want {
		t.Errorf("styled:\n%q\nwant:\n%q", got, want)
	}
	for _, l := range strings.Split(got, "\n") {
		if n := columns(l); n > 40 && !strings.HasPrefix(l, codeIndent) {
			t.Errorf("%d columns: %q", n, l)
		}
	}
}

// A list item wraps under its own text, not under its marker.
func TestWrapListItem(t *testing.T) {
	got := render(t, "- alpha beta gamma delta epsilon zeta eta theta\n", Options{Width: 24})
	want := "  - alpha beta gamma\n" +
		"    delta epsilon zeta\n" +
		"    eta theta\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A document's own control characters reach the output escaped, in text,
// code and addresses alike, styled or not: only the renderer's escapes are
// real.
func TestControlCharactersEscaped(t *testing.T) {
	src := "Text \x1b]0;title\x07 and `code \x1b[2J` and [link](http://x/\x1b[5m)\n\n```\nblock \x1b[31m\n```\n"
	for _, style := range []bool{false, true} {
		got := render(t, src, Options{Style: style})
		plain := strings.NewReplacer(codeOn, "", codeOff, "").Replace(got)
		if strings.ContainsRune(plain, 0x1b) || strings.ContainsRune(plain, 0x07) {
			t.Errorf("style %v: a control character got through: %q", style, got)
		}
		if !strings.Contains(got, `\u001b]0;title\u0007`) {
			t.Errorf("style %v: %q", style, got)
		}
	}
}

// Any text renders without a panic, and plain output carries no escape.
func FuzzRender(f *testing.F) {
	f.Add(doc, 0)
	f.Add("- a\n  - b\n\n> c\n> - d\n\n***\n\n# h\n\n![alt](x.png)\n", 30)
	f.Add("text\\\nhard break and `` ` `` code\n", 5)
	f.Fuzz(func(t *testing.T, src string, width int) {
		var b bytes.Buffer
		if err := Render(&b, []byte(src), Options{Width: width % 200}); err != nil {
			t.Fatal(err)
		}
		if strings.ContainsRune(b.String(), 0x1b) {
			t.Errorf("an escape in plain output: %q", b.String())
		}
		b.Reset()
		if err := Render(&b, []byte(src), Options{Style: true, Width: width % 200}); err != nil {
			t.Fatal(err)
		}
	})
}
