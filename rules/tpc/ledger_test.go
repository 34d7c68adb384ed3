package tpc

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// docs/tpc-cases.md stays true: every row has a known status; a played
// row names scripts that exist and cite one of its lines; every engine
// script pins some played row; every other status names no script.
func TestLedger(t *testing.T) {
	src, err := os.ReadFile("../../docs/tpc-cases.md")
	if err != nil {
		t.Fatal(err)
	}
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
	pinned := map[string]bool{}
	rows := 0
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| case") || strings.HasPrefix(line, "| ---") {
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 6 {
			t.Errorf("ledger row %q: want case, lines, status, scripts, note", line)
			continue
		}
		rows++
		name, lines, status, scripts := strings.TrimSpace(cells[1]), strings.TrimSpace(cells[2]), strings.TrimSpace(cells[3]), strings.TrimSpace(cells[4])
		bounds := num.FindAllString(lines, -1)
		if len(bounds) == 0 {
			t.Errorf("%s: no lines", name)
			continue
		}
		lo, _ := strconv.Atoi(bounds[0])
		hi, _ := strconv.Atoi(bounds[len(bounds)-1])
		switch status {
		case "played":
			if scripts == "" {
				t.Errorf("%s is played but no script pins it", name)
			}
			for _, s := range strings.Split(scripts, ",") {
				s = strings.TrimSpace(s)
				ns, ok := cites[s]
				if !ok {
					t.Errorf("%s: no script %s in rules/tpc/testdata/playtests", name, s)
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
		case "bookkeeping", "series", "not-done":
			if scripts != "" {
				t.Errorf("%s is %s but names scripts", name, status)
			}
		default:
			t.Errorf("%s: status %q (played, bookkeeping, series, not-done)", name, status)
		}
	}
	if rows < 40 {
		t.Errorf("the ledger has %d rows", rows)
	}
	for s := range cites {
		if !pinned[s] {
			t.Errorf("script %s pins no played row of docs/tpc-cases.md", s)
		}
	}
}
