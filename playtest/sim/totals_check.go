package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Check verifies the invariants of totals read from a file, which a hand
// edit may break: every count is at least 0, each outcome table adds up to
// the games played, no more games are played than the run has, VP values
// are finite numbers and game lengths whole numbers of turns, shards lie
// within the split. Without it a report would show 132.6% or NaN.
func (t *Totals) Check() error {
	if t.Games < 1 || t.Played < 0 || t.Played > t.Games {
		return fmt.Errorf("%d games played of %d: want 0 to %d", t.Played, t.Games, t.Games)
	}
	tables := []struct {
		name   string
		counts map[string]int
	}{{"levels", t.Levels}, {"winners", t.Winners}, {"vp", t.VP}, {"turns", t.Turns}}
	for _, tb := range tables {
		sum := 0
		for _, k := range sortedKeys(tb.counts) {
			n := tb.counts[k]
			if n < 0 {
				return fmt.Errorf("%s %q counts %d games", tb.name, k, n)
			}
			switch tb.name {
			case "vp":
				if v, err := strconv.ParseFloat(k, 64); err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("vp %q is not a number", k)
				}
			case "turns":
				if v, err := strconv.Atoi(k); err != nil || v < 0 {
					return fmt.Errorf("turns %q is not a whole number of turns", k)
				}
			}
			sum += n
		}
		if sum != t.Played {
			return fmt.Errorf("the %s counts add up to %d games, not the %d played", tb.name, sum, t.Played)
		}
	}
	for tag, vals := range t.Tags {
		sum := 0
		for _, winners := range vals {
			for _, n := range winners {
				if n < 0 {
					return fmt.Errorf("tag %q counts %d games", tag, n)
				}
				sum += n
			}
		}
		if sum > t.Played {
			return fmt.Errorf("tag %q counts %d games, more than the %d played", tag, sum, t.Played)
		}
	}
	if t.Course != nil {
		if err := t.Course.check(t.Played); err != nil {
			return err
		}
	}
	if t.Shards < 0 || t.Shards == 1 {
		return fmt.Errorf("%d shards: a split run has 2 or more", t.Shards)
	}
	for _, s := range t.ShardsIn {
		if s < 1 || s > t.Shards {
			return fmt.Errorf("shard %d of %d", s, t.Shards)
		}
	}
	return nil
}

// CheckScenario checks totals against the scenario they say their games
// were played on, and the game builder of that scenario with the totals'
// options: the scenario and its data are those played (the digest), the
// made-up label is the module's, every level is an ending of the game
// (rules.Ender) and the winners follow from the levels, every winner and
// bot is of a side, no game lasts beyond the scenario's turns, and each
// shard played exactly its games. Check comes first (the counts add up).
func (t *Totals) CheckScenario(sf *scenarios.ScenarioFile, newGame NewGame) error {
	s := sf.Scenario
	if t.Scenario != s.ID {
		return fmt.Errorf("the totals are of scenario %s, not %s", t.Scenario, s.ID)
	}
	if d := ScenarioDigest(sf); t.ScenarioDigest != d {
		return fmt.Errorf("the games were played on another version of %s or of its module's data (digest %s, the scenario's now %s)", s.ID, orDash(t.ScenarioDigest), d)
	}
	if label := sf.Module.MadeUpLabel(); t.MadeUp != label {
		if label != "" {
			return fmt.Errorf("module %s plays on made-up data, and the totals do not say so as muster writes it (%q)", sf.Module.Game.ID, label)
		}
		return fmt.Errorf("the totals call the data made-up (%q), and module %s is not", t.MadeUp, sf.Module.Game.ID)
	}
	// Each shard plays its games exactly: a failed game fails the run.
	want := 0
	if t.Shards > 1 {
		for _, k := range t.ShardsIn {
			c := Config{Games: t.Games, Shard: k, Shards: t.Shards}
			want += c.count()
		}
	} else {
		want = t.Games
	}
	if t.Played != want {
		what := "the run plays"
		if len(t.ShardsIn) == 1 {
			what = fmt.Sprintf("shard %d of %d plays", t.ShardsIn[0], t.Shards)
		} else if len(t.ShardsIn) > 1 {
			what = fmt.Sprintf("shards %s of %d play", ShardList(t.ShardsIn), t.Shards)
		}
		return fmt.Errorf("%s %d games of the %d, and the totals count %d played", what, want, t.Games, t.Played)
	}
	g, err := newGame(t.Seed)
	if err != nil {
		return fmt.Errorf("scenario %s does not start: %v", s.ID, err)
	}
	sides := g.Sides()
	if len(t.Bots) != len(sides) {
		return fmt.Errorf("%d bots for the %d sides of %s (%s)", len(t.Bots), len(sides), s.ID, strings.Join(sides, ", "))
	}
	for _, b := range t.Bots {
		if _, err := BotByName(b); err != nil {
			return err
		}
	}
	isSide := func(w string) bool { return w == "" || slices.Contains(sides, w) }
	for _, w := range sortedKeys(t.Winners) {
		if !isSide(w) {
			return fmt.Errorf("winner %q is no side of %s (%s)", w, s.ID, strings.Join(sides, ", "))
		}
	}
	if ender, ok := g.(rules.Ender); ok {
		winnerOf := map[string]string{Unfinished: ""}
		var names []string
		for _, e := range ender.Endings() {
			if _, dup := winnerOf[e.Level]; !dup {
				winnerOf[e.Level] = e.Winner
				names = append(names, strconv.Quote(e.Level))
			}
		}
		follows := map[string]int{}
		for _, l := range sortedKeys(t.Levels) {
			w, ok := winnerOf[l]
			if !ok {
				return fmt.Errorf("level %q is not an outcome of %s (its games end in %s, or %q)", l, s.ID, strings.Join(names, ", "), Unfinished)
			}
			follows[w] += t.Levels[l]
		}
		for _, w := range sortedKeys(mergeKeys(follows, t.Winners)) {
			if follows[w] != t.Winners[w] {
				who := w
				if who == "" {
					who = "no winner"
				}
				return fmt.Errorf("the winners do not follow from the levels: %s in %d games, its levels in %d", who, t.Winners[w], follows[w])
			}
		}
	}
	// Engines count turns from 1, or on the calendar (TPC's Campaign
	// Game's turns 288-296 for scenario 12).
	last, of := s.Length.Turns, fmt.Sprintf("%d turns", s.Length.Turns)
	if ct := s.Length.CalendarTurns; ct != nil && ct.Last > last {
		last, of = ct.Last, fmt.Sprintf("last turn, calendar turn %d", ct.Last)
	}
	if last > 0 {
		for _, k := range sortedKeys(t.Turns) {
			if v, _ := strconv.Atoi(k); v > last {
				return fmt.Errorf("%d games last to turn %s, beyond the scenario's %s", t.Turns[k], k, of)
			}
		}
	}
	if c := t.Course; c != nil {
		if err := c.checkScenario(isSide, last, of); err != nil {
			return err
		}
	}
	for _, tag := range sortedKeys(t.Tags) {
		for _, v := range sortedKeys(t.Tags[tag]) {
			for _, w := range sortedKeys(t.Tags[tag][v]) {
				if !isSide(w) {
					return fmt.Errorf("tag %s = %s: winner %q is no side of %s", tag, v, w, s.ID)
				}
			}
		}
		byWinner := map[string]int{}
		for _, ws := range t.Tags[tag] {
			for w, n := range ws {
				byWinner[w] += n
			}
		}
		for _, w := range sortedKeys(byWinner) {
			if byWinner[w] > t.Winners[w] {
				return fmt.Errorf("tag %s counts %d games won by %q, more than the %d they won", tag, byWinner[w], w, t.Winners[w])
			}
		}
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func mergeKeys[V any](a, b map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
