package diskcache_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/embed/diskcache"
)

// counting counts the texts it embeds.
type counting struct {
	embed.Embedder
	texts atomic.Int64
	calls atomic.Int64
	fail  error
}

func (c *counting) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if c.fail != nil {
		return nil, c.fail
	}
	c.calls.Add(1)
	c.texts.Add(int64(len(texts)))
	return c.Embedder.Embed(ctx, texts)
}

func TestHitsMissesAndPersistence(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cache.bolt")
	inner := &counting{Embedder: embed.NewHashing(64)}
	c, err := diskcache.Wrap(inner, path)
	require.NoError(t, err)
	require.Equal(t, inner.ID(), c.ID())
	require.Equal(t, 64, c.Dim())

	texts := []string{"Railway Museum", "Stadtbibliothek", "Railway Museum", "archive"}
	want, err := inner.Embedder.Embed(ctx, texts)
	require.NoError(t, err)

	got, err := c.Embed(ctx, texts)
	require.NoError(t, err)
	require.Equal(t, want, got)
	require.Equal(t, int64(3), inner.texts.Load(), "a repeated text is embedded once")
	require.Equal(t, diskcache.Stats{Hits: 0, Misses: 4}, c.Stats())

	got, err = c.Embed(ctx, []string{"archive", "new text", "Railway Museum"})
	require.NoError(t, err)
	require.Equal(t, want[3], got[0])
	require.Equal(t, want[0], got[2])
	require.Equal(t, int64(4), inner.texts.Load())
	require.Equal(t, diskcache.Stats{Hits: 2, Misses: 5}, c.Stats())
	n, err := c.Len()
	require.NoError(t, err)
	require.Equal(t, 4, n)
	require.NoError(t, c.Close())

	// Reopened: everything comes from the file.
	inner2 := &counting{Embedder: embed.NewHashing(64)}
	c2, err := diskcache.Wrap(inner2, path)
	require.NoError(t, err)
	defer c2.Close()
	got, err = c2.Embed(ctx, texts)
	require.NoError(t, err)
	require.Equal(t, want, got)
	require.Zero(t, inner2.calls.Load())
	require.Equal(t, diskcache.Stats{Hits: 4}, c2.Stats())
}

func TestKeyedByEmbedderID(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cache.bolt")
	a := &counting{Embedder: embed.NewHashing(64)}
	c, err := diskcache.Wrap(a, path)
	require.NoError(t, err)
	_, err = c.Embed(ctx, []string{"x"})
	require.NoError(t, err)
	require.NoError(t, c.Close())

	b := &counting{Embedder: embed.NewHashing(32)}
	require.NotEqual(t, a.ID(), b.ID())
	cb, err := diskcache.Wrap(b, path)
	require.NoError(t, err)
	defer cb.Close()
	v, err := cb.Embed(ctx, []string{"x"})
	require.NoError(t, err)
	require.Len(t, v[0], 32)
	require.Equal(t, int64(1), b.texts.Load())
}

func TestSecondOpenFailsClearly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.bolt")
	c, err := diskcache.Wrap(embed.NewHashing(8), path)
	require.NoError(t, err)
	defer c.Close()
	_, err = diskcache.WrapWith(embed.NewHashing(8), path, diskcache.Options{LockTimeout: 50 * time.Millisecond})
	require.ErrorIs(t, err, diskcache.ErrLocked)
	require.ErrorContains(t, err, path)
}

func TestErrorsPassThroughAndNothingCached(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("model failed")
	inner := &counting{Embedder: embed.NewHashing(8), fail: boom}
	c, err := diskcache.Wrap(inner, filepath.Join(t.TempDir(), "c.bolt"))
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Embed(ctx, []string{"x"})
	require.ErrorIs(t, err, boom)
	n, err := c.Len()
	require.NoError(t, err)
	require.Zero(t, n)

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = c.Embed(cctx, []string{"x"})
	require.ErrorIs(t, err, context.Canceled)
}

func TestConcurrentUse(t *testing.T) {
	ctx := context.Background()
	inner := &counting{Embedder: embed.NewHashing(16)}
	c, err := diskcache.Wrap(inner, filepath.Join(t.TempDir(), "c.bolt"))
	require.NoError(t, err)
	defer c.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				texts := []string{fmt.Sprintf("t%d", i), fmt.Sprintf("g%d-%d", g, i)}
				v, err := c.Embed(ctx, texts)
				if err == nil && len(v) != 2 {
					err = fmt.Errorf("%d vectors", len(v))
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	n, err := c.Len()
	require.NoError(t, err)
	require.Equal(t, 20+8*20, n)
	s := c.Stats()
	require.Equal(t, int64(8*20*2), s.Hits+s.Misses)
}

// BenchmarkHit is the cost of answering texts from the cache file.
func BenchmarkHit(b *testing.B) {
	for _, n := range []int{1, 256} {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) {
			ctx := context.Background()
			c, err := diskcache.Wrap(embed.NewHashing(384), filepath.Join(b.TempDir(), "c.bolt"))
			require.NoError(b, err)
			defer c.Close()
			texts := make([]string, n)
			for i := range texts {
				texts[i] = fmt.Sprintf("Museum number %d, somewhere in England", i)
			}
			_, err = c.Embed(ctx, texts)
			require.NoError(b, err)
			for b.Loop() {
				_, err := c.Embed(ctx, texts)
				require.NoError(b, err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n)/1000, "µs/text")
		})
	}
}
