package uscw

import (
	"strings"
	"testing"
)

// The bots are offered 11.2.4's choice (U803) as the stage's only
// actions, the owner acts, and the invariant checker holds the stage to
// a pending choice. Script 186 plays both answers.
func TestSurvivorsOffered(t *testing.T) {
	e, err := Compile(loadScenario(t, scen1861))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.beginTurn()
	p, _ := e.b.locate("3430")
	g.genAt["c.lee.ldr-general"] = p
	g.victorsWithoutSPs("confederate", p)
	g.askSurvivors()
	x := &Game{g: g, at: -1}
	if got := x.ToAct(); got != "confederate" {
		t.Fatalf("the choice is the owner's, the confederate; ToAct is %q", got)
	}
	var names []string
	for _, c := range g.candidates(nil) {
		names = append(names, g.describe(c))
	}
	if strings.Join(names, ",") != "keep-generals,displace-generals" {
		t.Fatalf("stage %s offers %v, want keep-generals and displace-generals", stageNames[g.stage], names)
	}
	if v := g.survivorViolations(); len(v) != 0 {
		t.Fatalf("a pending choice reported: %v", v)
	}
	if err := g.play(candidate{survivors: displaceThem}); err != nil {
		t.Fatal(err)
	}
	if _, on := g.genAt["c.lee.ldr-general"]; on || g.displacedGen["c.lee.ldr-general"] == "" || g.stage != stPlayer {
		t.Fatalf("displace-generals: Lee on the map %v, displaced %q, stage %s", on, g.displacedGen["c.lee.ldr-general"], stageNames[g.stage])
	}
	g.stage = stGenerals // planted: no choice pending
	if v := g.survivorViolations(); len(v) != 1 || !strings.Contains(v[0], "11.2.4") {
		t.Errorf("the stage generals without a choice: %v, want one 11.2.4 report", v)
	}
}
