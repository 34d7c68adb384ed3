package uscw

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
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
	count := map[string]int{}
	rows := 0
	for _, line := range strings.Split(string(src), "\n") {
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
