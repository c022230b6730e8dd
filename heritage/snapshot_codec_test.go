package heritage

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/internal/packed/packedtest"
)

// TestSnapshotCodecCoversEveryField fills every field of an Institution,
// and of every type it holds, with a distinct value and reads it back: a
// field the codec leaves out comes back zero and fails the test.
func TestSnapshotCodecCoversEveryField(t *testing.T) {
	var in Institution
	n := 0
	fill(reflect.ValueOf(&in).Elem(), &n)
	for f := range textFields {
		in.SetText(f, fmt.Sprintf("text %d", f))
	}
	var rare rareLists
	fill(reflect.ValueOf(&rare.altNames).Elem(), &n)
	fill(reflect.ValueOf(&rare.memberOf).Elem(), &n)
	fill(reflect.ValueOf(&rare.related).Elem(), &n)
	in.setLists(rare.altNames, rare.memberOf, rare.related, nil)
	require.Greater(t, n, 60, "every field was filled")

	var back Institution
	r := roundTrip(&in, &back)
	require.True(t, r.Done())
	require.Equal(t, in, back)

	// nil and empty slices and pointers stay apart
	empty := Institution{Subjects: []string{}, Identifiers: Identifiers{GND: []string{}}}
	empty.SetAltNames([]AltName{})
	back = Institution{}
	roundTrip(&empty, &back)
	require.Equal(t, empty, back)
	require.NotNil(t, back.AltNames())
	require.Nil(t, back.MemberOf())

	// so do three empty lists, which most records hold, and none
	for _, lists := range []bool{true, false} {
		var in, back Institution
		if lists {
			in.setLists([]AltName{}, []Membership{}, []Relation{}, nil)
		}
		roundTrip(&in, &back)
		require.Equal(t, in, back)
		require.Equal(t, lists, back.AltNames() != nil && back.MemberOf() != nil && back.Related() != nil)
		require.Nil(t, back.rare, "three empty lists take no rareLists")
	}
}

// roundTrip encodes in and decodes it into back.
func roundTrip(in, back *Institution) *packed.Reader {
	var w packed.Writer
	text := newTextTable()
	encodeInstitution(recordWriter{&w, text}, in)
	r := packed.NewReader(w.Bytes())
	decodeInstitution(recordReader{r: r, text: text.list, lists: &lists{}}, back)
	return r
}

// fill sets every settable field under v to a value told apart by *n.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString("v" + string(rune('A'+*n%26)) + string(rune('a'+*n/26)))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(*n))
	case reflect.Float64:
		v.SetFloat(float64(*n) + 0.5)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range v.Len() {
			fill(v.Index(i), n)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	default:
		panic("fill: no value for " + v.Kind().String())
	}
}

// TestSnapshotCodecDamage: damaged records fail to decode or decode
// without a panic.
func TestSnapshotCodecDamage(t *testing.T) {
	skipUnderRace(t)
	ds := embedded(t)
	recs := ds.Institutions[:40]
	text := newTextTable()
	encode := func(w *packed.Writer) {
		for i := range recs {
			encodeInstitution(recordWriter{w, text}, &recs[i])
		}
	}
	decode := func(r *packed.Reader) ([]Institution, error) {
		out := make([]Institution, len(recs))
		dec := recordReader{r: r, text: text.list, lists: &lists{}}
		for i := range out {
			decodeInstitution(dec, &out[i])
		}
		return out, r.Err()
	}
	packedtest.Damage(t, encode, decode, nil)
}
