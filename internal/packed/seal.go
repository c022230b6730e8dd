package packed

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Seal returns magic, the bytes w wrote, and the CRC-32C of both,
// little-endian: a file that Unseal checks before it is read.
func Seal(magic string, w *Writer) []byte {
	b := make([]byte, 0, len(magic)+len(w.buf)+4)
	b = append(append(b, magic...), w.buf...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// Unseal returns a Reader of what Seal sealed in b, or ErrDamaged when b
// does not begin with magic or fails its checksum. As with NewReader, b
// must never change afterwards.
func Unseal(magic string, b []byte) (*Reader, error) {
	n := len(b) - 4
	if n < len(magic) || string(b[:len(magic)]) != magic {
		return nil, fmt.Errorf("%w: no header", ErrDamaged)
	}
	if crc32.Checksum(b[:n], castagnoli) != binary.LittleEndian.Uint32(b[n:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrDamaged)
	}
	return NewReader(b[len(magic):n]), nil
}
