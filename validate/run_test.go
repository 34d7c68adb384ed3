package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// The report lists the files it checked ("checked N files"): for the
// built-in catalog every module's game, map and counters file, each
// scenario and each table; for named files, those files (their module's
// own files only when they have errors, which the shipped ones have not).
func TestReportListsTheFilesChecked(t *testing.T) {
	scens, _ := filepath.Glob("../scenarios/*/scenarios/*.json")
	tables, _ := filepath.Glob("../scenarios/*/tables/*.json")
	count := func(r *Report) map[string]int {
		n := map[string]int{}
		for _, f := range r.Files {
			n[f.Kind]++
			if f.Path == "" || f.ID == "" {
				t.Errorf("file %+v without path or id", f)
			}
		}
		return n
	}
	got := count(Builtin(Options{}))
	if got["game"] != 3 || got["map"] != 3 || got["counters"] != 3 || got["scenario"] != len(scens) || got["table"] != len(tables) {
		t.Errorf("built-in catalog: files by kind %v, want 3 games, maps, counters, %d scenarios, %d tables", got, len(scens), len(tables))
	}
	one := "../scenarios/tpc/scenarios/01-my-best-achievement.json"
	r, err := Paths([]string{one}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 1 || r.Files[0].Path != one || r.Files[0].Kind != "scenario" || r.Files[0].Title == "" {
		t.Errorf("one scenario named: files %+v", r.Files)
	}
	r, err = Paths([]string{"../scenarios/lgv"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got = count(r)
	lgvScens, _ := filepath.Glob("../scenarios/lgv/scenarios/*.json")
	if got["game"] != 1 || got["map"] != 1 || got["counters"] != 1 || got["scenario"] != len(lgvScens) {
		t.Errorf("the lgv folder: files by kind %v, want its game, map, counters and %d scenarios", got, len(lgvScens))
	}
}

// Validating some files of a module reports what those files cause, not
// the other scenarios' findings (README, muster validate): in a copy of
// the tpc module with one scenario broken (a unit id no counter has),
// naming the other scenario reports nothing; naming the broken one
// reports its error, counted against that file.
func TestFindingsBearOnTheNamedFiles(t *testing.T) {
	dir := t.TempDir()
	mod := filepath.Join(dir, "tpc")
	tables, _ := filepath.Glob("../scenarios/tpc/tables/*.json")
	for _, f := range append([]string{"game.json", "map.json", "counters.json"}, tables...) {
		rel, _ := filepath.Rel("../scenarios/tpc", filepath.Join("../scenarios/tpc", strings.TrimPrefix(f, "../scenarios/tpc/")))
		copyFile(t, filepath.Join("../scenarios/tpc", rel), filepath.Join(mod, rel))
	}
	good := filepath.Join(mod, "scenarios", "01.json")
	broken := filepath.Join(mod, "scenarios", "02.json")
	copyFile(t, "../scenarios/tpc/scenarios/01-my-best-achievement.json", good)
	src, err := os.ReadFile("../scenarios/tpc/scenarios/02-jerusalem-plank-road.json")
	if err != nil {
		t.Fatal(err)
	}
	src = []byte(strings.Replace(string(src), `"unit": "`, `"unit": "nobody.`, 1))
	if err := os.WriteFile(broken, src, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Paths([]string{good}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Diags) != 0 || len(r.Files) != 1 || r.Files[0].Errors != 0 {
		t.Errorf("the good scenario named: findings %v, files %+v", r.Diags, r.Files)
	}
	r, err = Paths([]string{broken}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 1 || r.Files[0].Path != broken || r.Files[0].Errors == 0 || !r.Diags.HasErrors() {
		t.Errorf("the broken scenario named: findings %v, files %+v", r.Diags, r.Files)
	}
	r, err = Paths([]string{mod}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range r.Files {
		paths = append(paths, filepath.Base(f.Path))
	}
	if !sortedPaths(r) {
		t.Errorf("the module folder: files %v, want them in path order", paths)
	}
	// An error in the module's own files bears on every scenario: without
	// the tables folder game.json names, the good scenario reports it too,
	// and game.json is listed with its error.
	if err := os.RemoveAll(filepath.Join(mod, "tables")); err != nil {
		t.Fatal(err)
	}
	r, err = Paths([]string{good}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 2 || filepath.Base(r.Files[0].Path) != "game.json" || r.Files[0].Errors != 1 || r.Files[1].Path != good || r.Files[1].Errors != 0 {
		t.Errorf("a module file's error: files %+v, findings %v", r.Files, r.Diags)
	}
}

func sortedPaths(r *Report) bool {
	for i := 1; i < len(r.Files); i++ {
		if r.Files[i-1].Path > r.Files[i].Path {
			return false
		}
	}
	return len(r.Files) > 5
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Counters without printed values are summed in one line, naming the
// values the counters file lists, or "printed values" when it lists none;
// a module whose counters all print their values has no such line.
func TestMissingCounterValues(t *testing.T) {
	cs := &scenarios.Counters{Counters: []scenarios.Counter{{ID: "a", Printed: scenarios.PrintedValues{Status: "source"}}, {ID: "b", Printed: scenarios.PrintedValues{Status: "missing"}}}}
	if got := Missing(&scenarios.Module{Counters: cs}); len(got) != 1 || got[0] != "counter values (printed values) for 1 of 2 counters" {
		t.Errorf("no values named: %q", got)
	}
	cs.Values = []string{"manpower", "morale"}
	if got := Missing(&scenarios.Module{Counters: cs}); len(got) != 1 || got[0] != "counter values (manpower, morale) for 1 of 2 counters" {
		t.Errorf("values named: %q", got)
	}
	cs.Counters[1].Printed.Status = "source"
	if got := Missing(&scenarios.Module{Counters: cs}); len(got) != 0 {
		t.Errorf("every counter printed: %q", got)
	}
}

// A scenario's gaps, one line each: a setup table printed elsewhere,
// thresholds missing, and VP lines whose points are missing or inferred
// (with the value used, the text cut at 60 characters); a note on another
// field, or a comment, is not a gap.
func TestMissingScenarioLines(t *testing.T) {
	five, long := 5.0, strings.Repeat("é", 61)
	s := &scenarios.Scenario{ID: "x-01",
		Setup: []scenarios.SetupTable{{Side: "union", RowsMissing: "see the module's OOB"}, {Side: "confederate"}},
		Victory: scenarios.Victory{Levels: &scenarios.Levels{Thresholds: "missing"}, Awards: []scenarios.Award{
			{Text: "Each hex", Points: &five, Notes: []scenarios.Note{{Kind: "inferred", Field: "points"}}},
			{Text: long, Notes: []scenarios.Note{{Kind: "comment", Field: "points"}, {Kind: "missing", Field: "points"}}},
			{Text: "Other field", Notes: []scenarios.Note{{Kind: "missing", Field: "where"}}},
			{Text: "Commented", Notes: []scenarios.Note{{Kind: "comment", Field: "points"}}},
			{Text: strings.Repeat("a", 60), Notes: []scenarios.Note{{Kind: "missing", Field: "points"}}},
		}}}
	got := Missing(&scenarios.Module{Scenarios: []*scenarios.ScenarioFile{{Scenario: s}}})
	want := []string{
		"scenario x-01: union setup (see the module's OOB)",
		"scenario x-01: victory-level thresholds",
		`scenario x-01: the points of VP line "Each hex" are not printed (5 inferred)`,
		`scenario x-01: the points of VP line "` + strings.Repeat("é", 60) + `..." are not printed`,
		`scenario x-01: the points of VP line "` + strings.Repeat("a", 60) + `" are not printed`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("missing:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	s.Victory.Levels.Thresholds = "source"
	if got := Missing(&scenarios.Module{Scenarios: []*scenarios.ScenarioFile{{Scenario: s}}}); len(got) != 4 {
		t.Errorf("thresholds printed: %q", got)
	}
}

// Folders are searched for *.json, skipping hidden folders and folders
// named testdata below the one named; a folder named testdata is searched
// when it is the one named.
func TestJSONFilesSkipsHiddenAndTestdata(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.json", "sub/b.json", ".hidden/c.json", "testdata/d.json", "notes.txt"} {
		copyFile(t, "testdata/README.md", filepath.Join(dir, f))
	}
	files, err := JSONFiles([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		got = append(got, filepath.ToSlash(rel))
	}
	if strings.Join(got, " ") != "a.json sub/b.json" {
		t.Errorf("found %v, want a.json and sub/b.json", got)
	}
	files, err = JSONFiles([]string{filepath.Join(dir, "testdata")})
	if err != nil || len(files) != 1 || filepath.Base(files[0]) != "d.json" {
		t.Errorf("the testdata folder named: %v, %v", files, err)
	}
}
