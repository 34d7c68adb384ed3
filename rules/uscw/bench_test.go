package uscw

import (
	"testing"

	"github.com/musterhq/muster/playtest/sim"
)

// The costs docs/performance.md and the README quote, beside
// BenchmarkRandomCampaignGame (invariant_test.go). cpu-ns/op is the
// process's CPU time per game (on a shared machine wall time measures
// the queue), turns/op the game's length, cpu-ns/turn a turn's cost.

// benchCampaign plays b.N campaign games with the bots named, the
// scenario's Automatic Victories kept or taken out.
func benchCampaign(b *testing.B, union, csa string, automatic bool) {
	sf := loadScenario(b, scenCampaign)
	if !automatic {
		// The campaign without 20.3.5 and S4.3: every game runs its 20
		// turns, so a whole game's cost is measured, not extrapolated.
		sf.Scenario.Victory.Automatic = nil
	}
	ng, err := Ruleset{}.Compile(sf, nil)
	if err != nil {
		b.Fatal(err)
	}
	ub, err := sim.BotByName(union)
	if err != nil {
		b.Fatal(err)
	}
	cb, err := sim.BotByName(csa)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu, turns := cpuNanos(), 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o, _, err := sim.Play(ng, []sim.Bot{ub, cb}, sim.GameSeed(1, i), 0)
		if err != nil {
			b.Fatal(err)
		}
		turns += o.Turns
	}
	used := float64(cpuNanos() - cpu)
	b.ReportMetric(used/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/op")
	b.ReportMetric(used/float64(turns), "cpu-ns/turn")
}

// Sensible bots on both sides, the rulebook's Automatic Victory on: the
// longest games the bots play with the rules as written.
func BenchmarkSensibleCampaignGame(b *testing.B) { benchCampaign(b, "sensible", "sensible", true) }

// Whole 20-turn campaign games: random and sensible bots with the
// Automatic Victories taken out of the scenario.
func BenchmarkWholeRandomCampaignGame(b *testing.B) { benchCampaign(b, "random", "random", false) }
func BenchmarkWholeSensibleCampaignGame(b *testing.B) {
	benchCampaign(b, "sensible", "sensible", false)
}
