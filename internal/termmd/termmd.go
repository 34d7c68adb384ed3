// Package termmd renders Markdown for reading in a terminal: headings,
// bold, emphasis and code styled with ANSI escapes where the output is a
// terminal, and plain text without the markup (no #, **, backticks or
// fences) where it is a file or a pipe. Code blocks are indented, links
// read "text (address)". muster explain prints the check reference with it.
package termmd

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/musterhq/muster/internal/termsafe"
)

// Options say how to render.
type Options struct {
	// Style writes ANSI escapes: headings bold and underlined, strong text
	// bold, emphasis italic, code spans cyan. Without it the output is
	// plain text.
	Style bool
	// Width wraps paragraphs and list items at this many columns; 0 keeps
	// a paragraph on one line.
	Width int
	// Link shows a link's address: "" shows the link's text alone. Nil
	// shows the address as written.
	Link func(dest string) string
}

// ANSI select graphic rendition: each style on, and off again without
// resetting the others.
const (
	boldOn, boldOff           = "\x1b[1m", "\x1b[22m"
	italicOn, italicOff       = "\x1b[3m", "\x1b[23m"
	underlineOn, underlineOff = "\x1b[4m", "\x1b[24m"
	codeOn, codeOff           = "\x1b[36m", "\x1b[39m"
)

// codeIndent sets code blocks off from the text around them.
const codeIndent = "    "

// Render writes src rendered. Text from src has its control characters
// escaped (termsafe) before any escape of the style is added, so a
// document cannot send its own escapes to the terminal.
func Render(w io.Writer, src []byte, o Options) error {
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	r := renderer{src: src, o: o}
	lines := r.blocks(doc, o.Width, false)
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

type renderer struct {
	src []byte
	o   Options
}

func (r *renderer) style(on, s, off string) string {
	if !r.o.Style || s == "" {
		return s
	}
	return on + s + off
}

// blocks renders the block children of n, a blank line between them (none
// in a tight list item), in width columns (0: no wrapping).
func (r *renderer) blocks(n ast.Node, width int, tight bool) []string {
	var out []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		lines := r.block(c, width)
		if len(lines) == 0 {
			continue
		}
		if len(out) > 0 && !tight {
			out = append(out, "")
		}
		out = append(out, lines...)
	}
	return out
}

func (r *renderer) block(n ast.Node, width int) []string {
	switch n := n.(type) {
	case *ast.Heading:
		s := r.inline(n)
		if n.Level <= 2 {
			return []string{r.style(boldOn+underlineOn, s, underlineOff+boldOff)}
		}
		return []string{r.style(boldOn, s, boldOff)}
	case *ast.Paragraph, *ast.TextBlock:
		return wrap(r.inline(n), width)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		var out []string
		ls := n.Lines()
		for i := 0; i < ls.Len(); i++ {
			seg := ls.At(i)
			l := strings.TrimRight(string(seg.Value(r.src)), "\r\n")
			out = append(out, codeIndent+termsafe.String(l))
		}
		return out
	case *ast.List:
		var out []string
		num := n.Start
		for item := n.FirstChild(); item != nil; item = item.NextSibling() {
			marker := "- "
			if n.IsOrdered() {
				marker = fmt.Sprintf("%d. ", num)
				num++
			}
			pad := "  " + strings.Repeat(" ", len(marker))
			inner := r.blocks(item, narrower(width, len(pad)), n.IsTight)
			if len(out) > 0 && !n.IsTight {
				out = append(out, "")
			}
			for i, l := range inner {
				switch {
				case i == 0:
					out = append(out, "  "+marker+l)
				case l == "":
					out = append(out, "")
				default:
					out = append(out, pad+l)
				}
			}
		}
		return out
	case *ast.Blockquote:
		var out []string
		for _, l := range r.blocks(n, narrower(width, len(codeIndent)), false) {
			out = append(out, codeIndent+l)
		}
		return out
	case *ast.ThematicBreak:
		return []string{strings.Repeat("-", 20)}
	case *ast.HTMLBlock:
		return nil // a comment or markup for a web page, not text
	}
	return r.blocks(n, width, false)
}

// narrower is the width inside an indent of by columns: 0 stays 0 (no
// wrapping), and a deep indent still leaves 20 columns.
func narrower(width, by int) int {
	if width <= 0 {
		return 0
	}
	return max(width-by, 20)
}

// inline renders the inline children of n as one string (a hard line
// break as "\n").
func (r *renderer) inline(n ast.Node) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		r.inlineNode(&b, c)
	}
	return b.String()
}

func (r *renderer) inlineNode(b *strings.Builder, n ast.Node) {
	switch n := n.(type) {
	case *ast.Text:
		v := n.Value(r.src)
		if !n.IsRaw() {
			v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
		}
		b.WriteString(termsafe.String(string(v)))
		switch {
		case n.HardLineBreak():
			b.WriteByte('\n')
		case n.SoftLineBreak():
			b.WriteByte(' ')
		}
	case *ast.String:
		b.WriteString(termsafe.String(string(n.Value)))
	case *ast.CodeSpan:
		var code strings.Builder
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				code.Write(c.Value(r.src))
			case *ast.String:
				code.Write(c.Value)
			}
		}
		b.WriteString(r.style(codeOn, termsafe.String(code.String()), codeOff))
	case *ast.Emphasis:
		if n.Level >= 2 {
			b.WriteString(r.style(boldOn, r.inline(n), boldOff))
		} else {
			b.WriteString(r.style(italicOn, r.inline(n), italicOff))
		}
	case *ast.Link:
		b.WriteString(r.inline(n))
		r.address(b, string(n.Destination))
	case *ast.Image:
		b.WriteString(r.inline(n))
		r.address(b, string(n.Destination))
	case *ast.AutoLink:
		b.WriteString(termsafe.String(string(n.URL(r.src))))
	case *ast.RawHTML:
		// markup for a web page, not text
	default:
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			r.inlineNode(b, c)
		}
	}
}

// address writes " (dest)" after a link's text, as Options.Link shows it.
func (r *renderer) address(b *strings.Builder, dest string) {
	if r.o.Link != nil {
		dest = r.o.Link(dest)
	}
	if dest != "" {
		b.WriteString(" (" + termsafe.String(dest) + ")")
	}
}

// sgr matches the style escapes, which take no columns.
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func columns(s string) int { return utf8.RuneCountInString(sgr.ReplaceAllString(s, "")) }

// wrap breaks s at spaces into lines of at most width columns (a longer
// word stands alone); width 0 breaks only at the hard breaks.
func wrap(s string, width int) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		if width <= 0 {
			out = append(out, para)
			continue
		}
		line, n := "", 0
		for _, word := range strings.Fields(para) {
			wn := columns(word)
			if n > 0 && n+1+wn > width {
				out = append(out, line)
				line, n = "", 0
			}
			if n > 0 {
				line += " "
				n++
			}
			line += word
			n += wn
		}
		out = append(out, line)
	}
	return out
}
