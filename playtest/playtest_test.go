package playtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShippedScriptsPass(t *testing.T) {
	scripts, _ := filepath.Glob("../scenarios/*/playtests/*.json")
	if len(scripts) < 3 {
		t.Fatalf("only %d shipped scripts", len(scripts))
	}
	for _, p := range scripts {
		if r := RunFile(p); !r.Passed() {
			t.Errorf("%s: %s %v", p, r.Failure, r.Diags)
		}
	}
}

// A script may name its scenario by a path relative to itself.
func TestScenarioByPath(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("../scenarios/tpc/scenarios/01-my-best-achievement.json")
	os.WriteFile(filepath.Join(dir, "s1.json"), []byte(strings.ReplaceAll(string(src), "../../../schema/", "")), 0o644)
	script := `{"$schema": "playtest.schema.json", "id": "by-path", "scenario": "s1.json",
	  "steps": [{"do": "move", "unit": "u.barlow.inf", "to": "S0413"}, {"expect": "vp", "total": 80}]}`
	p := filepath.Join(dir, "t.json")
	os.WriteFile(p, []byte(script), 0o644)
	if r := RunFile(p); !r.Passed() || r.Steps != 2 {
		t.Fatalf("%+v", r)
	}
	os.WriteFile(p, []byte(strings.Replace(script, "s1.json", "missing.json", 1)), 0o644)
	if r := RunFile(p); r.Passed() || !strings.Contains(r.Failure, "missing.json") {
		t.Fatalf("a missing scenario file must fail naming it: %+v", r.Failure)
	}
}

// BenchmarkScript1000 runs a 1,000-step script on scenario 1: moves back
// and forth with a victory count every tenth step.
func BenchmarkScript1000(b *testing.B) {
	var steps []string
	for i := 0; len(steps) < 1000; i++ {
		to := "S2108"
		if i%2 == 0 {
			to = "S2008"
		}
		steps = append(steps, `{"do": "move", "unit": "u.barlow.inf", "to": "`+to+`"}`)
		if i%9 == 8 {
			steps = append(steps, `{"expect": "vp", "total": 0}`)
		}
	}
	src := `{"$schema": "playtest.schema.json", "id": "bench", "scenario": "tpc-01", "steps": [` + strings.Join(steps[:1000], ",\n") + `]}`
	p := filepath.Join(b.TempDir(), "bench.json")
	os.WriteFile(p, []byte(src), 0o644)
	if r := RunFile(p); !r.Passed() || r.Steps != 1000 {
		b.Fatalf("%+v", r.Failure)
	}
	b.ReportAllocs()
	for b.Loop() {
		RunFile(p)
	}
}
