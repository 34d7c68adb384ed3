package uscw

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/musterhq/muster/internal/seedtext"
)

// docs/uscw-cases.md stays true: every row has a known status; a played
// or partial row names scripts that exist and cite one of its lines; every
// engine script pins some played or partial row; other statuses name no
// script; the counts line adds the rows up.
func TestLedger(t *testing.T) {
	src, err := os.ReadFile("../../docs/uscw-cases.md")
	if err != nil {
		t.Fatal(err)
	}
	cites := scriptCites(t)
	num := regexp.MustCompile(`\d+`)
	pinned := map[string]bool{}
	count := map[string]int{}
	rows := 0
	cases, _, _ := strings.Cut(string(src), workedExamples)
	for _, line := range strings.Split(cases, "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| case") || strings.HasPrefix(line, "| ---") {
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 7 {
			t.Errorf("ledger row %q: want case, title, lines, status, scripts, note", line)
			continue
		}
		rows++
		name, lines, status, scripts, note := strings.TrimSpace(cells[1]), strings.TrimSpace(cells[3]), strings.TrimSpace(cells[4]), strings.TrimSpace(cells[5]), strings.TrimSpace(cells[6])
		count[status]++
		bounds := num.FindAllString(lines, -1)
		if len(bounds) == 0 {
			t.Errorf("%s: no lines", name)
			continue
		}
		lo, _ := strconv.Atoi(bounds[0])
		hi, _ := strconv.Atoi(bounds[len(bounds)-1])
		switch status {
		case "played", "partial":
			if scripts == "" {
				t.Errorf("%s is %s but no script pins it", name, status)
			}
			if status == "partial" && note == "" {
				t.Errorf("%s is partial: the note must say what is not played", name)
			}
			for _, s := range strings.Split(scripts, ",") {
				s = strings.TrimSpace(s)
				ns, ok := cites[s]
				if !ok {
					t.Errorf("%s: no script %s in rules/uscw/testdata/playtests", name, s)
					continue
				}
				cited := false
				for _, n := range ns {
					cited = cited || (n >= lo && n <= hi)
				}
				if !cited {
					t.Errorf("%s: script %s cites no line in %s", name, s, lines)
				}
				pinned[s] = true
			}
		case "not-yet", "option", "absent":
			if scripts != "" {
				t.Errorf("%s is %s but names scripts", name, status)
			}
		default:
			t.Errorf("%s: status %q (played, partial, not-yet, option, absent)", name, status)
		}
	}
	if rows < 100 {
		t.Errorf("the ledger has %d rows; the Basic Game has 96 sections, 5 optional rules and section 21", rows)
	}
	want := fmt.Sprintf("Counts: %d rows: %d played, %d partial, %d not-yet, %d option, %d absent.", rows, count["played"], count["partial"], count["not-yet"], count["option"], count["absent"])
	if !strings.Contains(string(src), want) {
		t.Errorf("the counts line is not %q", want)
	}
	for s := range cites {
		if !pinned[s] {
			t.Errorf("script %s pins no played or partial row of docs/uscw-cases.md", s)
		}
	}
}

// scriptCites reads every engine script's cites and returns the numbers
// in them (line numbers, among others) by script name.
func scriptCites(t *testing.T) map[string][]int {
	t.Helper()
	num := regexp.MustCompile(`\d+`)
	cites := map[string][]int{}
	files, _ := filepath.Glob("testdata/playtests/*.json")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s struct{ Cites string }
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		var ns []int
		for _, m := range num.FindAllString(s.Cites, -1) {
			n, _ := strconv.Atoi(m)
			ns = append(ns, n)
		}
		cites[strings.TrimSuffix(filepath.Base(f), ".json")] = ns
	}
	return cites
}

// workedExamples heads the ledger's inventory of the rulebook's worked
// examples; the case rows stand above it.
const workedExamples = "## Worked examples"

// The ledger's "Worked examples" section stays true: every EXAMPLE the
// rulebook prints in the Basic Game (sections 3-20) and the optional rules
// has a row whose lines hold it; a row's status is played, partial or
// not-yet; a played or partial row names scripts that exist and cite a line
// of the example; a partial or not-yet row says why in its note; the
// section's counts line adds the rows up.
func TestLedgerWorkedExamples(t *testing.T) {
	src, err := os.ReadFile("../../docs/uscw-cases.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(src), workedExamples)
	if !ok {
		t.Fatalf("docs/uscw-cases.md has no %q section", workedExamples)
	}
	cites := scriptCites(t)
	num := regexp.MustCompile(`\d+`)
	type span struct{ lo, hi int }
	var spans []span
	count := map[string]int{}
	rows := 0
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| lines") || strings.HasPrefix(line, "| ---") {
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 7 {
			t.Errorf("worked example row %q: want lines, case, example, status, scripts, note", line)
			continue
		}
		rows++
		lines, status, scripts, note := strings.TrimSpace(cells[1]), strings.TrimSpace(cells[4]), strings.TrimSpace(cells[5]), strings.TrimSpace(cells[6])
		count[status]++
		bounds := num.FindAllString(lines, -1)
		if len(bounds) == 0 || len(bounds) > 2 {
			t.Errorf("worked example %q: the lines cell is a line or a range", lines)
			continue
		}
		lo, _ := strconv.Atoi(bounds[0])
		hi, _ := strconv.Atoi(bounds[len(bounds)-1])
		spans = append(spans, span{lo, hi})
		switch status {
		case "played", "partial":
			if scripts == "" {
				t.Errorf("worked example at %s is %s but no script plays it", lines, status)
			}
			for _, s := range strings.Split(scripts, ",") {
				s = strings.TrimSpace(s)
				ns, ok := cites[s]
				if !ok {
					t.Errorf("worked example at %s: no script %s in rules/uscw/testdata/playtests", lines, s)
					continue
				}
				if !slices.ContainsFunc(ns, func(n int) bool { return n >= lo && n <= hi }) {
					t.Errorf("worked example at %s: script %s cites none of its lines", lines, s)
				}
			}
		case "not-yet":
			if scripts != "" {
				t.Errorf("worked example at %s is not-yet but names scripts", lines)
			}
		default:
			t.Errorf("worked example at %s: status %q (played, partial, not-yet)", lines, status)
		}
		if status != "played" && note == "" {
			t.Errorf("worked example at %s is %s: the note must say what is not played and why", lines, status)
		}
	}
	want := fmt.Sprintf("Examples: %d rows: %d played, %d partial, %d not-yet.", rows, count["played"], count["partial"], count["not-yet"])
	if !strings.Contains(section, want) {
		t.Errorf("the worked examples' counts line is not %q", want)
	}
	// Every EXAMPLE of sections 3-20 and the optional rules, from the
	// Sequence of Play Outline to the scenarios, has its row.
	book := strings.Split(string(seedtext.Read(t, "003_712b166fc2bd6784.txt")), "\n")
	from := slices.IndexFunc(book, func(l string) bool { return strings.HasPrefix(l, "3. SEQUENCE OF PLAY OUTLINE") })
	to := slices.IndexFunc(book, func(l string) bool { return strings.TrimSpace(l) == "SCENARIOS" })
	if from < 0 || to < from {
		t.Fatalf("the rulebook's sections 3-20 are not found (lines %d-%d)", from+1, to+1)
	}
	examples := 0
	for i := from; i < to; i++ {
		if !strings.Contains(book[i], "EXAMPLE") {
			continue
		}
		examples++
		n := i + 1
		if !slices.ContainsFunc(spans, func(s span) bool { return n >= s.lo && n <= s.hi }) {
			t.Errorf("the rulebook's EXAMPLE at line %d has no row in the worked examples: %.80s", n, book[i])
		}
	}
	if examples < 60 {
		t.Errorf("found %d EXAMPLEs in the rulebook's sections 3-20 and optional rules: the text has 61", examples)
	}
}
