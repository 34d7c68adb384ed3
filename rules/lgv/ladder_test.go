package lgv

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
)

var (
	ladder      = flag.Bool("ladder", false, "play the search bot's ladder (TestSearchLadder; minutes)")
	ladderGames = flag.Int("ladder-games", 50, "games per pairing and seat of the ladder")
	ladderBot   = flag.String("ladder-bot", "search", "the search bot of the ladder (search:N[:D])")
)

// The search bot's ladder on the test module (docs/performance.md): it
// plays each opponent from both seats, the same seeds each way, and its
// share of the games won must have its 95% interval above one half.
//
//	go test ./rules/lgv -run TestSearchLadder -ladder -timeout 2h
func TestSearchLadder(t *testing.T) {
	if !*ladder {
		t.Skip("the ladder takes minutes: -ladder plays it")
	}
	e := testEngine(t)
	var out strings.Builder
	fmt.Fprintf(&out, "%s, %d games a seat, seed 1:\n", *ladderBot, *ladderGames)
	for _, opp := range []string{"sensible", "greedy"} {
		won, games := 0, 0
		var seats []string
		for seat, bots := range [][]string{{*ladderBot, opp}, {opp, *ladderBot}} {
			tot, err := sim.Run(sim.Config{Scenario: "lgv-test-01", Games: *ladderGames, Seed: 1, Bots: bots, MaxActions: 20000}, e.Sim)
			if err != nil {
				t.Fatal(err)
			}
			side := []string{"union", "confederate"}[seat]
			won += tot.Winners[side]
			games += *ladderGames
			seats = append(seats, fmt.Sprintf("as %s %d", side, tot.Winners[side]))
		}
		lo, hi := sim.Wilson(won, games)
		fmt.Fprintf(&out, "  vs %-8s won %d of %d (%s): %.1f%%, 95%% CI %.1f-%.1f%%\n", opp, won, games, strings.Join(seats, ", "), 100*float64(won)/float64(games), 100*lo, 100*hi)
		if lo <= 0.5 {
			t.Errorf("%s against %s: won %d of %d, interval %.3f-%.3f not above one half", *ladderBot, opp, won, games, lo, hi)
		}
	}
	t.Log("\n" + out.String())
}
