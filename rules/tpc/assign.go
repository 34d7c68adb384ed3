package tpc

import (
	"fmt"
	"sort"

	"github.com/musterhq/muster/rules"
)

// assign gives the manpower adjustments of 15.0 (line 2155) to placed
// units, or takes them: set {UNIT: n}, n the manpower added (negative:
// deducted). What the tables gave a side and kind and is not yet
// assigned is the balance (Confederate losses of January-April are of
// any kind). A gain may not take a unit over its size's maximum (18.2),
// nor go to a unit out of supply, nor, for the Union, to infantry out
// of cohesion; a deduction may destroy a unit, which leaves the map
// (its artillery is the referee's to redistribute within 18.3's
// maxima). Surrounded units are the referee's to keep out.
func (g *game) assign(s *rules.Step) error {
	side := s.Side
	if side != "union" && side != "confederate" {
		return fmt.Errorf("assign: give the side (union or confederate)")
	}
	ids := make([]string, 0, len(s.Set))
	for id := range s.Set {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	if len(ids) == 0 {
		return fmt.Errorf("assign: set UNIT to the manpower it gains (or loses, negative)")
	}
	balance := copyMap(g.toAssign)
	type change struct {
		u *unit
		n int
	}
	var changes []change
	for _, id := range ids {
		u := g.board.units[id]
		if u == nil || u.side != side {
			return fmt.Errorf("assign: %s is not a %s unit on the map", id, side)
		}
		f, ok := s.Set[id].(float64)
		n := int(f)
		if !ok || f != float64(n) || n == 0 || n < -100 || n > 100 {
			return fmt.Errorf("assign: %s: a whole number of manpower, not 0, not %v", id, s.Set[id])
		}
		kind := kindOf(u.typ)
		key := side + "." + kind
		if balance[key] == 0 && side == "confederate" && balance["confederate.any"] != 0 {
			key = "confederate.any"
		}
		b := balance[key]
		switch {
		case kind == "":
			return refuse("15.0", "manpower is added to or deducted from cavalry and infantry units, not %s (%s)", id, u.typ)
		case b == 0 || (b > 0) != (n > 0) || abs(n) > abs(b):
			return refuse("15.0", "%s: the manpower adjustments leave %d %s manpower to assign, not %+d", id, b, key, n)
		case n > 0 && u.oos:
			return refuse("15.0", "%s is out of supply: manpower increases may not be applied to it", id)
		case n > 0 && side == "union" && kind == "infantry" && u.ooc:
			return refuse("15.0", "%s is out of cohesion: Union infantry units must be in cohesion to receive manpower", id)
		case n > 0 && manpowerCap(u) > 0 && u.manpower+n > manpowerCap(u):
			return refuse("15.0", "%s would have Manpower %d, over the %d its size allows (18.2)", id, u.manpower+n, manpowerCap(u))
		case n < 0 && u.manpower+n < 0:
			return refuse("15.0", "%s has Manpower %d: it cannot lose %d", id, u.manpower, -n)
		}
		balance[key] -= n
		changes = append(changes, change{u, n})
	}
	for _, c := range changes {
		c.u.manpower += c.n
		if c.u.manpower == 0 {
			delete(g.board.units, c.u.id)
			g.say("15.0", "%s is destroyed by the manpower reduction; its artillery %d may go to units of its type within 18.3's maxima", c.u.id, c.u.artillery)
			continue
		}
		g.say("15.0", "%s %+d manpower, now %d", c.u.id, c.n, c.u.manpower)
	}
	g.toAssign = balance
	return nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
