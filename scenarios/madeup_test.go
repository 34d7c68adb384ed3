package scenarios

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A shipped module never carries made-up data: no counter status, feature
// or region provenance, note kind or map stand-in says made-up, anywhere in
// the embedded catalog (tables and playtests included).
func TestShippedModulesCarryNoMadeUpData(t *testing.T) {
	c := Builtin()
	if len(c.Modules) < 3 {
		t.Fatalf("%d shipped modules", len(c.Modules))
	}
	for _, m := range c.Modules {
		if got := m.MadeUp(); len(got) > 0 {
			t.Errorf("shipped module %s has made-up data: %v", m.Game.ID, got)
		}
		if l := m.MadeUpLabel(); l != "" {
			t.Errorf("shipped module %s is labelled %q", m.Game.ID, l)
		}
	}
	files := 0
	err := fs.WalkDir(BuiltinFS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		files++
		src, err := fs.ReadFile(BuiltinFS(), path)
		if err != nil {
			return err
		}
		var v any
		if err := json.Unmarshal(src, &v); err != nil {
			return err
		}
		findMadeUp(v, "", func(ptr string) { t.Errorf("%s%s: made-up data in a shipped module", path, ptr) })
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	findMadeUp(map[string]any{"printed": map[string]any{"status": "made-up"}, "notes": []any{map[string]any{"kind": "made-up"}}}, "", func(p string) { found = append(found, p) })
	if strings.Join(found, " ") != "/printed/status /notes/0/kind" && strings.Join(found, " ") != "/notes/0/kind /printed/status" {
		t.Errorf("the scan finds %v in a made-up document", found)
	}
	if files < 50 {
		t.Errorf("walked only %d shipped files", files)
	}
}

// findMadeUp reports every place a document marks data as made up.
func findMadeUp(v any, ptr string, report func(string)) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			p := ptr + "/" + k
			if s, ok := val.(string); ok && s == MadeUp && (k == "status" || k == "provenance" || k == "kind") {
				report(p)
			}
			if k == "madeUp" {
				report(p)
			}
			findMadeUp(val, p, report)
		}
	case []any:
		for i, it := range x {
			findMadeUp(it, ptr+"/"+strconv.Itoa(i), report)
		}
	}
}

// The LGV engine's test module is made up, and says so: its counters, its
// invented map features and every map topic it stands in for.
func TestEngineTestModuleIsMadeUp(t *testing.T) {
	l := NewLoader(Disk{})
	m, err := l.Module(filepath.Join("..", "rules", "lgv", "testdata", "module"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Diags.HasErrors() {
		t.Fatalf("the test module does not load: %v", l.Diags)
	}
	got := strings.Join(m.MadeUp(), "\n")
	for _, want := range []string{"counter values", "for 90 of 90 counters", "map feature wilderness", "map feature fords", "map adjacency:", "map tem:"} {
		if !strings.Contains(got, want) {
			t.Errorf("made-up list lacks %q:\n%s", want, got)
		}
	}
	for _, c := range m.Counters.Counters {
		if c.Printed.Status != MadeUp {
			t.Errorf("test counter %s has status %q, want made-up", c.ID, c.Printed.Status)
		}
	}
	if len(m.Map.Missing) == 0 {
		t.Error("the test module's map lists nothing as missing: made-up stand-ins do not make a fact printed")
	}
	if !strings.HasPrefix(m.MadeUpLabel(), "MADE-UP DATA") {
		t.Errorf("label %q", m.MadeUpLabel())
	}
}

// TestUSCWTestModuleIsMadeUp: the USCW engine test module (issue 32) labels
// every invented component made up and still lists what the text lacks.
func TestUSCWTestModuleIsMadeUp(t *testing.T) {
	l := NewLoader(Disk{})
	m, err := l.Module(filepath.Join("..", "rules", "uscw", "testdata", "module"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Diags.HasErrors() {
		t.Fatalf("the test module does not load: %v", l.Diags)
	}
	got := strings.Join(m.MadeUp(), "\n")
	for _, want := range []string{"for 32 of 32 counters", "table crt (Combat Results Table)", "table blockade", "table turn-track", "deck union-special-action", "map hex and hexside data", "map terrain:"} {
		if !strings.Contains(got, want) {
			t.Errorf("made-up list lacks %q:\n%s", want, got)
		}
	}
	for _, tf := range m.Tables {
		if tf.Table.Missing() {
			t.Errorf("table %s is still missing in the test module", tf.Table.ID)
		}
	}
}
