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
	"sync"
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

	// Columns count characters, so a column needs the characters before
	// an offset on its line. Counting from the line start would make a
	// minified (one-line) document quadratic in its findings; instead
	// the character count from the file start is kept every runeStep
	// bytes, and only the bytes since the nearest mark are counted.
	// The same marks count UTF-16 code units too, for the language
	// server, whose positions count those (one index for every path).
	runesOnce sync.Once
	ascii     bool
	marks     []runeMark
}

type runeMark struct{ byte, runes, units int }

const runeStep = 1024

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

func (f *File) indexRunes() {
	f.ascii = true
	for _, b := range f.Bytes {
		if b >= utf8.RuneSelf {
			f.ascii = false
			break
		}
	}
	if f.ascii {
		return
	}
	// Marks sit on character boundaries as utf8.RuneCount finds them, so
	// counting from a mark agrees with counting from the line start.
	f.marks = []runeMark{{0, 0, 0}}
	runes, units, next := 0, 0, runeStep
	for i := 0; i < len(f.Bytes); runes++ {
		if i >= next {
			f.marks = append(f.marks, runeMark{i, runes, units})
			next = i + runeStep
		}
		if f.Bytes[i] < utf8.RuneSelf {
			i++
			units++
			continue
		}
		r, n := utf8.DecodeRune(f.Bytes[i:])
		i += n
		units += utf16Len(r)
	}
}

// utf16Len is the number of UTF-16 code units of r; an invalid byte
// (decoded as U+FFFD) is one.
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// countUnits counts the UTF-16 code units of b (an invalid or truncated
// byte counts one, as utf8.RuneCount counts it one character).
func countUnits(b []byte) int {
	units := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			units++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		i += n
		units += utf16Len(r)
	}
	return units
}

// markBefore is the last mark at or before offset.
func (f *File) markBefore(offset int) runeMark {
	k := sort.Search(len(f.marks), func(i int) bool { return f.marks[i].byte > offset }) - 1
	return f.marks[k]
}

// unitsBefore counts the UTF-16 code units before offset.
func (f *File) unitsBefore(offset int) int {
	if f.ascii {
		return offset
	}
	m := f.markBefore(offset)
	return m.units + countUnits(f.Bytes[m.byte:offset])
}

// LineSpan is the byte offsets where the 0-based line starts and ends
// (before its '\n'); a line past the last is the empty end of the file.
func (f *File) LineSpan(line int) (start, end int) {
	if line < 0 {
		line = 0
	}
	if line >= len(f.lines) {
		return len(f.Bytes), len(f.Bytes)
	}
	start, end = f.lines[line], len(f.Bytes)
	if line+1 < len(f.lines) {
		end = f.lines[line+1] - 1
	}
	return start, end
}

// UTF16 converts a byte offset (clamped to the file) to a 0-based line and
// the UTF-16 code units before it on that line: a language server
// position. Like Pos it costs a binary search and at most runeStep bytes
// of counting, whatever the length of the line.
func (f *File) UTF16(offset int) (line, units int) {
	offset = max(0, min(offset, len(f.Bytes)))
	line = sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > offset }) - 1
	start := f.lines[line]
	f.runesOnce.Do(f.indexRunes)
	switch {
	case f.ascii:
		return line, offset - start
	case offset-start <= runeStep:
		return line, countUnits(f.Bytes[start:offset])
	}
	return line, f.unitsBefore(offset) - f.unitsBefore(start)
}

// OffsetUTF16 is the inverse of UTF16: the byte offset of a 0-based line
// and a count of UTF-16 code units, clamped to the end of the line (a count
// inside a surrogate pair gives the end of its character).
func (f *File) OffsetUTF16(line, units int) int {
	if line < 0 || line >= len(f.lines) {
		return len(f.Bytes)
	}
	start, end := f.LineSpan(line)
	units = max(units, 0)
	f.runesOnce.Do(f.indexRunes)
	if f.ascii {
		return min(start+units, end)
	}
	// Start counting from the last mark before the target, not from the
	// line start.
	i, have := start, 0
	if units > runeStep {
		want := f.unitsBefore(start) + units
		k := sort.Search(len(f.marks), func(i int) bool { return f.marks[i].units > want }) - 1
		if m := f.marks[k]; m.byte > start {
			i, have = m.byte, m.units-f.unitsBefore(start)
		}
	}
	for i < end && have < units {
		if f.Bytes[i] < utf8.RuneSelf {
			i++
			have++
			continue
		}
		r, n := utf8.DecodeRune(f.Bytes[i:])
		i += n
		have += utf16Len(r)
	}
	return min(i, end)
}

// runesBefore counts the characters before offset, which must be a
// character boundary.
func (f *File) runesBefore(offset int) int {
	if f.ascii {
		return offset
	}
	k := sort.Search(len(f.marks), func(i int) bool { return f.marks[i].byte > offset }) - 1
	m := f.marks[k]
	return m.runes + utf8.RuneCount(f.Bytes[m.byte:offset])
}

// Pos converts a byte offset to a position. Offsets past the end clamp to
// the end of the file. It costs a binary search and at most runeStep bytes
// of counting, whatever the length of the line.
func (f *File) Pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > len(f.Bytes) {
		offset = len(f.Bytes)
	}
	line := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > offset }) - 1
	start := f.lines[line]
	f.runesOnce.Do(f.indexRunes)
	var col int
	switch {
	case f.ascii:
		col = offset - start + 1
	case offset-start <= runeStep:
		col = utf8.RuneCount(f.Bytes[start:offset]) + 1
	default:
		col = f.runesBefore(offset) - f.runesBefore(start) + 1
	}
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
