package gen

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/heritage"
)

var update = flag.Bool("update", false, "rewrite testdata/generated from the generators")

// Seed and sizes of the checked-in sets.
const (
	seed       = 20261130
	nQuestions = 2400
)

var questionsFile = filepath.Join("..", "..", "testdata", "generated", "questions.jsonl")

func embedded(t testing.TB) *heritage.Dataset {
	t.Helper()
	ds, err := heritage.Embedded()
	require.NoError(t, err)
	return ds
}

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

func TestGeneratedQuestions(t *testing.T) {
	ds := embedded(t)
	qs := Questions(ds, seed, nQuestions)
	b := jsonl(t, qs)
	golden(t, questionsFile, b)

	// The file reads back as valid questions whose ids are all in the data.
	read, bad, err := eval.ReadQuestions(bytes.NewReader(b), func(id string) bool { _, ok := ds.Get(id); return ok })
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, read, len(qs))
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
	}
	_, ok := typo(r, "Wo ist 1234?", nil)
	require.False(t, ok, "no word to misspell")
}
