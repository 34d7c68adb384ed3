package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/export/cards"
	"github.com/musterhq/muster/export/sheet"
	"github.com/musterhq/muster/scenarios"
)

// draftFixture is a made-up scenario with a unit set up twice and three
// other errors (an undefined footnote mark, a wrong place name, a hex off
// the sheet).
var draftFixture = filepath.Join("testdata", "draft", "tpc-unfinished.json")

const draftMark = "DRAFT — 4 validation errors"

// draftFindings are the findings lines (file:line:col: severity[code])
// of muster validate's text output or of an export's standard error.
var draftFinding = regexp.MustCompile(`(?m)^\S+:\d+:\d+: (error|warning)\[[a-z-]+\] .*$`)

// TestExportRefusesErrors: an export of a scenario with validation errors
// (cards in every format, the workbook, the picture) writes nothing and
// exits 1, printing the findings muster validate prints, named by
// file:line:col; the duplicated unit is among them.
func TestExportRefusesErrors(t *testing.T) {
	dir := t.TempDir()
	_, vout, _ := muster(t, "validate", "--no-source", draftFixture)
	want := draftFinding.FindAllString(vout, -1)
	if len(want) != 4 || !strings.Contains(vout, "error[unit-twice]") {
		t.Fatalf("the fixture gives %d findings, want 4 with unit-twice:\n%s", len(want), vout)
	}
	for _, args := range [][]string{
		{"cards", draftFixture, "-o", "cards.md"},
		{"cards", draftFixture, "-o", "cards.html"},
		{"cards", draftFixture, "-o", "cards.pdf"},
		{"xlsx", "-o", "book.xlsx", draftFixture},
		{"svg", draftFixture, "-o", "map.svg"},
	} {
		out := filepath.Join(dir, args[len(args)-1])
		if args[0] == "xlsx" {
			out = filepath.Join(dir, args[2])
		}
		full := append([]string{"export"}, args...)
		for i, a := range full {
			if a == filepath.Base(out) {
				full[i] = out
			}
		}
		if strings.HasSuffix(out, ".pdf") {
			if _, err := cards.FindChromium(); err != nil {
				continue // a PDF export without a browser fails before it looks at the scenario
			}
		}
		code, stdout, stderr := muster(t, full...)
		if code != 1 {
			t.Errorf("muster %v: exit %d, want 1\n%s%s", full, code, stdout, stderr)
		}
		got := draftFinding.FindAllString(stderr, -1)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("muster %v: findings\n%s\nwant (as muster validate prints them)\n%s", full, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !strings.Contains(stderr, "not exported: the scenario has 4 validation errors") || !strings.Contains(stderr, "--draft") {
			t.Errorf("muster %v: stderr does not say why or what to do:\n%s", full, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("muster %v wrote %s", full, out)
		}
	}
}

// TestExportDraft: with --draft the same exports succeed (exit 0), say on
// standard error that the output is a draft with 4 errors, and mark it:
// a banner on every card (Markdown, HTML, and every printed PDF page), the
// header and footer of every sheet of the workbook, which imports back as
// an unmarked one does, and a label on the picture.
func TestExportDraft(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := muster(t, append([]string{"export"}, args...)...)
		if code != 0 {
			t.Fatalf("muster export %v: exit %d\n%s%s", args, code, stdout, stderr)
		}
		if !strings.Contains(stderr, "draft: the scenario has 4 validation errors") {
			t.Errorf("muster export %v: stderr %q", args, stderr)
		}
		return stdout
	}
	md := filepath.Join(dir, "cards.md")
	if out := run("cards", "--draft", draftFixture, "-o", md); !strings.Contains(out, "(MD, draft)") {
		t.Errorf("summary %q", out)
	}
	b, _ := os.ReadFile(md)
	if n := strings.Count(string(b), "> **"+draftMark+".**"); n != 2 {
		t.Errorf("Markdown: %d banners, want one on each of the 2 cards", n)
	}
	// The duplicated unit is printed twice: a draft is the scenario as it is.
	if n := strings.Count(string(b), "| Dearing-B "); n != 2 {
		t.Errorf("Markdown: Dearing-B %d times", n)
	}

	page := filepath.Join(dir, "cards.html")
	run("cards", draftFixture, "-o", page, "--draft") // --draft after the arguments too
	doc := cardsHTMLDoc(t, page)
	sections := cardsSections(doc)
	for _, s := range sections {
		var banner string
		for _, d := range cardsElements(s, "div") {
			if cardsAttr(d, "class") == "draft" {
				banner = cardsText(d)
			}
		}
		if !strings.HasPrefix(banner, draftMark) {
			t.Errorf("HTML card %s: banner %q", cardsAttr(s, "data-side"), banner)
		}
	}
	if h, _ := os.ReadFile(page); len(sections) != 2 || !strings.Contains(string(h), `@top-center { content: "`+draftMark+`"`) {
		t.Errorf("HTML: %d cards, or no banner for every printed page", len(sections))
	}

	book := filepath.Join(dir, "book.xlsx")
	run("xlsx", "--draft", "-o", book, draftFixture)
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for _, sh := range f.GetSheetList() {
		if v, _ := f.GetSheetVisible(sh); !v {
			continue
		}
		hf, _ := f.GetHeaderFooter(sh)
		if hf == nil || !strings.Contains(hf.OddHeader, draftMark) {
			t.Errorf("xlsx %s: header %+v", sh, hf)
		}
		marked++
	}
	f.Close()
	if marked < 8 {
		t.Errorf("xlsx: %d sheets marked", marked)
	}
	// The draft imports back as the unmarked workbook of the same
	// scenario does: the same scenario, the same cell errors.
	l := scenarios.NewLoader(scenarios.Disk{})
	l.Builtin = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
	sf, err := l.Scenario(draftFixture)
	if err != nil {
		t.Fatal(err)
	}
	clean, err := sheet.WriteFile(sf)
	if err != nil {
		t.Fatal(err)
	}
	draft, _ := os.ReadFile(book)
	var got [2]string
	for i, data := range [][]byte{clean, draft} {
		im, err := sheet.Read(data, nil)
		if err != nil {
			t.Fatal(err)
		}
		js, err := im.JSON()
		if err != nil {
			t.Fatal(err)
		}
		got[i] = string(js) + "\n" + strings.Join(errStrings(im.Errors), "\n")
	}
	if got[0] != got[1] {
		t.Errorf("the draft workbook imports otherwise than the unmarked one")
	}
	if !strings.Contains(got[0], `"id": "tpc-unfinished"`) {
		t.Errorf("the workbook imports to another scenario:\n%.300s", got[0])
	}
	// muster import xlsx reads it as any other: the scenario's own errors,
	// nothing about the marks.
	code, _, stderr := muster(t, "import", "xlsx", "-o", filepath.Join(dir, "back.json"), book)
	if code != 1 || !strings.Contains(stderr, "unit-twice") || strings.Contains(stderr, "DRAFT") {
		t.Errorf("import xlsx of the draft: exit %d\n%s", code, stderr)
	}

	pic := filepath.Join(dir, "map.svg")
	run("svg", draftFixture, "--draft", "-o", pic)
	if s, _ := os.ReadFile(pic); !strings.Contains(string(s), `<text class="draft"`) || !strings.Contains(string(s), ">"+draftMark+"</text>") {
		t.Error("svg: no draft label")
	}

	// A scenario without errors exports as ever, with or without --draft.
	for _, args := range [][]string{{"cards", "tpc-01", "-o", filepath.Join(dir, "clean.md")}, {"cards", "--draft", "tpc-01", "-o", filepath.Join(dir, "clean-d.md")}} {
		code, _, stderr := muster(t, append([]string{"export"}, args...)...)
		if code != 0 || stderr != "" {
			t.Errorf("muster export %v: exit %d, %q", args, code, stderr)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "clean.md"))
	c, _ := os.ReadFile(filepath.Join(dir, "clean-d.md"))
	if string(a) != string(c) || strings.Contains(string(a), "DRAFT") {
		t.Error("--draft marks a scenario without errors")
	}
}

func errStrings(es []sheet.CellError) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Error())
	}
	return out
}

// TestExportDraftPDF: the PDF of a draft prints, every page carrying the
// banner (the page's top margin repeats it on a card's later pages), on
// Letter and A4.
func TestExportDraftPDF(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	for _, paper := range []string{"letter", "a4"} {
		out := filepath.Join(dir, paper+".pdf")
		code, _, stderr := muster(t, "export", "cards", "--draft", "--paper", paper, draftFixture, "-o", out)
		if code != 0 || !strings.Contains(stderr, "draft: the scenario has 4 validation errors") {
			t.Fatalf("%s: exit %d: %s", paper, code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		pages := pdfParse(t, data).pages(t)
		if len(pages) < 2 {
			t.Fatalf("%s: %d pages", paper, len(pages))
		}
		for i, p := range pages {
			if !strings.Contains(p.Text(), draftMark) {
				t.Errorf("%s page %d of %d: no %q", paper, i+1, len(pages), draftMark)
			}
		}
	}
}

// TestExportCatalogDraft: a module whose scenarios have errors gives no
// catalog without --draft (the findings printed), and a marked one with it.
func TestExportCatalogDraft(t *testing.T) {
	mod := filepath.Join(t.TempDir(), "tpc")
	copyTree(t, filepath.Join("..", "..", "scenarios", "tpc"), mod)
	src, err := os.ReadFile(draftFixture)
	if err != nil {
		t.Fatal(err)
	}
	src = []byte(strings.Replace(string(src), `"../../../../schema/`, `"../../../schema/`, 1))
	if err := os.WriteFile(filepath.Join(mod, "scenarios", "99-unfinished.json"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "catalog.xlsx")
	code, _, stderr := muster(t, "export", "xlsx", "-o", out, mod)
	if code != 1 || !strings.Contains(stderr, "error[unit-twice]") || !strings.Contains(stderr, "not exported: the module's scenarios have") {
		t.Fatalf("catalog without --draft: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a refused catalog was written")
	}
	if code, _, stderr = muster(t, "export", "xlsx", "-o", out, mod, "--draft"); code != 0 || !strings.Contains(stderr, "draft: the module's scenarios have") {
		t.Fatalf("catalog with --draft: exit %d\n%s", code, stderr)
	}
	f, err := excelize.OpenFile(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	hf, _ := f.GetHeaderFooter("Scenarios")
	if hf == nil || !strings.Contains(hf.OddHeader, "DRAFT — ") {
		t.Errorf("catalog header %+v", hf)
	}
	rows, _ := f.GetRows("Scenarios")
	col := slices.Index(rows[0], "Validation errors")
	found := false
	for _, r := range rows {
		if col > 0 && len(r) > col && r[0] == "tpc-unfinished" && r[col] == "5" { // its four, and a number that is not its file's (scenario-id)
			found = true
		}
	}
	if !found {
		t.Errorf("the catalog does not count tpc-unfinished's errors: %q", rows)
	}
}
