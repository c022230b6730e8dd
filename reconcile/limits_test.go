package reconcile

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestLimits pins every request limit: each is refused with a 4xx whose
// message names the limit, before any linking.
func TestLimits(t *testing.T) {
	f := testFixture(t)
	h := mount(New(f.ds, f.l, WithLimits(Limits{MaxBody: 4096, MaxQueries: 3, MaxQueryChars: 20, MaxCandidates: 7, MaxExtendIDs: 5, MaxExtendCells: 6})))
	long := strings.Repeat("x", 21)
	form := func(k, v string) string { return url.Values{k: {v}}.Encode() }
	for _, tc := range []struct {
		name, path, ct, body string
		code                 int
		names                string
	}{
		{"too many queries 0.2", "/reconcile/", "application/x-www-form-urlencoded",
			form("queries", `{"a":{"query":"x"},"b":{"query":"x"},"c":{"query":"x"},"d":{"query":"x"}}`), 413, "max_queries"},
		{"too many queries 1.0", "/reconcile/match", "application/json",
			`{"queries":[{"conditions":[]},{"conditions":[]},{"conditions":[]},{"conditions":[]}]}`, 413, "max_queries"},
		{"query too long", "/reconcile/", "application/x-www-form-urlencoded",
			form("queries", `{"a":{"query":"`+long+`"}}`), 400, "max_query_chars"},
		{"property value too long", "/reconcile/", "application/x-www-form-urlencoded",
			form("queries", `{"a":{"query":"x","properties":[{"pid":"city","v":"`+long+`"}]}}`), 400, "max_query_chars"},
		{"1.0 name too long", "/reconcile/match", "application/json",
			`{"queries":[{"conditions":[{"matchType":"name","propertyValue":"` + long + `"}]}]}`, 400, "max_query_chars"},
		{"limit too high", "/reconcile/", "application/x-www-form-urlencoded",
			form("queries", `{"a":{"query":"x","limit":8}}`), 400, "max_candidates"},
		{"too many ids", "/reconcile/", "application/x-www-form-urlencoded",
			form("extend", `{"ids":["a","b","c","d","e","f"],"properties":[{"id":"isil"}]}`), 413, "max_extend_ids"},
		{"too many cells", "/reconcile/extend", "application/json",
			`{"ids":["a","b","c","d"],"properties":[{"id":"isil"},{"id":"qid"}]}`, 413, "max_extend_cells"},
		{"body too large", "/reconcile/", "application/x-www-form-urlencoded",
			form("queries", strings.Repeat(" ", 5000)), 413, "max_body"},
		{"JSON body too large", "/reconcile/extend", "application/json",
			`{"ids":[` + strings.Repeat(`"a",`, 2000) + `"a"]}`, 413, "max_body"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, h, "POST", tc.path, tc.ct, tc.body)
			require.Equal(t, tc.code, rec.Code, rec.Body.String())
			var out struct{ Status, Message string }
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out))
			require.Equal(t, "error", out.Status)
			require.Contains(t, out.Message, tc.names)
		})
	}
	// At the limits the requests are served.
	rec := do(t, h, "POST", "/reconcile/", "application/x-www-form-urlencoded",
		form("queries", `{"a":{"query":"Heimatmuseum","limit":7},"b":{"query":"`+long[:20]+`"},"c":{"query":"x"}}`))
	require.Equal(t, 200, rec.Code, rec.Body.String())
	rec = do(t, h, "POST", "/reconcile/extend", "application/json", `{"ids":["a","b","c"],"properties":[{"id":"isil"},{"id":"qid"}]}`)
	require.Equal(t, 200, rec.Code, rec.Body.String())
	// The manifest advertises the batch size.
	rec = do(t, h, "GET", "/reconcile/", "", "")
	require.Contains(t, rec.Body.String(), `"batchSize":3`)
}

// TestLimitsDefaults: the default extension limit refuses the 1,000 ids ×
// 30,000 properties request that once built a response of hundreds of MB.
func TestLimitsDefaults(t *testing.T) {
	f := testFixture(t)
	h := mount(f.h)
	var b strings.Builder
	b.WriteString(`{"ids":[`)
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"id%d"`, i)
	}
	b.WriteString(`],"properties":[`)
	for i := range 300 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"p%d"}`, i)
	}
	b.WriteString(`]}`)
	rec := do(t, h, "POST", "/reconcile/extend", "application/json", b.String())
	require.Equal(t, 413, rec.Code, rec.Body.String())
	require.Contains(t, rec.Body.String(), "max_extend_cells")
}

// TestManifestIgnoresForwardedHostUnlessTrusted: a client cannot make the
// manifest's URLs point at another host.
func TestManifestIgnoresForwardedHostUnlessTrusted(t *testing.T) {
	f := testFixture(t)
	get := func(h *Handler) string {
		req := httptest.NewRequest("GET", "/reconcile/", nil)
		req.Host = "real.example"
		req.Header.Set("X-Forwarded-Host", "evil.example")
		req.Header.Set("X-Forwarded-Proto", "https")
		rec := httptest.NewRecorder()
		mount(h).ServeHTTP(rec, req)
		require.Equal(t, 200, rec.Code)
		return rec.Body.String()
	}
	body := get(f.h)
	require.NotContains(t, body, "evil.example")
	require.Contains(t, body, "http://real.example/reconcile")
	body = get(New(f.ds, f.l, WithTrustedForwarding(true)))
	require.Contains(t, body, "https://evil.example/reconcile")
}

// TestNoBatchAnswerAfterTheDeadline: a batch whose deadline has passed is
// answered 504, not with results.
func TestNoBatchAnswerAfterTheDeadline(t *testing.T) {
	f := testFixture(t)
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	for _, tc := range []struct{ path, ct, body string }{
		{"/reconcile/", "application/x-www-form-urlencoded", url.Values{"queries": {`{"a":{"query":"Heimatmuseum"}}`}}.Encode()},
		{"/reconcile/match", "application/json", `{"queries":[{"conditions":[{"matchType":"name","propertyValue":"Heimatmuseum"}]}]}`},
	} {
		req := httptest.NewRequest("POST", tc.path, strings.NewReader(tc.body)).WithContext(ctx)
		req.Header.Set("Content-Type", tc.ct)
		rec := httptest.NewRecorder()
		mount(f.h).ServeHTTP(rec, req)
		require.Equal(t, http.StatusGatewayTimeout, rec.Code, rec.Body.String())
	}
}
