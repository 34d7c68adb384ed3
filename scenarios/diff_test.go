package scenarios

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func loadDiffFixture(t *testing.T, name string) *Scenario {
	t.Helper()
	p := filepath.Join("testdata", "diff", name)
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	doc, ds := Parse(p, src)
	if ds.HasErrors() {
		t.Fatalf("%s: %v", p, ds)
	}
	s := &Scenario{}
	if err := doc.Decode(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// diffLines shows each change as "section/kind side: text" so a test
// pins where a change is filed as well as what it says.
func diffLines(cs []Change) []string {
	var out []string
	for _, c := range cs {
		side := ""
		if c.Side != "" {
			side = " " + c.Side
		}
		out = append(out, fmt.Sprintf("%s/%s%s: %s", c.Section, c.Kind, side, c.Text))
	}
	return out
}

func TestDiffKinds(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"base.json", nil},
		{"reformatted.json", nil}, // keys reversed, tabs, 5.0 and 1e1
		{"units.json", []string{
			"setup/moved confederate: Wise (c.wise.inf) moved from S0713 to S0714 (Blandford)",
			"setup/removed confederate: Page (c.page.inf) removed (was at S0712)",
			"setup/removed confederate: Confederate Redoubt (redoubt at S0606) removed (was at S0606)",
			"setup/added confederate: Confederate Redoubt (redoubt at S0605) added at S0605",
			"setup/added confederate: Colston (c.colston.inf) added at S0613",
		}},
		{"unit-fields.json", []string{
			"setup/changed confederate: Page (c.page.inf): marks * -> $",
			"setup/changed confederate: Page (c.page.inf): starting state entrenchment Breastworks-Complete -> Fort-Complete",
			"setup/changed union: Barlow (u.barlow.inf): manpower 15 -> 12",
			"setup/changed union: Barlow (u.barlow.inf): size Div -> Brig",
			"setup/changed union: Barlow (u.barlow.inf): command II -> IX",
			"setup/changed union: Barlow (u.barlow.inf): type Inf -> Cav",
			"setup/added union: Gibbon (u.gibbon.inf): starting states added: fatigue 1",
		}},
		{"entry.json", []string{
			"setup/changed confederate: Hoke (c.hoke.ldr-div): entry.date 1864-06-16 -> 1864-06-17",
			`setup/changed confederate: Hoke (c.hoke.ldr-div): entry.text "Turn 2" -> "Turn 3"`,
			"setup/changed confederate: Hoke (c.hoke.ldr-div): entry.turn 2 -> 3",
			"setup/changed confederate: Hoke (c.hoke.ldr-div): entry.where.hexes[0] S0301 -> S0302",
		}},
		{"footnote-legend.json", []string{
			"setup/changed confederate: Set-up table 'Confederate Set-Up': footnote *.states.entrenchment Breastworks-Complete -> Abatis",
			"setup/changed confederate: Wise (c.wise.inf): starting state entrenchment Breastworks-Complete -> Abatis",
			"setup/changed confederate: Page (c.page.inf): starting state entrenchment Breastworks-Complete -> Abatis",
		}},
		{"rules.json", []string{
			"special-rules/removed: Special rule 2 'Fatigue' removed",
			"special-rules/changed: Special rule 1 'First Player': effects[0].side union -> confederate",
			`special-rules/changed: Special rule 1 'First Player': text "The Union player moves first." -> "The Confederate player moves first."`,
			"special-rules/changed: Special rule 'Rain': effects[0].turns.to 2 -> 3",
			"special-rules/added: Special rule 4 'Gunboats' added: Gunboats may not move.",
		}},
		{"vp.json", []string{
			"victory/removed: VP line 'For each point of Union Manpower lost.' removed (was -2 VP)",
			"victory/changed: VP line 'Union occupies Petersburg (S0413 or S0513).': 5 VP -> 10 VP",
			"victory/added: VP line 'Union occupies City Point (S1207).' added: 2 VP",
		}},
		{"levels.json", []string{
			"levels/changed union: Level 'Union Victory': min 10 -> 12",
			`levels/changed union: Level 'Union Victory': printed "10 or more" -> "12 or more"`,
			"levels/changed confederate: Level 'Confederate Marginal Victory': min 0 -> 1",
			`levels/changed confederate: Level 'Confederate Victory': level "Confederate Victory" -> "Confederate Decisive Victory"`,
			"levels/changed confederate: Level 'Confederate Victory': max -1 -> 0",
			`levels/changed confederate: Level 'Confederate Victory': printed "-1 or less" -> "0 or less"`,
		}},
		{"length-maps-start.json", []string{
			"length/changed: Length: end 1864-06-16 -> 1864-06-17",
			`length/changed: Length: text "GAME LENGTH: 2 turns, June 15 - June 16, 1864." -> "GAME LENGTH: 3 turns, June 15 - June 17, 1864."`,
			"length/changed: Length: turns 2 -> 3",
			"maps/added: Maps: sheets[1] added: sheet otr-north, part all",
			"start/added: Start: statuses added: union-posture active",
			"start/changed: Start: tracks.union-posture 1 -> 2",
		}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got := diffLines(Diff(loadDiffFixture(t, "base.json"), loadDiffFixture(t, tc.file)))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("diff base.json %s:\ngot:\n%s\nwant:\n%s", tc.file, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// The values a change carries are plain JSON, so the JSON form is stable.
func TestDiffValues(t *testing.T) {
	cs := Diff(loadDiffFixture(t, "base.json"), loadDiffFixture(t, "vp.json"))
	b, err := json.Marshal(cs[1])
	if err != nil {
		t.Fatal(err)
	}
	want := `{"section":"victory","kind":"changed","subject":"petersburg","field":"points",` +
		`"old":{"points":5,"printedPoints":"+5"},"new":{"points":10,"printedPoints":"+10"},` +
		`"text":"VP line 'Union occupies Petersburg (S0413 or S0513).': 5 VP -\u003e 10 VP"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	cs = Diff(loadDiffFixture(t, "base.json"), loadDiffFixture(t, "units.json"))
	if c := cs[0]; c.Subject != "c.wise.inf" || c.Field != "location" || c.Old != "S0713" || c.New != "S0714 (Blandford)" {
		t.Errorf("move = %+v", c)
	}
}

// Notes read as notes: kind, text and fields as text, one line per note,
// not a notes list's JSON (issue 27).
func TestDiffNotes(t *testing.T) {
	base, notes := loadDiffFixture(t, "base.json"), loadDiffFixture(t, "notes.json")
	correction := `correction: "The rulebook prints the game length as 3 turns; the dates give 2." (printed "3 turns"; field length.turns; source made-up, section "Game Length", lines 12)`
	for _, tc := range []struct {
		name     string
		old, new *Scenario
		want     []string
	}{
		{"added", base, notes, []string{
			"scenario/added: Scenario: note 1 added: " + correction,
			`scenario/added: Scenario: note 2 added: comment: "Play-tested twice."`,
			`setup/added confederate: Wise (c.wise.inf): note 1 added: inferred: "Strength from the order of battle."`,
		}},
		{"removed", notes, base, []string{
			"scenario/removed: Scenario: note 1 removed (was " + correction + ")",
			`scenario/removed: Scenario: note 2 removed (was comment: "Play-tested twice.")`,
			`setup/removed confederate: Wise (c.wise.inf): note 1 removed (was inferred: "Strength from the order of battle.")`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := diffLines(Diff(tc.old, tc.new))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	// One note more, one changed: the others are not listed again.
	edited := loadDiffFixture(t, "notes.json")
	edited.Notes[1].Text = "Play-tested three times."
	edited.Notes = append(edited.Notes, Note{Kind: "missing", Text: "The rulebook gives no weather."})
	got := diffLines(Diff(notes, edited))
	want := []string{
		`scenario/changed: Scenario: note 2 text "Play-tested twice." -> "Play-tested three times."`,
		`scenario/added: Scenario: note 3 added: missing: "The rulebook gives no weather."`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, c := range Diff(base, edited) {
		if strings.ContainsAny(c.Text, "{[") {
			t.Errorf("a note shown as JSON: %s", c.Text)
		}
	}
}

// Swapping the operands swaps added and removed.
func TestDiffReversed(t *testing.T) {
	got := diffLines(Diff(loadDiffFixture(t, "units.json"), loadDiffFixture(t, "base.json")))
	want := []string{
		"setup/moved confederate: Wise (c.wise.inf) moved from S0714 (Blandford) to S0713",
		"setup/removed confederate: Confederate Redoubt (redoubt at S0605) removed (was at S0605)",
		"setup/removed confederate: Colston (c.colston.inf) removed (was at S0613)",
		"setup/added confederate: Page (c.page.inf) added at S0712",
		"setup/added confederate: Confederate Redoubt (redoubt at S0606) added at S0606",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSplitMarks(t *testing.T) {
	fns := []Footnote{{Symbol: "*"}, {Symbol: "**"}, {Symbol: "$"}}
	for marks, want := range map[string]string{"": "", "*": "*", "**$": "**|$", "$*&": "$|*|&", "†*": "†|*"} {
		if got := strings.Join(splitMarks(marks, fns), "|"); got != want {
			t.Errorf("splitMarks(%q) = %q, want %q", marks, got, want)
		}
	}
}

// Every shipped scenario is identical to itself and differs from every
// other one, both ways round, with as many additions one way as removals
// the other; Diff never panics on real data.
func TestDiffShipped(t *testing.T) {
	var all []*Scenario
	for _, m := range Builtin().Modules {
		for _, sf := range m.Scenarios {
			if sf.Scenario != nil {
				all = append(all, sf.Scenario)
			}
		}
	}
	if len(all) < 12 {
		t.Fatalf("only %d shipped scenarios", len(all))
	}
	count := func(cs []Change, kind string) (n int) {
		for _, c := range cs {
			if c.Kind == kind {
				n++
			}
		}
		return n
	}
	for i, a := range all {
		if cs := Diff(a, a); len(cs) != 0 {
			t.Errorf("%s against itself: %v", a.ID, diffLines(cs))
		}
		for _, b := range all[i+1:] {
			ab, ba := Diff(a, b), Diff(b, a)
			if len(ab) == 0 || len(ab) != len(ba) || count(ab, ChangeAdded) != count(ba, ChangeRemoved) {
				t.Errorf("%s -> %s: %d changes (%d added); back: %d changes (%d removed)",
					a.ID, b.ID, len(ab), count(ab, ChangeAdded), len(ba), count(ba, ChangeRemoved))
			}
		}
	}
}
