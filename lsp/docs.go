package lsp

import (
	"io/fs"
	"net/url"
	"path/filepath"
	"sort"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

// document is an open document: the editor's text, which wins over the
// file on disk for every check.
type document struct {
	uri     protocol.DocumentURI
	path    string
	version int32
	text    []byte
	lines   lineIndex
	// root is the syntax tree of text, nil when it does not parse;
	// parsed says whether parsing was attempted for this text.
	root   *jsonsrc.Node
	parsed bool
	// good is the last tree that parsed, kept while the user types text
	// that does not: the part before the cursor keeps its offsets.
	good *jsonsrc.Node
	// findings are the last published findings of this version, for hover.
	findings diag.Diagnostics
}

func newDocument(u protocol.DocumentURI, path string, version int32, text []byte) *document {
	return &document{uri: u, path: path, version: version, text: text, lines: newLineIndex(text)}
}

// tree returns the document's syntax tree, parsing once per text. Callers
// hold the server lock.
func (d *document) tree() *jsonsrc.Node {
	if !d.parsed {
		d.parsed = true
		if len(d.text) <= scenarios.MaxFileSize {
			d.root, _ = jsonsrc.Parse(d.text)
		}
		if d.root != nil {
			d.good = d.root
		}
	}
	return d.root
}

// goodTree returns the current tree, or the last one that parsed.
func (d *document) goodTree() *jsonsrc.Node {
	if r := d.tree(); r != nil {
		return r
	}
	return d.good
}

// pathOf turns a file URI into a clean path; other schemes are not
// documents muster can place in a module.
func pathOf(u protocol.DocumentURI) (string, bool) {
	p, err := url.Parse(string(u))
	if err != nil || p.Scheme != "file" || p.Path == "" {
		return "", false
	}
	return filepath.Clean(filepath.FromSlash(p.Path)), true
}

func uriOf(path string) protocol.DocumentURI { return protocol.DocumentURI(uri.File(path)) }

// lineIndex converts between byte offsets and LSP positions, whose
// characters count UTF-16 code units (the protocol's default encoding).
type lineIndex struct {
	text   []byte
	starts []int
}

func newLineIndex(text []byte) lineIndex {
	starts := []int{0}
	for i, b := range text {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lineIndex{text: text, starts: starts}
}

// position returns the LSP position of a byte offset (clamped to the text).
func (li lineIndex) position(off int) protocol.Position {
	off = max(0, min(off, len(li.text)))
	line := sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off }) - 1
	ch := 0
	for i := li.starts[line]; i < off; {
		r, n := utf8.DecodeRune(li.text[i:])
		ch += utf16.RuneLen(r) // an invalid byte decodes as U+FFFD, one unit
		i += n
	}
	return protocol.Position{Line: uint32(line), Character: uint32(ch)}
}

// offset returns the byte offset of an LSP position, clamping a position
// past the end of its line to the line's end (as the protocol asks).
func (li lineIndex) offset(p protocol.Position) int {
	if int(p.Line) >= len(li.starts) {
		return len(li.text)
	}
	i := li.starts[p.Line]
	end := len(li.text)
	if int(p.Line)+1 < len(li.starts) {
		end = li.starts[p.Line+1] - 1
	}
	for ch := 0; i < end && ch < int(p.Character); {
		r, n := utf8.DecodeRune(li.text[i:])
		ch += utf16.RuneLen(r)
		i += n
	}
	return i
}

func (li lineIndex) rangeOf(start, end int) protocol.Range {
	return protocol.Range{Start: li.position(start), End: li.position(end)}
}

// overlay is a scenarios.Source that reads open documents from the editor
// and everything else from disk, so unsaved module edits are what the
// checks see.
type overlay struct {
	open map[string][]byte
}

func (o overlay) ReadFile(name string) ([]byte, error) {
	if b, ok := o.open[filepath.Clean(name)]; ok {
		return b, nil
	}
	return scenarios.Disk{}.ReadFile(name)
}

func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) { return scenarios.Disk{}.ReadDir(name) }

func (o overlay) Stat(name string) (fs.FileInfo, error) {
	if b, ok := o.open[filepath.Clean(name)]; ok {
		return openInfo{name: filepath.Base(name), size: int64(len(b))}, nil
	}
	return scenarios.Disk{}.Stat(name)
}

// openInfo describes an open document that may not exist on disk.
type openInfo struct {
	name string
	size int64
}

func (i openInfo) Name() string       { return i.name }
func (i openInfo) Size() int64        { return i.size }
func (i openInfo) Mode() fs.FileMode  { return 0o644 }
func (i openInfo) ModTime() time.Time { return time.Time{} }
func (i openInfo) IsDir() bool        { return false }
func (i openInfo) Sys() any           { return nil }
