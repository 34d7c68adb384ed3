//go:build unix

package readin

import (
	"os"
	"syscall"
)

// openNonBlocking opens for reading without blocking on a named pipe that
// has no writer (the caller refuses it after Stat).
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
