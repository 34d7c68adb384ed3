package validate

import (
	"path/filepath"
	"testing"
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
