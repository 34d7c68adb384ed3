package schema

import (
	"testing"

	"github.com/musterhq/muster/internal/jsonsrc"
)

func TestEmbeddedSchemasCompile(t *testing.T) {
	if err := Compile(); err != nil {
		t.Fatal(err)
	}
	want := []Kind{"counters", "game", "map", "scenario", "table"}
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
