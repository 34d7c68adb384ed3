package validate

import "github.com/musterhq/muster/scenarios"

// Forget drops what the checks keep for a module between runs (its
// topology), for a long-running caller that replaces modules, such as the
// language server, which loads a module afresh on every edit of its map
// or counters. Without it each replaced module stays reachable.
func Forget(m *scenarios.Module) {
	topoMu.Lock()
	delete(topos, m)
	topoMu.Unlock()
}
