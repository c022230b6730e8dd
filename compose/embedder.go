package compose

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/embed/onnx"
	"github.com/hybridrag/hybridrag/engines"
)

// Embedder is the configured embedder; nil for the default hashing one
// (engines.Build makes it). A model that is not installed is not fatal:
// the hashing embedder stands in and the log says how to install it. The
// model's files are looked for where the configuration says, then where
// scripts/install-model.sh puts them, under .tools/ of the working
// directory or of the binary's.
func Embedder(cfg config.Config, getenv func(string) string, log *slog.Logger) (embed.Embedder, error) {
	m, ok := onnx.ModelNamed(cfg.Embedder)
	if !ok {
		return nil, nil
	}
	dir, lib := cfg.ModelDir, cfg.ORTLib
	if m != onnx.MiniLM() {
		dir = cfg.ModelQDir
	}
	if dir == "" || lib == "" {
		roots := []string{"."}
		if exe, err := os.Executable(); err == nil {
			roots = append(roots, filepath.Dir(exe))
		}
		for _, root := range roots {
			d, l := m.Locate(root, getenv)
			if dir == "" && fileExists(filepath.Join(d, onnx.ModelFile)) {
				dir = d
			}
			if lib == "" && fileExists(l) {
				lib = l
			}
		}
	}
	e, err := m.Open(dir, lib)
	if errors.Is(err, onnx.ErrModelMissing) || errors.Is(err, errors.ErrUnsupported) {
		log.Warn(m.Name+" model not available; using the hashing embedder. Install it with: bash scripts/install-model.sh (then set "+m.EnvDir+" and HYBRIDRAG_ORT_LIB)", "err", err)
		return nil, nil
	}
	return e, err
}

// ErrUnknownEmbedder is OpenEmbedder's error for a name it does not know.
var ErrUnknownEmbedder = errors.New("want hashing, minilm or minilm-q")

// OpenEmbedder opens the embedder called name ("hashing", "minilm",
// "minilm-q") from modelDir and ortLib (default: where
// scripts/install-model.sh puts them), for building indexes: a model that
// is not installed is an error here. close releases it.
func OpenEmbedder(name, modelDir, ortLib string) (e embed.Embedder, close func(), err error) {
	if name == "hashing" {
		return embed.NewHashing(engines.HashingDim), func() {}, nil
	}
	m, ok := onnx.ModelNamed(name)
	if !ok {
		return nil, nil, fmt.Errorf("embedder %q: %w", name, ErrUnknownEmbedder)
	}
	d, l := m.Locate(".", os.Getenv)
	if modelDir == "" {
		modelDir = d
	}
	if ortLib == "" {
		ortLib = l
	}
	oe, err := m.Open(modelDir, ortLib)
	if errors.Is(err, onnx.ErrModelMissing) {
		return nil, nil, fmt.Errorf("%w (or pass --model-dir and --ort-lib)", err)
	}
	if err != nil {
		return nil, nil, err
	}
	return oe, func() { _ = oe.Close() }, nil
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}
