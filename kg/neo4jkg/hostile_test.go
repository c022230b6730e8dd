package neo4jkg

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/stretchr/testify/require"
)

// hostile are inputs that would break or rewrite a query built by string
// concatenation.
var hostile = []string{
	`'`, `"`, "`", `\`, `O'Brien's "Museum"`,
	`}) MATCH (n) DETACH DELETE n //`,
	`'}) MATCH (n) DETACH DELETE n //`,
	"\"}) MATCH (n) DETACH DELETE n //",
	"`) MATCH (n) DETACH DELETE n //",
	"National Trust\n}) MATCH (n) DETACH DELETE n\n//",
	"$rows", "{key: 'x'}", "line1\nline2\r\n\ttab", "\x00nul",
	strings.Repeat("Ünïcødé Музей 博物馆 😀 ", 800),
	"MATCH (n) RETURN n", "body:national trust') DETACH DELETE n //",
}

// TestHostileInput runs every operation with hostile text: no error, the
// same answer as the in-memory graph, and not a single node changed.
func TestHostileInput(t *testing.T) {
	s, _, g := testStore(t)
	ctx := context.Background()
	nodes, rels, err := s.Count(ctx)
	require.NoError(t, err)

	for _, h := range hostile {
		for _, scheme := range []string{"isil", "ghcid", "ror", "wikidata", h} {
			got, err := s.Lookup(ctx, scheme, h)
			require.NoError(t, err)
			require.Equal(t, g.Lookup(scheme, h), got)
		}
		got, err := s.ByName(ctx, h)
		require.NoError(t, err)
		require.Equal(t, g.ByName(h), got)

		for _, rel := range []string{"", "part_of", h} {
			ms, err := s.Members(ctx, h, rel, 0)
			require.NoError(t, err)
			require.Equal(t, g.Members(h, rel, 0), ms)
			ms, err = s.Members(ctx, "National Trust", h, 0)
			require.NoError(t, err)
			require.Equal(t, g.Members("National Trust", h, 0), ms)
		}

		ev, err := s.Events(ctx, h)
		require.NoError(t, err)
		require.Nil(t, ev)

		es, err := s.Neighbourhood(ctx, h, 2, []string{h})
		require.NoError(t, err)
		require.Nil(t, es)
		es, err = s.Neighbourhood(ctx, "mm:mm.domus.SC277", 2, []string{h, "part_of"})
		require.NoError(t, err)
		require.Equal(t, sortedEdges(g.Neighbourhood("mm:mm.domus.SC277", 2, []string{h, "part_of"})), sortedEdges(es))

		p, err := s.ShortestPath(ctx, h, "mm:mm.domus.SC277")
		require.NoError(t, err)
		require.Nil(t, p)

		for _, c := range []plan.Constraints{
			{Names: []plan.NameMatch{{Name: h}}, Relation: "houses"},
			{Names: []plan.NameMatch{{Name: "Museum Nord", IDs: []string{h}}}, Relation: h},
			{Bodies: []plan.Body{{Name: h, IDs: []string{h}, Relation: h}}},
			{Bodies: []plan.Body{{Name: "National Trust", Relation: h}}, Relation: h},
			{Places: []plan.Place{{Name: h, Level: plan.LevelCity}, {Name: h, Level: plan.LevelAdmin, AdminLevel: h}, {Name: h, Level: h}}},
			{TypeCodes: []string{h}, Subjects: []string{h}, GovernanceCodes: []string{h}, Sizes: []string{h}, Accreditation: h, Status: h,
				Years: &plan.YearRange{Field: h, From: 1900}},
		} {
			ids, err := s.Select(ctx, c, 0)
			require.NoError(t, err)
			require.Equal(t, g.Select(c, 0), ids)
		}

		hs, err := NewRetriever(s, fixture.ds).Retrieve(ctx, retrieval.Query{Text: h, K: 10, Plan: &plan.Plan{Question: h,
			Constraints: plan.Constraints{ISILs: []string{h}, QIDs: []string{h}, GHCIDs: []string{h}, GNDs: []string{h},
				Names: []plan.NameMatch{{Name: h}}, Bodies: []plan.Body{{Name: h}}}}})
		require.NoError(t, err)
		require.Empty(t, hs)
	}

	after, afterRels, err := s.Count(ctx)
	require.NoError(t, err)
	require.Equal(t, nodes, after)
	require.Equal(t, rels, afterRels)
}

// closedPort returns a local address nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return addr
}

// silentServer accepts connections and never answers, like a hung server.
func silentServer(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var mu sync.Mutex
	var conns []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		_ = l.Close()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	return l.Addr().String()
}

// returnsWithin fails the test when f has not returned after limit; the
// limit is a generous liveness bound, not a performance target.
func returnsWithin(t *testing.T, limit time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("still running after %s", limit)
	}
}

func TestOpenUnavailable(t *testing.T) {
	for name, addr := range map[string]string{"closed port": closedPort(t), "silent server": silentServer(t)} {
		t.Run(name, func(t *testing.T) {
			var err error
			returnsWithin(t, 20*time.Second, func() {
				_, err = Open(context.Background(), "bolt://"+addr, "", "", WithConnectTimeout(500*time.Millisecond))
			})
			require.Error(t, err)
			require.ErrorIs(t, err, ErrUnavailable)
			require.Contains(t, err.Error(), addr)
		})
	}
}

func TestOpenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var err error
	returnsWithin(t, 20*time.Second, func() {
		_, err = Open(ctx, "bolt://"+silentServer(t), "", "", WithConnectTimeout(time.Minute))
	})
	require.ErrorIs(t, err, ErrUnavailable)
}

func TestOpenBadURI(t *testing.T) {
	_, err := Open(context.Background(), "http://127.0.0.1:1", "", "")
	require.Error(t, err)
}

// TestCancelledOperations checks that every operation gives up at once on
// a cancelled or expired context, and that a long one stops mid-way.
func TestCancelledOperations(t *testing.T) {
	s, ds, _ := testStore(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	heavy := plan.Constraints{Sizes: []string{""}}
	for name, ctx := range map[string]context.Context{"cancelled": cancelled, "expired": expired} {
		want := context.Canceled
		if name == "expired" {
			want = context.DeadlineExceeded
		}
		t.Run(name, func(t *testing.T) {
			ops := map[string]func() error{
				"lookup":        func() error { _, err := s.Lookup(ctx, "isil", "DE-MUS-165513"); return err },
				"by name":       func() error { _, err := s.ByName(ctx, "Natural History Museum"); return err },
				"members":       func() error { _, err := s.Members(ctx, "National Trust", "", 0); return err },
				"events":        func() error { _, err := s.Events(ctx, "mm:mm.domus.SC277"); return err },
				"neighbourhood": func() error { _, err := s.Neighbourhood(ctx, "mm:mm.domus.SC277", 2, nil); return err },
				"shortest path": func() error { _, err := s.ShortestPath(ctx, "mm:mm.domus.SC277", "mm:mm.domus.SC038"); return err },
				"select":        func() error { _, err := s.Select(ctx, heavy, 0); return err },
				"count":         func() error { _, _, err := s.Count(ctx); return err },
				"ingest":        func() error { _, err := s.Ingest(ctx, ds, nil); return err },
				"retrieve": func() error {
					_, err := NewRetriever(s, ds).Retrieve(ctx, retrieval.Query{K: 5, Plan: &plan.Plan{Constraints: heavy}})
					return err
				},
			}
			for op, f := range ops {
				var err error
				returnsWithin(t, 10*time.Second, func() { err = f() })
				require.ErrorIs(t, err, want, op)
			}
		})
	}

	t.Run("deadline during a long path search", func(t *testing.T) {
		// Two Wikidata records far apart: the search expands the country.
		var a, b string
		for i := range ds.Institutions {
			in := &ds.Institutions[i]
			if strings.HasPrefix(in.ID, "wd:") && in.Country == "DE" && in.City == "" {
				if a == "" {
					a = in.ID
				} else {
					b = in.ID
				}
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		var err error
		returnsWithin(t, 10*time.Second, func() { _, err = s.ShortestPath(ctx, a, b) })
		require.ErrorIs(t, err, context.DeadlineExceeded)
	})
}
