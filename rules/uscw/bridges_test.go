package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
)

// A railroad bridge the enemy holds Naval Control of is no bridge for
// the other side: "If the opposing player has Naval Control then treat
// the Navigable River hexside as if no railroad bridge exists there"
// (5.4.3, U277). Script 180 plays the bridge 3020-3021 that nobody
// controls; here a Confederate Fort in 3021 gives the Confederate its
// river hexsides (19.1.5), so the Union's ZOI, Avoid Battle and retreats
// may not cross it while the Confederate's still may. 3019-3020 has no
// bridge; the Railroad Ferry 3036-3037 bridges nothing for Reaction
// (5.4.4, U279).
func TestBridgeUnderEnemyNavalControl(t *testing.T) {
	g, _, _ := reactionGame(t, "2920", "3020")
	b := g.e.b
	pt := func(id string) rules.Point {
		p, err := b.locate(id)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, c := pt("3020"), pt("3021")
	for _, side := range sides {
		if k := g.barrier(side, a, c); k != "" {
			t.Fatalf("%s: the uncontrolled bridge 3020-3021 bars as %s", side, k)
		}
	}
	if k := g.barrier("union", pt("3019"), a); k == "" {
		t.Error("3019-3020 has no bridge but does not bar")
	}
	if k := g.barrier("union", pt("3036"), pt("3037")); k == "" {
		t.Error("the Railroad Ferry 3036-3037 bridges the river for Reaction")
	}
	g.setWorks(c, works{fort: "confederate", level: 1})
	g.touch(c)
	if nc := g.navalControl(a, c); nc != "confederate" {
		t.Fatalf("a Confederate Fort in 3021: Naval Control of 3020-3021 is %q, want confederate (19.1.5)", nc)
	}
	if k := g.barrier("union", a, c); k == "" {
		t.Error("the Union uses a bridge under Confederate Naval Control")
	}
	if k := g.barrier("confederate", a, c); k != "" {
		t.Errorf("the Confederate may use its own bridge, got %s", k)
	}
}
