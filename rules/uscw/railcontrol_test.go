package uscw

import "testing"

// The cost of one Railroad Control computation on the campaign's opening
// position (the cache bypassed): what a position change costs.
func BenchmarkRailControl(b *testing.B) {
	e, err := Compile(loadScenario(b, scenCampaign))
	if err != nil {
		b.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		b.Fatal(err)
	}
	key := g.railKey()
	b.ResetTimer()
	for range b.N {
		g.computeRailControl(key)
	}
}

// The cached lookup: the fingerprint of the position and a map read.
func BenchmarkRailControlCached(b *testing.B) {
	e, err := Compile(loadScenario(b, scenCampaign))
	if err != nil {
		b.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		b.Fatal(err)
	}
	p := e.b.rails.railHexs[0]
	b.ResetTimer()
	for range b.N {
		g.railController(p)
	}
}
