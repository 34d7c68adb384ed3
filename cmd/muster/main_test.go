package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musterhq/muster/internal/third_party/jsonschema"

	"github.com/musterhq/muster/validate"
)

func muster(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"muster"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestValidateShippedCatalog(t *testing.T) {
	code, out, errOut := muster(t, "validate", "../../scenarios")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"ok   game      ../../scenarios/tpc/game.json", "01-my-best-achievement.json  tpc-01: My Best Achievement",
		"10-retreat-to-appomattox.json", "missing  tpc: counter values", "0 errors"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// No PATH: the catalog embedded in the binary.
	if code, out, _ := muster(t, "validate", "-q"); code != 0 || !strings.Contains(out, " files: 0 errors") {
		t.Errorf("validate (builtin) exit %d: %s", code, out)
	}
}

func TestValidateFindingsExitOne(t *testing.T) {
	code, out, _ := muster(t, "validate", "-q", "../../scenarios/testdata/bad/wrong-type.json")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	want := "../../scenarios/testdata/bad/wrong-type.json:8:42: error[schema-type] /length/turns: "
	if !strings.HasPrefix(out, want) {
		t.Errorf("first line should start %q:\n%s", want, out)
	}
	if !strings.Contains(out, `    8 |   "length": {"text": "2 turns", "turns": "two"},`) || !strings.Contains(out, "^^^^^") {
		t.Errorf("no source line with caret:\n%s", out)
	}
}

func TestValidateJSON(t *testing.T) {
	code, out, _ := muster(t, "validate", "--format", "json", "../../validate/testdata/missing-levels.json")
	if code != 0 { // a warning only
		t.Fatalf("exit %d, want 0 (warnings do not fail without --strict)", code)
	}
	var rep struct {
		OK          bool
		Diagnostics []struct {
			Code  string
			Start struct{ Line, Column int }
		}
		Summary map[string]int
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if !rep.OK || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Code != "vp-levels-missing" || rep.Diagnostics[0].Start.Line != 11 {
		t.Errorf("report = %+v", rep)
	}
	if code, _, _ := muster(t, "validate", "--strict", "-q", "../../validate/testdata/missing-levels.json"); code != 1 {
		t.Errorf("--strict with a warning: exit %d, want 1", code)
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	for _, args := range [][]string{
		{"validate", "--format", "xml"},
		{"validate", "no/such/file.json"},
		{"validate", "--disable", "no-such-check", "../../scenarios"},
		{"validate", "--bogus"},
		{"list", "extra"},
		{"schema", "nonsense"},
		{"nosuchcommand"},
	} {
		if code, out, errOut := muster(t, args...); code != 2 {
			t.Errorf("muster %v: exit %d, want 2\n%s%s", args, code, out, errOut)
		}
	}
}

func TestList(t *testing.T) {
	code, out, _ := muster(t, "list")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, "tpc  The Petersburg Campaign  [gcacw, Multi-Man Publishing]") {
		t.Errorf("no module line:\n%s", out)
	}
	for i := 1; i <= 10; i++ {
		id := "tpc-" + string(rune('0'+i/10)) + string(rune('0'+i%10))
		if !strings.Contains(out, "  "+id+" ") {
			t.Errorf("list lacks %s:\n%s", id, out)
		}
	}
	code, out, _ = muster(t, "list", "--format", "json")
	var mods []struct {
		ID        string
		Scenarios []struct{ ID string }
	}
	if code != 0 || json.Unmarshal([]byte(out), &mods) != nil {
		t.Fatalf("list --format json: exit %d\n%s", code, out)
	}
	counts := map[string]int{}
	for _, m := range mods {
		counts[m.ID] = len(m.Scenarios)
	}
	if counts["tpc"] < 10 || counts["lgv"] != 1 {
		t.Errorf("list --format json: scenarios per module %v", counts)
	}
}

func TestSchemaCommand(t *testing.T) {
	code, out, _ := muster(t, "schema", "scenario")
	if code != 0 || !strings.Contains(out, `"$id": "https://muster.invalid/schema/v1/scenario.schema.json"`) {
		t.Fatalf("schema scenario: exit %d\n%.200s", code, out)
	}
	dir := t.TempDir()
	if code, out, errOut := muster(t, "schema", "-o", dir); code != 0 {
		t.Fatalf("schema -o: exit %d %s%s", code, out, errOut)
	}
	for _, name := range []string{"common", "game", "map", "counters", "scenario"} {
		if _, err := os.Stat(filepath.Join(dir, name+".schema.json")); err != nil {
			t.Error(err)
		}
	}
}

func TestVersionAndHelp(t *testing.T) {
	if code, out, _ := muster(t, "version"); code != 0 || !strings.HasPrefix(out, "muster ") {
		t.Errorf("version: %d %q", code, out)
	}
	for _, cmd := range []string{"validate", "list", "schema", "version"} {
		code, out, _ := muster(t, cmd, "--help")
		if code != 0 || !strings.Contains(out, "Example") {
			t.Errorf("%s --help has no example (exit %d):\n%s", cmd, code, out)
		}
	}
}

// SARIF output validates against the official SARIF 2.1.0 schema (a copy
// from Microsoft's MIT-licensed @microsoft/jest-sarif package, in testdata),
// carries every finding with its position, and --strict raises warnings.
func TestValidateSARIF(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft4
	sarifSchema, err := c.Compile("testdata/sarif-2.1.0-rtm.5.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, strict := range []bool{false, true} {
		args := []string{"validate", "--format", "sarif"}
		if strict {
			args = append(args, "--strict")
		}
		args = append(args, "../../validate/testdata/placement.json")
		code, out, errOut := muster(t, args...)
		if code != 1 {
			t.Fatalf("exit %d, want 1\n%s", code, errOut)
		}
		var doc any
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		if err := sarifSchema.Validate(doc); err != nil {
			t.Fatalf("output is not valid SARIF 2.1.0: %v", err)
		}
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct {
						Rules []struct{ ID, HelpURI string }
					}
				}
				Results []struct {
					RuleID, Level string
					Locations     []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine, StartColumn int }
						}
					}
				}
			}
		}
		json.Unmarshal([]byte(out), &log)
		res := log.Runs[0].Results
		if len(res) != 10 {
			t.Fatalf("%d results, want the 10 findings of placement.want", len(res))
		}
		r := res[0]
		for _, x := range res {
			if x.RuleID == "hex-two-ids" {
				r = x // a check that only warns
			}
		}
		loc := r.Locations[0].PhysicalLocation
		if r.RuleID != "hex-two-ids" || loc.ArtifactLocation.URI != "../../validate/testdata/placement.json" || loc.Region.StartLine != 16 || loc.Region.StartColumn != 121 {
			t.Errorf("last result = %+v", r)
		}
		wantLevel := "warning"
		if strict {
			wantLevel = "error"
		}
		if r.Level != wantLevel {
			t.Errorf("strict=%v: level %q, want %q", strict, r.Level, wantLevel)
		}
		if len(log.Runs[0].Tool.Driver.Rules) < len(validate.Rules()) {
			t.Errorf("rule table lists %d rules, fewer than the %d codes", len(log.Runs[0].Tool.Driver.Rules), len(validate.Rules()))
		}
		// Each rule links its section of the check reference.
		for _, rule := range log.Runs[0].Tool.Driver.Rules {
			if want := "https://github.com/musterhq/muster/blob/main/docs/checks.md#" + rule.ID; rule.HelpURI != want {
				t.Errorf("rule %s: helpUri %q, want %q", rule.ID, rule.HelpURI, want)
			}
		}
	}
}

// A mistyped or empty folder is a usage error naming it, never a green
// "checked 0 files" (validate, fmt and playtest alike).
func TestEmptyFolderIsAnError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "emptydir")
	if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A fixture under testdata is skipped, so it does not count.
	if err := os.WriteFile(filepath.Join(dir, "testdata", "x.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"validate", dir}, {"validate", "../../scenarios", dir}, {"fmt", dir}, {"playtest", dir}} {
		code, out, errOut := muster(t, args...)
		if code != 2 || !strings.Contains(errOut, dir) {
			t.Errorf("muster %v: exit %d, want 2 naming %s\n%s%s", args, code, dir, out, errOut)
		}
		if strings.Contains(out, "checked 0 files") {
			t.Errorf("muster %v reports a green empty run:\n%s", args, out)
		}
	}
}

// Validating one file reports what that file causes: not the other files
// of its module, not another scenario's findings or missing data; the
// module's own errors still show, since they bear on every scenario.
func TestValidateOneFile(t *testing.T) {
	code, out, errOut := muster(t, "validate", "../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if code != 0 || !strings.Contains(out, "ok   scenario  ../../scenarios/tpc/scenarios/01-my-best-achievement.json") || !strings.Contains(out, "checked 1 files: 0 errors, 0 warnings") {
		t.Errorf("exit %d:\n%s%s", code, out, errOut)
	}
	for _, other := range []string{"04-the-crater", "tpc-04", "game.json", "tables/"} {
		if strings.Contains(out, other) {
			t.Errorf("validating tpc-01 reports %s:\n%s", other, out)
		}
	}
	if !strings.Contains(out, "missing  tpc: counter values") {
		t.Errorf("the module's missing data that tpc-01 relies on is not listed:\n%s", out)
	}
	// A module of one's own: a second scenario with an error and a map
	// with an error.
	dir := filepath.Join(t.TempDir(), "mod")
	copyTree(t, filepath.Join("..", "..", "rules", "lgv", "testdata", "module"), dir)
	one := filepath.Join(dir, "scenarios", "01-chancellorsville.json")
	src, err := os.ReadFile(one)
	if err != nil {
		t.Fatal(err)
	}
	two := bytes.Replace(src, []byte(`"id": "lgv-test-01"`), []byte(`"id": "lgv-test-02"`), 1)
	two = bytes.Replace(two, []byte(`"hex": "73"`), []byte(`"hex": "999"`), 1)
	if err := os.WriteFile(filepath.Join(dir, "scenarios", "02-copy.json"), two, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = muster(t, "validate", one)
	if code != 0 || strings.Contains(out, "02-copy") || strings.Contains(out, `"999"`) {
		t.Errorf("validating scenario 01 reports scenario 02: exit %d\n%s", code, out)
	}
	if code, out, _ := muster(t, "validate", filepath.Join(dir, "scenarios", "02-copy.json")); code != 1 || !strings.Contains(out, `"999"`) {
		t.Errorf("scenario 02's own error: exit %d\n%s", code, out)
	}
	mp := filepath.Join(dir, "map.json")
	m, _ := os.ReadFile(mp)
	if err := os.WriteFile(mp, bytes.Replace(m, []byte(`"kind": "area"`), []byte(`"kind": "areas"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := muster(t, "validate", "--no-source", one); code != 1 || !strings.Contains(out, "map.json") {
		t.Errorf("an error in the module's map bears on scenario 01: exit %d\n%s", code, out)
	}
}

// A misspelled command, or subcommand, names the one meant and exits 2
// (issue 27); a name near none says where the commands are listed.
func TestUnknownCommandDidYouMean(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"valdate", "scenarios"}, `muster: no command "valdate": did you mean "validate"? (see muster --help)`},
		{[]string{"EXPLIAN"}, `did you mean "explain"?`},
		{[]string{"export", "crads", "tpc-01"}, `muster: no command "crads" in muster export: did you mean "cards"? (see muster export --help)`},
		{[]string{"import", "tvs"}, `no command "tvs" in muster import: did you mean "tsv"?`},
		{[]string{"new", "scenaro"}, `no command "scenaro" in muster new: did you mean "scenario"?`},
		{[]string{"playtest", "merg", "part1.json"}, `did you mean "muster playtest merge"?`},
		{[]string{"frobnicate"}, `muster: no command "frobnicate" (see muster --help)`},
		{[]string{"export", "zzzzzz"}, `muster: no command "zzzzzz" in muster export (see muster export --help)`},
	} {
		code, out, errOut := muster(t, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("muster %s: exit %d, want %d\nstderr: %s\nwant: %s\nstdout: %.300s", strings.Join(tc.args, " "), code, exitUsage, errOut, tc.want, out)
		}
		if !strings.Contains(tc.want, "did you mean") && strings.Contains(errOut, "did you mean") {
			t.Errorf("muster %s: a suggestion for a name near no command: %s", strings.Join(tc.args, " "), errOut)
		}
	}
}
