package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestLSPCommandOverStdio runs `muster lsp` as an editor starts it: LSP
// frames on standard input (initialize, shutdown, exit), replies on
// standard output, exit status 0 after a clean shutdown.
func TestLSPCommandOverStdio(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":0,"rootUri":null,"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	} {
		fmt.Fprintf(w, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	w.Close()
	saved := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = saved }()
	code, out, errOut := muster(t, "lsp")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	for _, want := range []string{`"id":1`, `"serverInfo":{"name":"muster"`, `"hoverProvider":true`, `"id":2`} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %s:\n%s", want, out)
		}
	}
	if code, _, _ := muster(t, "lsp", "extra"); code != 2 {
		t.Errorf("muster lsp extra: exit %d, want 2", code)
	}
	if code, _, _ := muster(t, "lsp", "--disable", "no-such-check"); code != 2 {
		t.Errorf("muster lsp --disable no-such-check: exit %d, want 2", code)
	}
}

// lspFrames splits the server's output into frames, failing the test if a
// Content-Length does not match a JSON body.
func lspFrames(t *testing.T, out string) []map[string]any {
	t.Helper()
	var frames []map[string]any
	for out != "" {
		head, rest, ok := strings.Cut(out, "\r\n\r\n")
		if !ok {
			t.Fatalf("a frame without a header end: %q", out)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(head, "Content-Length: "))
		if err != nil || n > len(rest) {
			t.Fatalf("bad header %q (%d bytes left)", head, len(rest))
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(rest[:n]), &m); err != nil {
			t.Fatalf("a frame's Content-Length does not match its body: %v\n%q", err, rest[:n])
		}
		frames = append(frames, m)
		out = rest[n:]
	}
	return frames
}

func lspSession(t *testing.T, bodies ...string) (int, string, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for _, body := range bodies {
			fmt.Fprintf(w, "Content-Length: %d\r\n\r\n%s", len(body), body)
		}
		w.Close()
	}()
	saved := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = saved }()
	return muster(t, "lsp")
}

// Issue 31 item 2: the protocol is data, not text for a terminal. A bidi
// mark and a C1 control in a document come back in a formatting reply as
// they are, and every frame's Content-Length is its body's length (the
// terminal escaper rewrote them after the length was written).
func TestHostileLSPRepliesNotEscaped(t *testing.T) {
	doc := "{\"$schema\": \"scenario.schema.json\", \"title\": \"A\u202eB\u0085C\"}"
	text, _ := json.Marshal(doc)
	code, out, errOut := lspSession(t,
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/x/bidi.json","languageId":"json","version":1,"text":`+string(text)+`}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///tmp/x/bidi.json"},"options":{"tabSize":2,"insertSpaces":true}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	found := false
	for _, f := range lspFrames(t, out) {
		if id, _ := f["id"].(float64); id == 2 {
			found = strings.Contains(fmt.Sprint(f["result"]), "A\u202eB\u0085C")
		}
	}
	if !found {
		t.Errorf("the formatting reply lacks the title as written:\n%q", out)
	}
}

// Issue 31 item 6: a broken frame ends `muster lsp` with its cause, not
// with "the client left without a shutdown request".
func TestHostileLSPBrokenFrameReported(t *testing.T) {
	r, w, _ := os.Pipe()
	go func() { io.WriteString(w, "Content-Length: -5\r\n\r\n{}"); w.Close() }()
	saved := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = saved }()
	code, _, errOut := muster(t, "lsp")
	if code != 1 || !strings.Contains(errOut, `bad Content-Length: "-5"`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
}
