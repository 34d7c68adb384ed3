package jsonsrc

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, code string
		line, col       int
	}{
		{"duplicate key", "{\n  \"a\": 1,\n  \"a\": 2\n}", "json-duplicate-key", 3, 3},
		{"trailing data", "{\"a\": 1}\n{}", "json-trailing-data", 2, 1},
		{"trailing comma in object", "{\"a\": 1,\n}", "json-syntax", 2, 1},
		{"trailing comma in array", "[1, 2, ]", "json-syntax", 1, 8},
		{"missing comma", "{\"a\": 1\n \"b\": 2}", "json-syntax", 2, 2},
		{"unterminated string", "{\"a\": \"x", "json-syntax", 1, 9},
		{"single quotes", "{'a': 1}", "json-syntax", 1, 2},
		{"equals sign", "{\"a\" = 1}", "json-syntax", 1, 6},
		{"leading zero", "[01]", "json-syntax", 1, 3},
		{"bad literal", "[True]", "json-syntax", 1, 2},
		{"empty", "  \n ", "json-syntax", 2, 2},
		{"invalid utf-8", "[\"\xff\"]", "json-syntax", 1, 3},
		{"bad escape", `["\q"]`, "json-syntax", 1, 3},
		{"line break in string", "[\"a\nb\"]", "json-syntax", 1, 4},
		{"unclosed object", "{\"a\": [1, 2]", "json-syntax", 1, 13},
		{"column counts characters", "{\"é\": 1, \"é\": 2}", "json-duplicate-key", 1, 10},
		{"number too large", "[1, 1e400]", "json-syntax", 1, 5},
		{"number too small", "[1e-400]", "json-syntax", 1, 2},
		{"number too long", "[" + strings.Repeat("1", 65) + "]", "json-syntax", 1, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src))
			if err == nil {
				t.Fatalf("Parse(%q) succeeded, want %s", tt.src, tt.code)
			}
			f := NewFile("x.json", []byte(tt.src))
			pos := f.Pos(err.Offset)
			if err.Code != tt.code || pos.Line != tt.line || pos.Col != tt.col {
				t.Errorf("Parse(%q) = %s at %d:%d (%s), want %s at %d:%d", tt.src, err.Code, pos.Line, pos.Col, err.Msg, tt.code, tt.line, tt.col)
			}
		})
	}
}

func TestDuplicateKeyRelated(t *testing.T) {
	src := "{\n \"id\": 1,\n \"id\": 2}"
	_, err := Parse([]byte(src))
	if err == nil || err.Related < 0 {
		t.Fatalf("want duplicate-key error with related position, got %v", err)
	}
	if got := NewFile("x", []byte(src)).Pos(err.Related); got.Line != 2 || got.Col != 2 {
		t.Errorf("first occurrence at %d:%d, want 2:2", got.Line, got.Col)
	}
}

func TestParseMatchesEncodingJSON(t *testing.T) {
	src := `{"a": [1, -2.5e3, "x\u00e9\n\ud83d\ude00", true, false, null, {}], "b": {"c": []}, "d": "\"/\\"}`
	n, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var want any
	dec := json.NewDecoder(strings.NewReader(src))
	dec.UseNumber()
	if err := dec.Decode(&want); err != nil {
		t.Fatal(err)
	}
	if got := n.Interface(); !reflect.DeepEqual(got, want) {
		t.Errorf("Interface() = %#v\nwant %#v", got, want)
	}
}

func TestLookupAndSpans(t *testing.T) {
	src := "{\n  \"setup\": [\n    {\"hex\": \"S0907\", \"a/b\": 1, \"t~\": 2}\n  ]\n}"
	root, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := NewFile("s.json", []byte(src))
	tests := []struct {
		ptr       string
		text      string
		line, col int
	}{
		{"/setup/0/hex", `"S0907"`, 3, 13},
		{"/setup/0/a~1b", "1", 3, 29},
		{"/setup/0/t~0", "2", 3, 38},
		{"", src, 1, 1},
	}
	for _, tt := range tests {
		n, _ := root.Lookup(tt.ptr)
		if n == nil {
			t.Fatalf("Lookup(%q) = nil", tt.ptr)
		}
		if got := src[n.Start:n.End]; got != tt.text {
			t.Errorf("Lookup(%q) spans %q, want %q", tt.ptr, got, tt.text)
		}
		if p := f.Pos(n.Start); p.Line != tt.line || p.Col != tt.col {
			t.Errorf("Lookup(%q) at %d:%d, want %d:%d", tt.ptr, p.Line, p.Col, tt.line, tt.col)
		}
	}
	for _, bad := range []string{"/setup/1", "/setup/x", "/nope", "setup", "/setup/0/hex/0"} {
		if n, _ := root.Lookup(bad); n != nil {
			t.Errorf("Lookup(%q) = %v, want nil", bad, n)
		}
	}
	_, m := root.Lookup("/setup/0/hex")
	if m == nil || src[m.KeyStart:m.KeyEnd] != `"hex"` {
		t.Errorf("member key span wrong: %+v", m)
	}
}

func TestDepthLimit(t *testing.T) {
	src := strings.Repeat("[", MaxDepth+2) + strings.Repeat("]", MaxDepth+2)
	if _, err := Parse([]byte(src)); err == nil || err.Code != "json-depth" {
		t.Fatalf("want json-depth error, got %v", err)
	}
}

// FuzzParse: any input either parses to the value encoding/json decodes or
// fails with an in-range offset; never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":null}]}`, `{"a":1,"a":2}`, `[1,]`, `"\ud800"`, "\xff", `{"k":"v"} x`, `-0.5e+3`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		n, err := Parse(src)
		if err != nil {
			if err.Offset < 0 || err.Offset > len(src) {
				t.Fatalf("offset %d out of range 0..%d", err.Offset, len(src))
			}
			return
		}
		if n.Start < 0 || n.End > len(src) || n.Start > n.End {
			t.Fatalf("bad span %d..%d", n.Start, n.End)
		}
		// Anything we accept, encoding/json accepts with the same value
		// (ours is stricter: duplicates, invalid UTF-8).
		var want any
		dec := json.NewDecoder(bytes.NewReader(src))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("we accepted what encoding/json rejects: %v", err)
		}
		if !utf8.Valid(src) {
			t.Fatalf("accepted invalid UTF-8")
		}
		if got := n.Interface(); !reflect.DeepEqual(got, want) {
			t.Fatalf("value differs from encoding/json: %#v vs %#v", got, want)
		}
		n.Walk(func(ptr string, node *Node) {
			if got, _ := n.Lookup(ptr); got != node {
				t.Fatalf("Lookup(%q) does not find the walked node", ptr)
			}
		})
	})
}

// FuzzPos: the line index agrees with a naive count for every offset.
func FuzzPos(f *testing.F) {
	f.Add([]byte("a\nbc\r\néx\n"), 5)
	f.Add([]byte(""), 0)
	// One long line of multi-byte characters: the column comes from the
	// rune marks, not from counting the whole line.
	f.Add([]byte("x\n"+strings.Repeat("é\xffa", 3000)), 7001)
	f.Add([]byte(strings.Repeat("€", 2000)), 4001) // inside a character
	f.Fuzz(func(t *testing.T, src []byte, off int) {
		file := NewFile("f", src)
		p := file.Pos(off)
		o := min(max(off, 0), len(src))
		line := 1 + bytes.Count(src[:o], []byte{'\n'})
		start := bytes.LastIndexByte(src[:o], '\n') + 1
		col := utf8.RuneCount(src[start:o]) + 1
		if p.Line != line || p.Col != col || p.Byte != o {
			t.Fatalf("Pos(%d) = %+v, want line %d col %d byte %d", off, p, line, col, o)
		}
		_ = file.Line(p.Line)
		// The language server's positions: UTF-16 units on a 0-based line.
		l16, u16 := file.UTF16(off)
		units := 0
		for _, r := range []rune(string(src[start:o])) {
			units += utf16.RuneLen(r)
		}
		if l16 != line-1 || u16 != units {
			t.Fatalf("UTF16(%d) = %d:%d, want %d:%d", off, l16, u16, line-1, units)
		}
		// And back: counting units from the line start.
		end := len(src)
		if k := bytes.IndexByte(src[start:], '\n'); k >= 0 {
			end = start + k
		}
		want, have := start, 0
		for want < end && have < off%(end-start+3) {
			r, n := utf8.DecodeRune(src[want:])
			want += n
			have += utf16.RuneLen(r)
		}
		if got := file.OffsetUTF16(line-1, off%(end-start+3)); got != min(want, end) {
			t.Fatalf("OffsetUTF16(%d, %d) = %d, want %d", line-1, off%(end-start+3), got, min(want, end))
		}
	})
}
