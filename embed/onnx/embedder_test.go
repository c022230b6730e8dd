//go:build cgo

package onnx

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// envRequireModel makes the model tests fail, instead of skip, when the
// model is not installed; CI sets it.
const envRequireModel = "HYBRIDRAG_REQUIRE_MODEL"

// modelPaths finds the installed float model (modelPathsOf MiniLM).
func modelPaths(tb testing.TB) (dir, lib string) {
	tb.Helper()
	return modelPathsOf(tb, MiniLM())
}

// modelPathsOf finds the installed model m: m.EnvDir and
// HYBRIDRAG_ORT_LIB, else .tools/models under the repository root. Without
// the model it fails when HYBRIDRAG_REQUIRE_MODEL=1 and skips otherwise.
func modelPathsOf(tb testing.TB, m Model) (dir, lib string) {
	tb.Helper()
	dir, lib = m.Locate(repoRoot(tb), os.Getenv)
	var missing []string
	for _, p := range []string{filepath.Join(dir, ModelFile), filepath.Join(dir, TokenizerFile), lib} {
		if _, err := os.Stat(p); err != nil {
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 {
		return dir, lib
	}
	msg := "embedding model " + m.Name + " not installed (missing " + missing[0] +
		"): run scripts/install-model.sh and export the " + m.EnvDir + " and HYBRIDRAG_ORT_LIB it prints"
	if os.Getenv(envRequireModel) == "1" {
		tb.Fatal(msg)
	}
	tb.Skip(msg)
	return "", ""
}

func repoRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	require.NoError(tb, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(tb, parent, dir, "no go.mod above the test directory")
		dir = parent
	}
}

func newTestEmbedder(tb testing.TB, opts Options) *Embedder {
	tb.Helper()
	return newModelEmbedder(tb, MiniLM(), opts)
}

// newModelEmbedder opens the installed model m with opts.
func newModelEmbedder(tb testing.TB, m Model, opts Options) *Embedder {
	tb.Helper()
	dir, lib := modelPathsOf(tb, m)
	opts.ModelPath = filepath.Join(dir, ModelFile)
	opts.TokenizerPath = filepath.Join(dir, TokenizerFile)
	opts.LibraryPath = lib
	e, err := New(opts)
	require.NoError(tb, err)
	tb.Cleanup(func() { require.NoError(tb, e.Close()) })
	return e
}

type goldenFile struct {
	Model     string `json:"model"`
	MaxSeqLen int    `json:"max_seq_len"`
	Cases     []struct {
		Text     string    `json:"text"`
		TokenIDs []int64   `json:"token_ids"`
		Vector   []float32 `json:"vector"`
	} `json:"cases"`
}

// texts are the cases' texts, in order.
func (g goldenFile) texts() []string {
	texts := make([]string, len(g.Cases))
	for i, c := range g.Cases {
		texts[i] = c.Text
	}
	return texts
}

func loadGolden(t *testing.T) goldenFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "golden.json"))
	require.NoError(t, err)
	var g goldenFile
	require.NoError(t, json.Unmarshal(data, &g))
	require.NotEmpty(t, g.Cases)
	return g
}

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
}

func l2norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

// TestNewInvalidFiles runs first: a library that does not load leaves the
// runtime uninitialised, and the next New with the right library succeeds.
func TestNewInvalidFiles(t *testing.T) {
	testfixture.SkipUnderRace(t)
	dir, lib := modelPaths(t)
	model := filepath.Join(dir, ModelFile)
	tokenizer := filepath.Join(dir, TokenizerFile)
	tests := []struct {
		name string
		opts Options
	}{
		{"not a library", Options{ModelPath: model, TokenizerPath: tokenizer, LibraryPath: tokenizer}},
		{"not a tokenizer", Options{ModelPath: model, TokenizerPath: model, LibraryPath: lib}},
		{"not a model", Options{ModelPath: tokenizer, TokenizerPath: tokenizer, LibraryPath: lib}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := New(tc.opts)
			require.Error(t, err)
			require.Nil(t, e)
			require.NotErrorIs(t, err, ErrModelMissing)
		})
	}
	e, err := FromDir(dir, lib)
	require.NoError(t, err)
	require.NoError(t, e.Close())

	// The runtime is bound to one library per process.
	other := filepath.Join(t.TempDir(), "libonnxruntime.so")
	require.NoError(t, os.Symlink(lib, other))
	_, err = FromDir(dir, other)
	require.ErrorContains(t, err, "already initialised")
}

// TestGoldenTokens checks the tokenizer against Hugging Face tokenizers on
// the real tokenizer.json (golden.json, written by tools/golden/golden.py).
func TestGoldenTokens(t *testing.T) {
	g := loadGolden(t)
	dir, _ := modelPaths(t)
	tok, err := LoadTokenizer(filepath.Join(dir, TokenizerFile))
	require.NoError(t, err)
	for _, c := range g.Cases {
		require.Equal(t, c.TokenIDs, tok.Encode(c.Text, g.MaxSeqLen), "text %q", c.Text)
	}
}

// TestEmbedGoldenVectors checks the embeddings against the Python
// reference pipeline of the float model, one text at a time and all texts
// in one call (padded batches in length order): the float model gives its
// vectors, the quantized one vectors close to them but not the same. Each
// text gets the same vector alone and among the others.
func TestEmbedGoldenVectors(t *testing.T) {
	testfixture.SkipUnderRace(t)
	g := loadGolden(t)
	for _, tc := range []struct {
		model   Model
		id      string
		minimum float64 // the lowest cosine to the reference allowed
		differs bool    // some vector must be farther than 0.9999
	}{
		{MiniLM(), "onnx:all-MiniLM-L6-v2:mean:l2:seq256", 0.9999, false},
		{MiniLMQ(), "onnx:all-MiniLM-L6-v2-q:mean:l2:seq256", 0.9, true},
	} {
		t.Run(tc.model.Name, func(t *testing.T) {
			// Batches of 8 (the float model) mix lengths; the quantized
			// model runs one text at a time (see MiniLMQ).
			e := newModelEmbedder(t, tc.model, Options{MaxSeqLen: g.MaxSeqLen, BatchSize: cmp.Or(tc.model.BatchSize, 8)})
			require.Equal(t, 384, e.Dim())
			require.Equal(t, tc.id, e.ID())

			batched, err := e.Embed(context.Background(), g.texts())
			require.NoError(t, err)
			require.Len(t, batched, len(g.Cases))

			worst := 1.0
			for i, c := range g.Cases {
				single, err := e.Embed(context.Background(), []string{c.Text})
				require.NoError(t, err)
				require.Len(t, single, 1)
				require.InDelta(t, 1.0, cosine(single[0], batched[i]), 1e-5, "%q: one text and a batch differ", c.Text)
				for name, v := range map[string][]float32{"single": single[0], "batched": batched[i]} {
					require.Len(t, v, 384)
					require.InDelta(t, 1.0, l2norm(v), 1e-5, "%s %q: not unit length", name, c.Text)
					cos := cosine(v, c.Vector)
					require.GreaterOrEqual(t, cos, tc.minimum, "%s %q: cosine %.6f to the reference", name, c.Text, cos)
					worst = min(worst, cos)
				}
			}
			if tc.differs {
				require.Less(t, worst, 0.9999, "the float model's vectors, not the quantized one's")
			}
			t.Logf("%d cases, lowest cosine to the reference %.8f", len(g.Cases), worst)
		})
	}
}

// TestSemanticOrder checks each model's vectors carry meaning: a query is
// closer to the institution it describes than to an unrelated one.
func TestSemanticOrder(t *testing.T) {
	for _, m := range []Model{MiniLM(), MiniLMQ()} {
		t.Run(m.Name, func(t *testing.T) {
			e := openModel(t, m)
			v, err := e.Embed(context.Background(), []string{
				"museum of paintings in Amsterdam",
				"Rijksmuseum, national art museum in Amsterdam",
				"municipal water board archive of tax records",
			})
			require.NoError(t, err)
			require.Greater(t, cosine(v[0], v[1]), cosine(v[0], v[2]))
		})
	}
}

func TestEmbedEdgeCases(t *testing.T) {
	e := newTestEmbedder(t, Options{BatchSize: 2, Workers: 2})
	ctx := context.Background()

	out, err := e.Embed(ctx, nil)
	require.NoError(t, err)
	require.Empty(t, out)

	// Duplicates in one call get the same vector whichever batch they land in.
	out, err = e.Embed(ctx, []string{"archive", "museum", "archive", "library", "archive"})
	require.NoError(t, err)
	require.Len(t, out, 5)
	require.InDelta(t, 1.0, cosine(out[0], out[2]), 1e-6)
	require.InDelta(t, 1.0, cosine(out[0], out[4]), 1e-6)
	require.Less(t, cosine(out[0], out[1]), 0.99)
}

func TestEmbedTruncatesLongText(t *testing.T) {
	e := newTestEmbedder(t, Options{MaxSeqLen: 16})
	long := "The Rijksmuseum in Amsterdam holds paintings by Rembrandt and Vermeer, "
	for range 5 {
		long += long
	}
	v, err := e.Embed(context.Background(), []string{long, long + " and more words past the limit"})
	require.NoError(t, err)
	require.InDelta(t, 1.0, cosine(v[0], v[1]), 1e-6, "text past MaxSeqLen must not change the vector")
	require.Equal(t, "onnx:all-MiniLM-L6-v2:mean:l2:seq16", e.ID())
}

func TestEmbedConcurrent(t *testing.T) {
	e := newTestEmbedder(t, Options{BatchSize: 4, Workers: 2})
	texts := []string{"Rijksmuseum", "Stadsarchief Amsterdam", "British Library", "Deutsches Museum",
		"Nationaal Archief", "Koninklijke Bibliotheek", "Louvre", "Prado", "Uffizi"}
	want, err := e.Embed(context.Background(), texts)
	require.NoError(t, err)

	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			got, err := e.Embed(context.Background(), texts)
			if err != nil {
				errs <- err
				return
			}
			for i := range got {
				if c := cosine(got[i], want[i]); c < 0.99999 {
					errs <- errors.New("concurrent result differs for " + texts[i])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

func TestEmbedCancelled(t *testing.T) {
	e := newTestEmbedder(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := e.Embed(ctx, []string{"museum"})
	require.ErrorIs(t, err, context.Canceled)

	// Cancelling mid-call stops the runs and returns the context's error.
	texts := make([]string, 2000)
	for i := range texts {
		texts[i] = "The Rijksmuseum in Amsterdam holds paintings by Rembrandt and Vermeer and many more"
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = e.Embed(ctx, texts)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestClose(t *testing.T) {
	dir, lib := modelPaths(t)
	e, err := FromDir(dir, lib)
	require.NoError(t, err)
	require.NoError(t, e.Close())
	require.NoError(t, e.Close())
	_, err = e.Embed(context.Background(), []string{"museum"})
	require.ErrorIs(t, err, ErrClosed)
}

func TestNewErrors(t *testing.T) {
	tmp := t.TempDir()
	tokenizer := filepath.Join("testdata", "tiny-tokenizer.json")
	tests := []struct {
		name    string
		opts    Options
		missing bool
	}{
		{"nothing set", Options{}, true},
		{"model missing", Options{ModelPath: filepath.Join(tmp, "model.onnx"), TokenizerPath: tokenizer, LibraryPath: tokenizer}, true},
		{"tokenizer missing", Options{ModelPath: tokenizer, TokenizerPath: filepath.Join(tmp, "tokenizer.json"), LibraryPath: tokenizer}, true},
		{"library missing", Options{ModelPath: tokenizer, TokenizerPath: tokenizer, LibraryPath: filepath.Join(tmp, "libonnxruntime.so")}, true},
		{"model is a directory", Options{ModelPath: tmp, TokenizerPath: tokenizer, LibraryPath: tokenizer}, true},
		{"sequence too long", Options{MaxSeqLen: 513}, false},
		{"sequence too short", Options{MaxSeqLen: 1}, false},
		{"negative workers", Options{Workers: -1}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := New(tc.opts)
			require.Error(t, err)
			require.Nil(t, e)
			require.Equal(t, tc.missing, errors.Is(err, ErrModelMissing), "error: %v", err)
		})
	}
	_, err := FromDir(tmp, filepath.Join(tmp, "libonnxruntime.so"))
	require.ErrorIs(t, err, ErrModelMissing)
}

// benchTexts are n texts from the bundled dataset, the kind of text the
// index embeds: names with type and city (short, about a dozen tokens) or
// full records with the description (about 80 tokens on average).
func benchTexts(b *testing.B, n int, withDescription bool) []string {
	b.Helper()
	ds := testfixture.Dataset(b)
	texts := make([]string, 0, n)
	for _, in := range ds.Institutions {
		if len(texts) == n {
			break
		}
		text := in.Name + ", " + in.Type + ", " + in.City
		if withDescription {
			text += ". " + in.Description
		}
		texts = append(texts, text)
	}
	require.Len(b, texts, n)
	return texts
}

var benchSettings = []struct {
	name    string
	workers int
	intraOp int
}{
	{"workers=1/intraop=1", 1, 1},
	{"workers=1/intraop=2", 1, 2},
	{"workers=2/intraop=1", 2, 1},
}

// BenchmarkEmbedQuery is the latency of embedding one short query; it
// reports the median as p50-ms and the process CPU time per query.
func BenchmarkEmbedQuery(b *testing.B) {
	for _, s := range benchSettings {
		b.Run(s.name, func(b *testing.B) {
			e := newTestEmbedder(b, Options{Workers: s.workers, IntraOpThreads: s.intraOp})
			ctx := context.Background()
			query := []string{"Which museums in Amsterdam were founded before 1900?"}
			var lat []time.Duration
			cpu := testfixture.CPUTime()
			for b.Loop() {
				start := time.Now()
				if _, err := e.Embed(ctx, query); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(start))
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64((testfixture.CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkEmbedBatch is the throughput of embedding dataset texts in one
// call; it reports texts/s.
func BenchmarkEmbedBatch(b *testing.B) {
	for _, kind := range []struct {
		name        string
		n           int
		description bool
	}{
		{"names", 256, false},
		{"descriptions", 64, true},
	} {
		for _, s := range benchSettings {
			b.Run(kind.name+"/"+s.name, func(b *testing.B) {
				e := newTestEmbedder(b, Options{Workers: s.workers, IntraOpThreads: s.intraOp})
				texts := benchTexts(b, kind.n, kind.description)
				ctx := context.Background()
				cpu := testfixture.CPUTime()
				for b.Loop() {
					if _, err := e.Embed(ctx, texts); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(texts)*b.N)/b.Elapsed().Seconds(), "texts/s")
				// CPU time per text: on n idle cores throughput is about
				// n / cpu-s-per-text whatever else runs on the machine now.
				b.ReportMetric(float64((testfixture.CPUTime()-cpu).Microseconds())/1000/float64(len(texts)*b.N), "cpu-ms/text")
			})
		}
	}
}
