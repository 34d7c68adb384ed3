package validate

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// Checks that names mean one thing in a module: a command's parent chain
// ends, and a scenario id names one scenario.

var commandCycle = register(&Check{
	Code:     "command-cycle",
	Title:    "command whose chain of parents comes back to it",
	Doc:      "Each command of game.json names the command above it (parent); followed upward, the chain must end at a command with no parent. A chain that comes back to where it started (I under III, III under II, II under I; or a command that is its own parent) has no top: the order of battle could place none of its commands, nor anything beneath them, and the rules that ask whether a unit is of a leader's command get no answer. `muster oob` shows the first command of such a circle at the top level and says so. Give the top command of the circle no parent, or the parent the printed organisation gives it.",
	Severity: diag.Error,
	Module: func(mp *ModulePass) {
		gd := mp.Module.GameDoc
		if gd == nil || !gd.Valid {
			return
		}
		p := mp.on(mp.Check, gd)
		for _, side := range mp.Module.Game.Sides {
			cmds := mp.Module.Game.Commands[side.ID]
			for _, cyc := range mp.Module.Game.CommandCycles(side.ID) {
				first := cmds[cyc[0]]
				ptr := fmt.Sprintf("/commands/%s/%d/parent", side.ID, cyc[0])
				if len(cyc) == 1 {
					p.Report(ptr, fmt.Sprintf("%s command %s is its own parent", side.Name, first.Code),
						"remove the parent of the top command, or name the command above it")
					continue
				}
				chain := make([]string, 0, len(cyc)+1)
				for _, i := range cyc {
					chain = append(chain, cmds[i].Code)
				}
				chain = append(chain, first.Code)
				p.Report(ptr, fmt.Sprintf("the parents of %s commands run in a circle: %s; none of them has a top", side.Name, strings.Join(chain, " → ")),
					fmt.Sprintf("give the top command of the circle no parent (or the command above it): %s's parent is %s", first.Code, first.Parent))
				for _, i := range cyc[1:] {
					p.relate(fmt.Sprintf("/commands/%s/%d/parent", side.ID, i), fmt.Sprintf("%s's parent, %s", cmds[i].Code, cmds[i].Parent))
				}
			}
		}
	},
})

var scenarioIDTwice = register(&Check{
	Code:     "scenario-id-twice",
	Title:    "scenario id that another scenario of the module has too",
	Doc:      "A scenario id names one scenario: playtests, `muster oob`, the exports and `muster list` find a scenario by its id, so of two scenarios with one id in a module, one is out of reach and a playtest may run against the other. Usually a scenario was copied to start a new one and its id not changed. Give each scenario of the module its own id.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		if p.Module == nil || p.Scenario.ID == "" {
			return
		}
		// Only a scenario of the module's own folder: a draft elsewhere,
		// checked against a shipped module, is often a copy of one of its
		// scenarios, and reaches none of them by id.
		var others []*scenarios.ScenarioFile
		member := false
		for _, sf := range p.Module.Scenarios {
			member = member || sf.Doc != nil && sf.Doc.Path == p.Doc.Path
		}
		for _, sf := range p.Module.Scenarios {
			if member && sf.Scenario != nil && sf.Doc != nil && sf.Doc.Path != p.Doc.Path && sf.Scenario.ID == p.Scenario.ID {
				others = append(others, sf)
			}
		}
		if len(others) == 0 {
			return
		}
		var names []string
		for _, o := range others {
			names = append(names, o.Doc.Path)
		}
		p.Report("/id", fmt.Sprintf("the id %q is also the id of %s", p.Scenario.ID, strings.Join(names, ", ")),
			"give each scenario of the module its own id")
		last := (*p.diags)[len(*p.diags)-1]
		for _, o := range others {
			if o.Doc.Root == nil || o.Doc.File == nil {
				continue
			}
			if n := o.Doc.Root.Get("id"); n != nil {
				last.Related = append(last.Related, diag.Related{Message: "the other scenario with this id", Subject: o.Doc.File.Range(n.Start, n.End)})
			}
		}
	},
})
