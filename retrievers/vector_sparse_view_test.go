package retrievers

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSparseColsOf reads the same columns from an aligned body (a view of
// it) and from a misaligned one (decoded).
func TestSparseColsOf(t *testing.T) {
	const dim, m = 3, 4
	want := &sparseCols{start: []int32{0, 1, 3, 4}, rows: []int32{2, 0, 5, 1}, vals: []float32{0.5, -1, 0.25, 3}}
	var body []byte
	for _, v := range append(append([]int32(nil), want.start...), want.rows...) {
		body = binary.LittleEndian.AppendUint32(body, uint32(v))
	}
	for _, v := range want.vals {
		body = binary.LittleEndian.AppendUint32(body, math.Float32bits(v))
	}
	aligned := make([]byte, len(body))
	copy(aligned, body)
	require.Equal(t, want, sparseColsOf(aligned, dim, m))
	misaligned := make([]byte, len(body)+1)[1:]
	copy(misaligned, body)
	require.Equal(t, want, sparseColsOf(misaligned, dim, m))

	view := sparseColsOf(aligned, dim, m)
	require.Equal(t, len(view.start), cap(view.start), "an append never writes into the rows")
	require.Equal(t, len(view.rows), cap(view.rows), "an append never writes into the values")
}
