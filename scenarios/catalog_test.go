package scenarios

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBuiltinCatalogLoads(t *testing.T) {
	c := Builtin()
	for _, d := range c.Diags {
		t.Errorf("shipped catalog: %v", d)
	}
	tpc := c.Module("tpc")
	if tpc == nil || !tpc.Complete {
		t.Fatalf("tpc module missing or incomplete")
	}
	if n := len(tpc.Scenarios); n < 10 {
		t.Fatalf("tpc ships %d scenarios, want at least 10", n)
	}
}

// The per-side setup row counts of each scenario, counted from the
// rulebook's setup tables (001_28c7e36b674162dc.txt), non-unit rows such as
// redoubts and deferred-entry rows included. Scenario 10's Confederate table
// is printed as run-together copies; 32 is the count of distinct rows.
// Scenario 11 prints 58 and 64 tab-separated lines: line 3010 is Wickham's
// row, of which only a residue of the hex cell is left (restored, inferred),
// and line 3108 holds Gibbs's cells. Scenario 12's Union table prints 76: lines
// 3282 and 3308 continue the Kautz-25th and Ayres rows.
var rulebookRowCounts = map[string][2]int{ // {confederate, union}
	"tpc-01": {14, 17},
	"tpc-02": {8, 18},
	"tpc-03": {11, 12},
	"tpc-04": {39, 52},
	"tpc-05": {35, 43},
	"tpc-06": {26, 33},
	"tpc-07": {19, 27},
	"tpc-08": {18, 26},
	"tpc-09": {31, 25},
	"tpc-10": {32, 36},
	"tpc-11": {58, 63},
	"tpc-12": {69, 74},
}

func TestSetupRowCountsMatchRulebook(t *testing.T) {
	tpc := Builtin().Module("tpc")
	seen := map[string]bool{}
	for _, sf := range tpc.Scenarios {
		s := sf.Scenario
		want, ok := rulebookRowCounts[s.ID]
		if !ok {
			continue
		}
		seen[s.ID] = true
		got := map[string]int{}
		for _, table := range s.Setup {
			got[table.Side] += len(table.Rows)
		}
		if got["confederate"] != want[0] || got["union"] != want[1] {
			t.Errorf("%s: %d Confederate and %d Union rows, rulebook has %d and %d", s.ID, got["confederate"], got["union"], want[0], want[1])
		}
	}
	for id := range rulebookRowCounts {
		if !seen[id] {
			t.Errorf("scenario %s is not shipped", id)
		}
	}
}

// Spot values a reader can check against the printed tables.
func TestSpotValues(t *testing.T) {
	c := Builtin()
	row := func(id string, side string, name string) *SetupRow {
		sf := c.Scenario(id)
		if sf == nil {
			t.Fatalf("no scenario %s", id)
		}
		for ti := range sf.Scenario.Setup {
			tb := &sf.Scenario.Setup[ti]
			if tb.Side != side {
				continue
			}
			for ri := range tb.Rows {
				if tb.Rows[ri].Name == name {
					return &tb.Rows[ri]
				}
			}
		}
		t.Fatalf("%s: no %s row %q", id, side, name)
		return nil
	}
	// Scenario 1 line 228: "Elliott Brig J-SEV Inf 3$& S0606".
	if r := row("tpc-01", "confederate", "Elliott"); r.Manpower == nil || *r.Manpower != 3 || r.Marks != "$&" || r.Hex != "S0606" {
		t.Errorf("tpc-01 Elliott = %+v", r)
	}
	// Scenario 1 line 256: Smith-B is the XVIII Corps leader, a different
	// counter from the Smith-B cavalry brigade of later scenarios.
	if r := row("tpc-01", "union", "Smith-B"); r.Unit != "u.smith-b.ldr-corps" {
		t.Errorf("tpc-01 Smith-B unit = %q", r.Unit)
	}
	if r := row("tpc-07", "union", "Smith-B"); r.Unit != "u.smith-b.cav" {
		t.Errorf("tpc-07 Smith-B unit = %q", r.Unit)
	}
	// Scenario 11 line 2997: "Heth-A Div III Inf 11^& N1732 (Glendale)".
	if r := row("tpc-11", "confederate", "Heth-A"); r.Manpower == nil || *r.Manpower != 11 || r.Marks != "^&" || r.Hex != "N1732" || r.Place != "Glendale" {
		t.Errorf("tpc-11 Heth-A = %+v", r)
	}
	// Line 3076: "Brooks Corps X Inf -#" is the X Corps leader.
	if r := row("tpc-11", "union", "Brooks"); r.Unit != "u.brooks.ldr-corps" || r.Type != "Ldr" || r.Marks != "#" {
		t.Errorf("tpc-11 Brooks = %+v", r)
	}
	// Lines 3107-3108: Gibbs's cells are split over two lines; a March 25
	// reinforcement (16.4), campaign Turn 284.
	if r := row("tpc-11", "union", "Gibbs"); r.Manpower == nil || *r.Manpower != 1 || r.Entry == nil || r.Entry.Turn != 284 || r.Entry.Date != "1865-03-25" || r.Entry.Rule != "16.4" {
		t.Errorf("tpc-11 Gibbs = %+v", r)
	}
	// Line 3020: Gordon arrives December 19 (Turn 188, 16.2).
	if r := row("tpc-11", "confederate", "Gordon"); r.Entry == nil || r.Entry.Turn != 188 || r.Entry.Date != "1864-12-19" {
		t.Errorf("tpc-11 Gordon = %+v", r)
	}
	// Line 2977: the Confederate gunboat is in the James River box.
	if r := row("tpc-11", "confederate", "Gunboat"); r.Marker != "gunboat" || r.Box != "James River (see 25.0)" {
		t.Errorf("tpc-11 Gunboat = %+v", r)
	}
	// Special rules 2 and 18: posture Active in box 2, 3 command points,
	// Longstreet on the December 3 (Turn 172) box.
	st := c.Scenario("tpc-11").Scenario.Start
	if st == nil || st.Tracks["union-posture"] != 2 || st.Tracks["union-command-points"] != 3 || st.Statuses["union-posture"] != "active" {
		t.Errorf("tpc-11 start = %+v", st)
	} else {
		turns := map[string]int{}
		for _, m := range st.Markers {
			turns[m.Marker+m.Unit] = m.Turn
		}
		if turns["c.longstreet.ldr-corps"] != 172 || turns["confederate-withdrawal"] != 56 || turns["union-withdrawal"] != 24 {
			t.Errorf("tpc-11 Turn Track markers = %v", turns)
		}
	}
	// Rule 30.0: no VP; two draws and two Union victories, else Confederate.
	if v := c.Scenario("tpc-11").Scenario.Victory; len(v.Automatic) != 4 || !v.Automatic[1].Draw || v.Otherwise == nil || v.Otherwise.Winner != "confederate" || len(v.Awards) != 0 {
		t.Errorf("tpc-11 victory = %+v", v)
	}
	// Scenario 12 turns 1-9 are campaign Turns 288-296.
	if l := c.Scenario("tpc-12").Scenario.Length; l.Turns != 9 || l.CalendarTurns == nil || l.CalendarTurns.First != 288 || l.CalendarTurns.Last != 296 {
		t.Errorf("tpc-12 length = %+v", l)
	}
	// Line 3281: "Kautz-25th Div XXV Inf - 9$" with its hex on line 3282.
	if r := row("tpc-12", "union", "Kautz-25th"); r.Manpower == nil || *r.Manpower != 9 || r.Marks != "$" || r.Hex != "S0702" {
		t.Errorf("tpc-12 Kautz-25th = %+v", r)
	}
	// Line 3309: Ayres's hex printed "$0318 $0517 (Clabe Terry)".
	if r := row("tpc-12", "union", "Ayres"); r.Manpower == nil || *r.Manpower != 8 || r.Hex != "S0318" || r.Type != "Inf" {
		t.Errorf("tpc-12 Ayres = %+v", r)
	}
	// Line 3225: "Cooke-B Brig III Inf 4$ GTC $3845".
	if r := row("tpc-12", "confederate", "Cooke-B"); r.Hex != "GTC S3845" || r.Marks != "$" {
		t.Errorf("tpc-12 Cooke-B = %+v", r)
	}
	// Line 3236: WH Lee's division enters on Turn 2 (special rule 5).
	if r := row("tpc-12", "confederate", "Barringer"); r.Entry == nil || r.Entry.Turn != 2 || r.Entry.Rule != "5" || r.Marks != "%" {
		t.Errorf("tpc-12 Barringer = %+v", r)
	}
	if st := c.Scenario("tpc-12").Scenario.Start; st == nil || st.Tracks["union-posture"] != 0 || st.Tracks["union-command-points"] != 12 || st.Statuses["union-posture"] != "passive" {
		t.Errorf("tpc-12 start = %+v", st)
	}
	// Scenario 4's victory table prints no thresholds.
	if lv := c.Scenario("tpc-04").Scenario.Victory.Levels; lv == nil || lv.Thresholds != "missing" || len(lv.Bands) != 6 {
		t.Errorf("tpc-04 levels = %+v", lv)
	}
	// Scenario 1's table: 36 or more Union Decisive, -5 or less Confederate Decisive.
	lv := c.Scenario("tpc-01").Scenario.Victory.Levels
	if *lv.Bands[0].Min != 36 || *lv.Bands[5].Max != -5 {
		t.Errorf("tpc-01 levels = %+v", lv.Bands)
	}
}

// Every counter is placed by some shipped scenario: counters are derived
// from the setups, so an unused one is a stale id.
func TestEveryCounterIsUsed(t *testing.T) {
	tpc := Builtin().Module("tpc")
	used := map[string]bool{}
	for _, sf := range tpc.Scenarios {
		for _, tb := range sf.Scenario.Setup {
			for _, r := range tb.Rows {
				used[r.Unit] = true
			}
		}
	}
	for _, c := range tpc.Counters.Counters {
		if !used[c.ID] {
			t.Errorf("counter %s is not placed by any scenario", c.ID)
		}
	}
}

func TestResolveHexAcrossPrefixes(t *testing.T) {
	ix := Builtin().Module("tpc").Index()
	tests := []struct {
		loc      string
		prefixes map[string]string
		key      string
		wantErr  bool
	}{
		{"S0907", map[string]string{"S": "otr-south"}, "otr-south:0907", false},
		{"S3246", map[string]string{"S": "gtc-south"}, "gtc-south:3246", false},
		{"GTC S3845", map[string]string{"S": "otr-south"}, "gtc-south:3845", false},
		{"OTR N0734", nil, "otr-north:0734", false},
		{"S0907", nil, "", true}, // two sheets use the bare prefix S
		{"S9999", map[string]string{"S": "otr-south"}, "", true},
		{"X0101", nil, "", true},
		{"S090", map[string]string{"S": "otr-south"}, "", true},
		{"Petersburg", nil, "", true},
	}
	for _, tt := range tests {
		loc, err := ix.Resolve(tt.loc, tt.prefixes)
		if (err != nil) != tt.wantErr {
			t.Errorf("Resolve(%q) err = %v, wantErr %v", tt.loc, err, tt.wantErr)
			continue
		}
		if err == nil && loc.Key() != tt.key {
			t.Errorf("Resolve(%q) = %s, want %s", tt.loc, loc.Key(), tt.key)
		}
	}
}

// Every shipped file names its schema by a relative path that exists, so an
// editor opening the file in a checkout finds the schema.
func TestShippedSchemaPathsResolve(t *testing.T) {
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var head struct {
			Schema string `json:"$schema"`
		}
		if err := json.Unmarshal(src, &head); err != nil || head.Schema == "" {
			t.Errorf("%s: no $schema", p)
			return nil
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(p), head.Schema)); err != nil {
			t.Errorf("%s: $schema %q does not resolve: %v", p, head.Schema, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The rows (entries for the schedule) of each TPC rules table, counted from
// the rulebook (001_28c7e36b674162dc.txt, Advanced Game Rules).
var tpcTableRows = map[string]int{
	"random-events-jun-aug":          11, // 2.0, lines 1546-1559
	"random-events-sep-nov-mar":      11, // 1563-1576
	"random-events-dec-feb":          11, // 1624-1637
	"strategic-events":               11, // 3.0, 1692-1705
	"active-command-posture":         8,  // 4.0, 1818-1828
	"union-posture-track":            4,  // 1846-1849
	"union-manpower-jun-aug":         2,  // 15.1 prose: cavalry die 1-3 / 4-6
	"union-manpower-sep-oct":         7,  // 2175-2182
	"union-manpower-nov-apr":         6,  // 2192-2198
	"confederate-manpower-jun-dec":   6,  // 15.2, 2219-2225
	"confederate-manpower-jan-apr":   6,  // 2229-2235
	"strategic-movement-confederate": 3,  // 22.0, 2615-2618
	"strategic-movement-union":       3,  // 2622-2625
	"mine-effects":                   7,  // 27.0, 2801-2808
	"reinforcements-withdrawals":     13, // 16.1-16.4: 4 Confederate reinforcements, 3 withdrawals; 3 Union each
}

func TestTPCTablesMatchRulebook(t *testing.T) {
	tpc := Builtin().Module("tpc")
	got := map[string]*Table{}
	for _, tf := range tpc.Tables {
		if tf.Table == nil {
			t.Fatalf("%s did not load", tf.Doc.Path)
		}
		got[tf.Table.ID] = tf.Table
	}
	for id, want := range tpcTableRows {
		tb := got[id]
		if tb == nil {
			t.Errorf("table %s missing", id)
			continue
		}
		n := len(tb.Rows)
		if tb.Kind == "schedule" {
			n = len(tb.Entries)
		}
		if n != want {
			t.Errorf("%s: %d rows, rulebook has %d", id, n, want)
		}
	}
	if len(got) != len(tpcTableRows) {
		t.Errorf("tpc ships %d tables, the test knows %d", len(got), len(tpcTableRows))
	}

	event := func(table string, roll int) TableResult {
		t.Helper()
		r := got[table].Lookup(roll)
		if r == nil {
			t.Fatalf("%s: no row for %d", table, roll)
		}
		return r.Result
	}
	// Random events: "7 Heat (Current +1)", "5 Winter Weather +1", "7 Winter Weather +2*".
	if r := event("random-events-jun-aug", 7); r.Event != "heat" || r.Turns != 1 {
		t.Errorf("Jun-Aug 7 = %+v, want heat +1", r)
	}
	if r := event("random-events-dec-feb", 7); r.Event != "winter-weather" || r.Turns != 2 {
		t.Errorf("Dec-Feb 7 = %+v, want winter-weather +2", r)
	}
	if r := got["random-events-dec-feb"].Lookup(7); r.Marks != "*" {
		t.Errorf("Dec-Feb 7 marks %q, want *", r.Marks)
	}
	if r := event("random-events-sep-nov-mar", 11); r.Event != "no-effect" {
		t.Errorf("Sep-Mar 11 = %+v, want no-effect", r)
	}
	if r := got["random-events-sep-nov-mar"].Lookup(9); r.Marks != "&@" {
		t.Errorf("Sep-Mar 9 marks %q, want &@", r.Marks)
	}
	// "$ Convert to No Effect except November 16-30 (Turns 155-169) & March 1-15 (Turns 260-274)".
	for _, c := range got["random-events-sep-nov-mar"].Conversions {
		if c.Mark == "$" && (len(c.Except) != 2 || c.Except[0].Start != "1864-11-16" || c.Except[1].Turns.To != 274) {
			t.Errorf("Sep-Mar conversion $ = %+v", c)
		}
	}
	// Strategic events: "2 Continued Mining", "12 Hill Sick".
	if r := event("strategic-events", 2); r.Event != "continued-mining" {
		t.Errorf("strategic 2 = %+v", r)
	}
	if r := event("strategic-events", 12); r.Event != "hill-sick" {
		t.Errorf("strategic 12 = %+v", r)
	}
	// Active posture: "16-19 6 Command Points required", ">=32 Must be Passive".
	if r := event("active-command-posture", 17); r.CommandPoints != 6 {
		t.Errorf("posture 17 = %+v, want 6 points", r)
	}
	if r := event("active-command-posture", 40); r.Posture != "passive" {
		t.Errorf("posture 40 = %+v, want passive", r)
	}
	if r := event("active-command-posture", -20); r.CommandPoints != 3 {
		t.Errorf("posture -20 = %+v, want 3 points", r)
	}
	if m := got["active-command-posture"].Modifiers[0]; *m.Value != -16 || m.During[0].Start != "1865-04-01" {
		t.Errorf("first posture modifier = %+v, want -16 in April", m)
	}
	if r := got["union-posture-track"].Lookup(3); *r.Result.Modifier != 12 {
		t.Errorf("posture box 3 = %+v, want +12", r.Result)
	}
	// Manpower: Union Sep-Oct "<=0 1 21", Nov-Apr "4-5 0 1"; Confederate "4-5 Lose 3".
	if r := event("union-manpower-sep-oct", -3); *r.Manpower.Cavalry != 1 || *r.Manpower.Infantry != 21 {
		t.Errorf("Union Sep-Oct -3 = %+v", r.Manpower)
	}
	if r := event("union-manpower-nov-apr", 5); *r.Manpower.Cavalry != 0 || *r.Manpower.Infantry != 1 {
		t.Errorf("Union Nov-Apr 5 = %+v", r.Manpower)
	}
	if r := event("confederate-manpower-jan-apr", 5); *r.Manpower.Any != -3 {
		t.Errorf("Confederate Jan-Apr 5 = %+v", r.Manpower)
	}
	// Jun-Dec gains go to infantry: 15.2 bars gains to cavalry units.
	if r := event("confederate-manpower-jun-dec", 0); r.Manpower.Infantry == nil || *r.Manpower.Infantry != 5 || r.Manpower.Any != nil {
		t.Errorf("Confederate Jun-Dec 0 = %+v", r.Manpower)
	}
	// Strategic movement: Confederate 3 levels "21 36"; Union 4 levels "24 (20) 44 (36)".
	if r := event("strategic-movement-confederate", 3); r.MovementAllowance.Infantry != 21 || r.MovementAllowance.Cavalry != 36 {
		t.Errorf("Confederate strategic movement 3 = %+v", r.MovementAllowance)
	}
	if r := event("strategic-movement-union", 4); r.MovementAllowance.Cavalry != 44 || r.CommandParalysisAllowance.Infantry != 20 {
		t.Errorf("Union strategic movement 4 = %+v / %+v", r.MovementAllowance, r.CommandParalysisAllowance)
	}
	// Mine effects: "6 1d, Breastworks", "<=2 No Effect".
	if r := event("mine-effects", 6); !r.Disorganized || *r.Manpower.Any != -1 || r.Entrenchment != "Breastworks-Complete" {
		t.Errorf("mine 6 = %+v", r)
	}
	if r := event("mine-effects", 1); r.Manpower != nil || r.Entrenchment != "" {
		t.Errorf("mine 1 = %+v, want no effect", r)
	}
	// Schedule: "On August 9 (Turn 56) ... Kershaw must withdraw with 7 manpower and 4 artillery points";
	// "On March 25 (Turn 284), the District leader Sheridan ...".
	e := tpc.ScheduleEntry("c-1864-08-09-withdrawal")
	if e == nil || e.Turn != 56 || e.Units[1].Unit != "c.kershaw.inf" || *e.Units[1].Manpower != 7 || *e.Units[1].Artillery != 4 {
		t.Errorf("August Confederate withdrawal = %+v", e)
	}
	e = tpc.ScheduleEntry("u-1865-03-25-reinforcement")
	if e == nil || e.Turn != 284 || len(e.Units) != 10 || e.Units[0].Unit != "u.sheridan.ldr-district" {
		t.Errorf("March Union reinforcement = %+v", e)
	}
	if e := tpc.ScheduleEntry("u-1864-12-11-reinforcement"); e == nil || e.Returns != "u-1864-07-08-withdrawal" {
		t.Errorf("December Union reinforcement = %+v", e)
	}
}

// Deferred entries carry structured values: scenario 8's WH Lee rows enter
// by special rule 4 in the Random Events Phase of Turn 2 (February 6, 1865)
// on the south edge of the GTC South map.
func TestTPCDeferredEntries(t *testing.T) {
	n := 0
	for _, sf := range Builtin().Module("tpc").Scenarios {
		for _, table := range sf.Scenario.Setup {
			for _, row := range table.Rows {
				e := row.Entry
				if e == nil {
					continue
				}
				n++
				if (e.Turn == 0 && e.Date == "") || (e.Rule == "" && e.Schedule == "") || (e.Where == nil && e.Schedule == "") {
					t.Errorf("%s %s: entry %+v lacks a turn or date, or a rule or schedule, or a region", sf.Scenario.ID, row.Name, e)
				}
				if sf.Scenario.ID == "tpc-08" && (e.Turn != 2 || e.Date != "1865-02-06" || e.Rule != "4" || e.Where.Edge == nil || e.Where.Edge.Sheet != "gtc-south") {
					t.Errorf("tpc-08 %s: entry %+v", row.Name, e)
				}
			}
		}
	}
	if n < 4 {
		t.Errorf("%d deferred-entry rows, want at least 4", n)
	}
}
