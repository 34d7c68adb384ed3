package scenarios

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/schema"
)

// MaxFileSize bounds the documents muster reads; the largest shipped file is
// far below it.
const MaxFileSize = readin.MaxSize

// Document is a parsed muster document with its source kept for positions.
type Document struct {
	Path string      // display path
	Kind schema.Kind // empty when the kind could not be determined
	File *jsonsrc.File
	Root *jsonsrc.Node // nil when the JSON did not parse
	// Valid is true when the document parsed and its typed form can be
	// trusted by semantic checks: it passed its schema, or its only schema
	// findings are keys the schema does not allow and without them it
	// passes (those findings are reported all the same, and Decode leaves
	// the keys out). So one misspelt key does not hide every other finding
	// of the file.
	Valid bool
	// shape is Root without the keys the schema rejected, when there were
	// any; Decode reads it.
	shape *jsonsrc.Node
	// scenario is the decoded form of a valid scenario, filled by prefetch
	// so decoding also runs in parallel.
	scenario *Scenario
}

// Release lets go of the document's text and syntax tree once nothing
// will read them again (validate DIR, after the document's checks and
// with its findings detached): Path and Kind stay; File, Root and the
// decoded scenario go, Valid turns false so that no check reads it again,
// and Decode fails. A ScenarioFile keeps its own decoded Scenario.
func (d *Document) Release() {
	d.File, d.Root, d.shape, d.scenario, d.Valid = nil, nil, nil, nil, false
}

// Parse parses src strictly, determines its kind from "$schema" and
// validates it against the embedded schema of that kind. It never panics on
// bad input; every problem comes back as a positioned diagnostic.
func Parse(name string, src []byte) (*Document, diag.Diagnostics) {
	doc, ds := parse(name, src)
	if jsonsrc.HasBOM(src) {
		// Parse skipped it; say so, as an editor may have added it unseen.
		bom := diag.At(doc.File, 0, 3, diag.Warning, "json-bom", "",
			"the file starts with a UTF-8 byte order mark, which JSON does not allow (RFC 8259 8.1); muster skips it",
			"save the file as UTF-8 without BOM (muster fmt -w drops it)")
		ds = append(diag.Diagnostics{bom}, ds...)
	}
	return doc, ds
}

func parse(name string, src []byte) (*Document, diag.Diagnostics) {
	f := jsonsrc.NewFile(name, src)
	doc := &Document{Path: name, File: f}
	root, serr := jsonsrc.Parse(src)
	if serr != nil {
		d := diag.At(f, serr.Offset, serr.Offset+1, diag.Error, serr.Code, "", serr.Msg, syntaxHint(serr.Code))
		if serr.Related >= 0 {
			what := "the first occurrence"
			if serr.Code != "json-duplicate-key" {
				what = "opened here"
			}
			d.Related = append(d.Related, diag.Related{Message: what, Subject: f.Range(serr.Related, serr.Related+1)})
		}
		return doc, diag.Diagnostics{d}
	}
	doc.Root = root
	if root.Kind != jsonsrc.Object {
		return doc, diag.Diagnostics{diag.At(f, root.Start, root.Start+1, diag.Error, "schema-type", "",
			"a muster document is a JSON object, not "+article(root.Kind.String()), "")}
	}
	ref := root.Get("$schema")
	if ref == nil || ref.Kind != jsonsrc.String {
		return doc, diag.Diagnostics{diag.At(f, root.Start, root.Start+1, diag.Error, "schema-missing", "",
			`missing "$schema": muster cannot tell which kind of document this is`,
			`add "$schema" naming one of `+kindList()+` (e.g. "../../schema/scenario.schema.json")`)}
	}
	kind, ok := schema.KindOf(ref.Text)
	if !ok {
		return doc, diag.Diagnostics{diag.At(f, ref.Start, ref.End, diag.Error, "schema-unknown-kind", "/$schema",
			fmt.Sprintf("%q does not name a muster schema", ref.Text),
			"use a path or URL ending in one of "+kindList())}
	}
	doc.Kind = kind
	ds := schema.Validate(kind, f, root)
	doc.Valid = !ds.HasErrors()
	if !doc.Valid {
		doc.shape = withoutRejectedKeys(kind, f, root, ds)
		doc.Valid = doc.shape != nil
	}
	return doc, ds
}

// withoutRejectedKeys returns a copy of root without the keys the schema
// findings reject (unknown keys, keys not allowed beside others), if those
// are the only errors and the rest passes the schema; else nil. Nodes are
// shared where nothing under them is dropped, so positions stay those of
// the source.
func withoutRejectedKeys(kind schema.Kind, f *jsonsrc.File, root *jsonsrc.Node, ds diag.Diagnostics) *jsonsrc.Node {
	drop := map[*jsonsrc.Node]map[string]bool{}
	for _, d := range ds {
		if d.Severity != diag.Error {
			continue
		}
		if d.Code != "schema-unknown-key" && d.Code != "schema-not-allowed" {
			return nil
		}
		i := strings.LastIndexByte(d.Pointer, '/')
		if i < 0 {
			return nil
		}
		parent, _ := root.Lookup(d.Pointer[:i])
		_, member := root.Lookup(d.Pointer)
		if parent == nil || member == nil {
			return nil
		}
		if drop[parent] == nil {
			drop[parent] = map[string]bool{}
		}
		drop[parent][member.Key] = true
	}
	pruned, _ := prune(root, drop)
	if schema.Validate(kind, f, pruned).HasErrors() {
		return nil
	}
	return pruned
}

// prune copies the nodes on the way to a dropped key; changed reports
// whether anything under n was dropped.
func prune(n *jsonsrc.Node, drop map[*jsonsrc.Node]map[string]bool) (out *jsonsrc.Node, changed bool) {
	switch n.Kind {
	case jsonsrc.Object:
		var members []jsonsrc.Member
		for i, m := range n.Members {
			v, ch := prune(m.Value, drop)
			if drop[n][m.Key] || ch {
				if members == nil {
					members = append(make([]jsonsrc.Member, 0, len(n.Members)), n.Members[:i]...)
				}
				changed = true
				if drop[n][m.Key] {
					continue
				}
				m.Value = v
			}
			if members != nil {
				members = append(members, m)
			}
		}
		if changed {
			c := *n
			c.Members = members
			return &c, true
		}
	case jsonsrc.Array:
		var items []*jsonsrc.Node
		for i, it := range n.Items {
			v, ch := prune(it, drop)
			if ch && items == nil {
				items = append(make([]*jsonsrc.Node, 0, len(n.Items)), n.Items[:i]...)
				changed = true
			}
			if items != nil {
				items = append(items, v)
			}
		}
		if changed {
			c := *n
			c.Items = items
			return &c, true
		}
	}
	return n, false
}

func syntaxHint(code string) string {
	switch code {
	case "json-duplicate-key":
		return "each key may appear once per object; remove or rename one copy"
	case "json-trailing-data":
		return "a file holds exactly one JSON value; remove what follows it"
	}
	return ""
}

func article(s string) string {
	if strings.IndexByte("aeiou", s[0]) >= 0 {
		return "an " + s
	}
	return "a " + s
}

func kindList() string {
	var names []string
	for _, k := range schema.Kinds() {
		names = append(names, string(k)+".schema.json")
	}
	return strings.Join(names, ", ")
}

// Decode fills v from the document's source. Call it only on valid
// documents: the schema has already checked every type.
func (d *Document) Decode(v any) error {
	if d.Root == nil {
		return fmt.Errorf("decode %s: the document did not parse", d.Path)
	}
	root := d.Root
	if d.shape != nil {
		root = d.shape
	}
	if err := root.Decode(v); err != nil {
		return fmt.Errorf("decode %s: %w", d.Path, err)
	}
	return nil
}

// Source reads files and folders for a Loader: the disk or the embedded
// catalog.
type Source interface {
	ReadFile(name string) ([]byte, error)
	ReadDir(name string) ([]fs.DirEntry, error)
	Stat(name string) (fs.FileInfo, error)
}

// Disk reads from the operating system's file system.
type Disk struct{}

func (Disk) ReadFile(name string) ([]byte, error)       { return readin.File(name, MaxFileSize) }
func (Disk) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (Disk) Stat(name string) (fs.FileInfo, error)      { return os.Stat(name) }

// FS reads from an fs.FS (the embedded catalog).
type FS struct{ FS fs.FS }

func (s FS) ReadFile(name string) ([]byte, error)       { return fs.ReadFile(s.FS, name) }
func (s FS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(s.FS, name) }
func (s FS) Stat(name string) (fs.FileInfo, error)      { return fs.Stat(s.FS, name) }

// Loader parses documents and assembles modules, reading each file once and
// reporting each file's diagnostics once.
type Loader struct {
	Src   Source
	Diags diag.Diagnostics
	// Builtin resolves a scenario's module id when the scenario does not lie
	// inside a module folder. Nil means no fallback.
	Builtin func(id string) *Module

	docs    map[string]*Document
	modules map[string]*Module
}

// NewLoader returns a loader over src.
func NewLoader(src Source) *Loader {
	return &Loader{Src: src, docs: map[string]*Document{}, modules: map[string]*Module{}}
}

func (l *Loader) join(elem ...string) string {
	if _, ok := l.Src.(FS); ok {
		return path.Join(elem...)
	}
	return filepath.Join(elem...)
}

func (l *Loader) dir(p string) string {
	if _, ok := l.Src.(FS); ok {
		return path.Dir(p)
	}
	return filepath.Dir(p)
}

// File parses one document (once) and records its diagnostics.
func (l *Loader) File(p string) (*Document, error) {
	if d, ok := l.docs[p]; ok {
		return d, nil
	}
	src, err := l.Src.ReadFile(p)
	if err != nil {
		return nil, err
	}
	d, ds := Parse(p, src)
	l.docs[p] = d
	l.Diags.Append(ds...)
	return d, nil
}

// prefetch parses files concurrently (at most GOMAXPROCS at a time) and
// records them as File would, in the order given, so results do not depend
// on scheduling. Read errors are left for File to report.
func (l *Loader) prefetch(paths []string) {
	type parsed struct {
		doc *Document
		ds  diag.Diagnostics
	}
	out := make([]parsed, len(paths))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, p := range paths {
		if _, ok := l.docs[p]; ok {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if src, err := l.Src.ReadFile(p); err == nil {
				doc, ds := Parse(p, src)
				if doc.Valid && doc.Kind == "scenario" {
					if s := (&Scenario{}); doc.Decode(s) == nil {
						doc.scenario = s
					}
				}
				out[i].doc, out[i].ds = doc, ds
			}
		}()
	}
	wg.Wait()
	for i, p := range paths {
		if out[i].doc != nil {
			if _, ok := l.docs[p]; !ok {
				l.docs[p] = out[i].doc
				l.Diags.Append(out[i].ds...)
			}
		}
	}
}

// Module is a loaded game module: its game file, map, counters and
// scenarios, each kept with its document for positions.
type Module struct {
	Dir         string
	Game        *Game
	Map         *Map
	Counters    *Counters
	GameDoc     *Document
	MapDoc      *Document
	CountersDoc *Document
	Scenarios   []*ScenarioFile
	// Tables are the rules tables of the folder game.json files.tables
	// names, in file-name order (none when it names no folder).
	Tables []*TableFile
	// Complete is true when every module file parsed and passed its schema.
	Complete bool
	index    *Index
}

// ScenarioFile is a scenario with its document.
type ScenarioFile struct {
	Doc      *Document
	Scenario *Scenario
	Module   *Module
}

// ErrNotModule is returned for a folder without game.json.
var ErrNotModule = errors.New("not a module folder (no game.json)")

// Module loads the module whose game.json lies in dir, once.
func (l *Loader) Module(dir string) (*Module, error) {
	if m, ok := l.modules[dir]; ok {
		return m, nil
	}
	gamePath := l.join(dir, "game.json")
	if _, err := l.Src.Stat(gamePath); err != nil {
		return nil, ErrNotModule
	}
	m := &Module{Dir: dir, Complete: true}
	l.modules[dir] = m
	gd, err := l.File(gamePath)
	if err != nil {
		return nil, err
	}
	m.GameDoc = gd
	if !gd.Valid || gd.Kind != schema.Kind("game") {
		m.Complete = false
		if gd.Valid {
			l.Diags.Append(kindMismatch(gd, "game"))
		}
		return m, nil
	}
	m.Game = &Game{}
	if err := gd.Decode(m.Game); err != nil {
		l.Diags.Append(DecodeDiag(gd, err))
		gd.Valid = false
		m.Game = nil
		m.Complete = false
		return m, nil
	}
	rel := func(r string) string {
		if _, ok := l.Src.(FS); ok {
			return path.Join(dir, r)
		}
		return l.join(dir, filepath.FromSlash(r))
	}
	scnDir := rel(m.Game.Files.Scenarios)
	entries, dirErr := l.Src.ReadDir(scnDir)
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	var scnPaths []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
			scnPaths = append(scnPaths, l.join(scnDir, e.Name()))
		}
	}
	var tblPaths []string
	var tblDirErr error
	tblDir := ""
	if m.Game.Files.Tables != "" {
		tblDir = rel(m.Game.Files.Tables)
		tents, err := l.Src.ReadDir(tblDir)
		tblDirErr = err
		sort.Slice(tents, func(i, j int) bool { return tents[i].Name() < tents[j].Name() })
		for _, e := range tents {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
				tblPaths = append(tblPaths, l.join(tblDir, e.Name()))
			}
		}
	}
	// Schema validation is the bulk of loading: do the files in parallel.
	l.prefetch(append(append([]string{rel(m.Game.Files.Map), rel(m.Game.Files.Counters)}, scnPaths...), tblPaths...))

	load := func(r string, kind schema.Kind, v any) *Document {
		p := rel(r)
		d, err := l.File(p)
		if err != nil {
			l.Diags.Append(fileDiag(gd, "/files", fmt.Sprintf("cannot read %s: %v", p, err)))
			m.Complete = false
			return nil
		}
		if !d.Valid {
			m.Complete = false
			return d
		}
		if d.Kind != kind {
			l.Diags.Append(kindMismatch(d, kind))
			m.Complete = false
			return d
		}
		if err := d.Decode(v); err != nil {
			l.Diags.Append(DecodeDiag(d, err))
			d.Valid = false
			m.Complete = false
		}
		return d
	}
	m.Map = &Map{}
	m.MapDoc = load(m.Game.Files.Map, "map", m.Map)
	m.Counters = &Counters{}
	m.CountersDoc = load(m.Game.Files.Counters, "counters", m.Counters)

	if tblDirErr != nil {
		l.Diags.Append(fileDiag(gd, "/files/tables", fmt.Sprintf("cannot read the tables folder %s: %v", tblDir, tblDirErr)))
		m.Complete = false
	}
	for _, p := range tblPaths {
		d, err := l.File(p)
		if err != nil {
			return nil, err
		}
		tf := &TableFile{Doc: d}
		switch {
		case !d.Valid:
			m.Complete = false
		case d.Kind != "table":
			l.Diags.Append(kindMismatch(d, "table"))
			m.Complete = false
		default:
			tf.Table = &Table{}
			if err := d.Decode(tf.Table); err != nil {
				l.Diags.Append(DecodeDiag(d, err))
				d.Valid = false
				tf.Table = nil
				m.Complete = false
			}
		}
		m.Tables = append(m.Tables, tf)
	}

	if dirErr != nil {
		l.Diags.Append(fileDiag(gd, "/files/scenarios", fmt.Sprintf("cannot read the scenarios folder %s: %v", scnDir, dirErr)))
		m.Complete = false
		return m, nil
	}
	for _, p := range scnPaths {
		sf, err := l.scenario(p, m)
		if err != nil {
			return nil, err
		}
		if sf != nil {
			m.Scenarios = append(m.Scenarios, sf)
		}
	}
	return m, nil
}

func (l *Loader) scenario(p string, m *Module) (*ScenarioFile, error) {
	d, err := l.File(p)
	if err != nil {
		return nil, err
	}
	if !d.Valid {
		return &ScenarioFile{Doc: d, Module: m}, nil
	}
	if d.Kind != "scenario" {
		l.Diags.Append(kindMismatch(d, "scenario"))
		return nil, nil
	}
	s := d.scenario
	if s == nil {
		s = &Scenario{}
		if err := d.Decode(s); err != nil {
			l.Diags.Append(DecodeDiag(d, err))
			d.Valid = false
			return &ScenarioFile{Doc: d, Module: m}, nil
		}
	}
	return &ScenarioFile{Doc: d, Scenario: s, Module: m}, nil
}

// ModuleFor finds the module a document belongs to: the nearest folder
// above it holding game.json, or for a scenario outside any module, the
// built-in module its "module" names.
func (l *Loader) ModuleFor(p string) (*Module, error) {
	dir := l.dir(p)
	for {
		m, err := l.Module(dir)
		if err == nil {
			return m, nil
		}
		if !errors.Is(err, ErrNotModule) {
			return nil, err
		}
		parent := l.dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return nil, ErrNotModule
}

// Scenario loads a scenario file and the module it belongs to.
func (l *Loader) Scenario(p string) (*ScenarioFile, error) {
	m, err := l.ModuleFor(p)
	if err != nil && !errors.Is(err, ErrNotModule) {
		return nil, err
	}
	if m != nil {
		for _, sf := range m.Scenarios {
			if sf.Doc.Path == p {
				return sf, nil
			}
		}
	}
	sf, err := l.scenario(p, m)
	if err != nil || sf == nil || sf.Scenario == nil {
		return sf, err
	}
	if m == nil && l.Builtin != nil {
		sf.Module = l.Builtin(sf.Scenario.Module)
	}
	return sf, nil
}

func kindMismatch(d *Document, want schema.Kind) *diag.Diagnostic {
	ref := d.Root.Get("$schema")
	return diag.At(d.File, ref.Start, ref.End, diag.Error, "schema-wrong-kind", "/$schema",
		fmt.Sprintf("this file is a %s document where a %s document is expected", d.Kind, want), "")
}

// DecodeDiag is the finding for a valid document whose value Go cannot
// hold (a whole number past 2^63-1, 1e308 where a whole number is wanted):
// placed at the value, so the file is reported with the others and the
// run goes on.
func DecodeDiag(d *Document, err error) *diag.Diagnostic {
	var de *jsonsrc.DecodeError
	if !errors.As(err, &de) {
		return fileDiag(d, "", err.Error())
	}
	start, end := 0, 1
	if d.Root != nil {
		if n, _ := d.Root.Lookup(de.Pointer); n != nil {
			start, end = n.Start, n.End
		}
	}
	code := "schema-type"
	if de.Range {
		code = "schema-range"
	}
	return diag.At(d.File, start, end, diag.Error, code, de.Pointer, de.Msg, "")
}

func fileDiag(d *Document, pointer, msg string) *diag.Diagnostic {
	start, end := 0, 1
	if d.Root != nil {
		if n, _ := d.Root.Lookup(pointer); n != nil {
			start, end = n.Start, n.End
		}
	}
	return diag.At(d.File, start, end, diag.Error, "io", pointer, msg, "")
}
