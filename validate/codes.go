package validate

import (
	"slices"
	"sort"
	"sync"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// inputRules documents the codes validate gives files and scenarios before
// any check runs.
var inputRules = []diag.Rule{
	{Code: "module-unknown", Severity: diag.Error, Title: "scenario of no game module",
		Doc: "A scenario is checked against its game module: the module folder it lies in (MODULE/scenarios/), or else the shipped module its \"module\" names. Neither exists, so none of its checks can run. Put the scenario in a module's scenarios folder, or name a shipped module (`muster list` shows them)."},
	{Code: "file-unreadable", Severity: diag.Error, Title: "named file that cannot be read",
		Doc: "A file given to muster validate (or found in a folder given to it) could not be opened or read. The message is the operating system's."},
	{Code: "file-skipped", Severity: diag.Warning, Title: "named path that is not a regular file",
		Doc: "muster reads only regular files; a device, a pipe or a socket named *.json is skipped with this warning. Remove or rename it if it is not a document."},
}

// Rules lists every code muster validate can report, sorted: the checks
// (title, doc and default severity from the registry), the schema's codes,
// the loader's and validate's own. It is what muster explain, the check
// reference docs/checks.md and the editor's link on a finding are made of.
// The slice is the caller's own.
func Rules() []diag.Rule { return slices.Clone(allRules()) }

var allRules = sync.OnceValue(func() []diag.Rule {
	var out []diag.Rule
	for _, c := range Checks() {
		out = append(out, diag.Rule{Code: c.Code, Title: c.Title, Doc: c.Doc, Severity: c.Severity})
	}
	out = append(out, inputRules...)
	out = append(out, schema.Rules()...)
	out = append(out, scenarios.Rules()...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
})

// Rule returns the doc of one code.
func Rule(code string) (diag.Rule, bool) {
	rs := allRules()
	i := sort.Search(len(rs), func(i int) bool { return rs[i].Code >= code })
	if i < len(rs) && rs[i].Code == code {
		return rs[i], true
	}
	return diag.Rule{}, false
}

// CheckOf returns the registered check of a code, nil for the codes of the
// schema and the loader.
func CheckOf(code string) *Check {
	for _, c := range registry {
		if c.Code == code {
			return c
		}
	}
	return nil
}
