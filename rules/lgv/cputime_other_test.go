//go:build !unix

package lgv

func cpuNanos() int64 { return 0 }
