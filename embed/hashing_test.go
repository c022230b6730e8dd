package embed

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStemPlural(t *testing.T) {
	for in, want := range map[string]string{
		"museums": "museum", "libraries": "library", "glass": "glass", "bus": "bus",
		"status": "status", "arts": "art", "its": "its", "archives": "archive", "museum": "museum",
	} {
		stem, suffix := stemPlural([]byte(in))
		require.Equal(t, want, string(stem)+suffix, in)
	}
}

func cos(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestHashingDeterministicAndNormalised(t *testing.T) {
	h := NewHashing(512)
	require.Equal(t, 512, h.Dim())
	texts := []string{"Morpeth Chantry Bagpipe Museum", "Stadtbibliothek Münchberg", "a"}
	a, err := h.Embed(context.Background(), texts)
	require.NoError(t, err)
	b, err := NewHashing(512).Embed(context.Background(), texts)
	require.NoError(t, err)
	require.Equal(t, a, b, "same settings, same vectors")
	require.Len(t, a, 3)
	for i, v := range a[:2] {
		require.Len(t, v, 512)
		require.InDelta(t, 1, cos(v, v), 1e-5, texts[i])
	}
	require.Equal(t, a[0], h.EmbedOne(texts[0]))
	// Case, punctuation and diacritics do not change the vector.
	require.Equal(t, h.EmbedOne("Stadtbibliothek Münchberg"), h.EmbedOne("STADTBIBLIOTHEK  munchberg!"))
}

func TestHashingEmptyText(t *testing.T) {
	h := NewHashing(0)
	require.Equal(t, DefaultDim, h.Dim())
	vs, err := h.Embed(context.Background(), []string{"", "   ?!", "the of and", "museum"})
	require.NoError(t, err)
	for _, v := range vs[:3] {
		require.Len(t, v, DefaultDim)
		for _, c := range v {
			require.False(t, math.IsNaN(float64(c)))
			require.Zero(t, c)
		}
	}
	require.InDelta(t, 1, cos(vs[3], vs[3]), 1e-5)
	vs, err = h.Embed(context.Background(), nil)
	require.NoError(t, err)
	require.Empty(t, vs)
}

func TestHashingSimilarity(t *testing.T) {
	h := NewHashing(0)
	tests := []struct{ q, near, far string }{
		{"bagpipe museum in Morpeth", "Morpeth Chantry Bagpipe Museum", "Stadtbibliothek Münchberg"},
		{"railway museums", "Museum of Railways and Trains", "County Archive of Devon"},
		{"Gottingen library", "Universitätsbibliothek Göttingen", "National Railway Museum York"},
		{"stadtarchiv", "Stadtarchiv Stendal", "Heimatstube im Elbtor"},
		{"libraries", "library of the university", "museum of the castle"},
	}
	for _, tt := range tests {
		q, near, far := h.EmbedOne(tt.q), h.EmbedOne(tt.near), h.EmbedOne(tt.far)
		require.Greater(t, cos(q, near), cos(q, far)+0.1, tt.q)
	}
}

func TestHashingIDNamesSettings(t *testing.T) {
	a := NewHashing(512).ID()
	require.NotEqual(t, a, NewHashing(768).ID())
	require.NotEqual(t, a, NewHashing(512, WithCharNGrams(2, 4)).ID())
	require.NotEqual(t, a, NewHashing(512, WithGroupWeights(1, 0, 1)).ID())
	require.Equal(t, a, NewHashing(512).ID())
	require.Contains(t, a, "dim=512")
}

func TestHashingOptionsChangeVectors(t *testing.T) {
	text := "Morpeth Chantry Bagpipe Museum"
	base := NewHashing(256).EmbedOne(text)
	require.NotEqual(t, base, NewHashing(256, WithCharNGrams(2, 3)).EmbedOne(text))
	words := NewHashing(256, WithGroupWeights(1, 0, 0)).EmbedOne(text)
	require.InDelta(t, 1, cos(words, words), 1e-5)
	// Word order matters only through bigrams.
	require.Equal(t, words, NewHashing(256, WithGroupWeights(1, 0, 0)).EmbedOne("Museum Bagpipe Chantry Morpeth"))
	require.NotEqual(t, base, NewHashing(256).EmbedOne("Museum Bagpipe Chantry Morpeth"))
}

func TestHashingCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewHashing(0).Embed(ctx, []string{"x"})
	require.ErrorIs(t, err, context.Canceled)
}

func TestHashingConcurrent(t *testing.T) {
	h := NewHashing(128)
	want := h.EmbedOne("Morpeth Chantry Bagpipe Museum")
	done := make(chan []float32)
	for range 4 {
		go func() { done <- h.EmbedOne("Morpeth Chantry Bagpipe Museum") }()
	}
	for range 4 {
		require.Equal(t, want, <-done)
	}
}

var benchTexts = []string{
	"Which museums in Hampshire have collections about railways?",
	"Morpeth Chantry Bagpipe Museum is a large, accredited museum in Morpeth (Northumberland, North East, England). Governance: local authority. Subject matter: Arts / Music. DOMUS subject classification: music. Opened in 1987. Still open according to Mapping Museums (2021). Operated by Woodhorn Charitable Trust.",
}

func BenchmarkHashingQuery(b *testing.B) {
	h := NewHashing(0)
	ctx := context.Background()
	texts := benchTexts[:1]
	for b.Loop() {
		_, _ = h.Embed(ctx, texts)
	}
}

func BenchmarkHashingDocument(b *testing.B) {
	h := NewHashing(0)
	ctx := context.Background()
	texts := benchTexts[1:]
	for b.Loop() {
		_, _ = h.Embed(ctx, texts)
	}
}
