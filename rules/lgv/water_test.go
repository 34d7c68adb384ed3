package lgv

import "testing"

// 9.4.3D (line 542): "+1 When making a Mandatory Attack (Section 9.1) if
// all of the attacking units crossed a minor water boundary, +2 if all of
// the attacking units crossed a Major Water Boundary". The engine reads a
// Major Water Boundary as a water boundary too: attackers that crossed
// some Major and some minor water all crossed water, +1 (README); one
// attacker across open ground, nothing. On the test map no position of
// play mixes the two in one attack (a Major crossing takes all MF, 8.4.4),
// so the reading is pinned here, with the crossings set by hand.
func TestMandatoryAttackWaterBonus(t *testing.T) {
	e := testEngine(t)
	// An Area with neighbours across open ground, minor and Major water.
	p, open, minor, major := none, none, none, none
	for loc := range e.b.ids {
		o, mi, ma := none, none, none
		for _, l := range e.b.adj[loc] {
			switch l.boundary {
			case openGround:
				o = l.to
			case minorWater:
				mi = l.to
			case majorWater:
				ma = l.to
			}
		}
		if o != none && mi != none && ma != none && !e.b.zone[loc] {
			p, open, minor, major = loc, o, mi, ma
			break
		}
	}
	if p == none {
		t.Fatal("no Area of the test map borders open ground, minor and Major water")
	}
	for _, c := range []struct {
		name string
		from []int
		want int
	}{
		{"all major", []int{major, major}, 2},
		{"all minor", []int{minor, minor}, 1},
		{"mixed major and minor", []int{major, minor}, 1},
		{"mixed minor and major", []int{minor, major}, 1},
		{"one across open ground", []int{major, open}, 0},
	} {
		g := e.NewGame(1)
		def, a1, a2 := e.byID["c.wright.inf"], e.byID["u.griffin.inf"], e.byID["u.sykes.inf"]
		g.setLoc(def, p)
		g.mover = union
		g.snap(p) // not Contested at the start of the Impulse: a Mandatory Attack (9.1)
		for i, u := range []int{a1, a2} {
			g.setLoc(u, p)
			g.moved[u], g.cameFrom[u] = true, c.from[i]
		}
		g.startAttack(p)
		if !g.cb.mandatory || len(g.cb.attackers) != 2 {
			t.Fatalf("%s: mandatory %v, %d attackers; want a Mandatory Attack by two", c.name, g.cb.mandatory, len(g.cb.attackers))
		}
		if g.cb.waterCross != c.want {
			t.Errorf("%s: water bonus %d, want %d", c.name, g.cb.waterCross, c.want)
		}
	}
}
