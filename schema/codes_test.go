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

// A key that breaks propertyNames is reported as schema-key on the key
// itself, even when the library percent-encodes it in its location ("Bad
// Key" read "Bad%20Key", which found nothing and fell back to 1:1).
func TestKeyCodeOnTheKey(t *testing.T) {
	src, err := os.ReadFile("testdata/marker-with-unit.json")
	if err != nil {
		t.Fatal(err)
	}
	src = []byte(strings.Replace(string(src), `"unit": "x", `, `"states": {"Bad Key": true}, `, 1))
	root, serr := jsonsrc.Parse(src)
	if serr != nil {
		t.Fatal(serr)
	}
	ds := Validate("scenario", jsonsrc.NewFile("x.json", src), root)
	if len(ds) != 1 || ds[0].Code != "schema-key" || ds[0].Pointer != "/setup/0/rows/0/states/Bad Key" {
		t.Fatalf("findings %v, want one schema-key at /setup/0/rows/0/states/Bad Key", ds)
	}
	if got := string(src[ds[0].Subject.Start.Byte:ds[0].Subject.End.Byte]); got != `"Bad Key"` {
		t.Errorf("underlines %s, want the key", got)
	}
}

// An unknown key's hint names the nearest key its object allows (and not
// one the object already has); a key far from every allowed one gets the
// plain hint.
func TestUnknownKeyDidYouMean(t *testing.T) {
	src := []byte(`{"$schema": "scenario.schema.json", "id": "x", "module": "tpc", "title": "x", "source": {"document": "d"},
 "maps": {"text": "x", "sheets": [], "sheetz": 1}, "length": {"text": "x", "turns": 1},
 "setup": [{"side": "union", "rows": [{"name": "B", "unit": "u.b", "manpower": 1, "hexx": "S0101"}]}],
 "specialRules": [], "victory": {"text": "x", "zzzzzz": 1}}`)
	root, perr := jsonsrc.Parse(src)
	if perr != nil {
		t.Fatal(perr.Msg)
	}
	ds := Validate("scenario", jsonsrc.NewFile("x.json", src), root)
	hints := map[string]string{}
	for _, d := range ds {
		hints[d.Pointer] = d.Hint
	}
	for ptr, want := range map[string]string{
		"/setup/0/rows/0/hexx": `did you mean "hex"?`,
		"/maps/sheetz":         "remove it or correct its spelling", // "sheets" is there already
		"/victory/zzzzzz":      "remove it or correct its spelling",
	} {
		if !strings.Contains(hints[ptr], want) {
			t.Errorf("%s: hint %q, want it to contain %q (all: %v)", ptr, hints[ptr], want, ds)
		}
	}
}
