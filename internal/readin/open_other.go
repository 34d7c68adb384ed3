//go:build !unix

package readin

import "os"

func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }
