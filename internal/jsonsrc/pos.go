// Package jsonsrc parses JSON strictly while keeping the source position of
// every key and value, so that any message about a document (a schema error,
// a semantic check) can name file:line:col and underline the exact value.
//
// encoding/json only reports byte offsets and silently accepts duplicate
// keys; muster's data files must not contain either surprise.
package jsonsrc

import (
	"fmt"
	"sort"
	"unicode/utf8"
)

// Pos is a position in a source file. Line and Col start at 1 (Col counts
// characters, not bytes); Byte starts at 0 and wins if they disagree.
type Pos struct {
	Line, Col, Byte int
}

// Range is a span of a source file; End is exclusive.
type Range struct {
	Filename   string
	Start, End Pos
}

func (r Range) String() string {
	return fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Col)
}

// File is a source file with a line index for turning byte offsets into
// line and column numbers.
type File struct {
	Name  string
	Bytes []byte
	lines []int // byte offset of the start of each line
}

// NewFile indexes src under the given display name.
func NewFile(name string, src []byte) *File {
	f := &File{Name: name, Bytes: src, lines: []int{0}}
	for i, b := range src {
		if b == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	return f
}

// Pos converts a byte offset to a position. Offsets past the end clamp to
// the end of the file.
func (f *File) Pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > len(f.Bytes) {
		offset = len(f.Bytes)
	}
	line := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > offset }) - 1
	start := f.lines[line]
	col := utf8.RuneCount(f.Bytes[start:offset]) + 1
	return Pos{Line: line + 1, Col: col, Byte: offset}
}

// Range converts a byte span to a Range.
func (f *File) Range(start, end int) Range {
	return Range{Filename: f.Name, Start: f.Pos(start), End: f.Pos(end)}
}

// Line returns the text of a 1-based line without its line ending.
func (f *File) Line(n int) string {
	if n < 1 || n > len(f.lines) {
		return ""
	}
	start := f.lines[n-1]
	end := len(f.Bytes)
	if n < len(f.lines) {
		end = f.lines[n] - 1
	}
	if end > start && f.Bytes[end-1] == '\r' {
		end--
	}
	return string(f.Bytes[start:end])
}
