package router

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/internal/packed/packedtest"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestDecodeTablesEqualsNew holds the decoded tables to the derived ones,
// table by table, and routes the gold and generated questions with both.
func TestDecodeTablesEqualsNew(t *testing.T) {
	ds := testfixture.Dataset(t)
	built := newTestRouter(t)
	var w packed.Writer
	(&Tables{built.g}).Encode(&w)
	tables, err := DecodeTables(packed.NewReader(w.Bytes()), ds)
	require.NoError(t, err)
	a, b := built.g, tables.g
	require.Equal(t, a.entries, b.entries)
	require.Equal(t, a.keys, b.keys)
	require.Equal(t, a.keyOff, b.keyOff)
	require.Equal(t, a.recOff, b.recOff)
	require.Equal(t, a.recs, b.recs)
	require.Equal(t, a.names.Len(), b.names.Len())
	for i := range int32(len(a.entries)) {
		k := a.key(i)
		ai, aok := a.findName(k)
		bi, bok := b.findName(k)
		require.Equal(t, aok, bok, k)
		require.Equal(t, ai, bi, k)
		require.Equal(t, !a.isAcronym(i), aok && ai == i, k)
	}
	require.Equal(t, a.acronyms, b.acronyms)
	require.Equal(t, [3]int{a.maxTok, a.nEntries, a.bodyMax}, [3]int{b.maxTok, b.nEntries, b.bodyMax})
	require.Equal(t, a.df, b.df)
	require.Equal(t, a.bodies, b.bodies)
	require.Equal(t, a.bodyArr, b.bodyArr)
	require.Equal(t, a.places, b.places)
	require.Equal(t, a.placeMax, b.placeMax)
	require.Equal(t, a.placeTri, b.placeTri)
	require.Equal(t, a.shortPlaces, b.shortPlaces)
	require.Equal(t, a.placeWords, b.placeWords)
	require.Equal(t, a.placeWordTri, b.placeWordTri)
	require.Equal(t, a.plainWords, b.plainWords)
	require.Equal(t, a.ids, b.ids)
	require.Equal(t, a.subjects, b.subjects)
	require.Same(t, a.ds, b.ds)
	require.Equal(t, a.nameIx.docOff, b.nameIx.docOff)
	require.Equal(t, a.nameIx.entries, b.nameIx.entries)

	read := New(ds, WithTables(func(*heritage.Dataset) *Tables { return tables }))
	var questions []string
	for _, f := range []string{"../testdata/questions.jsonl", "../testdata/generated/questions.jsonl"} {
		qs, err := gold.Load(f)
		require.NoError(t, err)
		for _, q := range qs {
			questions = append(questions, q.Question)
		}
	}
	require.Greater(t, len(questions), 240)
	for _, q := range questions {
		require.Equal(t, built.Route(q), read.Route(q), q)
	}
}

// TestDecodeTablesKeepNoInput: the decoded tables hold nothing of the
// bytes they were read from (a start reads the file whole and drops it):
// with those bytes overwritten they encode to the same bytes again. Every
// name entry's name is a string of its first record.
func TestDecodeTablesKeepNoInput(t *testing.T) {
	ds := testfixture.Dataset(t)
	var w packed.Writer
	(&Tables{newTestRouter(t).g}).Encode(&w)
	want := w.Bytes()
	in := slices.Clone(want)
	tables, err := DecodeTables(packed.NewReader(in), ds)
	require.NoError(t, err)
	for i := range in {
		in[i] = 0xff
	}
	var again packed.Writer
	tables.Encode(&again)
	require.Equal(t, want, again.Bytes())
	g := tables.g
	for i, e := range g.entries {
		_, ok := recordString(&ds.Institutions[g.recs[g.recOff[i]]], e.name)
		require.True(t, ok, e.name)
	}
}

// TestDecodeTablesRefusesDamage: damaged tables fail or decode to ones a
// router can route with, and the tables of a dataset of another size are
// refused (the cache tells other data of the same size by the digest of
// its ids, see index.RouterTables).
func TestDecodeTablesRefusesDamage(t *testing.T) {
	ds := testfixture.Sample(t, 200)
	tables := NewTables(ds)
	decode := func(r *packed.Reader) (*Tables, error) { return DecodeTables(r, ds) }
	packedtest.Damage(t, tables.Encode, decode, func(tb *Tables) {
		New(ds, WithTables(func(*heritage.Dataset) *Tables { return tb })).Route("Which museums in Bonn have an ISIL?")
	})
	_, err := DecodeTables(packedtest.Reader(tables.Encode), testfixture.Sample(t, 100))
	require.Error(t, err, "another dataset's tables")
}

// TestEntriesByRecord: a record's gazetteer entries are those naming it,
// in entry order.
func TestEntriesByRecord(t *testing.T) {
	ds := testfixture.Sample(t, 300)
	g := NewTables(ds).g
	want := make([][]int32, ds.Len())
	for i := range g.entries {
		for _, id := range g.recordIDs(int32(i)) {
			d, ok := ds.Index(id)
			require.True(t, ok, id)
			want[d] = append(want[d], int32(i))
		}
	}
	for d := range want {
		require.Equal(t, len(want[d]), len(g.nameIx.byDoc(int32(d))), ds.Institutions[d].ID)
		for k, e := range want[d] {
			require.Equal(t, e, g.nameIx.byDoc(int32(d))[k])
		}
	}
	require.NotEmpty(t, g.nameIx.byDoc(0))
}

// BenchmarkDecodeTables reads the tables of the bundled data, as a start
// from the cache does.
func BenchmarkDecodeTables(b *testing.B) {
	ds := testfixture.Dataset(b)
	var w packed.Writer
	NewTables(ds).Encode(&w)
	b.SetBytes(int64(len(w.Bytes())))
	for b.Loop() {
		if _, err := DecodeTables(packed.NewReader(w.Bytes()), ds); err != nil {
			b.Fatal(err)
		}
	}
}
