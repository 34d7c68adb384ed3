package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

func TestRegistry(t *testing.T) {
	if err := CheckRegistry(); err != nil {
		t.Fatal(err)
	}
	if len(Checks()) < 10 {
		t.Fatalf("only %d checks registered", len(Checks()))
	}
}

func loadFixture(t testing.TB, path string) diag.Diagnostics {
	l := scenarios.NewLoader(scenarios.Disk{})
	l.Builtin = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
	sf, err := l.Scenario(path)
	if err != nil {
		t.Fatal(err)
	}
	ds := append(diag.Diagnostics{}, l.Diags...)
	ds = append(ds, Scenario(sf, Options{})...)
	if sf.Module != nil && strings.Contains(filepath.ToSlash(sf.Module.Dir), "testdata/") {
		// A fixture module's own files: the module-level checks too.
		ds = append(ds, Module(sf.Module, Options{})...)
	}
	return ds.Sort()
}

// loadTableFixture loads the shipped TPC module with a tables folder that
// holds only the fixture, and runs the module-level checks over it.
func loadTableFixture(t testing.TB, path string) diag.Diagnostics {
	fsys := fstest.MapFS{}
	for _, name := range []string{"game.json", "map.json", "counters.json"} {
		src, err := os.ReadFile(filepath.Join("..", "scenarios", "tpc", name))
		if err != nil {
			t.Fatal(err)
		}
		fsys["tpc/"+name] = &fstest.MapFile{Data: src}
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fsys["tpc/scenarios/.keep"] = &fstest.MapFile{}
	fsys["tpc/tables/"+filepath.Base(path)] = &fstest.MapFile{Data: src}
	l := scenarios.NewLoader(scenarios.FS{FS: fsys})
	m, err := l.Module("tpc")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Tables) != 1 || m.Tables[0].Table == nil {
		t.Fatalf("fixture %s did not load as a table: %v", path, l.Diags)
	}
	ds := append(diag.Diagnostics{}, l.Diags...)
	ds = append(ds, Module(m, Options{})...)
	return ds.Sort()
}

// loadModuleFixture loads a fixture module folder (testdata/NAME/game.json)
// and runs the module-level checks over it.
func loadModuleFixture(t testing.TB, dir string) diag.Diagnostics {
	l := scenarios.NewLoader(scenarios.Disk{})
	m, err := l.Module(dir)
	if err != nil {
		t.Fatal(err)
	}
	ds := append(diag.Diagnostics{}, l.Diags...)
	ds = append(ds, Module(m, Options{})...)
	return ds.Sort()
}

// TestFixtures: every finding of each fixture is listed in its .want file
// and nothing else is found; together the fixtures exercise every check.
func TestFixtures(t *testing.T) {
	fixtures, _ := filepath.Glob("testdata/*.json")
	// Fixture modules (made-up games) hold scenarios of their own.
	inModules, _ := filepath.Glob("testdata/*/scenarios/*.json")
	fixtures = append(fixtures, inModules...)
	covered := map[string]bool{}
	for _, f := range fixtures {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var got []string
			for _, d := range loadFixture(t, f) {
				got = append(got, fmt.Sprintf("%d:%d %s %s", d.Subject.Start.Line, d.Subject.Start.Col, d.Severity, d.Code))
			}
			wantSrc, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".want")
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Split(strings.TrimSpace(string(wantSrc)), "\n")
			for _, w := range want {
				if fs := strings.Fields(w); len(fs) == 3 {
					covered[fs[2]] = true
				}
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
	// A fixture module's own findings (game.json's and the module checks')
	// are in its game.want.
	modules, _ := filepath.Glob("testdata/*/game.json")
	for _, g := range modules {
		dir := filepath.Dir(g)
		t.Run(filepath.Base(dir)+"/game.json", func(t *testing.T) {
			var got []string
			for _, d := range loadModuleFixture(t, dir) {
				if d.Subject != nil && filepath.Base(filepath.Dir(d.Subject.Filename)) == "scenarios" {
					continue // the scenarios' own, in their .want files
				}
				got = append(got, fmt.Sprintf("%d:%d %s %s", d.Subject.Start.Line, d.Subject.Start.Col, d.Severity, d.Code))
			}
			wantSrc, err := os.ReadFile(filepath.Join(dir, "game.want"))
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, w := range strings.Split(strings.TrimSpace(string(wantSrc)), "\n") {
				if fs := strings.Fields(w); len(fs) == 3 {
					covered[fs[2]] = true
					want = append(want, w)
				}
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
	tableCovered := map[string]bool{}
	tableFixtures, _ := filepath.Glob("testdata/tables/*.json")
	for _, f := range tableFixtures {
		t.Run("tables/"+filepath.Base(f), func(t *testing.T) {
			var got []string
			for _, d := range loadTableFixture(t, f) {
				got = append(got, fmt.Sprintf("%d:%d %s %s", d.Subject.Start.Line, d.Subject.Start.Col, d.Severity, d.Code))
			}
			wantSrc, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".want")
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Split(strings.TrimSpace(string(wantSrc)), "\n")
			for _, w := range want {
				if fs := strings.Fields(w); len(fs) == 3 {
					covered[fs[2]] = true
					tableCovered[fs[2]] = true
				}
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
	for _, c := range Checks() {
		if c.Module != nil && len(c.ReportsAs) > 0 {
			// A module check reporting under other codes is covered when
			// a table fixture shows each of those codes.
			all := true
			for _, code := range c.ReportsAs {
				all = all && tableCovered[code]
			}
			if all {
				continue
			}
		}
		if !covered[c.Code] {
			t.Errorf("check %s has no fixture that makes it fire", c.Code)
		}
	}
}

// TestShippedCatalogIsClean: the shipped data has no errors, and the only
// warnings are the ones the data itself explains.
func TestShippedCatalogIsClean(t *testing.T) {
	rep := Builtin(Options{})
	for _, d := range rep.Diags {
		switch {
		case d.Severity == diag.Error:
			t.Errorf("shipped data: %v", d)
		case d.Severity == diag.Warning && !(d.Code == "vp-levels-missing" && strings.Contains(d.Subject.Filename, "04-the-crater")):
			t.Errorf("unexplained warning in shipped data: %v", d)
		}
	}
	if len(rep.Files) < 13 {
		t.Errorf("checked %d files, want at least 13", len(rep.Files))
	}
}
