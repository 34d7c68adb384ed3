package schema

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// Over every shipped document and fixture: formatting is idempotent, loses
// nothing (the result equals the original as data), puts keys in schema
// order and never writes a line past LineWidth unless one value is longer.
func TestFormatCatalog(t *testing.T) {
	n := 0
	for path, src := range corpus(t) {
		root, err := jsonsrc.Parse(src)
		if err != nil {
			continue
		}
		kind, _ := kindOfDoc(root)
		once := Format(kind, root)
		again, perr := jsonsrc.Parse(once)
		if perr != nil {
			t.Fatalf("%s: formatted text does not parse: %v\n%s", path, perr, once)
		}
		if !reflect.DeepEqual(again.Interface(), root.Interface()) {
			t.Fatalf("%s: formatting changed the data", path)
		}
		if twice := Format(kind, again); !bytes.Equal(twice, once) {
			t.Fatalf("%s: formatting is not idempotent", path)
		}
		for i, line := range strings.Split(string(once), "\n") {
			if len([]rune(line)) > LineWidth && strings.Count(line, "{")+strings.Count(line, "[") > 1 && !strings.Contains(line, `"`+"text"+`"`) {
				t.Errorf("%s:%d: a line of nested values is too long: %s", path, i+1, line)
			}
		}
		n++
	}
	if n < 40 {
		t.Fatalf("formatted only %d documents", n)
	}
}

func TestFormatKeyOrderFollowsSchema(t *testing.T) {
	src := []byte(`{"victory": {"text": "x"}, "title": "T", "id": "x", "$schema": "scenario.schema.json", "zz": 1,
		"setup": [{"rows": [{"hex": "S0101", "unit": "u.x.inf", "name": "X", "manpower": 1.0}], "side": "union"}]}`)
	root, _ := jsonsrc.Parse(src)
	got := string(Format("scenario", root))
	want := `{
  "$schema": "scenario.schema.json",
  "id": "x",
  "title": "T",
  "setup": [{"side": "union", "rows": [{"name": "X", "unit": "u.x.inf", "manpower": 1.0, "hex": "S0101"}]}],
  "victory": {"text": "x"},
  "zz": 1
}
`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestFormatBreaksLongValues(t *testing.T) {
	long := strings.Repeat("word ", 40)
	src := []byte(`{"$schema": "scenario.schema.json", "id": "x", "notes": [{"kind": "comment", "text": "` + long + `"}], "title": "<&>"}`)
	root, _ := jsonsrc.Parse(src)
	got := string(Format("scenario", root))
	want := "{\n  \"$schema\": \"scenario.schema.json\",\n  \"id\": \"x\",\n  \"title\": \"<&>\",\n  \"notes\": [\n    {\"kind\": \"comment\", \"text\": \"" + long + "\"}\n  ]\n}\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
