package keyindex

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFindAndAdd(t *testing.T) {
	keys := make([]string, 0, 1000)
	keyOf := func(i int) string { return keys[i] }
	var x Index
	_, ok := x.Find("k0", keyOf)
	require.False(t, ok, "the zero index is empty")
	for i := range 1000 {
		keys = append(keys, "k"+strconv.Itoa(i))
		require.True(t, x.Add(i, keyOf))
	}
	require.Equal(t, 1000, x.Len())
	for i := range 1000 {
		j, ok := x.Find("k"+strconv.Itoa(i), keyOf)
		require.True(t, ok)
		require.Equal(t, i, j)
	}
	_, ok = x.Find("k1000", keyOf)
	require.False(t, ok)
	keys = append(keys, "k7")
	require.False(t, x.Add(1000, keyOf), "a key indexed already")
	j, _ := x.Find("k7", keyOf)
	require.Equal(t, 7, j, "the first item of a key stays")
	sized := New(1000)
	for i := range 1000 {
		require.True(t, sized.Add(i, keyOf))
	}
	require.Equal(t, len(sized.slots), len(New(1000).slots), "room for size items without growing")
}

// AddNew indexes as Add does, without the look-up.
func TestAddNew(t *testing.T) {
	keys := make([]string, 0, 500)
	keyOf := func(i int) string { return keys[i] }
	var x Index
	for i := range 500 {
		keys = append(keys, "k"+strconv.Itoa(i))
		x.AddNew(i, keyOf)
	}
	require.Equal(t, 500, x.Len())
	for i := range 500 {
		j, ok := x.Find("k"+strconv.Itoa(i), keyOf)
		require.True(t, ok)
		require.Equal(t, i, j)
	}
	_, ok := x.Find("k500", keyOf)
	require.False(t, ok)
}
