package sim

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A sweep plays the same seeded games (game i has seed GameSeed(seed, i)
// at every point) over a grid of rule options, and reports per point the
// shares with their intervals and the point where the scenario is even.

// Axis is one varied option: its key and its values in grid order.
type Axis struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// ParseVary reads KEY=a..b[/step] (whole or decimal numbers) or
// KEY=v1,v2,... into an axis.
func ParseVary(s string) (Axis, error) {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" || v == "" {
		return Axis{}, fmt.Errorf("--vary %q: want KEY=a..b[/step] or KEY=v1,v2", s)
	}
	lo, rest, isRange := strings.Cut(v, "..")
	if !isRange {
		return Axis{Key: k, Values: strings.Split(v, ",")}, nil
	}
	hi, stepS, hasStep := strings.Cut(rest, "/")
	a, err1 := strconv.ParseFloat(lo, 64)
	b, err2 := strconv.ParseFloat(hi, 64)
	step, err3 := 1.0, error(nil)
	if hasStep {
		step, err3 = strconv.ParseFloat(stepS, 64)
	}
	if err1 != nil || err2 != nil || err3 != nil || step <= 0 || b < a || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return Axis{}, fmt.Errorf("--vary %q: want KEY=a..b[/step] with a <= b and step > 0", s)
	}
	n := int(math.Floor((b-a)/step+1e-9)) + 1
	if n > MaxGridPoints {
		return Axis{}, fmt.Errorf("--vary %q: %d values, more than %d", s, n, MaxGridPoints)
	}
	ax := Axis{Key: k}
	for i := 0; i < n; i++ {
		x := a + float64(i)*step
		x = math.Round(x*1e9) / 1e9
		ax.Values = append(ax.Values, strconv.FormatFloat(x, 'g', -1, 64))
	}
	return ax, nil
}

// MaxGridPoints caps a sweep's grid.
const MaxGridPoints = 1000

// SweepConfig is a sweep: a run's configuration (its options are those
// every point shares) and the varied options.
type SweepConfig struct {
	Config
	Vary []Axis
	// NoRescore plays every point, even one whose games could be scored
	// again (tests compare the two).
	NoRescore bool
}

// Points lists the grid's options in order, the last axis varying fastest.
func (s *SweepConfig) Points() ([]map[string]string, error) {
	if len(s.Vary) == 0 {
		return nil, errors.New("a sweep needs at least one --vary KEY=a..b")
	}
	n := 1
	for i, ax := range s.Vary {
		if len(ax.Values) == 0 {
			return nil, fmt.Errorf("--vary %s has no values", ax.Key)
		}
		if _, ok := s.Options[ax.Key]; ok {
			return nil, fmt.Errorf("%s is both an --option and a --vary", ax.Key)
		}
		for _, b := range s.Vary[:i] {
			if b.Key == ax.Key {
				return nil, fmt.Errorf("--vary %s is given twice", ax.Key)
			}
		}
		n *= len(ax.Values)
		if n > MaxGridPoints {
			return nil, fmt.Errorf("the grid has more than %d points", MaxGridPoints)
		}
	}
	out := make([]map[string]string, n)
	for p := range out {
		o := maps.Clone(s.Options)
		if o == nil {
			o = map[string]string{}
		}
		r := p
		for i := len(s.Vary) - 1; i >= 0; i-- {
			ax := s.Vary[i]
			o[ax.Key] = ax.Values[r%len(ax.Values)]
			r /= len(ax.Values)
		}
		out[p] = o
	}
	return out, nil
}

// SweepTotals are the counts of a sweep (or one shard of it): one Totals
// per grid point, each a run of the same games with that point's options.
type SweepTotals struct {
	MadeUp   string            `json:"madeUp,omitempty"`
	Sweep    string            `json:"sweep"` // the varied keys, "bid" or "bid,cp-absorption": marks a sweep's totals
	Scenario string            `json:"scenario"`
	Games    int               `json:"games"`
	Seed     uint64            `json:"seed"`
	Bots     []string          `json:"bots"`
	Options  map[string]string `json:"options,omitempty"`
	Vary     []Axis            `json:"vary"`
	Shards   int               `json:"shards,omitempty"`
	ShardsIn []int             `json:"shardsIn,omitempty"`
	Points   []*Totals         `json:"points"`
	// Routes counts, per point, the games by the victory route that
	// decided them (rules.Router; "unfinished" at the action limit), where
	// the engine says.
	Routes []map[string]int `json:"routes,omitempty"`
}

// RunSweep plays the sweep's games (its shard's, when split) at every
// grid point.
func RunSweep(cfg SweepConfig, compile func(options map[string]string) (NewGame, error)) (*SweepTotals, error) {
	points, err := cfg.Points()
	if err != nil {
		return nil, err
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	st := &SweepTotals{Scenario: cfg.Scenario, Games: cfg.Games, Seed: cfg.Seed, Bots: cfg.Bots, Options: cfg.Options, Vary: cfg.Vary}
	st.Sweep = st.keys()
	if cfg.Shards > 1 {
		st.Shards, st.ShardsIn = cfg.Shards, []int{cfg.Shard}
	}
	// Points whose options only change how a finished game reads
	// (rules.Rescorer: a threshold, a bid) are not played: the games of
	// an earlier point with the same play are scored again under them.
	// Which point plays for which is asked of a game before play.
	played := make([]int, len(points)) // the point whose games point p reads; p itself if it plays
	for p := range played {
		played[p] = -1
	}
	st.Points = make([]*Totals, len(points))
	games := make([]NewGame, len(points))
	plays := 0
	for p, opts := range points {
		if played[p] >= 0 {
			continue
		}
		newGame, err := compile(opts)
		if err != nil {
			return nil, fmt.Errorf("point %s: %w", pointName(cfg.Vary, opts), err)
		}
		games[p], played[p] = newGame, p
		plays++
		if cfg.NoRescore {
			continue
		}
		probe, err := newGame(GameSeed(cfg.Seed, 0))
		if err != nil {
			return nil, fmt.Errorf("point %s: %w", pointName(cfg.Vary, opts), err)
		}
		if r, ok := probe.(Rescorer); ok {
			for q := p + 1; q < len(points); q++ {
				if played[q] < 0 && r.Rescores(points[q]) {
					played[q] = p
				}
			}
		}
	}
	progress := cfg.Progress
	step := 0
	for p, opts := range points {
		if played[p] != p {
			continue
		}
		c := cfg.Config
		c.Options = opts
		if progress != nil {
			k := step
			c.Progress = func(done, total int) { progress(k*total+done, plays*total) }
		}
		step++
		var readers []int
		for q := range points {
			if q != p && played[q] == p {
				readers = append(readers, q)
				qc := cfg.Config
				qc.Options = points[q]
				st.Points[q] = NewTotals(qc)
			}
		}
		t, err := run(c, games[p], func(i int, g Game, o Outcome) {
			if r, ok := g.(Router); ok {
				route := r.Route()
				if o.Level == Unfinished {
					route = Unfinished
				}
				if st.Routes == nil {
					st.Routes = make([]map[string]int, len(points))
					for q := range st.Routes {
						st.Routes[q] = map[string]int{}
					}
				}
				st.Routes[p][route]++
				for _, q := range readers {
					st.Routes[q][route]++ // re-reading the total does not change the route
				}
			}
			for _, q := range readers {
				ro := o
				if o.Level != Unfinished {
					ro = g.(Rescorer).Rescore(points[q])
				}
				st.Points[q].Add(i, ro)
			}
		}, false)
		if err != nil {
			return nil, fmt.Errorf("point %s: %w", pointName(cfg.Vary, opts), err)
		}
		st.Points[p] = t
	}
	st.unsignPoints()
	return st, nil
}

func (st *SweepTotals) keys() string {
	var k []string
	for _, ax := range st.Vary {
		k = append(k, ax.Key)
	}
	return strings.Join(k, ",")
}

func pointName(vary []Axis, opts map[string]string) string {
	var parts []string
	for _, ax := range vary {
		parts = append(parts, ax.Key+"="+opts[ax.Key])
	}
	return strings.Join(parts, " ")
}

// SetMadeUp labels the sweep and its points.
func (st *SweepTotals) SetMadeUp(label string) {
	st.MadeUp = label
	for _, t := range st.Points {
		t.MadeUp = label
	}
}

// MergeSweep adds the totals of shards of one sweep, point by point.
func MergeSweep(parts []*SweepTotals) (*SweepTotals, error) {
	if len(parts) == 0 {
		return nil, errors.New("nothing to merge")
	}
	first := parts[0]
	out := &SweepTotals{MadeUp: first.MadeUp, Sweep: first.Sweep, Scenario: first.Scenario, Games: first.Games, Seed: first.Seed,
		Bots: first.Bots, Options: first.Options, Vary: first.Vary, Shards: first.Shards}
	for i, p := range parts {
		if !slices.EqualFunc(p.Vary, first.Vary, func(a, b Axis) bool { return a.Key == b.Key && slices.Equal(a.Values, b.Values) }) {
			return nil, fmt.Errorf("part %d sweeps another grid (%s) than part 1 (%s)", i+1, gridText(p.Vary), gridText(first.Vary))
		}
		if len(p.Points) != len(first.Points) {
			return nil, fmt.Errorf("part %d has %d grid points, part 1 has %d", i+1, len(p.Points), len(first.Points))
		}
		for _, s := range p.ShardsIn {
			if slices.Contains(out.ShardsIn, s) {
				return nil, fmt.Errorf("shard %d/%d is given twice", s, p.Shards)
			}
			out.ShardsIn = append(out.ShardsIn, s)
		}
	}
	for _, p := range parts {
		if p.Routes != nil && out.Routes == nil {
			out.Routes = make([]map[string]int, len(first.Points))
			for q := range out.Routes {
				out.Routes[q] = map[string]int{}
			}
		}
	}
	for i, p := range parts {
		switch {
		case out.Routes == nil:
		case p.Routes == nil && p.Played() == 0:
			// a shard with no game has no routes to count
		case len(p.Routes) != len(first.Points):
			return nil, fmt.Errorf("part %d counts victory routes for %d points, the grid has %d", i+1, len(p.Routes), len(first.Points))
		default:
			for q, m := range p.Routes {
				addCounts(out.Routes[q], m)
			}
		}
	}
	for j := range first.Points {
		var ps []*Totals
		for _, p := range parts {
			ps = append(ps, p.Points[j])
		}
		m, err := Merge(ps)
		if err != nil {
			return nil, fmt.Errorf("grid point %d: %w", j+1, err)
		}
		out.Points = append(out.Points, m)
	}
	slices.Sort(out.ShardsIn)
	if out.Shards > 1 && len(out.ShardsIn) == out.Shards {
		out.Shards, out.ShardsIn = 0, nil
	}
	out.unsignPoints()
	return out, nil
}

// Check checks every point's totals add up.
func (st *SweepTotals) Check() error {
	if len(st.Vary) == 0 || len(st.Points) == 0 {
		return errors.New("a sweep with no grid")
	}
	n := 1
	for _, ax := range st.Vary {
		n *= len(ax.Values)
	}
	if n != len(st.Points) {
		return fmt.Errorf("the grid has %d points but the totals hold %d", n, len(st.Points))
	}
	if st.Routes != nil && len(st.Routes) != len(st.Points) {
		return fmt.Errorf("routes for %d points, the grid has %d", len(st.Routes), len(st.Points))
	}
	for j, t := range st.Points {
		if st.Routes != nil && t != nil {
			n := 0
			for _, c := range st.Routes[j] {
				if c < 0 {
					return fmt.Errorf("grid point %d: a negative route count", j+1)
				}
				n += c
			}
			if n != t.Played {
				return fmt.Errorf("grid point %d: routes count %d games, the point %d", j+1, n, t.Played)
			}
		}
		if t == nil {
			return fmt.Errorf("grid point %d has no totals", j+1)
		}
		if err := t.Check(); err != nil {
			return fmt.Errorf("grid point %d: %w", j+1, err)
		}
	}
	return nil
}

// Missing lists the shards not yet merged in.
func (st *SweepTotals) Missing() []int {
	t := Totals{Shards: st.Shards, ShardsIn: st.ShardsIn}
	return t.Missing()
}

// Played is the games played at one point (the same at every point).
func (st *SweepTotals) Played() int {
	if len(st.Points) == 0 {
		return 0
	}
	return st.Points[0].Played
}

func gridText(vary []Axis) string {
	var parts []string
	for _, ax := range vary {
		parts = append(parts, ax.Key+"="+strings.Join(ax.Values, ","))
	}
	return strings.Join(parts, " ")
}

// unsignPoints drops the signatures sim writes on each point's totals: a
// sweep's points are read only inside the sweep's own totals, and a point
// merged from shards would carry other digests than the unsplit run's, so
// the merged sweep would not be the unsplit one byte for byte.
func (s *SweepTotals) unsignPoints() {
	for _, p := range s.Points {
		if p != nil {
			p.Signature = nil
		}
	}
}
