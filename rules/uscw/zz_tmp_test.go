package uscw

import (
	"fmt"
	"testing"
)

func TestZZHood(t *testing.T) {
	sf := loadScenario(t, scen1861)
	e, _ := Compile(sf)
	g, _ := newGame(e, 1)
	b := e.b
	for _, id := range []string{"4029", "4030", "4031", "4032", "3930", "3931", "4130", "4131", "3929", "4129"} {
		p, err := b.locate(id)
		if err != nil {
			continue
		}
		h := b.hexes[p]
		s := fmt.Sprintf("%s %s obj=%v bp=%v ctl=%s sp=u%d/c%d :", id, h.Terrain, h.Objective, h.BP != nil, g.controller(p), g.sp["union"][p], g.sp["confederate"][p])
		for _, n := range b.neighbors(p) {
			s += fmt.Sprintf(" %s%v", b.ids[n], b.topo.Side(p, n))
		}
		fmt.Println(s)
	}
	for id, p := range g.genAt {
		fmt.Println("GEN", id, b.ids[p])
	}
}
