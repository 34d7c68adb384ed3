package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

var todoValue = regexp.MustCompile(`"TODO[^"]*"`)

// fillTODOs replaces every placeholder with a plain value, as a designer
// filling in a scaffold would.
func fillTODOs(t *testing.T, paths ...string) {
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(p, todoValue.ReplaceAll(src, []byte(`"filled in"`)), 0o644)
	}
}

// validateCodes runs muster validate --format json and returns the exit
// code and the finding codes.
func validateCodes(t *testing.T, path string) (int, []string) {
	code, out, errOut := muster(t, "validate", "--format", "json", "--all", path)
	var rep struct {
		Diagnostics []struct{ Code string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s%s", err, out, errOut)
	}
	var codes []string
	for _, d := range rep.Diagnostics {
		codes = append(codes, d.Code)
	}
	return code, codes
}

// A scenario from muster new fails validation only on its placeholders,
// one finding per TODO, and passes once they are filled in.
func TestNewScenarioFailsOnlyOnPlaceholders(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "raid.json")
	if code, _, errOut := muster(t, "new", "scenario", "--module", "tpc", "--id", "tpc-raid", "-o", out); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	src, _ := os.ReadFile(out)
	todos := len(todoValue.FindAll(src, -1))
	code, codes := validateCodes(t, out)
	if code != 1 || len(codes) != todos || todos < 5 {
		t.Fatalf("exit %d with %v; want exit 1 and one placeholder finding per TODO (%d)", code, codes, todos)
	}
	for _, c := range codes {
		if c != "placeholder" {
			t.Errorf("finding %s is not a placeholder", c)
		}
	}
	fillTODOs(t, out)
	if code, codes := validateCodes(t, out); code != 0 || len(codes) != 0 {
		t.Errorf("filled scenario: exit %d, findings %v", code, codes)
	}
	// Never over an existing file.
	if code, _, _ := muster(t, "new", "scenario", "--module", "tpc", "--id", "tpc-raid", "-o", out); code != 2 {
		t.Errorf("new over an existing file: exit %d, want 2", code)
	}
}

// --from starts an erratum as the whole scenario: muster diff against the
// original lists only the new id, for every shipped scenario (the README's
// errata workflow).
func TestNewScenarioFromIsACopy(t *testing.T) {
	dir := t.TempDir()
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			id := sf.Scenario.ID
			out := filepath.Join(dir, id+"-errata.json")
			if code, _, errOut := muster(t, "new", "scenario", "--module", m.Game.ID, "--id", id+"-errata", "--from", id, "-o", out); code != 0 {
				t.Fatalf("%s: exit %d: %s", id, code, errOut)
			}
			code, out2, errOut := muster(t, "diff", "--format", "json", id, out)
			var d struct {
				Changes []struct{ Kind, Field, Old, New string }
			}
			if err := json.Unmarshal([]byte(out2), &d); code != 1 || err != nil {
				t.Fatalf("%s: diff exit %d %v: %s%s", id, code, err, out2, errOut)
			}
			if len(d.Changes) != 1 || d.Changes[0].Old != id || d.Changes[0].New != id+"-errata" {
				t.Errorf("%s: the copy differs by more than its id: %+v", id, d.Changes)
			}
			if code, codes := validateCodes(t, out); code != 0 {
				t.Errorf("%s: the copy does not validate: %v", id, codes)
			}
		}
	}
	if code, _, _ := muster(t, "new", "scenario", "--module", "lgv", "--id", "x", "--from", "tpc-01", "-o", filepath.Join(dir, "x.json")); code != 2 {
		t.Errorf("--from a scenario of another module: exit %d, want 2", code)
	}
}

func TestNewModule(t *testing.T) {
	for _, kind := range []string{"hex", "area"} {
		dir := filepath.Join(t.TempDir(), "my-game")
		if code, _, errOut := muster(t, "new", "module", "--map", kind, "-o", dir, "my-game"); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		code, codes := validateCodes(t, dir)
		if code != 1 || len(codes) < 8 {
			t.Fatalf("%s: exit %d, findings %v", kind, code, codes)
		}
		for _, c := range codes {
			if c != "placeholder" {
				t.Errorf("%s: finding %s is not a placeholder", kind, c)
			}
		}
		fillTODOs(t, filepath.Join(dir, "game.json"), filepath.Join(dir, "map.json"), filepath.Join(dir, "counters.json"))
		if code, codes := validateCodes(t, dir); code != 0 || len(codes) != 0 {
			t.Errorf("%s filled: exit %d, findings %v", kind, code, codes)
		}
		if code, _, _ := muster(t, "new", "module", "--map", kind, "-o", dir, "my-game"); code != 2 {
			t.Errorf("new module over an existing one: exit %d, want 2", code)
		}
	}
}

// muster fmt lists a scrambled copy of a shipped scenario and exits 1,
// rewrites it with -w to exactly the shipped bytes, and then is quiet.
func TestFmt(t *testing.T) {
	orig, err := os.ReadFile("../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if err != nil {
		t.Fatal(err)
	}
	var data any
	json.Unmarshal(orig, &data)
	scrambled, _ := json.MarshalIndent(data, "", "\t") // sorted keys, tabs
	path := filepath.Join(t.TempDir(), "s.json")
	os.WriteFile(path, scrambled, 0o644)
	if code, out, _ := muster(t, "fmt", path); code != 1 || strings.TrimSpace(out) != path {
		t.Fatalf("fmt: exit %d, output %q; want exit 1 listing the file", code, out)
	}
	if code, _, errOut := muster(t, "fmt", "-w", path); code != 0 {
		t.Fatalf("fmt -w: exit %d: %s", code, errOut)
	}
	got, _ := os.ReadFile(path)
	if string(got) != string(orig) {
		t.Errorf("fmt -w did not restore the canonical text of the shipped file")
	}
	if code, out, _ := muster(t, "fmt", path); code != 0 || out != "" {
		t.Errorf("second fmt: exit %d, %q", code, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"a": 1,}`), 0o644)
	if code, _, errOut := muster(t, "fmt", "-w", bad); code != 2 || !strings.Contains(errOut, "json-syntax") {
		t.Errorf("fmt of a broken file: exit %d, %s", code, errOut)
	}
	if after, _ := os.ReadFile(bad); string(after) != `{"a": 1,}` {
		t.Errorf("a file that does not parse was changed")
	}
}

// The shipped catalog and the LGV engine's scripts are kept formatted (CI
// runs the same commands; a new script not in canonical form once got past
// go test).
func TestShippedDataIsFormatted(t *testing.T) {
	for _, dir := range []string{"scenarios", "rules/lgv/testdata/module/playtests"} {
		if code, out, errOut := muster(t, "fmt", "../../"+dir); code != 0 {
			t.Errorf("muster fmt %s: exit %d; run muster fmt -w %s\n%s%s", dir, code, dir, out, errOut)
		}
	}
}

// The new-scenario template of every shipped module validates with only
// placeholder findings, and once they are filled in, rows typed as the
// rulebook prints them (bare hex prefixes such as TPC's S) validate clean:
// the template says which sheet a shared prefix means.
func TestNewScenarioTemplateEveryModule(t *testing.T) {
	dir := t.TempDir()
	for _, m := range scenarios.Builtin().Modules {
		id := m.Game.ID
		out := filepath.Join(dir, id+"-new.json")
		if code, _, errOut := muster(t, "new", "scenario", "--module", id, "--id", id+"-new", "-o", out); code != 0 {
			t.Fatalf("%s: exit %d: %s", id, code, errOut)
		}
		code, codes := validateCodes(t, out)
		if code != 1 || len(codes) == 0 {
			t.Errorf("%s: the template: exit %d, findings %v; want its placeholders", id, code, codes)
		}
		for _, c := range codes {
			if c != "placeholder" {
				t.Errorf("%s: the template gives %s, not only placeholder findings", id, c)
			}
		}
		fillTODOs(t, out)
		// One unmarked unit (no leader: it would start alone) per side, from
		// the module's shipped scenarios (USCW prints no set-up rows).
		var doc map[string]any
		readJSON(t, out, &doc)
		added := 0
		for _, tab := range doc["setup"].([]any) {
			tab := tab.(map[string]any)
		scan:
			for _, sf := range m.Scenarios {
				for _, st := range sf.Scenario.Setup {
					if st.Side != tab["side"] {
						continue
					}
					for _, r := range st.Rows {
						if r.Unit != "" && r.Hex != "" && r.Marks == "" && len(r.States) == 0 && r.Entry == nil && r.Placement == nil && !strings.Contains(r.Unit, ".ldr") {
							r.Notes = nil
							tab["rows"] = []any{r}
							added++
							break scan
						}
					}
				}
			}
		}
		if added == 0 {
			t.Logf("%s: its scenarios print no set-up rows to type in", id)
			continue
		}
		b, _ := json.Marshal(doc)
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, codes := validateCodes(t, out); code != 0 || len(codes) != 0 {
			_, text, _ := muster(t, "validate", out)
			t.Errorf("%s: filled template with %d printed rows: exit %d, findings %v\n%s", id, added, code, codes, text)
		}
		if id != "tpc" {
			continue
		}
		// Without the prefixes, the finding's hint says what to add, not
		// that a $ was misread.
		delete(doc["maps"].(map[string]any), "prefixes")
		b, _ = json.Marshal(doc)
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, text, _ := muster(t, "validate", out)
		if !strings.Contains(text, `hint: say in maps.prefixes which sheet S means: "prefixes": {"S": "gtc-south"} (or otr-south)`) || strings.Contains(text, "misread") {
			t.Errorf("tpc without prefixes: the hint does not fit:\n%s", text)
		}
	}
}
