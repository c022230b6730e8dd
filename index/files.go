package index

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/fileutil"
)

// sumFiles sums every file under dir except the manifest and the
// embedding cache (which outlives builds and changes as it is used).
func sumFiles(dir string) (map[string]FileSum, error) {
	sums := map[string]FileSum{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == ManifestFile || rel == CacheFile || strings.HasPrefix(rel, CacheFile+".") {
			return nil
		}
		sum, err := sumFile(path)
		sums[rel] = sum
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("index: checksum: %w", err)
	}
	return sums, nil
}

func sumFile(path string) (FileSum, error) {
	f, err := os.Open(path)
	if err != nil {
		return FileSum{}, err
	}
	defer f.Close()
	h := crc32.New(castagnoli)
	n, err := io.Copy(h, f)
	return FileSum{Size: n, CRC32C: h.Sum32()}, err
}

// verifyFiles checks that every file in want but those in skip (checked
// as they are read) is in dir with its size and checksum.
func verifyFiles(dir string, want map[string]FileSum, skip ...string) error {
	if len(want) == 0 {
		return fmt.Errorf("%w: %s lists no files", ErrCorrupt, filepath.Join(dir, ManifestFile))
	}
	for rel, w := range want {
		if slices.Contains(skip, rel) {
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(rel))
		got, err := sumFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%w: %s is missing", ErrCorrupt, path)
		}
		if err != nil {
			return fmt.Errorf("index: %w", err)
		}
		if got != w {
			return fmt.Errorf("%w: %s differs from its manifest (size %d, want %d)", ErrCorrupt, path, got.Size, w.Size)
		}
	}
	return nil
}

func writeJSON(path string, v any) error {
	return writeAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	})
}

// writeAtomic writes path through a temporary file renamed into place.
func writeAtomic(path string, write func(io.Writer) error) error {
	if err := fileutil.WriteAtomic(path, write); err != nil {
		return fmt.Errorf("index: write %s: %w", filepath.Base(path), err)
	}
	return nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s is missing", ErrNotBuilt, path)
	}
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	return nil
}
