// Package fileout writes outputs atomically (a temporary file in the same
// folder, then a rename) so a failed or interrupted run never leaves a
// half-written file, and refuses to write where it should not: over any
// file the command read, over a symbolic link or a folder, over a file of
// another kind (unless forced), or a document muster would not read back.
// A character device (/dev/null, /dev/stdout) is written through, never
// replaced.
package fileout

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/musterhq/muster/internal/readin"
)

// Kind is the format of an output: the file name extensions it may have
// and how to recognise an existing file of the same kind.
type Kind struct {
	Name string
	Exts []string // lower case, with the dot; "" allows no extension
	// ReadBack is the largest output muster would read back (0: no limit).
	ReadBack int64
	sniff    func([]byte) bool
}

// The kinds of muster's outputs.
var (
	JSON     = Kind{Name: "JSON", Exts: []string{".json"}, ReadBack: readin.MaxSize, sniff: sniffJSON}
	JSONL    = Kind{Name: "JSON lines", Exts: []string{".jsonl"}, ReadBack: readin.MaxSize, sniff: sniffJSON}
	XLSX     = Kind{Name: "xlsx workbook", Exts: []string{".xlsx"}, ReadBack: readin.MaxWorkbookSize, sniff: sniffPrefix("PK\x03\x04")}
	SVG      = Kind{Name: "SVG", Exts: []string{".svg"}, sniff: sniffContains("<svg")}
	HTML     = Kind{Name: "HTML", Exts: []string{".html", ".htm"}, sniff: sniffContains("<html", "<!doctype html")}
	PDF      = Kind{Name: "PDF", Exts: []string{".pdf"}, sniff: sniffPrefix("%PDF-")}
	Markdown = Kind{Name: "Markdown", Exts: []string{".md", ".markdown"}, sniff: sniffText}
	Text     = Kind{Name: "text", Exts: []string{".txt", ".text", ".md", ""}, sniff: sniffText}
)

// Options say what a write must respect.
type Options struct {
	// Inputs are files the command read (besides those read through
	// readin, which are refused anyway).
	Inputs []string
	// Kind, when set, is the output's format: the extension must match,
	// and an existing file not of this kind is replaced only with Force.
	Kind *Kind
	// Force allows replacing an existing file of another kind.
	Force bool
	// Replace is the one input this write may replace (muster fmt -w).
	Replace string
}

// Write writes data to path atomically. inputs are files the command read;
// writing over one of them is refused (as is writing over any file read
// through readin).
func Write(path string, data []byte, inputs ...string) error {
	return WriteOpts(path, data, Options{Inputs: inputs})
}

// WriteOpts writes data to path atomically under opts.
func WriteOpts(path string, data []byte, opts Options) error {
	dev, err := check(path, data, opts)
	if err != nil {
		return err
	}
	if dev {
		return writeThrough(path, data)
	}
	if err := makeDir(path); err != nil {
		return err
	}
	tmp, err := createTemp(path, data)
	if err != nil {
		return err
	}
	defer removeTemp(tmp) // no-op after a successful rename
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("fileout: %w", err)
	}
	return nil
}

// ErrExists says a file that must be new exists already.
var ErrExists = errors.New("already exists")

// WriteNew writes data to a path that must not exist, atomically and
// exclusively: of two runs writing the same new file, one fails.
func WriteNew(path string, data []byte, inputs ...string) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("fileout: %s %w", path, ErrExists)
	}
	if _, err := check(path, data, Options{Inputs: inputs}); err != nil {
		return err
	}
	if err := makeDir(path); err != nil {
		return err
	}
	tmp, err := createTemp(path, data)
	if err != nil {
		return err
	}
	defer removeTemp(tmp)
	// A hard link fails if path exists, where a rename would replace it.
	err = os.Link(tmp, path)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("fileout: %s %w", path, ErrExists)
	}
	if err == nil {
		return nil
	}
	// No hard links on this file system: create exclusively instead.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("fileout: %s %w", path, ErrExists)
	}
	if err != nil {
		return fmt.Errorf("fileout: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("fileout: write %s: %w", path, err)
	}
	return f.Close()
}

// check refuses unsafe targets; dev is true for a character device to be
// written through.
func check(path string, data []byte, opts Options) (dev bool, err error) {
	if path == "" {
		return false, errors.New("fileout: no output file named")
	}
	if err := refuseInput(path, opts); err != nil {
		return false, err
	}
	info, lerr := os.Lstat(path)
	if lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
		if t, err := os.Stat(path); err == nil && t.Mode()&fs.ModeCharDevice != 0 {
			return true, nil // /dev/stdout is a link to the terminal
		}
		return false, fmt.Errorf("fileout: refusing to write %s: it is a symbolic link (muster does not replace links; name its target)", path)
	}
	if lerr == nil {
		switch m := info.Mode(); {
		case m&fs.ModeCharDevice != 0:
			return true, nil
		case !m.IsRegular():
			return false, fmt.Errorf("fileout: refusing to write %s: it is %s", path, readin.Describe(m))
		}
	}
	if k := opts.Kind; k != nil {
		if !k.hasExt(path) {
			return false, fmt.Errorf("fileout: refusing to write %s: a %s output needs a name ending in %s", path, k.Name, k.extList())
		}
		if lerr == nil && !opts.Force && !k.isKind(path) {
			return false, fmt.Errorf("fileout: refusing to replace %s: it exists and is not a %s file muster wrote; use --force to replace it", path, k.Name)
		}
		if k.ReadBack > 0 && int64(len(data)) > k.ReadBack {
			return false, fmt.Errorf("fileout: refusing to write %s: it would be %d bytes, more than muster reads back (%d)", path, len(data), k.ReadBack)
		}
	}
	return false, nil
}

func refuseInput(path string, opts Options) error {
	out, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("fileout: %w", err)
	}
	if opts.Replace != "" && sameFile(out, opts.Replace) {
		return nil
	}
	refuse := readin.IsInput(out)
	for _, in := range opts.Inputs {
		refuse = refuse || sameFile(out, in)
	}
	if refuse {
		return fmt.Errorf("fileout: refusing to write %s: it is one of the inputs", path)
	}
	return nil
}

func sameFile(out, in string) bool {
	abs, err := filepath.Abs(in)
	if err != nil {
		return false
	}
	if abs == out {
		return true
	}
	a, err1 := os.Stat(abs)
	b, err2 := os.Stat(out)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// makeDir creates the output's folder when it does not exist yet (muster
// new -o drafts/x.json).
func makeDir(path string) error {
	dir := filepath.Dir(path)
	if info, err := os.Stat(dir); err == nil {
		if !info.IsDir() {
			return fmt.Errorf("fileout: cannot write %s: %s is not a folder", path, dir)
		}
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("fileout: cannot create the folder for %s: %w", path, err)
	}
	return nil
}

func createTemp(path string, data []byte) (string, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("fileout: %w", err)
	}
	name := tmp.Name()
	track(name)
	fail := func(err error) (string, error) {
		tmp.Close()
		removeTemp(name)
		return "", err
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(fmt.Errorf("fileout: write %s: %w", path, err))
	}
	if err := tmp.Sync(); err != nil {
		return fail(fmt.Errorf("fileout: sync %s: %w", path, err))
	}
	if err := tmp.Close(); err != nil {
		removeTemp(name)
		return "", fmt.Errorf("fileout: close %s: %w", path, err)
	}
	if err := os.Chmod(name, 0o644); err != nil {
		removeTemp(name)
		return "", fmt.Errorf("fileout: %w", err)
	}
	beforeRename()
	return name, nil
}

// beforeRename is a test hook: the signal test blocks here.
var beforeRename = func() {}

func writeThrough(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("fileout: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("fileout: write %s: %w", path, err)
	}
	return f.Close()
}

func (k *Kind) hasExt(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, e := range k.Exts {
		if e == ext {
			return true
		}
	}
	return false
}

func (k *Kind) extList() string {
	var names []string
	for _, e := range k.Exts {
		if e == "" {
			e = "no extension"
		}
		names = append(names, e)
	}
	return strings.Join(names, " or ")
}

// isKind says whether the existing file at path looks like an output of
// kind k (its first kilobytes).
func (k *Kind) isKind(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := f.Read(head)
	head, _ = readin.TrimBOM(head[:n])
	return k.sniff == nil || k.sniff(head)
}

func sniffJSON(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) == 0 || b[0] == '{' || b[0] == '['
}

func sniffPrefix(p string) func([]byte) bool {
	return func(b []byte) bool { return bytes.HasPrefix(b, []byte(p)) }
}

func sniffContains(any ...string) func([]byte) bool {
	return func(b []byte) bool {
		low := bytes.ToLower(b)
		for _, s := range any {
			if bytes.Contains(low, []byte(s)) {
				return true
			}
		}
		return false
	}
}

func sniffText(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	// The head may end inside a character.
	for i := 0; i < 3 && len(b) > 0 && !utf8.Valid(b); i++ {
		b = b[:len(b)-1]
	}
	return utf8.Valid(b)
}
