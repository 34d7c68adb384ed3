package sim

import (
	"fmt"
	"math"
	"strconv"
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
