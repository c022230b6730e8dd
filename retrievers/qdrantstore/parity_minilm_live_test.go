package qdrantstore

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed/diskcache"
	"github.com/hybridrag/hybridrag/embed/onnx"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// miniLMStep picks the records of the MiniLM parity collection: every
// twentieth (every fortieth under go test -short, as the test command
// runs), so that embedding them takes seconds, not the minutes of the
// whole dataset. HYBRIDRAG_PARITY_STEP=1 compares on every record
// (scripts/parity.sh).
func miniLMStep(t *testing.T) int {
	v := os.Getenv("HYBRIDRAG_PARITY_STEP")
	if v == "" && testing.Short() {
		return 40 // go test -short, the test command
	}
	if v == "" {
		return 20
	}
	n, err := strconv.Atoi(v)
	require.NoError(t, err, "HYBRIDRAG_PARITY_STEP")
	require.Positive(t, n, "HYBRIDRAG_PARITY_STEP")
	return n
}

// miniLM returns the MiniLM embedder, or skips (fails under
// HYBRIDRAG_REQUIRE_MODEL=1) when the model is not installed.
func miniLM(t *testing.T) *onnx.Embedder {
	t.Helper()
	dir, lib := onnx.Locate(filepath.Join("..", ".."), os.Getenv)
	e, err := onnx.FromDir(dir, lib)
	if err != nil {
		msg := fmt.Sprintf("MiniLM is not installed (%v): run scripts/install-model.sh", err)
		if os.Getenv("HYBRIDRAG_REQUIRE_MODEL") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	t.Cleanup(func() { _ = e.Close() })
	return e
}

// TestLiveParityMiniLM is TestLiveParity with the MiniLM embedder on a
// sample of the records (every twentieth): Qdrant returns the embedded
// vector index's top 10 with the same scores for every public gold
// question, unfiltered, and with filters on every key for every fourth.
func TestLiveParityMiniLM(t *testing.T) {
	testfixture.SkipUnderRace(t)
	url := liveURL(t)
	// Each record is embedded once: the Qdrant ingest and the embedded
	// index share the vectors through an embedding cache.
	emb, err := diskcache.Wrap(miniLM(t), filepath.Join(t.TempDir(), "vectors.db"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = emb.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	ds := testfixture.Sample(t, miniLMStep(t))

	s, err := Open(ctx, Config{URL: url, APIKey: os.Getenv(envQdrantAPIKey),
		Collection: fmt.Sprintf("hybridrag_parity_minilm_%d", time.Now().UnixNano())})
	require.NoError(t, err)
	t.Cleanup(func() {
		require.NoError(t, s.DeleteCollection(context.Background()))
		require.NoError(t, s.Close())
	})
	require.NoError(t, s.Ingest(ctx, ds, emb, nil))
	n, err := s.Count(ctx)
	require.NoError(t, err)
	require.Equal(t, uint64(ds.Len()), n)

	idx, err := vector.New(ds, emb, vector.WithBuildContext(ctx))
	require.NoError(t, err)
	p := &parity{ds: ds, idx: idx, qd: s.Retriever(emb), resolved: s.Retriever(emb, WithRecords(ds)), emb: emb, pos: make(map[string]int, ds.Len())}
	for i := range ds.Institutions {
		p.pos[ds.Institutions[i].ID] = i
	}
	qs, err := gold.Load(filepath.Join("..", "..", "testdata", "questions.jsonl"))
	require.NoError(t, err)
	var stats parityStats
	for i, q := range qs {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			top := p.compare(ctx, t, q.Question, nil, &stats)
			if i%4 == 0 {
				for _, fs := range paritySets(ds, p.pos, top, i) {
					p.compare(ctx, t, q.Question, fs, &stats)
				}
			}
		})
		if t.Failed() {
			return
		}
	}
	t.Logf("MiniLM, %d records: %d searches (%d filtered, %d empty), %d hits compared, %d places traded between equal scores",
		ds.Len(), stats.searches, stats.filtered, stats.empty, stats.hits, stats.ties)
	require.Equal(t, len(qs), stats.searches-stats.filtered)
}
