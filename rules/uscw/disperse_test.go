package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
)

// TestDisperseOffered: the bots are offered DISPERSE (4.3, U210) for a
// stack without Generals that is Out of Supply but not Isolated, and
// taking it moves its SPs to the Displaced Box for no Action Point; a
// stack with a General, an Isolated one and one in Supply are not
// offered it.
func TestDisperseOffered(t *testing.T) {
	x := unionToAct(t)
	g := x.g
	at, err := g.e.b.locate("4118") // deep in the made-up South: no Union LOC
	if err != nil {
		t.Fatal(err)
	}
	g.addSP("union", at, 2)
	if g.supplyAt("union", at) != outOfSupply || g.isolated("union", at) {
		t.Fatalf("the planted Union stack in 4118 should be Out of Supply and not Isolated (supply %v)", g.supplyAt("union", at))
	}
	want := "disperse 2 SPs at 4118"
	find := func() (rules.Action, bool) {
		x.at = -1
		for _, a := range x.Legal() {
			if x.Describe(a) == want {
				return a, true
			}
		}
		return 0, false
	}
	for p, n := range g.sp["union"] {
		if n > 0 && p != at && g.supplyAt("union", p) != outOfSupply {
			x.at = -1
			for _, a := range x.Legal() {
				if d := x.Describe(a); len(d) > 9 && d[:9] == "disperse " && d[len(d)-4:] == g.e.b.ids[p] {
					t.Errorf("%q offered for a stack in Supply", d)
				}
			}
			break
		}
	}
	a, ok := find()
	if !ok {
		t.Fatalf("%q is not offered", want)
	}
	if w := x.Weight(a, "union"); w >= 1 {
		t.Errorf("the sensible bot weighs a DISPERSE %v, not below passing (1)", w)
	}
	ap, box := g.ap, g.displace[displacedBox{"union", g.spaceTheater(at)}]
	if err := x.Apply(a); err != nil {
		t.Fatal(err)
	}
	if g.sp["union"][at] != 0 || g.displace[displacedBox{"union", g.spaceTheater(at)}] != box+2 || g.ap != ap {
		t.Errorf("after %q: %d SPs in 4118, %d in the box (was %d), %d Action Points (was %d)", want, g.sp["union"][at], g.displace[displacedBox{"union", g.spaceTheater(at)}], box, g.ap, ap)
	}
}
