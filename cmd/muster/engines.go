package main

import (
	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/rules/lgv"
	"github.com/musterhq/muster/rules/tpc"
	"github.com/musterhq/muster/rules/uscw"
)

// engines are the rules engines the CLI is built with: each plays scripted
// playtests ("engine": "lgv") and the sim's games of its game system. A
// second engine is one more line here, not a change to the harness.
var engines = []rules.Engine{
	lgv.Ruleset{},  // Lee's Greatest Victory
	tpc.Ruleset{},  // The Petersburg Campaign's strategic layer (system gcacw)
	uscw.Ruleset{}, // The U.S. Civil War, Basic Game (a first slice)
}

func init() {
	for _, e := range engines {
		playtest.RegisterEngine(e)
		sim.Register(e)
	}
}
