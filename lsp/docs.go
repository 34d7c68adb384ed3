package lsp

import (
	"io/fs"
	"math"
	"net/url"
	"path/filepath"
	"time"

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
// characters count UTF-16 code units (the protocol's default encoding). It
// is jsonsrc's index of the CLI, so a position costs the same on a
// minified one-line document as on a formatted one.
type lineIndex struct{ f *jsonsrc.File }

func newLineIndex(text []byte) lineIndex { return lineIndex{jsonsrc.NewFile("", text)} }

// indexOf reuses the index a loaded document already has.
func indexOf(f *jsonsrc.File) lineIndex { return lineIndex{f} }

// position returns the LSP position of a byte offset (clamped to the text).
func (li lineIndex) position(off int) protocol.Position {
	line, ch := li.f.UTF16(off)
	return protocol.Position{Line: uint32(line), Character: uint32(ch)}
}

// offset returns the byte offset of an LSP position, clamping a position
// past the end of its line to the line's end (as the protocol asks).
func (li lineIndex) offset(p protocol.Position) int {
	return li.f.OffsetUTF16(int(min(p.Line, math.MaxInt32)), int(min(p.Character, math.MaxInt32)))
}

// lineSpan is where the 0-based line starts and ends (before its '\n').
func (li lineIndex) lineSpan(line int) (start, end int) { return li.f.LineSpan(line) }

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
