// Package lsp is muster's language server: the Language Server Protocol
// 3.17 over a byte stream (stdio for `muster lsp`), so any editor with an
// LSP client checks scenarios as they are typed, with the same loader,
// index and checks as `muster validate`.
//
// The protocol types come from go.lsp.dev/protocol and the JSON-RPC framing
// from go.lsp.dev/jsonrpc2; this package only dispatches methods and
// answers from muster's own model.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/validate"
)

// Options configure a server.
type Options struct {
	// Debounce is how long the server waits after the last change of a
	// document before checking it, so a burst of keystrokes costs one check.
	Debounce time.Duration
	// Version is reported to the client as serverInfo.version.
	Version string
	// Validate selects the checks, as `muster validate --disable` does.
	Validate validate.Options
	// DocsURL is the check reference page (docs/checks.md); a finding
	// links to its code's section, DocsURL#CODE. Empty sends no link.
	DocsURL string
	// BuiltinDir is where go to definition writes read-only copies of the
	// built-in modules, for a scenario outside a module folder; empty
	// means muster/builtin in the user's cache folder.
	BuiltinDir string
}

// docsLink is the link to a code's section of the check reference, or ""
// for a code the reference has no section for (no link beats a dead one).
func (s *Server) docsLink(code string) string {
	if s.opts.DocsURL == "" {
		return ""
	}
	if _, ok := validate.Rule(code); !ok {
		return ""
	}
	return s.opts.DocsURL + "#" + code
}

// DefaultDebounce is short enough to feel immediate and long enough to
// absorb a burst of typing.
const DefaultDebounce = 150 * time.Millisecond

// Server is one language-server session.
type Server struct {
	opts Options
	conn jsonrpc2.Conn

	mu       sync.Mutex
	docs     map[string]*document // by path
	modules  *moduleCache
	facts    map[*scenarios.Module]*mapFacts
	roots    []string // workspace folders, for the documents on disk
	base     context.Context
	timers   map[string]*time.Timer
	shutdown bool
	exited   chan struct{}

	pubMu sync.Mutex // one publication at a time, so versions go out in order

	wsMu      sync.Mutex // the workspace check: one at a time, requests coalesce
	wsRunning bool
	wsAgain   bool

	copyMu sync.Mutex
	copies map[string]string // built-in module's Dir -> folder of its copy on disk
}

// Serve runs a session over rwc until the client sends exit or closes the
// stream. It returns nil after a clean shutdown-then-exit, an error
// otherwise (as the protocol asks: exit without shutdown is a failure).
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) error {
	s := newServer(ctx, rwc, opts)
	s.conn.Go(ctx, s.handle)
	select {
	case <-s.exited:
	case <-s.conn.Done():
	case <-ctx.Done():
	}
	s.mu.Lock()
	for _, t := range s.timers {
		t.Stop()
	}
	clean := s.shutdown
	s.mu.Unlock()
	s.conn.Close()
	if !clean {
		// The real cause of an end without shutdown: a broken frame is
		// not a client that left.
		if err := s.conn.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) {
			return fmt.Errorf("lsp: reading the client's messages: %w", err)
		}
		return errors.New("lsp: the client left without a shutdown request")
	}
	return nil
}

func newServer(ctx context.Context, rwc io.ReadWriteCloser, opts Options) *Server {
	s := &Server{
		opts:    opts,
		docs:    map[string]*document{},
		modules: newModuleCache(),
		facts:   map[*scenarios.Module]*mapFacts{},
		base:    ctx,
		timers:  map[string]*time.Timer{},
		exited:  make(chan struct{}),
		copies:  map[string]string{},
	}
	s.conn = jsonrpc2.NewConn(tolerantStream{newFrameStream(rwc, s.skipped)})
	return s
}

// tolerantStream skips a message whose body is not a JSON-RPC message: the
// frame was read whole, so the next one can still be read, and one bad
// message from a client must not end the session. Errors of the framing
// itself (a broken header, a closed pipe) still end it.
type tolerantStream struct{ jsonrpc2.Stream }

func (s tolerantStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		msg, n, err := s.Stream.Read(ctx)
		if err != nil && (errors.Is(err, jsonrpc2.ErrInvalidRequest) || strings.HasPrefix(err.Error(), "unmarshaling jsonrpc message")) {
			continue
		}
		return msg, n, err
	}
}

// skipped tells the user a message was too large to read (it runs on the
// read loop, so the notice goes out from its own goroutine).
func (s *Server) skipped(size, limit int64) {
	go s.notify(s.ctx(), protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
		Type:    protocol.MessageTypeError,
		Message: fmt.Sprintf("muster lsp: skipped a message of %d bytes (at most %d bytes are read); a document that large is not checked", size, limit),
	})
}

// handle dispatches one message. It runs on the connection's read loop, so
// messages are handled in the order the client sent them. A panic in a
// feature is turned into an error reply, never a dead server.
func (s *Server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "muster lsp: %s failed: %v", req.Method(), r))
		}
	}()
	s.mu.Lock()
	down := s.shutdown
	s.mu.Unlock()
	if down && req.Method() != protocol.MethodExit {
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shutting down"))
	}
	switch req.Method() {
	case protocol.MethodInitialize:
		s.mu.Lock()
		s.roots = rootsOf(req)
		s.mu.Unlock()
		return reply(ctx, s.initialize(), nil)
	case protocol.MethodInitialized:
		s.checkWorkspace(s.ctx())
		return reply(ctx, nil, nil)
	case protocol.MethodWorkspaceDidChangeConfiguration, protocol.MethodTextDocumentDidSave:
		return reply(ctx, nil, nil)
	case protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return reply(ctx, nil, nil)
	case protocol.MethodExit:
		close(s.exited)
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		s.didOpen(ctx, p)
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentDidChange:
		var p didChangeParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		s.didChange(p)
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		s.didClose(ctx, p)
		return reply(ctx, nil, nil)
	case protocol.MethodWorkspaceDidChangeWatchedFiles:
		var p protocol.DidChangeWatchedFilesParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		s.didChangeWatchedFiles(ctx, p)
		return reply(ctx, nil, nil)
	case protocol.MethodTextDocumentHover:
		var p protocol.HoverParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.hover(p.TextDocument.URI, p.Position), nil)
	case protocol.MethodTextDocumentCompletion:
		var p protocol.CompletionParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.completion(p.TextDocument.URI, p.Position), nil)
	case protocol.MethodTextDocumentDefinition:
		var p protocol.DefinitionParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.definition(p.TextDocument.URI, p.Position), nil)
	case protocol.MethodTextDocumentReferences:
		var p protocol.ReferenceParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.references(p), nil)
	case protocol.MethodTextDocumentFormatting:
		var p protocol.DocumentFormattingParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.formatting(p.TextDocument.URI), nil)
	case protocol.MethodTextDocumentDocumentSymbol:
		var p protocol.DocumentSymbolParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.symbols(p.TextDocument.URI), nil)
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if err := decode(req, &p); err != nil {
			return reply(ctx, nil, err)
		}
		return reply(ctx, s.codeActions(p), nil)
	}
	if _, isCall := req.(*jsonrpc2.Call); !isCall || strings.HasPrefix(req.Method(), "$/") {
		// Notifications we do not use are ignored, as the protocol asks.
		return reply(ctx, nil, nil)
	}
	return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "muster lsp does not implement %s", req.Method()))
}

func decode(req jsonrpc2.Request, v any) error {
	if len(req.Params()) == 0 {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: no params", req.Method())
	}
	if err := json.Unmarshal(req.Params(), v); err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %v", req.Method(), err)
	}
	return nil
}

func (s *Server) initialize() *protocol.InitializeResult {
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				// Full sync: a scenario is at most a few hundred kilobytes,
				// and the whole text is what gets checked anyway.
				Change: protocol.TextDocumentSyncKindFull,
				Save:   &protocol.SaveOptions{},
			},
			HoverProvider:              true,
			CompletionProvider:         &protocol.CompletionOptions{TriggerCharacters: []string{`"`}},
			DefinitionProvider:         true,
			ReferencesProvider:         true,
			DocumentFormattingProvider: true,
			DocumentSymbolProvider:     true,
			CodeActionProvider:         &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}},
		},
		ServerInfo: &protocol.ServerInfo{Name: "muster", Version: s.opts.Version},
	}
}

// didChangeParams is DidChangeTextDocumentParams with the range optional:
// the library's type cannot tell a whole-text change (no range) from an
// insertion at the start of the file.
type didChangeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []struct {
		Range *protocol.Range `json:"range,omitempty"`
		Text  string          `json:"text"`
	} `json:"contentChanges"`
}

func (s *Server) notify(ctx context.Context, method string, params any) {
	// A client that went away cannot be told; the read loop ends the session.
	_ = s.conn.Notify(ctx, method, params)
}

func errorf(format string, args ...any) error { return fmt.Errorf("muster lsp: "+format, args...) }

func (s *Server) ctx() context.Context { return s.base }
