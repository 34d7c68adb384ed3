package lgv

import (
	"slices"
	"testing"

	"github.com/musterhq/muster/rules"
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

// Equal rolls remove only a Leader declared to lead from the front (11.1.1,
// line 619: "If the original (unmodified) Attacker and Defender 2D6 results
// ... are equal, a Leader who was declared to have been 'leading from the
// front' ... is removed from play"). Griffin and Sykes, committed in
// Contested Area 6, attack with no Union Leader there to lead from the front,
// and both players roll 1+1. Nobody falls: not the Confederate Alexander's
// Artillery, the first non-Leader unit of the counter list (index 1), far
// away in Area 8.
func TestEqualRollsNoFrontLeader(t *testing.T) {
	e := testEngine(t)
	g := e.NewGame(1)
	griffin, sykes, alexander, area := e.byID["u.griffin.inf"], e.byID["u.sykes.inf"], e.byID["c.alexander.art"], e.b.lookup("6")
	g.setLoc(griffin, area)
	g.setLoc(sykes, area)
	g.control[e.b.lookup("5")] = union // two Confederate-sector Areas held: the game goes on (17.1.2)
	g.startTurn()
	g.forced = []int{1, 1, 1, 1}
	for _, x := range []rules.Action{act(aContinue, 0, 0), act(aAssault, area, 0), act(aCommit, griffin, 0), act(aCommit, sykes, 0), act(aAttack, area, 0), act(aLead, griffin, 0)} {
		if err := g.apply(x); err != nil {
			t.Fatalf("%s: %v", g.describe(x), err)
		}
	}
	for g.stage == stDefLead || g.stage == stReroll || g.stage == stSupport || g.stage == stFrontLeader {
		if err := g.apply(g.legalActions()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if g.last.ar != 2 || g.last.dr != 2 {
		t.Fatalf("rolls %d and %d, want 1+1 each", g.last.ar, g.last.dr)
	}
	for u := range g.units {
		if g.units[u].status == offFront {
			t.Errorf("%s removed leading from the front; no Leader led from the front", e.units[u].id)
		}
	}
	if s := g.units[alexander]; s.status != onMap || e.b.ids[s.loc] != "8" {
		t.Errorf("Alexander's Artillery status %d at %s, want on the map in Area 8", s.status, e.b.ids[s.loc])
	}
}
