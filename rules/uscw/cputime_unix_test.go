//go:build unix

package uscw

import "syscall"

// cpuNanos is the CPU time the process has used: on a loaded machine it
// measures the work of a benchmark where wall time does not.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
