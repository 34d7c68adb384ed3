package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/rules/lgv"
	"github.com/musterhq/muster/scenarios"
)

// An owner who fills every row of the LGV component template (here from
// the engine's test module: MADE-UP facts) gets a module the engine plays:
// the template asks for every fact play needs, and the import clears the
// topics it answered from map.json's missing list.
func TestFilledTemplatePlays(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "lgv.xlsx")
	if code, _, errOut := muster(t, "module", "template", "lgv", "-o", book); code != 0 {
		t.Fatalf("template: %s", errOut)
	}
	fillLGVTemplate(t, book, filepath.Join("..", "..", "rules", "lgv", "testdata", "module"))
	out := filepath.Join(dir, "lgv-filled")
	code, stdout, errOut := muster(t, "import", "template", "--module", "lgv", "-o", out, book)
	if code != 0 {
		t.Fatalf("import exit %d: %s%s", code, stdout, errOut)
	}
	if !strings.Contains(stdout, "missing: adjacency, boundary-types, roads, tem, wilderness, hills, fords, zone-arrows answered") || !strings.Contains(stdout, "crossing reynolds-crossing: ") {
		t.Errorf("the import does not clear the answered topics:\n%s", stdout)
	}
	l := scenarios.NewLoader(scenarios.Disk{})
	sf, err := l.Scenario(filepath.Join(out, "scenarios", "01-chancellorsville.json"))
	if err != nil || sf == nil || l.Diags.HasErrors() {
		t.Fatalf("the filled module's scenario: %v %v", err, l.Diags)
	}
	if _, err := lgv.Compile(sf); err != nil {
		t.Fatalf("the filled module does not play: %v", err)
	}
	// And it plays through the CLI.
	code, rep, errOut := muster(t, "playtest", "sim", filepath.Join(out, "scenarios", "01-chancellorsville.json"), "--games", "20")
	if code != 0 || !strings.Contains(rep, "20 games played") {
		t.Fatalf("sim on the filled module: exit %d %s%s", code, rep, errOut)
	}
}

// fillLGVTemplate fills every row of an LGV component template the way an
// owner of the game would, from the module in src (the engine's test
// module: MADE-UP facts).
func fillLGVTemplate(t *testing.T, book, src string) {
	t.Helper()
	var mp scenarios.Map
	var cnt scenarios.Counters
	readJSON(t, filepath.Join(src, "map.json"), &mp)
	readJSON(t, filepath.Join(src, "counters.json"), &cnt)
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	feature := map[string]map[string]bool{}
	for _, ft := range mp.Features {
		feature[ft.ID] = map[string]bool{}
		for _, h := range ft.Hexes {
			feature[ft.ID][h] = true
		}
	}
	areas := map[string]scenarios.Area{}
	for _, a := range mp.Areas {
		areas[a.ID] = a
	}
	yes := map[bool]string{true: "yes", false: "no"}
	fillRows(t, f, "Areas", func(get func(string) string, set func(string, any)) {
		a, ok := areas[get("Id")]
		if !ok {
			return
		}
		if a.TEM != nil {
			set("TEM", *a.TEM)
		}
		set("Wilderness", yes[feature["wilderness"][a.ID]])
		set("Hills (black triangles)", yes[feature["hills"][a.ID]])
	})
	values := map[string]map[string]any{}
	for _, c := range cnt.Counters {
		values[c.ID] = c.Printed.Values
	}
	fillRows(t, f, "Counters", func(get func(string) string, set func(string, any)) {
		for k, v := range values[get("Id")] {
			set(k, v)
		}
	})
	// The links: those the template lists already are kept, the others
	// added below them.
	have := map[string]bool{}
	rows, _ := f.GetRows("Links")
	for _, r := range rows[1:] {
		if len(r) >= 2 {
			have[r[0]+"-"+r[1]], have[r[1]+"-"+r[0]] = true, true
		}
	}
	crossing := map[string]string{}
	for _, ft := range mp.Features {
		if ft.ID == "reynolds-crossing" && len(ft.Hexes) == 2 {
			crossing[ft.Hexes[0]+"-"+ft.Hexes[1]], crossing[ft.Hexes[1]+"-"+ft.Hexes[0]] = ft.ID, ft.ID
		}
	}
	next := len(rows) + 1
	for _, l := range mp.Adjacency {
		if have[l.Between[0]+"-"+l.Between[1]] {
			continue
		}
		cell, _ := excelize.CoordinatesToCellName(1, next)
		f.SetSheetRow("Links", cell, &[]any{l.Between[0], l.Between[1], l.Boundary, yes[l.Road], yes[l.Ford], yes[l.Prohibited], crossing[l.Between[0]+"-"+l.Between[1]]})
		next++
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// fillRows calls fill for each data row of a sheet with cell access by
// header.
func fillRows(t *testing.T, f *excelize.File, sheet string, fill func(get func(string) string, set func(string, any))) {
	t.Helper()
	rows, err := f.GetRows(sheet)
	if err != nil || len(rows) < 2 {
		t.Fatalf("sheet %s: %v", sheet, err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i + 1
	}
	for r := 2; r <= len(rows); r++ {
		row := rows[r-1]
		get := func(h string) string {
			if c := col[h]; c > 0 && c <= len(row) {
				return row[c-1]
			}
			return ""
		}
		set := func(h string, v any) {
			c := col[h]
			if c == 0 {
				t.Fatalf("sheet %s has no column %q (has %v)", sheet, h, rows[0])
			}
			cell, _ := excelize.CoordinatesToCellName(c, r)
			f.SetCellValue(sheet, cell, v)
		}
		fill(get, set)
	}
}
