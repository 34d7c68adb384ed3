// Package validate holds muster's semantic checks: what a schema cannot
// see, such as a unit id missing from the counters, a hex off every sheet,
// a footnote mark without a legend, or a victory table with a gap.
//
// Each check is a registered value with a stable code, a title, the source
// of the rule it enforces and a fix hint. Checks report through a Pass and
// never print or exit; the CLI decides what to do with the findings.
package validate

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Check is one semantic check over a scenario and its module.
type Check struct {
	Code     string        // stable, used in output and to disable the check
	Title    string        // one line
	Doc      string        // what it enforces and why
	Severity diag.Severity // default severity of its findings
	Run      func(*Pass)
	// Module, set instead of Run, makes a module-level check: it runs once
	// per module over the module's own files (game.json, tables), with
	// Pass.Scenario nil and Pass.Doc the document reported on.
	Module func(*ModulePass)
	// ReportsAs lists the codes of other checks under which this check
	// reports its findings, so that one kind of fault has one code wherever
	// it occurs (an unknown counter is unit-unknown in a setup row and in a
	// rules table alike).
	ReportsAs []string
}

// Pass is one run of a check over one scenario.
type Pass struct {
	Check    *Check
	Scenario *scenarios.Scenario
	Doc      *scenarios.Document
	Module   *scenarios.Module
	Index    *scenarios.Index
	Topo     *rules.Topology
	diags    *diag.Diagnostics
	shared   *shared     // computed once per scenario, used by several checks
	cites    []diag.Cite // lines named by line, for the next report
}

// shared holds per-scenario results several checks need.
type shared struct {
	placed      []placed
	placedDone  bool
	objects     []object
	objectsDone bool
	inPlay      map[string]bool // the sheets in play (sheetsInPlay)
}

// object is a JSON object of a scenario's rules, setup, victory, variants,
// options or start, with its JSON Pointer.
type object struct {
	ptr  string
	node *jsonsrc.Node
}

// objectKeys are the top-level members whose objects the reference, turn,
// region and edge checks read.
var objectKeys = []string{"specialRules", "victory", "setup", "variants", "options", "start"}

// objects lists the JSON objects under objectKeys, parents first, walked
// once per scenario for every check that reads the JSON tree.
func (p *Pass) objects() []object {
	if p.shared != nil && p.shared.objectsDone {
		return p.shared.objects
	}
	var out []object
	for _, key := range objectKeys {
		n := p.Doc.Root.Get(key)
		if n == nil {
			continue
		}
		n.WalkContainers(func(rel string, node *jsonsrc.Node) {
			if node.Kind == jsonsrc.Object {
				out = append(out, object{"/" + key + rel, node})
			}
		})
	}
	if p.shared != nil {
		p.shared.objects, p.shared.objectsDone = out, true
	}
	return out
}

// Report records a finding at the value a JSON Pointer names; if the pointer
// names an object member, the value is underlined.
func (p *Pass) Report(pointer, summary, hint string) {
	p.ReportSeverity(p.Check.Severity, pointer, summary, hint)
}

// ReportSeverity is Report with an explicit severity.
func (p *Pass) ReportSeverity(sev diag.Severity, pointer, summary, hint string) {
	root := p.Doc.Root
	node, _ := root.Lookup(pointer)
	if node == nil {
		node = root
	}
	end := node.End
	if node.Kind == jsonsrc.Object || node.Kind == jsonsrc.Array {
		end = node.Start + 1
	}
	d := diag.At(p.Doc.File, node.Start, end, sev, p.Check.Code, pointer, summary, hint)
	d.Cites, p.cites = p.cites, nil
	p.diags.Append(d)
}

// relate adds a secondary position (the value a pointer names) to the
// finding reported last.
func (p *Pass) relate(pointer, message string) {
	node, _ := p.Doc.Root.Lookup(pointer)
	if node == nil || len(*p.diags) == 0 {
		return
	}
	d := (*p.diags)[len(*p.diags)-1]
	d.Related = append(d.Related, diag.Related{Message: message, Subject: p.Doc.File.Range(node.Start, node.End)})
}

// ReportKey records a finding underlining the key of the member a pointer
// names (for "this key should not be here" findings).
func (p *Pass) ReportKey(pointer, summary, hint string) {
	_, member := p.Doc.Root.Lookup(pointer)
	if member == nil {
		p.Report(pointer, summary, hint)
		return
	}
	d := diag.At(p.Doc.File, member.KeyStart, member.KeyEnd, p.Check.Severity, p.Check.Code, pointer, summary, hint)
	d.Cites, p.cites = p.cites, nil
	p.diags.Append(d)
}

var registry []*Check

func register(c *Check) *Check {
	registry = append(registry, c)
	return c
}

// Checks returns the registered checks sorted by code.
func Checks() []*Check {
	out := append([]*Check(nil), registry...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// CheckRegistry reports problems with the registry itself: duplicate or
// malformed codes, missing docs, nil runs. A unit test calls it.
func CheckRegistry() error {
	seen := map[string]bool{}
	var errs []string
	for _, c := range registry {
		switch {
		case c.Code == "" || strings.ToLower(c.Code) != c.Code || strings.ContainsAny(c.Code, " _"):
			errs = append(errs, fmt.Sprintf("check %q: code must be lower-case kebab-case", c.Code))
		case seen[c.Code]:
			errs = append(errs, fmt.Sprintf("check %q registered twice", c.Code))
		}
		seen[c.Code] = true
		if c.Title == "" || c.Doc == "" {
			errs = append(errs, fmt.Sprintf("check %q: title and doc are required", c.Code))
		}
		if (c.Run == nil) == (c.Module == nil) {
			errs = append(errs, fmt.Sprintf("check %q: exactly one of Run and Module must be set", c.Code))
		}
		if c.Severity == diag.Invalid {
			errs = append(errs, fmt.Sprintf("check %q: severity not set", c.Code))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("validate: %s", strings.Join(errs, "; "))
	}
	return nil
}

var (
	topoMu sync.Mutex
	topos  = map[*scenarios.Module]*rules.Topology{}
)

// topology returns a module's topology, built once and shared read-only.
func topology(m *scenarios.Module) *rules.Topology {
	topoMu.Lock()
	defer topoMu.Unlock()
	t := topos[m]
	if t == nil {
		t = rules.NewTopology(m)
		topos[m] = t
	}
	return t
}

// Options select checks.
type Options struct {
	Disable map[string]bool
}

// Scenario runs every enabled check over a scenario. A scenario whose
// document or module failed to load is skipped: its schema errors have
// already been reported and semantic checks would only echo them.
func Scenario(sf *scenarios.ScenarioFile, opts Options) diag.Diagnostics {
	var ds diag.Diagnostics
	if sf == nil || sf.Scenario == nil || !sf.Doc.Valid {
		return nil
	}
	if sf.Module == nil || sf.Module.Game == nil {
		root := sf.Doc.Root
		n := root.Get("module")
		ds.Append(diag.At(sf.Doc.File, n.Start, n.End, diag.Error, "module-unknown", "/module",
			fmt.Sprintf("no game module %q: the scenario lies in no module folder and muster ships no module with this id", sf.Scenario.Module),
			"put the scenario in a module's scenarios folder or name a shipped module (muster list)"))
		return ds
	}
	if !sf.Module.Complete {
		return nil
	}
	ix := sf.Module.Index()
	topo := topology(sf.Module)
	sh := &shared{}
	for _, c := range Checks() {
		if opts.Disable[c.Code] || c.Run == nil {
			continue
		}
		c.Run(&Pass{Check: c, Scenario: sf.Scenario, Doc: sf.Doc, Module: sf.Module, Index: ix, Topo: topo, diags: &ds, shared: sh})
	}
	return ds.Sort()
}

// Scenarios checks several scenarios in parallel (they share only read-only
// module data) and returns their findings sorted, independent of scheduling.
func Scenarios(sfs []*scenarios.ScenarioFile, opts Options) diag.Diagnostics {
	// Build each module's index before the workers share it.
	for _, sf := range sfs {
		if sf != nil && sf.Module != nil && sf.Module.Complete {
			sf.Module.Index()
			topology(sf.Module)
		}
	}
	out := make([]diag.Diagnostics, len(sfs))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, sf := range sfs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i] = Scenario(sf, opts)
		}()
	}
	wg.Wait()
	var all diag.Diagnostics
	for _, ds := range out {
		all = append(all, ds...)
	}
	return all.Sort()
}
