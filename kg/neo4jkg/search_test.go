package neo4jkg

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLuceneTerms(t *testing.T) {
	for in, want := range map[string]string{
		"National Trust":                     "national trust",
		`name:"x" AND (y OR z)~2 \ / * ? +-`: "name x and y or z 2",
		"Národní muzeum":                     "národní muzeum",
		"}) MATCH (n) DETACH DELETE n //":    "match n detach delete",
		"":                                   "",
	} {
		require.Equal(t, want, luceneTerms(in), in)
	}
}

func TestSearchNames(t *testing.T) {
	s, _, _ := testStore(t)
	ctx := context.Background()
	hits, err := s.SearchNames(ctx, "National Museum of Scotland", 5)
	require.NoError(t, err)
	require.NotEmpty(t, hits)
	require.Equal(t, "mm:mm.domus.SC277", hits[0].ID)
	require.LessOrEqual(t, len(hits), 5)

	// Alternative names are indexed too (an acronym of a ROR record).
	hits, err = s.SearchNames(ctx, "NPMK", 3)
	require.NoError(t, err)
	require.NotEmpty(t, hits)
	require.Equal(t, "ror:02fh5m162", hits[0].ID)

	nodes, rels, err := s.Count(ctx)
	require.NoError(t, err)
	for i, h := range hostile {
		_, err := s.SearchNames(ctx, h, 5)
		require.NoError(t, err, "hostile[%d]", i)
	}
	many := ""
	for i := 0; i < 3000; i++ {
		many += fmt.Sprintf("word%d ", i)
	}
	_, err = s.SearchNames(ctx, many, 5)
	require.NoError(t, err)
	require.Len(t, strings.Fields(luceneTerms(many)), maxTerms)
	hits, err = s.SearchNames(ctx, `"*?`, 5)
	require.NoError(t, err)
	require.Nil(t, hits)
	after, afterRels, err := s.Count(ctx)
	require.NoError(t, err)
	require.Equal(t, nodes, after)
	require.Equal(t, rels, afterRels)
}
