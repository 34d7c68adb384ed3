package jsonsrc

import (
	"strconv"
	"strings"
)

// Lookup resolves a JSON Pointer (RFC 6901, "" or "/a/0/b") to a node and,
// when the last token names an object member, that member. It returns nil
// when the pointer does not resolve.
func (n *Node) Lookup(pointer string) (*Node, *Member) {
	if pointer == "" {
		return n, nil
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil, nil
	}
	cur := n
	var member *Member
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		member = nil
		switch cur.Kind {
		case Object:
			var next *Node
			for i := range cur.Members {
				if cur.Members[i].Key == tok {
					member = &cur.Members[i]
					next = member.Value
					break
				}
			}
			if next == nil {
				return nil, nil
			}
			cur = next
		case Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) {
				return nil, nil
			}
			cur = cur.Items[i]
		default:
			return nil, nil
		}
	}
	return cur, member
}

// PointerToken escapes one reference token for a JSON Pointer.
func PointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// WalkContainers calls fn for every object and array with its JSON Pointer,
// parents first. It builds pointers only for containers: most nodes are
// scalars, and a caller that inspects a container's scalar members builds a
// member's pointer only when it reports one.
func (n *Node) WalkContainers(fn func(pointer string, node *Node)) {
	var walk func(string, *Node)
	walk = func(ptr string, nd *Node) {
		fn(ptr, nd)
		switch nd.Kind {
		case Array:
			for i, it := range nd.Items {
				if it.Kind == Array || it.Kind == Object {
					walk(ptr+"/"+strconv.Itoa(i), it)
				}
			}
		case Object:
			for _, m := range nd.Members {
				if m.Value.Kind == Array || m.Value.Kind == Object {
					walk(ptr+"/"+PointerToken(m.Key), m.Value)
				}
			}
		}
	}
	if n.Kind == Array || n.Kind == Object {
		walk("", n)
	}
}

// Walk calls fn for every node with its JSON Pointer, parents first.
func (n *Node) Walk(fn func(pointer string, node *Node)) {
	var walk func(string, *Node)
	walk = func(ptr string, nd *Node) {
		fn(ptr, nd)
		switch nd.Kind {
		case Array:
			for i, it := range nd.Items {
				walk(ptr+"/"+strconv.Itoa(i), it)
			}
		case Object:
			for _, m := range nd.Members {
				walk(ptr+"/"+PointerToken(m.Key), m.Value)
			}
		}
	}
	walk("", n)
}
