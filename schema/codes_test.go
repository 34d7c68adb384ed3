package schema

import (
	"os"
	"strings"
	"testing"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// Every code a schema finding can carry is documented, once.
func TestCodesDocumented(t *testing.T) {
	documented := map[string]bool{}
	for _, r := range Rules() {
		if documented[r.Code] {
			t.Errorf("%s documented twice", r.Code)
		}
		documented[r.Code] = true
		if r.Title == "" || r.Doc == "" {
			t.Errorf("%s: title and doc are required", r.Code)
		}
	}
	for kw, code := range codes {
		if !documented[code] {
			t.Errorf("keyword %s reports %s, which has no doc", kw, code)
		}
	}
}

// assertions are the keywords the fast path accepts (fast.go's fill refuses
// any other, so no embedded schema uses one) that can fail on their own;
// $ref, properties, items, if/then/else, allOf and anyOf only pass on the
// failures of what they apply.
var assertions = []string{"type", "enum", "const", "pattern", "additionalProperties", "propertyNames", "not",
	"oneOf", "required", "dependentRequired", "minProperties", "maxProperties", "minItems", "maxItems",
	"minLength", "maxLength", "minimum", "maximum"}

// Each assertion keyword has its own code, so a finding's code never falls
// back to the generic schema-invalid, nor is built from a keyword name.
func TestEveryKeywordHasACode(t *testing.T) {
	for _, kw := range assertions {
		if _, ok := codes[kw]; !ok {
			t.Errorf("keyword %s has no code", kw)
		}
	}
}

// A false schema (a key forbidden by a condition) reports
// schema-not-allowed on the key, not a code made of the property's name.
func TestFalseSchemaCode(t *testing.T) {
	src, err := os.ReadFile("testdata/marker-with-unit.json")
	if err != nil {
		t.Fatal(err)
	}
	root, serr := jsonsrc.Parse(src)
	if serr != nil {
		t.Fatal(serr)
	}
	ds := Validate("scenario", jsonsrc.NewFile("x.json", src), root)
	found := false
	for _, d := range ds {
		if !strings.HasPrefix(d.Code, "schema-") || d.Code == "schema-invalid" {
			t.Errorf("code %s", d.Code)
		}
		if d.Code == "schema-not-allowed" {
			found = true
			if got := string(src[d.Subject.Start.Byte:d.Subject.End.Byte]); got != `"unit"` {
				t.Errorf("underlines %s, want the key \"unit\"", got)
			}
		}
	}
	if !found {
		t.Fatalf("no schema-not-allowed among %v", ds)
	}
}
