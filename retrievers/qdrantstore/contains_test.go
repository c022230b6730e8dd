package qdrantstore

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/qdrant/go-client/qdrant"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestFoldedValuesArePayloads checks that foldedValues gives, for every
// record and text filter key, the values payload writes under fold.<key>:
// a $contains is resolved over exactly what Qdrant would test.
func TestFoldedValuesArePayloads(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := embedded(t)
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		fold := payload(in)[foldKey].GetStructValue().GetFields()
		for _, key := range filter.Keys {
			if query.NumericField(key) {
				continue
			}
			var want []string
			switch v := fold[key]; {
			case v == nil:
			case v.GetListValue() != nil:
				for _, x := range v.GetListValue().GetValues() {
					want = append(want, x.GetStringValue())
				}
			default:
				want = []string{v.GetStringValue()}
			}
			require.Equal(t, want, foldedValues(in, key), "record %s, key %s", in.ID, key)
		}
	}
}

// resolvedSets add to semanticSets the $contains filters the pipeline
// sends (an admin area of the plan, with its level) and parts that no
// value, one value or more than maxResolved values hold.
var resolvedSets = []string{
	`{"admin_area":{"$contains":"Fife (Scottish Council Area)"}}`,
	`{"admin_area":{"$contains":"Rutland (English UA)"},"type":"MUSEUM"}`,
	`{"admin_area":{"$contains":"bexley"}}`,
	`{"admin_area":{"$contains":"no such area anywhere"}}`,
	`{"name":{"$contains":"museum"}}`,
	`{"id":{"$contains":"q"}}`,
}

// TestTranslateResolvedMatchesFilterSemantics is
// TestTranslateMatchesFilterSemantics for the translation a retriever
// WithRecords makes: evaluated with Qdrant's semantics over every
// record's payload, it passes exactly the records filter.Set.Match
// passes.
func TestTranslateResolvedMatchesFilterSemantics(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := embedded(t)
	values := newRecordValues(ds)
	payloads := make([]map[string]*qdrant.Value, len(ds.Institutions))
	for i := range ds.Institutions {
		payloads[i] = payload(&ds.Institutions[i])
	}
	for _, src := range append(append([]string{}, semanticSets...), resolvedSets...) {
		t.Run(src, func(t *testing.T) {
			fs, err := filter.Parse([]byte(src))
			if err != nil {
				t.Skip(err) // a key the filter dict rejects
			}
			qf, ok := translateSet(fs, values)
			requireSameRecords(t, ds, payloads, fs, qf, ok)
		})
	}
}

// TestContainsResolved checks the conditions: keywords for a part few
// values hold, none for a part no value holds, and the substring match
// for a part more than maxResolved values hold.
func TestContainsResolved(t *testing.T) {
	ds := embedded(t)
	values := newRecordValues(ds)
	field := foldKey + ".admin_area"

	c := values.contains("admin_area", field, []string{" Fife (Scottish Council Area) "})
	require.NotNil(t, c.cond)
	kw := c.cond.GetField().GetMatch().GetKeywords().GetStrings()
	if kw == nil {
		kw = []string{c.cond.GetField().GetMatch().GetKeyword()}
	}
	require.Contains(t, kw, "fife (scottish council area)")
	for _, v := range kw {
		require.Contains(t, v, "fife (scottish council area)")
	}

	require.True(t, values.contains("admin_area", field, []string{"no such area anywhere"}).never)
	fs := filter.Set{{Field: "admin_area", Op: filter.Contains, Values: []string{"no such area anywhere"}}}
	_, ok := translateSet(fs, values)
	require.False(t, ok, "a part no record's value holds selects nothing: no search")

	c = values.contains("id", foldKey+".id", []string{"q"})
	require.Greater(t, len(values.of("id")), maxResolved)
	require.Equal(t, "q", c.cond.GetField().GetMatch().GetText(), "more than maxResolved values: Qdrant's substring match")
}

// BenchmarkTranslateContains measures the translation of the filter the
// pipeline gives a list in an admin area (type and the area's name with
// its level, $contains), resolved over the dataset's values (the values
// gathered before the loop).
func BenchmarkTranslateContains(b *testing.B) {
	values := newRecordValues(embedded(b))
	fs, err := filter.Parse([]byte(`{"type_code":["M"],"admin_area":{"$contains":"Fife (Scottish Council Area)"}}`))
	require.NoError(b, err)
	values.of("admin_area")
	b.ReportAllocs()
	for b.Loop() {
		if f, ok := translateSet(fs, values); !ok || f == nil {
			b.Fatal("no filter")
		}
	}
}

// BenchmarkLiveContains searches a collection holding the embedded
// dataset with the filter the pipeline gives a list in an admin area (a
// type and the area's name with its level, $contains), as Qdrant's text
// match (text) and resolved over the records' values (resolved). It
// needs QDRANT_URL; HYBRIDRAG_QDRANT_TEST_COLLECTION names a collection
// that already holds the dataset, else one is ingested and deleted.
func BenchmarkLiveContains(b *testing.B) {
	url := os.Getenv(envQdrantURL)
	if url == "" {
		b.Skip(envQdrantURL + " is not set")
	}
	ctx := context.Background()
	ds := embedded(b)
	emb := embed.NewHashing(parityDim)
	collection := os.Getenv(envParityCollection)
	own := collection == ""
	if own {
		collection = fmt.Sprintf("hybridrag_contains_%d", time.Now().UnixNano())
	}
	s, err := Open(ctx, Config{URL: url, Collection: collection})
	require.NoError(b, err)
	b.Cleanup(func() { _ = s.Close() })
	if own {
		require.NoError(b, s.Ingest(ctx, ds, emb, nil))
		b.Cleanup(func() { _ = s.DeleteCollection(context.Background()) })
	}
	fs, err := filter.Parse([]byte(`{"type_code":["M"],"admin_area":{"$contains":"Fife (Scottish Council Area)"}}`))
	require.NoError(b, err)
	q := retrieval.Query{Text: "Which large museums are in the Fife council area?", K: 20, Filters: fs}
	for _, c := range []struct {
		name string
		r    *Retriever
	}{{"text", s.Retriever(emb)}, {"resolved", s.Retriever(emb, WithRecords(ds))}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				hits, err := c.r.Retrieve(ctx, q)
				if err != nil || len(hits) == 0 {
					b.Fatal(err, len(hits))
				}
			}
		})
	}
}
