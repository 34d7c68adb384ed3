package jsonsrc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Kind is the JSON type of a node.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// Node is one JSON value with its byte span in the source.
type Node struct {
	Kind       Kind
	Start, End int    // byte span of the value
	Text       string // decoded string, or the number's literal text
	Bool       bool
	Items      []*Node  // Array
	Members    []Member // Object, in source order
}

// Member is one key of an object with the span of the key itself.
type Member struct {
	Key              string
	KeyStart, KeyEnd int
	Value            *Node
}

// Get returns the value of key in an object node, or nil.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i := range n.Members {
		if n.Members[i].Key == key {
			return n.Members[i].Value
		}
	}
	return nil
}

// Interface converts the tree to the values encoding/json would produce with
// UseNumber: map[string]any, []any, json.Number, string, bool and nil.
func (n *Node) Interface() any {
	switch n.Kind {
	case Bool:
		return n.Bool
	case Number:
		return json.Number(n.Text)
	case String:
		return n.Text
	case Array:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			out[i] = it.Interface()
		}
		return out
	case Object:
		out := make(map[string]any, len(n.Members))
		for _, m := range n.Members {
			out[m.Key] = m.Value.Interface()
		}
		return out
	}
	return nil
}

// SyntaxError is a parse failure at a byte offset.
type SyntaxError struct {
	Offset int
	Code   string // json-syntax, json-duplicate-key, json-trailing-data, json-depth
	Msg    string
	// Related is the offset of an earlier occurrence (the first copy of a
	// duplicated key), or -1.
	Related int
}

func (e *SyntaxError) Error() string { return e.Msg }

// MaxDepth bounds nesting so hostile input cannot exhaust the stack.
const MaxDepth = 512

// Parse parses exactly one JSON value (surrounded by optional whitespace)
// from src. Duplicate object keys, trailing data and invalid UTF-8 are errors.
func Parse(src []byte) (*Node, *SyntaxError) {
	p := &parser{src: src}
	if HasBOM(src) {
		p.pos = len(bom) // offsets stay those of the file
	}
	p.skipSpace()
	if p.pos >= len(src) {
		return nil, p.fail("empty document: expected a JSON value")
	}
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(src) {
		e := p.fail("unexpected %s after the end of the JSON value", p.describe())
		e.Code = "json-trailing-data"
		return nil, e
	}
	return n, nil
}

// bom is the UTF-8 byte order mark some editors write at the start of a
// file. JSON forbids it (RFC 8259 8.1), but it is harmless: Parse skips it
// and the loader warns.
var bom = []byte{0xEF, 0xBB, 0xBF}

// HasBOM reports whether src starts with a UTF-8 byte order mark.
func HasBOM(src []byte) bool { return bytes.HasPrefix(src, bom) }

type parser struct {
	src []byte
	pos int
	// Nodes come from slabs and members and items are gathered on shared
	// stacks then copied out at their exact size: a document costs a few
	// large allocations instead of several per value.
	slab    []Node
	members []Member
	items   []*Node
}

func (p *parser) boolNode(b bool) *Node {
	n := p.node(Bool, p.pos)
	n.Bool = b
	return n
}

// node allocates a zeroed node from the current slab, of a kind and
// starting at an offset.
func (p *parser) node(kind Kind, start int) *Node {
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]Node, 0, 256)
	}
	p.slab = p.slab[:len(p.slab)+1]
	n := &p.slab[len(p.slab)-1]
	n.Kind, n.Start = kind, start
	return n
}

func (p *parser) fail(format string, args ...any) *SyntaxError {
	return &SyntaxError{Offset: p.pos, Code: "json-syntax", Msg: fmt.Sprintf(format, args...), Related: -1}
}

// describe names the byte at the current position for error messages.
func (p *parser) describe() string {
	if p.pos >= len(p.src) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.src[p.pos:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", p.src[p.pos])
	}
	return strconv.QuoteRune(r)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (*Node, *SyntaxError) {
	if depth > MaxDepth {
		e := p.fail("nesting deeper than %d levels", MaxDepth)
		e.Code = "json-depth"
		return nil, e
	}
	if p.pos >= len(p.src) {
		return nil, p.fail("unexpected end of file: expected a value")
	}
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		start := p.pos
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		n := p.node(String, start)
		n.End, n.Text = p.pos, s
		return n, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", p.boolNode(true))
	case c == 'f':
		return p.literal("false", p.boolNode(false))
	case c == 'n':
		return p.literal("null", p.node(Null, p.pos))
	case c == '\'':
		return nil, p.fail("JSON strings use double quotes, not single quotes")
	case c == '}' || c == ']':
		return nil, p.fail("unexpected %s: expected a value (is there a trailing comma before it?)", p.describe())
	default:
		return nil, p.fail("unexpected %s: expected a value", p.describe())
	}
}

func (p *parser) literal(word string, n *Node) (*Node, *SyntaxError) {
	if !bytes.HasPrefix(p.src[p.pos:], []byte(word)) {
		return nil, p.fail("unexpected %s: expected a value (true, false and null are lower case)", p.describe())
	}
	n.Start = p.pos
	p.pos += len(word)
	n.End = p.pos
	return n, nil
}

func (p *parser) number() (*Node, *SyntaxError) {
	start := p.pos
	if p.src[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.pos < len(p.src) && p.src[p.pos] == '0' {
		p.pos++
		if p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			return nil, p.fail("numbers may not have leading zeros")
		}
	} else if digits() == 0 {
		return nil, p.fail("invalid number: expected a digit, found %s", p.describe())
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.fail("invalid number: expected a digit after '.'")
		}
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.fail("invalid number: expected a digit in the exponent")
		}
	}
	text := string(p.src[start:p.pos])
	// Bound numbers to what a float64 holds: no muster document needs more,
	// and a literal such as 1e9999999 would make exact (big.Rat) comparisons
	// in schema validation take seconds.
	if len(text) > maxNumberLen {
		p.pos = start
		return nil, p.fail("number literal longer than %d characters", maxNumberLen)
	}
	if f, err := strconv.ParseFloat(text, 64); err != nil || (f == 0 && strings.ContainsAny(text, "123456789")) {
		p.pos = start
		return nil, p.fail("number %s is out of range", text)
	}
	n := p.node(Number, start)
	n.End, n.Text = p.pos, text
	return n, nil
}

// maxNumberLen bounds a number literal's length.
const maxNumberLen = 64

// str reads a string literal starting at the opening quote.
func (p *parser) str() (string, *SyntaxError) {
	p.pos++ // opening quote
	// Fast path: most strings have no escapes, so the decoded text is the
	// source bytes themselves and needs no builder.
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '"' {
			s := string(p.src[start:p.pos])
			p.pos++
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		if c < utf8.RuneSelf {
			p.pos++
			continue
		}
		r, size := utf8.DecodeRune(p.src[p.pos:])
		if r == utf8.RuneError && size == 1 {
			break // the slow path reports it
		}
		p.pos += size
	}
	var b strings.Builder
	b.Write(p.src[start:p.pos])
	for {
		if p.pos >= len(p.src) {
			return "", p.fail("unterminated string")
		}
		c := p.src[p.pos]
		switch {
		case c == '"':
			p.pos++
			return b.String(), nil
		case c == '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
		case c < 0x20:
			if c == '\n' {
				return "", p.fail("unterminated string: line break inside a string (write \\n)")
			}
			return "", p.fail("control character 0x%02x inside a string (escape it)", c)
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.src[p.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", p.fail("invalid UTF-8 byte 0x%02x in string", c)
			}
			b.WriteRune(r)
			p.pos += size
		}
	}
}

func (p *parser) escape(b *strings.Builder) *SyntaxError {
	p.pos++ // backslash
	if p.pos >= len(p.src) {
		return p.fail("unterminated string")
	}
	c := p.src[p.pos]
	p.pos++
	switch c {
	case '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r, err := p.hex4()
		if err != nil {
			return err
		}
		if utf16.IsSurrogate(r) {
			// A high surrogate must be followed by an escaped low surrogate.
			if p.pos+1 < len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == 'u' {
				save := p.pos
				p.pos += 2
				r2, err := p.hex4()
				if err != nil {
					return err
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					b.WriteRune(dec)
					return nil
				}
				p.pos = save
			}
			b.WriteRune(utf8.RuneError)
			return nil
		}
		b.WriteRune(r)
	default:
		p.pos -= 2 // point at the backslash
		return p.fail("invalid escape \\%c in string", c)
	}
	return nil
}

func (p *parser) hex4() (rune, *SyntaxError) {
	if p.pos+4 > len(p.src) {
		return 0, p.fail("invalid \\u escape: expected four hex digits")
	}
	v, err := strconv.ParseUint(string(p.src[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, p.fail("invalid \\u escape: expected four hex digits")
	}
	p.pos += 4
	return rune(v), nil
}

func (p *parser) array(depth int) (*Node, *SyntaxError) {
	n := p.node(Array, p.pos)
	base := len(p.items)
	defer func() { p.items = p.items[:base] }()
	p.pos++
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		n.End = p.pos
		return n, nil
	}
	for {
		p.skipSpace()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		p.items = append(p.items, v)
		p.skipSpace()
		if p.pos >= len(p.src) {
			e := p.fail("unexpected end of file: expected ',' or ']' to close the array")
			e.Related = n.Start
			return nil, e
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
			p.skipSpace()
			if p.pos < len(p.src) && p.src[p.pos] == ']' {
				return nil, p.fail("trailing comma before ']'")
			}
		case ']':
			p.pos++
			n.End = p.pos
			n.Items = append([]*Node(nil), p.items[base:]...)
			return n, nil
		default:
			return nil, p.fail("unexpected %s: expected ',' or ']' (is a comma missing?)", p.describe())
		}
	}
}

func (p *parser) object(depth int) (*Node, *SyntaxError) {
	n := p.node(Object, p.pos)
	base := len(p.members)
	defer func() { p.members = p.members[:base] }()
	p.pos++
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		n.End = p.pos
		return n, nil
	}
	seen := map[string]int{}
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			return nil, p.fail("unexpected end of file: expected a key or '}'")
		}
		if p.src[p.pos] != '"' {
			if p.src[p.pos] == '}' {
				return nil, p.fail("trailing comma before '}'")
			}
			return nil, p.fail("unexpected %s: expected a key in double quotes", p.describe())
		}
		keyStart := p.pos
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		keyEnd := p.pos
		if first, dup := seen[key]; dup {
			p.pos = keyStart
			e := p.fail("duplicate key %q", key)
			e.Code = "json-duplicate-key"
			e.Related = first
			return nil, e
		}
		seen[key] = keyStart
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			if p.pos < len(p.src) && p.src[p.pos] == '=' {
				return nil, p.fail("JSON uses ':' between a key and its value, not '='")
			}
			return nil, p.fail("unexpected %s: expected ':' after the key %q", p.describe(), key)
		}
		p.pos++
		p.skipSpace()
		v, verr := p.value(depth + 1)
		if verr != nil {
			return nil, verr
		}
		p.members = append(p.members, Member{Key: key, KeyStart: keyStart, KeyEnd: keyEnd, Value: v})
		p.skipSpace()
		if p.pos >= len(p.src) {
			e := p.fail("unexpected end of file: expected ',' or '}' to close the object")
			e.Related = n.Start
			return nil, e
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			n.End = p.pos
			n.Members = append([]Member(nil), p.members[base:]...)
			return n, nil
		default:
			return nil, p.fail("unexpected %s: expected ',' or '}' (is a comma missing?)", p.describe())
		}
	}
}
