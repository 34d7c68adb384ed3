package uscw

import (
	"fmt"
	"testing"
)

func TestTmpMap(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	b := e.b
	port := b.pts["3345"]
	for _, mp := range b.order {
		for _, lp := range b.neighbors(mp) {
			g, _ := newGame(e, 1)
			g.addSP("union", port, 1)
			g.addSP("union", mp, 5)
			g.addSP("confederate", lp, 6)
			if g.supplyAt("union", mp) != limitedSupply || g.supplyAt("confederate", lp) != fullSupply {
				continue
			}
			if g.sp["union"][lp] > 0 || g.sp["confederate"][mp] > 0 || len(g.generalsAt("union", mp))+len(g.generalsAt("union", lp))+len(g.generalsAt("confederate", lp)) > 0 {
				continue
			}
			c, _, err := b.stepCost(lp, mp)
			fmt.Println("M", b.ids[mp], b.hexes[mp].Terrain, "L", b.ids[lp], b.hexes[lp].Terrain, "cost", c, err, b.topo.Side(lp, mp), b.river(lp, mp), b.mountainOrMarsh(lp, mp))
		}
	}
}
