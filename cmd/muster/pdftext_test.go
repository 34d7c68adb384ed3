package main

// A small reader of the PDFs the tests print (headless Chromium's cards,
// LibreOffice's printed workbooks): the text of each page with the size it
// is printed at, through each font's ToUnicode map. It reads what those
// two programs write (objects in the open, Flate streams), not every PDF;
// poppler's pdftotext would do as well where it is installed, but CI has
// no need of it.

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

type (
	pdfName   string
	pdfString []byte
	pdfRef    int
	pdfOp     string
)

// pdfLexer reads PDF objects (and content-stream operators) from bytes.
type pdfLexer struct {
	b []byte
	i int
}

func pdfDelim(c byte) bool { return strings.IndexByte("()<>[]{}/%", c) >= 0 }
func pdfSpace(c byte) bool { return strings.IndexByte(" \t\r\n\f\x00", c) >= 0 }

func (l *pdfLexer) skip() {
	for l.i < len(l.b) {
		switch c := l.b[l.i]; {
		case pdfSpace(c):
			l.i++
		case c == '%':
			for l.i < len(l.b) && l.b[l.i] != '\n' && l.b[l.i] != '\r' {
				l.i++
			}
		default:
			return
		}
	}
}

func (l *pdfLexer) word() string {
	start := l.i
	for l.i < len(l.b) && !pdfSpace(l.b[l.i]) && !pdfDelim(l.b[l.i]) {
		l.i++
	}
	return string(l.b[start:l.i])
}

// next reads one object; ok is false at the end. A bare keyword other than
// true, false and null comes back as a pdfOp (and ">>" or "]" as the op
// that closes a dictionary or an array).
func (l *pdfLexer) next() (v any, ok bool) {
	l.skip()
	if l.i >= len(l.b) {
		return nil, false
	}
	c := l.b[l.i]
	switch {
	case c == '/':
		l.i++
		return pdfName(l.word()), true
	case c == '(':
		return l.literal(), true
	case c == '<' && l.i+1 < len(l.b) && l.b[l.i+1] == '<':
		l.i += 2
		d := map[string]any{}
		for {
			k, ok := l.next()
			if !ok || k == pdfOp(">>") {
				return d, true
			}
			v, _ := l.next()
			if n, isName := k.(pdfName); isName {
				d[string(n)] = v
			}
		}
	case c == '>' && l.i+1 < len(l.b) && l.b[l.i+1] == '>':
		l.i += 2
		return pdfOp(">>"), true
	case c == '<':
		l.i++
		end := bytes.IndexByte(l.b[l.i:], '>')
		if end < 0 {
			end = len(l.b) - l.i
		}
		hex := strings.Map(func(r rune) rune {
			if pdfSpace(byte(r)) {
				return -1
			}
			return r
		}, string(l.b[l.i:l.i+end]))
		l.i += end + 1
		if len(hex)%2 == 1 {
			hex += "0"
		}
		out := make([]byte, len(hex)/2)
		for j := range out {
			n, _ := strconv.ParseUint(hex[2*j:2*j+2], 16, 8)
			out[j] = byte(n)
		}
		return pdfString(out), true
	case c == '[':
		l.i++
		var a []any
		for {
			v, ok := l.next()
			if !ok || v == pdfOp("]") {
				return a, true
			}
			a = append(a, v)
		}
	case c == ']':
		l.i++
		return pdfOp("]"), true
	case c == '{' || c == '}':
		l.i++
		return pdfOp(string(c)), true
	}
	w := l.word()
	if w == "" {
		l.i++
		return pdfOp(string(c)), true
	}
	if f, err := strconv.ParseFloat(w, 64); err == nil {
		// "N G R" is a reference.
		save := l.i
		l.skip()
		g := l.word()
		l.skip()
		if _, gerr := strconv.Atoi(g); gerr == nil && l.i < len(l.b) && l.b[l.i] == 'R' && (l.i+1 == len(l.b) || pdfSpace(l.b[l.i+1]) || pdfDelim(l.b[l.i+1])) {
			l.i++
			return pdfRef(int(f)), true
		}
		l.i = save
		return f, true
	}
	switch w {
	case "true":
		return true, true
	case "false":
		return false, true
	case "null":
		return nil, true
	}
	return pdfOp(w), true
}

func (l *pdfLexer) literal() pdfString {
	l.i++ // (
	var out []byte
	depth := 1
	for l.i < len(l.b) {
		c := l.b[l.i]
		l.i++
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return out
			}
		case '\\':
			if l.i >= len(l.b) {
				return out
			}
			e := l.b[l.i]
			l.i++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r', '\n':
				if e == '\r' && l.i < len(l.b) && l.b[l.i] == '\n' {
					l.i++
				}
				continue
			default:
				if e >= '0' && e <= '7' {
					n := int(e - '0')
					for k := 0; k < 2 && l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '7'; k++ {
						n = n*8 + int(l.b[l.i]-'0')
						l.i++
					}
					c = byte(n)
				} else {
					c = e
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// pdfFile is a parsed PDF: its objects and their decoded streams.
type pdfFile struct {
	objs    map[int]any
	streams map[int][]byte
}

var pdfObjHead = regexp.MustCompile(`(\d+)\s+(\d+)\s+obj\b`)

func pdfParse(t *testing.T, data []byte) *pdfFile {
	t.Helper()
	f := &pdfFile{objs: map[int]any{}, streams: map[int][]byte{}}
	type pending struct {
		n     int
		start int
		dict  map[string]any
	}
	for pos := 0; pos < len(data); {
		m := pdfObjHead.FindSubmatchIndex(data[pos:])
		if m == nil {
			break
		}
		n, _ := strconv.Atoi(string(data[pos+m[2] : pos+m[3]]))
		l := &pdfLexer{b: data, i: pos + m[1]}
		v, _ := l.next()
		f.objs[n] = v
		pos = l.i
		d, isDict := v.(map[string]any)
		l.skip()
		if !isDict || !bytes.HasPrefix(data[l.i:], []byte("stream")) {
			continue
		}
		start := l.i + len("stream")
		if start < len(data) && data[start] == '\r' {
			start++
		}
		if start < len(data) && data[start] == '\n' {
			start++
		}
		end := -1
		if length, ok := d["Length"].(float64); ok && start+int(length) <= len(data) && bytes.HasPrefix(bytes.TrimLeft(data[start+int(length):], "\r\n "), []byte("endstream")) {
			end = start + int(length)
		} else if k := bytes.Index(data[start:], []byte("endstream")); k >= 0 {
			end = start + k
		}
		if end < 0 {
			t.Fatalf("PDF object %d: a stream without its end", n)
		}
		raw := data[start:end]
		pos = end + len("endstream")
		filter := fmt.Sprint(d["Filter"])
		if strings.Contains(filter, "FlateDecode") {
			r, err := zlib.NewReader(bytes.NewReader(raw))
			if err != nil {
				continue // a stream muster's tests do not read (an image)
			}
			dec, err := io.ReadAll(r)
			if err != nil && len(dec) == 0 {
				continue
			}
			raw = dec
		} else if filter != "<nil>" {
			continue
		}
		f.streams[n] = raw
	}
	return f
}

// get follows a reference.
func (f *pdfFile) get(v any) any {
	for i := 0; i < 32; i++ {
		r, ok := v.(pdfRef)
		if !ok {
			return v
		}
		v = f.objs[int(r)]
	}
	return nil
}

func (f *pdfFile) dict(v any) map[string]any {
	d, _ := f.get(v).(map[string]any)
	return d
}

// pdfRun is a piece of text a page shows, with the size it is printed at
// (the font size times the text and graphics scaling) and where.
type pdfRun struct {
	Text string
	Size float64
	X, Y float64
}

// pdfPage is a page's text runs.
type pdfPage struct {
	Runs []pdfRun
}

// Text is the page's text, runs joined by spaces.
func (p pdfPage) Text() string {
	var parts []string
	for _, r := range p.Runs {
		parts = append(parts, r.Text)
	}
	return strings.Join(parts, " ")
}

// pages reads the text of every page, in the order of the page tree.
func (f *pdfFile) pages(t *testing.T) []pdfPage {
	t.Helper()
	var root map[string]any
	for _, v := range f.objs {
		if d, ok := v.(map[string]any); ok && d["Type"] == pdfName("Catalog") {
			root = d
		}
	}
	if root == nil {
		t.Fatal("PDF: no catalog")
	}
	var out []pdfPage
	var walk func(node map[string]any, inherited any, depth int)
	walk = func(node map[string]any, inherited any, depth int) {
		if node == nil || depth > 32 {
			return
		}
		if res, ok := node["Resources"]; ok {
			inherited = res
		}
		if node["Type"] == pdfName("Pages") {
			kids, _ := f.get(node["Kids"]).([]any)
			for _, k := range kids {
				walk(f.dict(k), inherited, depth+1)
			}
			return
		}
		out = append(out, f.page(t, node, f.dict(inherited)))
	}
	walk(f.dict(root["Pages"]), nil, 0)
	return out
}

// pdfCMap maps character codes to text.
type pdfCMap struct {
	width int // bytes per code
	m     map[uint32]string
}

func (f *pdfFile) cmap(v any) *pdfCMap {
	r, ok := v.(pdfRef)
	if !ok {
		return nil
	}
	src, ok := f.streams[int(r)]
	if !ok {
		return nil
	}
	cm := &pdfCMap{width: 1, m: map[uint32]string{}}
	code := func(b pdfString) uint32 {
		var n uint32
		for _, c := range b {
			n = n<<8 | uint32(c)
		}
		return n
	}
	text := func(b pdfString) string {
		if len(b)%2 == 1 {
			return string(b)
		}
		u := make([]uint16, len(b)/2)
		for i := range u {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		}
		return string(utf16.Decode(u))
	}
	l := &pdfLexer{b: src}
	var stack []any
	for {
		v, ok := l.next()
		if !ok {
			break
		}
		op, isOp := v.(pdfOp)
		if !isOp {
			stack = append(stack, v)
			continue
		}
		switch op {
		case "endcodespacerange":
			if len(stack) > 0 {
				if s, ok := stack[0].(pdfString); ok && len(s) > 0 {
					cm.width = len(s)
				}
			}
		case "endbfchar":
			for i := 0; i+1 < len(stack); i += 2 {
				s, ok1 := stack[i].(pdfString)
				d, ok2 := stack[i+1].(pdfString)
				if ok1 && ok2 {
					cm.m[code(s)] = text(d)
				}
			}
		case "endbfrange":
			for i := 0; i+2 < len(stack); i += 3 {
				lo, ok1 := stack[i].(pdfString)
				hi, ok2 := stack[i+1].(pdfString)
				if !ok1 || !ok2 {
					continue
				}
				switch d := stack[i+2].(type) {
				case pdfString:
					base := []rune(text(d))
					for c := code(lo); c <= code(hi) && c-code(lo) < 1<<16; c++ {
						r := append([]rune(nil), base...)
						if len(r) > 0 {
							r[len(r)-1] += rune(c - code(lo))
						}
						cm.m[c] = string(r)
					}
				case []any:
					for k, x := range d {
						if s, ok := x.(pdfString); ok {
							cm.m[code(lo)+uint32(k)] = text(s)
						}
					}
				}
			}
		}
		stack = stack[:0]
	}
	return cm
}

func (cm *pdfCMap) decode(s pdfString) string {
	if cm == nil {
		return string(s)
	}
	var b strings.Builder
	for i := 0; i+cm.width <= len(s); i += cm.width {
		var c uint32
		for _, x := range s[i : i+cm.width] {
			c = c<<8 | uint32(x)
		}
		b.WriteString(cm.m[c])
	}
	return b.String()
}

type pdfMatrix [6]float64

var pdfIdentity = pdfMatrix{1, 0, 0, 1, 0, 0}

func (m pdfMatrix) mul(n pdfMatrix) pdfMatrix {
	return pdfMatrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (f *pdfFile) page(t *testing.T, pg map[string]any, res map[string]any) pdfPage {
	fonts := map[string]*pdfCMap{}
	for name, ref := range f.dict(res["Font"]) {
		fonts[name] = f.cmap(f.dict(ref)["ToUnicode"])
	}
	var content []byte
	switch c := pg["Contents"].(type) {
	case pdfRef:
		content = f.streams[int(c)]
	case []any:
		for _, r := range c {
			if ref, ok := r.(pdfRef); ok {
				content = append(append(content, f.streams[int(ref)]...), '\n')
			}
		}
	}
	var out pdfPage
	ctm, tm, tlm := pdfIdentity, pdfIdentity, pdfIdentity
	var saved []pdfMatrix
	var font *pdfCMap
	size := 0.0
	l := &pdfLexer{b: content}
	var ops []any
	num := func(i int) float64 {
		if i < len(ops) {
			if x, ok := ops[i].(float64); ok {
				return x
			}
		}
		return 0
	}
	show := func(text string) {
		if strings.TrimSpace(text) == "" {
			return
		}
		m := tm.mul(ctm)
		scale := math.Sqrt(math.Abs(m[0]*m[3] - m[1]*m[2]))
		out.Runs = append(out.Runs, pdfRun{Text: text, Size: size * scale, X: m[4], Y: m[5]})
	}
	for {
		v, ok := l.next()
		if !ok {
			break
		}
		op, isOp := v.(pdfOp)
		if !isOp {
			ops = append(ops, v)
			continue
		}
		switch op {
		case "q":
			saved = append(saved, ctm)
		case "Q":
			if n := len(saved); n > 0 {
				ctm, saved = saved[n-1], saved[:n-1]
			}
		case "cm":
			ctm = pdfMatrix{num(0), num(1), num(2), num(3), num(4), num(5)}.mul(ctm)
		case "BT":
			tm, tlm = pdfIdentity, pdfIdentity
		case "Tf":
			if len(ops) >= 2 {
				name, _ := ops[0].(pdfName)
				font, size = fonts[string(name)], num(1)
			}
		case "Tm":
			tm = pdfMatrix{num(0), num(1), num(2), num(3), num(4), num(5)}
			tlm = tm
		case "Td", "TD":
			tlm = pdfMatrix{1, 0, 0, 1, num(0), num(1)}.mul(tlm)
			tm = tlm
		case "Tj", "'", `"`:
			if len(ops) > 0 {
				if s, ok := ops[len(ops)-1].(pdfString); ok {
					show(font.decode(s))
				}
			}
		case "TJ":
			if len(ops) > 0 {
				if a, ok := ops[0].([]any); ok {
					var b strings.Builder
					for _, x := range a {
						switch x := x.(type) {
						case pdfString:
							b.WriteString(font.decode(x))
						case float64:
							if x < -250 {
								b.WriteByte(' ')
							}
						}
					}
					show(b.String())
				}
			}
		}
		ops = ops[:0]
	}
	return out
}
