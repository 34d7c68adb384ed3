// Package sim plays many automated games of a scenario with bots and
// totals their outcomes: the balance playouts of `muster playtest sim`.
//
// Every game draws from its own seed, derived from the run's seed and the
// game's index, so a game's course does not depend on which worker plays
// it, on how many workers there are, or on which shard of a split run it
// falls in. Totals are counts only (outcomes, VP values, lengths), and
// every figure of the report is computed from them in a fixed order: a run
// on one worker, on two, or split into shards and merged gives the same
// report byte for byte.
package sim

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"

	"github.com/musterhq/muster/rules"
)

// The engine's side of a game lives beside the rules core (rules.Engine);
// these names keep the harness's vocabulary.
type (
	Game    = rules.Game
	Trier   = rules.Trier
	Weigher = rules.Weigher
	Action  = rules.Action
	Outcome = rules.Outcome
	NewGame = rules.NewGame
	// Rescorer is a game a sweep can score again under other options.
	Rescorer = rules.Rescorer
	Router   = rules.Router
)

// Config is a run.
type Config struct {
	Scenario string   `json:"scenario"`
	Games    int      `json:"games"`
	Seed     uint64   `json:"seed"`
	Bots     []string `json:"bots"`
	// Options are the engine's rule options the games are played with
	// (recorded in the totals, so shards of other rules do not merge).
	Options map[string]string `json:"options,omitempty"`
	// MadeUp, Source and ScenarioDigest go into the totals as they are
	// (Totals): the label of a module with made-up data, the SCENARIO
	// argument and the digest of the scenario played (ScenarioDigest).
	MadeUp         string `json:"-"`
	Source         string `json:"-"`
	ScenarioDigest string `json:"-"`
	Workers        int    `json:"-"`
	// Shard k of n (1-based) plays the games whose index i has i%n == k-1.
	Shard  int `json:"shard,omitempty"`
	Shards int `json:"shards,omitempty"`
	// MaxActions stops a game that does not end (a bot that passes for
	// ever): it is counted as unfinished.
	MaxActions int `json:"-"`
	// Progress, when set, is called as games finish (done of total).
	Progress func(done, total int) `json:"-"`
}

// GameSeed is the seed of game i of a run: the run's seed and the index
// mixed by SplitMix64, so neighbouring games are unrelated.
func GameSeed(runSeed uint64, i int) uint64 {
	z := runSeed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// count is how many games this run (or shard) plays, and index the run
// index of its j-th game: shard k of n plays k-1, k-1+n, k-1+2n, ... Both
// cost O(1), so shard 1e12/1e12 plays its one game at once.
func (c *Config) count() int {
	if c.Shards <= 1 {
		return c.Games
	}
	rem := c.Games - (c.Shard - 1)
	if rem <= 0 {
		return 0
	}
	return 1 + (rem-1)/c.Shards
}

func (c *Config) index(j int) int {
	if c.Shards <= 1 {
		return j
	}
	return c.Shard - 1 + j*c.Shards
}

// games lists the indices of the games this run (or shard) plays (tests).
func (c *Config) games() []int {
	out := make([]int, c.count())
	for j := range out {
		out[j] = c.index(j)
	}
	return out
}

// MaxWorkers caps Config.Workers: more goroutines than that only cost
// memory on any machine muster runs on.
const MaxWorkers = 256

func (c *Config) check() error {
	switch {
	case c.Games < 1:
		return errors.New("a run needs at least one game")
	case c.Shards < 0 || c.Shards > 0 && (c.Shard < 1 || c.Shard > c.Shards):
		return fmt.Errorf("shard %d/%d: k must be between 1 and n", c.Shard, c.Shards)
	}
	return nil
}

// Run plays the run's games on its workers and totals them.
func Run(cfg Config, newGame NewGame) (*Totals, error) {
	return run(cfg, newGame, nil, true)
}

// run is Run that also hands each finished game to after (a sweep scores
// it again per grid point), under the totals' lock; course says whether
// the totals count the games' course (a sweep's points do not: a point
// scored again has no course of its own).
func run(cfg Config, newGame NewGame, after func(i int, g Game, o Outcome), course bool) (*Totals, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	bots := make([]Bot, len(cfg.Bots))
	for i, name := range cfg.Bots {
		b, err := BotByName(name)
		if err != nil {
			return nil, err
		}
		bots[i] = b
	}
	// Outcomes are added to the totals as games finish, not kept: the
	// totals are counts, so the order of adding does not change them, and
	// memory does not grow with --games.
	n := cfg.count()
	workers := cfg.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, MaxWorkers, n))
	t := NewTotals(cfg)
	var (
		next, done int
		mu         sync.Mutex
		wg         sync.WaitGroup
		errIdx     = -1 // the lowest failing game, as a run in order reports it
		firstErr   error
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				j := next
				next++
				stop := errIdx >= 0 && j > errIdx
				mu.Unlock()
				if j >= n || stop {
					return
				}
				i := cfg.index(j)
				o, g, err := Play(newGame, bots, GameSeed(cfg.Seed, i), cfg.MaxActions)
				mu.Lock()
				if err != nil {
					if errIdx < 0 || j < errIdx {
						errIdx, firstErr = j, fmt.Errorf("game %d (seed %d): %w", i, GameSeed(cfg.Seed, i), err)
					}
				} else {
					t.Add(i, o)
					if course {
						t.AddCourse(g, o)
					}
					if after != nil {
						after(i, g, o)
					}
				}
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, n)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	t.Sign()
	return t, nil
}

// Play plays one game to its end: each side's bot picks among the legal
// actions with a random source seeded from the game's seed.
func Play(newGame NewGame, bots []Bot, seed uint64, maxActions int) (Outcome, Game, error) {
	g, err := newGame(seed)
	if err != nil {
		return Outcome{}, nil, err
	}
	sides := g.Sides()
	if len(bots) != len(sides) {
		return Outcome{}, nil, fmt.Errorf("%d bots for %d sides (%v)", len(bots), len(sides), sides)
	}
	botOf := func(side string) Bot {
		for i, s := range sides {
			if s == side {
				return bots[i]
			}
		}
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	if maxActions <= 0 {
		maxActions = 100000
	}
	for n := 0; !g.Over(); n++ {
		if n == maxActions {
			o := g.Outcome()
			o.Level, o.Winner = Unfinished, ""
			return o, g, nil
		}
		legal := g.Legal()
		if len(legal) == 0 {
			return Outcome{}, g, fmt.Errorf("no legal action for %s and the game is not over", g.ToAct())
		}
		side := g.ToAct()
		a := botOf(side).Choose(g, side, legal, rng)
		if err := g.Apply(a); err != nil {
			return Outcome{}, g, fmt.Errorf("%s's bot chose %q: %w", side, g.Describe(a), err)
		}
	}
	return g.Outcome(), g, nil
}

// Unfinished is the level of a game stopped at the action limit.
const Unfinished = "unfinished"

// Bot picks an action.
type Bot interface {
	Name() string
	Choose(g Game, side string, legal []Action, rng *rand.Rand) Action
}

// BotNames lists the bots by name.
var BotNames = []string{"random", "sensible", "greedy"}

// DefaultBot is the bot balance reports use unless told otherwise: the
// balance is only as good as the bots, and random walks into certain
// elimination (keep it for fuzzing).
const DefaultBot = "sensible"

// BotByName returns a bot.
func BotByName(name string) (Bot, error) {
	switch name {
	case "random":
		return randomBot{}, nil
	case "greedy":
		return greedyBot{}, nil
	case "sensible":
		return sensibleBot{}, nil
	}
	return nil, fmt.Errorf("no bot %q (bots: %v)", name, BotNames)
}

// randomBot picks uniformly among the legal actions.
type randomBot struct{}

func (randomBot) Name() string { return "random" }
func (randomBot) Choose(_ Game, _ string, legal []Action, rng *rand.Rand) Action {
	return legal[rng.IntN(len(legal))]
}

// sensibleBot plays at random among the legal actions, each drawn with
// the weight the engine gives it (Weigher): no retreat that can only
// eliminate the unit, no re-roll of a roll that went its way. Where every
// weight is 0, or the engine gives none, it is the random bot.
type sensibleBot struct{}

func (sensibleBot) Name() string { return "sensible" }
func (sensibleBot) Choose(g Game, side string, legal []Action, rng *rand.Rand) Action {
	w, ok := g.(Weigher)
	if !ok || len(legal) == 1 {
		return legal[rng.IntN(len(legal))]
	}
	// Weighing may reuse g's buffer: a copy, on the stack for the usual
	// short lists (a decision allocates nothing).
	var lbuf [32]Action
	var wbuf [32]float64
	legal = append(lbuf[:0], legal...)
	weights := wbuf[:0]
	total := 0.0
	for _, a := range legal {
		x := w.Weight(a, side)
		weights = append(weights, x)
		total += x
	}
	if total <= 0 {
		return legal[rng.IntN(len(legal))]
	}
	r := rng.Float64() * total
	for i, x := range weights {
		if r < x {
			return legal[i]
		}
		r -= x
	}
	return legal[len(legal)-1]
}

// greedyBot tries every legal action on a copy of the game and takes the
// one that leaves its side the best position; ties go to a random one of
// the best, so two greedy bots do not replay one game for ever.
type greedyBot struct{}

func (greedyBot) Name() string { return "greedy" }
func (greedyBot) Choose(g Game, side string, legal []Action, rng *rand.Rand) Action {
	// Trying an action on a clone may reuse g's buffer: a copy, on the
	// stack for the usual short lists, as the best ones.
	var lbuf, bbuf [32]Action
	legal = append(lbuf[:0], legal...)
	best := bbuf[:0]
	bestV := 0.0
	trier, _ := g.(Trier)
	for _, a := range legal {
		var v float64
		if trier != nil {
			var err error
			if v, err = trier.Try(a, rng.Uint64(), side); err != nil {
				continue
			}
		} else {
			c := g.Clone(rng.Uint64())
			if err := c.Apply(a); err != nil {
				continue
			}
			v = c.Value(side)
		}
		switch {
		case len(best) == 0 || v > bestV:
			best, bestV = append(best[:0], a), v
		case v == bestV:
			best = append(best, a)
		}
	}
	if len(best) == 0 {
		return legal[rng.IntN(len(legal))]
	}
	return best[rng.IntN(len(best))]
}

// sortedKeys lists a count map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
