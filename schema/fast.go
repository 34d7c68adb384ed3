package schema

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// The fast path. Most documents muster reads are valid, and asking the
// jsonschema library whether one is costs more than everything else a
// validation run does (it converts the tree to interface values, builds a
// location string per keyword and compiles every schema first). So muster
// first asks a small validator of its own, which knows exactly the keywords
// the embedded schemas use, works on the parsed source tree and answers
// only "valid or not". A valid document is done; an invalid one goes to the
// library, which is the authority for the messages. A schema using a keyword
// the fast path does not know makes that kind fall back to the library
// always, so a new keyword can never be silently ignored. A differential
// test and fuzz target keep the two verdicts equal.

// fastSchema is one compiled schema object (or a boolean schema).
type fastSchema struct {
	always  *bool // boolean schema: true accepts everything, false nothing
	ref     *fastSchema
	types   []string
	enum    []*jsonsrc.Node
	constV  *jsonsrc.Node
	pattern *regexp.Regexp

	properties           map[string]*fastSchema
	propOrder            []string // property names as the schema lists them (for muster fmt)
	additionalProperties *fastSchema
	required             []string
	dependentRequired    map[string][]string
	propertyNames        *fastSchema
	minProperties        int
	maxProperties        int // -1: none

	items              *fastSchema
	minItems, maxItems int // maxItems -1: none

	minLength, maxLength int // maxLength -1: none
	minimum, maximum     *big.Rat

	allOf, anyOf, oneOf []*fastSchema
	not                 *fastSchema
	ifS, thenS          *fastSchema
	elseS               *fastSchema
	refTarget           string // resolved after every schema is built
	refBase             string
}

// annotations are keywords that never change a verdict.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "$comment": true, "title": true,
	"description": true, "examples": true, "default": true, "deprecated": true,
	"readOnly": true, "writeOnly": true,
}

type fastCompiler struct {
	docs  map[string]*jsonsrc.Node // file name -> parsed schema
	built map[string]*fastSchema   // "file#pointer" -> schema
	refs  []*fastSchema
}

var (
	fastOnce  sync.Once
	fastKinds map[Kind]*fastSchema // nil entry: the kind falls back to the library
)

// Warm starts building the fast validators in the background, so the work
// overlaps reading and parsing the first files; the first validation waits
// for it to finish.
func Warm() { go fastFor("") }

// fastFor returns the fast validator of a kind, or nil when the kind's
// schema uses something the fast path does not handle.
func fastFor(kind Kind) *fastSchema {
	fastOnce.Do(func() {
		fastKinds = map[Kind]*fastSchema{}
		// One compiler for every kind, so common.schema.json is parsed and
		// its definitions built once.
		c := newFastCompiler()
		for _, k := range Kinds() {
			s, err := c.compile(string(k) + ".schema.json")
			if err != nil {
				// The failed compile may have left half-built definitions:
				// later kinds start afresh rather than share them.
				c = newFastCompiler()
				continue
			}
			fastKinds[k] = s
		}
	})
	return fastKinds[kind]
}

func newFastCompiler() *fastCompiler {
	return &fastCompiler{docs: map[string]*jsonsrc.Node{}, built: map[string]*fastSchema{}}
}

// compileFast builds the fast validator of one embedded schema file and
// everything it references.
func compileFast(name string) (*fastSchema, error) {
	return newFastCompiler().compile(name)
}

func (c *fastCompiler) compile(name string) (*fastSchema, error) {
	root, err := c.at(name, "")
	if err != nil {
		return nil, err
	}
	// $refs are resolved in a second step so recursive definitions
	// (a region made of regions) close into a cycle instead of recursing.
	for len(c.refs) > 0 {
		s := c.refs[0]
		c.refs = c.refs[1:]
		file, ptr, _ := strings.Cut(s.refTarget, "#")
		if file == "" {
			file = s.refBase
		}
		t, err := c.at(file, ptr)
		if err != nil {
			return nil, err
		}
		s.ref = t
	}
	return root, nil
}

func (c *fastCompiler) doc(file string) (*jsonsrc.Node, error) {
	if d, ok := c.docs[file]; ok {
		return d, nil
	}
	src, err := files.ReadFile(file)
	if err != nil {
		return nil, err
	}
	d, perr := jsonsrc.Parse(src)
	if perr != nil {
		return nil, fmt.Errorf("%s: %s", file, perr.Msg)
	}
	c.docs[file] = d
	return d, nil
}

// at compiles the schema at a JSON Pointer of an embedded file, once.
func (c *fastCompiler) at(file, ptr string) (*fastSchema, error) {
	key := file + "#" + ptr
	if s, ok := c.built[key]; ok {
		return s, nil
	}
	d, err := c.doc(file)
	if err != nil {
		return nil, err
	}
	n, _ := d.Lookup(ptr)
	if n == nil {
		return nil, fmt.Errorf("%s: no schema at %q", file, ptr)
	}
	s := &fastSchema{maxProperties: -1, maxItems: -1, maxLength: -1}
	c.built[key] = s
	return s, c.fill(s, n, file, ptr)
}

func (c *fastCompiler) fill(s *fastSchema, n *jsonsrc.Node, file, ptr string) error {
	if n.Kind == jsonsrc.Bool {
		b := n.Bool
		s.always = &b
		return nil
	}
	if n.Kind != jsonsrc.Object {
		return fmt.Errorf("%s#%s: a schema must be an object or a boolean", file, ptr)
	}
	for _, m := range n.Members {
		v := m.Value
		p := ptr + "/" + jsonsrc.PointerToken(m.Key)
		var err error
		switch m.Key {
		case "$ref":
			s.refTarget, s.refBase = v.Text, file
			c.refs = append(c.refs, s)
		case "type":
			if v.Kind == jsonsrc.String {
				s.types = []string{v.Text}
			} else {
				for _, t := range v.Items {
					s.types = append(s.types, t.Text)
				}
			}
		case "enum":
			s.enum = v.Items
		case "const":
			s.constV = v
		case "pattern":
			s.pattern, err = regexp.Compile(v.Text)
		case "properties":
			s.properties = map[string]*fastSchema{}
			for _, pm := range v.Members {
				s.propOrder = append(s.propOrder, pm.Key)
				s.properties[pm.Key], err = c.at(file, p+"/"+jsonsrc.PointerToken(pm.Key))
				if err != nil {
					return err
				}
			}
		case "additionalProperties":
			s.additionalProperties, err = c.at(file, p)
		case "propertyNames":
			s.propertyNames, err = c.at(file, p)
		case "items":
			s.items, err = c.at(file, p)
		case "if":
			s.ifS, err = c.at(file, p)
		case "then":
			s.thenS, err = c.at(file, p)
		case "else":
			s.elseS, err = c.at(file, p)
		case "not":
			s.not, err = c.at(file, p)
		case "allOf", "anyOf", "oneOf":
			list := make([]*fastSchema, len(v.Items))
			for i := range v.Items {
				if list[i], err = c.at(file, fmt.Sprintf("%s/%d", p, i)); err != nil {
					return err
				}
			}
			switch m.Key {
			case "allOf":
				s.allOf = list
			case "anyOf":
				s.anyOf = list
			default:
				s.oneOf = list
			}
		case "required":
			for _, it := range v.Items {
				s.required = append(s.required, it.Text)
			}
		case "dependentRequired":
			s.dependentRequired = map[string][]string{}
			for _, dm := range v.Members {
				for _, it := range dm.Value.Items {
					s.dependentRequired[dm.Key] = append(s.dependentRequired[dm.Key], it.Text)
				}
			}
		case "minProperties", "maxProperties", "minItems", "maxItems", "minLength", "maxLength":
			var r big.Rat
			if _, ok := r.SetString(v.Text); !ok || !r.IsInt() || !r.Num().IsInt64() {
				return fmt.Errorf("%s#%s: %s must be a whole number", file, p, m.Key)
			}
			i := int(r.Num().Int64())
			switch m.Key {
			case "minProperties":
				s.minProperties = i
			case "maxProperties":
				s.maxProperties = i
			case "minItems":
				s.minItems = i
			case "maxItems":
				s.maxItems = i
			case "minLength":
				s.minLength = i
			case "maxLength":
				s.maxLength = i
			}
		case "minimum", "maximum":
			r, ok := new(big.Rat).SetString(v.Text)
			if !ok {
				return fmt.Errorf("%s#%s: %s must be a number", file, p, m.Key)
			}
			if m.Key == "minimum" {
				s.minimum = r
			} else {
				s.maximum = r
			}
		default:
			if !annotations[m.Key] {
				return fmt.Errorf("%s#%s: keyword %q is not handled by the fast path", file, p, m.Key)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// valid reports whether n satisfies s, by the draft 2020-12 rules for the
// keywords above.
func (s *fastSchema) valid(n *jsonsrc.Node) bool {
	if s.always != nil {
		return *s.always
	}
	if s.ref != nil && !s.ref.valid(n) {
		return false
	}
	if s.types != nil && !typeMatches(s.types, n) {
		return false
	}
	if s.constV != nil && !jsonEqual(s.constV, n) {
		return false
	}
	if s.enum != nil {
		found := false
		for _, e := range s.enum {
			if jsonEqual(e, n) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	switch n.Kind {
	case jsonsrc.String:
		if s.minLength > 0 || s.maxLength >= 0 {
			l := utf8.RuneCountInString(n.Text)
			if l < s.minLength || s.maxLength >= 0 && l > s.maxLength {
				return false
			}
		}
		if s.pattern != nil && !s.pattern.MatchString(n.Text) {
			return false
		}
	case jsonsrc.Number:
		if s.minimum != nil || s.maximum != nil {
			r, ok := new(big.Rat).SetString(n.Text)
			if !ok || s.minimum != nil && r.Cmp(s.minimum) < 0 || s.maximum != nil && r.Cmp(s.maximum) > 0 {
				return false
			}
		}
	case jsonsrc.Array:
		if len(n.Items) < s.minItems || s.maxItems >= 0 && len(n.Items) > s.maxItems {
			return false
		}
		if s.items != nil {
			for _, it := range n.Items {
				if !s.items.valid(it) {
					return false
				}
			}
		}
	case jsonsrc.Object:
		if !s.validObject(n) {
			return false
		}
	}
	for _, a := range s.allOf {
		if !a.valid(n) {
			return false
		}
	}
	if s.not != nil && s.not.valid(n) {
		return false
	}
	if s.anyOf != nil {
		found := false
		for _, a := range s.anyOf {
			if a.valid(n) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if s.oneOf != nil {
		matched := 0
		for _, o := range s.oneOf {
			if o.valid(n) {
				matched++
				if matched > 1 {
					return false
				}
			}
		}
		if matched != 1 {
			return false
		}
	}
	if s.ifS != nil {
		if s.ifS.valid(n) {
			if s.thenS != nil && !s.thenS.valid(n) {
				return false
			}
		} else if s.elseS != nil && !s.elseS.valid(n) {
			return false
		}
	}
	return true
}

func (s *fastSchema) validObject(n *jsonsrc.Node) bool {
	if len(n.Members) < s.minProperties || s.maxProperties >= 0 && len(n.Members) > s.maxProperties {
		return false
	}
	for _, r := range s.required {
		if n.Get(r) == nil {
			return false
		}
	}
	for k, deps := range s.dependentRequired {
		if n.Get(k) != nil {
			for _, d := range deps {
				if n.Get(d) == nil {
					return false
				}
			}
		}
	}
	for i := range n.Members {
		m := &n.Members[i]
		if s.propertyNames != nil && !s.propertyNames.valid(&jsonsrc.Node{Kind: jsonsrc.String, Text: m.Key}) {
			return false
		}
		if p, ok := s.properties[m.Key]; ok {
			if !p.valid(m.Value) {
				return false
			}
		} else if s.additionalProperties != nil && !s.additionalProperties.valid(m.Value) {
			return false
		}
	}
	return true
}

func typeMatches(types []string, n *jsonsrc.Node) bool {
	for _, t := range types {
		switch t {
		case "object":
			if n.Kind == jsonsrc.Object {
				return true
			}
		case "array":
			if n.Kind == jsonsrc.Array {
				return true
			}
		case "string":
			if n.Kind == jsonsrc.String {
				return true
			}
		case "boolean":
			if n.Kind == jsonsrc.Bool {
				return true
			}
		case "null":
			if n.Kind == jsonsrc.Null {
				return true
			}
		case "number":
			if n.Kind == jsonsrc.Number {
				return true
			}
		case "integer":
			if n.Kind == jsonsrc.Number && isInteger(n.Text) {
				return true
			}
		}
	}
	return false
}

// isInteger follows draft 2020-12: a number with a zero fractional part is
// an integer, however it is written (1.0 and 1e2 are integers).
func isInteger(lit string) bool {
	if !strings.ContainsAny(lit, ".eE") {
		return true
	}
	r, ok := new(big.Rat).SetString(lit)
	return ok && r.IsInt()
}

// jsonEqual is JSON value equality: numbers compare by value, objects
// regardless of key order.
func jsonEqual(a, b *jsonsrc.Node) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case jsonsrc.Null:
		return true
	case jsonsrc.Bool:
		return a.Bool == b.Bool
	case jsonsrc.String:
		return a.Text == b.Text
	case jsonsrc.Number:
		if a.Text == b.Text {
			return true
		}
		ra, ok1 := new(big.Rat).SetString(a.Text)
		rb, ok2 := new(big.Rat).SetString(b.Text)
		return ok1 && ok2 && ra.Cmp(rb) == 0
	case jsonsrc.Array:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !jsonEqual(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case jsonsrc.Object:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for _, m := range a.Members {
			o := b.Get(m.Key)
			if o == nil || !jsonEqual(m.Value, o) {
				return false
			}
		}
		return true
	}
	return false
}
