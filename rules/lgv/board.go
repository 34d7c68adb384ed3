// Package lgv is the rules engine of Lee's Greatest Victory (GCACW-style
// area game, rulebook 002_3f3906921120270a.txt, modules 6-18): the whole
// sequence of play as a state machine whose every decision is a legal
// action, so scripted playtests and bots can play complete games.
//
// The engine compiles a module into flat arrays (board, units) once per
// scenario; a game state is a few small slices copied in a clone, so
// automated playouts run thousands of games a second.
package lgv

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/musterhq/muster/scenarios"
)

// Sides are indices: union 0, confederate 1.
const (
	union       = 0
	confederate = 1
)

var sideNames = [2]string{"union", "confederate"}

func sideIndex(s string) int {
	if s == "confederate" {
		return confederate
	}
	return union
}

// Boundary kinds (3.1.5).
const (
	openGround = iota
	zoneArrow
	minorWater
	majorWater
)

type link struct {
	to         int
	boundary   int
	road, ford bool
	prohibited bool
	germanna   bool // Zone H - Area 53 (14.1.1)
	// deny is the movement case a unit of each class (moveClass) breaks
	// by taking the link whatever the position: an index of denyCases.
	deny [3]uint8
}

// Movement classes: what the static restrictions of 8.4 depend on.
const (
	classUnion = iota
	classEngineer
	classConfederate
)

// denyCases are the static refusals of moveCost, in the order it checks.
var denyCases = [...]string{"", "LGV 8.4.2", "LGV 14.2", "LGV 8.4.6", "LGV 8.4.3", "LGV 8.4.4"}

// board is the static map: locations are Areas and Zones by index.
type board struct {
	ids    []string
	index  map[string]int
	zone   []bool
	sector []int // side whose Operational Sector holds the location
	tem    []int
	wild   []bool
	hill   []bool
	star   []bool
	vp     []int
	adj    [][]link
	// exitZones are Zones C and D (14.2.1, 17.1.1), exitFrom Areas 16 and
	// 47, targetZones L, M, N, O.
	exitZones, exitFrom, targetZones []bool
	// reynolds is the start Pontoon Bridge's ford (5.3.1), or none.
	reynoldsA, reynoldsB int
	// near lists the locations a Fresh unit here makes cost 2 MF to enter
	// (8.2): linked, not across a Major Water Boundary or a prohibited
	// boundary.
	near [][]int
	// germannaH and germanna53 are Zone H and Area 53 (14.1.1), or none.
	germannaH, germanna53 int
	// open lists, by movement class and location, the indices in adj of
	// the links no static case of 8.4 or 14.2 closes to the class
	// (link.deny, prohibited): the only ones the move listing need try.
	open [3][][]int
}

// noLink is what linkOf returns for locations not adjacent; never changed.
var noLink link

// linkOf returns the link from a to c, if adjacent (not to be changed).
func (b *board) linkOf(a, c int) (*link, bool) {
	adj := b.adj[a]
	for i := range adj {
		if adj[i].to == c {
			return &adj[i], true
		}
	}
	return &noLink, false
}

// compileBoard reads the map and lists what it lacks for play.
func compileBoard(m *scenarios.Map) (*board, []string) {
	var missing []string
	if m == nil || m.Kind != "area" {
		return nil, []string{"the module has no area map"}
	}
	b := &board{index: map[string]int{}, reynoldsA: none, reynoldsB: none}
	for _, a := range m.Areas {
		if a.Kind == "box" {
			continue
		}
		i := len(b.ids)
		b.ids = append(b.ids, a.ID)
		b.index[a.ID] = i
		b.zone = append(b.zone, a.Kind == "zone")
		b.sector = append(b.sector, sideIndex(a.Sector))
		if a.Sector == "" {
			missing = append(missing, fmt.Sprintf("map: the Operational Sector of %s %s (3.1.4)", a.Kind, a.ID))
		}
		tem := 0
		if a.TEM != nil {
			tem = *a.TEM
		} else {
			missing = append(missing, fmt.Sprintf("map: the TEM of %s %s (3.1.2)", a.Kind, a.ID))
		}
		b.tem = append(b.tem, tem)
	}
	n := len(b.ids)
	b.wild, b.hill, b.star, b.vp = make([]bool, n), make([]bool, n), make([]bool, n), make([]int, n)
	b.exitZones, b.exitFrom, b.targetZones = make([]bool, n), make([]bool, n), make([]bool, n)
	b.adj = make([][]link, n)
	for _, f := range m.Features {
		var set []bool
		switch f.ID {
		case "wilderness":
			set = b.wild
		case "hills":
			set = b.hill
		case "momentum-stars":
			set = b.star
		case "vp-areas":
			for _, h := range f.Hexes {
				if i, ok := b.index[h]; ok {
					b.vp[i] = 1
					if p, ok := f.Attributes["points"].(float64); ok {
						b.vp[i] = int(p)
					}
				}
			}
		case "reynolds-crossing":
			if len(f.Hexes) == 2 {
				b.reynoldsA, b.reynoldsB = b.lookup(f.Hexes[0]), b.lookup(f.Hexes[1])
			} else {
				missing = append(missing, "map: the two Areas Reynold's Crossing joins (5.3.1)")
			}
		}
		if set != nil {
			if f.Complete != nil && !*f.Complete {
				missing = append(missing, fmt.Sprintf("map: feature %s is incomplete", f.ID))
			}
			for _, h := range f.Hexes {
				if i, ok := b.index[h]; ok {
					set[i] = true
				}
			}
		}
	}
	kinds := map[string]int{"open-ground": openGround, "zone-arrow": zoneArrow, "minor-water": minorWater, "major-water": majorWater}
	for _, a := range m.Adjacency {
		if len(a.Between) != 2 {
			continue
		}
		x, y := b.lookup(a.Between[0]), b.lookup(a.Between[1])
		if x < 0 || y < 0 {
			missing = append(missing, fmt.Sprintf("map: adjacency %v names an unknown location", a.Between))
			continue
		}
		k, ok := kinds[a.Boundary]
		if !ok && !a.Prohibited {
			missing = append(missing, fmt.Sprintf("map: the boundary type between %s and %s (3.1.5)", a.Between[0], a.Between[1]))
		}
		b.adj[x] = append(b.adj[x], link{to: y, boundary: k, road: a.Road, ford: a.Ford, prohibited: a.Prohibited})
		b.adj[y] = append(b.adj[y], link{to: x, boundary: k, road: a.Road, ford: a.Ford, prohibited: a.Prohibited})
	}
	b.near = make([][]int, n)
	for i := range b.adj {
		slices.SortFunc(b.adj[i], func(p, q link) int { return cmp.Compare(p.to, q.to) })
		for _, l := range b.adj[i] {
			if !l.prohibited && l.boundary != majorWater {
				b.near[i] = append(b.near[i], l.to)
			}
		}
	}
	b.germannaH, b.germanna53 = b.lookup("H"), b.lookup("53")
	for _, id := range []string{"C", "D"} {
		if i := b.lookup(id); i != none {
			b.exitZones[i] = true
		}
	}
	for _, id := range []string{"16", "47"} {
		if i := b.lookup(id); i != none {
			b.exitFrom[i] = true
		}
	}
	for _, id := range []string{"L", "M", "N", "O"} {
		if i := b.lookup(id); i != none {
			b.targetZones[i] = true
		}
	}
	for c := range b.open {
		b.open[c] = make([][]int, n)
	}
	for x := range b.adj {
		for i := range b.adj[x] {
			l := &b.adj[x][i]
			b.finishLink(x, l)
			for c := range b.open {
				if !l.prohibited && l.deny[c] == 0 {
					b.open[c][x] = append(b.open[c][x], i)
				}
			}
		}
	}
	for _, t := range m.Missing {
		if t.MadeUp != "" {
			continue // a test module stands in for it with made-up data
		}
		switch t.Topic {
		case "adjacency", "boundary-types", "roads", "tem", "wilderness", "hills", "fords", "zone-arrows":
			missing = append(missing, fmt.Sprintf("map: %s (%s)", t.Topic, t.Text))
		}
	}
	return b, missing
}

// finishLink works out what a link from x means whatever the position.
func (b *board) finishLink(x int, l *link) {
	l.germanna = b.germannaH != none && (x == b.germannaH && l.to == b.germanna53 || x == b.germanna53 && l.to == b.germannaH)
	for c := range l.deny {
		l.deny[c] = b.staticDeny(c, x, *l)
	}
}

// staticDeny is the first case of 8.4 and 14.2 a unit of class c breaks
// by moving from x over l, whatever the position (moveCost checks the rest).
func (b *board) staticDeny(c, x int, l link) uint8 {
	to := l.to
	switch {
	case c == classConfederate && b.sector[to] != confederate:
		return 1
	case c != classConfederate && b.zone[to] && b.sector[to] == confederate && !b.exitZones[to]:
		return 2
	case c == classEngineer && b.sector[to] != union:
		return 3
	case (b.wild[x] || b.wild[to]) && !l.road:
		return 4
	case (l.boundary == majorWater || l.germanna) && (c == classConfederate || !l.ford && !l.germanna):
		return 5
	}
	return 0
}

func (b *board) lookup(id string) int {
	if i, ok := b.index[id]; ok {
		return i
	}
	return none
}

// Unit kinds.
const (
	infantry = iota
	cavalry
	artillery
	engineer
	leader
	nKinds
)

// unitInfo is a counter's static data.
type unitInfo struct {
	id              string
	name            string
	side            int
	kind            int
	command         string
	attack          int // -1 for a Leader's '*'
	defense         int
	exhDefense      int
	mf              int
	independent     bool
	armyLeader      bool // Hooker, Lee (7.1.3, 12.2, 17.2)
	stackFree       bool // stacks free wherever (7.1.3; game.json stacking free units)
	frontBonus      int  // +1, or +2 for Jackson, Lee, Stuart (9.4.2F)
	artLeader       bool // Pendleton (10.3C)
	kiaVP           int  // 17.2: Confederate +1 (+2 Jackson, Stuart; +3 Lee); Union -1 (-2 Hooker)
	jacksonOrStuart bool
	class           int // movement class (classUnion, classEngineer, classConfederate)
}

// compileUnits reads the counters of the units a scenario uses and lists
// the values they lack.
func compileUnits(cs *scenarios.Counters, ids []string) ([]unitInfo, []string) {
	byID := map[string]*scenarios.Counter{}
	if cs != nil {
		for i := range cs.Counters {
			byID[cs.Counters[i].ID] = &cs.Counters[i]
		}
	}
	var out []unitInfo
	var missing []string
	for _, id := range ids {
		c := byID[id]
		if c == nil {
			missing = append(missing, "counters: no counter "+id)
			continue
		}
		u := unitInfo{id: id, name: c.Name, side: sideIndex(c.Side), command: c.Command}
		switch c.Type {
		case "Inf":
			u.kind = infantry
		case "Cav":
			u.kind = cavalry
		case "Art":
			u.kind = artillery
		case "Eng":
			u.kind = engineer
		case "Ldr":
			u.kind = leader
		}
		get := func(key string) (int, bool) {
			v, ok := c.Printed.Values[key]
			if !ok {
				return 0, false
			}
			switch x := v.(type) {
			case float64:
				return int(x), true
			case int:
				return x, true
			case string:
				if x == "*" {
					return -1, true
				}
				n, err := strconv.Atoi(x)
				return n, err == nil
			}
			return 0, false
		}
		var lack []string
		for _, k := range []string{"attack", "defense", "movement", "exhaustedDefense", "independent"} {
			v, ok := get(k)
			if !ok {
				lack = append(lack, k)
			}
			switch k {
			case "attack":
				u.attack = v
			case "defense":
				u.defense = v
			case "movement":
				u.mf = v
			case "exhaustedDefense":
				u.exhDefense = v
			case "independent":
				u.independent = v == 1
			}
		}
		if len(lack) > 0 {
			missing = append(missing, fmt.Sprintf("counters: %s (%s) lacks %v (4.3.2)", id, c.Name, lack))
		}
		if u.kind == leader {
			u.attack = -1
			u.frontBonus = 1
			u.kiaVP = 1
			if u.side == union {
				u.kiaVP = -1
			}
			switch c.Name {
			case "Hooker":
				u.armyLeader, u.kiaVP = true, -2
			case "Lee":
				u.armyLeader, u.frontBonus, u.kiaVP = true, 2, 3
			case "Jackson", "Stuart":
				u.frontBonus, u.kiaVP, u.jacksonOrStuart = 2, 2, true
			case "Pendelton", "Pendleton":
				u.artLeader = true
			}
		}
		switch {
		case u.side == confederate:
			u.class = classConfederate
		case u.kind == engineer:
			u.class = classEngineer
		}
		out = append(out, u)
	}
	return out, missing
}
