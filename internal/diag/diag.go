// Package diag holds diagnostics as data: a severity, a stable code, a
// summary, a fix hint, the exact source range and the JSON Pointer of the
// value concerned. Only writers turn them into text.
package diag

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// Severity of a diagnostic. The zero value is deliberately invalid.
type Severity int

const (
	Invalid Severity = iota
	Error
	Warning
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return "invalid"
}

// MarshalText makes severities readable in JSON output.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Diagnostic is one finding about a document.
type Diagnostic struct {
	Severity Severity
	Code     string // stable, e.g. schema-type, json-duplicate-key, unit-unknown
	Summary  string // what is wrong
	Hint     string // how to fix it (optional)
	Subject  *jsonsrc.Range
	Pointer  string // JSON Pointer of the value, when known
	Related  []Related
	// Cites are the source lines the summary names ("already set up (line
	// 54)"), each with the JSON Pointer of the value there, so that a
	// front end showing the document in another form (a workbook) can
	// name its own place instead. Writers ignore them.
	Cites []Cite
	// Source is the file the subject lies in, kept so writers can quote the
	// offending line; nil after Detach, which keeps the quote alone.
	Source *jsonsrc.File

	// quote and quoteCol are what a snippet shows (snippetLine) once the
	// diagnostic no longer holds its source (Detach).
	quote    string
	quoteCol int
	detached bool
}

// Detach keeps of the diagnostic's source only the part of the subject's
// line a snippet quotes (at most snippetWidth characters around the
// subject), and lets the file go: a run over many files need not hold
// every file's text until its findings are written. Writers show the same
// snippet as before. Detaching twice is harmless.
func (d *Diagnostic) Detach() {
	if d.Source == nil {
		return
	}
	if d.Subject != nil {
		d.quote, d.quoteCol = snippetLine(d)
		d.detached = true
	}
	d.Source = nil
}

// Detach detaches every diagnostic of ds (Diagnostic.Detach).
func (ds Diagnostics) Detach() {
	for _, d := range ds {
		d.Detach()
	}
}

// Cite is a line a summary names as "line N", and the value it means.
type Cite struct {
	Line    int
	Pointer string
}

// Related is a secondary position, such as the first copy of a duplicate.
type Related struct {
	Message string
	Subject jsonsrc.Range
}

func (d *Diagnostic) Error() string {
	if d.Subject != nil {
		return fmt.Sprintf("%s: %s[%s] %s", d.Subject, d.Severity, d.Code, d.Summary)
	}
	return fmt.Sprintf("%s[%s] %s", d.Severity, d.Code, d.Summary)
}

// Diagnostics is a list that is also an error.
type Diagnostics []*Diagnostic

// Append adds diagnostics, skipping nils.
func (ds *Diagnostics) Append(d ...*Diagnostic) {
	for _, x := range d {
		if x != nil {
			*ds = append(*ds, x)
		}
	}
}

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Count returns the number of diagnostics of a severity.
func (ds Diagnostics) Count(s Severity) int {
	n := 0
	for _, d := range ds {
		if d.Severity == s {
			n++
		}
	}
	return n
}

func (ds Diagnostics) Error() string {
	switch len(ds) {
	case 0:
		return "no diagnostics"
	case 1:
		return ds[0].Error()
	}
	return fmt.Sprintf("%s, and %d other diagnostic(s)", ds[0].Error(), len(ds)-1)
}

// Sort orders diagnostics by file, position, code and message, and drops
// exact repeats, so output is stable for golden tests and CI diffs.
func (ds Diagnostics) Sort() Diagnostics {
	key := func(d *Diagnostic) (string, int) {
		if d.Subject == nil {
			return "", -1
		}
		return d.Subject.Filename, d.Subject.Start.Byte
	}
	sort.SliceStable(ds, func(i, j int) bool {
		fi, bi := key(ds[i])
		fj, bj := key(ds[j])
		if fi != fj {
			return fi < fj
		}
		if bi != bj {
			return bi < bj
		}
		if ds[i].Code != ds[j].Code {
			return ds[i].Code < ds[j].Code
		}
		return ds[i].Summary < ds[j].Summary
	})
	out := ds[:0]
	for i, d := range ds {
		if i > 0 {
			p := out[len(out)-1]
			fp, bp := key(p)
			fd, bd := key(d)
			if fp == fd && bp == bd && p.Code == d.Code && p.Summary == d.Summary {
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

// At builds a diagnostic for a byte span of a file.
func At(f *jsonsrc.File, start, end int, sev Severity, code, pointer, summary, hint string) *Diagnostic {
	r := f.Range(start, end)
	return &Diagnostic{Severity: sev, Code: code, Summary: summary, Hint: hint, Subject: &r, Pointer: pointer, Source: f}
}
