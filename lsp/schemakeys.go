package lsp

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/schema"
)

// Completion of keys and enum values from the embedded schemas: the keys
// an object may have at the cursor, and the values an enum allows. It reads
// the schema files themselves (properties, items, additionalProperties,
// $ref, allOf/anyOf/oneOf, if/then/else), so it follows every schema
// change without a copy of their shapes here.

type schemaLoc struct {
	file string
	node map[string]any
}

var schemaDocs = sync.OnceValue(func() map[string]any {
	docs := map[string]any{}
	for _, name := range schema.FileNames() {
		b, err := schema.Source(name)
		if err != nil {
			continue
		}
		var v any
		if json.Unmarshal(b, &v) == nil {
			docs[name] = v
		}
	}
	return docs
})

// resolveRef follows "#/$defs/x" or "common.schema.json#/$defs/x".
func resolveRef(file, ref string) (schemaLoc, bool) {
	target, frag, _ := strings.Cut(ref, "#")
	if target != "" {
		file = target
	}
	var cur any = schemaDocs()[file]
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return schemaLoc{}, false
		}
		cur = m[tok]
	}
	m, ok := cur.(map[string]any)
	return schemaLoc{file, m}, ok
}

// expand returns the subschemas that apply to a value: the schema itself,
// what it refers to, and its combinators' branches. obj, when known, is the
// object being edited; a branch whose constant property disagrees with it
// (a oneOf on "kind", an if on "kind") is left out.
func expand(l schemaLoc, obj *jsonsrc.Node, depth int, out *[]schemaLoc) {
	if l.node == nil || depth > 32 {
		return
	}
	*out = append(*out, l)
	if ref, ok := l.node["$ref"].(string); ok {
		if r, ok := resolveRef(l.file, ref); ok {
			expand(r, obj, depth+1, out)
		}
	}
	for _, comb := range []string{"allOf", "anyOf", "oneOf"} {
		if list, ok := l.node[comb].([]any); ok {
			for _, b := range list {
				if m, ok := b.(map[string]any); ok && !contradicts(m, obj) {
					expand(schemaLoc{l.file, m}, obj, depth+1, out)
				}
			}
		}
	}
	if cond, ok := l.node["if"].(map[string]any); ok {
		switch holds(cond, obj) {
		case 1:
			add(l.file, l.node["then"], obj, depth, out)
		case 0:
			add(l.file, l.node["else"], obj, depth, out)
		default:
			add(l.file, l.node["then"], obj, depth, out)
			add(l.file, l.node["else"], obj, depth, out)
		}
	}
}

func add(file string, v any, obj *jsonsrc.Node, depth int, out *[]schemaLoc) {
	if m, ok := v.(map[string]any); ok {
		expand(schemaLoc{file, m}, obj, depth+1, out)
	}
}

// constOf returns the constant a property schema pins, if any.
func constOf(p any) (string, bool) {
	m, ok := p.(map[string]any)
	if !ok {
		return "", false
	}
	if c, ok := m["const"].(string); ok {
		return c, true
	}
	return "", false
}

// contradicts reports whether a branch pins a property to a constant the
// object has a different value for.
func contradicts(branch map[string]any, obj *jsonsrc.Node) bool {
	props, _ := branch["properties"].(map[string]any)
	for k, p := range props {
		c, ok := constOf(p)
		if !ok {
			continue
		}
		if v := str(obj, k); v != "" && v != c {
			return true
		}
	}
	return false
}

// holds evaluates the simple if-conditions muster's schemas use (a
// property equal to a constant): 1 true, 0 false, -1 unknown.
func holds(cond map[string]any, obj *jsonsrc.Node) int {
	props, _ := cond["properties"].(map[string]any)
	if len(props) == 0 || obj == nil || obj.Kind != jsonsrc.Object {
		return -1
	}
	for k, p := range props {
		c, ok := constOf(p)
		if !ok {
			return -1
		}
		if str(obj, k) != c {
			return 0
		}
	}
	return 1
}

// step returns the schemas of a member or item below the given ones.
func step(locs []schemaLoc, key string, index bool, obj *jsonsrc.Node) []schemaLoc {
	var out []schemaLoc
	for _, l := range locs {
		if index {
			add(l.file, l.node["items"], obj, 0, &out)
			continue
		}
		if props, ok := l.node["properties"].(map[string]any); ok {
			if p, ok := props[key]; ok {
				add(l.file, p, obj, 0, &out)
				continue
			}
		}
		add(l.file, l.node["additionalProperties"], obj, 0, &out)
	}
	return out
}

// containerPath returns the chain of containers of the tree holding off,
// from the root down, with the key or index of each below the root.
func containerPath(root *jsonsrc.Node, off int) (nodes []*jsonsrc.Node, toks []string) {
	cur := root
	for cur != nil && (cur.Kind == jsonsrc.Object || cur.Kind == jsonsrc.Array) {
		nodes = append(nodes, cur)
		var next *jsonsrc.Node
		var tok string
		if cur.Kind == jsonsrc.Object {
			for _, m := range cur.Members {
				if v := m.Value; (v.Kind == jsonsrc.Object || v.Kind == jsonsrc.Array) && v.Start < off && off < v.End {
					next, tok = v, m.Key
				}
			}
		} else {
			for i, it := range cur.Items {
				if (it.Kind == jsonsrc.Object || it.Kind == jsonsrc.Array) && it.Start < off && off < it.End {
					next, tok = it, strconv.Itoa(i)
				}
			}
		}
		if next == nil {
			break
		}
		toks = append(toks, tok)
		cur = next
	}
	return nodes, toks
}

// schemaCompletion offers the keys the schema allows in the object at the
// cursor, or the enum values of the member (or array item) being typed.
func schemaCompletion(text []byte, root *jsonsrc.Node, c cursor, off int, item func(label, detail string, kind protocol.CompletionItemKind) protocol.CompletionItem) []protocol.CompletionItem {
	kind := schemaKind(text)
	orig, origOff := root, off
	if r := repairPrefix(text, c); r != nil {
		// Exact up to the string's opening quote, where the placeholder sits.
		root, off = r, c.start
	}
	if kind == "" || root == nil || root.Kind != jsonsrc.Object {
		return nil
	}
	nodes, toks := containerPath(root, off)
	var locs []schemaLoc
	rootLoc, ok := resolveRef(string(kind)+".schema.json", "")
	if !ok {
		return nil
	}
	expand(rootLoc, root, 0, &locs)
	for i, tok := range toks {
		parent, child := nodes[i], nodes[i+1]
		locs = step(locs, tok, parent.Kind == jsonsrc.Array, child)
	}
	inner := nodes[len(nodes)-1]
	var items []protocol.CompletionItem
	seen := map[string]bool{}
	switch {
	case inner.Kind == jsonsrc.Object && (c.isKey || c.key == ""):
		present := map[string]bool{}
		for _, m := range inner.Members {
			present[m.Key] = true
		}
		// The members after the cursor are in the full tree, when the text
		// (or its last good version) has the same object there.
		if orig != nil {
			on, _ := containerPath(orig, origOff)
			if len(on) > 0 && on[len(on)-1].Kind == jsonsrc.Object && on[len(on)-1].Start == inner.Start {
				o := on[len(on)-1]
				for _, m := range o.Members {
					present[m.Key] = true
				}
			}
		}
		for _, l := range locs {
			props, _ := l.node["properties"].(map[string]any)
			for k, p := range props {
				if seen[k] || (present[k] && k != c.value) {
					continue
				}
				seen[k] = true
				desc, _ := p.(map[string]any)["description"].(string)
				items = append(items, item(k, clip(desc, 80), protocol.CompletionItemKindProperty))
			}
		}
	case !c.isKey:
		vals := locs
		if inner.Kind == jsonsrc.Object {
			vals = step(locs, c.key, false, inner)
		} else {
			vals = step(locs, "", true, nil)
		}
		for _, l := range vals {
			enum, _ := l.node["enum"].([]any)
			if cst, ok := l.node["const"]; ok {
				enum = append(enum, cst)
			}
			for _, e := range enum {
				s, ok := e.(string)
				if !ok || seen[s] {
					continue
				}
				seen[s] = true
				items = append(items, item(s, fmt.Sprintf("%s: one of the schema's values", c.key), protocol.CompletionItemKindEnumMember))
			}
		}
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Label < items[j].Label })
	return items
}

// repairPrefix parses the text before the string at the cursor, with a
// null (or a member "": null) in its place and the open objects and arrays
// closed: a tree exact up to the cursor even while the rest of the
// document is half-typed. Nil when even that does not parse.
func repairPrefix(text []byte, c cursor) *jsonsrc.Node {
	q := c.start - 1 // the string's opening quote
	if q < 0 || q >= len(text) || text[q] != '"' {
		return nil
	}
	var stack []byte
	in := false
	for i := 0; i < q; i++ {
		b := text[i]
		switch {
		case in && b == '\\':
			i++
		case b == '"':
			in = !in
		case in:
		case b == '{' || b == '[':
			stack = append(stack, b)
		case (b == '}' || b == ']') && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
	}
	if in {
		return nil
	}
	buf := make([]byte, 0, q+16+len(stack))
	buf = append(buf, text[:q]...)
	if c.isKey {
		buf = append(buf, `"": null`...)
	} else {
		buf = append(buf, "null"...)
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i] == '{' {
			buf = append(buf, '}')
		} else {
			buf = append(buf, ']')
		}
	}
	root, err := jsonsrc.Parse(buf)
	if err != nil {
		return nil
	}
	return root
}
