package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/fileutil"
)

// EnvCacheDir names the variable that moves the cache root (default
// DefaultRoot).
const EnvCacheDir = "HYBRIDRAG_CACHE_DIR"

// DefaultRoot is the cache root when none is configured: the user's cache
// directory (os.UserCacheDir, e.g. ~/.cache on Linux) + "/hybridrag".
func DefaultRoot() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("index: no cache directory (set %s): %w", EnvCacheDir, err)
	}
	return filepath.Join(d, "hybridrag"), nil
}

// CacheDir is where Ensure keeps the build of data version version with
// an embedder: root/<version>/<name>-<8 hex digits of the embedder ID>
// (name is what users choose, "hashing" or "minilm"; the digest tells
// apart embedders of one name with other settings).
func CacheDir(root, version, name string, e embed.Embedder) string {
	sum := sha256.Sum256([]byte(e.ID()))
	return filepath.Join(root, version, cacheName(name)+"-"+hex.EncodeToString(sum[:4]))
}

// Ensure callbacks and settings.
type EnsureOptions struct {
	// Building, when not nil, is called before a build starts, with why
	// the directory could not be opened (wrapping ErrNotBuilt, ErrStale or
	// ErrCorrupt).
	Building func(reason error)
	// Progress is passed to Build.
	Progress func(stage string, done, total int)
	// LockWait is the longest wait for another process's build (default
	// 30 minutes: a MiniLM build takes minutes).
	LockWait time.Duration
	// Waiting, when not nil, is called when another process is building
	// the same indexes and this one waits for it.
	Waiting func()
	// Build are the options of the build.
	Build []BuildOption
}

// Ensure opens the indexes in dir (see CacheDir) for ds and e, first
// building them when dir holds no usable build: missing, built for other
// data or another embedder, or damaged. A build never replaces a directory
// in place: it is written into a temporary directory beside dir and renamed
// over it, so a reader sees the old build or the new one, never a mix.
// One process builds at a time (a lock file dir+".lock"); a process that
// finds a build under way waits for it and opens its result.
func Ensure(ctx context.Context, dir string, ds *heritage.Dataset, e embed.Embedder, opts EnsureOptions) (*Indexes, error) {
	text := newBuildConfig(opts.Build).textVersion
	open := func() (*Indexes, error) {
		x, err := Open(ctx, dir, ds, e)
		if err == nil && x.Manifest.SemanticText != text {
			_ = x.Close()
			return nil, fmt.Errorf("%w: %s embeds text %s, not %s", ErrStale, dir, x.Manifest.SemanticText, text)
		}
		return x, err
	}
	x, err := open()
	if err == nil || !rebuildable(err) {
		return x, err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	unlock, err := lock(ctx, dir+".lock", opts.LockWait, opts.Waiting)
	if err != nil {
		return nil, err
	}
	defer unlock()
	// Another process may have built it while this one waited.
	x, err = open()
	if err == nil || !rebuildable(err) {
		return x, err
	}
	// Builds cut short (a killed process) left their temporary
	// directories; nobody else builds while the lock is held.
	if left, _ := filepath.Glob(dir + ".build-*"); len(left) > 0 {
		for _, d := range left {
			_ = os.RemoveAll(d)
		}
	}
	if opts.Building != nil {
		opts.Building(err)
	}
	if err := replace(ctx, dir, ds, e, opts); err != nil {
		return nil, err
	}
	return open()
}

// rebuildable reports whether err says the directory holds no usable
// build, as opposed to a failure that a build would not mend.
func rebuildable(err error) bool {
	return errors.Is(err, ErrNotBuilt) || errors.Is(err, ErrStale) || errors.Is(err, ErrCorrupt)
}

// replace builds into a temporary directory beside dir and renames it
// into place. The embedding cache lives beside the builds (it outlives
// them: a new data version re-embeds only the texts that changed).
func replace(ctx context.Context, dir string, ds *heritage.Dataset, e embed.Embedder, opts EnsureOptions) error {
	parent := filepath.Dir(dir)
	tmp, err := os.MkdirTemp(parent, filepath.Base(dir)+".build-")
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	defer os.RemoveAll(tmp)
	bopts := append([]BuildOption{WithCacheFile(filepath.Join(parent, filepath.Base(dir)+"."+CacheFile))}, opts.Build...)
	if _, err := Build(ctx, ds, e, tmp, opts.Progress, bopts...); err != nil {
		return err
	}
	// rename(2) does not replace a non-empty directory: move the old
	// build aside first. A reader that opened it keeps its files.
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("index: move old build aside: %w", err)
		}
		defer os.RemoveAll(old)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir)
		}
		return fmt.Errorf("index: %w", err)
	}
	return nil
}

// lock takes the lock file path, waiting at most wait (default 30 min)
// for another process to release it; waiting, when not nil, is called
// before such a wait.
func lock(ctx context.Context, path string, wait time.Duration, waiting func()) (unlock func(), err error) {
	if wait <= 0 {
		wait = 30 * time.Minute
	}
	unlock, err = fileutil.Lock(ctx, path, wait, waiting)
	if err != nil {
		return nil, fmt.Errorf("index: lock %s (another process is building): %w", path, err)
	}
	return unlock, nil
}

// cacheName is name in lower case letters, digits and hyphens.
func cacheName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return '-'
	}, name)
	if name == "" {
		return "embedder"
	}
	return name
}
