package sim

import (
	"fmt"
	"strconv"

	"github.com/musterhq/muster/rules"
)

// Course counts what games tell of their course (rules.Chronicler): the
// victory route that decided them, the lead changes and the VP standing
// at each turn's end, and the margin of those the final count decided.
// Counts only, as the rest of the totals, so shards merge exactly.
type Course struct {
	// Routes: route -> games (every game; "unfinished" at the action
	// limit).
	Routes map[string]int `json:"routes"`
	// LeadChanges: changes -> games, of the games with a VP track.
	LeadChanges map[string]int `json:"leadChanges"`
	// Margins: whole VP -> games, of the games the final count decided
	// with a margin (rules.Swing).
	Margins map[string]int `json:"margins"`
	// VPByTurn: turn -> VP (strconv 'g') -> games that reached that
	// turn's end with it; LeaderByTurn: turn -> leader ("" none) -> games.
	VPByTurn     map[string]map[string]int `json:"vpByTurn"`
	LeaderByTurn map[string]map[string]int `json:"leaderByTurn"`
}

func newCourse() *Course {
	return &Course{Routes: map[string]int{}, LeadChanges: map[string]int{}, Margins: map[string]int{},
		VPByTurn: map[string]map[string]int{}, LeaderByTurn: map[string]map[string]int{}}
}

// AddCourse counts the course of a finished game whose outcome is o (an
// engine that tells none is not counted).
func (t *Totals) AddCourse(g Game, o Outcome) {
	c, ok := g.(rules.Chronicler)
	if !ok {
		return
	}
	if t.Course == nil {
		t.Course = newCourse()
	}
	tc := t.Course
	route := c.Route()
	if o.Level == Unfinished {
		route = Unfinished
	}
	tc.Routes[route]++
	track := c.VPTrack()
	if len(track) > 0 {
		tc.LeadChanges[strconv.Itoa(rules.LeadChanges(track))]++
	}
	for _, s := range track {
		turn := strconv.Itoa(s.Turn)
		addNested(tc.VPByTurn, turn, strconv.FormatFloat(s.VP, 'g', -1, 64), 1)
		addNested(tc.LeaderByTurn, turn, s.Leader, 1)
	}
	if m, ok := c.Margin(); ok && o.Level != Unfinished {
		tc.Margins[strconv.Itoa(m)]++
	}
}

func addNested(m map[string]map[string]int, k, v string, n int) {
	if m[k] == nil {
		m[k] = map[string]int{}
	}
	m[k][v] += n
}

// merge adds another shard's course counts.
func (c *Course) merge(o *Course) {
	addCounts(c.Routes, o.Routes)
	addCounts(c.LeadChanges, o.LeadChanges)
	addCounts(c.Margins, o.Margins)
	for _, pair := range []struct{ dst, src map[string]map[string]int }{{c.VPByTurn, o.VPByTurn}, {c.LeaderByTurn, o.LeaderByTurn}} {
		for k, vs := range pair.src {
			for v, n := range vs {
				addNested(pair.dst, k, v, n)
			}
		}
	}
}

// check verifies course counts read from a file: no negative count, the
// routes add up to the games played, no other table counts more games
// than were played, values are whole numbers (VP finite numbers), and at
// each turn the leaders count the games the VP values do.
func (c *Course) check(played int) error {
	if c.Routes == nil || c.LeadChanges == nil || c.Margins == nil || c.VPByTurn == nil || c.LeaderByTurn == nil {
		return fmt.Errorf("course: a table is missing")
	}
	sum := func(name string, m map[string]int, whole bool) (int, error) {
		n := 0
		for _, k := range sortedKeys(m) {
			if m[k] < 0 {
				return 0, fmt.Errorf("course %s %q counts %d games", name, k, m[k])
			}
			if whole {
				if v, err := strconv.Atoi(k); err != nil || v < 0 {
					return 0, fmt.Errorf("course %s %q is not a whole number", name, k)
				}
			}
			n += m[k]
		}
		return n, nil
	}
	n, err := sum("routes", c.Routes, false)
	if err != nil {
		return err
	}
	if n != played {
		return fmt.Errorf("the course routes add up to %d games, not the %d played", n, played)
	}
	for _, tb := range []struct {
		name string
		m    map[string]int
	}{{"leadChanges", c.LeadChanges}, {"margins", c.Margins}} {
		if n, err := sum(tb.name, tb.m, true); err != nil {
			return err
		} else if n > played {
			return fmt.Errorf("course %s counts %d games, more than the %d played", tb.name, n, played)
		}
	}
	if len(c.VPByTurn) != len(c.LeaderByTurn) {
		return fmt.Errorf("course: VP for %d turns, leaders for %d", len(c.VPByTurn), len(c.LeaderByTurn))
	}
	for _, turn := range sortedKeys(c.VPByTurn) {
		if v, err := strconv.Atoi(turn); err != nil || v < 0 {
			return fmt.Errorf("course vpByTurn: turn %q is not a whole number", turn)
		}
		nv, err := sum("vpByTurn "+turn, c.VPByTurn[turn], false)
		if err != nil {
			return err
		}
		for k := range c.VPByTurn[turn] {
			if _, err := strconv.ParseFloat(k, 64); err != nil || !finite(k) {
				return fmt.Errorf("course vpByTurn %s: %q is not a number", turn, k)
			}
		}
		nl, err := sum("leaderByTurn "+turn, c.LeaderByTurn[turn], false)
		if err != nil {
			return err
		}
		if nv > played || nl != nv {
			return fmt.Errorf("course turn %s: VP for %d games, leaders for %d, of %d played", turn, nv, nl, played)
		}
	}
	return nil
}

// checkScenario checks course counts against the scenario: every route
// is one an engine reports, every leader a side, no standing beyond the
// scenario's last turn (last, described as of; 0: not known).
func (c *Course) checkScenario(isSide func(string) bool, last int, of string) error {
	known := map[string]bool{rules.RouteAutomatic: true, rules.RouteSuddenDeath: true, rules.RouteFinalCount: true, rules.RouteNoResult: true, Unfinished: true}
	for _, r := range sortedKeys(c.Routes) {
		if !known[r] {
			return fmt.Errorf("course route %q is not a victory route (automatic, sudden death, final count, no result, unfinished)", r)
		}
	}
	for _, turn := range sortedKeys(c.LeaderByTurn) {
		for _, l := range sortedKeys(c.LeaderByTurn[turn]) {
			if !isSide(l) {
				return fmt.Errorf("course turn %s: leader %q is no side of the scenario", turn, l)
			}
		}
		if v, _ := strconv.Atoi(turn); last > 0 && v > last {
			return fmt.Errorf("course: a VP standing at the end of turn %s, beyond the scenario's %s", turn, of)
		}
	}
	return nil
}

func finite(k string) bool {
	v, err := strconv.ParseFloat(k, 64)
	return err == nil && v-v == 0
}
