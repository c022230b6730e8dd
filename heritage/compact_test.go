package heritage

import (
	"encoding/json"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestCompactRecords: the records stay equal, a value or a list repeated
// across records is held once, and a list capped at its length so that an
// append to it leaves the next record's alone.
func TestCompactRecords(t *testing.T) {
	skipUnderRace(t)
	ds := embedded(t)
	recs := ds.Institutions[:2000]
	// A copy of the records as the JSON decoder makes them: every string
	// and list its own.
	fresh := make([]Institution, len(recs))
	for i := range recs {
		b, err := json.Marshal(&recs[i])
		require.NoError(t, err)
		require.NoError(t, Decode(b, &fresh[i]))
		fresh[i].normalize()
	}
	require.Equal(t, recs, fresh)
	CompactRecords(fresh)
	require.Equal(t, recs, fresh)

	first := map[string]*byte{}
	shared := 0
	for i := range fresh {
		in := &fresh[i]
		for _, s := range []string{in.Attribution, in.License, in.Type, in.Country, string(in.Tier)} {
			if p, ok := first[s]; ok {
				require.Same(t, p, unsafe.StringData(s), s)
				shared++
			} else {
				first[s] = unsafe.StringData(s)
			}
		}
	}
	require.Greater(t, shared, 9000)

	// Equal lists and areas are one, different ones apart.
	sources := map[string]*string{}
	areas := map[Area]*Area{}
	sharedLists, sharedAreas := 0, 0
	for i := range fresh {
		in := &fresh[i]
		if len(in.Sources) > 0 {
			k, _ := json.Marshal(in.Sources)
			if p, ok := sources[string(k)]; ok {
				require.Same(t, p, &in.Sources[0], string(k))
				sharedLists++
			} else {
				sources[string(k)] = &in.Sources[0]
			}
		}
		if in.Area != nil {
			if p, ok := areas[*in.Area]; ok {
				require.Same(t, p, in.Area)
				sharedAreas++
			} else {
				areas[*in.Area] = in.Area
			}
		}
	}
	require.Greater(t, sharedLists, 1500)
	require.Greater(t, sharedAreas, 0)

	for i := 0; i+1 < len(fresh); i++ {
		a, b := &fresh[i], &fresh[i+1]
		if len(a.Sources) == 0 || len(b.Sources) == 0 {
			continue
		}
		next := append([]string(nil), b.Sources...)
		_ = append(a.Sources, "appended")
		require.Equal(t, next, b.Sources)
		return
	}
	t.Fatal("no two neighbouring records with sources")
}

// TestIDIndex: every record is found by its id, an id of no record is
// not, and a second record of an id is refused.
func TestIDIndex(t *testing.T) {
	ds := embedded(t)
	for i := range ds.Institutions {
		j, ok := ds.Index(ds.Institutions[i].ID)
		require.True(t, ok)
		require.Equal(t, i, j)
	}
	for _, id := range []string{"", "wd:", "nope:1", ds.Institutions[0].ID + "x"} {
		_, ok := ds.Index(id)
		require.False(t, ok, id)
	}
	var x idIndex
	recs := ds.Institutions[:100]
	for i := range recs {
		require.True(t, x.add(recs, i))
	}
	require.False(t, x.add(append(recs[:100:100], recs[7]), 100))
	_, ok := (&Dataset{}).Get(recs[0].ID)
	require.False(t, ok)
}
