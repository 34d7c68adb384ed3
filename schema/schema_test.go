package schema

import (
	"testing"

	"github.com/musterhq/muster/internal/jsonsrc"
)

func TestEmbeddedSchemasCompile(t *testing.T) {
	if err := Compile(); err != nil {
		t.Fatal(err)
	}
	want := []Kind{"counters", "game", "map", "playtest", "record", "scenario", "table"}
	got := Kinds()
	if len(got) != len(want) {
		t.Fatalf("Kinds() = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Kinds() = %v, want %v", got, want)
		}
	}
}

func TestKindOf(t *testing.T) {
	tests := map[string]Kind{
		"../../schema/scenario.schema.json":                "scenario",
		"https://muster.invalid/schema/v1/map.schema.json": "map",
		`..\schema\game.schema.json`:                       "game",
		"counters.schema.json":                             "counters",
		"common.schema.json":                               "",
		"https://json-schema.org/draft/2020-12/schema":     "",
		"scenario.json":                                    "",
	}
	for ref, want := range tests {
		got, ok := KindOf(ref)
		if got != want || ok != (want != "") {
			t.Errorf("KindOf(%q) = %q, %v; want %q", ref, got, ok, want)
		}
	}
}

// A reference to a schema outside the embedded set is never fetched.
func TestNoNetwork(t *testing.T) {
	src := []byte(`{"$schema": "x/scenario.schema.json"}`)
	root, _ := jsonsrc.Parse(src)
	ds := Validate("scenario", jsonsrc.NewFile("x.json", src), root)
	if len(ds) == 0 {
		t.Fatal("an empty scenario must fail its schema")
	}
	if _, ok := KindOf("https://example.com/evil.schema.json"); ok {
		t.Fatal("unknown schema URL accepted")
	}
}

// A result is a winner or a draw, never neither nor both (TPC 30.0 draws);
// a start marker is a marker or a counter, never neither.
func TestOutcomeAndStartMarkerShapes(t *testing.T) {
	doc := func(victory, markers string) []byte {
		return []byte(`{"$schema": "scenario.schema.json", "id": "x", "module": "tpc", "title": "x", "source": {},
			"maps": {"text": "x"}, "length": {"text": "x", "turns": 1}, "setup": [{"side": "union", "rows": []}],
			"specialRules": [], "start": {"markers": [` + markers + `]}, "victory": ` + victory + `}`)
	}
	tests := []struct {
		name, victory, markers string
		ok                     bool
	}{
		{"winner", `{"text": "x", "otherwise": {"winner": "union"}}`, `{"marker": "control"}`, true},
		{"draw", `{"text": "x", "automatic": [{"text": "x", "draw": true}], "otherwise": {"draw": true}}`, `{"unit": "c.longstreet.ldr-corps", "turn": 172}`, true},
		{"no result", `{"text": "x", "automatic": [{"text": "x", "level": "Draw"}]}`, `{"marker": "control"}`, false},
		{"winner and draw", `{"text": "x", "otherwise": {"winner": "union", "draw": true}}`, `{"marker": "control"}`, false},
		{"marker and unit", `{"text": "x"}`, `{"marker": "control", "unit": "c.lee.ldr-army"}`, false},
		{"neither marker nor unit", `{"text": "x"}`, `{"turn": 3}`, false},
	}
	for _, tt := range tests {
		src := doc(tt.victory, tt.markers)
		root, err := jsonsrc.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		ds := Validate("scenario", jsonsrc.NewFile("x.json", src), root)
		if (len(ds) == 0) != tt.ok {
			t.Errorf("%s: %d schema findings %v, want ok=%v", tt.name, len(ds), ds, tt.ok)
		}
	}
}

// BenchmarkCompile measures the one-time cost every muster run pays before
// validating anything.
func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := compileSchemas(); err != nil {
			b.Fatal(err)
		}
	}
}
