package validate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/internal/textcut"
	"github.com/musterhq/muster/scenarios"
)

// Report is the result of validating a set of files.
type Report struct {
	Files   []FileResult
	Modules []*scenarios.Module
	Diags   diag.Diagnostics
}

// FileResult is one checked document.
type FileResult struct {
	Path   string
	Kind   string // empty when the file did not parse
	ID     string // the document's id (scenario id, module id)
	Title  string
	Errors int
}

// Paths validates files and folders (folders are searched for *.json,
// skipping hidden folders and, as the go tool does, folders named testdata,
// which hold deliberately broken fixtures). A file inside a module folder is checked with its
// module; a scenario outside any module folder is checked against the
// shipped module its "module" names. An unreadable path is an error.
func Paths(paths []string, opts Options) (*Report, error) {
	files, err := JSONFiles(paths)
	if err != nil {
		return nil, err
	}
	l := scenarios.NewLoader(scenarios.Disk{})
	l.Builtin = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
	return run(l, files, opts)
}

// JSONFiles lists the files a set of paths names: files as given, and the
// *.json files under folders, skipping hidden folders and folders named
// testdata (deliberately broken fixtures, as the go tool skips them). A
// folder with no such file is an error that names it.
func JSONFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		before := len(files)
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), ".json") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(files) == before {
			// A mistyped or empty folder must not pass as "checked 0 files".
			return nil, fmt.Errorf("no muster document in %s: the folder holds no *.json file (hidden and testdata folders are skipped)", p)
		}
	}
	return files, nil
}

// Builtin validates the shipped catalog embedded in the binary.
func Builtin(opts Options) *Report {
	c := scenarios.Builtin()
	r := &Report{Modules: c.Modules}
	r.Diags.Append(c.Diags...)
	for _, m := range c.Modules {
		for _, d := range []*scenarios.Document{m.GameDoc, m.MapDoc, m.CountersDoc} {
			if d != nil {
				r.Files = append(r.Files, result(d))
			}
		}
		for _, sf := range m.Scenarios {
			r.Files = append(r.Files, result(sf.Doc))
		}
		for _, tf := range m.Tables {
			r.Files = append(r.Files, result(tf.Doc))
		}
		r.Diags.Append(Scenarios(m.Scenarios, opts)...)
		r.Diags.Append(Module(m, opts)...)
	}
	r.finish()
	return r
}

func run(l *scenarios.Loader, files []string, opts Options) (*Report, error) {
	r := &Report{}
	seenModule := map[*scenarios.Module]bool{}
	seenDoc := map[string]bool{}
	// order keeps of each document what the report lists, taken before its
	// text and syntax tree are let go (release).
	var order []FileResult
	// Files named (or found in a named folder) that could not be read keep
	// their finding: it bears on what the user asked to check.
	unreadable := map[string]bool{}
	add := func(d *scenarios.Document) {
		if d != nil && !seenDoc[d.Path] {
			seenDoc[d.Path] = true
			order = append(order, result(d))
		}
	}
	// Once a file's checks have run, only its findings and its line in the
	// report are kept: the findings keep the line they quote, and the
	// document lets go of its text and syntax tree (a folder of 2,000
	// scenarios used to hold them all to the end). A module's own files
	// (game, map, counters, tables) stay for the module's other scenarios.
	var pending []*scenarios.Document
	// Game records are checked against their scenarios once every module
	// named has been met, so they wait (they are small).
	var records []*scenarios.Document
	detachedR, detachedL := 0, 0
	release := func() {
		for _, d := range r.Diags[detachedR:] {
			d.Detach()
		}
		detachedR = len(r.Diags)
		for _, d := range l.Diags[detachedL:] {
			d.Detach()
		}
		detachedL = len(l.Diags)
		for _, d := range pending {
			switch d.Kind {
			case "game", "map", "counters", "table":
				// A module's own file, wherever it was met first (a module
				// that did not load whole is met again by its next file).
			default:
				d.Release()
			}
		}
		pending = pending[:0]
	}
	for _, f := range files {
		d, err := l.File(f)
		if err != nil {
			// One unreadable file (a broken link, a pipe) is a finding for
			// that path; the others are still checked.
			r.Diags.Append(Unreadable(f, err))
			unreadable[f] = true
			continue
		}
		m, err := l.ModuleFor(f)
		if err != nil && !errors.Is(err, scenarios.ErrNotModule) {
			r.Diags.Append(Unreadable(f, err))
			unreadable[f] = true
			m = nil
		}
		if m != nil && !seenModule[m] {
			seenModule[m] = true
			r.Modules = append(r.Modules, m)
			add(m.GameDoc)
			add(m.MapDoc)
			add(m.CountersDoc)
			for _, sf := range m.Scenarios {
				add(sf.Doc)
				pending = append(pending, sf.Doc)
			}
			for _, tf := range m.Tables {
				add(tf.Doc)
			}
			r.Diags.Append(Scenarios(m.Scenarios, opts)...)
			r.Diags.Append(Module(m, opts)...)
		}
		if d.Kind == "scenario" && !seenDoc[d.Path] {
			sf, err := l.Scenario(f)
			if err != nil {
				return nil, err
			}
			r.Diags.Append(Scenario(sf, opts)...)
		}
		if d.Kind == "record" {
			if !seenDoc[d.Path] && d.Valid {
				records = append(records, d)
			}
			add(d)
			continue
		}
		add(d)
		pending = append(pending, d)
		release()
	}
	for _, d := range records {
		r.Diags.Append(Record(d, r.Modules)...)
		d.Release()
	}
	r.Diags.Append(l.Diags...)
	for _, d := range r.Diags {
		d.Detach()
	}
	named := unreadable
	for _, f := range files {
		if d, err := l.File(f); err == nil {
			named[d.Path] = true
		}
	}
	r.Diags = bearing(r.Diags, named, r.Modules)
	withErrors := map[string]bool{}
	for _, d := range r.Diags {
		if d.Severity == diag.Error && d.Subject != nil {
			withErrors[d.Subject.Filename] = true
		}
	}
	for _, fr := range order {
		if named[fr.Path] || withErrors[fr.Path] {
			r.Files = append(r.Files, fr)
		}
	}
	r.finish()
	return r, nil
}

// Unreadable is the finding for a file muster could not read: a warning
// when it is not a regular file (it is skipped), an error otherwise.
func Unreadable(path string, err error) *diag.Diagnostic {
	f := jsonsrc.NewFile(path, nil)
	if errors.Is(err, readin.ErrNotRegular) {
		return diag.At(f, 0, 0, diag.Warning, "file-skipped", "", err.Error(), "muster reads only regular files; remove or rename it if it is not a document")
	}
	return diag.At(f, 0, 0, diag.Error, "file-unreadable", "", err.Error(), "")
}

// bearing keeps the findings that bear on the named files: those in them
// or pointing into them, and the errors of their modules' own files (a
// broken map or counters file undermines every scenario's checks). Other
// scenarios' and tables' findings are theirs, not the named files'.
func bearing(all diag.Diagnostics, named map[string]bool, modules []*scenarios.Module) diag.Diagnostics {
	moduleDoc := map[string]bool{}
	for _, m := range modules {
		for _, d := range []*scenarios.Document{m.GameDoc, m.MapDoc, m.CountersDoc} {
			if d != nil {
				moduleDoc[d.Path] = true
			}
		}
	}
	var out diag.Diagnostics
	for _, d := range all {
		keep := d.Subject == nil || named[d.Subject.Filename] || d.Severity == diag.Error && moduleDoc[d.Subject.Filename]
		for _, rel := range d.Related {
			keep = keep || named[rel.Subject.Filename]
		}
		if keep {
			out = append(out, d)
		}
	}
	return out
}

func result(d *scenarios.Document) FileResult {
	fr := FileResult{Path: d.Path, Kind: string(d.Kind)}
	if d.Root != nil {
		if n := d.Root.Get("id"); n != nil {
			fr.ID = n.Text
		} else if n := d.Root.Get("module"); n != nil {
			fr.ID = n.Text
		}
		if n := d.Root.Get("title"); n != nil {
			fr.Title = n.Text
		}
	}
	return fr
}

func (r *Report) finish() {
	r.Diags = r.Diags.Sort()
	errs := map[string]int{}
	for _, d := range r.Diags {
		if d.Severity == diag.Error && d.Subject != nil {
			errs[d.Subject.Filename]++
		}
	}
	for i := range r.Files {
		r.Files[i].Errors = errs[r.Files[i].Path]
	}
	sort.SliceStable(r.Files, func(i, j int) bool { return r.Files[i].Path < r.Files[j].Path })
}

// Missing is Missing(m) less the lines of scenarios the report did not
// check: validating one scenario lists what its module lacks and what it
// lacks itself, not what another scenario lacks.
func (r *Report) Missing(m *scenarios.Module) []string {
	checked := map[string]bool{}
	for _, f := range r.Files {
		if f.Kind == "scenario" {
			checked[f.ID] = true
		}
	}
	var out []string
	for _, line := range Missing(m) {
		if rest, ok := strings.CutPrefix(line, "scenario "); ok {
			if id, _, _ := strings.Cut(rest, ":"); !checked[id] {
				continue
			}
		}
		out = append(out, line)
	}
	return out
}

// Missing summarises the data a module records as missing, so a designer
// knows what to digitize: one line per gap. The components the rulebook
// refers to but does not contain (game.json source.notIncluded), counters
// without printed values, the stacking rule, the map topics, setup tables
// printed elsewhere, victory levels without thresholds, and VP lines whose
// points are not printed.
func Missing(m *scenarios.Module) []string {
	var out []string
	if g := m.Game; g != nil {
		for _, c := range g.Source.NotIncluded {
			out = append(out, "not in the source: "+c)
		}
	}
	if c := m.Counters; c != nil {
		missing := 0
		for _, ct := range c.Counters {
			if ct.Printed.Status != "source" {
				missing++
			}
		}
		if missing > 0 {
			what := "printed values"
			if len(c.Values) > 0 {
				what = strings.Join(c.Values, ", ")
			}
			out = append(out, fmt.Sprintf("counter values (%s) for %d of %d counters", what, missing, len(c.Counters)))
		}
	}
	if g := m.Game; g != nil {
		for _, mk := range g.Markers {
			if mk.SuppliedMissing {
				out = append(out, fmt.Sprintf("markers: how many %s markers the counter sheet supplies", mk.Name))
			}
		}
		switch st := g.Stacking; {
		case st == nil:
			out = append(out, "stacking: game.json gives no stacking rule, so setups are not checked against one")
		case st.Missing:
			out = append(out, "stacking: "+st.Text)
		}
	}
	out = append(out, missingComponents(m)...)
	if mp := m.Map; mp != nil {
		for _, t := range mp.Missing {
			out = append(out, "map: "+t.Text)
		}
	}
	for _, sf := range m.Scenarios {
		s := sf.Scenario
		if s == nil {
			continue
		}
		for _, t := range s.Setup {
			if t.RowsMissing != "" {
				out = append(out, fmt.Sprintf("scenario %s: %s setup (%s)", s.ID, t.Side, t.RowsMissing))
			}
		}
		if s.Victory.Levels != nil && s.Victory.Levels.Thresholds == "missing" {
			out = append(out, fmt.Sprintf("scenario %s: victory-level thresholds", s.ID))
		}
		for _, a := range s.Victory.Awards {
			for _, n := range a.Notes {
				if n.Field != "points" || n.Kind != "missing" && n.Kind != "inferred" {
					continue
				}
				line := fmt.Sprintf("scenario %s: the points of VP line %q are not printed", s.ID, shorten(a.Text, 60))
				if a.Points != nil {
					line += fmt.Sprintf(" (%g %s)", *a.Points, n.Kind)
				}
				out = append(out, line)
				break
			}
		}
	}
	return out
}

// MadeUp lists the made-up test data of a module (scenarios.Module.MadeUp),
// which a shipped module never has: one line per kind of fact.
func MadeUp(m *scenarios.Module) []string { return m.MadeUp() }

func shorten(s string, n int) string {
	if c := textcut.Cut(s, n, ""); c != s {
		return strings.TrimSpace(c) + "..."
	}
	return s
}

// missingComponents lists the tables, turn-track values and decks a module
// marks missing: one line per table or deck, and per turn-track value the
// turns that lack it.
func missingComponents(m *scenarios.Module) []string {
	var out []string
	for _, tf := range m.Tables {
		t := tf.Table
		if t == nil {
			continue
		}
		if t.Missing() {
			line := fmt.Sprintf("table %s (%s): every cell", t.ID, t.Title)
			if len(t.Columns) > 0 {
				line += fmt.Sprintf("; the text names %d column%s", len(t.Columns), pluralS(len(t.Columns)))
			}
			if len(t.Facts) > 0 {
				line += fmt.Sprintf(" and %d facts a filled table is checked against", len(t.Facts))
			}
			out = append(out, line)
		}
		if t.Kind == "turn-track" {
			var season, year, bench []int
			for _, tt := range t.Turns {
				if tt.Status == scenarios.MadeUp {
					continue
				}
				if tt.Season == "" {
					season = append(season, tt.Turn)
				}
				if tt.Year == 0 {
					year = append(year, tt.Turn)
				}
				if tt.Benchmark == nil {
					bench = append(bench, tt.Turn)
				}
			}
			for _, w := range []struct {
				what  string
				turns []int
			}{{"season", season}, {"year", year}, {"Benchmark", bench}} {
				if len(w.turns) > 0 {
					out = append(out, fmt.Sprintf("table %s (%s): the %s of turns %s", t.ID, t.Title, w.what, turnList(w.turns)))
				}
			}
			if t.Status == "partial" || t.Status == "missing" {
				out = append(out, fmt.Sprintf("table %s (%s): the general events beyond the %d the text gives", t.ID, t.Title, len(t.GeneralEvents)))
			}
		}
	}
	if g := m.Game; g != nil {
		for _, d := range g.Decks {
			if d.Status == "missing" || d.Status == "partial" {
				out = append(out, fmt.Sprintf("deck %s (%s): %d of %d cards", d.ID, d.Name, d.Size-len(d.Cards), d.Size))
			}
		}
	}
	return out
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// turnList writes turns as runs: 1-3, 5, 10-20.
func turnList(ts []int) string {
	var parts []string
	for i := 0; i < len(ts); {
		j := i
		for j+1 < len(ts) && ts[j+1] == ts[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", ts[i], ts[j]))
		} else {
			parts = append(parts, fmt.Sprint(ts[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
