package reconnect_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/compose/reconnect"
	"github.com/hybridrag/hybridrag/pipeline"
)

// fast retries so that the tests take milliseconds.
var fast = reconnect.Backoff{First: 5 * time.Millisecond, Max: 20 * time.Millisecond}

// server is a backend that refuses until it is up.
type server struct {
	up       atomic.Bool
	attempts atomic.Int32
	mu       sync.Mutex
	joined   []string
	closed   []string
}

func (s *server) open(ctx context.Context) (string, error) {
	n := s.attempts.Add(1)
	if !s.up.Load() {
		return "", fmt.Errorf("connection refused (attempt %d)", n)
	}
	return fmt.Sprintf("conn%d", n), ctx.Err()
}

func (s *server) spec() reconnect.Spec[string] {
	return reconnect.Spec[string]{
		Source: "neo4j", Failed: errors.New("refused at start"), Backoff: fast, Open: s.open,
		Join:  func(c string) { s.mu.Lock(); s.joined = append(s.joined, c); s.mu.Unlock() },
		Close: func(c string) { s.mu.Lock(); s.closed = append(s.closed, c); s.mu.Unlock() },
	}
}

func (s *server) record() (joined, closed []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.joined...), append([]string(nil), s.closed...)
}

func TestABackendJoinsOnceItAnswers(t *testing.T) {
	srv := &server{}
	b := reconnect.Start(srv.spec())
	defer b.Close()

	err := b.Err()
	require.ErrorIs(t, err, reconnect.ErrUnavailable)
	require.Regexp(t, `^unavailable: retrying since \d{4}-\d\d-\d\dT\S+: refused at start$`, err.Error())
	require.Eventually(t, func() bool { return srv.attempts.Load() >= 2 }, 20*time.Second, time.Millisecond)
	require.Contains(t, b.Err().Error(), "connection refused (attempt", "the last attempt's error")
	_, ok := b.Conn()
	require.False(t, ok)

	srv.up.Store(true)
	require.Eventually(t, func() bool { return b.Err() == nil }, 20*time.Second, time.Millisecond)
	conn, ok := b.Conn()
	require.True(t, ok)
	joined, closed := srv.record()
	require.Equal(t, []string{conn}, joined, "joined once, with the connection opened")
	require.Empty(t, closed)

	attempts := srv.attempts.Load()
	time.Sleep(5 * fast.Max)
	require.Equal(t, attempts, srv.attempts.Load(), "no attempt after the join")

	b.Close()
	b.Close()
	_, closed = srv.record()
	require.Equal(t, []string{conn}, closed, "released once, by Close")
}

func TestCloseStopsTheRetries(t *testing.T) {
	srv := &server{}
	b := reconnect.Start(srv.spec())
	require.Eventually(t, func() bool { return srv.attempts.Load() >= 2 }, 20*time.Second, time.Millisecond)
	b.Close()
	n := srv.attempts.Load()
	srv.up.Store(true)
	time.Sleep(5 * fast.Max)
	require.Equal(t, n, srv.attempts.Load(), "no attempt after Close")
	joined, closed := srv.record()
	require.Empty(t, joined)
	require.Empty(t, closed)
	require.ErrorIs(t, b.Err(), reconnect.ErrUnavailable)
}

// Close cancels an attempt under way and waits for it.
func TestCloseCancelsAnAttemptUnderWay(t *testing.T) {
	started := make(chan struct{})
	var once sync.Once
	b := reconnect.Start(reconnect.Spec[int]{Source: "qdrant", Backoff: fast, Timeout: time.Hour,
		Open: func(ctx context.Context) (int, error) {
			once.Do(func() { close(started) })
			<-ctx.Done()
			return 0, ctx.Err()
		}})
	<-started
	b.Close() // returns only once the attempt ended (goleak checks no goroutine is left)
	require.ErrorIs(t, b.Err(), reconnect.ErrUnavailable)
}

func TestAnAttemptHasTheTimeout(t *testing.T) {
	var deadlines atomic.Int32
	b := reconnect.Start(reconnect.Spec[int]{Source: "wikidata", Backoff: fast, Timeout: 10 * time.Millisecond,
		Open: func(ctx context.Context) (int, error) {
			if _, ok := ctx.Deadline(); ok {
				deadlines.Add(1)
			}
			<-ctx.Done()
			return 0, ctx.Err()
		}})
	defer b.Close()
	require.Eventually(t, func() bool { return deadlines.Load() >= 2 }, 20*time.Second, time.Millisecond)
	require.ErrorIs(t, b.Err(), context.DeadlineExceeded)
}

func TestGroupNamesTheBackendsNotConnected(t *testing.T) {
	neo, sparql := &server{}, &server{}
	sp := sparql.spec()
	sp.Source = "wikidata"
	var g reconnect.Group
	g.Add(reconnect.Start(neo.spec()))
	g.Add(reconnect.Start(sp))
	defer g.Close()

	sources := func() []string {
		var out []string
		for _, e := range g.Unavailable() {
			require.Contains(t, e.Error, "unavailable: retrying since ")
			out = append(out, e.Source)
		}
		return out
	}
	require.Equal(t, []string{"neo4j", "wikidata"}, sources())
	sparql.up.Store(true)
	require.Eventually(t, func() bool { return len(g.Unavailable()) == 1 }, 20*time.Second, time.Millisecond)
	require.Equal(t, []string{"neo4j"}, sources())
	neo.up.Store(true)
	require.Eventually(t, func() bool { return len(g.Unavailable()) == 0 }, 20*time.Second, time.Millisecond)
	require.Equal(t, []pipeline.SourceError(nil), g.Unavailable())
}

func TestCheckFailsWhileRetryingThenPings(t *testing.T) {
	srv := &server{}
	b := reconnect.Start(srv.spec())
	defer b.Close()
	pinged := errors.New("ping failed")
	check := reconnect.Check(b, func(conn string) func(context.Context) error {
		return func(context.Context) error { return fmt.Errorf("%s: %w", conn, pinged) }
	})
	err := check(context.Background())
	require.ErrorIs(t, err, reconnect.ErrUnavailable)
	require.NotErrorIs(t, err, pinged)
	srv.up.Store(true)
	require.Eventually(t, func() bool { return b.Err() == nil }, 20*time.Second, time.Millisecond)
	require.ErrorIs(t, check(context.Background()), pinged, "the joined backend is pinged")
}
