package sparql

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// benchQIDs are the QIDs of the first n dataset records that have one.
func benchQIDs(b *testing.B, n int) []string {
	recs := recordQIDs(b, n)
	require.Len(b, recs, n)
	qids := make([]string, n)
	for i, in := range recs {
		qids[i] = in.Wikidata
	}
	return qids
}

// delayed puts a proxy in front of endpoint that holds every request for
// rtt before passing it on: a stand-in for the network between a
// deployment and a remote endpoint such as the Wikidata Query Service.
func delayed(b *testing.B, endpoint string, rtt time.Duration) string {
	if rtt == 0 {
		return endpoint
	}
	u, err := url.Parse(endpoint)
	require.NoError(b, err)
	proxy := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(rtt):
		case <-r.Context().Done():
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	b.Cleanup(srv.Close)
	return srv.URL + u.Path
}

// BenchmarkEnrich1000 enriches 1,000 items against the live endpoint with
// a fresh client (empty cache) per operation: batched (default batch
// size), one query per QID in sequence, and one query per QID with the
// client's full concurrency; directly and behind a simulated 20 ms
// round trip.
//
//	bash scripts/sparql.sh start
//	HYBRIDRAG_SPARQL_ENDPOINT=http://127.0.0.1:7878/query \
//	  go test ./sparql -run '^$' -bench Enrich1000 -benchtime 3x
func BenchmarkEnrich1000(b *testing.B) {
	ep := liveEndpoint(b)
	qids := benchQIDs(b, 1000)
	ctx := context.Background()

	for _, rtt := range []time.Duration{0, 20 * time.Millisecond} {
		target := delayed(b, ep, rtt)
		run := func(name string, enrich func(c *Client)) {
			b.Run(fmt.Sprintf("rtt=%s/%s", rtt, name), func(b *testing.B) {
				var requests int64
				for b.Loop() {
					c, err := New(target)
					require.NoError(b, err)
					enrich(c)
					requests += c.Stats().Requests
					require.NoError(b, c.Close())
				}
				b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
			})
		}
		run("batched", func(c *Client) {
			got, err := c.Enrich(ctx, qids)
			require.NoError(b, err)
			require.Len(b, got, len(qids))
		})
		run("per-qid", func(c *Client) {
			for _, q := range qids {
				got, err := c.Enrich(ctx, []string{q})
				require.NoError(b, err)
				require.Len(b, got, 1)
			}
		})
		run("per-qid-concurrent", func(c *Client) {
			var wg sync.WaitGroup
			work := make(chan string)
			for range MaxConcurrent {
				wg.Go(func() {
					for q := range work {
						got, err := c.Enrich(ctx, []string{q})
						if err != nil || len(got) != 1 {
							b.Errorf("%s: %v (%d entities)", q, err, len(got))
						}
					}
				})
			}
			for _, q := range qids {
				work <- q
			}
			close(work)
			wg.Wait()
		})
	}
}

// BenchmarkSearchLabel measures one label search against the live
// endpoint, caching off and on.
func BenchmarkSearchLabel(b *testing.B) {
	ep := liveEndpoint(b)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		opts []Option
	}{{"uncached", []Option{WithCache(0, 0)}}, {"cached", nil}} {
		b.Run(tc.name, func(b *testing.B) {
			c, err := New(ep, tc.opts...)
			require.NoError(b, err)
			defer c.Close()
			_, err = c.SearchLabel(ctx, "bomann", 10) // fills the cache when on
			require.NoError(b, err)
			for b.Loop() {
				got, err := c.SearchLabel(ctx, "bomann", 10)
				require.NoError(b, err)
				require.NotEmpty(b, got)
			}
		})
	}
}

// BenchmarkLiteral measures escaping a search text.
func BenchmarkLiteral(b *testing.B) {
	s := `Stadtbibliothek \"Im Alten Bahnhof\" Hennigsdorf – Ünïcødé 博物館`
	for b.Loop() {
		_ = literal(s)
	}
}
