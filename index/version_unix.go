//go:build linux

package index

import (
	"fmt"
	"io/fs"
	"syscall"
	"time"
)

// settle is how long a file must have been left alone before its state
// names its content.
const settle = 2 * time.Second

// fileStamp names the state of a file: device, inode, size, modification
// and status-change times (the last changes with every write and cannot be
// set back); "" when the system gives no such state, or when the file
// changed in the last seconds (a change within the clock's tick after the
// file is read would leave the times as they were).
func fileStamp(st fs.FileInfo) string {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	if recent := time.Now().Add(-settle); time.Unix(s.Mtim.Sec, s.Mtim.Nsec).After(recent) || time.Unix(s.Ctim.Sec, s.Ctim.Nsec).After(recent) {
		return ""
	}
	return fmt.Sprintf("%d %d %d %d.%09d %d.%09d", s.Dev, s.Ino, s.Size, s.Mtim.Sec, s.Mtim.Nsec, s.Ctim.Sec, s.Ctim.Nsec)
}
