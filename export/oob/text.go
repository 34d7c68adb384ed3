package oob

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// ManpowerText shows an entry's manpower: "-" when not given.
func ManpowerText(mp *int) string {
	if mp == nil {
		return "-"
	}
	return fmt.Sprint(*mp)
}

// TotalText shows a manpower total: "?" when no unit gives one, "12+?"
// when some do not.
func (t Totals) TotalText() string {
	switch {
	case t.ManpowerUnknown > 0 && t.ManpowerUnknown == t.Units && t.Manpower == 0:
		return "?"
	case t.ManpowerUnknown > 0:
		return fmt.Sprintf("%d+?", t.Manpower)
	}
	return fmt.Sprint(t.Manpower)
}

// Summary is "39 units, 15 leaders, manpower 182".
func (t Totals) Summary() string {
	return fmt.Sprintf("%s, %s, manpower %s", plural(t.Units, "unit"), plural(t.Leaders, "leader"), t.TotalText())
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// textLine is one line of a side's table before alignment.
type textLine struct {
	label, size, typ, mp, setup string
	heading                     bool // a line of its own, not in the columns
}

// WriteText writes the order of battle as indented trees with aligned
// columns, one block per side.
func (o *OOB) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s (module %s)\n", o.Scenario, o.Title, o.Module)
	for _, s := range o.Sides {
		b.WriteString("\n")
		writeSideText(&b, s)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSideText(b *strings.Builder, s *Side) {
	fmt.Fprintf(b, "%s: %s\n", s.Name, s.Totals.Summary())
	for _, m := range s.RowsMissing {
		fmt.Fprintf(b, "  setup rows not in the source: %s\n", m)
	}
	for _, p := range s.Problems {
		fmt.Fprintf(b, "  problem: %s\n", p)
	}
	var lines []textLine
	entry := func(e *Entry, indent string) {
		setup := e.setupText(s.Hierarchy)
		if e.Problem != "" {
			setup += "; " + e.Problem
		}
		lines = append(lines, textLine{label: indent + e.nameWithMarks(), size: e.Size, typ: e.Type, mp: ManpowerText(e.Manpower), setup: setup})
	}
	s.Walk(func(n *CommandNode, d int) {
		indent := strings.Repeat("  ", d)
		info := n.Level
		if len(n.AlsoLedBy) > 0 {
			var refs []string
			for _, r := range n.AlsoLedBy {
				refs = append(refs, fmt.Sprintf("%s (under %s)", r.Name, r.Command))
			}
			info += "; also led by " + strings.Join(refs, ", ")
		}
		lines = append(lines, textLine{label: fmt.Sprintf("%s%s [%s]", indent, n.Name, n.Code), mp: n.Totals.TotalText(), setup: info})
		for _, e := range n.Leaders {
			entry(e, indent+"  ")
		}
		for _, e := range n.Units {
			entry(e, indent+"  ")
		}
	})
	if g := s.Unassigned; g != nil {
		lines = append(lines, textLine{label: g.Title, mp: g.Totals.TotalText()})
		for _, e := range g.Leaders {
			entry(e, "  ")
		}
		for _, e := range g.Units {
			entry(e, "  ")
		}
	}
	if len(s.Markers) > 0 {
		lines = append(lines, textLine{label: "Markers (not units; in no total)"})
		for _, e := range s.Markers {
			lines = append(lines, textLine{label: "  " + e.Name, typ: e.Type, setup: e.Setup.String()})
		}
	}
	if len(lines) == 0 {
		return
	}
	head := textLine{label: "COMMAND / UNIT", size: "SIZE", typ: "TYPE", mp: "MANPOWER", setup: "SETUP"}
	lines = append([]textLine{head}, lines...)
	var wl, ws, wt, wm int
	for _, l := range lines {
		wl = max(wl, width(l.label))
		ws = max(ws, width(l.size))
		wt = max(wt, width(l.typ))
		wm = max(wm, width(l.mp))
	}
	for _, l := range lines {
		line := fmt.Sprintf("  %s  %s  %s  %s  %s", pad(l.label, wl), pad(l.size, ws), pad(l.typ, wt), padLeft(l.mp, wm), l.setup)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	for _, e := range s.Legend {
		fmt.Fprintf(b, "  %s  %s\n", e.Mark, legendMeaning(e))
	}
}

// setupText is the setup location with what else a reader needs beside
// it: the other commands a leader leads, and a printed command that a side
// without a hierarchy cannot place.
func (e *Entry) setupText(hierarchy bool) string {
	s := e.Setup.String()
	if len(e.AlsoCommands) > 0 {
		s += "; also commands " + strings.Join(e.AlsoCommands, ", ")
	}
	if !hierarchy && e.CommandFrom == "row" && e.Command != "" {
		s += "; command " + e.Command
	}
	return s
}

// nameWithMarks is the name with the row's footnote marks as printed.
func (e *Entry) nameWithMarks() string {
	if e.Marks == "" {
		return e.Name
	}
	return e.Name + " " + e.Marks
}

// legendMeaning is a footnote's text without the mark it starts with
// (rulebooks print "* Indicated units ..."; the mark is shown once).
func legendMeaning(e LegendEntry) string {
	return strings.TrimSpace(strings.TrimPrefix(e.Meaning, e.Mark))
}

func width(s string) int { return utf8.RuneCountInString(s) }

func pad(s string, n int) string { return s + strings.Repeat(" ", max(0, n-width(s))) }

func padLeft(s string, n int) string { return strings.Repeat(" ", max(0, n-width(s))) + s }
