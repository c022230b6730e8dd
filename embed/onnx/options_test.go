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

	env[EnvModelDir], env[EnvORTLib] = "/m", "/l/libonnxruntime.so"
	dir, lib = Locate("/repo", getenv)
	require.Equal(t, "/m", dir)
	require.Equal(t, "/l/libonnxruntime.so", lib)
}

func TestMeanPoolNormalize(t *testing.T) {
	// Two real tokens and one padding row that must be ignored.
	hidden := []float32{1, 2, 3, 5, 100, 100}
	v := meanPoolNormalize(hidden, 2, 2)
	// Mean (2, 3.5), norm sqrt(16.25).
	n := math.Sqrt(16.25)
	require.InDeltaSlice(t, []float32{float32(2 / n), float32(3.5 / n)}, v, 1e-7)
}
