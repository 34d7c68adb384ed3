package uscw

import (
	"testing"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// 17.1.4 (U1374): when a Border State joins a side "the opposing player
// places Control markers in each Town or Port hex in that state where he
// has SPs or Forts-all other Cities, Towns and Port hexes in the state
// are considered friendly to the controlling player". The test map's
// places are all towns (script 442 pins the Towns and a Port), so the
// test makes one Missouri town, 2749, a City on the map in memory
// before compiling: the Union's SPs there take no marker when Missouri
// joins the Confederate, while those in the Town 2849 and the Port 2449
// (Norfolk, a town and an Ocean Port) do.
func TestJoinStateTownsAndPorts(t *testing.T) {
	g := gameOnMap(t, scen1861, map[string]func(*scenarios.HexData){"2749": func(h *scenarios.HexData) { h.Place = "city" }})
	b := g.e.b
	city, town, port := b.pts["2749"], b.pts["2849"], b.pts["2449"]
	for _, p := range []struct {
		at    string
		place string
		port  bool
	}{{"2749", "city", false}, {"2849", "town", false}, {"2449", "town", true}} {
		h := b.hexes[b.pts[p.at]]
		if homeState(h) != "missouri" || h.Place != p.place || (h.Port != "") != p.port {
			t.Fatalf("the premise: %s a %s in Missouri (port %v), got %s, %q, %q", p.at, p.place, p.port, homeState(h), h.Place, h.Port)
		}
	}
	if g.core.Statuses["missouri"] != "union" {
		t.Fatal("the premise: Missouri Union in 1861")
	}
	for _, p := range []rules.Point{city, town, port} {
		g.addSP("union", p, 1)
	}
	g.joinState("missouri", "confederate")
	if g.marker[town] != "union" || g.marker[port] != "union" {
		t.Errorf("the Union's SPs in the Town 2849 and the Port 2449: want Union Control markers, got %q and %q", g.marker[town], g.marker[port])
	}
	if m := g.marker[city]; m != "" {
		t.Errorf("the City 2749 is no Town or Port: no marker (U1374), got %q", m)
	}
	g.sp["union"][city] = 0
	g.touch(city)
	if c := g.controller(city); c != "confederate" {
		t.Errorf("the City 2749, its Union SPs gone, is 'considered friendly to the controlling player' (U1374): got %q", c)
	}
}
