package schema

import (
	"net/url"
	"sort"
	"strings"
	"sync"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// Allowed keys, for the "did you mean" of an unknown key: the schema object
// whose additionalProperties rejected the key lists them in its properties.

var (
	keyDocsMu sync.Mutex
	keyDocs   = map[string]*jsonsrc.Node{} // embedded file name -> parsed schema
)

// allowedKeys returns the property names of the schema object holding the
// keyword at an absolute keyword location
// (".../common.schema.json#/$defs/setupRow/additionalProperties"), sorted;
// nil if the location is not in an embedded schema.
func allowedKeys(absKeyword string) []string {
	rest, ok := strings.CutPrefix(absKeyword, BaseURL)
	if !ok {
		return nil
	}
	file, ptr, _ := strings.Cut(rest, "#")
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		ptr = ptr[:i] // the object that holds the keyword
	}
	if u, err := url.PathUnescape(ptr); err == nil {
		ptr = u
	}
	keyDocsMu.Lock()
	doc, ok := keyDocs[file]
	if !ok {
		if src, err := files.ReadFile(file); err == nil {
			doc, _ = jsonsrc.Parse(src)
		}
		keyDocs[file] = doc
	}
	keyDocsMu.Unlock()
	if doc == nil {
		return nil
	}
	obj, _ := doc.Lookup(ptr)
	if obj == nil {
		return nil
	}
	props := obj.Get("properties")
	if props == nil || props.Kind != jsonsrc.Object {
		return nil
	}
	out := make([]string, 0, len(props.Members))
	for _, m := range props.Members {
		out = append(out, m.Key)
	}
	sort.Strings(out)
	return out
}
