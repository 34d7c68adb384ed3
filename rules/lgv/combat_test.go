package lgv

import (
	"slices"
	"testing"
)

// The Bombardment targets are offered in location order, each once, however
// the Artillery units that reach them are listed (10.1.1 "Artillery may
// bombard their own Area or any adjacent Area"). The first Union Artillery
// unit (CT) reaches only Area 73 (location 72), its own Area made Contested;
// the NY and US Artillery in Area 56 both reach Area 6 (location 5), next to
// it across the ford.
func TestBombardTargetsInLocationOrder(t *testing.T) {
	e := testEngine(t)
	g := e.NewGame(1)
	ct, ny, us := e.byID["u.ct-artillery.art"], e.byID["u.ny-artillery.art"], e.byID["u.us-artillery.art"]
	if !slices.Equal(e.arts[union], []int{ct, ny, us}) {
		t.Fatalf("the test wants the Union Artillery listed CT, NY, US; got %v", e.arts[union])
	}
	g.setLoc(ny, e.b.lookup("56"))
	g.setLoc(us, e.b.lookup("56"))
	g.setLoc(e.byID["c.o-neal.inf"], e.b.lookup("73"))
	if err := g.apply(act(aContinue, 0, 0)); err != nil {
		t.Fatal(err)
	}
	if g.mover != union {
		t.Fatal("the test wants the Union to act")
	}
	var got []string
	for _, x := range g.legalActions() {
		if k, a, _ := split(x); k == aBombard {
			got = append(got, e.b.ids[a])
		}
	}
	if want := []string{"6", "73"}; !slices.Equal(got, want) {
		t.Errorf("bombardment targets %v, want %v (location order, each once)", got, want)
	}
}
