package lsp

import (
	"fmt"
	"regexp"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// awardAt returns the innermost victory line (an award, or a line of a
// compound award) whose object contains off.
func awardAt(root *jsonsrc.Node, off int) *jsonsrc.Node {
	if root == nil || root.Kind != jsonsrc.Object {
		return nil
	}
	vic := root.Get("victory")
	if vic == nil || vic.Kind != jsonsrc.Object {
		return nil
	}
	var find func(arr *jsonsrc.Node) *jsonsrc.Node
	find = func(arr *jsonsrc.Node) *jsonsrc.Node {
		if arr == nil || arr.Kind != jsonsrc.Array {
			return nil
		}
		for _, it := range arr.Items {
			if it.Kind == jsonsrc.Object && it.Start <= off && off < it.End {
				if inner := find(it.Get("lines")); inner != nil {
					return inner
				}
				return it
			}
		}
		return nil
	}
	return find(vic.Get("awards"))
}

// hoverAward explains a VP line from its text: its points and the
// locations and regions it names, with their place names.
func hoverAward(v view, c cursor, off int) (string, bool) {
	switch c.key {
	case "text", "printedPoints", "id", "kind":
	default:
		return "", false
	}
	a := awardAt(v.good, off)
	if a == nil {
		return "", false
	}
	ix := v.module.Index()
	pre := prefixes(v.good)
	var locs, regions []string
	seen := map[string]bool{}
	var walk func(key string, n *jsonsrc.Node)
	walk = func(key string, n *jsonsrc.Node) {
		switch n.Kind {
		case jsonsrc.Object:
			for _, m := range n.Members {
				if m.Key != "lines" {
					walk(m.Key, m.Value)
				}
			}
		case jsonsrc.Array:
			for _, it := range n.Items {
				walk(key, it)
			}
		case jsonsrc.String:
			if seen[key+"\x00"+n.Text] {
				return
			}
			seen[key+"\x00"+n.Text] = true
			switch {
			case locationKeys[key]:
				loc, err := ix.Resolve(n.Text, pre)
				if err != nil {
					locs = append(locs, fmt.Sprintf("%s (not on the map: %v)", n.Text, err))
					return
				}
				where := ""
				if loc.Sheet != nil {
					where = loc.Sheet.Name
				} else if loc.Area.Name != "" {
					where = loc.Area.Name
				}
				if names := ix.Places[loc.Key()]; len(names) > 0 {
					where = strings.Join(names, ", ") + ", " + where
				}
				locs = append(locs, fmt.Sprintf("%s (%s)", n.Text, strings.TrimSuffix(where, ", ")))
			case key == "region" || key == "regions":
				if r := ix.Regions[n.Text]; r != nil {
					regions = append(regions, fmt.Sprintf("%s (%s)", n.Text, r.Name))
				}
			}
		}
	}
	walk("", a)
	var b strings.Builder
	name := str(a, "id")
	if name == "" {
		name = str(a, "kind")
	}
	fmt.Fprintf(&b, "**VP line %s**", name)
	if pts := str(a, "printedPoints"); pts != "" {
		fmt.Fprintf(&b, ": %s", pts)
	}
	if len(locs) > 0 {
		fmt.Fprintf(&b, "\n\nlocations: %s", strings.Join(locs, "; "))
	}
	if len(regions) > 0 {
		fmt.Fprintf(&b, "\n\nregions: %s", strings.Join(regions, "; "))
	}
	if len(locs) == 0 && len(regions) == 0 {
		b.WriteString("\n\nnames no location")
	}
	return b.String(), true
}

var rowHexRE = regexp.MustCompile(`"hex"\s*:\s*"([^"]*)"`)

// completePlaces offers the place names the map ties to the row's hex (the
// hex on the same line, as muster fmt writes a row).
func completePlaces(v view, c cursor, item func(label, detail string, kind protocol.CompletionItemKind) protocol.CompletionItem) []protocol.CompletionItem {
	li := v.doc.lines
	line := li.position(c.start).Line
	ls, le := li.lineSpan(int(line))
	m := rowHexRE.FindSubmatch(v.doc.text[ls:le])
	if m == nil {
		return nil
	}
	ix := v.module.Index()
	loc, err := ix.Resolve(string(m[1]), prefixes(v.good))
	if err != nil {
		return nil
	}
	var items []protocol.CompletionItem
	for _, name := range ix.Places[loc.Key()] {
		items = append(items, item(name, string(m[1]), protocol.CompletionItemKindValue))
	}
	return items
}
