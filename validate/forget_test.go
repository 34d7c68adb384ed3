package validate

import (
	"testing"

	"github.com/musterhq/muster/scenarios"
)

func TestForgetDropsTheTopology(t *testing.T) {
	m := scenarios.Builtin().Module("tpc")
	topology(m)
	topoMu.Lock()
	_, cached := topos[m]
	topoMu.Unlock()
	if !cached {
		t.Fatal("topology not cached")
	}
	Forget(m)
	topoMu.Lock()
	_, cached = topos[m]
	topoMu.Unlock()
	if cached {
		t.Error("Forget left the topology cached")
	}
}
