package lsp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/musterhq/muster/internal/readin"
	"path/filepath"
	"time"

	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
	"github.com/musterhq/muster/validate"
)

// moduleEntry is a module loaded through the overlay, with the findings
// `muster validate` gives for its own files (game, map, counters, tables).
type moduleEntry struct {
	m     *scenarios.Module
	diags diag.Diagnostics
	files map[string]bool // paths of the module's own files
}

// moduleCache holds loaded modules by the folder of the document that asked,
// so a keystroke in a scenario re-checks the scenario alone. Any change to
// a module's own files empties it.
type moduleCache struct {
	byDir map[string]*moduleEntry
}

func newModuleCache() *moduleCache { return &moduleCache{byDir: map[string]*moduleEntry{}} }

func (c *moduleCache) invalidate() { c.byDir = map[string]*moduleEntry{} }

// release forgets what the checks cached for a module a check just used,
// if the module was replaced while the check ran: dropModules could not
// forget what the check had not cached yet.
func (s *Server) release(path string, e *moduleEntry) {
	if e == nil || e.m == nil {
		return
	}
	s.mu.Lock()
	cur, ok := s.modules.byDir[filepath.Dir(path)]
	s.mu.Unlock()
	if !ok || cur != e {
		validate.Forget(e.m)
	}
}

// dropModules forgets loaded modules and what was derived from them.
// Callers hold the lock.
func (s *Server) dropModules() {
	for _, e := range s.modules.byDir {
		if e != nil && e.m != nil {
			validate.Forget(e.m)
		}
	}
	s.modules.invalidate()
	s.facts = map[*scenarios.Module]*mapFacts{}
}

// knows reports whether path is one of a loaded module's own files.
func (c *moduleCache) knows(path string) bool {
	for _, e := range c.byDir {
		if e != nil && e.files[path] {
			return true
		}
	}
	return false
}

// moduleFor returns the module a document belongs to (nil when it lies in
// no module folder), loading it through the overlay on first use. Callers
// hold the server lock.
func (s *Server) moduleFor(path string) *moduleEntry {
	dir := filepath.Dir(path)
	if e, ok := s.modules.byDir[dir]; ok {
		return e
	}
	open := map[string][]byte{}
	for p, d := range s.docs {
		open[p] = d.text
	}
	l := scenarios.NewLoader(overlay{open: open})
	m, err := l.ModuleFor(path)
	var e *moduleEntry
	if err == nil && m != nil {
		e = &moduleEntry{m: m, files: map[string]bool{}}
		e.diags.Append(l.Diags...)
		e.diags.Append(validate.Module(m, s.opts.Validate)...)
		for _, d := range []*scenarios.Document{m.GameDoc, m.MapDoc, m.CountersDoc} {
			if d != nil {
				e.files[d.Path] = true
			}
		}
		for _, tf := range m.Tables {
			e.files[tf.Doc.Path] = true
		}
	} else if err != nil && !errors.Is(err, scenarios.ErrNotModule) {
		e = &moduleEntry{files: map[string]bool{}}
	}
	s.modules.byDir[dir] = e
	return e
}

// analysis is what the server knows of a document at one version: its
// module (loaded or built in) and, for a scenario that passed its schema,
// the decoded scenario.
type analysis struct {
	module   *scenarios.Module
	scenario *scenarios.Scenario
	root     *jsonsrc.Node // the syntax tree, when the text parsed
	diags    diag.Diagnostics
}

// diagnose runs on a document's text exactly what `muster validate` runs on
// the file: strict parsing and the schema, then for a scenario the semantic
// checks against its module, and for a module file the module's loading and
// module-level findings about that file. Callers must not hold the lock.
func (s *Server) diagnose(path string, text []byte, e *moduleEntry) analysis {
	var a analysis
	if e != nil {
		a.module = e.m
	}
	if len(text) > scenarios.MaxFileSize {
		f := jsonsrc.NewFile(path, nil)
		a.diags = diag.Diagnostics{diag.At(f, 0, 0, diag.Error, "io", "",
			fmt.Sprintf("the document is %d bytes; muster reads documents up to %d bytes", len(text), scenarios.MaxFileSize), "")}
		return a
	}
	if e != nil && e.files[path] {
		// The module was loaded from this very text (the overlay), so its
		// findings about this file are current.
		for _, d := range e.diags {
			if d.Subject != nil && d.Subject.Filename == path {
				a.diags = append(a.diags, d)
			}
		}
		a.diags = a.diags.Sort()
		return a
	}
	if schemaKind(text) == "" && (e == nil || bytes.Contains(text, []byte(`"$schema"`))) {
		// Editors start the server for every JSON file: one whose "$schema"
		// names no muster schema, or that has none and lies in no module
		// folder, is someone else's JSON (package.json, a tsconfig) and is
		// left alone, where validate, given it by name, would report it.
		return a
	}
	doc, ds := scenarios.Parse(path, text)
	a.diags = ds
	a.root = doc.Root
	if doc.Valid && doc.Kind == schema.Kind("scenario") {
		sc := &scenarios.Scenario{}
		if err := doc.Decode(sc); err != nil {
			a.diags.Append(scenarios.DecodeDiag(doc, err))
		} else {
			a.scenario = sc
			if a.module == nil {
				// A scenario outside any module folder is checked against the
				// shipped module its "module" names, as validate does.
				a.module = scenarios.Builtin().Module(sc.Module)
			}
			a.diags.Append(validate.Scenario(&scenarios.ScenarioFile{Doc: doc, Scenario: sc, Module: a.module}, s.opts.Validate)...)
		}
	}
	a.diags = a.diags.Sort()
	return a
}

// lspDiagnostics converts findings about one document for the client.
func (s *Server) lspDiagnostics(path string, li lineIndex, ds diag.Diagnostics) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	u := uriOf(path)
	for _, d := range ds {
		if d.Subject != nil && d.Subject.Filename != path {
			continue
		}
		r := protocol.Range{}
		if d.Subject != nil {
			r = li.rangeOf(d.Subject.Start.Byte, d.Subject.End.Byte)
		}
		pd := protocol.Diagnostic{
			Range:    r,
			Severity: severity(d.Severity),
			Code:     d.Code,
			Source:   "muster",
			Message:  d.Summary,
		}
		if href := s.docsLink(d.Code); href != "" {
			pd.CodeDescription = &protocol.CodeDescription{Href: protocol.URI(href)}
		}
		if d.Hint != "" {
			pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
				Location: protocol.Location{URI: u, Range: r}, Message: "hint: " + d.Hint})
		}
		for _, rel := range d.Related {
			loc := protocol.Location{URI: uriOf(rel.Subject.Filename), Range: li.rangeOf(rel.Subject.Start.Byte, rel.Subject.End.Byte)}
			if rel.Subject.Filename != path {
				loc.Range = protocol.Range{
					Start: protocol.Position{Line: uint32(max(0, rel.Subject.Start.Line-1)), Character: uint32(max(0, rel.Subject.Start.Col-1))},
					End:   protocol.Position{Line: uint32(max(0, rel.Subject.End.Line-1)), Character: uint32(max(0, rel.Subject.End.Col-1))},
				}
			}
			pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{Location: loc, Message: rel.Message})
		}
		out = append(out, pd)
	}
	return out
}

func severity(s diag.Severity) protocol.DiagnosticSeverity {
	switch s {
	case diag.Error:
		return protocol.DiagnosticSeverityError
	case diag.Warning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// snapshot copies what a check needs out of the locked state.
type snapshot struct {
	path    string
	version int32
	text    []byte
	lines   lineIndex
	entry   *moduleEntry
}

func (s *Server) snapshot(path string) (snapshot, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil {
		return snapshot{}, false
	}
	return snapshot{path: path, version: d.version, text: d.text, lines: d.lines, entry: s.moduleFor(path)}, true
}

// publish checks one open document and sends its diagnostics, unless the
// document changed meanwhile (a newer check is then on its way).
func (s *Server) publish(ctx context.Context, path string) {
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	defer s.recoverTo(ctx, "checking "+path)
	snap, ok := s.snapshot(path)
	if !ok {
		return
	}
	// After every check below, including of the unopened scenarios.
	defer s.release(path, snap.entry)
	a := s.diagnose(path, snap.text, snap.entry)
	s.mu.Lock()
	cur := s.docs[path]
	stale := cur == nil || cur.version != snap.version
	if !stale && !cur.parsed && a.root != nil {
		cur.root, cur.good, cur.parsed = a.root, a.root, true
	}
	if !stale {
		cur.findings = a.diags
	}
	s.mu.Unlock()
	if stale {
		return
	}
	s.notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
		URI: uriOf(path), Version: uint32(max(0, snap.version)), Diagnostics: s.lspDiagnostics(path, snap.lines, a.diags)})
	if e := snap.entry; e != nil && e.m != nil && e.files[path] {
		s.publishUnopened(ctx, e)
	}
}

// publishUnopened re-checks the module's scenarios that are not open
// against the module as the editor has it (the overlay), after an edit of
// one of its files: the problem list then shows what the edit breaks in
// every scenario, not only the open ones. Callers hold pubMu.
func (s *Server) publishUnopened(ctx context.Context, e *moduleEntry) {
	for _, sf := range e.m.Scenarios {
		p := sf.Doc.Path
		s.mu.Lock()
		_, open := s.docs[p]
		s.mu.Unlock()
		if open || sf.Doc.File == nil {
			continue
		}
		var ds diag.Diagnostics
		for _, d := range e.diags {
			if d.Subject != nil && d.Subject.Filename == p {
				ds = append(ds, d)
			}
		}
		ds.Append(validate.Scenario(sf, s.opts.Validate)...)
		s.notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
			URI: uriOf(p), Diagnostics: s.lspDiagnostics(p, newLineIndex(sf.Doc.File.Bytes), ds.Sort())})
	}
}

// schedule checks a document after the debounce; a newer change restarts
// the wait. Callers hold the lock.
func (s *Server) schedule(ctx context.Context, path string) {
	if t := s.timers[path]; t != nil {
		t.Stop()
	}
	s.timers[path] = time.AfterFunc(s.opts.Debounce, func() { s.publish(ctx, path) })
}

// isModuleFile reports whether an open document is one of a module's own
// files, whose change affects every scenario of the module. Callers hold
// the lock.
func (s *Server) isModuleFile(d *document) bool {
	if filepath.Base(d.path) == "game.json" || s.modules.knows(d.path) {
		return true
	}
	switch schemaKind(d.text) {
	case "game", "map", "counters", "table":
		return true
	}
	return false
}

// schemaKind reads the kind a document's "$schema" names without parsing
// the whole text (it runs on every keystroke); "" when there is none.
func schemaKind(text []byte) schema.Kind {
	i := bytes.Index(text, []byte(`"$schema"`))
	if i < 0 {
		return ""
	}
	rest := text[i+len(`"$schema"`):]
	open := bytes.IndexByte(rest, '"')
	if open < 0 {
		return ""
	}
	end := bytes.IndexByte(rest[open+1:], '"')
	if end < 0 {
		return ""
	}
	k, _ := schema.KindOf(string(rest[open+1 : open+1+end]))
	return k
}

// moduleChanged drops loaded modules and re-checks every open document
// (after the debounce), so scenarios see the edited map or counters.
// Callers hold the lock.
func (s *Server) moduleChanged(ctx context.Context) {
	s.dropModules()
	for p := range s.docs {
		s.schedule(ctx, p)
	}
}

func (s *Server) didOpen(ctx context.Context, p protocol.DidOpenTextDocumentParams) {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return
	}
	s.mu.Lock()
	d := newDocument(p.TextDocument.URI, path, p.TextDocument.Version, []byte(p.TextDocument.Text))
	s.docs[path] = d
	module := s.isModuleFile(d)
	if module {
		s.dropModules()
	}
	s.mu.Unlock()
	s.publish(ctx, path)
	if module {
		s.mu.Lock()
		for other := range s.docs {
			if other != path {
				s.schedule(ctx, other)
			}
		}
		s.mu.Unlock()
	}
}

func (s *Server) didChange(p didChangeParams) {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil {
		return
	}
	text := d.text
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			text = []byte(c.Text)
			continue
		}
		li := newLineIndex(text)
		start, end := li.offset(c.Range.Start), li.offset(c.Range.End)
		if end < start {
			start, end = end, start
		}
		next := make([]byte, 0, len(text)-(end-start)+len(c.Text))
		next = append(append(append(next, text[:start]...), c.Text...), text[end:]...)
		text = next
	}
	nd := newDocument(d.uri, path, p.TextDocument.Version, text)
	nd.good = d.good
	if d.parsed && d.root != nil {
		nd.good = d.root
	}
	s.docs[path] = nd
	if s.isModuleFile(d) || s.isModuleFile(nd) {
		s.moduleChanged(s.ctx())
		return
	}
	s.schedule(s.ctx(), path)
}

func (s *Server) didClose(ctx context.Context, p protocol.DidCloseTextDocumentParams) {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return
	}
	s.mu.Lock()
	d := s.docs[path]
	if t := s.timers[path]; t != nil {
		t.Stop()
		delete(s.timers, path)
	}
	delete(s.docs, path)
	if d != nil && s.isModuleFile(d) {
		// The file on disk is what counts again.
		s.moduleChanged(ctx)
	}
	s.mu.Unlock()
	// The file on disk is what counts again: check it as validate does (a
	// file that is gone, or not muster's, gets its findings cleared).
	// The one bounded reader: a URI naming /dev/zero or a named pipe is
	// refused at once (the read loop must never block here).
	if b, err := readin.File(path, scenarios.MaxFileSize); err == nil && schemaKind(b) != "" {
		go s.checkDisk(ctx, []string{path})
		return
	}
	s.notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
}

// didChangeWatchedFiles: a file changed on disk (a git checkout, another
// tool); modules are reloaded and open documents re-checked.
func (s *Server) didChangeWatchedFiles(ctx context.Context, _ protocol.DidChangeWatchedFilesParams) {
	s.mu.Lock()
	s.moduleChanged(ctx)
	s.mu.Unlock()
	s.checkWorkspace(ctx)
}

// recoverTo turns a panic in work the server does on its own (a debounced
// check, the workspace check) into a message to the client: such work runs
// outside the request handler, and a fault in one check must not end the
// session.
func (s *Server) recoverTo(ctx context.Context, what string) {
	if r := recover(); r != nil {
		s.notify(ctx, protocol.MethodWindowLogMessage, &protocol.LogMessageParams{
			Type: protocol.MessageTypeError, Message: fmt.Sprintf("muster lsp: %s failed: %v", what, r)})
	}
}
