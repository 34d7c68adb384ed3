package main

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/musterhq/muster/export/cards"
	"github.com/musterhq/muster/scenarios"
)

// cardsMeasureJS loads each page in an iframe and lists, per page, every
// element or text run inside a card whose right edge passes the card's
// content box, which is the printable width (the page width less its
// margins), or, inside a table, its cell. The result lands in
// <pre id="result"> for --dump-dom.
const cardsMeasureJS = `
const out = {};
let left = FILES.length;
function measure(f, doc) {
  const bad = [];
  const cards = doc.querySelectorAll('.card');
  if (cards.length === 0) bad.push('no card');
  for (const card of cards) {
    const cs = doc.defaultView.getComputedStyle(card);
    const r = card.getBoundingClientRect();
    const limit = r.right - parseFloat(cs.paddingRight) + 0.5;
    const w = doc.createTreeWalker(card, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    let n;
    while ((n = w.nextNode())) {
      let rr, what;
      if (n.nodeType === 3) {
        if (!n.textContent.trim()) continue;
        const range = doc.createRange();
        range.selectNodeContents(n);
        rr = range.getBoundingClientRect();
        what = JSON.stringify(n.textContent.trim().slice(0, 80));
      } else {
        rr = n.getBoundingClientRect();
        what = '<' + n.tagName.toLowerCase() + '> ' + JSON.stringify(n.textContent.trim().slice(0, 60));
      }
      if (rr.width > 0 && rr.right > limit) {
        bad.push(card.dataset.side + ': ' + what + ' ends ' + Math.round(rr.right - limit) + 'px past the printable width');
        continue;
      }
      // Inside a table cell, nothing may run into the next cell either.
      const el = n.nodeType === 3 ? n.parentElement : n;
      const cell = el && el !== card ? el.closest('td, th') : null;
      if (cell && cell !== n && rr.width > 0) {
        const cr = cell.getBoundingClientRect();
        const cellLimit = cr.right - parseFloat(doc.defaultView.getComputedStyle(cell).paddingRight) + 0.5;
        if (rr.right > cellLimit) {
          bad.push(card.dataset.side + ': ' + what + ' runs ' + Math.round(rr.right - cellLimit) + 'px out of its table cell');
        }
      }
    }
  }
  out[f] = bad;
}
function finish() {
  const pre = document.createElement('pre');
  pre.id = 'result';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
}
for (const f of FILES) {
  const fr = document.createElement('iframe');
  fr.style.width = '1400px';
  fr.style.height = '600px';
  fr.onload = () => {
    try { measure(f, fr.contentDocument); } catch (e) { out[f] = ['measure: ' + e]; }
    if (--left === 0) finish();
  };
  fr.src = f;
  document.body.appendChild(fr);
}
`

var cardsResult = regexp.MustCompile(`(?s)<pre id="result">(.*?)</pre>`)

// cardsOverflow measures pages (files in dir) in one headless Chromium run.
func cardsOverflow(t *testing.T, chromium, dir string, pages []string) map[string][]string {
	t.Helper()
	files, _ := json.Marshal(pages)
	harness := filepath.Join(dir, "harness.html")
	page := "<!DOCTYPE html><html><body><script>" + "const FILES = " + string(files) + ";\n" + cardsMeasureJS + "</script></body></html>"
	if err := os.WriteFile(harness, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--no-first-run", "--user-data-dir="+filepath.Join(dir, "profile"), "--allow-file-access-from-files",
		"--virtual-time-budget=60000", "--dump-dom", "file://"+harness)
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	m := cardsResult.FindSubmatch(dom)
	if m == nil {
		t.Fatalf("chromium measured nothing:\n%.2000s", dom)
	}
	var res map[string][]string
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &res); err != nil {
		t.Fatal(err)
	}
	if len(res) != len(pages) {
		t.Fatalf("measured %d of %d pages", len(res), len(pages))
	}
	return res
}

// Printed cards keep every badge and name inside the printable width:
// long ones wrap inside the card. Checked in headless Chromium for every
// shipped scenario, as cards and as a roster, on Letter and A4, and on a
// made-up scenario of overlong names (a draft, with its banner). Skipped
// where Chromium is missing (CI installs it).
func TestExportCardsFitThePage(t *testing.T) {
	chromium, err := cards.FindChromium()
	if err != nil {
		t.Skip(err)
	}
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	dir := t.TempDir()
	sources := []string{filepath.Join("testdata", "cards", "long-names.json")}
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			sources = append(sources, sf.Scenario.ID)
		}
	}
	var pages []string
	for _, src := range sources {
		name := strings.TrimSuffix(filepath.Base(src), ".json")
		for _, paper := range []string{"letter", "a4"} {
			for _, roster := range []bool{false, true} {
				page := name + "-" + paper
				args := []string{"export", "cards", "--paper", paper}
				if strings.HasSuffix(src, ".json") {
					// The made-up scenario's names do not match its
					// counters: it exports as a draft, whose banner must
					// fit the page too.
					args = append(args, "--draft")
				}
				if roster {
					page += "-roster"
					args = append(args, "--roster")
				}
				page += ".html"
				args = append(args, src, "-o", filepath.Join(dir, page))
				if code, _, errOut := muster(t, args...); code != 0 {
					t.Fatalf("muster %v: exit %d: %s", args, code, errOut)
				}
				pages = append(pages, page)
			}
		}
	}
	for page, bad := range cardsOverflow(t, chromium, dir, pages) {
		for _, b := range bad {
			t.Errorf("%s: %s", page, b)
		}
	}
}
