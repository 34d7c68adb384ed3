package lsp

import (
	"context"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/validate"
)

// Documents on disk: the workspace's muster documents that are not open are
// checked as `muster validate` checks them, so the editor's problem list
// shows the whole workspace, not only the open files.

// maxWorkspaceFiles bounds the walk of a workspace: an editor opened on a
// home folder must not have the server read it all.
const maxWorkspaceFiles = 5000

// rootsOf reads the workspace folders of an initialize request. It decodes
// only what it needs, so a client's capabilities can never fail the
// handshake.
func rootsOf(req jsonrpc2.Request) []string {
	var p struct {
		RootURI          protocol.DocumentURI `json:"rootUri"`
		WorkspaceFolders []struct {
			URI protocol.DocumentURI `json:"uri"`
		} `json:"workspaceFolders"`
	}
	if json.Unmarshal(req.Params(), &p) != nil {
		return nil
	}
	var roots []string
	for _, f := range p.WorkspaceFolders {
		if path, ok := pathOf(f.URI); ok {
			roots = append(roots, path)
		}
	}
	if len(roots) == 0 {
		if path, ok := pathOf(p.RootURI); ok {
			roots = append(roots, path)
		}
	}
	return roots
}

// workspaceFiles lists the muster documents under the roots: *.json files
// whose "$schema" names a muster schema, skipping hidden folders,
// testdata (deliberately broken fixtures) and node_modules.
func workspaceFiles(roots []string) []string {
	var out []string
	seen := 0
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // an unreadable folder is skipped, not fatal
			}
			if d.IsDir() {
				if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(d.Name(), ".json") {
				return nil
			}
			if seen++; seen > maxWorkspaceFiles {
				return filepath.SkipAll
			}
			// The one bounded reader: a link to /dev/zero or /dev/stdin, a
			// named pipe or an oversized file is skipped unread.
			if b, err := readin.File(p, scenarios.MaxFileSize); err == nil && schemaKind(b) != "" {
				out = append(out, filepath.Clean(p))
			}
			return nil
		})
	}
	return out
}

// checkDisk validates files from disk and publishes the findings of each
// one the editor does not have open (an open document's own check wins).
func (s *Server) checkDisk(ctx context.Context, files []string) {
	defer s.recoverTo(ctx, "checking the workspace")
	if len(files) == 0 {
		return
	}
	rep, err := validate.Paths(files, s.opts.Validate)
	if err != nil {
		return
	}
	for _, m := range rep.Modules {
		validate.Forget(m) // loaded for this check only
	}
	byFile := map[string]diag.Diagnostics{}
	for _, d := range rep.Diags {
		if d.Subject != nil {
			byFile[d.Subject.Filename] = append(byFile[d.Subject.Filename], d)
		}
	}
	for _, f := range files {
		text, err := readin.File(f, scenarios.MaxFileSize)
		if err != nil {
			continue
		}
		// Under the publication lock, so a document opened meanwhile has its
		// own check published after this one, never before.
		func() {
			s.pubMu.Lock()
			defer s.pubMu.Unlock()
			s.mu.Lock()
			_, open := s.docs[f]
			s.mu.Unlock()
			if !open {
				s.notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
					URI: uriOf(f), Diagnostics: s.lspDiagnostics(f, newLineIndex(text), byFile[f])})
			}
		}()
	}
}

// checkWorkspace asks for a check of every muster document of the
// workspace on disk. Requests coalesce: while a check runs, any number of
// requests (a burst of didChangeWatchedFiles) make one more check after
// it, never one each.
func (s *Server) checkWorkspace(ctx context.Context) {
	s.wsMu.Lock()
	if s.wsRunning {
		s.wsAgain = true
		s.wsMu.Unlock()
		return
	}
	s.wsRunning = true
	s.wsMu.Unlock()
	go func() {
		for {
			s.mu.Lock()
			roots, down := s.roots, s.shutdown
			s.mu.Unlock()
			if !down {
				s.checkDisk(ctx, workspaceFiles(roots))
			}
			s.wsMu.Lock()
			if !s.wsAgain || down {
				s.wsRunning, s.wsAgain = false, false
				s.wsMu.Unlock()
				return
			}
			s.wsAgain = false
			s.wsMu.Unlock()
		}
	}()
}
