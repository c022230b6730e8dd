package sparql

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

func queryFor(k int, cons plan.Constraints, country ...string) retrieval.Query {
	q := retrieval.Query{Text: "question", K: k, Plan: &plan.Plan{Constraints: cons}}
	if len(country) > 0 {
		q.Filters = filter.Set{{Field: "country", Op: filter.Eq, Values: country}}
	}
	return q
}

// TestRetrieverPartialFailure is a contract test: the ISIL look-up fails
// while the QID in the plan still yields its record, so the hit is kept.
func TestRetrieverPartialFailure(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int64) {
		http.Error(w, "broken", http.StatusBadRequest)
	})
	c, _ := testClient(t, f.URL)
	r := NewRetriever(c, dataset(t))
	ctx := context.Background()

	hits, err := r.Retrieve(ctx, queryFor(5, plan.Constraints{QIDs: []string{"Q891746"}, ISILs: []string{"DE-380"}}))
	require.NoError(t, err)
	require.Len(t, hits, 1)
	require.Equal(t, "wd:Q891746", hits[0].ID)
	require.Equal(t, 1.0, hits[0].Score)
	require.Equal(t, "DE-MUS-031618", hits[0].Identifiers.ISIL)

	// Nothing usable left: the error is returned.
	_, err = r.Retrieve(ctx, queryFor(5, plan.Constraints{ISILs: []string{"DE-380"}}))
	var se *StatusError
	require.ErrorAs(t, err, &se)
	require.ErrorContains(t, err, "wikidata:")
}

func TestRetrieverNoPlanNoRequest(t *testing.T) {
	f := newFake(t, ok)
	c, _ := testClient(t, f.URL)
	r := NewRetriever(c, dataset(t))
	for _, q := range []retrieval.Query{
		{Text: "museums in Celle", K: 5},
		queryFor(0, plan.Constraints{ISILs: []string{"DE-380"}}),
		queryFor(5, plan.Constraints{Places: []plan.Place{{Name: "Celle", Level: plan.LevelCity}}}),
		queryFor(5, plan.Constraints{ISILs: []string{"not an isil"}, Names: []plan.NameMatch{{Name: "  "}}}),
	} {
		hits, err := r.Retrieve(context.Background(), q)
		require.NoError(t, err)
		require.Empty(t, hits)
	}
	require.EqualValues(t, 0, f.requests.Load())

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := r.Retrieve(ctx, queryFor(5, plan.Constraints{QIDs: []string{"Q891746"}}))
	require.ErrorIs(t, err, context.Canceled)
}

func TestRetrieverIndex(t *testing.T) {
	c, _ := testClient(t, "http://127.0.0.1:1/query")
	ds := dataset(t)
	r := NewRetriever(c, ds)
	n := 0
	for i := range ds.Institutions {
		if ds.Institutions[i].Wikidata != "" {
			n++
		}
	}
	require.Len(t, r.byQID, n, "one entry per QID (the data has no shared QIDs)")
	require.Equal(t, []string{"ror:05dhe8b71"}, r.Records("wd:Q23308"))
	require.Empty(t, r.Records("Q0"))
}

func TestRetrieverEnrichContract(t *testing.T) {
	var queries []string
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, _ int64) {
		queries = append(queries, r.PostForm.Get("query"))
		io.WriteString(w, `{"head":{"vars":["item","p","v","vl"]},"results":{"bindings":[
		 {"item":{"type":"uri","value":"http://www.wikidata.org/entity/Q891746"},
		  "p":{"type":"uri","value":"http://www.w3.org/2000/01/rdf-schema#label"},
		  "v":{"type":"literal","value":"Bomann-Museum","xml:lang":"de"}},
		 {"item":{"type":"uri","value":"http://www.wikidata.org/entity/Q891746"},
		  "p":{"type":"uri","value":"http://schema.org/description"},
		  "v":{"type":"literal","value":"d","xml:lang":"en"}}]}}`)
	})
	c, _ := testClient(t, f.URL)
	r := NewRetriever(c, dataset(t))
	got, err := r.Enrich(context.Background(), []string{"mm:none", "wd:Q891746"})
	require.NoError(t, err)
	require.Equal(t, []Enrichment{{ID: "wd:Q891746", Entity: Entity{QID: "Q891746", Label: "Bomann-Museum", LabelLang: "de", Description: "d"}}}, got)
	require.Len(t, queries, 1)
	require.Contains(t, queries[0], "VALUES ?item { wd:Q891746 }")

	got, err = r.Enrich(context.Background(), []string{"mm:none"})
	require.NoError(t, err)
	require.Empty(t, got)
	require.Len(t, queries, 1)
}
