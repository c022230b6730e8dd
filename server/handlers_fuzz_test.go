package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/hybridrag/hybridrag/reconcile"
)

// fuzzRequests are the requests FuzzServer builds from two strings.
var fuzzRequests = []func(a, b string) *http.Request{
	func(a, b string) *http.Request { return jsonPost("/v1/ask", "application/json", a) },
	func(a, b string) *http.Request {
		body := map[string]any{"question": a, "explain": len(b)%2 == 1}
		if json.Valid([]byte(b)) {
			body["filters"] = json.RawMessage(b)
		} else {
			body["filters"] = b
		}
		enc, _ := json.Marshal(body) // a map of strings, bools and valid JSON
		return jsonPost("/v1/ask", "application/json", string(enc))
	},
	func(a, b string) *http.Request { return jsonPost("/v1/ask", b, a) },
	func(a, b string) *http.Request {
		return httptest.NewRequest(http.MethodGet, "/v1/link?"+url.Values{"q": {a}, "city": {b}, "limit": {b}}.Encode(), nil)
	},
	func(a, b string) *http.Request {
		q := url.Values{"isil": {a}, "qid": {b}, "ghcid": {a}, "country": {b}, "type": {b}, "postcode": {a}}
		return httptest.NewRequest(http.MethodGet, "/v1/link?"+q.Encode(), nil)
	},
	func(a, b string) *http.Request {
		return httptest.NewRequest(http.MethodGet, "/v1/entities/"+url.PathEscape(a), nil)
	},
	func(a, b string) *http.Request {
		methods := []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch}
		r := httptest.NewRequest(methods[len(b)%len(methods)], "/", strings.NewReader(b))
		r.URL.Path = "/v1/" + a
		return r
	},
	func(a, b string) *http.Request {
		return jsonPost("/reconcile/", "application/x-www-form-urlencoded", url.Values{"queries": {a}, "extend": {b}}.Encode())
	},
}

func jsonPost(path, contentType, body string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	r.Header.Set("Content-Type", contentType)
	return r
}

// FuzzServer sends arbitrary questions, bodies, filters, content types,
// link parameters, entity ids, paths and methods, and reconciliation
// batches to the server over the embedded pipeline. No request may give a
// 5xx, and every response is JSON; an error on /v1 is an ErrorBody with a
// code and a message.
func FuzzServer(f *testing.F) {
	for i := range fuzzRequests {
		op := byte(i)
		f.Add(op, "Which museums are part of National Museums Scotland?", `{"country":"GB"}`)
		f.Add(op, `{"question":"Wer betreibt Goddards?","k":3,"budget":500,"no_cache":true}`, "application/json; charset=utf-8")
		f.Add(op, "DE-MUS-117113", "Q42")
	}
	f.Add(byte(0), `{"question":"x","k":-1}`, "")
	f.Add(byte(0), `{"question":"x"} {"question":"y"}`, "")
	f.Add(byte(1), strings.Repeat("museum ", 700), `{"year_opened":{"$gte":"x"}}`)
	f.Add(byte(2), `{"question":"x"}`, "text/plain; charset=\"")
	f.Add(byte(3), "\xff\xfe", "1e9")
	ds, p, l := realPipeline(f)
	s, err := New(Options{
		Asker: p, Records: ds, Linker: l, Reconcile: reconcile.New(ds, l), Registry: prometheus.NewRegistry(),
		// a deadline that a loaded machine cannot reach, so that a 504
		// means a hang
		Timeout: 5 * time.Minute,
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, op byte, a, b string) {
		req := fuzzRequests[int(op)%len(fuzzRequests)](a, b)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		body := rec.Body.Bytes()
		if rec.Code >= 500 {
			t.Fatalf("%s %s: %d %s", req.Method, req.URL, rec.Code, body)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Fatalf("%s %s: %d content type %q: %s", req.Method, req.URL, rec.Code, ct, body)
		}
		if !json.Valid(body) {
			t.Fatalf("%s %s: %d body is not JSON: %s", req.Method, req.URL, rec.Code, body)
		}
		if rec.Code >= 400 && strings.HasPrefix(req.URL.Path, "/v1/") {
			var eb ErrorBody
			if err := json.Unmarshal(body, &eb); err != nil || eb.Error.Code == "" || eb.Error.Message == "" {
				t.Fatalf("%s %s: %d error body %s", req.Method, req.URL, rec.Code, body)
			}
		}
	})
}
