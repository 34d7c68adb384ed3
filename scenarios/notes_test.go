package scenarios

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The note tests (issue 27): a note that names a scenario beside a line
// reference must cite lines of that scenario (scenario 11's Wickham note
// once read "the Wickham rows of scenarios 1 and 2 (lines 425, 577)", rows
// of scenarios 3 and 4), and an inferred note must cite the lines its
// evidence is printed at. Scenario sections come from the
// rulebook text's own headings ("# SCENARIO 1: MY BEST ACHIEVEMENT",
// "S1. THE 1861 SCENARIO"); a section runs to the next scenario heading or
// to the next line that names a part of the rulebook's table of contents
// ("Advanced Game Rules", "The Game As History", "Special Hexes and Spaces").

// span is a scenario's section of a rulebook: lines from..to, 1-based.
type span struct{ from, to int }

var (
	scenarioHeading = regexp.MustCompile(`^(?:#+\s*)?(?:(?i:scenario)\s+(\d+)\s*:|S(\d+)\.\s+THE\b)`)
	tocTitle        = regexp.MustCompile(`(?i)table of contents`)
	pageNumber      = regexp.MustCompile(`\s*\d+$`)
)

// normHeading makes a table-of-contents entry and a heading line
// comparable: no markup, no page number, lower case, single spaces.
func normHeading(s string) string {
	s = strings.NewReplacer("#", "", "*", "", "\\", "").Replace(s)
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	return strings.TrimSpace(pageNumber.ReplaceAllString(s, ""))
}

// tableOfContents returns the rulebook's table-of-contents entries (the
// run of lines after its title; USCW prints two entries a line, split by
// tabs) and the line after which the body starts (0 if there is none).
func tableOfContents(raw []string) (map[string]bool, int) {
	entries := map[string]bool{}
	for i, l := range raw {
		if !tocTitle.MatchString(l) {
			continue
		}
		j := i + 1
		for j < len(raw) && strings.TrimSpace(raw[j]) == "" {
			j++
		}
		for ; j < len(raw) && strings.TrimSpace(raw[j]) != ""; j++ {
			for _, cell := range strings.Split(raw[j], "\t") {
				if e := normHeading(cell); e != "" && strings.Trim(e, "0123456789. ") != "" {
					entries[e] = true
				}
			}
		}
		return entries, j
	}
	return entries, 0
}

// scenarioSections finds each scenario's section in a rulebook's lines.
func scenarioSections(raw []string) (map[int]span, error) {
	toc, body := tableOfContents(raw)
	out := map[int]span{}
	open := 0 // the scenario whose section is open
	closeAt := func(end int) {
		if open != 0 {
			s := out[open]
			s.to = end
			out[open] = s
			open = 0
		}
	}
	for i := body; i < len(raw); i++ {
		n := i + 1
		if m := scenarioHeading.FindStringSubmatch(raw[i]); m != nil {
			num, _ := strconv.Atoi(m[1] + m[2])
			if _, dup := out[num]; dup {
				return nil, fmt.Errorf("scenario %d has two headings (line %d)", num, n)
			}
			closeAt(n - 1)
			out[num] = span{from: n}
			open = num
			continue
		}
		if open != 0 && toc[normHeading(raw[i])] {
			closeAt(n - 1)
		}
	}
	closeAt(len(raw))
	return out, nil
}

// scenarioMention finds "scenario 11", "scenarios 1 and 2", "scenarios
// 4-6", "scenarios 1, 2, 5, 6, 8 and 9"; a number written like a rule
// case ("scenario 11 and 16.1") ends the list.
var scenarioMention = regexp.MustCompile(`(?i)\bscenarios?\s+(\d{1,3}(?:\.\d+)?(?:\s*(?:-|–|,\s*and|,|and)\s*\d{1,3}(?:\.\d+)?)*)`)

// parseScenarios reads a mention's number list; nil when it names none.
func parseScenarios(s string) []int {
	var out []int
	toks := regexp.MustCompile(`\d+(?:\.\d+)?|[-–]`).FindAllString(s, -1)
	for i := 0; i < len(toks); i++ {
		if strings.Contains(toks[i], ".") {
			break
		}
		if toks[i] == "-" || toks[i] == "–" {
			continue
		}
		lo, _ := strconv.Atoi(toks[i])
		hi := lo
		if i+2 < len(toks) && (toks[i+1] == "-" || toks[i+1] == "–") && !strings.Contains(toks[i+2], ".") {
			hi, _ = strconv.Atoi(toks[i+2])
			i += 2
		}
		for n := lo; n <= hi && n-lo < 20; n++ {
			out = append(out, n)
		}
	}
	return out
}

// mentionRef is lineRef on a text whose quotes are taken out, where
// "('S0605 means OTR S0605', 861, 1029)" reads "(, 861, 1029)".
var mentionRef = regexp.MustCompile(`(?:(?i:lines?) |\((?:, ?)?)(\d{1,5}(?:-\d{1,5})?(?:(?:, ?| and )\d{1,5}(?:-\d{1,5})?)*)\b`)

// gapBreak is what may not stand between a scenario mention and the line
// reference taken to be its: a closed parenthesis or a semicolon, the end
// of a sentence, or a rule case (the reference is then the rule's).
var gapBreak = regexp.MustCompile(`[);]|[.!?](?:\s|$)|\b\d+\.\d+\b`)

// scenarioCite is a scenario mention and the lines cited beside it.
type scenarioCite struct {
	mention   string
	scenarios []int
	lines     []int
}

// scenarioCites finds the mentions of a text that a line reference
// follows closely: the first reference after the mention, within 80
// characters, with no break between (gapBreak) and outside the quotes.
func scenarioCites(text string) []scenarioCite {
	var b strings.Builder
	last := 0
	for _, m := range quoteRe.FindAllStringSubmatchIndex(text, -1) {
		if text[m[2]:m[3]] != text[m[6]:m[7]] {
			continue
		}
		b.WriteString(text[last:m[2]])
		last = m[7]
	}
	b.WriteString(text[last:])
	plain := b.String()
	var out []scenarioCite
	for _, m := range scenarioMention.FindAllStringSubmatchIndex(plain, -1) {
		nums := parseScenarios(plain[m[2]:m[3]])
		if len(nums) == 0 {
			continue
		}
		rest := plain[m[1]:]
		for _, r := range mentionRef.FindAllStringSubmatchIndex(rest, -1) {
			gap := rest[:r[0]]
			if len(gap) > 80 || gapBreak.MatchString(gap) || scenarioMention.MatchString(gap) {
				break
			}
			if r[1] < len(rest)-1 && rest[r[1]] == '.' && rest[r[1]+1] >= '0' && rest[r[1]+1] <= '9' {
				continue // "(2.2, line 113)": a rule case, then the line
			}
			ls := parseLines(rest[r[2]:r[3]])
			if rest[r[0]] == '(' && (len(ls) == 0 || ls[0] < 100) {
				continue // "(3 VP)": a number, not a line
			}
			out = append(out, scenarioCite{mention: plain[m[0]:m[1]], scenarios: nums, lines: ls})
			break
		}
	}
	return out
}

// sectionOf names the scenario whose section holds line n, or "" if none does.
func sectionOf(sections map[int]span, n int) string {
	for num, s := range sections {
		if n >= s.from && n <= s.to {
			return "scenario " + strconv.Itoa(num)
		}
	}
	return "no scenario"
}

func TestNoteScenarioMatchesItsLines(t *testing.T) {
	seeds := seedsDir(t)
	books := map[string]*rulebook{}
	sections := map[string]map[int]span{}
	checked := 0
	eachCitedFile(t, func(path string, v any, doc string) {
		if doc == "" {
			return
		}
		walkCitations(v, "", nil, func(ptr, text string, _ []int, objDoc string) {
			d := doc
			if strings.HasSuffix(objDoc, ".txt") {
				d = objDoc
			}
			if books[d] == nil {
				books[d] = loadRulebook(t, seeds, d)
				s, err := scenarioSections(books[d].raw)
				if err != nil {
					t.Fatalf("%s: %v", d, err)
				}
				sections[d] = s
			}
			for _, c := range scenarioCites(text) {
				for _, num := range c.scenarios {
					if _, ok := sections[d][num]; !ok {
						t.Errorf("%s %s: %q names scenario %d, which %s has no heading for", path, ptr, c.mention, num, d)
					}
				}
				for _, n := range c.lines {
					checked++
					ok := false
					for _, num := range c.scenarios {
						s := sections[d][num]
						ok = ok || n >= s.from && n <= s.to
					}
					if !ok {
						t.Errorf("%s %s: %q cites line %d, which is in %s of %s", path, ptr, c.mention, n, sectionOf(sections[d], n), d)
					}
				}
			}
		})
	})
	if checked < 100 {
		t.Errorf("only %d lines cited beside a scenario checked: the test no longer finds them", checked)
	}
	t.Logf("%d lines cited beside a scenario checked", checked)
}

// An inferred note gives its evidence: a line reference in its text or
// lines in its own source (the object's source is what is printed, not
// what the inference rests on).
func TestInferredNotesCiteALine(t *testing.T) {
	checked := 0
	eachCitedFile(t, func(path string, v any, _ string) {
		walkNotes(v, "", func(ptr string, n map[string]any) {
			if n["kind"] != "inferred" {
				return
			}
			checked++
			if s, ok := n["source"].(map[string]any); ok {
				if l, _ := s["lines"].(string); len(parseLines(l)) > 0 {
					return
				}
			}
			if text, _ := n["text"].(string); len(lineRefs(text)) > 0 {
				return
			}
			t.Errorf("%s %s: an inferred note with no line: its evidence is not cited", path, ptr)
		})
	})
	if checked < 100 {
		t.Errorf("only %d inferred notes checked", checked)
	}
}

// walkNotes calls fn for every entry of a notes array.
func walkNotes(v any, ptr string, fn func(ptr string, note map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ns, ok := x[k].([]any); ok && k == "notes" {
				for i, n := range ns {
					if m, ok := n.(map[string]any); ok {
						fn(fmt.Sprintf("%s/notes/%d", ptr, i), m)
					}
				}
			}
			walkNotes(x[k], ptr+"/"+k, fn)
		}
	case []any:
		for i, it := range x {
			walkNotes(it, fmt.Sprintf("%s/%d", ptr, i), fn)
		}
	}
}

// The sections the headings give TPC agree with the digest's table, and
// the mention reader pairs a scenario with the reference beside it only.
func TestScenarioSections(t *testing.T) {
	rb := loadRulebook(t, seedsDir(t), "001_28c7e36b674162dc.txt")
	got, err := scenarioSections(rb.raw)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]span{1: {173, 265}, 2: {266, 366}, 3: {367, 455}, 4: {456, 654}, 9: {1210, 1342}, 11: {2925, 3121}, 12: {3122, 3343}}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("TPC scenario %d: lines %v, want %v", n, got[n], w)
		}
	}
	// Scenario 10 ends where the Advanced Game Rules begin (1477), not at
	// scenario 11.
	if s := got[10]; s.from != 1343 || s.to < 1474 || s.to > 1477 {
		t.Errorf("TPC scenario 10: lines %v, want 1343 to about 1476", s)
	}
	if len(got) != 12 {
		t.Errorf("TPC: %d scenarios, want 12", len(got))
	}
	us := loadRulebook(t, seedsDir(t), "003_712b166fc2bd6784.txt")
	if got, err := scenarioSections(us.raw); err != nil || len(got) != 4 || got[1].from != 1784 || got[4].to != 1921 {
		t.Errorf("USCW sections %v (%v), want S1 from 1784 ... S4 to 1921", got, err)
	}
}

func TestScenarioCites(t *testing.T) {
	for _, c := range []struct {
		text string
		want string
	}{
		{"Brig, FL, Cav as in the Wickham rows of scenarios 1 and 2 (lines 425, 577) and 16.1 ('his two brigades', F. Lee).", "[{[1 2] [425 577]}]"},
		{"in scenario 5 (lines 778-780) and in scenario 11 (special rule 11 at line 2946 and setup lines 3003)", "[{[5] [778 779 780]} {[11] [2946]}]"},
		{"Scenarios 6-8 say so explicitly: 'S0605 means OTR S0605' (861, 1029, 1116).", "[{[6 7 8] [861 1029 1116]}]"},
		{"scenario 12 special rule 7, line 3143", "[{[12] [3143]}]"},
		// Not the scenario's: a quote's mention, a reference before the
		// mention, a rule case or a closed parenthesis between.
		{"('In both Scenarios 11 and 12, the rule is no longer in effect', line 2879)", "[]"},
		{"Rule 30.0 (lines 2895-2923) governs both Scenarios 11 and 12: no points.", "[]"},
		{"in scenarios 9 and 10 ('Only the GTC South map is used', 1214, 1347), in rule 29.0 (line 2893)", "[{[9 10] [1214 1347]}]"},
		{"the scenario 11 setup and 16.1 (line 2264)", "[]"},
		{"(setups, scenario 6 VP line 907, and line 3386 'Poplar Branch')", "[{[6] [907]}]"},
	} {
		var got []string
		for _, sc := range scenarioCites(c.text) {
			got = append(got, fmt.Sprintf("{%v %v}", sc.scenarios, sc.lines))
		}
		if s := "[" + strings.Join(got, " ") + "]"; s != c.want {
			t.Errorf("%q: got %s, want %s", c.text, s, c.want)
		}
	}
}
