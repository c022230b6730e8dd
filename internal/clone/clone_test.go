package clone

import (
	"maps"
	"slices"
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
}

func (i inner) clone() inner { i.IDs = slices.Clone(i.IDs); return i }

func (o outer) clone() outer {
	o.Inner = o.Inner.clone()
	o.Items = Each(o.Items, inner.clone)
	o.ByName = maps.Clone(o.ByName)
	for k, v := range o.ByName {
		o.ByName[k] = slices.Clone(v)
	}
	o.Ptr = Ptr(o.Ptr, inner.clone)
	for i := range o.Arr {
		o.Arr[i] = slices.Clone(o.Arr[i])
	}
	return o
}

func TestFillSetsEveryExportedField(t *testing.T) {
	var o outer
	Fill(&o)
	require.NotEmpty(t, o.Name)
	require.Len(t, o.Items, 2)
	require.Len(t, o.Items[1].IDs, 2)
	require.Len(t, o.ByName, 1)
	require.NotNil(t, o.Ptr)
	require.NotEmpty(t, o.Arr[1])
	require.NotZero(t, o.Inner.Score)
}

func TestSharedFindsWhatACopyForgets(t *testing.T) {
	var o outer
	Fill(&o)
	require.Empty(t, Shared(o, o.clone()))

	shallow := o.clone()
	shallow.Items[1].IDs = o.Items[1].IDs
	shallow.Ptr = o.Ptr
	shallow.Arr[0] = o.Arr[0]
	require.Equal(t, []string{"clone.outer.Items[1].IDs", "clone.outer.Ptr", "clone.outer.Arr[0]"}, Shared(o, shallow))

	require.Equal(t, []string{"clone.outer.ByName"}, Shared(o, outer{ByName: o.ByName}))
	a := outer{Any: []int{1}}
	require.Equal(t, []string{"clone.outer.Any"}, Shared(a, outer{Any: a.Any}))
}

func TestEachAndPtrKeepNil(t *testing.T) {
	require.Nil(t, Each([]inner(nil), inner.clone))
	require.Equal(t, []inner{}, Each([]inner{}, inner.clone))
	require.Nil(t, Ptr((*inner)(nil), inner.clone))
	p := &inner{Score: 2}
	q := Ptr(p, nil)
	require.Equal(t, p, q)
	require.NotSame(t, p, q)
}

func TestCheck(t *testing.T) {
	Check(t, outer.clone)
	Check(t, (*inner).cloneSelf)
}

func (i *inner) cloneSelf() *inner { c := i.clone(); return &c }
