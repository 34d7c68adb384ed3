package scenarios

import (
	"embed"
	"io/fs"
	"sort"
	"sync"

	"github.com/musterhq/muster/internal/diag"
)

// The shipped catalog: one folder per game module, embedded so the built
// binary carries its data. Add a module's folder here when it lands.
//
//go:embed tpc lgv uscw
var catalogFS embed.FS

// BuiltinPrefix is how positions in embedded files are displayed.
const BuiltinPrefix = "builtin:"

// Catalog is the set of shipped modules.
type Catalog struct {
	Modules []*Module
	Diags   diag.Diagnostics
}

var (
	catalogOnce sync.Once
	catalog     *Catalog
)

// Builtin loads the embedded catalog once.
func Builtin() *Catalog {
	catalogOnce.Do(func() {
		l := NewLoader(FS{FS: catalogFS})
		c := &Catalog{}
		entries, _ := fs.ReadDir(catalogFS, ".")
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			m, err := l.Module(e.Name())
			if err != nil {
				continue
			}
			c.Modules = append(c.Modules, m)
		}
		sort.Slice(c.Modules, func(i, j int) bool { return c.Modules[i].Dir < c.Modules[j].Dir })
		c.Diags = l.Diags
		catalog = c
	})
	return catalog
}

// Module returns the shipped module with the given id, or nil.
func (c *Catalog) Module(id string) *Module {
	for _, m := range c.Modules {
		if m.Game != nil && m.Game.ID == id {
			return m
		}
	}
	return nil
}

// Scenario returns the shipped scenario with the given id, or nil.
func (c *Catalog) Scenario(id string) *ScenarioFile {
	for _, m := range c.Modules {
		for _, s := range m.Scenarios {
			if s.Scenario != nil && s.Scenario.ID == id {
				return s
			}
		}
	}
	return nil
}

// BuiltinFS holds the files of the shipped catalog, one folder per module
// (a built-in module's Dir), for commands that copy a module.
func BuiltinFS() fs.FS { return catalogFS }
