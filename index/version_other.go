//go:build !linux

package index

import "io/fs"

// fileStamp is "" here: the data file is read at every start.
func fileStamp(fs.FileInfo) string { return "" }
