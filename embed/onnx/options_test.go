package onnx

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// TestMain checks no goroutine outlives the tests; goroutines that imported
// packages start in init are there before any test and are ignored.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreCurrent())
}

func TestLocate(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	dir, lib := Locate("/repo", getenv)
	require.Equal(t, "/repo/.tools/models/all-MiniLM-L6-v2", dir)
	require.Equal(t, "/repo/.tools/models/onnxruntime-"+ORTVersion+"/libonnxruntime.so", lib)

	dir, lib = MiniLMQ().Locate("/repo", getenv)
	require.Equal(t, "/repo/.tools/models/all-MiniLM-L6-v2-q", dir)
	require.Equal(t, "/repo/.tools/models/onnxruntime-"+ORTVersion+"/libonnxruntime.so", lib)

	// Each model has its own variable; the library is shared.
	env[EnvModelDir], env[EnvORTLib] = "/m", "/l/libonnxruntime.so"
	dir, lib = Locate("/repo", getenv)
	require.Equal(t, "/m", dir)
	require.Equal(t, "/l/libonnxruntime.so", lib)
	dir, lib = MiniLMQ().Locate("/repo", getenv)
	require.Equal(t, "/repo/.tools/models/all-MiniLM-L6-v2-q", dir)
	require.Equal(t, "/l/libonnxruntime.so", lib)
	env[EnvModelQDir] = "/q"
	dir, _ = MiniLMQ().Locate("/repo", getenv)
	require.Equal(t, "/q", dir)
}

func TestModelNamed(t *testing.T) {
	for _, want := range []Model{MiniLM(), MiniLMQ()} {
		m, ok := ModelNamed(want.Name)
		require.True(t, ok, want.Name)
		require.Equal(t, want, m)
	}
	require.NotEqual(t, MiniLM().Dir, MiniLMQ().Dir)
	require.NotEqual(t, MiniLM().EnvDir, MiniLMQ().EnvDir)
	_, ok := ModelNamed("hashing")
	require.False(t, ok)
}

func TestMeanPoolNormalize(t *testing.T) {
	// Two real tokens and one padding row that must be ignored.
	hidden := []float32{1, 2, 3, 5, 100, 100}
	v := meanPoolNormalize(hidden, 2, 2)
	// Mean (2, 3.5), norm sqrt(16.25).
	n := math.Sqrt(16.25)
	require.InDeltaSlice(t, []float32{float32(2 / n), float32(3.5 / n)}, v, 1e-7)
}
