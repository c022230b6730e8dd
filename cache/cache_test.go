package cache

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestKey(t *testing.T) {
	require.Equal(t, Key("a", "b"), Key("a", "b"))
	require.NotEqual(t, Key("ab", "c"), Key("a", "bc"))
	require.NotEqual(t, Key("a"), Key("a", ""))
	require.NotEqual(t, Key(), Key(""))
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Which museums are in Kent?", "which museums are in kent"},
		{"  which   MUSEUMS\tare in\nKent ?! ", "which museums are in kent"},
		{"What is the ISIL of Stadtbibliothek Köln...", "what is the isil of stadtbibliothek köln"},
		{"Museum (Kent)?", "museum (kent)"},
		{`Was "Dove Cottage"?`, `was "dove cottage"`},
		{"", ""},
		{"???", ""},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, Normalize(tt.in), tt.in)
	}
}

func TestTTLGetAddExpiry(t *testing.T) {
	c := NewTTL[string](8, 50*time.Millisecond)
	_, ok := c.Get("wd:Q1")
	require.False(t, ok)
	c.Add("wd:Q1", "Stadtbibliothek")
	v, ok := c.Get("wd:Q1")
	require.True(t, ok)
	require.Equal(t, "Stadtbibliothek", v)
	require.Equal(t, Stats{Hits: 1, Misses: 1}, c.Stats())

	// The entry goes away eventually; how soon is not asserted.
	require.Eventually(t, func() bool {
		_, ok := c.Get("wd:Q1")
		return !ok
	}, 10*time.Second, 10*time.Millisecond)
}

func TestTTLGetOrLoad(t *testing.T) {
	c := NewTTL[int](8, time.Hour)
	var calls int
	load := func() (int, error) { calls++; return 42, nil }

	v, err := c.GetOrLoad("k", load)
	require.NoError(t, err)
	require.Equal(t, 42, v)
	v, err = c.GetOrLoad("k", load)
	require.NoError(t, err)
	require.Equal(t, 42, v)
	require.Equal(t, 1, calls)
	require.Equal(t, Stats{Hits: 1, Misses: 1}, c.Stats())

	boom := errors.New("not found")
	_, err = c.GetOrLoad("bad", func() (int, error) { calls++; return 0, boom })
	require.ErrorIs(t, err, boom)
	_, err = c.GetOrLoad("bad", func() (int, error) { calls++; return 7, nil })
	require.NoError(t, err, "errors are not cached")
	require.Equal(t, 3, calls)
}

func TestTTLGetOrLoadSingleFlight(t *testing.T) {
	c := NewTTL[string](8, time.Hour)
	const n = 32
	var calls atomic.Int64
	release := make(chan struct{})
	var started, done sync.WaitGroup
	results := make([]string, n)
	errs := make([]error, n)
	started.Add(n)
	done.Add(n)
	for i := range n {
		go func() {
			defer done.Done()
			started.Done()
			results[i], errs[i] = c.GetOrLoad("mm:1", func() (string, error) {
				calls.Add(1)
				<-release // hold the flight open while the others pile up
				return "loaded", nil
			})
		}()
	}
	started.Wait()
	// Give the goroutines time to reach the flight; the assertion below
	// holds however many made it.
	time.Sleep(20 * time.Millisecond)
	close(release)
	done.Wait()

	require.EqualValues(t, 1, calls.Load())
	for i := range n {
		require.NoError(t, errs[i])
		require.Equal(t, "loaded", results[i])
	}
}

func BenchmarkTTLGetHit(b *testing.B) {
	c := NewTTL[[]string](1024, time.Minute)
	key := Key(Normalize("Which museums are in Kent?"), "10", "v1")
	c.Add(key, make([]string, 10))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := c.Get(key); !ok {
			b.Fatal("miss")
		}
	}
}
func TestLRUHitsAndMisses(t *testing.T) {
	c, err := NewLRU[int](2)
	require.NoError(t, err)

	_, ok := c.Get("a")
	require.False(t, ok)
	c.Add("a", 1)
	c.Add("b", 2)
	v, ok := c.Get("a")
	require.True(t, ok)
	require.Equal(t, 1, v)
	require.True(t, c.Add("c", 3)) // evicts b, the least recently used
	_, ok = c.Get("b")
	require.False(t, ok)
	require.Equal(t, Stats{Hits: 1, Misses: 2}, c.Stats())
	require.InDelta(t, 1.0/3, c.Stats().HitRatio(), 1e-12)
	require.Equal(t, 2, c.Len())

	_, err = NewLRU[int](0)
	require.Error(t, err)
}
