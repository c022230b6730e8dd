//go:build unix

package lineartest

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time of the process so far: on a
// shared machine it varies less than wall time, which includes waiting
// for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
