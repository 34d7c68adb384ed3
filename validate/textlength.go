package validate

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/musterhq/muster/scenarios"
)

// The game-length line and the start's markers against their fields
// (issue 29, family 1): "GAME LENGTH: 4 turns, July 27 - July 30, 1864"
// states the turns, the first and last dates; "Starts on Turn 4 ... ends
// ... of Turn 8" the calendar turns; "on August 9 (Turn 56)" a marker's
// turn.

var (
	turnCountRe = regexp.MustCompile(`(?i)\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:game\s+)?turns?\b`)
	startsOnRe  = regexp.MustCompile(`\b[Ss]tarts on Turn (\d+)\b`)
	endsOnRe    = regexp.MustCompile(`\bends\b[^.]*?\bTurn (\d+)\b`)
	monthDayRe  = regexp.MustCompile(`\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})(?:\s*[-–]\s*(\d{1,2})\b)?(?:,\s*(\d{4}))?`)
	yearRe      = regexp.MustCompile(`\b(1[0-9]{3})\b`)
	parenTurnRe = regexp.MustCompile(`\(Turn (\d+)\)`)
)

var wordNumbers = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

func atoiWord(s string) int {
	if n, ok := wordNumbers[strings.ToLower(s)]; ok {
		return n
	}
	n, _ := strconv.Atoi(s)
	return n
}

// textDates reads the dates a length line prints, in order, each with
// its year (a date printed without one takes the next year printed).
func textDates(text string) []string {
	type md struct {
		month    string
		day      int
		year     string
		at       int
		fromSpan bool
	}
	var ds []md
	for _, m := range monthDayRe.FindAllStringSubmatchIndex(text, -1) {
		get := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return text[m[2*i]:m[2*i+1]]
		}
		d1, _ := strconv.Atoi(get(2))
		ds = append(ds, md{month: get(1), day: d1, year: get(4), at: m[1]})
		if get(3) != "" { // "February 5-6, 1865"
			d2, _ := strconv.Atoi(get(3))
			ds[len(ds)-1].year = ""
			ds = append(ds, md{month: get(1), day: d2, year: get(4), at: m[1], fromSpan: true})
		}
	}
	var out []string
	for i, d := range ds {
		y := d.year
		for j := i + 1; y == "" && j < len(ds); j++ {
			y = ds[j].year
		}
		if y == "" {
			if m := yearRe.FindString(text[d.at:]); m != "" {
				y = m
			}
		}
		t, err := time.Parse("January 2 2006", fmt.Sprintf("%s %d %s", d.month, d.day, y))
		if err != nil {
			return nil
		}
		out = append(out, t.Format("2006-01-02"))
	}
	return out
}

// lengthFacts compares a length's fields with its own text.
func (p *Pass) lengthFacts(ptr string, l *scenarios.Length, notes []scenarios.Note) {
	if l == nil || l.Text == "" {
		return
	}
	fix := func(field string) string {
		return fmt.Sprintf("correct %s (or the text); if the data departs from the text on purpose, say so in a notes entry {\"kind\": \"correction\", \"field\": \"length/%s\"}", field, field)
	}
	off := func(field string) bool {
		return rowDeclares(notes, field) || rowDeclares(notes, "length/"+field) || rowDeclares(notes, "length."+field)
	}
	if ms := turnCountRe.FindAllStringSubmatch(l.Text, -1); len(ms) == 1 && l.Turns > 0 && !off("turns") {
		if n := atoiWord(ms[0][1]); n > 0 && n != l.Turns {
			p.Report(ptr+"/turns", fmt.Sprintf("turns %d contradict the length line, which prints %q: %q", l.Turns, ms[0][0], clip(l.Text, 80)), fix("turns"))
		}
	}
	if ct := l.CalendarTurns; ct != nil {
		if ms := startsOnRe.FindAllStringSubmatch(l.Text, -1); len(ms) == 1 && !off("calendarTurns") {
			if n, _ := strconv.Atoi(ms[0][1]); n != ct.First {
				p.Report(ptr+"/calendarTurns/first", fmt.Sprintf("calendarTurns.first %d contradicts the length line, which prints %q", ct.First, ms[0][0]), fix("calendarTurns"))
			}
		}
		if ms := endsOnRe.FindAllStringSubmatch(l.Text, -1); len(ms) == 1 && !off("calendarTurns") {
			if n, _ := strconv.Atoi(ms[0][1]); n != ct.Last {
				p.Report(ptr+"/calendarTurns/last", fmt.Sprintf("calendarTurns.last %d contradicts the length line, which prints %q", ct.Last, clip(ms[0][0], 60)), fix("calendarTurns"))
			}
		}
	}
	if l.Start == "" && l.End == "" || !strings.ContainsAny(l.Text, "0123456789") {
		return
	}
	ds := textDates(l.Text)
	if len(ds) == 0 || len(ds) > 2 {
		return
	}
	first, last := ds[0], ds[len(ds)-1]
	if l.Start != "" && l.Start != first && !off("start") {
		p.Report(ptr+"/start", fmt.Sprintf("start %s contradicts the length line, whose first date is %s: %q", l.Start, first, clip(l.Text, 80)), fix("start"))
	}
	if l.End != "" && l.End != last && !off("end") {
		p.Report(ptr+"/end", fmt.Sprintf("end %s contradicts the length line, whose last date is %s: %q", l.End, last, clip(l.Text, 80)), fix("end"))
	}
}

// markerFacts compares a start marker's turn with the one "(Turn N)" its
// text and box print.
func (p *Pass) markerFacts(ptr string, st *scenarios.Start) {
	if st == nil {
		return
	}
	for i, m := range st.Markers {
		if m.Turn == 0 || rowDeclares(m.Notes, "turn") {
			continue
		}
		var seen []int
		for _, t := range []string{m.Text, m.Box} {
			for _, mm := range parenTurnRe.FindAllStringSubmatch(t, -1) {
				n, _ := strconv.Atoi(mm[1])
				if !containsI(seen, n) {
					seen = append(seen, n)
				}
			}
		}
		if len(seen) == 1 && seen[0] != m.Turn {
			p.Report(fmt.Sprintf("%s/markers/%d/turn", ptr, i), fmt.Sprintf("turn %d contradicts the marker's text, which prints (Turn %d): %q", m.Turn, seen[0], clip(m.Text, 80)),
				"correct turn (or the text); a deliberate departure is declared by a notes entry of the marker {\"kind\": \"correction\", \"field\": \"turn\"}")
		}
	}
}

func containsI(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
