package lgv

import (
	"testing"
	"time"

	"github.com/musterhq/muster/playtest"
)

// Scripts are outside input: whatever steps a script gives, in whatever
// order, the engine answers with an error or a new position, never a
// panic. The fuzzer picks each step's kind and arguments from the bytes.
func FuzzScriptSteps(f *testing.F) {
	sf := loadTest(f, testScenario)
	e, err := Compile(sf)
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte{0, 5, 1, 9, 3, 4, 7, 2, 8, 8, 1, 1, 12, 0, 0})
	f.Add([]byte{4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Fuzz(func(t *testing.T, data []byte) { playFuzzSteps(t, e, data) })
}

// playFuzzSteps plays the steps the bytes choose on a new game.
func playFuzzSteps(t testing.TB, e *Engine, data []byte) {
	plays := []string{"continue", "steal-march", "accept", "reroll", "pass", "assault", "bombard", "pontoon", "move", "stop", "commit",
		"attack", "end-activation", "lead", "front", "no-front", "support", "roll", "defend", "absorb", "retreat", "done", "screen",
		"bombard-with", "primary", "reorganize", "rally", "place", "entrench", "remove-entrench", "remove-pontoon", "hold-back", "capture"}
	edits := []string{"setup", "eliminate", "control", "marker", "track", "turn", "phase"}
	expects := []string{"at", "state", "control", "vp", "fail", "offered", "event", "decision", "combat", "marker", "track"}
	values := []any{"advantage", "marker", "flip", "eliminate", "retreat", "fresh", 3, false, "union", "none"}
	stuck := time.AfterFunc(10*time.Second, func() { panic("a script's steps took over 10 s: the engine loops") })
	defer stuck.Stop()
	script := &playtest.Script{ID: "fuzz", Seed: 1}
	d, err := newScriptDriver(e.sf, script)
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
	unit := func() string { return e.units[next()%len(e.units)].id }
	loc := func() string { return e.b.ids[next()%len(e.b.ids)] }
	for len(data) > 0 && len(data) < 4096 {
		s := &playtest.Step{Unit: unit(), To: loc(), At: loc(), Sacrifice: unit(), Value: values[next()%len(values)], Side: []string{"union", "confederate"}[next()%2]}
		switch k := next() % 8; {
		case k < 5:
			s.Play = plays[next()%len(plays)]
			_ = d.Act(s)
		case k == 5:
			s.Do = edits[next()%len(edits)]
			s.Set = map[string]any{"side": []string{"fresh", "exhausted"}[next()%2]}
			s.Marker = []string{"entrench-1", "entrench-2", "pontoon"}[next()%3]
			s.Track = []string{"rerolls.union", "vp", "advantage"}[next()%3]
			s.Turn = next()%7 + 1
			s.Phase = []string{"reorganization", "end"}[next()%2]
			s.Hexes = []string{loc()}
			_ = d.Act(s)
		default:
			s.Expect = expects[next()%len(expects)]
			s.Step = &playtest.Step{Play: plays[next()%len(plays)], Unit: unit(), To: loc(), At: loc(), Value: "flip"}
			s.Dim = "side"
			s.Facts = map[string]any{"av": 1}
			_ = d.Expect(s)
		}
	}
}
