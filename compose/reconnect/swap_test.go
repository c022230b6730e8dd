package reconnect_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/compose/reconnect"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/wikidata"
)

func finding(id string) retrieval.Retriever {
	return retrieval.RetrieverFunc(func(context.Context, retrieval.Query) ([]retrieval.Hit, error) {
		return []retrieval.Hit{{ID: id, Rank: 1}}, nil
	})
}

func TestRetrieverServesWithTheFirstUntilUse(t *testing.T) {
	r := reconnect.NewRetriever(finding("embedded"))
	hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: "q", K: 5})
	require.NoError(t, err)
	require.Equal(t, "embedded", hits[0].ID)

	// Questions under way while the backend joins each get one answer.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 200 {
				hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: "q", K: 5})
				require.NoError(t, err)
				require.Len(t, hits, 1)
			}
		})
	}
	r.Use(finding("remote"))
	wg.Wait()
	hits, err = r.Retrieve(context.Background(), retrieval.Query{Text: "q", K: 5})
	require.NoError(t, err)
	require.Equal(t, "remote", hits[0].ID)
}

func TestNoneFindsNothing(t *testing.T) {
	hits, err := reconnect.None.Retrieve(context.Background(), retrieval.Query{Text: "q", K: 5})
	require.NoError(t, err)
	require.Empty(t, hits)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = reconnect.None.Retrieve(ctx, retrieval.Query{Text: "q", K: 5})
	require.ErrorIs(t, err, context.Canceled)
}

// graph answers every call with its name, and says how Select was asked.
type graph struct{ name string }

func (g graph) Lookup(context.Context, string, string) ([]string, error) {
	return []string{g.name}, nil
}
func (g graph) ByName(context.Context, string) ([]string, error) { return []string{g.name}, nil }
func (g graph) Select(context.Context, plan.Constraints, int) ([]string, error) {
	return []string{g.name + " select"}, nil
}

type statedGraph struct{ graph }

func (g statedGraph) SelectMatching(context.Context, plan.Constraints, int, kg.PlaceMatch) ([]string, error) {
	return []string{g.name + " matching"}, nil
}

func TestGraphSwapsAndKeepsStatedSelections(t *testing.T) {
	ctx := context.Background()
	g := reconnect.NewGraph(statedGraph{graph{"embedded"}})
	ids, err := g.Lookup(ctx, "isil", "DE-1")
	require.NoError(t, err)
	require.Equal(t, []string{"embedded"}, ids)
	ids, err = g.SelectMatching(ctx, plan.Constraints{}, 2026, kg.Stated)
	require.NoError(t, err)
	require.Equal(t, []string{"embedded matching"}, ids)

	g.Use(statedGraph{graph{"neo4j"}})
	ids, err = g.ByName(ctx, "x")
	require.NoError(t, err)
	require.Equal(t, []string{"neo4j"}, ids)
	ids, err = g.SelectMatching(ctx, plan.Constraints{}, 2026, kg.Stated)
	require.NoError(t, err)
	require.Equal(t, []string{"neo4j matching"}, ids)

	// A graph that tells no exact sets apart is asked Select.
	g.Use(graph{"plain"})
	ids, err = g.SelectMatching(ctx, plan.Constraints{}, 2026, kg.Stated)
	require.NoError(t, err)
	require.Equal(t, []string{"plain select"}, ids)
}

type enricher []wikidata.Enrichment

func (e enricher) Enrich(context.Context, []string) ([]wikidata.Enrichment, error) { return e, nil }

func TestEnricherAddsNothingUntilUse(t *testing.T) {
	e := reconnect.NewEnricher()
	found, err := e.Enrich(context.Background(), []string{"a"})
	require.NoError(t, err)
	require.Empty(t, found)
	e.Use(enricher{{ID: "a"}})
	found, err = e.Enrich(context.Background(), []string{"a"})
	require.NoError(t, err)
	require.Equal(t, []wikidata.Enrichment{{ID: "a"}}, found)
}
