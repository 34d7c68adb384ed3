//go:build !unix

package uscw

func cpuNanos() int64 { return 0 }
