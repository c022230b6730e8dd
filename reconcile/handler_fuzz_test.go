package reconcile

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// reconcileRequests are the requests FuzzHandler builds from a payload p,
// a number n and a JSONP callback cb.
var reconcileRequests = []func(p, n, cb string) *http.Request{
	func(p, n, cb string) *http.Request {
		return get("/reconcile/", url.Values{"queries": {p}, "callback": {cb}})
	},
	func(p, n, cb string) *http.Request {
		return post("/reconcile/", "application/x-www-form-urlencoded", url.Values{"queries": {p}}.Encode())
	},
	func(p, n, cb string) *http.Request { return post("/reconcile/", "application/json", p) },
	func(p, n, cb string) *http.Request {
		return get("/reconcile/", url.Values{"extend": {p}, "callback": {cb}})
	},
	func(p, n, cb string) *http.Request { return post("/reconcile/match", "application/json", p) },
	func(p, n, cb string) *http.Request {
		return post("/reconcile/match", "application/x-www-form-urlencoded", url.Values{"queries": {p}}.Encode())
	},
	func(p, n, cb string) *http.Request { return post("/reconcile/extend", "application/json", p) },
	func(p, n, cb string) *http.Request {
		return get("/reconcile/suggest/entity", url.Values{"prefix": {p}, "cursor": {n}, "limit": {n}, "callback": {cb}})
	},
	func(p, n, cb string) *http.Request {
		return get("/reconcile/suggest/type", url.Values{"prefix": {p}, "offset": {n}, "callback": {cb}})
	},
	func(p, n, cb string) *http.Request {
		return get("/reconcile/suggest/property", url.Values{"prefix": {p}, "start": {n}, "callback": {cb}})
	},
	func(p, n, cb string) *http.Request {
		return get("/reconcile/extend/propose", url.Values{"type": {p}, "limit": {n}, "callback": {cb}})
	},
	func(p, n, cb string) *http.Request { return get("/reconcile/", url.Values{"callback": {cb}}) },
}

func get(path string, q url.Values) *http.Request {
	return httptest.NewRequest(http.MethodGet, path+"?"+q.Encode(), nil)
}

func post(path, contentType, body string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	r.Header.Set("Content-Type", contentType)
	return r
}

// safeCallback is what a JSONP callback may be: a JavaScript identifier
// path, nothing that could close the call or start markup.
var safeCallback = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$.]*$`)

// maxFuzzPayload bounds the payload; the handler reads bodies up to 2 MiB,
// which the fuzzer never needs to reach.
const maxFuzzPayload = 4096

// FuzzHandler sends arbitrary batches, extension queries, suggest
// prefixes, paging numbers and JSONP callbacks to every route. No request
// may fail with a 5xx; errors are JSON {"status": "error", ...}; every body
// is JSON, or, for a GET with a valid callback, that JSON wrapped as
// /**/cb(...); where cb is echoed only when it is a safe identifier.
func FuzzHandler(f *testing.F) {
	for i := range reconcileRequests {
		op := byte(i)
		f.Add(op, `{"q0":{"query":"British Museum","limit":3}}`, "2", "cb")
		f.Add(op, `{"queries":[{"conditions":[{"matchType":"name","propertyValue":"Goddards"}]}]}`, "0", "")
		f.Add(op, `{"ids":["nope"],"properties":[{"id":"isil"},{"id":"city","settings":{"limit":1}}]}`, "-1", "a.b$_1")
	}
	f.Add(byte(0), `{"a":{"query":"Q12x","type":["MUSEUM",1],"properties":[{"pid":"P791","v":{"id":1}}]}}`, "x", "alert(1)//")
	f.Add(byte(7), "Heimat", "2147483647", "</script><script>")
	f.Add(byte(2), `{"queries":"{\"q\":{\"query\":\"x\",\"limit\":\"1e9\"}}"}`, "", "")
	h := mount(testFixture(f).h)
	f.Fuzz(func(t *testing.T, op byte, payload, n, cb string) {
		if len(payload) > maxFuzzPayload {
			payload = payload[:maxFuzzPayload]
		}
		req := reconcileRequests[int(op)%len(reconcileRequests)](payload, n, cb)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.Bytes()
		if rec.Code >= 500 {
			t.Fatalf("%s %s: %d %s", req.Method, req.URL, rec.Code, body)
		}
		if js, ok := bytes.CutPrefix(body, []byte("/**/")); ok {
			name, inner, ok := strings.Cut(string(js), "(")
			if req.Method != http.MethodGet || name != cb || !safeCallback.MatchString(name) || !ok ||
				!strings.HasSuffix(inner, ");") {
				t.Fatalf("%s %s: JSONP body %q for callback %q", req.Method, req.URL, body, cb)
			}
			body = []byte(strings.TrimSuffix(inner, ");"))
		} else if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Fatalf("%s %s: content type %q", req.Method, req.URL, ct)
		}
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatalf("%s %s: %d body is not JSON: %v\n%s", req.Method, req.URL, rec.Code, err, body)
		}
		if rec.Code != http.StatusOK {
			if m, _ := v.(map[string]any); m["status"] != "error" || m["message"] == "" {
				t.Fatalf("%s %s: %d body %s", req.Method, req.URL, rec.Code, body)
			}
		}
	})
}
