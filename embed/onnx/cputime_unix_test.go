//go:build unix

package onnx

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time of the process so far, all
// threads included (ONNX Runtime's too).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
