package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// handSteps are the README's steps a designer does by hand (lines "# ...
// TEXT ..." in its sh blocks), done here as they would do them, so that
// the walkthroughs run as written. testModule is the engine's made-up test
// module, which stands in for "your game".
var handSteps = map[string]func(t *testing.T, testModule string){
	"# ... edit my-first.json: Dearing-B sets up in S9910 (a slip for S0910) ...": func(t *testing.T, _ string) {
		replaceOnce(t, "my-first.json", `"hex": "S0910"`, `"hex": "S9910"`)
	},
	"# ... fix my-first.json: Dearing-B back to S0910 ...": func(t *testing.T, _ string) {
		replaceOnce(t, "my-first.json", `"hex": "S9910"`, `"hex": "S0910"`)
	},
	"# ... add to my-first-petersburg.json: Barlow moves into Petersburg (S0413), then expect 80 VP ...": func(t *testing.T, _ string) {
		// TPC scenario 1, lines 199-216: "+80 If an undemoralized Union
		// infantry unit occupies either Petersburg city hex (S0413 or S0513)".
		replaceOnce(t, "my-first-petersburg.json", `"note": "The count at the start of play, before any move."}`,
			`"note": "The count at the start of play, before any move."},
    {"do": "move", "unit": "u.barlow.inf", "to": "S0413"},
    {"expect": "vp", "total": 80, "lines": {"petersburg": 80}, "winner": "union"}`)
	},
	"# ... fill in the workbook from the game's map and counters ...": func(t *testing.T, testModule string) {
		fillLGVTemplate(t, "lgv-components.xlsx", testModule)
	},
	"# ... type in the tables, track, counters, decks and map from the components ...": func(t *testing.T, testModule string) {
		// MADE-UP values: export/sheet/testdata/uscw-fill.json.
		fillUSCWTemplate(t, "uscw-components.xlsx", filepath.Join(testModule, "..", "..", "..", "..", "export", "sheet", "testdata", "uscw-fill.json"), nil)
	},
	"# ... fill in my-own-game's game.json, map.json and counters.json from your game ...": func(t *testing.T, testModule string) {
		for _, f := range []string{"game.json", "map.json", "counters.json"} {
			copyFile(t, filepath.Join(testModule, f), filepath.Join("my-own-game", f))
		}
	},
	"# ... fill in my-own-game-components.xlsx from the game's map and counters ...": func(t *testing.T, testModule string) {
		fillLGVTemplate(t, "my-own-game-components.xlsx", testModule)
	},
	"# ... fill in each TODO of my-own-game-filled/scenarios/my-own-game-01.json from your rulebook ...": func(t *testing.T, testModule string) {
		b, err := os.ReadFile(filepath.Join(testModule, "scenarios", "01-chancellorsville.json"))
		if err != nil {
			t.Fatal(err)
		}
		// The scenario's id, and the variant based on it, become yours.
		b = []byte(strings.ReplaceAll(string(b), `"lgv-test-01"`, `"my-own-game-01"`))
		b = regexp.MustCompile(`"\$schema": "[^"]*"`).ReplaceAllLiteral(b, []byte(`"$schema": "https://muster.invalid/schema/v1/scenario.schema.json"`))
		if err := os.WriteFile(filepath.Join("my-own-game-filled", "scenarios", "my-own-game-01.json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	},
}

// replaceOnce edits a file as a designer would in an editor: one place.
func replaceOnce(t *testing.T, path, old, new string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s has no %s to change", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}
