package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/embed/onnx"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/internal/progress"
)

const indexUsage = `Usage:
  hybridrag index build --dir DIR [--embedder hashing|minilm|minilm-q] [--model-dir DIR --ort-lib FILE] [--data FILE]
  hybridrag index info --dir DIR

"build" writes prebuilt retrieval indexes into DIR: the vector index (each
record's compact semantic text embedded with the chosen embedder), the BM25
index on disk and manifest.json (data version, embedder, counts, build
time). Embeddings are cached in DIR/embed-cache.bolt, so a build that was
interrupted resumes quickly. Progress is shown on stderr.

"info" prints DIR/manifest.json.

"ask" and "serve" load a built directory with --index DIR instead of
indexing the data at start; the directory must have been built for the same
data and the same embedder, otherwise they refuse it and say to rebuild.

The MiniLM models (minilm, and minilm-q: the same model with 8-bit
weights) are installed with: bash scripts/install-model.sh
`

func runIndex(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) == 0 {
			return usagef("index needs a subcommand: build or info (run with --help)")
		}
		fmt.Fprint(e.stdout, indexUsage)
		return nil
	}
	switch args[0] {
	case "build":
		return runIndexBuild(ctx, e, args[1:])
	case "info":
		return runIndexInfo(e, args[1:])
	}
	return usagef("unknown index subcommand %q: want build or info", args[0])
}

func runIndexBuild(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("index build", indexUsage, e.stdout)
	var (
		dir      = fs.String("dir", "", "directory to write the indexes into (required)")
		embedder = fs.String("embedder", "hashing", "embedder for the vector index: hashing, minilm or minilm-q")
		modelDir = fs.String("model-dir", "", "the model's directory (default: $"+onnx.EnvModelDir+" or .tools/models/all-MiniLM-L6-v2 for minilm, $"+onnx.EnvModelQDir+" or .tools/models/all-MiniLM-L6-v2-q for minilm-q)")
		ortLib   = fs.String("ort-lib", "", "libonnxruntime.so path (default: $"+onnx.EnvORTLib+" or the install script's)")
		data     = fs.String("data", "", "institutions JSON Lines file (.jsonl or .jsonl.gz) instead of the bundled dataset")
		quiet    = fs.Bool("quiet", false, "no progress bar")
	)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *dir == "" {
		return usagef("--dir is required")
	}
	ds, err := loadIndexData(*data)
	if err != nil {
		return err
	}
	emb, closeEmb, err := indexEmbedder(*embedder, *modelDir, *ortLib)
	if err != nil {
		return err
	}
	defer closeEmb()

	var report func(string, int, int)
	var bar *progress.Bar
	if !*quiet {
		bar = progress.New(e.stderr, progress.Options{Terminal: progress.IsTerminal(e.stderr)})
		report = bar.Update
	}
	m, err := index.Build(ctx, ds, emb, *dir, report)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "built %s: %d records, embedder %s (%d dimensions), %.1f s, cache %d hits / %d misses\n",
		*dir, m.Records, m.EmbedderID, m.Dim, m.BuildSeconds, m.CacheHits, m.CacheMisses)
	return nil
}

func runIndexInfo(e *env, args []string) error {
	fs := newFlagSet("index info", indexUsage, e.stdout)
	dir := fs.String("dir", "", "directory of built indexes (required)")
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *dir == "" {
		return usagef("--dir is required")
	}
	m, err := index.ReadManifest(*dir)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(m)
}

func loadIndexData(path string) (*heritage.Dataset, error) {
	if path == "" {
		return heritage.Embedded()
	}
	ds, err := heritage.LoadFile(path, heritage.LoadOptions{})
	if err != nil {
		return nil, usagef("--data: %v", err)
	}
	return ds, nil
}

// indexEmbedder makes the embedder the query side makes for the same
// choice, so that the IDs match when ask or serve open the directory.
func indexEmbedder(name, modelDir, ortLib string) (embed.Embedder, func(), error) {
	e, closeFn, err := compose.OpenEmbedder(name, modelDir, ortLib)
	if errors.Is(err, compose.ErrUnknownEmbedder) {
		return nil, nil, usagef("--embedder %q: %v", name, compose.ErrUnknownEmbedder)
	}
	return e, closeFn, err
}
