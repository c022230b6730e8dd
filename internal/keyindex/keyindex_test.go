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

// Items numbered beyond the size the index was made for, and far apart,
// widen the slots' item numbers; every item stays found, and keys never
// indexed are not.
func TestItemNumbersWiden(t *testing.T) {
	keyOf := func(i int) string { return "k" + strconv.Itoa(i) }
	numbers := []int{0, 1, 5, 17, 300, 301, 1 << 12, 1<<12 + 1, 1 << 20, 1<<24 + 3, 1 << 30}
	for _, start := range []Index{{}, New(4)} {
		x := start
		for _, i := range numbers {
			require.True(t, x.Add(i, keyOf))
			for _, j := range numbers {
				k, ok := x.Find(keyOf(j), keyOf)
				require.Equal(t, j <= i, ok, "item %d after adding %d", j, i)
				if ok {
					require.Equal(t, j, k)
				}
			}
		}
		require.Equal(t, len(numbers), x.Len())
		for _, miss := range []int{2, 302, 1<<20 + 1, 1<<30 + 1} {
			_, ok := x.Find(keyOf(miss), keyOf)
			require.False(t, ok, "item %d never indexed", miss)
		}
	}
}

// Many keys in a small table: a probe passes slots whose tags differ
// without asking for their keys.
func TestFindAsksFewKeys(t *testing.T) {
	const n = 20000
	keyOf := func(i int) string { return "key-" + strconv.Itoa(i) }
	x := New(n)
	for i := range n {
		x.AddNew(i, keyOf)
	}
	asked := 0
	for i := range n {
		j, ok := x.FindFunc(keyOf(i), func(j int) bool { asked++; return keyOf(j) == keyOf(i) })
		require.True(t, ok)
		require.Equal(t, i, j)
	}
	require.Less(t, asked, n+n/100, "at most one key in a hundred asked besides the item's own")
}

// A table loaded from another's Table finds what the other finds, also
// in a process with other hashes; tables that cannot be an index over
// the items are refused.
func TestLoad(t *testing.T) {
	keys := make([]string, 0, 3000)
	keyOf := func(i int) string { return keys[i] }
	var x Index
	for i := range 3000 {
		keys = append(keys, "ident:isil:DE-"+strconv.Itoa(i))
		x.AddNew(i, keyOf)
	}
	slots, width := x.Table()
	kept := append([]uint32(nil), slots...)
	y, ok := Load(kept, width, len(keys))
	require.True(t, ok)
	require.Equal(t, x.Len(), y.Len())
	for i, k := range keys {
		j, ok := y.Find(k, keyOf)
		require.True(t, ok, k)
		require.Equal(t, i, j)
	}
	_, ok = y.Find("ident:isil:DE-3000", keyOf)
	require.False(t, ok)

	_, ok = Load(kept, width, 2999)
	require.False(t, ok, "a slot names an item past the items")
	_, ok = Load(kept[:len(kept)-1], width, len(keys))
	require.False(t, ok, "no power of two")
	full := make([]uint32, 16)
	for i := range full {
		full[i] = uint32(i + 1)
	}
	_, ok = Load(full, 5, 16)
	require.False(t, ok, "no empty slot")
	_, ok = Load(make([]uint32, 16), 32, 0)
	require.False(t, ok, "a width past the slot")
}
