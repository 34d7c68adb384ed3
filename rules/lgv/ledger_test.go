package lgv

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/musterhq/muster/internal/seedtext"
)

// The ledger of the LGV rulebook's numbered cases (docs/lgv-cases.md):
// one row for each case heading of modules 1-18, with its line, the code
// that cites it, the scripts and tests that pin it, and its status. The
// code, scripts and tests are found by the case number they cite (a
// script's "cites", a comment or refusal code in the engine, a test's doc
// comment); the status and its note are the table below, by hand.
// Regenerate the page with
//
//	go test ./rules/lgv -run TestCaseLedger -update-ledger
var updateLedger = flag.Bool("update-ledger", false, "rewrite docs/lgv-cases.md")

const ledgerPage = "../../docs/lgv-cases.md"

// Statuses of a case.
const (
	played     = "played"
	reading    = "played, documented reading" // docs/engines.md, LGV engine section
	option     = "option"                     // an --option chooses the reading
	notApplies = "not applicable"
	notPlayed  = "not played"
)

type ledgerRow struct {
	status, note string
	// also are scripts that pin the case without the case number in
	// their cites (none yet: each must cite it, the test checks).
	also []string
}

// ledger is the status of every case. A case missing here fails the test.
var ledger = map[string]ledgerRow{
	"1.0":    {status: notApplies, note: "introduction"},
	"2.0":    {status: notApplies, note: "the component list"},
	"2.1":    {status: played, note: "every die through the game's one seeded source (1D6, 2D6)"},
	"3.0":    {status: notApplies, note: "heading"},
	"3.1":    {status: option, note: "Zones count as Areas where the text does not say otherwise; adjacency=movable|boundary reads 'adjacent'"},
	"3.1.1":  {status: played, note: "roads from map.json"},
	"3.1.2":  {status: notApplies, note: "identifiers; the TEM is read from map.json (9.4.3C, 10.4)"},
	"3.1.3":  {status: played, note: "Wilderness from map.json (8.4.3, 9.4.2D)"},
	"3.1.4":  {status: played, note: "sectors from map.json (8.4.2, 8.4.6)"},
	"3.1.5":  {status: played, note: "boundary types from map.json"},
	"3.1.6":  {status: played, note: "fords from map.json (8.4.4, 16.1)"},
	"3.1.7":  {status: played, note: "stars from map.json (6.1.1)"},
	"3.1.8":  {status: played, note: "hills from map.json (10.3)"},
	"3.1.9":  {status: notApplies, note: "features without effect"},
	"3.2":    {status: played, note: "the turn and activation tracks of the state"},
	"3.3":    {status: played, note: "the VP Track (17.2)"},
	"4.0":    {status: notApplies, note: "heading"},
	"4.1":    {status: notApplies, note: "counter colours; Fresh and Exhausted are unit state"},
	"4.2":    {status: played, note: "unit types from counters.json"},
	"4.2.1":  {status: played, note: "Artillery: bombardment and support (10, 9.5)"},
	"4.2.2":  {status: notApplies, note: "description of Infantry; its role is in 15.1 and 12.1B"},
	"4.2.3":  {status: played, note: "Engineers: 8.4.6, 16.1"},
	"4.2.4":  {status: notApplies, note: "description of Cavalry; screening is 8.3"},
	"4.2.5":  {status: played, note: "Leaders: 7.1.3, 8.4.7, 9.4A, 9.4.2F, 11.1.1, 12.2"},
	"4.3":    {status: notApplies, note: "heading"},
	"4.3.1":  {status: notApplies, note: "counter identification"},
	"4.3.2":  {status: played, note: "factors from counters.json, Fresh and Exhausted"},
	"4.3.3":  {status: notApplies, note: "command badges; the command hierarchy is game.json's, used by 7.1.3, 9.4.2E and 9.4.2F"},
	"4.3.4":  {status: notApplies, note: "command colours; as 4.3.3"},
	"4.3.5":  {status: reading, note: "Independent units neither count for Command Integrity nor belong to a Leader's command"},
	"5.0":    {status: notApplies, note: "heading"},
	"5.1":    {status: played, note: "the scenario's length"},
	"5.1.1":  {status: notApplies, note: "choosing sides is the players'; the bid is 18.1"},
	"5.2":    {status: reading, note: "markers from the scenario's start; the Variant Union Setup is a decision (a corps with two Areas trades unit by unit)"},
	"5.3":    {status: played, note: "every unit Fresh at the start"},
	"5.3.1":  {status: reading, note: "units 'with any Union Leader' go with the Union Leaders in id order; the footnote's one Engineer an Area is enforced (an Engineer skips a Leader whose Area has one; two set up in one Area refuse the scenario)"},
	"5.3.2":  {status: played, note: "the scenario's setup"},
	"6.0":    {status: played, note: "the four phases"},
	"6.1":    {status: played, note: ""},
	"6.1.1":  {status: played, note: "turn 1, stars, Confederate ties, the +1 MF bonus"},
	"6.2":    {status: played, note: ""},
	"6.2.1":  {status: reading, note: "a Pass while the opponent has no Fresh unit gives the passer a new Impulse"},
	"6.2.2":  {status: played, note: "one Pontoon Bridge option per Union Assault Activation (16.1)"},
	"6.2.3":  {status: played, note: ""},
	"6.2.4":  {status: played, note: ""},
	"6.2.5":  {status: played, note: ""},
	"6.3":    {status: played, note: ""},
	"6.4":    {status: played, note: ""},
	"7.0":    {status: notApplies, note: "heading"},
	"7.1":    {status: played, note: ""},
	"7.1.1":  {status: played, note: "the limit from game.json"},
	"7.1.2":  {status: played, note: "the limit from game.json"},
	"7.1.3":  {status: reading, note: "a Leader counts unless a unit of his command is in the Area; the kinds counted, the free units and leadersFreeWithCommand are read from game.json's stacking, a filter the engine cannot play refuses the module"},
	"7.2":    {status: played, note: ""},
	"7.3":    {status: played, note: ""},
	"7.4":    {status: played, note: ""},
	"7.5":    {status: played, note: ""},
	"8.0":    {status: notApplies, note: "heading"},
	"8.1":    {status: played, note: ""},
	"8.1.1":  {status: played, note: ""},
	"8.2":    {status: played, note: ""},
	"8.2.1":  {status: played, note: ""},
	"8.3":    {status: reading, note: "a screen is offered as each unit enters, not once enemy movement is complete"},
	"8.4":    {status: notApplies, note: "heading of the restrictions 8.4.1-8.4.7"},
	"8.4.1":  {status: played, note: ""},
	"8.4.2":  {status: played, note: ""},
	"8.4.3":  {status: played, note: ""},
	"8.4.4":  {status: option, note: "ford-limit=per-ford|per-impulse; five units only over a bridge standing at the start of the Impulse"},
	"8.4.5":  {status: played, note: ""},
	"8.4.6":  {status: played, note: ""},
	"8.4.7":  {status: played, note: ""},
	"9.0":    {status: played, note: ""},
	"9.1":    {status: played, note: ""},
	"9.2":    {status: played, note: ""},
	"9.3":    {status: played, note: ""},
	"9.4":    {status: played, note: ""},
	"9.4.1":  {status: played, note: ""},
	"9.4.2":  {status: option, note: "leader-attack-bonus=none|count; surprise=all|any: Surprise (D) asks every attacker, or one, to come from Wilderness"},
	"9.4.3":  {status: option, note: "water-mixed=minor|none: a Major crossing counts as minor (+1) when crossings are mixed (D), or a mix gives nothing; Zone H - Area 53 is Major water (14.1.1); the defender counts only his own Entrench marker (F)"},
	"9.4.4":  {status: reading, note: "an Overrun's one second attack counts as a Success; no Overrun in an Area with either side's Entrench marker"},
	"9.5":    {status: played, note: ""},
	"10.0":   {status: played, note: ""},
	"10.1":   {status: played, note: ""},
	"10.1.1": {status: option, note: "adjacency=movable|boundary decides the range"},
	"10.2":   {status: notApplies, note: "heading of 10.2.1"},
	"10.2.1": {status: played, note: ""},
	"10.3":   {status: played, note: ""},
	"10.4":   {status: played, note: ""},
	"11.0":   {status: notApplies, note: "heading"},
	"11.1":   {status: option, note: "cp-absorption=repeat|once"},
	"11.1.1": {status: option, note: "front-leader-fate=return|roll"},
	"11.2":   {status: played, note: ""},
	"11.2.1": {status: reading, note: "an attacker whose entry Area is full retreats into it and on from there"},
	"11.2.2": {status: reading, note: "ties on priority go to the lowest location; through full Areas the lowest one from which a retreat goes on"},
	"11.2.3": {status: reading, note: "offered after a no-effect Bombardment too, and where the retreat can only eliminate the unit"},
	"11.2.4": {status: played, note: ""},
	"12.0":   {status: played, note: ""},
	"12.1":   {status: played, note: "the Zone fallback is any friendly-Controlled Zone, Vacant or not (A)"},
	"12.2":   {status: reading, note: "a returning Leader with nowhere to go stays out; the Zone fallback as 12.1A"},
	"13.0":   {status: played, note: ""},
	"13.1":   {status: reading, note: "no Advantage re-roll of the Momentum Phase dice (13.1A against 13.1)"},
	"13.2":   {status: played, note: ""},
	"13.3":   {status: played, note: ""},
	"14.0":   {status: played, note: ""},
	"14.1":   {status: reading, note: "a Zone is entered only as a unit's first move of the Impulse; entering costs 1 MF"},
	"14.1.1": {status: played, note: ""},
	"14.2":   {status: played, note: ""},
	"14.2.1": {status: played, note: "entry and retreat into Zones C and D out of a Union-Controlled Area 16 or 47"},
	"14.3":   {status: played, note: ""},
	"14.4":   {status: played, note: ""},
	"14.5":   {status: reading, note: "the retreat into a friendly-Controlled Vacant Zone is the owner's decision (a voluntary retreat, a screen, a CP retreat) at a retreat's first step; a retreat forced on from a full Area, or a Repulsed attacker's, follows the priorities"},
	"15.0":   {status: played, note: "markers limited to a module's supply"},
	"15.1":   {status: played, note: "markers are each side's"},
	"15.2":   {status: reading, note: "capture is the attacker's (mover's) decision while the Activation lasts; declined after an Assault, the enemy marker stays; a cleared Area keeps the enemy marker where the attacker has one"},
	"15.3":   {status: played, note: ""},
	"16.0":   {status: played, note: ""},
	"16.1":   {status: played, note: "one bridge per Assault Activation"},
	"16.2":   {status: played, note: ""},
	"16.3":   {status: played, note: ""},
	"17.0":   {status: notApplies, note: "heading"},
	"17.1":   {status: reading, note: "both automatic victories checked Union first"},
	"17.1.1": {status: played, note: ""},
	"17.1.2": {status: played, note: ""},
	"17.2":   {status: option, note: "kia-jackson-stuart=each|together"},
	"17.3":   {status: played, note: "the level table read from the scenario"},
	"18.0":   {status: notApplies, note: "heading of 18.1"},
	"18.1":   {status: option, note: "bid=N, bid-reading=threshold|shift"},
}

type ruleCase struct {
	num  string
	line int
	head string
}

var caseHeading = regexp.MustCompile(`^(\d+)\.(\d+)(\.\d+)? `)

// rulebookCases are the numbered case headings of modules 1-18.
func rulebookCases(t *testing.T) []ruleCase {
	src := seedtext.Read(t, "002_3f3906921120270a.txt")
	var out []ruleCase
	for i, l := range strings.Split(string(src), "\n") {
		m := caseHeading.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var mod int
		fmt.Sscan(m[1], &mod)
		if mod < 1 || mod > 18 {
			continue
		}
		num := strings.TrimSpace(m[0])
		head := strings.TrimSpace(strings.TrimPrefix(l, num))
		if len(head) > 40 {
			head = head[:40]
			if j := strings.LastIndex(head, " "); j > 20 {
				head = head[:j]
			}
			head += " ..."
		}
		out = append(out, ruleCase{num, i + 1, head})
	}
	return out
}

// citesCase: text cites case num (15.2 in "15.2 (line", "LGV 15.2",
// "12.1A", not in 15.2.1 or 115.2).
func citesCase(text, num string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], num)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(num)
		before := j == 0 || !(text[j-1] >= '0' && text[j-1] <= '9' || text[j-1] == '.')
		after := end == len(text) || !(text[end] >= '0' && text[end] <= '9' || text[end] == '.' && end+1 < len(text) && text[end+1] >= '0' && text[end+1] <= '9')
		if before && after {
			return true
		}
		i = j + 1
	}
}

// ledgerScripts maps each script file name to its cites.
func ledgerScripts(t *testing.T) map[string]string {
	files, _ := filepath.Glob("testdata/module/playtests/*.json")
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s struct{ Cites string }
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = s.Cites
	}
	return out
}

var testFunc = regexp.MustCompile(`(?m)((?:^//.*\n)+)func (Test\w+)\(`)

// ledgerSources: the engine's code lines and its tests' doc comments.
func ledgerSources(t *testing.T) (code map[string][]string, tests map[string]string) {
	files, _ := filepath.Glob("*.go")
	sort.Strings(files)
	code, tests = map[string][]string{}, map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, "_test.go") {
			for _, m := range testFunc.FindAllStringSubmatch(string(b), -1) {
				tests[m[2]] = m[1]
			}
			continue
		}
		code[f] = strings.Split(string(b), "\n")
	}
	return code, tests
}

func renderLedger(t *testing.T) ([]byte, []string) {
	cases := rulebookCases(t)
	scripts := ledgerScripts(t)
	code, tests := ledgerSources(t)
	var problems []string
	var b bytes.Buffer
	b.WriteString(`# Lee's Greatest Victory: every numbered case and what plays it

<!-- Generated by "go test ./rules/lgv -run TestCaseLedger -update-ledger"; do not edit. -->

One row for each numbered case of the LGV rulebook, modules 1-18
(` + "`../shared/seeds/002_3f3906921120270a.txt`" + `, the line of its heading), with the engine code
that cites it (` + "`rules/lgv`" + `, file:line, the first three), the playtest scripts that cite it
in their ` + "`cites`" + ` (` + "`rules/lgv/testdata/module/playtests`" + `), the Go tests whose doc comment
cites it, and its status: played; played with a documented reading (docs/engines.md, the LGV engine
section); option (an ` + "`--option`" + ` chooses the reading); not applicable (a heading, or a
component described that the module data carries); not played, with the reason.
` + "`TestCaseLedger`" + ` fails when a case has no status, a row names a script that does not cite
its case, or a played case (any status but not applicable and not played) has no script.

| case | line | heading | status | note | code | scripts | tests |
| --- | --- | --- | --- | --- | --- | --- | --- |
`)
	seen := map[string]bool{}
	var names []string
	for n := range scripts {
		names = append(names, n)
	}
	sort.Strings(names)
	var testNames []string
	for n := range tests {
		testNames = append(testNames, n)
	}
	sort.Strings(testNames)
	for _, c := range cases {
		seen[c.num] = true
		row, ok := ledger[c.num]
		if !ok {
			problems = append(problems, fmt.Sprintf("case %s (line %d) has no row in the ledger", c.num, c.line))
			continue
		}
		var pin []string
		for _, n := range names {
			if citesCase(scripts[n], c.num) {
				pin = append(pin, n)
			}
		}
		for _, n := range row.also {
			if !citesCase(scripts[n], c.num) {
				problems = append(problems, fmt.Sprintf("case %s: script %s does not cite it", c.num, n))
			}
			pin = append(pin, n)
		}
		var pinT []string
		for _, n := range testNames {
			if citesCase(tests[n], c.num) {
				pinT = append(pinT, n)
			}
		}
		var where []string
		var files []string
		for f := range code {
			files = append(files, f)
		}
		sort.Strings(files)
		for _, f := range files {
			for i, l := range code[f] {
				if len(where) < 3 && citesCase(l, c.num) {
					where = append(where, fmt.Sprintf("%s:%d", f, i+1))
				}
			}
		}
		if row.status != notApplies && row.status != notPlayed && len(pin) == 0 {
			problems = append(problems, fmt.Sprintf("case %s (%s) has no pinning script", c.num, row.status))
		}
		if row.status == notPlayed && row.note == "" {
			problems = append(problems, fmt.Sprintf("case %s is not played and says no reason", c.num))
		}
		for i := range pin {
			pin[i] = "`" + strings.TrimSuffix(pin[i], ".json") + "`"
		}
		for i := range where {
			where[i] = "`" + where[i] + "`"
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s | %s |\n", c.num, c.line, strings.ReplaceAll(c.head, "|", "/"), row.status, strings.ReplaceAll(row.note, "|", "\\|"),
			strings.Join(where, " "), strings.Join(pin, " "), strings.Join(pinT, " "))
	}
	for n := range ledger {
		if !seen[n] {
			problems = append(problems, fmt.Sprintf("the ledger has a row for %s, no case heading of the rulebook", n))
		}
	}
	sort.Strings(problems)
	return b.Bytes(), problems
}

func TestCaseLedger(t *testing.T) {
	want, problems := renderLedger(t)
	for _, p := range problems {
		t.Error(p)
	}
	if *updateLedger {
		if err := os.WriteFile(ledgerPage, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(ledgerPage)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go test ./rules/lgv -run TestCaseLedger -update-ledger", ledgerPage)
	}
}

// citesCase finds a case number only where it stands alone.
func TestCitesCase(t *testing.T) {
	for _, c := range []struct {
		text, num string
		want      bool
	}{
		{"15.2 (line 735)", "15.2", true},
		{"LGV 12.1A", "12.1", true},
		{"9.4.3F", "9.4.3", true},
		{"15.2.1", "15.2", false},
		{"115.2", "15.2", false},
		{"see 8.4.", "8.4", true},
		{"8.4.4 and 8.4", "8.4", true},
	} {
		if got := citesCase(c.text, c.num); got != c.want {
			t.Errorf("citesCase(%q, %q) = %v", c.text, c.num, got)
		}
	}
}
