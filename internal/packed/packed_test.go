package packed

import (
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

func TestRoundTrip(t *testing.T) {
	var w Writer
	w.Uint(math.MaxUint64)
	w.Int(-7)
	w.Int32(math.MaxInt32)
	w.Len(3)
	w.Bool(true)
	w.Bool(false)
	w.Float(-1.25e-300)
	w.String("Heimatstube im Elbtor")
	w.String("")
	w.Strings([]string{"a", "", "ü"})
	w.Int32s([]int32{0, 4, 2})
	w.Int32s(nil)

	r := NewReader(w.Bytes())
	require.Equal(t, uint64(math.MaxUint64), r.Uint())
	require.Equal(t, int64(-7), r.Int())
	require.Equal(t, int32(math.MaxInt32), r.Int32(math.MaxInt32+1))
	require.Equal(t, 3, r.Len(3))
	require.True(t, r.Bool())
	require.False(t, r.Bool())
	require.Equal(t, -1.25e-300, r.Float())
	require.Equal(t, "Heimatstube im Elbtor", r.String())
	require.Equal(t, "", r.String())
	require.Equal(t, []string{"a", "", "ü"}, r.Strings())
	a := r.Int32s(5)
	require.Equal(t, []int32{0, 4, 2}, a)
	require.Equal(t, len(a), cap(a), "an append never writes into the next slice")
	require.Nil(t, r.Int32s(5))
	require.True(t, r.Done())
}

func TestDamage(t *testing.T) {
	var w Writer
	w.Len(9)
	w.Int32(5)
	w.String("abc")
	b := w.Bytes()

	r := NewReader(b)
	require.Zero(t, r.Len(8), "over its limit")
	require.ErrorIs(t, r.Err(), ErrDamaged)
	require.Zero(t, r.Int32(5), "a failure sticks")

	r = NewReader(b)
	r.Len(9)
	r.Int32(5)
	require.ErrorIs(t, r.Err(), ErrDamaged, "an int32 out of range")

	for n := range len(b) {
		r := NewReader(b[:n])
		r.Len(9)
		r.Int32(6)
		_ = r.String()
		require.ErrorIs(t, r.Err(), ErrDamaged, "truncated at %d", n)
	}

	var big Writer
	big.Len(1 << 40)
	require.Nil(t, NewReader(big.Bytes()).Int32s(1), "a damaged count makes no allocation")
}

func TestSeal(t *testing.T) {
	var w Writer
	w.String("body")
	b := Seal("magic\n", &w)
	r, err := Unseal("magic\n", b)
	require.NoError(t, err)
	require.Equal(t, "body", r.String())
	require.True(t, r.Done())
	for i := range b {
		c := append([]byte(nil), b...)
		c[i] ^= 1
		_, err := Unseal("magic\n", c)
		require.ErrorIs(t, err, ErrDamaged, "byte %d changed", i)
	}
	_, err = Unseal("other\n", b)
	require.ErrorIs(t, err, ErrDamaged)
}

func TestTable(t *testing.T) {
	m := map[string][]int32{"b": {1, 2}, "a": {0}, "": {3}}
	var w Writer
	w.Table(m)
	w.Table(nil)
	r := NewReader(w.Bytes())
	require.Equal(t, m, r.Table(4))
	require.Empty(t, r.Table(4))
	require.True(t, r.Done())
}

func TestMaps(t *testing.T) {
	lists := map[string][]string{"b": {"x", "y"}, "a": nil}
	pairs := map[string]string{"k": "v", "": "e"}
	counts := map[string]int{"n": -3, "m": 1 << 40}
	set := map[string]bool{"in": true, "out": false}
	var w Writer
	w.Lists(lists)
	w.Pairs(pairs)
	w.Counts(counts)
	w.Set(set)
	r := NewReader(w.Bytes())
	require.Equal(t, lists, r.Lists())
	require.Equal(t, pairs, r.Pairs())
	require.Equal(t, counts, r.Counts())
	require.Equal(t, map[string]bool{"in": true}, r.Set())
	require.True(t, r.Done())
}

// Arrays read back as written, each into memory of its own, after and
// before other items; a length past the input fails.
func TestArrayRoundTrip(t *testing.T) {
	var w Writer
	w.String("x")
	Array(&w, []int32{-1, 0, math.MaxInt32})
	Array(&w, []uint32{})
	Array(&w, []uint64{math.MaxUint64, 1})
	Array(&w, []float64{-0.5, math.Inf(1)})
	Array(&w, []uint16{math.MaxUint16, 0, 7})
	w.Len(9)
	b := w.Bytes()

	r := NewReader(b)
	require.Equal(t, "x", r.String())
	require.Equal(t, []int32{-1, 0, math.MaxInt32}, ReadArray[int32](r))
	require.Equal(t, []uint32{}, ReadArray[uint32](r))
	require.Equal(t, []uint64{math.MaxUint64, 1}, ReadArray[uint64](r))
	require.Equal(t, []float64{-0.5, math.Inf(1)}, ReadArray[float64](r))
	require.Equal(t, []uint16{math.MaxUint16, 0, 7}, ReadArray[uint16](r))
	require.Equal(t, 9, r.Len(9))
	require.True(t, r.Done())

	r = NewReader(b[:len(b)-3])
	_ = r.String()
	ReadArray[int32](r)
	ReadArray[uint32](r)
	ReadArray[uint64](r)
	ReadArray[float64](r)
	require.Empty(t, ReadArray[uint16](r))
	require.ErrorIs(t, r.Err(), ErrDamaged)
}

// A section reads back as a Reader of its own, sharing the input; one
// whose length runs past the input fails.
func TestSection(t *testing.T) {
	var part, w Writer
	part.String("in the section")
	part.Len(7)
	w.Section(part.Bytes())
	w.Len(3)
	r := NewReader(w.Bytes())
	sub := r.Section()
	require.Equal(t, 3, r.Len(3))
	require.True(t, r.Done())
	require.Equal(t, "in the section", sub.String())
	require.Equal(t, 7, sub.Len(7))
	require.True(t, sub.Done())

	r = NewReader(w.Bytes()[:5])
	sub = r.Section()
	require.ErrorIs(t, r.Err(), ErrDamaged)
	require.Empty(t, sub.String())
}

// With CopyStrings a Reader's strings are copies: overwriting the input
// changes none of them (without it they share the input), in a Section
// made afterwards too, and a string longer than a block is whole. An
// empty string points into the input in neither case (it would keep it
// alive).
func TestCopyStrings(t *testing.T) {
	long := strings.Repeat("Stadtmuseum ", textBlock/8)
	var part, w Writer
	part.String("in the section")
	w.String("", "Heimatstube", long)
	w.Pairs(map[string]string{"key": "value"})
	w.Section(part.Bytes())
	in := w.Bytes()

	within := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return p >= uintptr(unsafe.Pointer(&in[0])) && p < uintptr(unsafe.Pointer(&in[0]))+uintptr(len(in))
	}
	shared := NewReader(in)
	require.False(t, within(shared.String()), "an empty string")
	kept := shared.String()
	in[3] = 'x'
	require.Equal(t, "Hximatstube", kept, "without CopyStrings a string is the input's bytes")
	in[3] = 'e'

	r := NewReader(in)
	r.CopyStrings()
	require.False(t, within(r.String()), "an empty string")
	got := []string{r.String(), r.String()}
	pairs := r.Pairs()
	sub := r.Section()
	require.True(t, r.Done())
	inSection := sub.String()
	for i := range in {
		in[i] = 0
	}
	require.Equal(t, []string{"Heimatstube", long}, got)
	require.Equal(t, map[string]string{"key": "value"}, pairs)
	require.Equal(t, "in the section", inSection)
}
