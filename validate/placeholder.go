package validate

import (
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

// Placeholders: `muster new` writes every required field with a value
// beginning "TODO", so a fresh scenario or module fails validation exactly
// where something is left to fill in.

// PlaceholderPrefix starts every placeholder muster new writes.
const PlaceholderPrefix = "TODO"

var placeholder = register(&Check{
	Code:     "placeholder",
	Title:    "placeholder left to fill in",
	Doc:      "A string value beginning \"TODO\" is a placeholder muster new wrote for a required field; the document is not finished until each is replaced.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		reportPlaceholders(p, p.Doc)
	},
})

var modulePlaceholder = register(&Check{
	Code:      "module-placeholder",
	Title:     "placeholder left in a module file",
	Doc:       "The placeholder check over a module's game, map, counters and table files; findings carry the code placeholder.",
	Severity:  diag.Error,
	ReportsAs: []string{"placeholder"},
	Module: func(mp *ModulePass) {
		docs := []*scenarios.Document{mp.Module.GameDoc, mp.Module.MapDoc, mp.Module.CountersDoc}
		for _, tf := range mp.Module.Tables {
			docs = append(docs, tf.Doc)
		}
		for _, d := range docs {
			if d != nil && d.Valid {
				reportPlaceholders(mp.on(placeholder, d), d)
			}
		}
	},
})

func reportPlaceholders(p *Pass, d *scenarios.Document) {
	isTODO := func(n *jsonsrc.Node) bool {
		return n.Kind == jsonsrc.String && strings.HasPrefix(n.Text, PlaceholderPrefix)
	}
	report := func(ptr string, n *jsonsrc.Node) {
		p.Report(ptr, "placeholder: "+clip(n.Text, 100), "replace it with the value from the rulebook")
	}
	d.Root.WalkContainers(func(ptr string, n *jsonsrc.Node) {
		for i, it := range n.Items {
			if isTODO(it) {
				report(ptr+"/"+strconv.Itoa(i), it)
			}
		}
		for _, m := range n.Members {
			if isTODO(m.Value) {
				report(ptr+"/"+jsonsrc.PointerToken(m.Key), m.Value)
			}
		}
	})
}
