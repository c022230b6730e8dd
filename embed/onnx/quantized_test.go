//go:build cgo

package onnx

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// openModel opens the installed model m (skipping, or failing under
// HYBRIDRAG_REQUIRE_MODEL=1, when it is not installed) as the command
// opens it. TestEmbedGoldenVectors checks the quantized model's vectors
// against the float reference, TestSemanticOrder that they carry meaning.
func openModel(tb testing.TB, m Model) *Embedder {
	tb.Helper()
	dir, lib := modelPathsOf(tb, m)
	e, err := m.Open(dir, lib)
	require.NoError(tb, err)
	tb.Cleanup(func() { require.NoError(tb, e.Close()) })
	return e
}

// TestModelQuantizedAgreesWithFloat embeds every 40th bundled record's
// index text with both models and measures how close the two vectors of
// each text are: the mean cosine is what docs/benchmarks.md reports, and
// each record's nearest neighbour among the sample must mostly be the same.
func TestModelQuantizedAgreesWithFloat(t *testing.T) {
	testfixture.SkipUnderRace(t)
	q := openModel(t, MiniLMQ())
	f := openModel(t, MiniLM())
	ds := testfixture.Sample(t, 40)
	texts := make([]string, len(ds.Institutions))
	for i := range ds.Institutions {
		texts[i] = retrievers.SemanticText(&ds.Institutions[i])
	}
	ctx := context.Background()
	qv, err := q.Embed(ctx, texts)
	require.NoError(t, err)
	fv, err := f.Embed(ctx, texts)
	require.NoError(t, err)

	sum, worst := 0.0, 1.0
	for i := range texts {
		c := cosine(qv[i], fv[i])
		sum += c
		worst = min(worst, c)
	}
	mean := sum / float64(len(texts))
	sameNearest := 0
	for i := range texts {
		if nearest(qv, i) == nearest(fv, i) {
			sameNearest++
		}
	}
	t.Logf("%d texts: cosine quantized/float mean %.4f, lowest %.4f; same nearest neighbour for %d (%.1f%%)",
		len(texts), mean, worst, sameNearest, 100*float64(sameNearest)/float64(len(texts)))
	require.Greater(t, mean, 0.95)
	require.Greater(t, worst, 0.8)
	require.Greater(t, sameNearest, len(texts)*2/3)
}

// nearest is the index of the vector closest to vecs[i], other than i.
func nearest(vecs [][]float32, i int) int {
	best, at := -2.0, -1
	for j := range vecs {
		if j == i {
			continue
		}
		if c := cosine(vecs[i], vecs[j]); c > best {
			best, at = c, j
		}
	}
	return at
}

// TestModelInstallScript runs scripts/install-model.sh over the models
// already installed in the repository's .tools/models (or, under
// HYBRIDRAG_REQUIRE_MODEL=1, installs them): it must leave both models
// where Locate looks, print the variables that name them, and keep files
// whose digests match without fetching them again.
func TestModelInstallScript(t *testing.T) {
	root := repoRoot(t)
	base := filepath.Join(root, ".tools", "models")
	installed := true
	for _, m := range []Model{MiniLM(), MiniLMQ()} {
		if _, err := os.Stat(filepath.Join(base, m.Dir, ModelFile)); err != nil {
			installed = false
			if os.Getenv(envRequireModel) != "1" {
				t.Skipf("%s not installed in %s (the script would fetch it): run scripts/install-model.sh", m.Name, base)
			}
		}
	}
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "install-model.sh"), base)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "stderr:\n%s", stderr.String())

	env := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		k, v, ok := strings.Cut(line, "=")
		require.True(t, ok, "output line %q", line)
		env[k] = v
	}
	for _, m := range []Model{MiniLM(), MiniLMQ()} {
		want, lib := m.Locate(root, nil)
		require.Equal(t, want, env[m.EnvDir], m.Name)
		require.Equal(t, lib, env[EnvORTLib])
		require.FileExists(t, filepath.Join(want, ModelFile))
		require.FileExists(t, filepath.Join(want, TokenizerFile))
		if installed {
			require.Contains(t, stderr.String(), "model already installed in "+want)
		}
	}
	if installed {
		require.NotContains(t, stderr.String(), "fetching", "installed files were fetched again")
	}
}
