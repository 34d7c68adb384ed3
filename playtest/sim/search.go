package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// searchBot is a Monte Carlo tree search (UCT) over the engine's
// interface only: each of its budget's playouts copies the game with new
// dice (Clone, so it cannot learn the rolls the real game will make),
// walks down the tree of actions tried so far by the UCB1 rule, tries one
// action not tried yet, plays on at random for a few actions and reads the
// engine's Value for every side. The tree is keyed by actions, not
// positions ("open loop"): where dice make a later position differ from
// playout to playout, a node's children are the actions legal in this
// playout's position. It plays the root's most visited action.
//
// The budget counts playouts, not time: the same seed gives the same game
// on any machine. A decision with one legal action costs nothing.
type searchBot struct {
	budget int // playouts per decision
	depth  int // random actions after the tree's leaf before Value is read
}

// DefaultSearchBudget and DefaultSearchDepth are the search bot's
// playouts per decision and random actions per playout ("search").
const (
	DefaultSearchBudget = 64
	DefaultSearchDepth  = 8
	maxSearchBudget     = 1 << 20
	maxSearchDepth      = 1 << 16
)

// searchExplore is the UCB1 constant on values scaled to 0..1 by the
// spread this decision's playouts saw.
const searchExplore = 0.7

// parseSearchBot reads "search", "search:N" (N playouts) or
// "search:N:D" (and D random actions after the tree).
func parseSearchBot(name string) (Bot, bool, error) {
	rest, ok := strings.CutPrefix(name, "search")
	if !ok || rest != "" && rest[0] != ':' {
		return nil, false, nil
	}
	b := searchBot{budget: DefaultSearchBudget, depth: DefaultSearchDepth}
	if rest == "" {
		return b, true, nil
	}
	parts := strings.Split(rest[1:], ":")
	bad := fmt.Errorf("bot %q: want search, search:N (playouts per decision, 1 to %d) or search:N:D (and D random actions per playout, 0 to %d)", name, maxSearchBudget, maxSearchDepth)
	if len(parts) > 2 {
		return nil, true, bad
	}
	n, err := strconv.Atoi(parts[0])
	if err != nil || n < 1 || n > maxSearchBudget || parts[0] != strconv.Itoa(n) {
		return nil, true, bad
	}
	b.budget = n
	if len(parts) == 2 {
		d, err := strconv.Atoi(parts[1])
		if err != nil || d < 0 || d > maxSearchDepth || parts[1] != strconv.Itoa(d) {
			return nil, true, bad
		}
		b.depth = d
	}
	return b, true, nil
}

// Name is the bot's name as BotByName reads it back.
func (b searchBot) Name() string {
	switch {
	case b.budget == DefaultSearchBudget && b.depth == DefaultSearchDepth:
		return "search"
	case b.depth == DefaultSearchDepth:
		return fmt.Sprintf("search:%d", b.budget)
	}
	return fmt.Sprintf("search:%d:%d", b.budget, b.depth)
}

// searchNode is an action tried in the tree. Children are a linked list
// of indices into the tree's pool, so a search allocates nothing once the
// pool has grown.
type searchNode struct {
	action      Action
	side        int // the side that chose action (whose value it sums)
	visits      int
	total       float64
	first, next int32 // first child, next sibling; -1 for none
}

// searchTree is a decision's tree and the scratch of its playouts, kept in
// a pool: bots are shared by the run's workers.
type searchTree struct {
	nodes  []searchNode
	path   []int32
	values []float64
	lo, hi []float64 // the spread of each side's values seen
	cands  []Action  // the actions a playout chooses among
}

var searchTrees = sync.Pool{New: func() any { return new(searchTree) }}

func (t *searchTree) add(a Action, side int) int32 {
	t.nodes = append(t.nodes, searchNode{action: a, side: side, first: -1, next: -1})
	return int32(len(t.nodes) - 1)
}

// child is parent's child for action a, or -1.
func (t *searchTree) child(parent int32, a Action) int32 {
	for c := t.nodes[parent].first; c >= 0; c = t.nodes[c].next {
		if t.nodes[c].action == a {
			return c
		}
	}
	return -1
}

// score is a child's UCB1 score: its chooser's mean value, scaled to 0..1
// by the spread seen, plus the exploration bonus.
func (t *searchTree) score(c int32, logParent float64) float64 {
	n := &t.nodes[c]
	mean := n.total / float64(n.visits)
	scaled := 0.5
	if n.side < 0 {
		// a side the game did not list: no value to aim for
	} else if span := t.hi[n.side] - t.lo[n.side]; span > 0 {
		scaled = (mean - t.lo[n.side]) / span
	}
	return scaled + searchExplore*math.Sqrt(logParent/float64(n.visits))
}

func (b searchBot) Choose(g Game, side string, legal []Action, rng *rand.Rand) Action {
	if len(legal) == 1 {
		return legal[0]
	}
	sides := g.Sides()
	t := searchTrees.Get().(*searchTree)
	defer searchTrees.Put(t)
	if len(t.sensible(g, side)) == 1 {
		return t.cands[0]
	}
	t.nodes = t.nodes[:0]
	t.values = resize(t.values, len(sides))
	t.lo, t.hi = resize(t.lo, len(sides)), resize(t.hi, len(sides))
	for s := range sides {
		t.lo[s], t.hi[s] = math.Inf(1), math.Inf(-1)
	}
	root := t.add(0, -1)
	for range b.budget {
		b.playout(t, g, sides, rng)
	}
	// The most visited action the root's position allows (the same in
	// every copy: only dice differ), ties to the better mean, then the
	// first listed.
	var best int32 = -1
	for c := t.nodes[root].first; c >= 0; c = t.nodes[c].next {
		if best < 0 || t.nodes[c].visits > t.nodes[best].visits ||
			t.nodes[c].visits == t.nodes[best].visits && t.nodes[c].total > t.nodes[best].total {
			best = c
		}
	}
	if best < 0 {
		return legal[rng.IntN(len(legal))]
	}
	return t.nodes[best].action
}

// playout is one descent, expansion, random continuation and backup.
func (b searchBot) playout(t *searchTree, g Game, sides []string, rng *rand.Rand) {
	c := g.Clone(rng.Uint64())
	t.path = append(t.path[:0], 0)
	cur := int32(0)
	for !c.Over() {
		legal := t.sensible(c, c.ToAct())
		if len(legal) == 0 {
			break
		}
		side := sideIndexOf(sides, c.ToAct())
		// An action not tried yet from here, at random among them.
		untried := 0
		for _, a := range legal {
			if t.child(cur, a) < 0 {
				untried++
			}
		}
		var next int32 = -1
		if untried > 0 {
			k := rng.IntN(untried)
			for _, a := range legal {
				if t.child(cur, a) >= 0 {
					continue
				}
				if k == 0 {
					next = t.add(a, side)
					t.nodes[next].next, t.nodes[cur].first = t.nodes[cur].first, next
					break
				}
				k--
			}
		} else {
			logParent := math.Log(float64(t.nodes[cur].visits))
			bestScore := math.Inf(-1)
			for _, a := range legal {
				ch := t.child(cur, a)
				if s := t.score(ch, logParent); s > bestScore {
					next, bestScore = ch, s
				}
			}
		}
		if err := c.Apply(t.nodes[next].action); err != nil {
			break // an engine refusing its own legal action: read the value here
		}
		t.path = append(t.path, next)
		cur = next
		if untried > 0 {
			break
		}
	}
	for d := 0; d < b.depth && !c.Over(); d++ {
		a, ok := drawAction(c, rng)
		if !ok || c.Apply(a) != nil {
			break
		}
	}
	for s, name := range sides {
		v := c.Value(name)
		t.values[s] = v
		t.lo[s], t.hi[s] = min(t.lo[s], v), max(t.hi[s], v)
	}
	for _, i := range t.path {
		n := &t.nodes[i]
		n.visits++
		if n.side >= 0 {
			n.total += t.values[n.side]
		}
	}
}

// sensible lists the legal actions of g's side to act that the engine
// weighs above 0 (rules.Weigher, as the sensible bot draws), all of them
// where it weighs none so or gives no weights: the search spends its
// playouts on actions a player would consider, and an engine can rule out
// one that only stalls (LGV: an activation ended with nothing done).
func (t *searchTree) sensible(g Game, side string) []Action {
	t.cands = append(t.cands[:0], g.Legal()...) // weighing may reuse g's list
	w, ok := g.(Weigher)
	if !ok || len(t.cands) < 2 {
		return t.cands
	}
	kept := t.cands[len(t.cands):]
	for _, a := range t.cands {
		if w.Weight(a, side) > 0 {
			kept = append(kept, a)
		}
	}
	if len(kept) > 0 {
		t.cands = append(t.cands[:0], kept...)
	}
	return t.cands
}

// drawAction draws one legal action at random: from the engine's sampler
// where it has one, else from the legal list. False: none is legal.
func drawAction(g Game, rng *rand.Rand) (Action, bool) {
	if s, ok := g.(Sampler); ok {
		if a, ok := s.Sample(rng); ok {
			return a, true
		}
	}
	legal := g.Legal()
	if len(legal) == 0 {
		return 0, false
	}
	return legal[rng.IntN(len(legal))], true
}

func sideIndexOf(sides []string, side string) int {
	for i, s := range sides {
		if s == side {
			return i
		}
	}
	return -1
}

func resize(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
