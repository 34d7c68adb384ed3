package schema

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// Every kind must have a fast validator: a kind that silently fell back to
// the library would still be correct, but the speed the README promises
// would be gone without a test noticing.
func TestFastCoversEveryKind(t *testing.T) {
	for _, k := range Kinds() {
		if fastFor(k) == nil {
			_, err := compileFast(string(k) + ".schema.json")
			t.Errorf("kind %s has no fast validator: %v", k, err)
		}
	}
}

func TestFastRejectsUnknownKeyword(t *testing.T) {
	c := &fastCompiler{docs: map[string]*jsonsrc.Node{}, built: map[string]*fastSchema{}}
	n, _ := jsonsrc.Parse([]byte(`{"type": "object", "unevaluatedProperties": false}`))
	if err := c.fill(&fastSchema{}, n, "x", ""); err == nil {
		t.Fatal("a keyword the fast path does not know must make the kind fall back")
	}
}

// libraryValid is the reference verdict.
func libraryValid(t testing.TB, kind Kind, root *jsonsrc.Node) bool {
	if err := Compile(); err != nil {
		t.Fatal(err)
	}
	return compiled[kind].Validate(root.Interface()) == nil
}

// corpus is every JSON document of the repository's data and fixtures.
func corpus(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, root := range []string{"../scenarios", "../validate/testdata", "testdata"} {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
				if data, err := os.ReadFile(p); err == nil {
					out[p] = data
				}
			}
			return nil
		})
	}
	if len(out) < 20 {
		t.Fatalf("corpus has only %d documents", len(out))
	}
	return out
}

func kindOfDoc(root *jsonsrc.Node) (Kind, bool) {
	if s := root.Get("$schema"); s != nil && s.Kind == jsonsrc.String {
		return KindOf(s.Text)
	}
	return "", false
}

// The fast verdict equals the library's on every shipped document and
// fixture, and on thousands of mutations of them: values of another type,
// removed members, unknown keys, altered strings and numbers.
func TestFastAgreesWithLibrary(t *testing.T) {
	// Every document as is, and a spread of mutations of each: 12 per file,
	// or 3 with -short (FuzzFastAgreesWithLibrary, which CI runs, goes on
	// where this stops).
	perFile, least := 12, 1000
	if testing.Short() {
		perFile, least = 3, 300
	}
	if err := Compile(); err != nil {
		t.Fatal(err)
	}
	// Files are compared in parallel (each goroutine mutates only its own
	// tree; compiled schemas are read-only): the library's verdicts are the
	// slow part.
	var mu sync.Mutex
	checked, invalid := 0, 0
	files := make(chan string)
	docs := corpus(t)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path := range files {
				c, inv := agreeOn(t, path, docs[path], perFile)
				mu.Lock()
				checked, invalid = checked+c, invalid+inv
				mu.Unlock()
			}
		}()
	}
	for path := range docs {
		files <- path
	}
	close(files)
	wg.Wait()
	t.Logf("%d comparisons, %d invalid", checked, invalid)
	if checked < least || invalid < least/10 {
		t.Fatalf("only %d comparisons (%d invalid): the mutation corpus is too thin", checked, invalid)
	}
}

// agreeOn compares the fast path with the library on one document as is
// and on perFile of its nodes mutated, and counts the comparisons.
func agreeOn(t *testing.T, path string, src []byte, perFile int) (checked, invalid int) {
	root, err := jsonsrc.Parse(src)
	if err != nil {
		return 0, 0
	}
	kind, ok := kindOfDoc(root)
	if !ok {
		return 0, 0
	}
	fast := fastFor(kind)
	if fast == nil {
		return 0, 0 // TestFastCoversEveryKind reports it
	}
	compare := func(what string) {
		checked++
		want := compiled[kind].Validate(root.Interface()) == nil
		if !want {
			invalid++
		}
		if got := fast.valid(root); got != want {
			t.Errorf("%s %s: fast path says valid=%v, library says %v", path, what, got, want)
		}
	}
	compare("as is")
	mutations := 0
	walkNodes(root, "", func(n *jsonsrc.Node, ptr string) {
		if mutations >= perFile || strings.Count(ptr, "/")%2 == 1 && len(ptr)%3 != 0 {
			return // a spread of pointers at every depth, bounded per file
		}
		mutations++
		for _, m := range mutate(n) {
			undo := m()
			compare(ptr)
			undo()
		}
	})
	return checked, invalid
}

func walkNodes(n *jsonsrc.Node, ptr string, fn func(*jsonsrc.Node, string)) {
	fn(n, ptr)
	for i, it := range n.Items {
		walkNodes(it, fmt.Sprintf("%s/%d", ptr, i), fn)
	}
	for _, m := range n.Members {
		walkNodes(m.Value, ptr+"/"+jsonsrc.PointerToken(m.Key), fn)
	}
}

// mutate returns edits of n in place; each returns its own undo.
func mutate(n *jsonsrc.Node) []func() func() {
	swap := func(repl jsonsrc.Node) func() func() {
		return func() func() {
			saved := *n
			*n = repl
			return func() { *n = saved }
		}
	}
	out := []func() func(){
		swap(jsonsrc.Node{Kind: jsonsrc.Number, Text: "1.5"}),
		swap(jsonsrc.Node{Kind: jsonsrc.String, Text: "zz"}),
		swap(jsonsrc.Node{Kind: jsonsrc.Null}),
		swap(jsonsrc.Node{Kind: jsonsrc.Array}),
	}
	switch n.Kind {
	case jsonsrc.Object:
		out = append(out, swap(jsonsrc.Node{Kind: jsonsrc.Object}))
		if len(n.Members) > 0 {
			out = append(out, func() func() {
				saved := n.Members
				n.Members = append([]jsonsrc.Member(nil), saved[1:]...)
				return func() { n.Members = saved }
			})
		}
		out = append(out, func() func() {
			saved := n.Members
			n.Members = append(append([]jsonsrc.Member(nil), saved...), jsonsrc.Member{Key: "zzUnknown", Value: &jsonsrc.Node{Kind: jsonsrc.Bool, Bool: true}})
			return func() { n.Members = saved }
		})
	case jsonsrc.Array:
		if len(n.Items) > 0 {
			out = append(out, swap(jsonsrc.Node{Kind: jsonsrc.Array, Items: n.Items[:len(n.Items)-1]}))
		}
	case jsonsrc.String:
		out = append(out, swap(jsonsrc.Node{Kind: jsonsrc.String, Text: ""}), swap(jsonsrc.Node{Kind: jsonsrc.String, Text: n.Text + " x"}))
	case jsonsrc.Number:
		out = append(out, swap(jsonsrc.Node{Kind: jsonsrc.Number, Text: "-1"}), swap(jsonsrc.Node{Kind: jsonsrc.Number, Text: "2.0"}), swap(jsonsrc.Node{Kind: jsonsrc.Number, Text: "1e3"}))
	}
	return out
}

// FuzzFastAgreesWithLibrary: whatever document the fuzzer builds, the fast
// verdict equals the library's for every kind.
func FuzzFastAgreesWithLibrary(f *testing.F) {
	for _, src := range corpus(f) {
		f.Add(src)
	}
	f.Add([]byte(`{"$schema": "scenario.schema.json", "id": "1.0"}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		root, err := jsonsrc.Parse(src)
		if err != nil {
			return
		}
		for _, k := range Kinds() {
			if fastFor(k) == nil {
				continue
			}
			if got, want := fastFor(k).valid(root), libraryValid(t, k, root); got != want {
				t.Fatalf("kind %s: fast path says valid=%v, library says %v", k, got, want)
			}
		}
	})
}

// BenchmarkValidate compares the two paths on the largest shipped scenario.
func BenchmarkValidate(b *testing.B) {
	src, err := os.ReadFile("../scenarios/tpc/scenarios/05-the-fourth-offensive.json")
	if err != nil {
		b.Fatal(err)
	}
	root, _ := jsonsrc.Parse(src)
	b.Run("fast", func(b *testing.B) {
		fast := fastFor("scenario")
		for b.Loop() {
			if !fast.valid(root) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("library", func(b *testing.B) {
		for b.Loop() {
			if !libraryValid(b, "scenario", root) {
				b.Fatal("invalid")
			}
		}
	})
}
