package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/musterhq/muster/internal/termsafe"
)

// Writer renders diagnostics.
type Writer interface {
	Write(Diagnostics) error
}

// TextWriter prints compiler-style lines:
//
//	path:line:col: error[code] /json/pointer: message
//	   12 |     "hex": "S9907",
//	      |            ^^^^^^^
//	      = hint: ...
type TextWriter struct {
	W       io.Writer
	Snippet bool // quote the source line with a caret under the subject
}

func (t *TextWriter) Write(ds Diagnostics) error {
	for _, d := range ds {
		var b strings.Builder
		if d.Subject != nil {
			fmt.Fprintf(&b, "%s:%d:%d: ", termsafe.String(d.Subject.Filename), d.Subject.Start.Line, d.Subject.Start.Col)
		}
		fmt.Fprintf(&b, "%s[%s] ", d.Severity, d.Code)
		if d.Pointer != "" || d.Subject != nil {
			p := d.Pointer
			if p == "" {
				p = "/"
			}
			b.WriteString(termsafe.String(p) + ": ")
		}
		b.WriteString(termsafe.String(d.Summary))
		b.WriteByte('\n')
		if t.Snippet && d.Subject != nil && (d.Source != nil || d.detached) {
			writeSnippet(&b, d)
		}
		if d.Hint != "" {
			fmt.Fprintf(&b, "      = hint: %s\n", termsafe.String(d.Hint))
		}
		for _, r := range d.Related {
			fmt.Fprintf(&b, "      = %s: %s:%d:%d\n", termsafe.String(r.Message), termsafe.String(r.Subject.Filename), r.Subject.Start.Line, r.Subject.Start.Col)
		}
		if _, err := io.WriteString(t.W, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// snippetWidth is the most characters of a source line a snippet quotes.
const snippetWidth = 160

func writeSnippet(b *strings.Builder, d *Diagnostic) {
	line, startCol := snippetLine(d)
	// Tabs would shift the caret; show them as single spaces.
	line = strings.ReplaceAll(line, "\t", " ")
	// Control characters from the document never reach the terminal.
	line = termsafe.Visible(line)
	width := 1
	if d.Subject.End.Line == d.Subject.Start.Line && d.Subject.End.Col > d.Subject.Start.Col {
		width = d.Subject.End.Col - d.Subject.Start.Col
	}
	if rest := utf8.RuneCountInString(line) - (startCol - 1); width > rest {
		width = max(1, rest)
	}
	fmt.Fprintf(b, "%6d | %s\n", d.Subject.Start.Line, line)
	fmt.Fprintf(b, "       | %s%s\n", strings.Repeat(" ", max(0, startCol-1)), strings.Repeat("^", width))
}

// snippetLine is the part of the subject's line a snippet quotes (the
// whole line, or snippetWidth characters around the subject on a longer
// one) and the subject's column in it. It steps over at most snippetWidth
// characters from the subject, never the whole line: a minified document
// with thousands of findings on its one line stays linear.
func snippetLine(d *Diagnostic) (string, int) {
	if d.Source == nil {
		return d.quote, d.quoteCol // detached
	}
	src := d.Source.Bytes
	ls, le := d.Source.LineSpan(d.Subject.Start.Line - 1)
	if le > ls && src[le-1] == '\r' {
		le--
	}
	at := min(max(d.Subject.Start.Byte, ls), le)
	// forward steps n characters from i, stopping at the line end.
	forward := func(i, n int) (int, int) {
		k := 0
		for ; k < n && i < le; k++ {
			_, w := utf8.DecodeRune(src[i:le])
			i += w
		}
		return i, k
	}
	if end, k := forward(ls, snippetWidth+1); end == le && k <= snippetWidth {
		return string(src[ls:le]), d.Subject.Start.Col
	}
	from := at
	back := 0
	for ; back < snippetWidth/2 && from > ls; back++ {
		_, w := utf8.DecodeLastRune(src[ls:from])
		from -= w
	}
	to, _ := forward(from, snippetWidth)
	return string(src[from:to]), back + 1
}

// JSONWriter prints one JSON document with every diagnostic.
type JSONWriter struct{ W io.Writer }

type jsonPos struct {
	Line int `json:"line"`
	Col  int `json:"column"`
	Byte int `json:"byte"`
}

type jsonDiag struct {
	File     string        `json:"file,omitempty"`
	Start    *jsonPos      `json:"start,omitempty"`
	End      *jsonPos      `json:"end,omitempty"`
	Severity Severity      `json:"severity"`
	Code     string        `json:"code"`
	Pointer  string        `json:"pointer"`
	Message  string        `json:"message"`
	Hint     string        `json:"hint,omitempty"`
	Related  []jsonRelated `json:"related,omitempty"`
}

type jsonRelated struct {
	Message string  `json:"message"`
	File    string  `json:"file"`
	Start   jsonPos `json:"start"`
}

func (j *JSONWriter) Write(ds Diagnostics) error {
	enc := json.NewEncoder(j.W)
	enc.SetIndent("", "  ")
	return enc.Encode(ToJSON(ds))
}

// JSONDiagnostic is the JSON form of a diagnostic.
type JSONDiagnostic = jsonDiag

// ToJSON converts diagnostics to their JSON form.
func ToJSON(ds Diagnostics) []JSONDiagnostic {
	out := make([]jsonDiag, 0, len(ds))
	for _, d := range ds {
		jd := jsonDiag{Severity: d.Severity, Code: d.Code, Pointer: d.Pointer, Message: d.Summary, Hint: d.Hint}
		if d.Subject != nil {
			jd.File = d.Subject.Filename
			jd.Start = &jsonPos{d.Subject.Start.Line, d.Subject.Start.Col, d.Subject.Start.Byte}
			jd.End = &jsonPos{d.Subject.End.Line, d.Subject.End.Col, d.Subject.End.Byte}
		}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{r.Message, r.Subject.Filename, jsonPos{r.Subject.Start.Line, r.Subject.Start.Col, r.Subject.Start.Byte}})
		}
		out = append(out, jd)
	}
	return out
}
