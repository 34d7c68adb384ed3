package main

import (
	"fmt"
	"os"
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
