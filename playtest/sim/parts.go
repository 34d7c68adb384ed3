package sim

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/musterhq/muster/rules"
)

// reporters are the registered engines that render a section of their
// own from the tags under their prefix (rules.Reporter).
var reporters []rules.Reporter

// engineParts splits the totals' tags: those under a reporter's prefix
// become that engine's section of the report, in registration order;
// the rest stay in the generic table.
func engineParts(t *Totals) (parts []rules.ReportPart, own map[string]bool) {
	own = map[string]bool{}
	for _, rp := range reporters {
		counts := map[string]map[string]int{}
		for _, tag := range sortedKeys(t.Tags) {
			if !strings.HasPrefix(tag, rp.TagPrefix()) {
				continue
			}
			own[tag] = true
			counts[tag] = map[string]int{}
			for v, winners := range t.Tags[tag] {
				for _, n := range winners {
					counts[tag][v] += n
				}
			}
		}
		if len(counts) == 0 {
			continue
		}
		p, err := rp.ReportPart(t.Options, counts, t.Played)
		if err != nil {
			p = rules.ReportPart{Title: "the engine's own figures", Notes: []string{fmt.Sprintf("cannot be shown: %v", err)}}
		}
		parts = append(parts, p)
	}
	return parts, own
}

// shownOptions drops the options an engine's section shows itself.
func shownOptions(opts map[string]string, parts []rules.ReportPart) []string {
	var out []string
	for _, k := range sortedKeys(opts) {
		if !slices.ContainsFunc(parts, func(p rules.ReportPart) bool { return slices.Contains(p.Options, k) }) {
			out = append(out, k+"="+opts[k])
		}
	}
	return out
}

// writePartText prints an engine's section: its notes, then each table
// with columns as wide as their widest cell, figures to the right.
func writePartText(b *strings.Builder, p rules.ReportPart) {
	fmt.Fprintf(b, "\n%s\n", p.Title)
	for _, n := range p.Notes {
		fmt.Fprintf(b, "  %s\n", n)
	}
	for _, t := range p.Tables {
		fmt.Fprintf(b, "\n%s\n", t.Caption)
		width := make([]int, len(t.Header))
		for i, h := range t.Header {
			width[i] = utf8.RuneCountInString(h)
		}
		for _, r := range t.Rows {
			for i, c := range r {
				if i < len(width) {
					width[i] = max(width[i], utf8.RuneCountInString(c))
				}
			}
		}
		line := func(cells []string) {
			b.WriteString(" ")
			for i, c := range cells {
				if i >= len(width) {
					break
				}
				switch {
				case i == 0:
					fmt.Fprintf(b, " %-*s", width[i], c)
				case i == len(width)-1:
					fmt.Fprintf(b, "  %s", c) // the last column may be a long list: left, unpadded
				default:
					fmt.Fprintf(b, "  %*s", width[i], c)
				}
			}
			b.WriteString("\n")
		}
		line(t.Header)
		for _, r := range t.Rows {
			line(r)
		}
	}
}
