package strtab

import (
	"strconv"
	"testing"

	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/stretchr/testify/require"
)

// TestTable: every string is found at its number (a repeated one at its
// first), one not added is not, and a table written and read back is the
// same and fits while a damaged one does not.
func TestTable(t *testing.T) {
	var ss []string
	for i := range 500 {
		ss = append(ss, "key "+strconv.Itoa(i))
	}
	ss = append(ss, "", "key 7")
	tab := New(ss)
	require.Equal(t, len(ss), tab.Len())
	for k, s := range ss[:501] {
		got, ok := tab.Find(s)
		require.True(t, ok, s)
		require.Equal(t, int32(k), got)
		require.Equal(t, s, tab.At(int32(k)))
	}
	got, ok := tab.Find("key 7")
	require.True(t, ok)
	require.Equal(t, int32(7), got)
	_, ok = tab.Find("key 500")
	require.False(t, ok)
	var empty Table
	require.Zero(t, empty.Len())
	_, ok = empty.Find("")
	require.False(t, ok)

	var w packed.Writer
	tab.Encode(&w)
	r := packed.NewReader(w.Bytes())
	back := Read(r)
	require.NoError(t, r.Err())
	require.True(t, back.Fits())
	require.Equal(t, tab, back)

	back.slots[0] = int32(back.Len() + 1)
	require.False(t, back.Fits(), "a slot naming no string")
	back = Read(packed.NewReader(w.Bytes()))
	back.off[3] = back.off[2] - 1
	require.False(t, back.Fits(), "offsets out of order")
}
