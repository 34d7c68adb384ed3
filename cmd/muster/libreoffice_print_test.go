package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// printPDF has LibreOffice print workbooks to PDF (--convert-to pdf, which
// prints with each sheet's own page setup, as File > Print does) into out.
func printPDF(t *testing.T, lo, out string, books ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--norestore", "-env:UserInstallation=file://" + filepath.Join(filepath.Dir(out), "lo-print-profile"),
		"--convert-to", "pdf", "--outdir", out}, books...)
	if b, err := exec.CommandContext(ctx, lo, args...).CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, b)
	}
}

// pdfOverRows lists the text runs of a page that a run of the same column
// above prints over: a wrapped cell's next line drawn on the row below,
// which happens when a row is lower than its wrapped text.
func pdfOverRows(p pdfPage) []string {
	runs := append([]pdfRun(nil), p.Runs...)
	sort.SliceStable(runs, func(a, b int) bool {
		if d := runs[a].X - runs[b].X; d < -0.5 || d > 0.5 {
			return runs[a].X < runs[b].X
		}
		return runs[a].Y > runs[b].Y
	})
	var out []string
	for i := 1; i < len(runs); i++ {
		q, r := runs[i-1], runs[i]
		if d := q.X - r.X; d > -0.5 && d < 0.5 && q.Y-r.Y < 0.75*r.Size {
			out = append(out, q.Text+" / "+r.Text)
		}
	}
	return out
}

// TestLibreOfficePrintsReadable: a workbook LibreOffice prints with the
// page setup muster writes is readable. Before, every sheet was fitted to
// one page width with all its columns, a setup sheet's legend beside them:
// setup sheets printed at 3.5 points (LGV's victory levels at 2.2), and
// rows left at one line's height printed wrapped text over the rows below
// (LibreOffice does not size the rows of an xlsx it opens). Now every text
// prints at 6 points or more, a setup sheet's at 7 or more, no line over
// another, the bookkeeping columns and the legend left to the screen; and
// a draft's every page says DRAFT with its error count. Skipped where
// LibreOffice is missing (CI installs it).
func TestLibreOfficePrintsReadable(t *testing.T) {
	lo := soffice(t)
	if testing.Short() {
		t.Skip("-short: no LibreOffice")
	}
	dir := t.TempDir()
	books := map[string][]string{
		"tpc-11":  {"export", "xlsx", "-o", "", "tpc-11"},
		"lgv-01":  {"export", "xlsx", "-o", "", "lgv-01"},
		"catalog": {"export", "xlsx", "-o", "", "tpc"},
		"draft":   {"export", "xlsx", "--draft", "-o", "", draftFixture},
	}
	var paths []string
	for name, args := range books {
		p := filepath.Join(dir, name+".xlsx")
		for i := range args {
			if args[i] == "" {
				args[i] = p
			}
		}
		if code, _, stderr := muster(t, args...); code != 0 {
			t.Fatalf("muster %v: exit %d\n%s", args, code, stderr)
		}
		paths = append(paths, p)
	}
	out := filepath.Join(dir, "pdf")
	printPDF(t, lo, out, paths...)
	for name := range books {
		data, err := os.ReadFile(filepath.Join(out, name+".pdf"))
		if err != nil {
			t.Fatalf("LibreOffice printed no %s.pdf: %v", name, err)
		}
		pages := pdfParse(t, data).pages(t)
		if len(pages) < 3 {
			t.Fatalf("%s: %d pages", name, len(pages))
		}
		setups := 0
		for i, p := range pages {
			text := p.Text()
			small := 100.0
			for _, r := range p.Runs {
				small = min(small, r.Size)
			}
			floor := 6.0
			if strings.Contains(text, "Unit/Leader Size Command Type") && strings.Contains(text, "Starting state Restrictions") && !strings.Contains(text, "Arrives") {
				setups++
				floor = 7
				for _, leftOut := range []string{"Meaning", "Counter", "Row "} {
					if strings.Contains(text, leftOut) {
						t.Errorf("%s page %d (a setup sheet) prints %q", name, i+1, leftOut)
					}
				}
			}
			if small < floor {
				t.Errorf("%s page %d prints text at %.1f pt, under %.0f: %.80s", name, i+1, small, floor, text)
			}
			for _, o := range pdfOverRows(p) {
				t.Errorf("%s page %d: %q prints over the row below", name, i+1, o)
			}
			if name == "draft" && !strings.Contains(text, draftMark) {
				t.Errorf("draft page %d of %d does not say %q", i+1, len(pages), draftMark)
			}
		}
		if name != "catalog" && setups == 0 {
			t.Errorf("%s: no setup sheet printed", name)
		}
	}
}
