//go:build !unix

package lineartest

import "time"

// cpuTime is not measured on this platform: Check then measures wall time.
func cpuTime() time.Duration { return 0 }
