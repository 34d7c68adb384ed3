package lsp

import (
	"bytes"
	"context"
	"io"
	"net"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// FuzzChange applies any edit at any position to a shipped scenario, then
// checks it and asks every feature about any position: nothing may panic
// (a panic in a handler would still be answered, but the checks and
// features must not rely on that).
func FuzzChange(f *testing.F) {
	path, text := shipped(f, "tpc/scenarios/01-my-best-achievement.json")
	f.Add(uint16(32), uint16(140), uint16(32), uint16(145), `"S9910"`, uint16(32), uint16(141))
	f.Add(uint16(0), uint16(0), uint16(999), uint16(0), `{"name": "X", "unit": "c.`, uint16(0), uint16(24))
	f.Add(uint16(32), uint16(60), uint16(32), uint16(60), "\"\\u00e9\U0001F600", uint16(32), uint16(61))
	f.Add(uint16(5), uint16(3), uint16(2), uint16(1), "", uint16(65535), uint16(65535))
	f.Add(uint16(0), uint16(0), uint16(0), uint16(0), "not json", uint16(0), uint16(3))
	// One server for all inputs, so the module loads once; each input
	// reopens the scenario from the shipped text.
	a, b := net.Pipe()
	f.Cleanup(func() { a.Close() })
	go io.Copy(io.Discard, b)
	ctx := context.Background()
	s := newServer(ctx, a, Options{Debounce: time.Hour, BuiltinDir: f.TempDir()})
	u := uriOf(path)
	f.Fuzz(func(t *testing.T, l1, c1, l2, c2 uint16, insert string, pl, pc uint16) {
		s.didOpen(ctx, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, Version: 1, Text: text}})
		var p didChangeParams
		p.TextDocument.URI, p.TextDocument.Version = u, 2
		r := &protocol.Range{Start: protocol.Position{Line: uint32(l1), Character: uint32(c1)}, End: protocol.Position{Line: uint32(l2), Character: uint32(c2)}}
		p.ContentChanges = append(p.ContentChanges, struct {
			Range *protocol.Range `json:"range,omitempty"`
			Text  string          `json:"text"`
		}{r, insert})
		s.didChange(p)
		s.publish(ctx, path)
		pos := protocol.Position{Line: uint32(pl), Character: uint32(pc)}
		s.hover(u, pos)
		s.completion(u, pos)
		s.definition(u, pos)
		s.symbols(u)
		s.formatting(u)
		s.codeActions(protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: protocol.Range{Start: pos, End: pos}})
		s.mu.Lock()
		for _, tm := range s.timers {
			tm.Stop()
		}
		s.mu.Unlock()
	})
}

// rwc is a byte stream for the frame reader: reads from r, writes nowhere.
type rwc struct{ io.Reader }

func (rwc) Write(p []byte) (int, error) { return len(p), nil }
func (rwc) Close() error                { return nil }

// FuzzFrames feeds any bytes to the frame reader (the server's parser of
// its input stream): it returns messages or an error, never panics, and
// never reads a body past MaxMessage into memory.
func FuzzFrames(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 52\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}        "))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("content-length:3\n\n[1]Content-Length: -1\r\n\r\n"))
	f.Add([]byte("X: y\r\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		skips := 0
		s := newFrameStream(rwc{bytes.NewReader(data)}, func(size, limit int64) {
			if size <= limit {
				t.Fatalf("skipped a message of %d bytes under the limit %d", size, limit)
			}
			skips++
		})
		var total int64
		for range 100 {
			_, n, err := s.Read(context.Background())
			total += n
			if err != nil {
				break
			}
		}
		if total > int64(len(data)) {
			t.Fatalf("read %d bytes of %d", total, len(data))
		}
	})
}
