package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/musterhq/muster/export/cards"
	"github.com/musterhq/muster/scenarios"
)

// cardsHTMLDoc parses an exported page.
func cardsHTMLDoc(t *testing.T, path string) *html.Node {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := html.Parse(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc
}

func cardsAttr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// cardsElements returns the elements named tag under n, in document order.
func cardsElements(n *html.Node, tag string) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == tag {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func cardsText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}

func cardsNextElement(n *html.Node) *html.Node {
	for s := n.NextSibling; s != nil; s = s.NextSibling {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

// cardsSections returns the card sections of a page.
func cardsSections(doc *html.Node) []*html.Node {
	var out []*html.Node
	for _, s := range cardsElements(doc, "section") {
		if cardsAttr(s, "class") == "card" {
			out = append(out, s)
		}
	}
	return out
}

// TestExportCardsEveryScenario: every shipped scenario exports to Markdown
// and HTML through the CLI, with one card per side that sets up, each
// headed by the side's name, and a page that loads nothing from outside.
func TestExportCardsEveryScenario(t *testing.T) {
	dir := t.TempDir()
	n := 0
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			s := sf.Scenario
			if s == nil {
				continue
			}
			n++
			var sides []string
			for _, sd := range m.Game.Sides {
				for _, tb := range s.Setup {
					if tb.Side == sd.ID {
						sides = append(sides, sd.ID)
						break
					}
				}
			}
			md := filepath.Join(dir, s.ID+".md")
			page := filepath.Join(dir, s.ID+".html")
			for _, out := range []string{md, page} {
				if code, stdout, stderr := muster(t, "export", "cards", s.ID, "-o", out); code != 0 || !strings.HasPrefix(stdout, "wrote "+out) {
					t.Fatalf("%s -o %s: exit %d\n%s%s", s.ID, out, code, stdout, stderr)
				}
			}
			text, _ := os.ReadFile(md)
			if got := strings.Count(string(text), " setup card\n"); got != len(sides) {
				t.Errorf("%s.md: %d cards, want %d", s.ID, got, len(sides))
			}
			doc := cardsHTMLDoc(t, page)
			secs := cardsSections(doc)
			if len(secs) != len(sides) {
				t.Fatalf("%s.html: %d cards, want %d", s.ID, len(secs), len(sides))
			}
			for i, sec := range secs {
				if cardsAttr(sec, "data-side") != sides[i] {
					t.Errorf("%s card %d is %q, want %q", s.ID, i, cardsAttr(sec, "data-side"), sides[i])
				}
				h1 := cardsElements(sec, "h1")
				name := m.Index().Sides[sides[i]].Name
				if len(h1) != 1 || cardsText(h1[0]) != name+" setup card" {
					t.Errorf("%s card %d: heading %v", s.ID, i, h1)
				}
				// Every unit of a setup table is on its card (USCW: the
				// rowsMissing sentence instead).
				want := 0
				for _, tb := range s.Setup {
					if tb.Side == sides[i] {
						want += len(tb.Rows)
					}
				}
				rows := 0
				for _, div := range cardsElements(sec, "div") {
					switch cardsAttr(div, "class") {
					case "setup", "boxes", "entries":
						rows += len(cardsElements(div, "tr")) - len(cardsElements(div, "thead"))
					}
				}
				if sides[i] == "confederate" && s.ID == "tpc-11" {
					want++ // Longstreet, placed on the Turn Track by the start state
				}
				if rows != want {
					t.Errorf("%s %s: %d unit rows, want %d", s.ID, sides[i], rows, want)
				}
				if want == 0 && !strings.Contains(cardsText(sec), "Setup rows not in the source") {
					t.Errorf("%s %s: no rows and no rowsMissing sentence", s.ID, sides[i])
				}
			}
			for _, tag := range []string{"link", "script", "img", "iframe"} {
				if len(cardsElements(doc, tag)) > 0 {
					t.Errorf("%s.html has a <%s>: the page must be self-contained", s.ID, tag)
				}
			}
		}
	}
	if n != 17 {
		t.Errorf("%d scenarios exported, want the 17 shipped", n)
	}
}

// TestExportCardsHTMLStructure checks tpc-01's page: Fulton under S0607
// Walthall Mill with his Fort-Complete badge, page breaks between cards,
// and the @page size of each paper.
func TestExportCardsHTMLStructure(t *testing.T) {
	dir := t.TempDir()
	for paper, size := range map[string]string{"letter": "size: letter", "a4": "size: A4"} {
		out := filepath.Join(dir, paper+".html")
		if code, _, stderr := muster(t, "export", "cards", "--paper", paper, "tpc-01", "-o", out); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		doc := cardsHTMLDoc(t, out)
		styles := cardsElements(doc, "style")
		if len(styles) != 1 {
			t.Fatalf("%d <style> elements", len(styles))
		}
		css := cardsText(styles[0])
		for _, want := range []string{"@page { " + size, "break-after: page", "page-break-after: always", ".card:last-child { break-after: auto"} {
			if !strings.Contains(css, want) {
				t.Errorf("%s: CSS lacks %q", paper, want)
			}
		}
		secs := cardsSections(doc)
		if len(secs) != 2 || cardsAttr(secs[0], "data-side") != "confederate" {
			t.Fatalf("%s: cards %v", paper, secs)
		}
		var table *html.Node
		for _, h3 := range cardsElements(secs[0], "h3") {
			if cardsText(h3) == "S0607 Walthall Mill" {
				table = cardsNextElement(h3)
			}
		}
		if table == nil || table.Data != "table" {
			t.Fatalf("%s: no table after the S0607 Walthall Mill heading", paper)
		}
		trs := cardsElements(table, "tr")
		if len(trs) != 2 {
			t.Fatalf("S0607 table has %d rows, want header + Fulton", len(trs))
		}
		var cells []string
		for _, td := range cardsElements(trs[1], "td") {
			cells = append(cells, cardsText(td))
		}
		if strings.Join(cells, "|") != "Fulton $|Brig|J-SEV|Inf|2|Fort-Complete" {
			t.Errorf("Fulton row %q", cells)
		}
		if codes := cardsElements(trs[1], "code"); len(codes) != 1 || cardsText(codes[0]) != "Fort-Complete" {
			t.Errorf("Fulton badges %v", codes)
		}
		// Meade is on the Union card, not the Confederate one.
		setupText := func(sec *html.Node) string {
			for _, div := range cardsElements(sec, "div") {
				if cardsAttr(div, "class") == "setup" {
					return cardsText(div)
				}
			}
			return ""
		}
		if strings.Contains(setupText(secs[0]), "Meade") || !strings.Contains(setupText(secs[1]), "Meade") {
			t.Error("Meade on the wrong card")
		}
	}
}

// TestExportCardsRoster: --roster adds three empty counter-sized boxes to
// every unit row; 5/8" counters get 0.7" boxes.
func TestExportCardsRoster(t *testing.T) {
	out := filepath.Join(t.TempDir(), "roster.html")
	if code, _, stderr := muster(t, "export", "cards", "--roster", "--counter", "5/8in", "tpc-01", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	doc := cardsHTMLDoc(t, out)
	if body := cardsElements(doc, "body"); cardsAttr(body[0], "class") != "roster" {
		t.Error("body is not a roster")
	}
	css := cardsText(cardsElements(doc, "style")[0])
	if !strings.Contains(css, "td:empty { width: 0.7in; height: 0.7in;") {
		t.Errorf("no 0.7in boxes in CSS")
	}
	boxes := 0
	for _, sec := range cardsSections(doc) {
		for _, div := range cardsElements(sec, "div") {
			if cardsAttr(div, "class") != "setup" {
				continue
			}
			for _, td := range cardsElements(div, "td") {
				if td.FirstChild == nil {
					boxes++
				}
			}
		}
	}
	if boxes != 3*(14+17) {
		t.Errorf("%d boxes, want 3 per unit (31 units)", boxes)
	}
	// The default counter (1/2") gives 0.55in boxes.
	if code, _, _ := muster(t, "export", "cards", "--roster", "tpc-01", "-o", out); code != 0 {
		t.Fatal(code)
	}
	if page, _ := os.ReadFile(out); !bytes.Contains(page, []byte("height: 0.55in")) {
		t.Error("no 0.55in boxes for 1/2in counters")
	}
}

func TestExportCardsUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tpc-01"}, "needs -o FILE"},
		{[]string{"tpc-01", "-o", filepath.Join(dir, "x.txt")}, "the extension picks the format"},
		{[]string{"--paper", "legal", "tpc-01", "-o", filepath.Join(dir, "x.md")}, `unknown --paper "legal"`},
		{[]string{"--counter", "huge", "tpc-01", "-o", filepath.Join(dir, "x.md")}, "--counter"},
		{[]string{"tpc-99", "-o", filepath.Join(dir, "x.md")}, `no scenario "tpc-99"`},
	} {
		code, _, stderr := muster(t, append([]string{"export", "cards"}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestExportCardsRefusesInput: the output never replaces the scenario.
func TestExportCardsRefusesInput(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../scenarios/tpc/scenarios/01-my-best-achievement.json")
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "01.md")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := muster(t, "export", "cards", in, "-o", in)
	if code != 2 || !strings.Contains(stderr, "it is one of the inputs") {
		t.Fatalf("exit %d (%s), want 2", code, stderr)
	}
	if got, _ := os.ReadFile(in); !bytes.Equal(got, src) {
		t.Error("the input was overwritten")
	}
}

// TestExportCardsPDFWithoutChromium: a missing browser is a usage error
// that says how to install it, and a MUSTER_CHROMIUM naming nothing is one
// too (not a reason to print with another browser). The search itself is
// tested per platform in internal/browser.
func TestExportCardsPDFWithoutChromium(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	cases := []struct{ env, want string }{
		{filepath.Join(t.TempDir(), "no-chrome"), "MUSTER_CHROMIUM="},
	}
	t.Setenv("MUSTER_CHROMIUM", "")
	if _, err := cards.FindChromium(); err != nil { // none in the standard places either
		cases = append(cases, struct{ env, want string }{"", "apt-get install -y chromium"})
	}
	for _, tc := range cases {
		t.Setenv("MUSTER_CHROMIUM", tc.env)
		out := filepath.Join(t.TempDir(), "x.pdf")
		code, _, stderr := muster(t, "export", "cards", "tpc-01", "-o", out)
		if code != 2 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "MUSTER_CHROMIUM") {
			t.Errorf("MUSTER_CHROMIUM=%q: exit %d, stderr %q", tc.env, code, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Error("a PDF was written")
		}
	}
}

// cardsPageObjects counts the page objects of a PDF (/Type /Page, not the
// /Pages tree nodes).
var (
	cardsPageObjects = regexp.MustCompile(`/Type\s*/Page([^s]|$)`)
	cardsMediaBox    = regexp.MustCompile(`/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]`)
)

// TestExportCardsPDF prints tpc-01 with headless Chromium: two cards of
// two pages each, on Letter and on A4 (needChromium: CI must have it).
func TestExportCardsPDF(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	for _, paper := range []string{"letter", "a4"} {
		out := filepath.Join(dir, paper+".pdf")
		if code, _, stderr := muster(t, "export", "cards", "tpc-01", "-o", out, "--paper", paper); code != 0 {
			t.Fatalf("%s: exit %d: %s", paper, code, stderr)
		}
		pdf, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Fatalf("%s: not a PDF", paper)
		}
		if n := len(cardsPageObjects.FindAll(pdf, -1)); n != 4 {
			t.Errorf("%s: %d pages, want 4 (two cards of two pages)", paper, n)
		}
		// The MediaBox says the paper: Letter is 612x792 points, A4 595x842.
		want := map[string][2]float64{"letter": {612, 792}, "a4": {595.3, 841.9}}[paper]
		m := cardsMediaBox.FindSubmatch(pdf)
		if m == nil {
			t.Fatalf("%s: no MediaBox", paper)
		}
		w, _ := strconv.ParseFloat(string(m[1]), 64)
		h, _ := strconv.ParseFloat(string(m[2]), 64)
		if math.Abs(w-want[0]) > 1 || math.Abs(h-want[1]) > 1 {
			t.Errorf("%s: MediaBox %gx%g points, want %gx%g", paper, w, h, want[0], want[1])
		}
	}
}

// Every shipped scenario prints to PDF, each side's card starting a page of
// its own (so at least one page per setup table). The printing runs two
// browsers at a time through the library: most of the time is each browser
// starting, and the CLI's part of a PDF export (options, the file written
// atomically) is TestExportCardsPDF's and the README examples'.
func TestExportCardsPDFEveryScenario(t *testing.T) {
	needChromium(t)
	chromium, err := cards.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			t.Run(sf.Scenario.ID, func(t *testing.T) {
				t.Parallel()
				page, err := cards.Build(m, sf.Scenario).HTML(cards.Options{})
				if err != nil {
					t.Fatal(err)
				}
				pdf, err := cards.PrintPDF(context.Background(), chromium, page)
				if err != nil {
					t.Fatal(err)
				}
				if n := len(cardsPageObjects.FindAll(pdf, -1)); n < len(sf.Scenario.Setup) {
					t.Errorf("%d pages for %d cards", n, len(sf.Scenario.Setup))
				}
			})
		}
	}
}

// A roster's marker boxes and the unit tables' columns come from the
// module's own vocabulary: no GCACW "Fatigue" box and no column of dashes
// for Manpower in LGV, which has neither; TPC keeps both.
func TestExportCardsRosterVocabulary(t *testing.T) {
	dir := t.TempDir()
	for _, m := range scenarios.Builtin().Modules {
		states := map[string]bool{"Other": true}
		for _, d := range m.Game.States {
			states[d.Name] = true
			states[strings.TrimSuffix(d.Name, " level")] = true
		}
		manpower := slices.Contains(m.Counters.Values, "manpower")
		for _, sf := range m.Scenarios {
			out := filepath.Join(dir, sf.Scenario.ID+".md")
			if code, _, errOut := muster(t, "export", "cards", "--roster", sf.Scenario.ID, "-o", out); code != 0 {
				t.Fatalf("%s: %s", sf.Scenario.ID, errOut)
			}
			md, _ := os.ReadFile(out)
			for _, line := range strings.Split(string(md), "\n") {
				if !strings.HasPrefix(line, "| Unit |") {
					continue
				}
				cols := strings.Split(strings.Trim(line, "| "), " | ")
				if got := slices.Contains(cols, "Manpower"); got != manpower {
					t.Errorf("%s: Manpower column %v, the game has manpower %v: %s", sf.Scenario.ID, got, manpower, line)
				}
				i := slices.Index(cols, "Starts")
				boxes := cols[i+1:]
				entries := len(boxes) > 0 && boxes[0] == "Where" // reinforcements: no boxes until they enter
				if entries {
					boxes = boxes[1:]
				}
				if len(boxes) == 0 && !entries && len(m.Game.States) > 1 {
					t.Errorf("%s: a roster without boxes: %s", sf.Scenario.ID, line)
				}
				for _, b := range boxes {
					if !states[b] {
						t.Errorf("%s: roster box %q is not a state of %s's game.json", sf.Scenario.ID, b, m.Game.ID)
					}
				}
			}
		}
	}
	lgv := filepath.Join(dir, "lgv-01.md")
	if md, _ := os.ReadFile(lgv); bytes.Contains(md, []byte("Fatigue")) || bytes.Contains(md, []byte("Manpower")) || !bytes.Contains(md, []byte("| Off the map |")) {
		t.Errorf("LGV roster:\n%.600s", md)
	}
	tpc := filepath.Join(dir, "tpc-01.md")
	if md, _ := os.ReadFile(tpc); !bytes.Contains(md, []byte("| Manpower | Starts | Entrenchment | Fatigue | Other |")) {
		t.Errorf("TPC roster:\n%.600s", md)
	}
}
