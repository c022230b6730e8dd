package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed/onnx"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// installedModel is where model m and the ONNX Runtime library are
// installed (see onnx.Model.Locate; the repository is two levels up).
// Without them the test skips, or fails under HYBRIDRAG_REQUIRE_MODEL=1.
func installedModel(t *testing.T, m onnx.Model) (dir, lib string) {
	t.Helper()
	dir, lib = m.Locate(filepath.Join("..", ".."), os.Getenv)
	for _, p := range []string{filepath.Join(dir, onnx.ModelFile), lib} {
		if _, err := os.Stat(p); err != nil {
			msg := m.Name + " not installed (" + err.Error() + "): run scripts/install-model.sh"
			if os.Getenv("HYBRIDRAG_REQUIRE_MODEL") == "1" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	dir, err := filepath.Abs(dir)
	require.NoError(t, err)
	lib, err = filepath.Abs(lib)
	require.NoError(t, err)
	return dir, lib
}

// TestDoctorReportsTheQuantizedModel runs doctor with --embedder minilm-q
// on a sample of the data: the model's directory comes from the
// configuration's model_q_dir (model_dir names the float model, which
// must not be taken instead), its indexes are built into a cache
// directory of their own, and doctor names the model.
func TestDoctorReportsTheQuantizedModel(t *testing.T) {
	dir, lib := installedModel(t, onnx.MiniLMQ())
	tmp := t.TempDir()
	data := filepath.Join(tmp, "small.jsonl")
	require.NoError(t, os.WriteFile(data, testfixture.SampleJSONL(t, 200), 0o644))
	cfg, err := json.Marshal(map[string]string{"model_dir": "/nonexistent", "model_q_dir": dir, "ort_lib": lib})
	require.NoError(t, err)
	cfgFile := filepath.Join(tmp, "config.json")
	require.NoError(t, os.WriteFile(cfgFile, cfg, 0o644))
	cache := filepath.Join(tmp, "cache")

	code, out, errOut := runCLI(t, "doctor", "--config-file", cfgFile, "--data", data, "--cache-dir", cache, "--store", "off", "--embedder", "minilm-q")
	require.Equal(t, exitOK, code, out+errOut)
	require.Contains(t, out, "embedder: minilm-q (onnx:all-MiniLM-L6-v2-q:mean:l2:seq256)")
	require.Regexp(t, `indexes: built into the cache — \S+/minilm-q-[0-9a-f]{8} \(built \S+, 82 records\)`, out)
	require.Contains(t, out, "ask: ok")

	// The float model is configured at /nonexistent: asked for, it is
	// missing, and the quantized one does not stand in for it.
	code, out, errOut = runCLI(t, "doctor", "--config-file", cfgFile, "--data", data, "--cache-dir", cache, "--store", "off", "--embedder", "minilm")
	require.Equal(t, exitFail, code, out+errOut)
	require.Contains(t, out, "embedder: FAILED: minilm was asked for, hashing is in use")
}
