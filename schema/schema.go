// Package schema embeds muster's JSON Schemas (draft 2020-12), compiles them
// once, and validates documents, reporting every error at the file:line:col
// of the offending key or value. Schemas resolve only from the embedded set:
// nothing is ever fetched from the network.
package schema

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/musterhq/muster/internal/third_party/jsonschema"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/suggest"
)

//go:embed *.schema.json
var files embed.FS

// BaseURL is the $id prefix of every embedded schema. The .invalid top-level
// domain is reserved: it cannot resolve, which makes plain that schemas come
// from the binary.
const BaseURL = "https://muster.invalid/schema/v1/"

// Kind is a document kind: the base name of its schema without
// ".schema.json" (game, map, counters, scenario).
type Kind string

// Kinds lists the document kinds in a stable order; common holds only
// shared definitions and is not a document kind.
func Kinds() []Kind {
	entries, _ := fs.ReadDir(files, ".")
	var out []Kind
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".schema.json")
		if name != "common" {
			out = append(out, Kind(name))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// FileNames lists every embedded schema file, common included.
func FileNames() []string {
	entries, _ := fs.ReadDir(files, ".")
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// Source returns the text of an embedded schema file.
func Source(name string) ([]byte, error) {
	return files.ReadFile(name)
}

// KindOf derives the document kind from a $schema value: any path or URL
// whose base name is "<kind>.schema.json". ok is false for unknown kinds.
func KindOf(schemaRef string) (Kind, bool) {
	base := path.Base(strings.ReplaceAll(schemaRef, "\\", "/"))
	name, found := strings.CutSuffix(base, ".schema.json")
	if !found {
		return "", false
	}
	for _, k := range Kinds() {
		if string(k) == name {
			return k, true
		}
	}
	return "", false
}

var (
	compileOnce sync.Once
	compiled    map[Kind]*jsonschema.Schema
	compileErr  error
)

func compileAll() {
	compiled, compileErr = compileSchemas()
}

func compileSchemas() (map[Kind]*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(u string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("schema: %s is not an embedded schema and muster never fetches schemas", u)
	}
	for _, name := range FileNames() {
		src, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(BaseURL+name, bytes.NewReader(src)); err != nil {
			return nil, fmt.Errorf("schema: add %s: %w", name, err)
		}
	}
	out := map[Kind]*jsonschema.Schema{}
	for _, k := range Kinds() {
		s, err := c.Compile(BaseURL + string(k) + ".schema.json")
		if err != nil {
			return nil, fmt.Errorf("schema: compile %s: %w", k, err)
		}
		out[k] = s
	}
	return out, nil
}

// Compile compiles every embedded schema once; later calls are free. It
// fails only if the embedded schemas themselves are broken.
func Compile() error {
	compileOnce.Do(compileAll)
	return compileErr
}

// Validate checks a parsed document against the schema of its kind and
// returns one diagnostic per failed leaf constraint, each positioned on the
// offending key or value of f.
func Validate(kind Kind, f *jsonsrc.File, root *jsonsrc.Node) diag.Diagnostics {
	if fast := fastFor(kind); fast != nil && fast.valid(root) {
		return nil
	}
	if err := Compile(); err != nil {
		return diag.Diagnostics{{Severity: diag.Error, Code: "schema-internal", Summary: err.Error()}}
	}
	s, ok := compiled[kind]
	if !ok {
		return diag.Diagnostics{{Severity: diag.Error, Code: "schema-unknown-kind", Summary: fmt.Sprintf("no schema for document kind %q", kind)}}
	}
	err := s.Validate(root.Interface())
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return diag.Diagnostics{{Severity: diag.Error, Code: "schema-internal", Summary: err.Error()}}
	}
	var ds diag.Diagnostics
	for _, leaf := range leaves(ve) {
		ds.Append(toDiagnostics(f, root, leaf)...)
	}
	return ds.Sort()
}

// leaves flattens a validation error tree to the errors that say what is
// wrong. Under oneOf/anyOf only the branch that came closest is kept, so a
// designer is not told every way the value fails every alternative.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	kw := lastToken(e.KeywordLocation)
	if kw == "oneOf" || kw == "anyOf" {
		// A oneOf that matched several branches has no causes of its own
		// and is a leaf above; here every branch failed.
		var best []*jsonschema.ValidationError
		bestDepth := -1
		for _, c := range e.Causes {
			ls := leaves(c)
			depth := 0
			for _, l := range ls {
				depth = max(depth, strings.Count(l.InstanceLocation, "/"))
			}
			if depth > bestDepth || (depth == bestDepth && len(ls) < len(best)) {
				best, bestDepth = ls, depth
			}
		}
		return best
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

func lastToken(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

var codes = map[string]string{
	"type":                 "schema-type",
	"required":             "schema-required",
	"additionalProperties": "schema-unknown-key",
	"enum":                 "schema-enum",
	"const":                "schema-const",
	"pattern":              "schema-pattern",
	"minimum":              "schema-range",
	"maximum":              "schema-range",
	"minLength":            "schema-length",
	"maxLength":            "schema-length",
	"minItems":             "schema-items",
	"maxItems":             "schema-items",
	"minProperties":        "schema-properties",
	"maxProperties":        "schema-properties",
	"propertyNames":        "schema-key",
	"dependentRequired":    "schema-required",
	"oneOf":                "schema-one-of",
	"not":                  "schema-not",
}

// pointer turns the library's instance location into a JSON Pointer: the
// library percent-encodes each token (a key "Bad Key" reads "Bad%20Key"),
// which no lookup in the document would find.
func pointer(loc string) string {
	tokens := strings.Split(loc, "/")
	for i, t := range tokens {
		if u, err := url.PathUnescape(t); err == nil {
			tokens[i] = u
		}
	}
	return strings.Join(tokens, "/")
}

func toDiagnostics(f *jsonsrc.File, root *jsonsrc.Node, e *jsonschema.ValidationError) diag.Diagnostics {
	kw := lastToken(e.KeywordLocation)
	loc := pointer(e.InstanceLocation)
	node, _ := root.Lookup(loc)
	if node == nil {
		node = root
	}
	start, end := node.Start, node.End
	hint := ""
	summary := e.Message
	code, ok := codes[kw]
	switch {
	case strings.Contains(e.KeywordLocation, "/propertyNames/"):
		// The instance location names the member whose key failed; the
		// fault is the key, so underline it, not the member's value.
		if _, member := root.Lookup(loc); member != nil {
			return diag.Diagnostics{diag.At(f, member.KeyStart, member.KeyEnd, diag.Error, "schema-key", loc,
				fmt.Sprintf("key %q: %s", member.Key, e.Message), "rename the key to the form the schema gives")}
		}
	case ok:
	case e.Message == "not allowed":
		// A false schema ("then": {"properties": {"unit": false}}): the
		// keyword location ends at the property, not at a keyword, so the
		// code must not be built from it (it would read "schema-unit").
		code = "schema-not-allowed"
		if _, member := root.Lookup(loc); member != nil {
			return diag.Diagnostics{diag.At(f, member.KeyStart, member.KeyEnd, diag.Error, code, loc,
				fmt.Sprintf("key %q is not allowed in this object", member.Key),
				"remove it: the schema forbids it given the object's other keys (`muster schema` shows the condition)")}
		}
	default:
		// Every keyword of the embedded schemas has its own code (a test
		// checks it); this keeps a future one to a documented code.
		code = "schema-invalid"
	}
	switch kw {
	case "additionalProperties":
		// Underline each unknown key itself, not the whole object, in
		// source order: the validator names them in map order, which
		// changes from run to run.
		list := ", " + strings.TrimSuffix(strings.TrimPrefix(e.Message, "additionalProperties "), " not allowed") + ", "
		var ds diag.Diagnostics
		var allowed []string
		for _, m := range node.Members {
			if strings.Contains(list, ", "+libQuote(m.Key)+", ") {
				if allowed == nil {
					allowed = allowedKeys(e.AbsoluteKeywordLocation)
				}
				hint := "remove it or correct its spelling; `muster schema` prints the allowed keys"
				if best := suggest.Closest(m.Key, unused(allowed, node)); best != "" {
					hint = fmt.Sprintf("did you mean %q? (or remove the key)", best)
				}
				ds.Append(diag.At(f, m.KeyStart, m.KeyEnd, diag.Error, code,
					loc+"/"+jsonsrc.PointerToken(m.Key),
					fmt.Sprintf("unknown key %q", m.Key), hint))
			}
		}
		if len(ds) > 0 {
			return ds
		}
	case "required", "dependentRequired":
		// Point at the opening brace of the object that lacks the key.
		end = start + 1
		hint = "add the missing key"
		if strings.Contains(e.AbsoluteKeywordLocation, "/inferredEvidence/") {
			summary = "a value marked inferred has no evidence"
			hint = "add notes (kind inferred) saying what printed text it is derived from, or the source lines it rests on; or mark it as what it is (source, missing)"
		}
	default:
		if node.Kind == jsonsrc.Object || node.Kind == jsonsrc.Array {
			end = start + 1
		}
	}
	return diag.Diagnostics{diag.At(f, start, end, diag.Error, code, loc, summary, hint)}
}

// unused lists the allowed keys the object does not already have: a key
// written twice is no likely meaning of a misspelt one.
func unused(allowed []string, obj *jsonsrc.Node) []string {
	var out []string
	for _, k := range allowed {
		if obj.Get(k) == nil {
			out = append(out, k)
		}
	}
	return out
}

// libQuote quotes a property name as the validator's messages do.
func libQuote(s string) string {
	s = fmt.Sprintf("%q", s)
	s = strings.ReplaceAll(s, `\"`, `"`)
	s = strings.ReplaceAll(s, `'`, `\'`)
	return "'" + s[1:len(s)-1] + "'"
}
