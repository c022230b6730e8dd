package index

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/fileutil"
)

// versionsDir holds, under the cache root, a note per data file of the
// version its bytes had when it was last read.
const versionsDir = "versions"

// DataVersion returns the version of the data file at path
// (heritage.Fingerprint of its bytes). When root holds a note taken when
// the file was last read, and the file has not changed since (the same
// device, inode, size, modification and status-change times), the
// version comes from the note and the file is not read: b is nil, and the
// caller reads it only if it needs the records (there is no snapshot of
// that version). Otherwise the file is read, b holds its bytes, and a
// note is taken for the next start. A note that cannot be read or
// written costs only the reading.
func DataVersion(root, path string) (version string, b []byte, err error) {
	version, note, stamp := notedVersion(root, path)
	if version != "" {
		return version, nil, nil
	}
	if b, err = os.ReadFile(path); err != nil {
		return "", nil, err
	}
	version = heritage.Fingerprint(b)
	// The stamp taken before the read: a file changed while it was read
	// has another by the next start.
	if note != "" && stamp != "" {
		_ = fileutil.WriteAtomic(note, func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "%s\n%s\n", stamp, version)
			return err
		})
	}
	return version, b, nil
}

// NotedVersion returns the version of the data file at path that root's
// note gives, when the file has not changed since the note was taken (see
// DataVersion), else "". It never reads the file.
func NotedVersion(root, path string) string {
	v, _, _ := notedVersion(root, path)
	return v
}

// notedVersion returns the version root's note of path gives for the file
// as it is ("" when there is none), the note's path and the file's stamp
// (each "" when not to be had).
func notedVersion(root, path string) (version, note, stamp string) {
	if abs, err := filepath.Abs(path); err == nil {
		sum := sha256.Sum256([]byte(abs))
		note = filepath.Join(root, versionsDir, hex.EncodeToString(sum[:8]))
	}
	if st, err := os.Stat(path); err == nil {
		stamp = fileStamp(st)
	}
	if note != "" && stamp != "" {
		if kept, err := os.ReadFile(note); err == nil {
			if s, v, ok := strings.Cut(strings.TrimSpace(string(kept)), "\n"); ok && s == stamp && v != "" {
				return v, note, stamp
			}
		}
	}
	return "", note, stamp
}
