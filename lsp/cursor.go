package lsp

import (
	"github.com/musterhq/muster/internal/jsonsrc"
)

// cursor describes the JSON string under the cursor, found from the text
// of its line alone, so it works in a half-typed document that does not
// parse (the usual state while completing). muster fmt keeps a setup row on
// one line, so a row's key and value share their line.
type cursor struct {
	start, end int    // byte span of the string's content, quotes excluded
	value      string // the raw content
	key        string // the member key the string is the value of (or an item of); "" if unknown
	isKey      bool   // the string is itself a member key
	object     string // the key of the object the string lies in, when on the same line
}

type lexTok struct {
	kind       byte // '"' for strings, else the punctuation byte
	start, end int  // content span for strings
}

// cursorAt finds the string containing byte offset off (between its quotes,
// either end included).
func cursorAt(text []byte, li lineIndex, off int) (cursor, bool) {
	if off < 0 || off > len(text) {
		return cursor{}, false
	}
	ls, le := li.lineSpan(int(li.position(off).Line))
	var toks []lexTok
	for i := ls; i < le; i++ {
		switch c := text[i]; c {
		case '"':
			j := i + 1
			for j < le && text[j] != '"' {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			toks = append(toks, lexTok{kind: '"', start: i + 1, end: min(j, le)})
			i = j
		case ':', ',', '[', ']', '{', '}':
			toks = append(toks, lexTok{kind: c, start: i, end: i + 1})
		}
	}
	for k, t := range toks {
		if t.kind != '"' || off < t.start || off > t.end {
			continue
		}
		c := cursor{start: t.start, end: t.end, value: string(text[t.start:t.end]), object: objectKey(text, toks, k)}
		if (k+1 < len(toks) && toks[k+1].kind == ':') || keyPosition(toks, k) {
			c.isKey = true
			return c, true
		}
		c.key = keyBefore(text, toks, k)
		return c, true
	}
	return cursor{}, false
}

// keyBefore walks back from token k to the key it belongs to: `"key": "v"`
// or `"key": ["a", "v"]`.
func keyBefore(text []byte, toks []lexTok, k int) string {
	depth := 0
	for j := k - 1; j >= 0; j-- {
		switch toks[j].kind {
		case ':':
			if depth == 0 && j > 0 && toks[j-1].kind == '"' {
				return string(text[toks[j-1].start:toks[j-1].end])
			}
			if depth == 0 {
				return ""
			}
		case ']':
			depth++
		case '[':
			if depth == 0 {
				if j >= 2 && toks[j-1].kind == ':' && toks[j-2].kind == '"' {
					return string(text[toks[j-2].start:toks[j-2].end])
				}
				return ""
			}
			depth--
		case '{', '}':
			return ""
		}
	}
	return ""
}

// keyPosition reports whether token k stands where an object's key goes
// (after "{", or after "," in an object) though no ":" follows it yet, as
// while a new key is typed.
func keyPosition(toks []lexTok, k int) bool {
	if k == 0 || (toks[k-1].kind != '{' && toks[k-1].kind != ',') {
		return false
	}
	depth := 0
	for j := k - 1; j >= 0; j-- {
		switch toks[j].kind {
		case '}', ']':
			depth++
		case '{', '[':
			if depth == 0 {
				return toks[j].kind == '{'
			}
			depth--
		}
	}
	return false
}

// objectKey walks back from token k to the "{" of the object it lies in
// and returns that object's key: "states" for `"states": {"face": "x"}`.
func objectKey(text []byte, toks []lexTok, k int) string {
	depth := 0
	for j := k - 1; j >= 0; j-- {
		switch toks[j].kind {
		case '}', ']':
			depth++
		case '[':
			if depth == 0 {
				return ""
			}
			depth--
		case '{':
			if depth > 0 {
				depth--
				continue
			}
			if j >= 2 && toks[j-1].kind == ':' && toks[j-2].kind == '"' {
				return string(text[toks[j-2].start:toks[j-2].end])
			}
			return ""
		}
	}
	return ""
}

// tableAt returns the setup table of the last good syntax tree that starts
// before off: the table a row being typed at off belongs to. The text
// before the cursor is unchanged since that tree, so its offsets hold.
func tableAt(root *jsonsrc.Node, off int) *jsonsrc.Node {
	if root == nil || root.Kind != jsonsrc.Object {
		return nil
	}
	setup := root.Get("setup")
	if setup == nil || setup.Kind != jsonsrc.Array {
		return nil
	}
	var found *jsonsrc.Node
	for _, t := range setup.Items {
		if t.Start < off {
			found = t
		}
	}
	return found
}

func str(n *jsonsrc.Node, key string) string {
	if n == nil || n.Kind != jsonsrc.Object {
		return ""
	}
	if v := n.Get(key); v != nil && v.Kind == jsonsrc.String {
		return v.Text
	}
	return ""
}
