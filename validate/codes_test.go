package validate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestRulesUniqueAndDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.Code] {
			t.Errorf("%s documented twice", r.Code)
		}
		seen[r.Code] = true
		if r.Title == "" || r.Doc == "" {
			t.Errorf("%s: title and doc are required", r.Code)
		}
	}
	for _, c := range Checks() {
		if _, ok := Rule(c.Code); !ok {
			t.Errorf("check %s missing from Rules", c.Code)
		}
	}
	if _, ok := Rule("no-such-code"); ok {
		t.Error("Rule found a code that does not exist")
	}
}

// codeLit is the form of a finding code written as a string literal.
var codeLit = regexp.MustCompile(`^(json|schema|file|module)-[a-z0-9-]+$|^io$`)

// TestEveryEmittedCodeHasADoc reads the source of every package that makes
// the findings of muster validate and muster lsp, and collects the codes
// written there: the code argument of diag.At, Code fields of composite
// literals, assignments to a Code field, and code-like string literals
// (the schema's keyword table). Each must have a doc, so that no finding
// links to a section that does not exist.
func TestEveryEmittedCodeHasADoc(t *testing.T) {
	dirs := []string{".", "../schema", "../scenarios", "../internal/jsonsrc", "../lsp"}
	found := map[string]string{}
	add := func(fset *token.FileSet, e ast.Expr) {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || s == "" {
			return
		}
		found[s] = fset.Position(lit.Pos()).String()
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "At" && len(n.Args) >= 5 {
						if id, ok := sel.X.(*ast.Ident); ok && id.Name == "diag" {
							add(fset, n.Args[4])
						}
					}
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Code" {
						add(fset, n.Value)
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "Code" && i < len(n.Rhs) {
							add(fset, n.Rhs[i])
						}
					}
				case *ast.BasicLit:
					if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && codeLit.MatchString(s) {
						found[s] = fset.Position(n.Pos()).String()
					}
				}
				return true
			})
		}
	}
	if len(found) < 50 {
		t.Fatalf("found only %d codes in the source: the scan is broken", len(found))
	}
	for code, where := range found {
		if _, ok := Rule(code); !ok {
			t.Errorf("%s: code %q has no doc (add it to the Rules of the package that reports it)", where, code)
		}
	}
}
