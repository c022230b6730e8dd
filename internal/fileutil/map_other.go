//go:build !unix

package fileutil

import "os"

// Map returns the bytes of the file at path: where the system has no
// mappings of files here, a copy read into memory, which unmap leaves to
// the garbage collector.
func Map(path string) (b []byte, unmap func() error, err error) {
	b, err = os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return b, func() error { return nil }, nil
}
