//go:build !unix

package lsp

import "errors"

// Named pipes are a Unix thing: the tests that need them skip.
func mkfifo(string) error { return errors.ErrUnsupported }
