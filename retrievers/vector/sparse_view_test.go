package vector

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSparseColsOf reads the same columns from an aligned body (a view of
// it) and from a misaligned one (decoded).
func TestSparseColsOf(t *testing.T) {
	const n, dim, m = 300, 3, 5 // two blocks
	want := &sparseCols{nb: 2, start: []uint32{0, 1, 2, 3, 4, 4, 5}, rows: []uint8{2, 0, 5, 1, 43}, vals: []float32{0.5, -1, 0.25, 3, 7}}
	var body []byte
	for _, v := range want.start {
		body = binary.LittleEndian.AppendUint32(body, v)
	}
	for _, v := range want.vals {
		body = binary.LittleEndian.AppendUint32(body, math.Float32bits(v))
	}
	body = append(body, want.rows...)
	require.Equal(t, sparseBodySize(n, dim, m), len(body))
	aligned := make([]byte, len(body))
	copy(aligned, body)
	require.Equal(t, want, sparseColsOf(aligned, n, dim, m))
	misaligned := make([]byte, len(body)+1)[1:]
	copy(misaligned, body)
	require.Equal(t, want, sparseColsOf(misaligned, n, dim, m))
	require.NoError(t, want.check(n, dim))
	require.Error(t, want.check(256+43, dim), "record 299 of 299")

	view := sparseColsOf(aligned, n, dim, m)
	require.Equal(t, len(view.start), cap(view.start), "an append never writes into the values")
	require.Equal(t, len(view.rows), cap(view.rows))
	require.Equal(t, float32(3), view.at(257, 1))
	require.Equal(t, float32(0), view.at(256, 1))
}
