package jsonschema

import (
	"strings"
	"testing"
)

// The muster patch: no meta-schema is compiled at package init; the first
// Compile compiles them, and a schema is still checked against its
// meta-schema.
func TestMetaSchemasCompiledOnFirstUse(t *testing.T) {
	for _, d := range []*Draft{Draft4, Draft6, Draft7, Draft2019, Draft2020} {
		if d.meta != nil {
			t.Fatalf("%s meta-schema compiled before any Compile", d)
		}
	}
	c := NewCompiler()
	c.Draft = Draft2020
	if err := c.AddResource("bad.json", strings.NewReader(`{"type": 7}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Compile("bad.json"); err == nil {
		t.Fatal(`{"type": 7} compiled: the meta-schema did not check it`)
	}
	for _, d := range []*Draft{Draft4, Draft6, Draft7, Draft2019, Draft2020} {
		if d.meta == nil || d.meta.meta != d.meta {
			t.Fatalf("%s meta-schema not compiled by the first Compile", d)
		}
	}
	s, err := CompileString("ok.json", `{"type": "integer", "minimum": 1}`)
	if err != nil {
		t.Fatal(err)
	}
	if s.Validate(0) == nil || s.Validate(1) != nil {
		t.Fatal("a compiled schema validates wrongly")
	}
}
