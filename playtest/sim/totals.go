package sim

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Totals are the counts of a run, or of one shard of it. They hold no
// floating-point sums, so totals merged from shards are exactly those of
// the whole run.
type Totals struct {
	// MadeUp labels a run on a module with made-up data
	// (scenarios.Module.MadeUpLabel); first, so a reader sees it first.
	MadeUp   string `json:"madeUp,omitempty"`
	Scenario string `json:"scenario"`
	// Source is the SCENARIO the run was given (a file, as given, or a
	// built-in id): where merge finds the scenario to check the totals
	// against, unless told with --scenario.
	Source string `json:"source,omitempty"`
	// ScenarioDigest identifies the scenario and its module's data the
	// games were played on (ScenarioDigest).
	ScenarioDigest string            `json:"scenarioDigest,omitempty"`
	Games          int               `json:"games"` // games in the whole run
	Seed           uint64            `json:"seed"`
	Bots           []string          `json:"bots"`
	Options        map[string]string `json:"options,omitempty"`
	Shards         int               `json:"shards,omitempty"`
	// ShardsIn lists the shards these totals hold (1-based); empty for a
	// run that was not split.
	ShardsIn []int `json:"shardsIn,omitempty"`
	Played   int   `json:"played"`
	// Counts by outcome: level, winner ("" = draw or none), VP value (as
	// written by strconv 'g'), game length in turns.
	Levels  map[string]int `json:"levels"`
	Winners map[string]int `json:"winners"`
	VP      map[string]int `json:"vp"`
	Turns   map[string]int `json:"turns"`
	// Tags: tag -> value -> winner -> games.
	Tags map[string]map[string]map[string]int `json:"tags,omitempty"`
	// Course counts the games' course (course.go), where the engine
	// tells it (rules.Chronicler); a sweep's points carry none.
	Course *Course `json:"course,omitempty"`
	// Signature holds digests of the parts above (Sign), so that a part
	// changed after muster wrote the totals shows; last.
	Signature *Signature `json:"signature,omitempty"`

	// Path is the file the totals were read from, for messages.
	Path string `json:"-"`
}

// NewTotals starts empty totals for a run or shard.
func NewTotals(cfg Config) *Totals {
	t := &Totals{MadeUp: cfg.MadeUp, Scenario: cfg.Scenario, Source: cfg.Source, ScenarioDigest: cfg.ScenarioDigest,
		Games: cfg.Games, Seed: cfg.Seed, Bots: cfg.Bots, Options: cfg.Options,
		Levels: map[string]int{}, Winners: map[string]int{}, VP: map[string]int{}, Turns: map[string]int{},
		Tags: map[string]map[string]map[string]int{}}
	if cfg.Shards > 1 {
		t.Shards, t.ShardsIn = cfg.Shards, []int{cfg.Shard}
	}
	return t
}

// Add counts one game.
func (t *Totals) Add(_ int, o Outcome) {
	t.Played++
	t.Levels[o.Level]++
	t.Winners[o.Winner]++
	t.VP[strconv.FormatFloat(o.VP, 'g', -1, 64)]++
	t.Turns[strconv.Itoa(o.Turns)]++
	for tag, v := range o.Tags {
		if t.Tags[tag] == nil {
			t.Tags[tag] = map[string]map[string]int{}
		}
		if t.Tags[tag][v] == nil {
			t.Tags[tag][v] = map[string]int{}
		}
		t.Tags[tag][v][o.Winner]++
	}
}

// Merge adds the totals of other shards of the same run. It refuses
// totals of another run, and a shard given twice.
func Merge(parts []*Totals) (*Totals, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	first := parts[0]
	out := &Totals{MadeUp: first.MadeUp, Scenario: first.Scenario, Source: first.Source, ScenarioDigest: first.ScenarioDigest,
		Games: first.Games, Seed: first.Seed, Bots: first.Bots, Options: first.Options, Shards: first.Shards,
		Levels: map[string]int{}, Winners: map[string]int{}, VP: map[string]int{}, Turns: map[string]int{},
		Tags: map[string]map[string]map[string]int{}}
	for i, p := range parts {
		if !maps.Equal(p.Options, first.Options) {
			return nil, errors.New(optionsDiffer(p.Options, first.Options, i+1))
		}
		if p.MadeUp != first.MadeUp {
			return nil, fmt.Errorf("part %d says %q of its data, part 1 %q", i+1, p.MadeUp, first.MadeUp)
		}
		if p.ScenarioDigest != first.ScenarioDigest && p.Scenario == first.Scenario {
			return nil, fmt.Errorf("part %d was played on another version of scenario %s (or of its module's data) than part 1", i+1, p.Scenario)
		}
		if p.Scenario != first.Scenario || p.Games != first.Games || p.Seed != first.Seed || !slices.Equal(p.Bots, first.Bots) || p.Shards != first.Shards {
			return nil, fmt.Errorf("part %d is another run: %s, %d games, seed %d, bots %v, %d shards; part 1 is %s, %d games, seed %d, bots %v, %d shards",
				i+1, p.Scenario, p.Games, p.Seed, p.Bots, p.Shards, first.Scenario, first.Games, first.Seed, first.Bots, first.Shards)
		}
		for _, s := range p.ShardsIn {
			if slices.Contains(out.ShardsIn, s) {
				return nil, fmt.Errorf("shard %d/%d is given twice", s, p.Shards)
			}
			out.ShardsIn = append(out.ShardsIn, s)
		}
		out.Played += p.Played
		addCounts(out.Levels, p.Levels)
		addCounts(out.Winners, p.Winners)
		addCounts(out.VP, p.VP)
		addCounts(out.Turns, p.Turns)
		if p.Course != nil {
			if out.Course == nil {
				out.Course = newCourse()
			}
			out.Course.merge(p.Course)
		}
		for tag, vals := range p.Tags {
			if out.Tags[tag] == nil {
				out.Tags[tag] = map[string]map[string]int{}
			}
			for v, w := range vals {
				if out.Tags[tag][v] == nil {
					out.Tags[tag][v] = map[string]int{}
				}
				addCounts(out.Tags[tag][v], w)
			}
		}
	}
	slices.Sort(out.ShardsIn)
	if out.Shards > 1 && len(out.ShardsIn) == out.Shards {
		out.Shards, out.ShardsIn = 0, nil // the whole run
	}
	out.Sign()
	return out, nil
}

func addCounts(dst, src map[string]int) {
	for k, n := range src {
		dst[k] += n
	}
}

// ShardList writes sorted shard numbers as a reader counts them, runs
// of three or more as ranges: "1, 3, 5-8".
func ShardList(shards []int) string {
	var parts []string
	for i := 0; i < len(shards); {
		j := i
		for j+1 < len(shards) && shards[j+1] == shards[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, strconv.Itoa(shards[i])+"-"+strconv.Itoa(shards[j]))
		case j > i:
			parts = append(parts, strconv.Itoa(shards[i]), strconv.Itoa(shards[j]))
		default:
			parts = append(parts, strconv.Itoa(shards[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// Missing lists the shards not yet merged in.
func (t *Totals) Missing() []int {
	var out []int
	for s := 1; s <= t.Shards && t.Shards > 1; s++ {
		if !slices.Contains(t.ShardsIn, s) {
			out = append(out, s)
		}
	}
	return out
}
