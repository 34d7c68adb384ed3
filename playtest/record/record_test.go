package record

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The made-up games of testdata/games.csv (twelve rows, every one marked
// made-up) import, round-trip through their JSON and read back.
func TestCSVRoundTrip(t *testing.T) {
	src, err := os.ReadFile("testdata/games.csv")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := FromCSV("games.csv", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 12 || rows[0].Row != 2 {
		t.Fatalf("%d rows, first row %d; want 12 from row 2", len(rows), rows[0].Row)
	}
	r := rows[3].Record
	if r.Scenario != "lgv-test-01" || r.Players["union"] != "Gil" || r.Players["confederate"] != "Hal" || r.Result.Winner != "confederate" ||
		r.Result.Route != "automatic" || *r.VP != 2 || *r.LastTurn != 4 || !r.MadeUp || r.FirstPlayer != "union" || r.Version != "draft 3" {
		t.Fatalf("row 5: %+v", r)
	}
	dir := t.TempDir()
	for _, row := range rows {
		b, err := row.Record.JSON()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "g"+strings.Repeat("0", 3)+string(rune('a'+row.Row))+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	back, ds, err := ReadDir(dir)
	if err != nil || ds.HasErrors() || len(back) != 12 {
		t.Fatalf("read back %d records: %v %v", len(back), err, ds)
	}
}

// Every problem of a sheet names its row (the header is row 1) and its
// column.
func TestCSVCellErrors(t *testing.T) {
	const head = "scenario,player:union,player:confederate,winner,vp,last turn,date,made-up\n"
	for _, c := range []struct{ src, want string }{
		{"", "row 1: the file is empty"},
		{"scenario,winner\nlgv-01,union\n", `row 1: no player column`},
		{"scenario,player:union,colour,winner\n", `row 1, column "colour": unknown column`},
		{"scenario,player:union,Player:Union,winner\n", `row 1, column "Player:Union": the column is given twice`},
		{"player:union,winner\n", `row 1: no "scenario" column`},
		{head + "lgv-01,Ann,Ben,union,12x,6,,\n", `row 2, column "vp": "12x" is not a number of VP`},
		{head + "lgv-01,Ann,Ben,union,12,six,,\n", `row 2, column "last turn": "six" is not a turn`},
		{head + "\nlgv-01,Ann,Ben,north,12,6,,\n", `row 3, column "winner": winner "north" is not a side`},
		{head + "lgv-01,Ann,Ben,union,12,6,2026-13,\n", `row 2, column "date":`},
		{head + "Lgv 01,Ann,Ben,union,12,6,,\n", `row 2, column "scenario":`},
		{head + "lgv-01,Ann,Ben,union,12,6,,maybe\n", `row 2, column "made-up": "maybe": want yes or no`},
		{head + "lgv-01,Ann,Ben,union,12,6,,,extra\n", `row 2: 9 cells, the header names 8 columns`},
		{head, "row 2: no game"},
		{head + "lgv-01,\"Ann,Ben,union\n", "row 2: extraneous or missing"},
		{"scenario,winner,player:union\nlgv-01,union,\xff\n", "not UTF-8"},
	} {
		_, err := FromCSV("s.csv", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}

// A record file's problems are at file:line:col: a winner that is no
// side of the players.
func TestParsePositions(t *testing.T) {
	src := "{\n  \"$schema\": \"record.schema.json\",\n  \"scenario\": \"lgv-01\",\n  \"players\": {\"union\": \"Ann\"},\n  \"result\": {\"winner\": \"north\"}\n}\n"
	_, ds := Parse("g.json", []byte(src))
	if !ds.HasErrors() || !strings.Contains(ds.Error(), "g.json:5:") || !strings.Contains(ds.Error(), `winner "north" is not a side`) {
		t.Fatalf("findings: %v", ds)
	}
	_, ds = Parse("h.json", []byte("{\n  \"$schema\": \"record.schema.json\",\n  \"scenario\": \"lgv-01\",\n  \"players\": {},\n  \"result\": {\"draw\": true}, \"vp\": \"x\"\n}\n"))
	var all []string
	for _, d := range ds {
		all = append(all, d.Error())
	}
	if got := strings.Join(all, "\n"); !strings.Contains(got, "h.json:4:") || !strings.Contains(got, "h.json:5:") {
		t.Fatalf("findings: %v", ds)
	}
}

// FuzzFromCSV: no sheet makes the reader panic; a sheet it reads gives
// records that write as valid JSON.
func FuzzFromCSV(f *testing.F) {
	src, _ := os.ReadFile("testdata/games.csv")
	f.Add(src)
	f.Add([]byte("scenario,player:union,winner\nlgv-01,Ann,union\n"))
	f.Add([]byte("\xef\xbb\xbfscenario,winner,player:a\n\"x\"\"\",draw,b\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		rows, err := FromCSV("f.csv", b)
		if err != nil {
			if _, ok := err.(*CellError); !ok {
				t.Fatalf("not a cell error: %T %v", err, err)
			}
			return
		}
		for _, r := range rows {
			if _, err := r.Record.JSON(); err != nil {
				t.Fatalf("row %d read but does not write: %v", r.Row, err)
			}
		}
	})
}

// A date must be a day of the calendar, not only shaped like one.
func TestRecordDateIsARealDay(t *testing.T) {
	for date, ok := range map[string]bool{"2026-10-02": true, "2026-13-45": false, "2026-02-30": false} {
		r := &Record{Scenario: "lgv-test-01", Date: date, Players: map[string]string{"union": "Ann"}, Result: Result{Winner: "union"}}
		_, err := r.JSON()
		if (err == nil) != ok {
			t.Errorf("date %s: %v", date, err)
		}
		if !ok && (err == nil || !strings.Contains(err.Error(), "not a day of the calendar")) {
			t.Errorf("date %s: %v, want the date named", date, err)
		}
	}
}
