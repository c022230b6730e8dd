package router

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestCheckedInFusionTable(t *testing.T) {
	tab, err := ParseFusionTable(FusionTableJSON())
	require.NoError(t, err)
	require.Len(t, tab.Intents, len(Intents))
	for _, i := range Intents {
		e := tab.Intents[i]
		// The baseline is the RRF the router planned before the table:
		// k 60, the primary leg 1.
		require.Equal(t, "rrf", e.Baseline.Method, i)
		require.Equal(t, 60.0, e.Baseline.K, i)
		// No leg is planned with weight 0 (it would run for nothing).
		for _, name := range Retrievers() {
			require.Greater(t, e.Weights[name], 0.0, "%s %s", i, name)
		}
	}
}

// tableWith is the checked-in table with one intent's entry changed.
func tableWith(t *testing.T, edit func(map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(FusionTableJSON(), &m))
	edit(m["intents"].(map[string]any)["factual"].(map[string]any))
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return b
}

func TestParseFusionTableRejects(t *testing.T) {
	tests := []struct {
		name string
		edit func(map[string]any)
		want string
	}{
		{"unknown method", func(e map[string]any) { e["method"] = "borda" }, "unknown fusion"},
		{"negative k", func(e map[string]any) { e["k"] = -1 }, "k -1"},
		{"missing weight", func(e map[string]any) { delete(e["weights"].(map[string]any), "bm25") }, "no weight for retriever bm25"},
		{"negative weight", func(e map[string]any) { e["weights"].(map[string]any)["kg"] = -0.5 }, "weight -0.5 for kg"},
		{"unknown retriever", func(e map[string]any) { e["weights"].(map[string]any)["solr"] = 1 }, `unknown retriever "solr"`},
		{"bad baseline", func(e map[string]any) { e["baseline"].(map[string]any)["method"] = "" }, "factual baseline"},
		{"unknown field", func(e map[string]any) { e["weight"] = 1 }, "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFusionTable(tableWith(t, tt.edit))
			require.ErrorContains(t, err, tt.want)
		})
	}
	_, err := ParseFusionTable([]byte(`{"intents": {"factual": {}}}`))
	require.Error(t, err)
	_, err = ParseFusionTable([]byte(strings.Replace(string(FusionTableJSON()), `"collection"`, `"browsing"`, 1)))
	require.ErrorContains(t, err, `unknown intent "browsing"`)
}

func TestLegsFollowTheFusionTable(t *testing.T) {
	ds := testfixture.Dataset(t)
	tab := DefaultFusionTable()
	e := tab.Intents[Factual]
	e.Method, e.K = "dbsf", 0
	e.Weights = maps.Clone(e.Weights)
	e.Weights[RetrieverBM25] = 1.5
	tab.Intents = maps.Clone(tab.Intents)
	tab.Intents[Factual] = e
	r := New(ds, WithFusionTable(tab))

	p := r.Route("What is the ISIL code of Heimatstube im Elbtor?")
	require.Equal(t, Factual, p.Intent)
	require.Equal(t, Fusion{Method: "dbsf"}, p.Fusion)
	weights := map[string]float64{}
	for _, l := range p.Legs {
		weights[l.Retriever] = l.Weight
	}
	require.Equal(t, 1.5, weights[RetrieverBM25])
	require.Equal(t, tab.Intents[Factual].Weights[RetrieverKG], weights[RetrieverKG])

	// The checked-in table for the same question.
	p = newTestRouter(t).Route("What is the ISIL code of Heimatstube im Elbtor?")
	want := DefaultFusionTable().Intents[Factual]
	require.Equal(t, want.Fusion(), p.Fusion)
}

func TestLegWeight(t *testing.T) {
	require.Equal(t, 0.3, LegWeight(0.3, RetrieverVector, false, false, false))
	require.Equal(t, 0.7, LegWeight(0.3, RetrieverVector, false, true, false)) // uncertain intent: secondary raised
	require.Equal(t, 0.3, LegWeight(0.3, RetrieverVector, true, true, false))  // not the primary
	require.Equal(t, 0.5, LegWeight(0.3, RetrieverBM25, false, false, true))   // an unrecognised name
	require.Equal(t, 1.5, LegWeight(1.5, RetrieverBM25, false, true, true))    // never lowered
}
