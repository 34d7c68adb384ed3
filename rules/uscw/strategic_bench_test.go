package uscw

import "testing"

// The bots' Strategic Movement listing on the campaign's second turn
// (the cost a random game pays per strategic action).
func BenchmarkStrategicCandidates(b *testing.B) {
	e, err := Compile(loadScenario(b, scenCampaign))
	if err != nil {
		b.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		b.Fatal(err)
	}
	g.beginTurn()
	passToTurn2(g)
	if g.stage != stStrategic {
		b.Skipf("no strategic stage on turn 2 (%s)", stageNames[g.stage])
	}
	var out []candidate
	b.ResetTimer()
	for range b.N {
		out = g.candidates(out)
	}
	b.ReportMetric(float64(len(out)), "moves")
}
