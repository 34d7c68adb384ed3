//go:build !unix

package main

import "errors"

// Named pipes and device nodes are Unix things: the tests that need them skip.
func mkfifo(string) error    { return errors.ErrUnsupported }
func mknodNull(string) error { return errors.ErrUnsupported }
