package kg

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKeyIndex: every id added is found at its node, through the table's
// growth, and an id not added is not.
func TestKeyIndex(t *testing.T) {
	var extra []extraNode
	x := newKeyIndex(0)
	for i := range 1000 {
		extra = append(extra, extraNode{id: "place:city:" + strconv.Itoa(i)})
		x.add(extra, i)
		if i%97 == 0 {
			for j := range i + 1 {
				e, ok := x.find(extra, extra[j].id)
				require.True(t, ok, j)
				require.Equal(t, j, e)
			}
		}
	}
	require.Equal(t, len(extra), x.Len())
	for _, id := range []string{"", "place:city:1000", "place:city:-1"} {
		_, ok := x.find(extra, id)
		require.False(t, ok, id)
	}
	_, ok := (&keyIndex{}).find(nil, "x")
	require.False(t, ok, "an empty index")
}
