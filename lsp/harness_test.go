package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// client is an editor's side of a session, speaking JSON-RPC to a server
// through an in-memory pipe, as an editor does over stdio.
type client struct {
	t     testing.TB
	raw   net.Conn
	conn  jsonrpc2.Conn
	diags chan protocol.PublishDiagnosticsParams
	done  chan error
}

// startRaw starts a server; before returns the client end so a test can
// write raw frames before the JSON-RPC client takes it over.
func startRaw(t testing.TB, opts Options, before func(net.Conn)) *client {
	return startIn(t, opts, before, &protocol.InitializeParams{})
}

// startIn starts a server with the given initialize parameters (a
// workspace folder, say).
func startIn(t testing.TB, opts Options, before func(net.Conn), init *protocol.InitializeParams) *client {
	t.Helper()
	srv, cli := net.Pipe()
	c := &client{t: t, raw: cli, diags: make(chan protocol.PublishDiagnosticsParams, 1000), done: make(chan error, 1)}
	go func() { c.done <- Serve(context.Background(), srv, opts) }()
	if before != nil {
		before(cli)
	}
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(cli))
	c.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(req.Params(), &p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			c.diags <- p
		}
		return reply(ctx, nil, nil)
	})
	t.Cleanup(func() { c.conn.Close() })
	var res protocol.InitializeResult
	c.call(protocol.MethodInitialize, init, &res)
	if res.ServerInfo == nil || res.ServerInfo.Name != "muster" {
		t.Fatalf("initialize: server info %+v", res.ServerInfo)
	}
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	return c
}

func start(t testing.TB, opts Options) *client { return startRaw(t, opts, nil) }

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) open(path string, version int32, text string) protocol.DocumentURI {
	c.t.Helper()
	u := uriOf(path)
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: u, LanguageID: "json", Version: version, Text: text}})
	return u
}

func (c *client) change(u protocol.DocumentURI, version int32, text string) {
	c.t.Helper()
	c.notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": version},
		"contentChanges": []map[string]any{{"text": text}},
	})
}

// waitDiags returns the first publication for the document at the version.
func (c *client) waitDiags(u protocol.DocumentURI, version int32) []protocol.Diagnostic {
	c.t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case p := <-c.diags:
			if p.URI == u && p.Version == uint32(version) {
				return p.Diagnostics
			}
		case <-timeout:
			c.t.Fatalf("no diagnostics for %s version %d", u, version)
		}
	}
}

// waitUntil returns the first publication for the document that satisfies
// ok: a module edit re-checks open scenarios more than once.
func (c *client) waitUntil(u protocol.DocumentURI, what string, ok func([]protocol.Diagnostic) bool) []protocol.Diagnostic {
	c.t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case p := <-c.diags:
			if p.URI == u && ok(p.Diagnostics) {
				return p.Diagnostics
			}
		case <-timeout:
			c.t.Fatalf("%s: no such diagnostics for %s", what, u)
		}
	}
}

// shutdown ends the session as an editor does and checks the server
// returned cleanly.
func (c *client) shutdown() {
	c.t.Helper()
	c.call(protocol.MethodShutdown, nil, nil)
	c.notify(protocol.MethodExit, nil)
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Fatalf("server after shutdown and exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		c.t.Fatal("server did not stop after exit")
	}
}

// posOf is the LSP position of the nth (from 0) occurrence of sub in text,
// plus delta bytes.
func posOf(t testing.TB, text, sub string, nth, delta int) protocol.Position {
	t.Helper()
	off := -1
	from := 0
	for i := 0; i <= nth; i++ {
		j := bytes.Index([]byte(text[from:]), []byte(sub))
		if j < 0 {
			t.Fatalf("%q occurs fewer than %d times", sub, nth+1)
		}
		off = from + j
		from = off + 1
	}
	return newLineIndex([]byte(text)).position(off + delta)
}

func shipped(t testing.TB, rel string) (string, string) {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "scenarios", rel))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return p, string(b)
}
