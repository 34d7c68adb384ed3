package docs

import (
	"bufio"
	"bytes"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// archPage is the package map this test keeps true.
const archPage = "architecture.md"

// archRow is one package row of the page's floor table.
type archRow struct {
	line    int
	floor   int
	imports []string
}

var archCode = regexp.MustCompile("`([^`]+)`")

// readArchPage reads the floor table: rows "| FLOOR | `PKG` | `IMPORT`, ... | holds |".
func readArchPage(t *testing.T) map[string]*archRow {
	t.Helper()
	data, err := os.ReadFile(archPage)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]*archRow{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 5 || strings.TrimSpace(cells[0]) != "" {
			continue
		}
		floor, err := strconv.Atoi(strings.TrimSpace(cells[1]))
		if err != nil {
			continue // the header, its rule, or another table
		}
		pkg := archCode.FindStringSubmatch(cells[2])
		if pkg == nil {
			t.Errorf("%s:%d: floor %d names no package", archPage, n, floor)
			continue
		}
		if prev := rows[pkg[1]]; prev != nil {
			t.Errorf("%s:%d: %s has a row already (line %d)", archPage, n, pkg[1], prev.line)
		}
		r := &archRow{line: n, floor: floor}
		for _, m := range archCode.FindAllStringSubmatch(cells[3], -1) {
			r.imports = append(r.imports, m[1])
		}
		rows[pkg[1]] = r
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no floor table found", archPage)
	}
	return rows
}

// repoImports parses every package of the repository (the folder above
// this one) and returns, for each, the module's packages its non-test files
// import, by path relative to the module root. Folders named testdata and
// hidden ones are not packages; build tags are ignored, so a file for one
// platform counts for all.
func repoImports(t *testing.T) (map[string][]string, map[string]string) {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var module string
	for _, l := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "module" {
			module = f[1]
		}
	}
	if module == "" {
		t.Fatal("go.mod names no module")
	}
	imports := map[string]map[string]bool{}
	names := map[string]string{} // package path -> package name
	fset := token.NewFileSet()
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != ".." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel("..", filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		names[pkg] = f.Name.Name
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p == module {
				imports[pkg]["."] = true
			} else if strings.HasPrefix(p, module+"/") {
				imports[pkg][strings.TrimPrefix(p, module+"/")] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for pkg, set := range imports {
		list := []string{}
		for p := range set {
			list = append(list, p)
		}
		sort.Strings(list)
		out[pkg] = list
	}
	return out, names
}

// TestArchitecturePage: every package of the repository has its row in
// docs/architecture.md, every row is a package, each row lists exactly the
// package's imports, and no import runs to the same floor or upward.
func TestArchitecturePage(t *testing.T) {
	rows := readArchPage(t)
	imports, names := repoImports(t)
	var pkgs []string
	for p := range imports {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, pkg := range pkgs {
		got := imports[pkg]
		quoted := make([]string, len(got))
		for i, p := range got {
			quoted[i] = "`" + p + "`"
		}
		r := rows[pkg]
		if r == nil {
			t.Errorf("%s has no row in docs/%s: add one on the floor above the highest it imports:\n| FLOOR | `%s` | %s | what it holds |",
				pkg, archPage, pkg, strings.Join(quoted, ", "))
			continue
		}
		want := append([]string{}, r.imports...)
		sort.Strings(want)
		if strings.Join(want, " ") != strings.Join(got, " ") {
			t.Errorf("docs/%s:%d: %s imports %s; the row says %s", archPage, r.line, pkg, orNone(got), orNone(want))
		}
		for _, im := range got {
			below := rows[im]
			if below == nil {
				continue // reported as a package without a row
			}
			if below.floor >= r.floor {
				t.Errorf("%s (floor %d) imports %s (floor %d): imports run only to lower floors (docs/%s)",
					pkg, r.floor, im, below.floor, archPage)
			}
		}
	}
	for pkg, r := range rows {
		if _, ok := imports[pkg]; !ok {
			t.Errorf("docs/%s:%d: %s is not a package of the repository", archPage, r.line, pkg)
		}
	}
	// Commands live in cmd/ and tools/; internal/ and export/ hold
	// libraries, and export/ only sub-packages.
	for _, pkg := range pkgs {
		if strings.HasPrefix(pkg, "internal/") && names[pkg] == "main" {
			t.Errorf("%s is a command (package main): commands go under cmd/ or tools/, internal/ holds libraries", pkg)
		}
		if pkg == "export" {
			t.Errorf("export has Go files of its own: it holds only sub-packages, one per format or view")
		}
	}
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "nothing of the module"
	}
	return strings.Join(list, ", ")
}
