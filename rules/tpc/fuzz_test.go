package tpc

import (
	"testing"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// FuzzScriptSteps plays any steps in any order on the campaign: every
// step gets an error or a new position, never a panic, and the game's
// figures stay within TPC's bounds.
func FuzzScriptSteps(f *testing.F) {
	f.Add([]byte{0, 5, 1, 9, 3, 4, 7, 2, 8, 8, 1, 1, 12, 0, 0})
	f.Add([]byte{20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add([]byte{7, 7, 7, 7, 30, 1, 30, 2, 30, 3, 31, 4, 31, 5})
	f.Fuzz(playFuzzSteps)
}

// playFuzzSteps plays the steps the bytes choose on a new game.
func playFuzzSteps(t *testing.T, data []byte) {
	d, err := newScriptDriver(scenarios.Builtin().Scenario("tpc-11"), &rules.Script{ID: "fuzz", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := int(data[0])
		data = data[1:]
		return b
	}
	plays := []string{"continue", "active", "passive", "override", "accept", "entrench", "burn", "assault", "attack", "move", "retreat",
		"bridge", "withdraw", "assign", "redoubt-build", "detach", "attach", "combine", "breakdown", "nonsense"}
	units := []string{"u.barlow.inf", "u.gibbon.inf", "u.hancock-b.ldr-corps", "u.ames-a.inf", "c.hoke.div", "c.clingman.inf", "c.colquitt.inf",
		"c.kershaw.inf", "c.lomax.cav", "c.1-va.inf", "c.rosser.cav", "union.substitute-infantry-1", "nobody"}
	hexes := []string{"S1012", "S0613", "N0428", "N0529", "S0301", "N0627", "S0413", "X9999", "", "GTC S3546"}
	values := []any{"major", "minor", 3.0, true, false, "x", -1.0, 1e9}
	facts := []string{"evacuation", "evacuation-condition", "petersburg-occupied", "richmond-paths-cut", "cohesion", "confederate-exited", "union-tactical-failure"}
	setKeys := []string{"manpower", "artillery", "entrenchment", "surrounded", "far-from-richmond", "manpower:u.gibbon.inf", "demoralized", "out-of-supply", "out-of-cohesion", "u.barlow.inf", "c.hoke.div", "chesterfield", "location-ok", "enemy-zoc"}
	for steps := 0; len(data) > 0 && steps < 200; steps++ {
		s := &rules.Step{Unit: units[next()%len(units)], To: hexes[next()%len(hexes)], At: hexes[next()%len(hexes)],
			Side: []string{"union", "confederate", ""}[next()%3], Value: values[next()%len(values)],
			Targets: []string{units[next()%len(units)], units[next()%len(units)]}[:1+next()%2]}
		s.Set = map[string]any{setKeys[next()%len(setKeys)]: values[next()%len(values)]}
		switch k := next() % 10; {
		case k < 5:
			s.Play = plays[next()%len(plays)]
		case k == 5:
			s.Do, s.Turn = "turn", next()*2
		case k == 6:
			s.Do, s.Facts = "fact", map[string]any{facts[next()%len(facts)]: values[next()%len(values)]}
		case k == 7:
			s.Do = []string{"place", "eliminate", "marker"}[next()%3]
			s.Marker = []string{"redoubt", "fort-destroyed", "major-bridge", "minor-bridge", "x"}[next()%5]
			s.Remove = next()%2 == 0
		case k == 8:
			s.Do, s.Track = "track", []string{"turn", "cp", "posture-box", "posture"}[next()%4]
		default:
			s.Expect, s.Track = "track", []string{"result", "unit.c.hoke.div", "withdrawn.u-1864-07-08-withdrawal", "cp", "weather"}[next()%5]
			_ = d.Expect(s)
			continue
		}
		_ = d.Act(s)
		g := d.(*scriptDriver).g
		for _, u := range g.board.units {
			if u.manpower < 0 || u.artillery < 0 {
				t.Fatalf("%s has manpower %d, artillery %d after %+v", u.id, u.manpower, u.artillery, s)
			}
		}
		if g.cp < 0 || g.box < 0 || g.box > 3 {
			t.Fatalf("command points %d, posture box %d after %+v", g.cp, g.box, s)
		}
	}
}
