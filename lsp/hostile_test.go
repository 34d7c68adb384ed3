package lsp

// Hostile input for the language server (issue 31, items 1-6): every input
// is built here at test time. .ci/run runs the tests named TestHostile*
// under a memory cap, so a read that loses its bound fails loudly.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// wire is an editor's end of a session at the level of bytes: it writes
// frames as given and reads each reply frame whole, checking that its
// Content-Length is the length of a JSON body.
type wire struct {
	t    *testing.T
	conn net.Conn
	in   *bufio.Reader
	done chan error
}

func startWire(t *testing.T, opts Options) *wire {
	t.Helper()
	srv, cli := net.Pipe()
	w := &wire{t: t, conn: cli, in: bufio.NewReader(cli), done: make(chan error, 1)}
	go func() { w.done <- Serve(context.Background(), srv, opts) }()
	t.Cleanup(func() { cli.Close() })
	return w
}

func (w *wire) send(body string) {
	w.t.Helper()
	w.conn.SetWriteDeadline(time.Now().Add(30 * time.Second))
	if _, err := fmt.Fprintf(w.conn, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		w.t.Fatalf("send: %v", err)
	}
}

// next reads the next frame from the server and decodes its body.
func (w *wire) next(timeout time.Duration) map[string]any {
	w.t.Helper()
	w.conn.SetReadDeadline(time.Now().Add(timeout))
	length := -1
	for {
		line, err := w.in.ReadString('\n')
		if err != nil {
			w.t.Fatalf("reading a reply header: %v", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			length, _ = strconv.Atoi(v)
		}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(w.in, body); err != nil {
		w.t.Fatalf("reading a reply body of %d bytes: %v", length, err)
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		w.t.Fatalf("a reply frame is not one JSON message (its Content-Length is wrong?): %v\n%q", err, body)
	}
	return m
}

// until reads frames until one satisfies ok.
func (w *wire) until(what string, ok func(map[string]any) bool) map[string]any {
	w.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m := w.next(time.Until(deadline)); ok(m) {
			return m
		}
	}
	w.t.Fatalf("no %s", what)
	return nil
}

func isReply(id float64) func(map[string]any) bool {
	return func(m map[string]any) bool { v, ok := m["id"].(float64); return ok && v == id && m["method"] == nil }
}

// Item 6: a message longer than MaxMessage is not held in memory: the
// user is told as soon as its header arrives, its bytes are discarded as
// they come, and the session goes on. A broken frame ends the session
// with its real cause, not "the client left".
func TestHostileFrameLimit(t *testing.T) {
	w := startWire(t, Options{})
	// Its header, then the body in pieces: the notice must come before the
	// body is complete (the library's stream first allocated all of it).
	size := int64(MaxMessage + 1)
	fmt.Fprintf(w.conn, "Content-Length: %d\r\n\r\n", size)
	sent := make(chan error, 1)
	go func() {
		chunk := bytes.Repeat([]byte{' '}, 1<<20)
		var n int64
		for n < size {
			k, err := w.conn.Write(chunk[:min(int64(len(chunk)), size-n)])
			if err != nil {
				sent <- err
				return
			}
			n += int64(k)
		}
		sent <- nil
	}()
	m := w.until("notice of the skipped message", func(m map[string]any) bool { return m["method"] == protocol.MethodWindowShowMessage })
	if msg := fmt.Sprint(m["params"]); !strings.Contains(msg, fmt.Sprintf("skipped a message of %d bytes", size)) {
		t.Errorf("notice: %s", msg)
	}
	if err := <-sent; err != nil {
		t.Fatalf("writing the body: %v", err)
	}
	w.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	w.until("reply to initialize after the skipped message", isReply(1))

	// A broken header: the session ends, and says why.
	fmt.Fprintf(w.conn, "Content-Length: many\r\n\r\n{}")
	select {
	case err := <-w.done:
		if err == nil || !strings.Contains(err.Error(), `bad Content-Length: "many"`) {
			t.Errorf("Serve after a broken frame: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop after a broken frame")
	}
}

// A header line without end, and a body shorter than its length: errors
// that name the frame.
func TestHostileFrameErrors(t *testing.T) {
	for name, c := range map[string]struct{ raw, want string }{
		"endless header": {strings.Repeat("X", 10000), "longer than 4096 bytes"},
		"short body":     {"Content-Length: 100\r\n\r\n{}", "reading a frame body of 100 bytes"},
		"no length":      {"Content-Type: x\r\n\r\n{}", "without a Content-Length"},
	} {
		t.Run(name, func(t *testing.T) {
			w := startWire(t, Options{})
			go func() { io.WriteString(w.conn, c.raw); w.conn.Close() }()
			select {
			case err := <-w.done:
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("Serve: %v, want %q", err, c.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the server did not stop")
			}
		})
	}
}

// Item 1: links to /dev/zero and /dev/stdin and a named pipe, all named
// *.json, in the workspace folder: the workspace check skips them unread
// and still checks the module's scenario on disk; the session ends cleanly.
func TestHostileWorkspaceSpecialFiles(t *testing.T) {
	dir := copyModule(t, "lgv")
	scn := filepath.Join(dir, "scenarios")
	if err := os.Symlink("/dev/zero", filepath.Join(scn, "zero.json")); err != nil {
		t.Skip(err)
	}
	os.Symlink("/dev/stdin", filepath.Join(scn, "stdin.json"))
	if err := mkfifo(filepath.Join(scn, "pipe.json")); err != nil {
		t.Skip(err)
	}
	c := startIn(t, Options{}, nil, &protocol.InitializeParams{WorkspaceFolders: []protocol.WorkspaceFolder{{URI: string(uriOf(dir)), Name: "lgv"}}})
	good := uriOf(filepath.Join(scn, "01-chancellorsville.json"))
	c.waitUntil(good, "the workspace check of the scenario on disk", func([]protocol.Diagnostic) bool { return true })
	c.shutdown()
}

// Item 3: closing a document whose path is a named pipe or /dev/zero
// neither blocks the read loop nor reads without bound: the next request
// is answered and the session ends cleanly.
func TestHostileDidCloseSpecialFile(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "pipe.json")
	if err := mkfifo(pipe); err != nil {
		t.Skip(err)
	}
	c := start(t, Options{})
	for _, p := range []string{pipe, "/dev/zero"} {
		u := c.open(p, 1, `{"$schema": "scenario.schema.json"}`)
		c.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
		c.waitUntil(u, "findings cleared after close", func(ds []protocol.Diagnostic) bool { return len(ds) == 0 })
	}
	done := make(chan struct{})
	go func() { c.shutdown(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("no answer after didClose of a special file")
	}
}

// Item 4: a burst of didChangeWatchedFiles makes a few workspace checks
// (one more after each that runs), not one each (1,000 concurrent checks exhausted
// memory).
func TestHostileWatchedFilesCoalesce(t *testing.T) {
	dir := copyModule(t, "lgv")
	c := startIn(t, Options{}, nil, &protocol.InitializeParams{WorkspaceFolders: []protocol.WorkspaceFolder{{URI: string(uriOf(dir)), Name: "lgv"}}})
	good := uriOf(filepath.Join(dir, "scenarios", "01-chancellorsville.json"))
	c.waitUntil(good, "the first workspace check", func([]protocol.Diagnostic) bool { return true })
	for range 1000 {
		c.notify(protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
			Changes: []*protocol.FileEvent{{URI: good, Type: protocol.FileChangeTypeChanged}}})
	}
	// Count the publications for the scenario until none came for 3 s.
	var mu sync.Mutex
	n := 0
	for quiet := time.After(3 * time.Second); ; {
		select {
		case p := <-c.diags:
			if p.URI == good {
				mu.Lock()
				n++
				mu.Unlock()
			}
			quiet = time.After(3 * time.Second)
			continue
		case <-quiet:
		}
		break
	}
	if n < 1 || n > 50 {
		t.Errorf("1,000 notifications made %d workspace checks, want a few (one while each runs)", n)
	}
	c.shutdown()
}

// minified is a ~1.2 MB scenario on one line: TPC 11 with its setup rows
// repeated (the copies are findings, which is more work, not less).
func minified(t testing.TB) (string, string) {
	path, text := shipped(t, "tpc/scenarios/11-the-petersburg-campaign.json")
	var doc map[string]any
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	setup := doc["setup"].([]any)
	for len(setup) > 0 {
		b, _ := json.Marshal(doc)
		if len(b) >= 1200000 {
			return path, string(b)
		}
		for _, s := range setup {
			g := s.(map[string]any)
			rows := g["rows"].([]any)
			g["rows"] = append(rows, rows...)
		}
	}
	t.Fatal("TPC 11 has no setup")
	return "", ""
}

// Item 5: positions on a minified document cost a search, not a scan of
// the line: documentSymbol on 1.2 MB on one line took 11.9 s.
func TestHostileMinifiedDocument(t *testing.T) {
	path, text := minified(t)
	if strings.Count(text, "\n") != 0 || len(text) < 1200000 {
		t.Fatalf("not a 1.2 MB line: %d bytes", len(text))
	}
	c := start(t, Options{Debounce: time.Millisecond})
	u := c.open(path, 1, text)
	t0 := time.Now()
	c.waitDiags(u, 1)
	check := time.Since(t0)
	t0 = time.Now()
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &syms)
	took := time.Since(t0)
	t.Logf("1.2 MB on one line: diagnostics %v, documentSymbol %v", check, took)
	if len(syms) == 0 {
		t.Fatal("no symbols")
	}
	if took > 3*time.Second {
		t.Errorf("documentSymbol took %v on a 1.2 MB line", took)
	}
	c.shutdown()
}
