// Package readin is the one reader of every file muster takes as input: it
// reads only regular files, never more than a stated limit, and records
// each path it read so that outputs can refuse to overwrite an input.
//
// A symbolic link to /dev/zero, a named pipe or a 100 MB file named
// *.json would otherwise exhaust memory or hang the command.
package readin

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// MaxSize bounds every JSON, JSONL and TSV document muster reads. The
// largest shipped file is far below it.
const MaxSize = 16 << 20

// MaxWorkbookSize bounds the xlsx workbooks muster reads (compressed).
const MaxWorkbookSize = 32 << 20

// ErrNotRegular says a path names something other than a regular file (a
// folder, a device, a named pipe, a socket), which muster does not read.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge says a file is larger than the limit muster reads.
var ErrTooLarge = errors.New("larger than muster reads")

// File reads the regular file at path (following symbolic links), refusing
// anything larger than limit bytes. The path is recorded as an input.
func File(path string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := Check(path, info, limit); err != nil {
		return nil, err
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have been swapped between Stat and Open.
	if info, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := Check(path, info, limit); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: %w (it grew past %d bytes while being read)", path, ErrTooLarge, limit)
	}
	Record(path)
	return data, nil
}

// Check says why info (from os.Stat of path) cannot be read, or nil.
func Check(path string, info fs.FileInfo, limit int64) error {
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is %s: %w; muster reads only regular files", path, Describe(info.Mode()), ErrNotRegular)
	}
	if info.Size() > limit {
		return fmt.Errorf("%s is %d bytes: %w (at most %d bytes)", path, info.Size(), ErrTooLarge, limit)
	}
	return nil
}

// Describe names a file mode for a message ("a named pipe").
func Describe(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsRegular():
		return "a regular file"
	}
	return "not a regular file"
}

// BOM is the UTF-8 byte order mark some editors put at the start of a file.
var BOM = []byte{0xEF, 0xBB, 0xBF}

// TrimBOM removes a leading UTF-8 byte order mark and says whether there
// was one.
func TrimBOM(data []byte) ([]byte, bool) {
	if bytes.HasPrefix(data, BOM) {
		return data[len(BOM):], true
	}
	return data, false
}

var (
	mu     sync.Mutex
	inputs = map[string]bool{}
	ids    []fs.FileInfo
)

// Record notes path as an input of this run (File does it for every file
// it reads; callers that read otherwise, such as a whole module folder,
// call it themselves).
func Record(path string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	if inputs[abs] {
		return
	}
	inputs[abs] = true
	if info, err := os.Stat(abs); err == nil {
		ids = append(ids, info)
	}
}

// IsInput says whether path (or a link to the same file) was read as an
// input since the last Reset.
func IsInput(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	mu.Lock()
	defer mu.Unlock()
	if inputs[abs] {
		return true
	}
	info, err := os.Stat(abs)
	if err != nil {
		return false
	}
	for _, in := range ids {
		if os.SameFile(in, info) {
			return true
		}
	}
	return false
}

// Reset forgets the recorded inputs (a new command run starts).
func Reset() {
	mu.Lock()
	defer mu.Unlock()
	inputs = map[string]bool{}
	ids = nil
}
