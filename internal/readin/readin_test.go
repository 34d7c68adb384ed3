package readin

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Hostile inputs: a link to /dev/zero, a named pipe with no writer, a
// folder, a sparse file beyond the limit. Each is refused at once, without
// reading it.
func TestFileRefusesWhatIsNotARegularFileOfBoundedSize(t *testing.T) {
	dir := t.TempDir()
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skip(err)
	}
	pipe := filepath.Join(dir, "pipe.json")
	if err := mkfifo(pipe); err != nil {
		t.Skip(err)
	}
	big := filepath.Join(dir, "big.json")
	f, _ := os.Create(big)
	f.Truncate(MaxSize + 1) // sparse: no disk used
	f.Close()
	cases := map[string]error{zero: ErrNotRegular, pipe: ErrNotRegular, dir: ErrNotRegular, big: ErrTooLarge}
	for path, want := range cases {
		done := make(chan error, 1)
		go func() { _, err := File(path, MaxSize); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, want) {
				t.Errorf("%s: got %v, want %v", path, err, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: File hangs", path)
		}
	}
	ok := filepath.Join(dir, "ok.json")
	os.WriteFile(ok, []byte("{}"), 0o644)
	if data, err := File(ok, MaxSize); err != nil || string(data) != "{}" {
		t.Errorf("a regular file: %q, %v", data, err)
	}
	if !IsInput(ok) || IsInput(big) {
		t.Error("inputs not recorded as read")
	}
	Reset()
	if IsInput(ok) {
		t.Error("Reset kept an input")
	}
}

func TestTrimBOM(t *testing.T) {
	if b, ok := TrimBOM([]byte("\uFEFF{}")); !ok || string(b) != "{}" {
		t.Errorf("got %q %v", b, ok)
	}
	if b, ok := TrimBOM([]byte("{}")); ok || string(b) != "{}" {
		t.Errorf("got %q %v", b, ok)
	}
}
