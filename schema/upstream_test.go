package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"testing"

	upstream "github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/musterhq/muster/internal/jsonsrc"
	patched "github.com/musterhq/muster/internal/third_party/jsonschema"
)

// The patched copy in internal/third_party/jsonschema (meta-schemas compiled
// on first use) must judge every document as upstream v5.3.1 does: the
// shipped documents, the code fixtures, and variants of the shipped
// documents with one value replaced by a value of another type. The two
// detailed outputs (every error with its keyword and instance location) are
// compared as JSON.
func TestPatchedJSONSchemaAgreesWithUpstream(t *testing.T) {
	up := compileUpstream(t)
	ours, err := compileSchemas()
	if err != nil {
		t.Fatal(err)
	}
	docs := upstreamCorpus(t)
	if len(docs) < 100 {
		t.Fatalf("only %d documents in the corpus: the shipped scenarios were not found", len(docs))
	}
	rng := rand.New(rand.NewPCG(21, 18))
	compared, invalid := 0, 0
	for _, d := range docs {
		variants := []any{d.value}
		for i := 0; i < 8; i++ {
			variants = append(variants, replaceOne(d.value, rng))
		}
		for i, v := range variants {
			u := up[d.kind].Validate(v)
			p := ours[d.kind].Validate(v)
			uo, po := detailed(u), detailed(p)
			if uo != po {
				t.Errorf("%s variant %d: upstream and the patched copy disagree\nupstream: %s\npatched:  %s", d.name, i, uo, po)
			}
			compared++
			if u != nil {
				invalid++
			}
		}
	}
	// The comparison means something only if many variants are invalid.
	if invalid < compared/4 {
		t.Fatalf("only %d of %d documents invalid: the variants do not exercise the error paths", invalid, compared)
	}
	t.Logf("%d documents compared, %d invalid", compared, invalid)
}

func compileUpstream(t *testing.T) map[Kind]*upstream.Schema {
	t.Helper()
	c := upstream.NewCompiler()
	c.Draft = upstream.Draft2020
	c.LoadURL = func(u string) (io.ReadCloser, error) { return nil, fmt.Errorf("no fetch: %s", u) }
	for _, name := range FileNames() {
		src, err := files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(BaseURL+name, bytes.NewReader(src)); err != nil {
			t.Fatal(err)
		}
	}
	out := map[Kind]*upstream.Schema{}
	for _, k := range Kinds() {
		s, err := c.Compile(BaseURL + string(k) + ".schema.json")
		if err != nil {
			t.Fatal(err)
		}
		out[k] = s
	}
	return out
}

type corpusDoc struct {
	name  string
	kind  Kind
	value any
}

// upstreamCorpus is the corpus's documents with a known $schema, in name
// order (so the seed alone decides the variants).
func upstreamCorpus(t *testing.T) []corpusDoc {
	t.Helper()
	var out []corpusDoc
	for p, src := range corpus(t) {
		n, serr := jsonsrc.Parse(src)
		if serr != nil {
			continue // not JSON: the schema never sees it
		}
		if k, ok := kindOfDoc(n); ok {
			out = append(out, corpusDoc{name: p, kind: k, value: n.Interface()})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// replaceOne copies v with one value, picked at random, replaced by a value
// of another JSON type.
func replaceOne(v any, rng *rand.Rand) any {
	var paths [][]any
	var walk func(x any, path []any)
	walk = func(x any, path []any) {
		paths = append(paths, append([]any(nil), path...))
		switch x := x.(type) {
		case map[string]any:
			for k, c := range x {
				walk(c, append(path, k))
			}
		case []any:
			for i, c := range x {
				walk(c, append(path, i))
			}
		}
	}
	walk(v, nil)
	// Map order is random: sort the paths by their printed form so the
	// seed alone decides the pick.
	keys := make([]string, len(paths))
	for i, p := range paths {
		keys[i] = fmt.Sprint(p)
	}
	idx := make([]int, len(paths))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(i, j int) bool { return keys[idx[i]] < keys[idx[j]] })
	target := paths[idx[rng.IntN(len(idx))]]
	repl := []any{json.Number("-1"), "x", true, nil, map[string]any{}, []any{}, json.Number("1.5")}[rng.IntN(7)]
	return replaceAt(v, target, repl)
}

func replaceAt(v any, path []any, repl any) any {
	if len(path) == 0 {
		return repl
	}
	switch x := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(x))
		for k, e := range x {
			c[k] = e
		}
		k := path[0].(string)
		c[k] = replaceAt(x[k], path[1:], repl)
		return c
	case []any:
		c := append([]any(nil), x...)
		i := path[0].(int)
		c[i] = replaceAt(x[i], path[1:], repl)
		return c
	}
	return v
}

// detailed prints a validation result as the library's detailed output.
func detailed(err error) string {
	if err == nil {
		return "valid"
	}
	var out any
	switch e := err.(type) {
	case *upstream.ValidationError:
		out = e.DetailedOutput()
	case *patched.ValidationError:
		out = e.DetailedOutput()
	default:
		return "error: " + err.Error()
	}
	b, _ := json.Marshal(out)
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		return "unprintable: " + err.Error()
	}
	b, _ = json.Marshal(sortErrors(tree))
	return string(b)
}

// sortErrors puts each level's errors in a stable order: the library
// walks an object's properties in Go's map order, so the order of sibling
// errors differs from run to run in upstream as much as in the copy.
func sortErrors(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if errs, ok := m["errors"].([]any); ok {
		key := func(e any) string {
			b, _ := json.Marshal(e)
			return string(b)
		}
		for i, e := range errs {
			errs[i] = sortErrors(e)
		}
		sort.Slice(errs, func(i, j int) bool { return key(errs[i]) < key(errs[j]) })
	}
	return m
}
