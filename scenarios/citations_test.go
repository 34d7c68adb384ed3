package scenarios

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/musterhq/muster/internal/seedtext"
)

// The citation test: every quoted citation in the shipped data, its playtest
// scripts and the LGV engine's test module (rules/lgv/testdata/module) must
// hold the quoted words at the rulebook lines it cites. A quote is cited by a
// line reference next to it in the same text ("'...' (line 2264)",
// "7.2 (lines 427-429): '...'") or, failing that, by the source.lines of the
// object that holds the text. The rulebooks live outside the repository, in
// ../shared/seeds from the project root: without them the test is skipped,
// except in CI (CI=true), where their absence fails it.

// seedsDir is the rulebooks' folder (internal/seedtext): the test skips
// where the texts are absent, and fails for it in CI. A citation naming a
// document that is not there then fails (loadRulebook).
func seedsDir(t *testing.T) string {
	t.Helper()
	seedtext.Read(t, seedtext.TPC)
	dir, err := seedtext.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// rulebook is a seed text, split into lines (1-based) and normalized.
type rulebook struct {
	name  string
	raw   []string // the lines as the text prints them; raw[0] is line 1
	lines []string // lines[0] is line 1
	all   string
}

func loadRulebook(t *testing.T, dir, name string) *rulebook {
	src, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("rulebook %s: %v", name, err)
	}
	rb := &rulebook{name: name}
	for _, l := range strings.Split(string(src), "\n") {
		rb.raw = append(rb.raw, l)
		rb.lines = append(rb.lines, normQuote(l))
	}
	rb.all = strings.Join(rb.lines, "")
	return rb
}

var (
	markup = strings.NewReplacer("\\", "", "*", "", "_", "", "#", "", "<i>", "", "</i>", "", "¹", "1", "-", "", "’", "'", "‘", "'", "“", "\"", "”", "\"", "–", "", "—", "", "\u00a0", " ")
	spaces = regexp.MustCompile(`\s+`)
)

// normQuote makes a quote and the rulebook comparable: no markup, one kind
// of quote mark, and no white space or hyphens at all (the text breaks lines
// inside words and sentences, hyphenates at line ends and loses hyphens in
// conversion). Nothing else is forgiven: a quote is verbatim, so it keeps
// the text's case and its misreadings ('$' where the print means S, 'Boytdon'),
// and the correction goes in words beside it. Only the case of a quote's
// first letter may differ (indexQuote): a quote starts a sentence or runs
// on in one.
func normQuote(s string) string {
	s = markup.Replace(s)
	return spaces.ReplaceAllString(s, "")
}

// indexQuote is the index of a normalized quote (or fragment) in a
// normalized text, or -1: the same characters, but for the case of the
// first letter.
func indexQuote(s, frag string) int {
	first, n := utf8.DecodeRuneInString(frag)
	rest := frag[n:]
	for off := 0; off <= len(s); {
		i := strings.Index(s[off:], rest)
		if i < 0 {
			return -1
		}
		i += off
		if r, m := utf8.DecodeLastRuneInString(s[:i]); m > 0 && unicode.ToLower(r) == unicode.ToLower(first) {
			return i - m
		}
		off = i + 1
	}
	return -1
}

// A quote opens after a space, an opening bracket or a colon, and closes
// before a space, punctuation or the end: an apostrophe inside a word (Lee's)
// neither opens nor closes one.
var quoteRe = regexp.MustCompile(`(?:^|[\s(\[:;,])(['"])(.+?)(['"])(?:[\s).,;:!?\]]|$)`)

// lineRef finds line references: "line 2264", "lines 427-429, 431",
// "(2893, rule 29.0)", "(1779)".
var lineRef = regexp.MustCompile(`(?:(?i:lines?) |\()(\d{1,5}(?:-\d{1,5})?(?:(?:, ?| and )\d{1,5}(?:-\d{1,5})?)*)\b`)

type ref struct {
	start, end int
	lines      []int
	line       bool // written "line N" outside parentheses, not "(N)" or "(line N)"
}

// lineRefs lists the line references of a text; "(8.4.5)" is a section,
// not a line.
func lineRefs(s string) []ref {
	var out []ref
	for _, m := range lineRef.FindAllStringSubmatchIndex(s, -1) {
		if m[1] < len(s)-1 && s[m[1]] == '.' && s[m[1]+1] >= '0' && s[m[1]+1] <= '9' {
			continue
		}
		ls := parseLines(s[m[2]:m[3]])
		if s[m[0]] == '(' && (len(ls) == 0 || ls[0] < 100) {
			continue // "(27 - 3 = 24)", "(3 VP)": a number, not a line
		}
		paren := s[m[0]] == '(' || m[0] > 0 && s[m[0]-1] == '('
		out = append(out, ref{m[0], m[1], ls, !paren})
	}
	return out
}

// parseLines reads "398-399, 514" into line numbers.
func parseLines(s string) []int {
	var out []int
	for _, part := range regexp.MustCompile(`, ?| and `).Split(s, -1) {
		a, b, ok := strings.Cut(strings.TrimSpace(part), "-")
		lo, err := strconv.Atoi(a)
		if err != nil {
			continue
		}
		hi := lo
		if ok {
			if hi, err = strconv.Atoi(b); err != nil || hi < lo || hi-lo > 200 {
				continue
			}
		}
		for n := lo; n <= hi; n++ {
			out = append(out, n)
		}
	}
	return out
}

type quote struct {
	text string
	// cites lists the candidate citations: the reference that introduces
	// the quote, else those next to it and the object's source lines. The
	// quote must be printed at one of them; none means nothing cites it.
	cites [][]int
}

// quotesIn finds the quotes of a text and the lines each cites: a reference
// right after the quote (before the next quote), else one right before it
// (after the previous quote), else the object's own source lines.
func quotesIn(text string, objLines []int) []quote {
	ms := quoteRe.FindAllStringSubmatchIndex(text, -1)
	var out []quote
	for i, m := range ms {
		if text[m[2]:m[3]] != text[m[6]:m[7]] {
			continue // 'abc" is no quote
		}
		q := quote{text: text[m[4]:m[5]]}
		if len(strings.Fields(q.text)) < 4 {
			continue // a name or a data value ('Barn', 'up'), not a citation
		}
		after := text[m[7]:]
		if i+1 < len(ms) {
			after = text[m[7]:ms[i+1][0]]
		}
		before := text[:m[2]]
		if i > 0 {
			before = text[ms[i-1][7]:m[2]]
		}
		// A reference that introduces the quote ("7.2 (lines 427-429):
		// '...'") wins; then one in the same sentence after it; then the
		// closest one before it; then the object's own source.
		if end := strings.IndexAny(after, ";"); end >= 0 {
			after = after[:end]
		}
		bs, as := lineRefs(before), lineRefs(after)
		if len(bs) > 0 && strings.TrimRight(before[bs[len(bs)-1].end:], " :)") == "" {
			q.cites = append(q.cites, bs[len(bs)-1].lines)
		} else {
			// A reference right after the quote ("'...' (2938)"), unless
			// it introduces the next quote; a "line N" reference shortly
			// before it. A bare "(2316)" further off is as likely a hex.
			if len(as) > 0 && as[0].start < 4 && !as[0].line && (i+1 == len(ms) || strings.TrimRight(after[as[0].end:], " :)") != "") {
				q.cites = append(q.cites, as[0].lines)
			}
			if len(bs) > 0 && bs[len(bs)-1].line && len(before)-bs[len(bs)-1].end < 120 {
				q.cites = append(q.cites, bs[len(bs)-1].lines)
			}
		}
		if len(objLines) > 0 {
			q.cites = append(q.cites, objLines)
		}
		out = append(out, q)
	}
	return out
}

// fragments splits a quote at its ellipses and editorial brackets, and at
// the punctuation that joins the rows of a printed list or table in a quote
// (the text prints them on lines of their own, with their letters): each
// piece must be printed as it stands at the cited lines.
func fragments(q string) []string {
	q = regexp.MustCompile(`\[[^\]]*\]|\.\.\.|…| / |[;,:]|\. |\s[A-H]\.\s`).ReplaceAllString(q, "\x00")
	var out []string
	for _, f := range strings.Split(q, "\x00") {
		if f = strings.Trim(normQuote(f), " .,;:"); len([]rune(f)) >= 2 {
			out = append(out, f)
		}
	}
	return out
}

// found reports whether the fragment starts on one of the lines (it may
// run on over the next few: the text breaks paragraphs at page ends).
func (rb *rulebook) found(frag string, lines []int) bool {
	for _, n := range lines {
		if n < 1 || n > len(rb.lines) {
			continue
		}
		joined := rb.lines[n-1]
		for j := n; j < len(rb.lines) && j < n+8; j++ {
			joined += rb.lines[j]
		}
		if k := indexQuote(joined, frag); k >= 0 && k < len(rb.lines[n-1]) {
			return true
		}
	}
	return false
}

// citationFiles lists the JSON files the test reads: the shipped catalog
// and the LGV engine's test module, with the rulebook each module cites.
func citationFiles(t *testing.T) map[string]string {
	files := map[string]string{}
	for _, root := range []string{".", filepath.Join("..", "rules", "lgv", "testdata", "module")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" && root == "." {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".json") {
				return nil
			}
			files[path] = ""
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// Each file cites the rulebook of the module folder it lies in.
	for path := range files {
		for dir := filepath.Dir(path); dir != "." && dir != ".."; dir = filepath.Dir(dir) {
			src, err := os.ReadFile(filepath.Join(dir, "game.json"))
			if err != nil {
				continue
			}
			var g struct {
				Source struct {
					Document string `json:"document"`
				} `json:"source"`
			}
			if json.Unmarshal(src, &g) == nil {
				files[path] = g.Source.Document
			}
			break
		}
	}
	return files
}

func TestQuotedCitationsMatchTheRulebook(t *testing.T) {
	seeds := seedsDir(t)
	books := map[string]*rulebook{}
	book := func(name string) *rulebook {
		if books[name] == nil {
			books[name] = loadRulebook(t, seeds, name)
		}
		return books[name]
	}
	checked := 0
	eachCitedFile(t, func(path string, v any, doc string) {
		if doc == "" {
			return
		}
		walkCitations(v, "", nil, func(ptr, text string, objLines []int, objDoc string) {
			d := doc
			if strings.HasSuffix(objDoc, ".txt") {
				d = objDoc
			}
			rb := book(d)
			for _, q := range quotesIn(text, objLines) {
				for _, f := range fragments(q.text) {
					if len(q.cites) == 0 {
						// Not a citation: the words are still printed somewhere.
						if indexQuote(rb.all, f) < 0 {
							t.Errorf("%s %s: quote %q is not in %s", path, ptr, f, d)
						}
						continue
					}
					checked++
					ok := false
					var tried []string
					for _, c := range q.cites {
						ok = ok || rb.found(f, c)
						tried = append(tried, fmtLines(c))
					}
					if !ok {
						t.Errorf("%s %s: quote %q is not at the cited lines %s of %s (%s)", path, ptr, f, strings.Join(tried, " or "), d, rb.where(f))
					}
				}
			}
		})
	})
	if checked < 500 {
		t.Errorf("only %d quoted citations checked: the test no longer finds them", checked)
	}
	t.Logf("%d quoted citations checked", checked)
}

// where says at which lines a fragment is printed, for the failure message.
func (rb *rulebook) where(frag string) string {
	var at []string
	for i := range rb.lines {
		// The fragment starts on line i+1 (it may run on over the next lines).
		joined := rb.lines[i]
		for j := i + 1; j < len(rb.lines) && j < i+6 && len(joined) < len(frag)+200; j++ {
			joined += rb.lines[j]
		}
		if k := indexQuote(joined, frag); k >= 0 && k < len(rb.lines[i]) {
			at = append(at, strconv.Itoa(i+1))
		}
	}
	if len(at) == 0 {
		return "printed nowhere in the text"
	}
	return "printed at line " + strings.Join(at, ", ")
}

func fmtLines(ls []int) string {
	var parts []string
	for i := 0; i < len(ls); i++ {
		j := i
		for j+1 < len(ls) && ls[j+1] == ls[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", ls[i], ls[j]))
		} else {
			parts = append(parts, strconv.Itoa(ls[i]))
		}
		i = j
	}
	return strings.Join(parts, ", ")
}

// walkCitations calls fn for every string that may quote the rulebook (a
// note's text, a playtest's cites and step notes, a rule's text), with the
// lines its object's source cites.
func walkCitations(v any, ptr string, lines []int, fn func(ptr, text string, objLines []int, objDoc string)) {
	switch x := v.(type) {
	case map[string]any:
		own, doc := lines, ""
		if src, ok := x["source"].(map[string]any); ok {
			if l, ok := src["lines"].(string); ok {
				own = parseLines(l)
			}
			doc, _ = src["document"].(string)
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := ptr + "/" + k
			switch val := x[k].(type) {
			case string:
				switch k {
				case "text", "cites", "note":
					// A note's own source cites its quotes; a text with no
					// source of its own is not taken to cite its parent's.
					l := own
					if _, ok := x["source"]; !ok {
						l = nil
					}
					fn(p, val, l, doc)
				}
			default:
				walkCitations(val, p, own, fn)
			}
		}
	case []any:
		for i, it := range x {
			walkCitations(it, fmt.Sprintf("%s/%d", ptr, i), lines, fn)
		}
	}
}

// The checker itself: a right citation passes, a wrong line or a misquote
// fails, and a reference that introduces the next quote is not taken for
// the previous one's.
func TestCitationChecker(t *testing.T) {
	rb := &rulebook{}
	for _, l := range []string{"7.2 Control", "", "Each Area is always Controlled by either", "the Union player or the Confederate player.", "", "7.3 Contested An Area is Contested if it contains units of both sides.", "only north of the railroad station in \\$0510, inclusive"} {
		rb.lines = append(rb.lines, normQuote(l))
	}
	check := func(text string, obj []int) []bool {
		var out []bool
		for _, q := range quotesIn(text, obj) {
			ok := true
			for _, f := range fragments(q.text) {
				hit := false
				for _, c := range q.cites {
					hit = hit || rb.found(f, c)
				}
				ok = ok && hit
			}
			out = append(out, ok)
		}
		return out
	}
	for _, c := range []struct {
		text string
		obj  []int
		want []bool
	}{
		{"7.2 (line 3): 'Each Area is always Controlled by either the Union player or the Confederate player.'", nil, []bool{true}},
		{"7.2 (line 1): 'Each Area is always Controlled by either the Union player'", nil, []bool{false}},
		{"7.2 (line 3): 'Each Area is never Controlled by either player'", nil, []bool{false}},
		{"'An Area is Contested if it contains' (line 6)", nil, []bool{true}},
		{"'An Area is Contested if it contains units', as printed", []int{3}, []bool{false}},
		{"7.2 (line 3): 'Each Area is always Controlled by either'. 7.3 (line 6): 'An Area is Contested if it contains'", nil, []bool{true, true}},
		// Verbatim: the text's '$' (its misreading of S) stays '$' in a
		// quote, and only the first letter's case may change.
		{"'north of the railroad station in $0510, inclusive' (line 7)", nil, []bool{true}},
		{"'north of the railroad station in S0510, inclusive' (line 7)", nil, []bool{false}},
		{"'each Area is always Controlled by either' (line 3)", nil, []bool{true}},
		{"'Each area is always controlled by either' (line 3)", nil, []bool{false}},
	} {
		if got := check(c.text, c.obj); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q: got %v, want %v", c.text, got, c.want)
		}
	}
}

// Every TPC hex id the shipped data holds is printed in the rulebook, or is
// an expansion of a printed range that a note of kind inferred names (GTC
// S0145-S0148 of 'from hexes S0149 ... to S0143, inclusive of both').
func TestTPCHexIDsArePrintedOrInferred(t *testing.T) {
	rb := loadRulebook(t, seedsDir(t), "001_28c7e36b674162dc.txt")
	// A hex id is a value, not a quote: one printed '$0318' (the text's
	// misreading of S0318) is printed.
	printed := strings.ToLower(strings.ReplaceAll(rb.all, "$", "S"))
	hexRe := regexp.MustCompile(`"(?:(?:GTC|OTR) )?([SN]\d{4})"`)
	checked := 0
	err := fs.WalkDir(BuiltinFS(), "tpc", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(path, "/playtests/") || !strings.HasSuffix(path, ".json") {
			return err
		}
		src, err := fs.ReadFile(BuiltinFS(), path)
		if err != nil {
			return err
		}
		var inferred strings.Builder
		var v any
		if err := json.Unmarshal(src, &v); err != nil {
			return err
		}
		walkCitations(v, "", nil, func(_, text string, _ []int, _ string) { inferred.WriteString(text + "\n") })
		for _, m := range hexRe.FindAllStringSubmatch(string(src), -1) {
			checked++
			if strings.Contains(printed, strings.ToLower(normQuote(m[1]))) {
				continue
			}
			if !strings.Contains(inferred.String(), m[1]) || !strings.Contains(string(src), `"kind": "inferred"`) {
				t.Errorf("%s: %s is never printed and no note says it is inferred", path, m[0])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 1000 {
		t.Errorf("only %d hex ids checked", checked)
	}
}

// eachCitedFile calls fn, in path order, with every data file that cites a
// rulebook (citationFiles), decoded, and the rulebook text it cites by
// default ("" when it names none).
func eachCitedFile(t *testing.T, fn func(path string, v any, doc string)) {
	t.Helper()
	files := citationFiles(t)
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(src, &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		fn(path, v, files[path])
	}
}
