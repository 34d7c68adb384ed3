package lsp

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/validate"
)

// Footnote marks: a row's "marks" is a string of one-character symbols,
// each with an entry in its table's "footnotes" legend.

// markAt returns the symbol under the cursor in a marks string: the
// character after the cursor, or before it at the string's end.
func markAt(text []byte, c cursor, off int) (string, int) {
	if c.start == c.end {
		return "", 0
	}
	i := min(max(off, c.start), c.end)
	if i == c.end {
		_, n := utf8.DecodeLastRune(text[c.start:c.end])
		i -= n
	}
	r, n := utf8.DecodeRune(text[i:])
	if r == utf8.RuneError && n <= 1 {
		return "", 0
	}
	return string(r), i
}

// legend returns a table's footnotes by symbol.
func legend(table *jsonsrc.Node) map[string]*jsonsrc.Node {
	out := map[string]*jsonsrc.Node{}
	if table == nil || table.Kind != jsonsrc.Object {
		return out
	}
	if fs := table.Get("footnotes"); fs != nil && fs.Kind == jsonsrc.Array {
		for _, f := range fs.Items {
			if sym := str(f, "symbol"); sym != "" {
				if _, dup := out[sym]; !dup {
					out[sym] = f
				}
			}
		}
	}
	return out
}

func footnoteHover(sym string, f *jsonsrc.Node) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** (footnote): %s", sym, str(f, "text"))
	if st := f.Get("states"); st != nil && st.Kind == jsonsrc.Object && len(st.Members) > 0 {
		var parts []string
		for _, m := range st.Members {
			v, _ := json.Marshal(m.Value.Interface())
			parts = append(parts, fmt.Sprintf("%s %s", m.Key, v))
		}
		fmt.Fprintf(&b, "\n\nstates: %s", strings.Join(parts, ", "))
	}
	if rs := f.Get("restrictions"); rs != nil && rs.Kind == jsonsrc.Array && len(rs.Items) > 0 {
		fmt.Fprintf(&b, "\n\nrestrictions: %d", len(rs.Items))
	}
	if rule := str(f, "rule"); rule != "" {
		fmt.Fprintf(&b, "\n\nrule: %s", rule)
	}
	return b.String()
}

// hoverMark answers a hover in a "marks" string from the current tree.
func hoverMark(v view, c cursor, off int) (string, bool) {
	if c.key != "marks" {
		return "", false
	}
	sym, _ := markAt(v.doc.text, c, off)
	f := legend(tableAt(v.good, off))[sym]
	if f == nil {
		return fmt.Sprintf("**%s**: no entry in this table's footnotes", sym), sym != ""
	}
	return footnoteHover(sym, f), true
}

// completeMarks offers the symbols of the table's legend, inserted at the
// cursor (a row may carry several).
func completeMarks(v view, c cursor, off int) []protocol.CompletionItem {
	leg := legend(tableAt(v.good, off))
	syms := make([]string, 0, len(leg))
	for s := range leg {
		syms = append(syms, s)
	}
	sort.Strings(syms)
	at := v.doc.lines.rangeOf(off, off)
	var items []protocol.CompletionItem
	for _, s := range syms {
		items = append(items, protocol.CompletionItem{Label: s, Detail: clip(str(leg[s], "text"), 80), Kind: protocol.CompletionItemKindEnumMember,
			TextEdit: &protocol.TextEdit{Range: at, NewText: s}})
	}
	return items
}

// markDefinition goes from a mark to its legend entry in the same document.
func markDefinition(v view, c cursor, off int) []protocol.Location {
	if c.key != "marks" {
		return nil
	}
	sym, _ := markAt(v.doc.text, c, off)
	f := legend(tableAt(v.good, off))[sym]
	if f == nil {
		return nil
	}
	n := f.Get("symbol")
	return []protocol.Location{{URI: v.doc.uri, Range: v.doc.lines.rangeOf(n.Start, n.End)}}
}

// references goes from a legend entry (or a mark) to every row of the table
// that carries the symbol.
func (s *Server) references(p protocol.ReferenceParams) []protocol.Location {
	out := []protocol.Location{}
	v, ok := s.view(p.TextDocument.URI)
	if !ok || v.good == nil {
		return out
	}
	off := v.doc.lines.offset(p.Position)
	c, ok := cursorAt(v.doc.text, v.doc.lines, off)
	if !ok || c.isKey {
		return out
	}
	var sym string
	switch c.key {
	case "symbol":
		sym = c.value
	case "marks":
		sym, _ = markAt(v.doc.text, c, off)
	default:
		return out
	}
	table := tableAt(v.good, off)
	if table == nil || sym == "" {
		return out
	}
	if p.Context.IncludeDeclaration {
		if f := legend(table)[sym]; f != nil {
			n := f.Get("symbol")
			out = append(out, protocol.Location{URI: v.doc.uri, Range: v.doc.lines.rangeOf(n.Start, n.End)})
		}
	}
	if rows := table.Get("rows"); rows != nil && rows.Kind == jsonsrc.Array {
		for _, row := range rows.Items {
			if row.Kind != jsonsrc.Object {
				continue
			}
			if m := row.Get("marks"); m != nil && m.Kind == jsonsrc.String && strings.Contains(m.Text, sym) {
				out = append(out, protocol.Location{URI: v.doc.uri, Range: v.doc.lines.rangeOf(m.Start, m.End)})
			}
		}
	}
	return out
}

// completeCodes offers the module's codes for a row's command (of the
// table's side), type, size and marker.
func completeCodes(v view, key string, off int, item func(label, detail string, kind protocol.CompletionItemKind) protocol.CompletionItem) []protocol.CompletionItem {
	ix := v.module.Index()
	seen := map[string]string{}
	switch key {
	case "command":
		for code, cmd := range ix.Commands[str(tableAt(v.good, off), "side")] {
			seen[code] = cmd.Name
		}
	case "type":
		for code, t := range ix.Types {
			seen[code] = t.Name
		}
	case "size":
		for code, sz := range ix.Sizes {
			seen[code] = sz.Name
		}
	case "marker":
		for id, m := range ix.Markers {
			seen[id] = m.Name
		}
	}
	codes := make([]string, 0, len(seen))
	for c := range seen {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	var items []protocol.CompletionItem
	for _, c := range codes {
		items = append(items, item(c, seen[c], protocol.CompletionItemKindEnumMember))
	}
	return items
}

var undefinedMarkRE = regexp.MustCompile(`^mark ("(?:[^"\\]|\\.)*") has no entry`)

// addLegendEntry is the quick fix for a mark without a legend entry: it adds
// an entry for the mark to the row's table, its text a placeholder (as
// muster new writes them) that the placeholder check reports until the
// legend text from the rulebook replaces it.
func addLegendEntry(u protocol.DocumentURI, snap snapshot, root *jsonsrc.Node, d *diag.Diagnostic, ld []protocol.Diagnostic) (protocol.CodeAction, bool) {
	m := undefinedMarkRE.FindStringSubmatch(d.Summary)
	parts := strings.Split(d.Pointer, "/") // "", setup, t, rows, r, marks
	if m == nil || root == nil || len(parts) < 3 || parts[1] != "setup" {
		return protocol.CodeAction{}, false
	}
	sym, err := strconv.Unquote(m[1])
	if err != nil {
		return protocol.CodeAction{}, false
	}
	table, _ := root.Lookup("/setup/" + parts[2])
	if table == nil || table.Kind != jsonsrc.Object {
		return protocol.CodeAction{}, false
	}
	entry := fmt.Sprintf(`{"symbol": %s, "text": %s}`, jsonString(sym),
		jsonString(validate.PlaceholderPrefix+": the legend text the rulebook prints for "+sym))
	var at int
	var text string
	switch fs := table.Get("footnotes"); {
	case fs != nil && fs.Kind == jsonsrc.Array && len(fs.Items) > 0:
		at, text = fs.Items[len(fs.Items)-1].End, ", "+entry
	case fs != nil && fs.Kind == jsonsrc.Array:
		at, text = fs.Start+1, entry
	case fs == nil:
		_, rows := root.Lookup("/setup/" + parts[2] + "/rows")
		if rows == nil {
			return protocol.CodeAction{}, false
		}
		at, text = rows.KeyStart, `"footnotes": [`+entry+"], "
	default:
		return protocol.CodeAction{}, false
	}
	return protocol.CodeAction{
		Title:       fmt.Sprintf("Add a legend entry for %q to this table", sym),
		Kind:        protocol.QuickFix,
		Diagnostics: ld,
		Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{
			u: {{Range: snap.lines.rangeOf(at, at), NewText: text}},
		}},
	}, true
}

// jsonString quotes s as JSON, leaving "&" and "<" as they are (they are
// marks, not HTML).
func jsonString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSpace(b.String())
}

// completeStates offers, inside a "states" object, the state ids of
// game.json as keys, and an enum state's values as its value.
func completeStates(v view, c cursor, item func(label, detail string, kind protocol.CompletionItemKind) protocol.CompletionItem) []protocol.CompletionItem {
	ix := v.module.Index()
	var items []protocol.CompletionItem
	if c.isKey || c.key == "" {
		for _, st := range v.module.Game.States {
			items = append(items, item(st.ID, st.Name+" ("+st.Kind+")", protocol.CompletionItemKindProperty))
		}
		return items
	}
	if st := ix.States[c.key]; st != nil {
		for _, val := range st.Values {
			items = append(items, item(val, st.Name, protocol.CompletionItemKindEnumMember))
		}
	}
	return items
}
