package validate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A map whose Resource hexes are answered (the topic no longer missing)
// but whose hexes hold no BPs totals 0, not the 100 of line 1166: the
// check must say so rather than wait for a fill that is already done.
func TestMapBPTotalWithNoBPs(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "rules", "uscw", "testdata", "module")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	mp := filepath.Join(dir, "map.json")
	b, err := os.ReadFile(mp)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	removed := 0
	for _, h := range m["hexes"].([]any) {
		if hex := h.(map[string]any); hex["bp"] != nil {
			delete(hex, "bp")
			removed++
		}
	}
	var missing []any
	for _, x := range m["missing"].([]any) {
		if x.(map[string]any)["topic"] != "objective-resource-hexes" {
			missing = append(missing, x)
		}
	}
	if removed == 0 || len(missing) == len(m["missing"].([]any)) {
		t.Fatalf("the test module's map changed: %d hex BPs removed, the topic found: %v", removed, len(missing) != len(m["missing"].([]any)))
	}
	m["missing"] = missing
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mp, out, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Paths([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range rep.Diags {
		if d.Code == "map-bp-total" && strings.Contains(d.Summary, "no hex holds BPs") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no map-bp-total finding for a map with no BPs; findings: %v", rep.Diags)
	}
}
