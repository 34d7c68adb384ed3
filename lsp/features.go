package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
	"github.com/musterhq/muster/validate"
)

// view is an open document with its module, taken under the lock.
type view struct {
	doc    *document
	module *scenarios.Module
	good   *jsonsrc.Node // the current tree, or the last one that parsed
	facts  *mapFacts
}

func (s *Server) view(u protocol.DocumentURI) (view, bool) {
	path, ok := pathOf(u)
	if !ok {
		return view{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil || len(d.text) > scenarios.MaxFileSize {
		return view{}, false
	}
	v := view{doc: d, good: d.goodTree()}
	if e := s.moduleFor(path); e != nil && e.m != nil {
		v.module = e.m
	} else if id := str(v.good, "module"); id != "" {
		v.module = scenarios.Builtin().Module(id)
	}
	if v.module != nil && v.module.Game != nil {
		v.facts = s.factsOf(v.module)
	} else {
		v.module = nil
	}
	return v, true
}

// prefixes returns the scenario's maps.prefixes.
func prefixes(root *jsonsrc.Node) map[string]string {
	out := map[string]string{}
	if root == nil || root.Kind != jsonsrc.Object {
		return out
	}
	if m := root.Get("maps"); m != nil && m.Kind == jsonsrc.Object {
		if p := m.Get("prefixes"); p != nil && p.Kind == jsonsrc.Object {
			for _, mem := range p.Members {
				if mem.Value.Kind == jsonsrc.String {
					out[mem.Key] = mem.Value.Text
				}
			}
		}
	}
	return out
}

// mapFacts indexes what the map says of each location, by location key.
type mapFacts struct {
	features map[string][]*scenarios.Feature
	regions  map[string][]*scenarios.MapRegion
	terrain  map[string]string
}

// factsOf builds a module's map facts once. Callers hold the lock.
func (s *Server) factsOf(m *scenarios.Module) *mapFacts {
	if f := s.facts[m]; f != nil {
		return f
	}
	f := &mapFacts{features: map[string][]*scenarios.Feature{}, regions: map[string][]*scenarios.MapRegion{}, terrain: map[string]string{}}
	ix := m.Index()
	if mp := m.Map; mp != nil {
		for i := range mp.Features {
			for _, h := range mp.Features[i].Hexes {
				if loc, err := ix.Resolve(h, nil); err == nil {
					f.features[loc.Key()] = append(f.features[loc.Key()], &mp.Features[i])
				}
			}
		}
		for i := range mp.Regions {
			for _, h := range mp.Regions[i].Hexes {
				if loc, err := ix.Resolve(h, nil); err == nil {
					f.regions[loc.Key()] = append(f.regions[loc.Key()], &mp.Regions[i])
				}
			}
		}
		for _, h := range mp.Hexes {
			if loc, err := ix.Resolve(h.At, nil); err == nil && h.Terrain != "" {
				f.terrain[loc.Key()] = h.Terrain
			}
		}
	}
	s.facts[m] = f
	return f
}

func (s *Server) hover(u protocol.DocumentURI, pos protocol.Position) *protocol.Hover {
	v, ok := s.view(u)
	if !ok {
		return nil
	}
	off := v.doc.lines.offset(pos)
	h := s.hoverValue(v, off)
	// Under any finding at the cursor, the doc of the check that made it.
	if docs := s.checkDocs(v.doc.findings, off); docs != "" {
		if h == nil {
			h = &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown}}
		} else {
			h.Contents.Value += "\n\n---\n\n"
		}
		h.Contents.Value += docs
	}
	return h
}

// checkDocs explains the checks of the findings whose range holds off,
// each with the link to its section of the check reference.
func (s *Server) checkDocs(ds diag.Diagnostics, off int) string {
	var parts []string
	seen := map[string]bool{}
	for _, d := range ds {
		if d.Subject == nil || off < d.Subject.Start.Byte || off > d.Subject.End.Byte || seen[d.Code] {
			continue
		}
		seen[d.Code] = true
		if r, ok := validate.Rule(d.Code); ok {
			part := fmt.Sprintf("`%s` (%s): %s", r.Code, r.Title, r.Doc)
			if href := s.docsLink(r.Code); href != "" {
				part += fmt.Sprintf(" [More: %s](%s)", r.Code, href)
			}
			parts = append(parts, part)
		}
	}
	return strings.Join(parts, "\n\n")
}

// hoverValue explains the string at the cursor from the module.
func (s *Server) hoverValue(v view, off int) *protocol.Hover {
	if v.module == nil {
		return nil
	}
	c, ok := cursorAt(v.doc.text, v.doc.lines, off)
	if !ok || c.isKey || (c.value == "" && c.key != "marks") {
		return nil
	}
	r := v.doc.lines.rangeOf(c.start, c.end)
	ix := v.module.Index()
	var text string
	if t, ok := hoverMark(v, c, off); ok {
		text = t
	} else if t, ok := hoverAward(v, c, off); ok {
		text = t
	} else if ct := ix.Counters[c.value]; ct != nil {
		text = counterHover(ct, v.module)
	} else if locationKeys[c.key] {
		if loc, err := ix.Resolve(c.value, prefixes(v.good)); err == nil {
			text = locationHover(c.value, loc, v)
		}
	}
	if text == "" {
		return nil
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: text}, Range: &r}
}

// locationKeys are the members whose strings name map locations in
// muster's documents (a number such as "lines": "1792" must not read as a
// hex).
var locationKeys = map[string]bool{
	"hex": true, "at": true, "hexes": true, "hexside": true, "ids": true, "from": true, "to": true,
	"through": true, "path": true, "associatedPort": true, "landConnection": true, "openWaterHex": true,
	"locations": true, "location": true,
}

func counterHover(ct *scenarios.Counter, m *scenarios.Module) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** (counter `%s`)\n\n", ct.Name, ct.ID)
	fields := []string{"side: " + ct.Side, "size: " + ct.Size, "type: " + ct.Type}
	if ct.Command != "" {
		fields = append(fields, "command: "+ct.Command)
	}
	if len(ct.Commands) > 0 {
		fields = append(fields, "commands: "+strings.Join(ct.Commands, ", "))
	}
	b.WriteString(strings.Join(fields, " · "))
	b.WriteString("\n\n")
	switch ct.Printed.Status {
	case "source", "partial":
		keys := make([]string, 0, len(ct.Printed.Values))
		for k := range ct.Printed.Values {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var vals []string
		for _, k := range keys {
			vals = append(vals, fmt.Sprintf("%s %v", k, ct.Printed.Values[k]))
		}
		fmt.Fprintf(&b, "printed values (%s): %s", ct.Printed.Status, strings.Join(vals, ", "))
		if ct.Printed.Status == "partial" {
			b.WriteString("; the rest are missing from the rulebook")
		}
	default:
		what := "printed values"
		if m.Counters != nil && len(m.Counters.Values) > 0 {
			what = strings.Join(m.Counters.Values, ", ")
		}
		fmt.Fprintf(&b, "printed values: missing (%s are not in the rulebook)", what)
	}
	return b.String()
}

func locationHover(id string, loc scenarios.Location, v view) string {
	var b strings.Builder
	ix := v.module.Index()
	key := loc.Key()
	if loc.Area != nil {
		a := loc.Area
		fmt.Fprintf(&b, "**%s**: %s %s", id, a.Kind, a.ID)
		if a.Name != "" {
			fmt.Fprintf(&b, " (%s)", a.Name)
		}
		b.WriteString("\n\n")
		if a.Sector != "" {
			fmt.Fprintf(&b, "- sector: %s\n", a.Sector)
		}
		if len(a.Terrain) > 0 {
			fmt.Fprintf(&b, "- terrain: %s\n", strings.Join(a.Terrain, ", "))
		}
		if a.VP != nil {
			fmt.Fprintf(&b, "- VP: %g\n", *a.VP)
		}
		if len(a.Features) > 0 {
			fmt.Fprintf(&b, "- features: %s\n", strings.Join(a.Features, ", "))
		}
	} else {
		fmt.Fprintf(&b, "**%s**: hex on the %s sheet (`%s`)\n\n", id, loc.Sheet.Name, loc.Sheet.ID)
		if t := v.facts.terrain[key]; t != "" {
			fmt.Fprintf(&b, "- terrain: %s\n", t)
		} else {
			b.WriteString("- terrain: not in the map data\n")
		}
	}
	if names := ix.Places[key]; len(names) > 0 {
		fmt.Fprintf(&b, "- place: %s\n", strings.Join(names, ", "))
	}
	for _, f := range v.facts.features[key] {
		name := f.ID
		if f.Name != "" {
			name = f.Name
		}
		fmt.Fprintf(&b, "- %s: %s\n", f.Kind, name)
	}
	for _, r := range v.facts.regions[key] {
		fmt.Fprintf(&b, "- region: %s (%s)\n", r.Name, r.Kind)
	}
	if units := unitsAt(v, key); len(units) > 0 {
		fmt.Fprintf(&b, "\nset up here in this scenario: %s\n", strings.Join(units, ", "))
	}
	return strings.TrimRight(b.String(), "\n")
}

// unitsAt lists the setup rows of the scenario placed at a location key.
func unitsAt(v view, key string) []string {
	setup := v.good
	if setup == nil || setup.Kind != jsonsrc.Object {
		return nil
	}
	if setup = setup.Get("setup"); setup == nil || setup.Kind != jsonsrc.Array {
		return nil
	}
	ix := v.module.Index()
	pre := prefixes(v.good)
	var out []string
	for _, t := range setup.Items {
		rows := t.Get("rows")
		if t.Kind != jsonsrc.Object || rows == nil || rows.Kind != jsonsrc.Array {
			continue
		}
		for _, row := range rows.Items {
			h := str(row, "hex")
			if h == "" {
				continue
			}
			if loc, err := ix.Resolve(h, pre); err == nil && loc.Key() == key {
				out = append(out, fmt.Sprintf("%s (%s)", str(row, "name"), str(row, "unit")))
			}
		}
	}
	return out
}

// maxHexItems bounds a hex completion list; the client asks again as the
// user types more digits.
const maxHexItems = 500

func (s *Server) completion(u protocol.DocumentURI, pos protocol.Position) *protocol.CompletionList {
	empty := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	v, ok := s.view(u)
	if !ok {
		return empty
	}
	off := v.doc.lines.offset(pos)
	c, ok := cursorAt(v.doc.text, v.doc.lines, off)
	if !ok {
		return empty
	}
	edit := v.doc.lines.rangeOf(c.start, c.end)
	item := func(label, detail string, kind protocol.CompletionItemKind) protocol.CompletionItem {
		return protocol.CompletionItem{Label: label, Detail: detail, Kind: kind, FilterText: label,
			TextEdit: &protocol.TextEdit{Range: edit, NewText: label}}
	}
	if v.module != nil {
		if list := moduleCompletion(v, c, off, item); len(list.Items) > 0 {
			return list
		}
	}
	// What the module does not know, the schema may: keys and enum values.
	empty.Items = append(empty.Items, schemaCompletion(v.doc.text, v.good, c, off, item)...)
	return empty
}

// moduleCompletion offers what the module knows: counters, hexes, codes,
// footnote marks, states.
func moduleCompletion(v view, c cursor, off int, item func(label, detail string, kind protocol.CompletionItemKind) protocol.CompletionItem) *protocol.CompletionList {
	empty := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	ix := v.module.Index()
	if c.object == "states" {
		empty.Items = append(empty.Items, completeStates(v, c, item)...)
		return empty
	}
	if c.isKey {
		return empty
	}
	switch c.key {
	case "marks":
		empty.Items = append(empty.Items, completeMarks(v, c, off)...)
	case "place":
		empty.Items = append(empty.Items, completePlaces(v, c, item)...)
	case "command", "type", "size", "marker":
		empty.Items = append(empty.Items, completeCodes(v, c.key, off, item)...)
	case "unit":
		side := str(tableAt(v.good, off), "side")
		var items []protocol.CompletionItem
		for _, ct := range v.module.Counters.Counters {
			if side != "" && ct.Side != side {
				continue
			}
			items = append(items, item(ct.ID, ct.Name, protocol.CompletionItemKindValue))
		}
		sort.Slice(items, func(i, j int) bool { return items[i].Label < items[j].Label })
		empty.Items = append(empty.Items, items...)
	case "hex":
		typed := strings.ToUpper(string(v.doc.text[c.start:min(off, c.end)]))
		for _, a := range v.module.Map.Areas {
			if strings.HasPrefix(strings.ToUpper(a.ID), typed) {
				empty.Items = append(empty.Items, item(a.ID, a.Name, protocol.CompletionItemKindValue))
			}
		}
		for _, sheet := range sheetsInPlay(v) {
			prefix := sheetPrefix(sheet, v)
			d := max(sheet.Digits, 2)
			for col := sheet.Columns.Min; col <= sheet.Columns.Max; col++ {
				for row := sheet.Rows.Min; row <= sheet.Rows.Max; row++ {
					a, b := col, row
					if sheet.IDOrder == "row-column" {
						a, b = row, col
					}
					id := fmt.Sprintf("%s%0*d%0*d", prefix, d, a, d, b)
					if !strings.HasPrefix(strings.ToUpper(id), typed) {
						continue
					}
					if len(empty.Items) >= maxHexItems {
						empty.IsIncomplete = true
						return empty
					}
					detail := sheet.Name
					if loc, err := ix.Resolve(id, prefixes(v.good)); err == nil {
						if names := ix.Places[loc.Key()]; len(names) > 0 {
							detail = strings.Join(names, ", ") + " · " + sheet.Name
						}
					}
					empty.Items = append(empty.Items, item(id, detail, protocol.CompletionItemKindValue))
				}
			}
		}
	}
	return empty
}

// sheetsInPlay returns the sheets the scenario's maps.sheets names, or
// every sheet when the document names none.
func sheetsInPlay(v view) []*scenarios.Sheet {
	ix := v.module.Index()
	var out []*scenarios.Sheet
	if v.good != nil && v.good.Kind == jsonsrc.Object {
		if m := v.good.Get("maps"); m != nil && m.Kind == jsonsrc.Object {
			if ss := m.Get("sheets"); ss != nil && ss.Kind == jsonsrc.Array {
				for _, it := range ss.Items {
					if sh := ix.Sheets[str(it, "sheet")]; sh != nil {
						out = append(out, sh)
					}
				}
			}
		}
	}
	if len(out) == 0 {
		for i := range v.module.Map.Sheets {
			out = append(out, &v.module.Map.Sheets[i])
		}
	}
	return out
}

// sheetPrefix is how the scenario writes a sheet's hex ids: its bare
// prefix when maps.prefixes or uniqueness makes that unambiguous, else the
// qualified prefix.
func sheetPrefix(sheet *scenarios.Sheet, v view) string {
	for p, id := range prefixes(v.good) {
		if id == sheet.ID {
			return p
		}
	}
	n := 0
	for _, o := range v.module.Map.Sheets {
		if o.Prefix == sheet.Prefix {
			n++
		}
	}
	if n == 1 || sheet.QualifiedPrefix == "" {
		return sheet.Prefix
	}
	return sheet.QualifiedPrefix
}

func (s *Server) definition(u protocol.DocumentURI, pos protocol.Position) []protocol.Location {
	none := []protocol.Location{}
	v, ok := s.view(u)
	if !ok || v.module == nil {
		return none
	}
	off := v.doc.lines.offset(pos)
	c, ok := cursorAt(v.doc.text, v.doc.lines, off)
	if !ok || c.isKey || c.value == "" {
		return none
	}
	if locs := markDefinition(v, c, off); locs != nil {
		return locs
	}
	ix := v.module.Index()
	// A built-in module's files are found in its copy on disk.
	locate := func(d *scenarios.Document, list string, match func(*jsonsrc.Node) bool, field string) (protocol.Location, bool) {
		if d == nil || d.Root == nil || d.Root.Kind != jsonsrc.Object {
			return protocol.Location{}, false
		}
		items := d.Root.Get(list)
		if items == nil || items.Kind != jsonsrc.Array {
			return protocol.Location{}, false
		}
		for _, it := range items.Items {
			if !match(it) {
				continue
			}
			path := s.diskPath(v.module, d)
			if path == "" {
				return protocol.Location{}, false
			}
			n := it.Get(field)
			li := indexOf(d.File)
			return protocol.Location{URI: uriOf(path), Range: li.rangeOf(n.Start, n.End)}, true
		}
		return protocol.Location{}, false
	}
	if ix.Counters[c.value] != nil {
		if loc, ok := locate(v.module.CountersDoc, "counters", func(n *jsonsrc.Node) bool { return str(n, "id") == c.value }, "id"); ok {
			return []protocol.Location{loc}
		}
		return none
	}
	want, err := ix.Resolve(c.value, prefixes(v.good))
	if err != nil || !locationKeys[c.key] {
		return none
	}
	same := func(field string) func(n *jsonsrc.Node) bool {
		return func(n *jsonsrc.Node) bool {
			l, err := ix.Resolve(str(n, field), nil)
			return err == nil && l.Key() == want.Key()
		}
	}
	if want.Area != nil {
		if loc, ok := locate(v.module.MapDoc, "areas", func(n *jsonsrc.Node) bool { return str(n, "id") == want.Area.ID }, "id"); ok {
			return []protocol.Location{loc}
		}
		return none
	}
	for _, try := range []struct{ list, field string }{{"places", "at"}, {"hexes", "at"}} {
		if loc, ok := locate(v.module.MapDoc, try.list, same(try.field), try.field); ok {
			return []protocol.Location{loc}
		}
	}
	if loc, ok := locate(v.module.MapDoc, "sheets", func(n *jsonsrc.Node) bool { return str(n, "id") == want.Sheet.ID }, "id"); ok {
		return []protocol.Location{loc}
	}
	return none
}

// formatting gives muster fmt's canonical text as one edit, none when the
// document is already canonical or does not parse.
func (s *Server) formatting(u protocol.DocumentURI) []protocol.TextEdit {
	v, ok := s.view(u)
	if !ok {
		return []protocol.TextEdit{}
	}
	root, perr := jsonsrc.Parse(v.doc.text)
	if perr != nil {
		return []protocol.TextEdit{}
	}
	var kind schema.Kind
	if ref := root.Get("$schema"); ref != nil && ref.Kind == jsonsrc.String {
		kind, _ = schema.KindOf(ref.Text)
	}
	out := schema.Format(kind, root)
	if bytes.Equal(out, v.doc.text) {
		return []protocol.TextEdit{}
	}
	return []protocol.TextEdit{{Range: v.doc.lines.rangeOf(0, len(v.doc.text)), NewText: string(out)}}
}

// symbols outlines a scenario: setup tables with their rows, special rules
// and victory lines. Other documents list their top-level members.
func (s *Server) symbols(u protocol.DocumentURI) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	v, ok := s.view(u)
	if !ok {
		return out
	}
	s.mu.Lock()
	root := v.doc.tree()
	s.mu.Unlock()
	if root == nil || root.Kind != jsonsrc.Object {
		return out
	}
	li := v.doc.lines
	sym := func(name, detail string, kind protocol.SymbolKind, n *jsonsrc.Node) protocol.DocumentSymbol {
		if name == "" {
			name = "(unnamed)"
		}
		r := li.rangeOf(n.Start, n.End)
		return protocol.DocumentSymbol{Name: name, Detail: detail, Kind: kind, Range: r, SelectionRange: r}
	}
	for _, m := range root.Members {
		top := sym(m.Key, "", protocol.SymbolKindField, m.Value)
		switch m.Key {
		case "setup":
			for i, t := range m.Value.Items {
				title := str(t, "title")
				if title == "" {
					title = str(t, "side") + " setup"
				}
				ts := sym(title, str(t, "side"), protocol.SymbolKindNamespace, t)
				if rows := t.Get("rows"); t.Kind == jsonsrc.Object && rows != nil && rows.Kind == jsonsrc.Array {
					for _, row := range rows.Items {
						where := str(row, "hex")
						if where == "" {
							where = str(row, "box")
						}
						ts.Children = append(ts.Children, sym(str(row, "name"), strings.TrimSpace(str(row, "unit")+" "+where), protocol.SymbolKindObject, row))
					}
				}
				_ = i
				top.Children = append(top.Children, ts)
			}
		case "specialRules":
			for _, r := range m.Value.Items {
				top.Children = append(top.Children, sym(strings.TrimSpace(str(r, "number")+" "+str(r, "title")), "", protocol.SymbolKindEvent, r))
			}
		case "victory":
			if m.Value.Kind == jsonsrc.Object {
				for _, vm := range m.Value.Members {
					if vm.Value.Kind != jsonsrc.Array {
						continue
					}
					group := sym(vm.Key, "", protocol.SymbolKindArray, vm.Value)
					for i, a := range vm.Value.Items {
						name := str(a, "id")
						if name == "" {
							name = fmt.Sprintf("%s %d", vm.Key, i+1)
						}
						group.Children = append(group.Children, sym(name, clip(str(a, "text"), 60), protocol.SymbolKindConstant, a))
					}
					top.Children = append(top.Children, group)
				}
			}
		default:
			if m.Value.Kind == jsonsrc.Array {
				for i, it := range m.Value.Items {
					name := str(it, "id")
					if name == "" {
						name = str(it, "name")
					}
					if name == "" {
						name = fmt.Sprintf("%d", i)
					}
					top.Children = append(top.Children, sym(name, str(it, "name"), protocol.SymbolKindObject, it))
				}
			}
		}
		out = append(out, top)
	}
	return out
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

var didYouMeanRE = regexp.MustCompile(`\(did you mean (.+?)\?\)`)

// codeActions offers a quick fix for every finding in range whose hint
// names the fix: "did you mean X?" replaces the value, and a hex id with a
// `$` (the rulebook scans' misread S) gets the S back.
func (s *Server) codeActions(p protocol.CodeActionParams) []protocol.CodeAction {
	out := []protocol.CodeAction{}
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return out
	}
	snap, ok := s.snapshot(path)
	if !ok {
		return out
	}
	a := s.diagnose(path, snap.text, snap.entry)
	s.release(path, snap.entry)
	want := snap.lines.offset(p.Range.Start)
	wantEnd := snap.lines.offset(p.Range.End)
	for i, d := range a.diags {
		if d.Subject == nil || d.Subject.Filename != path || d.Subject.End.Byte < want || d.Subject.Start.Byte > wantEnd {
			continue
		}
		if d.Code == "footnote-undefined" {
			if act, ok := addLegendEntry(p.TextDocument.URI, snap, a.root, d, s.lspDiagnostics(path, snap.lines, a.diags[i:i+1])); ok {
				out = append(out, act)
			}
			continue
		}
		start, end := d.Subject.Start.Byte, d.Subject.End.Byte
		if start >= len(snap.text) || snap.text[start] != '"' {
			continue
		}
		var old string
		if json.Unmarshal(snap.text[start:end], &old) != nil {
			continue
		}
		var fix string
		if m := didYouMeanRE.FindStringSubmatch(d.Hint); m != nil {
			fix = m[1]
		} else if d.Code == "hex-unknown" && strings.Contains(old, "$") {
			fix = strings.ReplaceAll(old, "$", "S")
		}
		if fix == "" || fix == old {
			continue
		}
		quoted, _ := json.Marshal(fix)
		ld := s.lspDiagnostics(path, snap.lines, a.diags[i:i+1])
		out = append(out, protocol.CodeAction{
			Title:       fmt.Sprintf("Change %q to %q", old, fix),
			Kind:        protocol.QuickFix,
			Diagnostics: ld,
			IsPreferred: true,
			Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{
				p.TextDocument.URI: {{Range: snap.lines.rangeOf(start, end), NewText: string(quoted)}},
			}},
		})
	}
	return out
}
