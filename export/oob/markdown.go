package oob

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown writes the order of battle as Markdown a code host renders:
// a heading per side with a summary table of its commands, then a heading
// per command (nested by level, down to ######) with a table of its
// leaders and units.
func (o *OOB) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Order of battle: %s %s\n\n", o.Scenario, mdText(o.Title))
	fmt.Fprintf(&b, "Module `%s`. A command's totals include every command beneath it; leaders carry no manpower.\n", o.Module)
	for _, s := range o.Sides {
		writeSideMarkdown(&b, s)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSideMarkdown(b *strings.Builder, s *Side) {
	fmt.Fprintf(b, "\n## %s\n\n%s.\n", mdText(s.Name), capitalize(s.Totals.Summary()))
	for _, m := range s.RowsMissing {
		fmt.Fprintf(b, "\nSetup rows not in the source: %s.\n", mdText(m))
	}
	for _, p := range s.Problems {
		fmt.Fprintf(b, "\n**Problem:** %s.\n", mdText(p))
	}
	if len(s.Commands) > 0 || s.Unassigned != nil {
		b.WriteString("\n| Command | Level | Units | Leaders | Manpower |\n| --- | --- | --: | --: | --: |\n")
		s.Walk(func(n *CommandNode, d int) {
			fmt.Fprintf(b, "| %s%s (%s) | %s | %d | %d | %s |\n", strings.Repeat("&emsp;", d), mdText(n.Name), mdText(n.Code),
				mdText(n.Level), n.Totals.Units, n.Totals.Leaders, n.Totals.TotalText())
		})
		if g := s.Unassigned; g != nil {
			fmt.Fprintf(b, "| %s |  | %d | %d | %s |\n", mdText(g.Title), g.Totals.Units, g.Totals.Leaders, g.Totals.TotalText())
		}
		fmt.Fprintf(b, "| **Total** |  | **%d** | **%d** | **%s** |\n", s.Totals.Units, s.Totals.Leaders, s.Totals.TotalText())
	}
	var path []string
	s.Walk(func(n *CommandNode, d int) {
		path = append(path[:d], n.Code)
		level := 3 + d
		title := fmt.Sprintf("%s (%s)", n.Name, n.Code)
		if level > 6 { // Markdown stops at ######: name the path instead
			level = 6
			title = fmt.Sprintf("%s (%s)", n.Name, strings.Join(path, " › "))
		}
		fmt.Fprintf(b, "\n%s %s\n\n", strings.Repeat("#", level), mdText(title))
		fmt.Fprintf(b, "%s · %s", mdText(n.Level), s.totalsLine(n.Totals))
		if len(n.AlsoLedBy) > 0 {
			var refs []string
			for _, r := range n.AlsoLedBy {
				refs = append(refs, fmt.Sprintf("%s (listed under %s)", mdText(r.Name), mdText(r.Command)))
			}
			b.WriteString(" · also led by " + strings.Join(refs, ", "))
		}
		b.WriteString("\n")
		entriesTable(b, n.Leaders, n.Units, true, false)
	})
	if g := s.Unassigned; g != nil {
		fmt.Fprintf(b, "\n### %s\n\n%s\n", mdText(g.Title), s.totalsLine(g.Totals))
		entriesTable(b, g.Leaders, g.Units, s.Hierarchy, s.Hierarchy)
	}
	if len(s.Markers) > 0 {
		b.WriteString("\n### Markers\n\nNot units: they count in no total.\n\n| Marker | Type | Setup |\n| --- | --- | --- |\n")
		for _, e := range s.Markers {
			fmt.Fprintf(b, "| %s | %s | %s |\n", mdText(e.Name), mdText(e.Type), mdText(e.Setup.String()))
		}
	}
	if len(s.Legend) > 0 {
		b.WriteString("\n### Marks\n\n| Mark | Meaning |\n| --- | --- |\n")
		for _, e := range s.Legend {
			fmt.Fprintf(b, "| %s | %s |\n", mdText(e.Mark), mdText(legendMeaning(e)))
		}
	}
}

func (s *Side) totalsLine(t Totals) string {
	return fmt.Sprintf("manpower %s · %s · %s", t.TotalText(), plural(t.Units, "unit"), plural(t.Leaders, "leader"))
}

// entriesTable writes leaders then units; withProblem adds a column saying
// why a unit's command is unknown; hierarchy is false for a side without
// commands (USCW), whose printed commands are then shown beside the setup.
func entriesTable(b *strings.Builder, leaders, units []*Entry, hierarchy, withProblem bool) {
	if len(leaders)+len(units) == 0 {
		return
	}
	b.WriteString("\n| Unit | Size | Type | Manpower | Setup |")
	if withProblem {
		b.WriteString(" Why |")
	}
	b.WriteString("\n| --- | --- | --- | --: | --- |")
	if withProblem {
		b.WriteString(" --- |")
	}
	b.WriteString("\n")
	row := func(e *Entry) {
		name := mdText(e.Name)
		if e.Leader {
			name = "**" + name + "**"
		}
		if e.Marks != "" {
			name += " " + mdText(e.Marks)
		}
		if e.Leader {
			name += " (leader)"
		}
		setup := mdText(e.setupText(hierarchy))
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |", name, mdText(e.Size), mdText(e.Type), ManpowerText(e.Manpower), setup)
		if withProblem {
			fmt.Fprintf(b, " %s |", mdText(e.Problem))
		}
		b.WriteString("\n")
	}
	for _, e := range leaders {
		row(e)
	}
	for _, e := range units {
		row(e)
	}
}

// mdText escapes what would break a table cell or start markup.
var mdEscaper = strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", "\n", " ")

func mdText(s string) string { return mdEscaper.Replace(s) }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
