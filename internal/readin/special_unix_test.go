//go:build unix

package readin

import "syscall"

// mkfifo makes a named pipe (the tests feed one where a document should be).
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

// mknodNull makes a private character device like /dev/null (1, 3), so a
// test that writes through to a device never touches the system's own.
func mknodNull(path string) error { return syscall.Mknod(path, syscall.S_IFCHR|0o666, int((1<<8)|3)) }
