package scenarios

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// Decoding from the parsed tree gives exactly what encoding/json gives from
// the bytes, for every shipped document and every typed model.
func TestTreeDecodeMatchesEncodingJSON(t *testing.T) {
	files, _ := filepath.Glob("*/*.json")
	more, _ := filepath.Glob("*/*/*.json")
	files = append(files, more...)
	n := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, ds := Parse(path, src)
		if ds.HasErrors() {
			continue // broken fixtures under testdata
		}
		var newModel func() any
		switch doc.Kind {
		case "game":
			newModel = func() any { return &Game{} }
		case "map":
			newModel = func() any { return &Map{} }
		case "counters":
			newModel = func() any { return &Counters{} }
		case "scenario":
			newModel = func() any { return &Scenario{} }
		case "table":
			newModel = func() any { return &Table{} }
		case "playtest":
			// The playtest package holds its model; compare the generic form.
			newModel = func() any { return &map[string]any{} }
		default:
			t.Fatalf("%s: kind %s not covered", path, doc.Kind)
		}
		want, got := newModel(), newModel()
		if err := json.Unmarshal(src, want); err != nil {
			t.Fatalf("%s: encoding/json: %v", path, err)
		}
		if err := doc.Decode(got); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: tree decode differs from encoding/json", path)
		}
		n++
	}
	if n < 40 {
		t.Fatalf("compared only %d documents", n)
	}
}
