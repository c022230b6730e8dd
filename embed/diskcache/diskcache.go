// Package diskcache keeps embeddings on disk, in a bbolt file, in front of
// any embed.Embedder: a text embedded once is never embedded again by
// the same model, across runs. Index builds and queries share it, so a
// rebuild after an interruption only embeds what is missing.
//
// Vectors are keyed by the embedder's ID (one bucket per ID) and the
// SHA-256 of the text. One Embed call reads all its keys in one read
// transaction and writes the misses in one write transaction.
//
// A Cached is safe for concurrent use within one process. bbolt locks the
// file: only one process can have it open at a time. A second process
// waits for the lock at most Options.LockTimeout (default 1 s) and then
// fails with an error wrapping ErrLocked.
package diskcache

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/hybridrag/hybridrag/embed"
)

var _ embed.Embedder = (*Cached)(nil)

// ErrLocked is wrapped by Wrap when another process holds the cache file.
var ErrLocked = errors.New("diskcache: cache file is in use by another process")

// Options tune WrapWith.
type Options struct {
	// LockTimeout is how long Wrap waits for the file lock (default 1 s).
	LockTimeout time.Duration
	// NoSync skips the fsync after each write transaction: faster, but a
	// crash can lose (never corrupt) the latest entries.
	NoSync bool
}

// Cached is an Embedder that answers from the disk cache and embeds only
// the texts it has not seen with the wrapped embedder.
type Cached struct {
	e      embed.Embedder
	db     *bolt.DB
	bucket []byte
	hits   atomic.Int64
	misses atomic.Int64
}

// Stats counts the texts answered from the cache (Hits) and those not
// found (Misses; a text repeated within one call is embedded once) since
// Wrap.
type Stats struct {
	Hits   int64 `json:"hits"`
	Misses int64 `json:"misses"`
}

// Wrap opens (or creates) the cache file at path for e, with the default
// options.
func Wrap(e embed.Embedder, path string) (*Cached, error) {
	return WrapWith(e, path, Options{})
}

// WrapWith opens (or creates) the cache file at path for e.
func WrapWith(e embed.Embedder, path string, o Options) (*Cached, error) {
	if e == nil {
		return nil, errors.New("diskcache: nil embedder")
	}
	if e.ID() == "" {
		return nil, errors.New("diskcache: embedder has an empty ID")
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = time.Second
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: o.LockTimeout, NoSync: o.NoSync})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("diskcache: open %s: %w (waited %v)", path, ErrLocked, o.LockTimeout)
	}
	if err != nil {
		return nil, fmt.Errorf("diskcache: open %s: %w", path, err)
	}
	c := &Cached{e: e, db: db, bucket: []byte(e.ID())}
	if err := db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(c.bucket)
		return err
	}); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("diskcache: %s: %w", path, err)
	}
	return c, nil
}

// ID is the wrapped embedder's: the cache does not change the vectors.
func (c *Cached) ID() string { return c.e.ID() }

// Dim is the wrapped embedder's.
func (c *Cached) Dim() int { return c.e.Dim() }

// Unwrap returns the wrapped embedder.
func (c *Cached) Unwrap() embed.Embedder { return c.e }

// Stats returns the hit and miss counts.
func (c *Cached) Stats() Stats { return Stats{Hits: c.hits.Load(), Misses: c.misses.Load()} }

// Len is the number of vectors cached for this embedder.
func (c *Cached) Len() (int, error) {
	var n int
	err := c.db.View(func(tx *bolt.Tx) error {
		n = tx.Bucket(c.bucket).Stats().KeyN
		return nil
	})
	return n, err
}

// Close closes the cache file, not the wrapped embedder.
func (c *Cached) Close() error { return c.db.Close() }

// Embed returns the cached vectors and embeds the rest, each distinct
// missing text once, in one call to the wrapped embedder, then stores them.
// A vector of the wrong length in the file is treated as a miss.
func (c *Cached) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	keys := make([][32]byte, len(texts))
	for i, t := range texts {
		keys[i] = sha256.Sum256([]byte(t))
	}
	dim := c.e.Dim()
	if err := c.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(c.bucket)
		for i := range texts {
			if v := b.Get(keys[i][:]); v != nil && len(v)%4 == 0 && (dim <= 0 || len(v) == 4*dim) {
				out[i] = decode(v)
			}
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("diskcache: read: %w", err)
	}

	var missTexts []string
	var missKeys [][32]byte
	firstOf := map[[32]byte]int{} // key → index into missTexts
	for i, v := range out {
		if v != nil {
			continue
		}
		if _, ok := firstOf[keys[i]]; !ok {
			firstOf[keys[i]] = len(missTexts)
			missTexts = append(missTexts, texts[i])
			missKeys = append(missKeys, keys[i])
		}
	}
	missed := countNil(out)
	c.hits.Add(int64(len(texts) - missed))
	c.misses.Add(int64(missed))
	if len(missTexts) == 0 {
		return out, nil
	}
	vecs, err := c.e.Embed(ctx, missTexts)
	if err != nil {
		return nil, err
	}
	if len(vecs) != len(missTexts) {
		return nil, fmt.Errorf("diskcache: embedder %s returned %d vectors for %d texts", c.e.ID(), len(vecs), len(missTexts))
	}
	for i := range out {
		if out[i] == nil {
			out[i] = vecs[firstOf[keys[i]]]
		}
	}
	if err := c.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(c.bucket)
		for k, v := range vecs {
			if err := b.Put(missKeys[k][:], encode(v)); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("diskcache: write: %w", err)
	}
	return out, nil
}

func countNil(vs [][]float32) int {
	n := 0
	for _, v := range vs {
		if v == nil {
			n++
		}
	}
	return n
}

func encode(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, c := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(c))
	}
	return b
}

// decode copies: bbolt's values are valid only inside the transaction.
func decode(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}
