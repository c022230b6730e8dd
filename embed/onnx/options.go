// Package onnx embeds texts in process with a sentence-transformers model
// exported to ONNX (all-MiniLM-L6-v2: 384 dimensions, mean pooling over the
// attention mask, L2 normalisation), run by ONNX Runtime through
// github.com/yalue/onnxruntime_go.
//
// The binding uses cgo, so building this package needs CGO_ENABLED=1 and a C
// compiler (gcc or clang); it loads libonnxruntime.so at run time, so no
// ONNX Runtime headers or libraries are needed at build time. The binding
// v1.27.0 speaks the ONNX Runtime 1.24 C API; scripts/install-model.sh
// installs the model and a matching libonnxruntime.so.
package onnx

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// ErrModelMissing is wrapped by New and FromDir when the model, the
// tokenizer or the ONNX Runtime library is not where the options say.
// Callers can test for it with errors.Is to explain how to install the model
// (scripts/install-model.sh) and fall back to another embedder.
var ErrModelMissing = errors.New("embedding model not installed (run scripts/install-model.sh)")

// ErrClosed is returned by Embed after Close.
var ErrClosed = errors.New("onnx: embedder closed")

const (
	// ModelFile and TokenizerFile are the file names FromDir expects in the
	// model directory, as scripts/install-model.sh lays them out.
	ModelFile     = "model.onnx"
	TokenizerFile = "tokenizer.json"

	// EnvModelDir and EnvORTLib are the environment variables that
	// scripts/install-model.sh prints.
	EnvModelDir = "HYBRIDRAG_MODEL_DIR"
	EnvORTLib   = "HYBRIDRAG_ORT_LIB"

	// ORTVersion is the ONNX Runtime release whose C API the binding
	// expects and that scripts/install-model.sh installs.
	ORTVersion = "1.24.3"

	// DefaultMaxSeqLen is the sequence length all-MiniLM-L6-v2 was trained
	// with; MaxSeqLenLimit is the model's position-embedding limit.
	DefaultMaxSeqLen = 256
	MaxSeqLenLimit   = 512
	// DefaultBatchSize is the number of texts per model run.
	DefaultBatchSize = 32
)

// Options configure New. Zero values take the defaults.
type Options struct {
	// ModelPath is the .onnx file, TokenizerPath its tokenizer.json,
	// LibraryPath the libonnxruntime.so to load.
	ModelPath     string
	TokenizerPath string
	LibraryPath   string
	// Name names the model in ID; default: the model's directory name when
	// the file is called model.onnx, else the file name without extension.
	Name string
	// MaxSeqLen caps tokens per text, [CLS] and [SEP] included; longer texts
	// are truncated. Default DefaultMaxSeqLen, at most MaxSeqLenLimit.
	MaxSeqLen int
	// BatchSize is the number of texts per model run (default 32).
	BatchSize int
	// Workers bounds the model runs in flight across all Embed calls on
	// this embedder (default GOMAXPROCS).
	Workers int
	// IntraOpThreads is the number of threads ONNX Runtime uses inside one
	// run (default 1: parallelism comes from Workers).
	IntraOpThreads int
}

func (o Options) withDefaults() (Options, error) {
	if o.MaxSeqLen == 0 {
		o.MaxSeqLen = DefaultMaxSeqLen
	}
	if o.MaxSeqLen < 2 || o.MaxSeqLen > MaxSeqLenLimit {
		return o, fmt.Errorf("onnx: MaxSeqLen %d out of range [2, %d]", o.MaxSeqLen, MaxSeqLenLimit)
	}
	if o.BatchSize == 0 {
		o.BatchSize = DefaultBatchSize
	}
	if o.Workers == 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.IntraOpThreads == 0 {
		o.IntraOpThreads = 1
	}
	if o.BatchSize < 0 || o.Workers < 0 || o.IntraOpThreads < 0 {
		return o, fmt.Errorf("onnx: BatchSize, Workers and IntraOpThreads must not be negative")
	}
	if o.Name == "" {
		base := filepath.Base(o.ModelPath)
		if base == ModelFile {
			o.Name = filepath.Base(filepath.Dir(o.ModelPath))
		} else {
			o.Name = strings.TrimSuffix(base, filepath.Ext(base))
		}
	}
	return o, nil
}

// FromDir opens the model installed by scripts/install-model.sh: dir holds
// model.onnx and tokenizer.json, lib is the libonnxruntime.so path.
func FromDir(dir, lib string) (*Embedder, error) {
	return New(Options{
		ModelPath:     filepath.Join(dir, ModelFile),
		TokenizerPath: filepath.Join(dir, TokenizerFile),
		LibraryPath:   lib,
	})
}

// Locate returns where the model and the ONNX Runtime library are: the
// HYBRIDRAG_MODEL_DIR and HYBRIDRAG_ORT_LIB variables read through getenv
// when set, else the default layout of scripts/install-model.sh under
// root/.tools/models.
func Locate(root string, getenv func(string) string) (modelDir, lib string) {
	base := filepath.Join(root, ".tools", "models")
	modelDir = filepath.Join(base, "all-MiniLM-L6-v2")
	lib = filepath.Join(base, "onnxruntime-"+ORTVersion, "libonnxruntime.so")
	if getenv != nil {
		if v := getenv(EnvModelDir); v != "" {
			modelDir = v
		}
		if v := getenv(EnvORTLib); v != "" {
			lib = v
		}
	}
	return modelDir, lib
}

func checkFile(what, path string) error {
	if path == "" {
		return fmt.Errorf("onnx: %s path not set: %w", what, ErrModelMissing)
	}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("onnx: %s %s: %w", what, path, ErrModelMissing)
	}
	if err != nil {
		return fmt.Errorf("onnx: %s: %w", what, err)
	}
	if st.IsDir() {
		return fmt.Errorf("onnx: %s %s is a directory, want a file: %w", what, path, ErrModelMissing)
	}
	return nil
}

// meanPoolNormalize averages the first n token vectors of hidden (the tokens
// the attention mask keeps; padding comes after them) and scales the mean
// to unit length.
func meanPoolNormalize(hidden []float32, n, dim int) []float32 {
	sum := make([]float64, dim)
	for t := range n {
		row := hidden[t*dim : (t+1)*dim]
		for j, x := range row {
			sum[j] += float64(x)
		}
	}
	var norm float64
	for j := range sum {
		sum[j] /= float64(n)
		norm += sum[j] * sum[j]
	}
	norm = math.Sqrt(norm)
	if norm < 1e-12 {
		norm = 1e-12
	}
	vec := make([]float32, dim)
	for j, x := range sum {
		vec[j] = float32(x / norm)
	}
	return vec
}
