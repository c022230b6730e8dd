package qdrantstore

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/retrieval"
)

// twoNodes are two fake servers reached as http://192.0.2.1:1 and
// http://192.0.2.2:2,
// each holding the same collection. The addresses are documentation
// addresses (RFC 5737) that the dialer routes to the fakes.
type twoNodes struct{ a, b *fakeServer }

func startTwoNodes(t *testing.T) twoNodes {
	n := twoNodes{a: startFake(t), b: startFake(t)}
	ds, emb := subset(t, 200), embed.NewHashing(64)
	for _, f := range []*fakeServer{n.a, n.b} {
		require.NoError(t, f.open(t, Config{}).Ingest(context.Background(), ds, emb, nil))
	}
	return n
}

// open opens a store with both endpoints, a first.
func (n twoNodes) open(t *testing.T) (*Store, error) {
	route := func(ctx context.Context, addr string) (net.Conn, error) {
		if host, _, _ := net.SplitHostPort(addr); host == "192.0.2.1" {
			return n.a.lis.DialContext(ctx)
		}
		return n.b.lis.DialContext(ctx)
	}
	s, err := Open(context.Background(), Config{URL: "http://192.0.2.1:1", URLs: []string{"http://192.0.2.2:2"}, Timeout: 5 * time.Second},
		WithDialOptions(grpc.WithContextDialer(route), grpc.WithTransportCredentials(insecure.NewCredentials())))
	if err == nil {
		t.Cleanup(func() { require.NoError(t, s.Close()) })
	}
	return s, err
}

func queries(f *fakeServer) int { return len(f.snapshot().queries) }

func TestFailoverToTheNextEndpoint(t *testing.T) {
	n := startTwoNodes(t)
	s, err := n.open(t)
	require.NoError(t, err)
	r := s.Retriever(embed.NewHashing(64))
	q := retrieval.Query{Text: "railway museum", K: 5}
	want, err := r.Retrieve(context.Background(), q)
	require.NoError(t, err)
	require.NotEmpty(t, want)
	require.Equal(t, 1, queries(n.a))
	require.Zero(t, queries(n.b), "the second endpoint is not used while the first answers")

	n.a.stop()
	got, err := r.Retrieve(context.Background(), q)
	require.NoError(t, err, "the call goes on to the next endpoint")
	require.Equal(t, want, got)
	require.Equal(t, 1, queries(n.b))
	_, err = r.Retrieve(context.Background(), q)
	require.NoError(t, err)
	require.Equal(t, 2, queries(n.b), "the endpoint that answered stays in use")
	require.Equal(t, 1, queries(n.a))
	c, err := s.Count(context.Background())
	require.NoError(t, err)
	require.Positive(t, c)

	n.b.stop()
	_, err = r.Retrieve(context.Background(), q)
	require.Error(t, err)
	require.Equal(t, codes.Unavailable, status.Code(err))
	require.ErrorContains(t, err, "192.0.2.1:1", "the error names the last endpoint tried (b, then a)")
}

func TestFailoverAtOpen(t *testing.T) {
	n := startTwoNodes(t)
	n.a.stop()
	s, err := n.open(t)
	require.NoError(t, err, "the second endpoint answers the health check")
	_, err = s.Retriever(embed.NewHashing(64)).Retrieve(context.Background(), retrieval.Query{Text: "archive", K: 3})
	require.NoError(t, err)
	require.Equal(t, 1, queries(n.b))

	n.b.stop()
	_, err = n.open(t)
	require.ErrorContains(t, err, "health check")
	require.ErrorContains(t, err, "192.0.2.1:1,192.0.2.2:2")
}

// An error of the server's own (not Unavailable) is the answer: another
// node of the same cluster would give it too.
func TestNoFailoverOnServerErrors(t *testing.T) {
	n := startTwoNodes(t)
	s, err := n.open(t)
	require.NoError(t, err)
	require.NoError(t, s.DeleteCollection(context.Background()))
	_, err = s.Retriever(embed.NewHashing(64)).Retrieve(context.Background(), retrieval.Query{Text: "archive", K: 3})
	require.Error(t, err)
	require.Equal(t, codes.NotFound, status.Code(err))
	require.Zero(t, queries(n.b))
}

// A node whose copy of a shard is moving fails a read inside ("Local
// shard 1 not found", Internal): the read goes on to the next node, which
// may hold a ready copy. A write does not.
func TestReadFailsOverOnAnInternalError(t *testing.T) {
	n := startTwoNodes(t)
	s, err := n.open(t)
	require.NoError(t, err)
	n.a.mu.Lock()
	n.a.queryErr = status.Error(codes.Internal, "Service internal error: 1 of 1 read operations failed: Local shard 1 not found")
	n.a.mu.Unlock()
	got, err := s.Retriever(embed.NewHashing(64)).Retrieve(context.Background(), retrieval.Query{Text: "archive", K: 3})
	require.NoError(t, err)
	require.NotEmpty(t, got)
	require.Equal(t, 1, queries(n.a))
	require.Equal(t, 1, queries(n.b))
	require.False(t, unreachable(context.Background(), status.Error(codes.Internal, "x")), "a write is not tried again")
}

// A node whose peer was just killed may give no gRPC answer at all
// (Unknown) while the other node cannot be reached: the read waits a
// moment and goes over the endpoints once more.
func TestReadAsksAgainAfterAPause(t *testing.T) {
	n := startTwoNodes(t)
	s, err := n.open(t)
	require.NoError(t, err)
	n.a.mu.Lock()
	n.a.queryErr = status.Error(codes.Unknown, "unexpected HTTP status code received from server: 200 (OK); malformed header: missing HTTP content-type")
	n.a.queryFails = 1
	n.a.mu.Unlock()
	n.b.stop()
	got, err := s.Retriever(embed.NewHashing(64)).Retrieve(context.Background(), retrieval.Query{Text: "archive", K: 3})
	require.NoError(t, err)
	require.NotEmpty(t, got)
	require.Equal(t, 2, queries(n.a), "a, b (down), then a again")

	n.a.mu.Lock()
	n.a.queryErr = status.Error(codes.Unknown, "malformed header")
	n.a.mu.Unlock()
	_, err = s.Retriever(embed.NewHashing(64)).Retrieve(context.Background(), retrieval.Query{Text: "archive", K: 3})
	require.Error(t, err, "a second round is the last")
	require.Equal(t, 4, queries(n.a))
}
