package schema

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// Canonical formatting (muster fmt). Keys follow the order in which the
// schema lists them, wherever the document's own shape selects a schema
// (through $ref, allOf, if/then/else and the oneOf/anyOf branch that
// matches); keys the schema does not list keep their source order after
// the listed ones. Indentation is two spaces, and an object or array is
// written on one line when that line fits within LineWidth or holds only
// scalars, so a setup row is one line unless it carries notes. Values are never changed:
// numbers keep their literal text and strings their decoded value, so the
// formatted document equals the original as data.

// LineWidth is the widest line muster fmt writes on one line when it can.
// A record of scalars only (a setup row without notes, a note, a list of
// hexes) stays on one line however long: breaking it would not make it
// easier to read, and one line per row keeps diffs to the rows that change.
const LineWidth = 160

// fnode is a value with its keys in canonical order.
type fnode struct {
	n    *jsonsrc.Node
	keys []string // objects: member keys in output order
	kids []*fnode // objects: values in keys order; arrays: items
	flat int      // length of the one-line rendering
}

// Format returns the canonical text of a parsed document of the given kind.
// An unknown kind is formatted in source key order.
func Format(kind Kind, root *jsonsrc.Node) []byte {
	var schemas []*fastSchema
	if s := fastFor(kind); s != nil {
		schemas = []*fastSchema{s}
	}
	t := order(root, schemas)
	var b bytes.Buffer
	write(&b, t, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

// applicable expands schemas to every subschema that applies to n.
func applicable(n *jsonsrc.Node, schemas []*fastSchema) []*fastSchema {
	var out []*fastSchema
	seen := map[*fastSchema]bool{}
	var add func(s *fastSchema)
	add = func(s *fastSchema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		out = append(out, s)
		add(s.ref)
		for _, a := range s.allOf {
			add(a)
		}
		if s.ifS != nil {
			if s.ifS.valid(n) {
				add(s.thenS)
			} else {
				add(s.elseS)
			}
		}
		for _, list := range [][]*fastSchema{s.oneOf, s.anyOf} {
			for _, o := range list {
				if o.valid(n) {
					add(o)
				}
			}
		}
	}
	for _, s := range schemas {
		add(s)
	}
	return out
}

func order(n *jsonsrc.Node, schemas []*fastSchema) *fnode {
	t := &fnode{n: n}
	switch n.Kind {
	case jsonsrc.Object:
		apply := applicable(n, schemas)
		placed := map[string]bool{}
		byKey := map[string]*jsonsrc.Node{}
		for _, m := range n.Members {
			byKey[m.Key] = m.Value
		}
		for _, s := range apply {
			for _, k := range s.propOrder {
				if byKey[k] != nil && !placed[k] {
					placed[k] = true
					t.keys = append(t.keys, k)
				}
			}
		}
		for _, m := range n.Members {
			if !placed[m.Key] {
				placed[m.Key] = true
				t.keys = append(t.keys, m.Key)
			}
		}
		t.flat = 2 // {}
		for i, k := range t.keys {
			var sub []*fastSchema
			for _, s := range apply {
				if p, ok := s.properties[k]; ok {
					sub = append(sub, p)
				} else if s.additionalProperties != nil {
					sub = append(sub, s.additionalProperties)
				}
			}
			kid := order(byKey[k], sub)
			t.kids = append(t.kids, kid)
			t.flat += utf8.RuneCount(quote(k)) + 2 + kid.flat // "k": v
			if i > 0 {
				t.flat += 2 // ", "
			}
		}
	case jsonsrc.Array:
		apply := applicable(n, schemas)
		var sub []*fastSchema
		for _, s := range apply {
			if s.items != nil {
				sub = append(sub, s.items)
			}
		}
		t.flat = 2
		for i, it := range n.Items {
			kid := order(it, sub)
			t.kids = append(t.kids, kid)
			t.flat += kid.flat
			if i > 0 {
				t.flat += 2
			}
		}
	default:
		t.flat = utf8.RuneCount(scalar(n))
	}
	return t
}

// scalar is the text of a scalar value: numbers as written, strings
// re-escaped canonically (only what JSON requires; no HTML escaping).
func scalar(n *jsonsrc.Node) []byte {
	switch n.Kind {
	case jsonsrc.Null:
		return []byte("null")
	case jsonsrc.Bool:
		if n.Bool {
			return []byte("true")
		}
		return []byte("false")
	case jsonsrc.Number:
		return []byte(n.Text)
	}
	return quote(n.Text)
}

func quote(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a Go string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// write renders t at an indentation; col is where t starts on its line.
func write(b *bytes.Buffer, t *fnode, indent int) {
	writeAt(b, t, indent, indent*2)
}

func writeAt(b *bytes.Buffer, t *fnode, indent, col int) {
	if t.n.Kind != jsonsrc.Object && t.n.Kind != jsonsrc.Array {
		b.Write(scalar(t.n))
		return
	}
	// +1 leaves room for a trailing comma.
	if len(t.kids) == 0 || col+t.flat+1 <= LineWidth || t.leaf() {
		writeFlat(b, t)
		return
	}
	open, closing := byte('['), byte(']')
	if t.n.Kind == jsonsrc.Object {
		open, closing = '{', '}'
	}
	b.WriteByte(open)
	b.WriteByte('\n')
	pad := bytes.Repeat([]byte("  "), indent+1)
	for i, kid := range t.kids {
		b.Write(pad)
		c := len(pad)
		if t.n.Kind == jsonsrc.Object {
			k := quote(t.keys[i])
			b.Write(k)
			b.WriteString(": ")
			c += utf8.RuneCount(k) + 2
		}
		writeAt(b, kid, indent+1, c)
		if i < len(t.kids)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.Write(bytes.Repeat([]byte("  "), indent))
	b.WriteByte(closing)
}

// leaf reports whether every value of an object or array is a scalar.
func (t *fnode) leaf() bool {
	for _, k := range t.kids {
		if k.n.Kind == jsonsrc.Object || k.n.Kind == jsonsrc.Array {
			return false
		}
	}
	return true
}

func writeFlat(b *bytes.Buffer, t *fnode) {
	switch t.n.Kind {
	case jsonsrc.Object:
		b.WriteByte('{')
		for i, kid := range t.kids {
			if i > 0 {
				b.WriteString(", ")
			}
			b.Write(quote(t.keys[i]))
			b.WriteString(": ")
			writeFlat(b, kid)
		}
		b.WriteByte('}')
	case jsonsrc.Array:
		b.WriteByte('[')
		for i, kid := range t.kids {
			if i > 0 {
				b.WriteString(", ")
			}
			writeFlat(b, kid)
		}
		b.WriteByte(']')
	default:
		b.Write(scalar(t.n))
	}
}
