package gen

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

var update = flag.Bool("update", false, "rewrite testdata/generated from the generators")

// Seed and sizes of the checked-in sets. nQuestions grows with the
// weights of the frames added last, so that every earlier frame keeps its
// quota and its questions (the quotas are rounded shares of nQuestions:
// a size that keeps every earlier one is found by trying them). nRefs is
// 162 for each kind of reference, the kind added last among them.
const (
	seed       = 20261130
	nQuestions = 2714
	nRefs      = 4536
	// nRegistryRefs is 270 for each kind of registry reference.
	nRegistryRefs = 1620
)

var (
	questionsFile  = filepath.Join("..", "..", "testdata", "generated", "questions.jsonl")
	referencesFile = filepath.Join("..", "..", "testdata", "generated", "references.jsonl")
	registryFile   = filepath.Join("..", "..", "testdata", "generated", "registry_references.jsonl")
)

func embedded(t testing.TB) *heritage.Dataset { return testfixture.Dataset(t) }

func jsonl[T any](t testing.TB, xs []T) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, x := range xs {
		require.NoError(t, enc.Encode(x))
	}
	return buf.Bytes()
}

// golden compares got with the checked-in file, or rewrites it with
// -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./eval/gen -run TestGenerated -update")
	require.True(t, bytes.Equal(want, got), "%s differs from the generator's output; run go test ./eval/gen -run TestGenerated -update", path)
}

// checkGenerated compares the items' JSON Lines with the checked-in file
// and reads them back with read, which must accept every line.
func checkGenerated[T, R any](t *testing.T, path string, items []T, read func(io.Reader, func(string) bool) ([]R, []*eval.LineError, error), ds *heritage.Dataset) {
	t.Helper()
	b := jsonl(t, items)
	golden(t, path, b)
	got, bad, err := read(bytes.NewReader(b), func(id string) bool { _, ok := ds.Get(id); return ok })
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, got, len(items))
}

func TestGeneratedQuestions(t *testing.T) {
	ds := embedded(t)
	qs := Questions(ds, seed, nQuestions)
	checkGenerated(t, questionsFile, qs, eval.ReadQuestions, ds)
	require.GreaterOrEqual(t, len(qs), 2000)
}

func TestQuestionsDeterministic(t *testing.T) {
	ds := embedded(t)
	a := jsonl(t, Questions(ds, 7, 300))
	require.Equal(t, a, jsonl(t, Questions(ds, 7, 300)), "same seed, same questions")
	require.NotEqual(t, a, jsonl(t, Questions(ds, 8, 300)), "another seed, other questions")
}

func TestTypoEditsOneContentWord(t *testing.T) {
	r := newRand(1, 1)
	for range 200 {
		got, ok := typo(r, "What is the ISIL code of Stadtarchiv Stendal DE-Ste9?", []string{"DE-Ste9"})
		require.True(t, ok)
		require.NotEqual(t, "What is the ISIL code of Stadtarchiv Stendal DE-Ste9?", got)
		require.Contains(t, got, "What is the ISIL code of ", "short words and stop words are kept")
		require.Contains(t, got, " DE-Ste9?", "protected values are kept")
		require.Regexp(t, `of S\S+ S\S+ DE`, got, "first letters are kept")
	}
	_, ok := typo(r, "Wo ist 1234?", nil)
	require.False(t, ok, "no word to misspell")
}

func TestGeneratedReferences(t *testing.T) {
	ds := embedded(t)
	refs := References(ds, seed, nRefs)
	checkGenerated(t, referencesFile, refs, eval.ReadReferences, ds)
	require.GreaterOrEqual(t, len(refs), 3000)
	kinds := map[string]int{}
	for _, r := range refs {
		kinds[r.Kind]++
	}
	for _, k := range refKinds {
		require.GreaterOrEqual(t, kinds[k.kind], 100, k.kind)
	}
}

func TestReferencesDeterministic(t *testing.T) {
	ds := embedded(t)
	a := jsonl(t, References(ds, 7, 400))
	require.Equal(t, a, jsonl(t, References(ds, 7, 400)), "same seed, same references")
	require.NotEqual(t, a, jsonl(t, References(ds, 8, 400)), "another seed, other references")
}

func TestGeneratedRegistryReferences(t *testing.T) {
	ds := embedded(t)
	refs := RegistryReferences(ds, seed, nRegistryRefs)
	checkGenerated(t, registryFile, refs, eval.ReadReferences, ds)
	require.GreaterOrEqual(t, len(refs), 1500)
	kinds := map[string]int{}
	for _, r := range refs {
		kinds[r.Kind]++
		if r.Kind == "absent_lookalike" {
			require.Empty(t, r.Expected, r.Query.Text)
		} else {
			require.NotEmpty(t, r.Expected, r.Query.Text)
		}
	}
	for _, k := range registryKinds {
		require.GreaterOrEqual(t, kinds[k.kind], 200, k.kind)
	}
}

func TestRegistryReferencesDeterministic(t *testing.T) {
	ds := embedded(t)
	a := jsonl(t, RegistryReferences(ds, 7, 300))
	require.Equal(t, a, jsonl(t, RegistryReferences(ds, 7, 300)), "same seed, same references")
	require.NotEqual(t, a, jsonl(t, RegistryReferences(ds, 8, 300)), "another seed, other references")
}

func TestOCRReadAndPlain(t *testing.T) {
	g := &rgen{r: newRand(1, 1)}
	for range 50 {
		got, ok := g.ocrRead("Heimatmuseum Nordhafen")
		require.True(t, ok)
		require.NotEqual(t, "Heimatmuseum Nordhafen", got)
		require.Regexp(t, `^H\S+ N\S+$`, got, "first letters are kept")
	}
	require.Equal(t, "STADTBUCHEREI & ARCHIV MUNSTER E V", plain("Stadtbücherei & Archiv Münster e.V."))
}
