package lgv

import (
	"errors"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/scenarios"
)

const testScenario = "testdata/module/scenarios/01-chancellorsville.json"

func loadTest(t testing.TB, path string) *scenarios.ScenarioFile {
	t.Helper()
	l := scenarios.NewLoader(scenarios.Disk{})
	sf, err := l.Scenario(path)
	if err != nil || sf == nil || l.Diags.HasErrors() {
		t.Fatalf("%s: %v %v", path, err, l.Diags)
	}
	return sf
}

func testEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := Compile(loadTest(t, testScenario))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The shipped module lacks the map and counter facts: play stops with
// the list.
func TestShippedModuleListsMissingData(t *testing.T) {
	sf := scenarios.Builtin().Scenario("lgv-01")
	_, err := Compile(sf)
	var md *MissingData
	if !errors.As(err, &md) {
		t.Fatalf("want MissingData, got %v", err)
	}
	for _, want := range []string{"map: the TEM of area 1", "counters: c.lee.ldr-army (Lee) lacks", "map: adjacency"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing-data list lacks %q", want)
		}
	}
}

func TestRandomGamesEnd(t *testing.T) {
	e := testEngine(t)
	bots := []sim.Bot{}
	for _, n := range []string{"random", "random"} {
		b, _ := sim.BotByName(n)
		bots = append(bots, b)
	}
	levels := map[string]int{}
	for seed := uint64(1); seed <= 200; seed++ {
		o, _, err := sim.Play(e.Sim, bots, seed, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if o.Level == sim.Unfinished {
			t.Fatalf("seed %d did not end", seed)
		}
		levels[o.Level]++
	}
	if len(levels) < 2 {
		t.Errorf("200 random games all ended the same way: %v", levels)
	}
	t.Log(levels)
}

func BenchmarkRandomGame(b *testing.B) {
	e := testEngine(b)
	r, _ := sim.BotByName("random")
	bots := []sim.Bot{r, r}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := sim.Play(e.Sim, bots, uint64(i+1), 20000); err != nil {
			b.Fatal(err)
		}
	}
}
