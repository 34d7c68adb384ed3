package lgv

import "testing"

// Taking Control of an Area that holds no Entrench marker places none,
// whoever's marker last stood there (15.2, line 735: "If a friendly unit
// enters an Area containing an enemy entrenchment marker but there are no
// enemy units in the Area to assault, that entrenchment marker is removed
// and a friendly Entrench +1 marker may be placed"): a Union marker
// removed earlier (level 0, the Union still named as its side) gives the
// Confederate player nothing. With a Union +1 marker there, the marker is
// removed and a Confederate +1 is offered (a capture), placed only when
// the Confederate player takes it.
func TestTakeControlNoMarker(t *testing.T) {
	e := testEngine(t)
	x, err := e.Sim(1)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	loc := e.b.lookup("20")
	g.setControl(union, loc)
	g.setEntrench(loc, 1, union)
	g.setEntrench(loc, 0, union) // removed (15.3)
	g.takeControl(confederate, loc, false)
	if g.ent(union, loc) != 0 || g.ent(confederate, loc) != 0 || len(g.captures) != 0 {
		t.Fatalf("no marker to capture, yet levels union %d confederate %d, captures %v", g.ent(union, loc), g.ent(confederate, loc), g.captures)
	}
	g.setControl(union, loc)
	g.setEntrench(loc, 1, union)
	g.takeControl(confederate, loc, false)
	if g.ent(union, loc) != 0 || g.ent(confederate, loc) != 0 || !contains(g.captures, loc) {
		t.Fatalf("a Union +1 entered: levels union %d confederate %d, captures %v; want the marker removed and a capture offered", g.ent(union, loc), g.ent(confederate, loc), g.captures)
	}
	g.capture(confederate, loc)
	if g.ent(union, loc) != 0 || g.ent(confederate, loc) != 1 {
		t.Fatalf("a Union +1 captured: levels union %d confederate %d, want a Confederate +1 only", g.ent(union, loc), g.ent(confederate, loc))
	}
}
