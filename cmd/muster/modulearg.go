package main

import (
	"os"

	"github.com/musterhq/muster/scenarios"
)

// moduleArg resolves a MODULE argument the same way for every command that
// takes one (new scenario, import tsv, import xlsx, counters, module
// template, import template): a module folder on disk (a designer's own
// game, made with muster new module) or the id of a module built into
// muster. dir is the folder when the module came from disk, "" for a
// built-in one.
func moduleArg(arg string) (m *scenarios.Module, dir string, err error) {
	m, isModule, err := xlsxModuleArg(arg)
	if !isModule {
		return nil, "", usageError("no module %q: give a module folder or a built-in module id (muster list)", arg)
	}
	if err != nil {
		return nil, "", err
	}
	if st, serr := os.Stat(arg); serr == nil && st.IsDir() {
		dir = arg
	}
	return m, dir, nil
}

// moduleResolver finds the module a scenario names: the one given on the
// command line when the ids agree, else a built-in module.
func moduleResolver(given *scenarios.Module) func(id string) *scenarios.Module {
	return func(id string) *scenarios.Module {
		if given != nil && given.Game != nil && given.Game.ID == id {
			return given
		}
		return scenarios.Builtin().Module(id)
	}
}
