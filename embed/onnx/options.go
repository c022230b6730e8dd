// Package onnx embeds texts in process with a sentence-transformers model
// exported to ONNX (all-MiniLM-L6-v2: 384 dimensions, mean pooling over the
// attention mask, L2 normalisation; MiniLM has float weights, MiniLMQ 8-bit
// ones), run by ONNX Runtime through github.com/yalue/onnxruntime_go.
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

	// EnvModelDir, EnvModelQDir and EnvORTLib are the environment
	// variables that scripts/install-model.sh prints: the directories of
	// MiniLM and of MiniLMQ, and the library.
	EnvModelDir  = "HYBRIDRAG_MODEL_DIR"
	EnvModelQDir = "HYBRIDRAG_MODEL_Q_DIR"
	EnvORTLib    = "HYBRIDRAG_ORT_LIB"

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

// Model is one of the models scripts/install-model.sh installs.
type Model struct {
	// Name is the embedder's name users choose (--embedder).
	Name string
	// Dir is the directory under .tools/models the script installs the
	// model in; it names the model in the embedder's ID.
	Dir string
	// EnvDir is the environment variable that names another directory.
	EnvDir string
	// BatchSize is Options.BatchSize for Open (0: DefaultBatchSize).
	BatchSize int
}

// MiniLM is all-MiniLM-L6-v2 with float32 weights (90 MB).
func MiniLM() Model {
	return Model{Name: "minilm", Dir: "all-MiniLM-L6-v2", EnvDir: EnvModelDir}
}

// MiniLMQ is all-MiniLM-L6-v2 with the weights of its matrix products
// quantized to 8-bit integers (23 MB): the same tokenizer, 384 dimensions
// and pooling, vectors close to MiniLM's but not equal, so the two never
// share an index or a cache (their IDs differ).
//
// Its activations are quantized on the fly with one scale per tensor,
// taken from the whole batch, padding included: a text's vector would
// depend on the texts run with it (a cosine of 0.99 between a text alone
// and the same text in a batch). One text per run keeps each vector a
// function of its text alone, as the embedding cache and an update that
// re-embeds some records assume; it costs about a third more CPU per text
// than batches of 32, and still about two thirds of MiniLM's in batches
// (docs/benchmarks.md).
func MiniLMQ() Model {
	return Model{Name: "minilm-q", Dir: "all-MiniLM-L6-v2-q", EnvDir: EnvModelQDir, BatchSize: 1}
}

// ModelNamed returns the installed model users call name, if there is one.
func ModelNamed(name string) (Model, bool) {
	for _, m := range []Model{MiniLM(), MiniLMQ()} {
		if m.Name == name {
			return m, true
		}
	}
	return Model{}, false
}

// Locate returns where m and the ONNX Runtime library are: the m.EnvDir
// and HYBRIDRAG_ORT_LIB variables read through getenv when set, else the
// default layout of scripts/install-model.sh under root/.tools/models.
func (m Model) Locate(root string, getenv func(string) string) (modelDir, lib string) {
	base := filepath.Join(root, ".tools", "models")
	modelDir = filepath.Join(base, m.Dir)
	lib = filepath.Join(base, "onnxruntime-"+ORTVersion, "libonnxruntime.so")
	if getenv != nil {
		if v := getenv(m.EnvDir); v != "" {
			modelDir = v
		}
		if v := getenv(EnvORTLib); v != "" {
			lib = v
		}
	}
	return modelDir, lib
}

// Open opens m installed in dir (model.onnx and tokenizer.json) with the
// library lib and m's batch size. The embedder's ID names m (m.Dir)
// whatever dir is called.
func (m Model) Open(dir, lib string) (*Embedder, error) {
	return New(Options{
		ModelPath:     filepath.Join(dir, ModelFile),
		TokenizerPath: filepath.Join(dir, TokenizerFile),
		LibraryPath:   lib,
		Name:          m.Dir,
		BatchSize:     m.BatchSize,
	})
}

// Locate is MiniLM().Locate: where the float model and the library are.
func Locate(root string, getenv func(string) string) (modelDir, lib string) {
	return MiniLM().Locate(root, getenv)
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
