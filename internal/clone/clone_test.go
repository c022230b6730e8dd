package clone

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

type inner struct {
	IDs   []string
	Score float64
}

type outer struct {
	Name   string
	Inner  inner
	Items  []inner
	ByName map[string][]int
	Ptr    *inner
	Any    any
	Arr    [2][]int
	hidden int
}

func TestDeepSharesNothing(t *testing.T) {
	in := outer{
		Name:   "a",
		Inner:  inner{IDs: []string{"x"}, Score: 1},
		Items:  []inner{{IDs: []string{"y"}}},
		ByName: map[string][]int{"k": {1}},
		Ptr:    &inner{IDs: []string{"z"}},
		Any:    []int{7},
		Arr:    [2][]int{{1}, {2}},
		hidden: 3,
	}
	out := Deep(in)
	require.Equal(t, in, out)

	out.Inner.IDs[0] = "changed"
	out.Items[0].IDs[0] = "changed"
	out.ByName["k"][0] = 9
	out.Ptr.IDs[0] = "changed"
	out.Any.([]int)[0] = 9
	out.Arr[0][0] = 9
	require.Equal(t, "x", in.Inner.IDs[0])
	require.Equal(t, "y", in.Items[0].IDs[0])
	require.Equal(t, 1, in.ByName["k"][0])
	require.Equal(t, "z", in.Ptr.IDs[0])
	require.Equal(t, 7, in.Any.([]int)[0])
	require.Equal(t, 1, in.Arr[0][0])
}

func TestDeepKeepsNil(t *testing.T) {
	out := Deep(outer{})
	require.Nil(t, out.Items)
	require.Nil(t, out.ByName)
	require.Nil(t, out.Ptr)
	require.Nil(t, out.Any)
	var p *outer
	require.Nil(t, Deep(p))
	require.Equal(t, []int{}, Deep([]int{}))
}

func TestShallow(t *testing.T) {
	type leaky struct {
		refs []int
		n    int
	}
	type holder struct{ L []leaky }
	require.Equal(t, []string{"clone.leaky.refs"}, Shallow(reflect.TypeFor[holder]()))
	// Deep shares an unexported slice: what Shallow warns about
	in := holder{L: []leaky{{refs: []int{1}, n: 2}}}
	out := Deep(in)
	require.Equal(t, 2, out.L[0].n)
	out.L[0].refs[0] = 9
	require.Equal(t, 9, in.L[0].refs[0])
	require.Empty(t, Shallow(reflect.TypeFor[outer]()))
}
