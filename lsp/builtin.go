package lsp

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/scenarios"
)

// Built-in modules on disk. A scenario kept outside a module folder is
// checked against the built-in module it names, whose files are embedded in
// the binary: go to definition needs a file the editor can open. So the
// first definition into a built-in module writes a read-only copy of that
// module's folder under BuiltinDir, in a folder named by a hash of the
// module's files: a muster with other data writes beside it, never over
// it, and the copy is written once, not per session. Opened in the editor,
// the copy is a module folder like any other.

// builtinDir is where built-in modules are copied: Options.BuiltinDir, else
// muster/builtin in the user's cache folder.
func (s *Server) builtinDir() (string, error) {
	if s.opts.BuiltinDir != "" {
		return s.opts.BuiltinDir, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(cache, "muster", "builtin"), nil
}

// isBuiltin reports whether m is a module of the embedded catalog.
func isBuiltin(m *scenarios.Module) bool {
	return m != nil && m.Game != nil && scenarios.Builtin().Module(m.Game.ID) == m
}

// diskPath is the file on disk of a module document: its own path for a
// module read from disk, the path in the copy for a built-in one ("" when
// the copy cannot be written).
func (s *Server) diskPath(m *scenarios.Module, d *scenarios.Document) string {
	if d == nil {
		return ""
	}
	if filepath.IsAbs(d.Path) {
		return d.Path
	}
	if !isBuiltin(m) {
		return ""
	}
	root, err := s.builtinCopy(m)
	if err != nil {
		s.notify(s.ctx(), protocol.MethodWindowLogMessage, &protocol.LogMessageParams{Type: protocol.MessageTypeWarning,
			Message: fmt.Sprintf("muster lsp: go to definition: no copy of the built-in module %s on disk: %v", m.Game.ID, err)})
		return ""
	}
	return filepath.Join(root, filepath.FromSlash(d.Path))
}

// builtinCopy returns the folder holding the copy of built-in module m
// (whose files are under <folder>/<m.Dir>), writing it if need be.
func (s *Server) builtinCopy(m *scenarios.Module) (string, error) {
	s.copyMu.Lock()
	defer s.copyMu.Unlock()
	if root, ok := s.copies[m.Dir]; ok {
		return root, nil
	}
	files, err := builtinFiles(m.Dir)
	if err != nil {
		return "", err
	}
	base, err := s.builtinDir()
	if err != nil {
		return "", err
	}
	root := filepath.Join(base, files.hash())
	if err := files.writeUnder(root); err != nil {
		return "", err
	}
	s.copies[m.Dir] = root
	return root, nil
}

// moduleFiles are a built-in module's files by slash path (m.Dir/...), in
// the order fs.WalkDir gives them.
type moduleFiles struct {
	names []string
	data  map[string][]byte
}

func builtinFiles(dir string) (*moduleFiles, error) {
	f := &moduleFiles{data: map[string][]byte{}}
	err := fs.WalkDir(scenarios.BuiltinFS(), dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(scenarios.BuiltinFS(), p)
		if err != nil {
			return err
		}
		f.names = append(f.names, p)
		f.data[p] = b
		return nil
	})
	if err == nil && len(f.names) == 0 {
		err = fmt.Errorf("no files under %s", dir)
	}
	return f, err
}

// hash names a copy by the module's file names and contents.
func (f *moduleFiles) hash() string {
	h := sha256.New()
	for _, n := range f.names {
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(f.data[n]))
		h.Write(f.data[n])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// same reports whether root holds every file with the same bytes.
func (f *moduleFiles) same(root string) bool {
	for _, n := range f.names {
		b, err := readin.File(filepath.Join(root, filepath.FromSlash(n)), scenarios.MaxFileSize)
		if err != nil || !bytes.Equal(b, f.data[n]) {
			return false
		}
	}
	return true
}

// writeUnder makes root hold the module's files, read-only. A complete
// copy is left alone; the files are written to a fresh folder beside it
// and renamed into place, so a second server writing at the same moment,
// or one stopped halfway, never leaves a partial copy in use.
func (f *moduleFiles) writeUnder(root string) error {
	if f.same(root) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(root), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(root), ".tmp-")
	if err != nil {
		return err
	}
	defer removeCopy(tmp) // nothing left after the rename
	for _, n := range f.names {
		p := filepath.Join(tmp, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.data[n], 0o444); err != nil {
			return err
		}
	}
	err = os.Rename(tmp, root)
	if err == nil || f.same(root) {
		return nil // written, or another server wrote it meanwhile
	}
	// An incomplete or edited copy is in the way: replace it.
	if rerr := removeCopy(root); rerr != nil {
		return errors.Join(err, rerr)
	}
	return os.Rename(tmp, root)
}

// removeCopy removes a copy's folder; its files are read-only, which some
// systems refuse to remove.
func removeCopy(dir string) error {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Type().IsRegular() {
			os.Chmod(p, 0o644)
		}
		return nil
	})
	return os.RemoveAll(dir)
}
