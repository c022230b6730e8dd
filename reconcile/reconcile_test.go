package reconcile

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/linking"
)

func do(t testing.TB, h http.Handler, method, target, ct, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestReconcileBehaviour(t *testing.T) {
	f := testFixture(t)
	h := mount(f.h)
	var isilID, isil string
	for _, in := range f.ds.Institutions {
		if isil == "" && in.ISIL != "" && in.TypeCode == "M" {
			isilID, isil = in.ID, in.ISIL
		}
	}
	run := func(batch string) map[string]Result {
		rec := do(t, h, "POST", "/reconcile/", "application/x-www-form-urlencoded", url.Values{"queries": {batch}}.Encode())
		require.Equal(t, 200, rec.Code, rec.Body.String())
		var out map[string]Result
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out))
		return out
	}
	out := run(fmt.Sprintf(`{"a":{"query":%q},"b":{"query":%q},"c":{"query":"","properties":[{"pid":"P791","v":%q}]},"d":{"query":%q,"type":"LIBRARY","type_strict":"all"},"e":{"query":"Heimatmuseum","limit":2},"f":{"query":"Q12x"}}`,
		isil, isilID, isil, isil))
	require.Len(t, out, 6)
	for _, k := range []string{"a", "b", "c"} {
		require.NotEmpty(t, out[k].Result, k)
		require.Equal(t, isilID, out[k].Result[0].ID, k)
		require.True(t, out[k].Result[0].Match, k)
		require.Equal(t, 100.0, out[k].Result[0].Score, "a unique identifier is certain, shown as 100")
		require.Equal(t, "MUSEUM", out[k].Result[0].Type[0].ID)
	}
	require.Empty(t, out["d"].Result, "type_strict all filters out a museum when a library is asked for")
	require.Len(t, out["e"].Result, 2)
	require.False(t, out["e"].Result[0].Match, "a generic name is not a sure match")
	require.Empty(t, out["f"].Result)
	for i := 1; i < len(out["e"].Result); i++ {
		require.GreaterOrEqual(t, out["e"].Result[i-1].Score, out["e"].Result[i].Score)
	}
	for _, c := range out["e"].Result {
		// the linker's probability, shown as 0–100: a generic name is far from sure
		require.Less(t, c.Score, 50.0)
		require.GreaterOrEqual(t, c.Score, 0.0)
	}
	// a JSON body carrying the batch as an object or as a string
	for _, body := range []string{
		`{"queries":{"x":{"query":"` + isil + `"}}}`,
		`{"queries":"{\"x\":{\"query\":\"` + isil + `\"}}"}`,
	} {
		rec := do(t, h, "POST", "/reconcile/", "application/json", body)
		require.Equal(t, 200, rec.Code, rec.Body.String())
		var res map[string]Result
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &res))
		require.Equal(t, isilID, res["x"].Result[0].ID, body)
	}
}

func TestErrorsCORSAndJSONP(t *testing.T) {
	f := testFixture(t)
	h := mount(New(f.ds, f.l, WithBatchSize(2)))
	// preflight
	req := httptest.NewRequest("OPTIONS", "/reconcile/suggest/entity", nil)
	req.Header.Set("Origin", "https://example.org")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.Equal(t, http.StatusNoContent, rec.Code)
	require.Equal(t, "*", rec.Header().Get("Access-Control-Allow-Origin"))
	require.Contains(t, rec.Header().Get("Access-Control-Allow-Methods"), "POST")
	require.Equal(t, "content-type", rec.Header().Get("Access-Control-Allow-Headers"))

	rec = do(t, h, "POST", "/reconcile/", "application/x-www-form-urlencoded", "queries=%7Bnot+json")
	require.Equal(t, http.StatusBadRequest, rec.Code)
	require.Equal(t, "*", rec.Header().Get("Access-Control-Allow-Origin"))
	rec = do(t, h, "POST", "/reconcile/", "application/x-www-form-urlencoded", url.Values{"queries": {`{"a":{"query":"x"},"b":{"query":"y"},"c":{"query":"z"}}`}}.Encode())
	require.Equal(t, http.StatusRequestEntityTooLarge, rec.Code)
	rec = do(t, h, "GET", "/reconcile/nope", "", "")
	require.Equal(t, http.StatusNotFound, rec.Code)
	rec = do(t, h, "GET", "/reconcile/match", "", "")
	require.Equal(t, http.StatusMethodNotAllowed, rec.Code)

	// JSONP on GET; an unsafe callback name is ignored
	rec = do(t, h, "GET", "/reconcile/?callback=jsonp123", "", "")
	require.Equal(t, 200, rec.Code)
	require.True(t, strings.HasPrefix(rec.Body.String(), "/**/jsonp123({"), rec.Body.String())
	require.Contains(t, rec.Header().Get("Content-Type"), "javascript")
	rec = do(t, h, "GET", "/reconcile/?callback="+url.QueryEscape("alert(1)//"), "", "")
	require.True(t, strings.HasPrefix(rec.Body.String(), "{"))
}

func TestPreviewEscapes(t *testing.T) {
	f := testFixture(t)
	h := mount(f.h)
	rec := do(t, h, "GET", "/reconcile/preview?id="+url.QueryEscape(`<script>alert("x")</script>`), "", "")
	require.Equal(t, http.StatusNotFound, rec.Code)
	require.NotContains(t, rec.Body.String(), "<script>")
	require.Contains(t, rec.Body.String(), "&lt;script&gt;")
	// a record whose name needs escaping
	for _, in := range f.ds.Institutions {
		if strings.Contains(in.Name, "&") {
			rec = do(t, h, "GET", "/reconcile/preview?id="+url.QueryEscape(in.ID), "", "")
			require.Equal(t, 200, rec.Code)
			require.Contains(t, rec.Header().Get("Content-Type"), "text/html")
			require.Contains(t, rec.Body.String(), strings.ReplaceAll(in.Name, "&", "&amp;"))
			require.Contains(t, rec.Body.String(), in.ID)
			return
		}
	}
	t.Fatal("no name with & in the data")
}

// Only an http(s) website becomes a link in the preview; any other URL a
// record carries is shown as text.
func TestPreviewLinksOnlyWebURLs(t *testing.T) {
	f := testFixture(t)
	websites := []string{"https://example.org/museum", "HTTP://EXAMPLE.ORG/", "javascript:alert(1)", " JavaScript:alert(2)",
		"data:text/html,<script>alert(3)</script>", "//evil.example/", "https:/no-host", "vbscript:msgbox(4)"}
	recs := make([]heritage.Institution, len(websites))
	for i, w := range websites {
		recs[i] = f.ds.Institutions[i]
		recs[i].SetText(heritage.FieldWebsite, w)
	}
	ds, err := heritage.FromRecords(recs, "test")
	require.NoError(t, err)
	h := mount(New(ds, linking.New(ds, kg.New(ds))))
	for i, w := range websites {
		rec := do(t, h, "GET", "/reconcile/preview?id="+url.QueryEscape(recs[i].ID), "", "")
		require.Equal(t, http.StatusOK, rec.Code, w)
		body := rec.Body.String()
		hrefs := regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(body, -1)
		if i < 2 {
			require.Len(t, hrefs, 1, "%s becomes a link: %s", w, body)
			require.Equal(t, w, hrefs[0][1])
			continue
		}
		require.Empty(t, hrefs, "%s must not become a link: %s", w, body)
		require.Contains(t, body, template.HTMLEscapeString(strings.TrimSpace(w)), "it is shown as text")
	}
}

func TestSuggest(t *testing.T) {
	f := testFixture(t)
	h := mount(f.h)
	get := func(target string) []SuggestItem {
		rec := do(t, h, "GET", target, "", "")
		require.Equal(t, 200, rec.Code)
		var out suggestResponse
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out))
		return out.Result
	}
	in := f.ds.Institutions[len(f.ds.Institutions)/2]
	r := get("/reconcile/suggest/entity?prefix=" + url.QueryEscape(in.ID))
	require.Equal(t, in.ID, r[0].ID)
	r = get("/reconcile/suggest/entity?prefix=" + url.QueryEscape(in.Name))
	ids := []string{}
	for _, x := range r {
		ids = append(ids, x.ID)
	}
	require.Contains(t, ids, in.ID)
	p1 := get("/reconcile/suggest/entity?prefix=museum")
	p2 := get("/reconcile/suggest/entity?prefix=museum&cursor=5")
	require.Len(t, p1, 10)
	require.Equal(t, p1[5].ID, p2[0].ID, "cursor skips")
	ty := get("/reconcile/suggest/type?prefix=arch")
	require.Equal(t, "ARCHIVE", ty[0].ID)
	pr := get("/reconcile/suggest/property?prefix=isi")
	require.Equal(t, "isil", pr[0].ID)
}

func TestExtendValues(t *testing.T) {
	f := testFixture(t)
	h := mount(f.h)
	var id string
	for _, in := range f.ds.Institutions {
		if in.YearOpened() != "" && in.Lat != nil {
			a, b, _ := strings.Cut(in.YearOpened(), ":")
			if a == b {
				id = in.ID
				break
			}
		}
	}
	in, _ := f.ds.Get(id)
	body := url.Values{"extend": {`{"ids":["` + id + `"],"properties":[{"id":"year_opened"},{"id":"coordinates"},{"id":"country"}]}`}}.Encode()
	rec := do(t, h, "POST", "/reconcile/", "application/x-www-form-urlencoded", body)
	require.Equal(t, 200, rec.Code, rec.Body.String())
	var out struct {
		Rows map[string]map[string][]map[string]any
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out))
	y, _, _ := strings.Cut(in.YearOpened(), ":")
	require.Equal(t, y, fmt.Sprint(out.Rows[id]["year_opened"][0]["int"]))
	require.Equal(t, in.Country, out.Rows[id]["country"][0]["str"])
	require.Contains(t, out.Rows[id]["coordinates"][0]["str"], ",")
}

// BenchmarkBatch50 posts a 0.2 batch of 50 name queries (with city hints
// on every other one), as OpenRefine does.
func BenchmarkBatch50(b *testing.B) {
	f := testFixture(b)
	h := mount(f.h)
	var batches []string
	for start := 0; start+50*13 < len(f.ds.Institutions); start += 50 * 13 {
		qs := map[string]map[string]any{}
		for k := 0; k < 50; k++ {
			in := f.ds.Institutions[start+k*13]
			q := map[string]any{"query": strings.ToLower(in.Name), "type": "MUSEUM", "type_strict": "should"}
			if k%2 == 1 && in.City != "" {
				q["properties"] = []map[string]string{{"pid": "city", "v": in.City}}
			}
			qs[fmt.Sprintf("q%d", k)] = q
		}
		js, _ := json.Marshal(qs)
		batches = append(batches, url.Values{"queries": {string(js)}}.Encode())
	}
	durs := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		rec := do(b, h, "POST", "/reconcile/", "application/x-www-form-urlencoded", batches[i%len(batches)])
		durs = append(durs, time.Since(t0))
		if rec.Code != 200 {
			b.Fatal(rec.Body.String())
		}
	}
	slices.Sort(durs)
	b.ReportMetric(float64(durs[len(durs)*95/100].Microseconds())/1000, "p95-ms")
}
