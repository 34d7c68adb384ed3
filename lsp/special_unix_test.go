//go:build unix

package lsp

import "syscall"

// mkfifo makes a named pipe where a document should be.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
