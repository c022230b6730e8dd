package reconcile

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

type fixtureT struct {
	ds *heritage.Dataset
	l  *linking.Linker
	h  *Handler
}

// testFixture is the bundled dataset, a linker and a handler over it,
// built once per test binary.
var testFixture = testfixture.Shared(func(ds *heritage.Dataset) (*fixtureT, error) {
	l := linking.New(ds, kg.New(ds))
	return &fixtureT{ds, l, New(ds, l)}, nil
})

// mount serves h under /reconcile as the HTTP server does.
func mount(h http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/reconcile/", http.StripPrefix("/reconcile", h))
	return mux
}

// schemas compiles the vendored schemas of one spec version. The files
// declare "$schema": "http://json-schema.org/schema#", which names no
// draft; it is dropped and Draft 7 used, as upstream's ajv run does.
func schemas(t *testing.T, version string) func(name string) *jsonschema.Schema {
	t.Helper()
	dir := filepath.Join("..", "testdata", "reconciliation-spec", version, "schemas")
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	ids := map[string]string{}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		require.NoError(t, err)
		m := doc.(map[string]any)
		delete(m, "$schema")
		id, _ := m["$id"].(string)
		require.NotEmpty(t, id, f)
		require.NoError(t, c.AddResource(id, m))
		ids[filepath.Base(f)] = id
	}
	return func(name string) *jsonschema.Schema {
		id, ok := ids[name]
		require.True(t, ok, name)
		s, err := c.Compile(id)
		require.NoError(t, err, name)
		return s
	}
}

func validate(t *testing.T, s *jsonschema.Schema, body []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	require.NoError(t, err, string(body))
	require.NoError(t, s.Validate(v), string(body))
}

func form(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

// TestConformance hits every endpoint and validates each JSON response
// against the spec's schema for it.
func TestConformance(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f := testFixture(t)
	srv := httptest.NewServer(mount(f.h))
	t.Cleanup(srv.Close)
	s02 := schemas(t, "0.2")
	s10 := schemas(t, "1.0-draft")
	var isilID, isil string
	for _, in := range f.ds.Institutions {
		if in.ISIL != "" && strings.HasPrefix(in.ID, "wd:") {
			isilID, isil = in.ID, in.ISIL
			break
		}
	}
	batch := `{"q0":{"query":"British Museum"},"q1":{"query":"` + isil + `"},` +
		`"q2":{"query":"museum of london","type":"MUSEUM","type_strict":"should","limit":3},` +
		`"q3":{"query":"x","properties":[{"pid":"isil","v":"` + isil + `"}]},` +
		`"q4":{"query":"Heimatmuseum","type":["MUSEUM","LIBRARY"],"type_strict":"any","properties":[{"pid":"city","v":{"id":"x","name":"Berlin"}},{"pid":"country","v":["DE"]}]},` +
		`"q5":{"query":"` + isilID + `","timeout":500},"q6":{"query":"zzzzqqqq"}}`
	ext := `{"ids":["` + isilID + `","nope"],"properties":[{"id":"isil"},{"id":"qid"},{"id":"ghcid"},{"id":"website"},{"id":"city"},{"id":"country"},{"id":"coordinates"},{"id":"type"},{"id":"year_opened"},{"id":"governance"},{"id":"unknown"}]}`
	cases := []struct {
		name, method, path string
		form               url.Values
		json               string
		schema             *jsonschema.Schema
	}{
		{"manifest", "GET", "/reconcile/", nil, "", s02("manifest.json")},
		{"queries GET", "GET", "/reconcile/?" + form("queries", batch).Encode(), nil, "", s02("reconciliation-result-batch.json")},
		{"queries POST form", "POST", "/reconcile/", form("queries", batch), "", s02("reconciliation-result-batch.json")},
		{"queries JSON body", "POST", "/reconcile/", nil, batch, s02("reconciliation-result-batch.json")},
		{"extend POST form", "POST", "/reconcile/", form("extend", ext), "", s02("data-extension-response.json")},
		{"extend GET", "GET", "/reconcile/?" + form("extend", ext).Encode(), nil, "", s02("data-extension-response.json")},
		{"propose", "GET", "/reconcile/extend/propose?type=MUSEUM&limit=5", nil, "", s02("data-extension-property-proposal.json")},
		{"propose no type", "GET", "/reconcile/extend/propose", nil, "", s02("data-extension-property-proposal.json")},
		{"suggest entity", "GET", "/reconcile/suggest/entity?prefix=british", nil, "", s02("suggest-entities-response.json")},
		{"suggest entity cursor", "GET", "/reconcile/suggest/entity?prefix=heimat&cursor=10", nil, "", s02("suggest-entities-response.json")},
		{"suggest entity id", "GET", "/reconcile/suggest/entity?prefix=" + url.QueryEscape(isil), nil, "", s02("suggest-entities-response.json")},
		{"suggest type", "GET", "/reconcile/suggest/type?prefix=mus", nil, "", s02("suggest-types-response.json")},
		{"suggest property", "GET", "/reconcile/suggest/property?prefix=c", nil, "", s02("suggest-properties-response.json")},
		{"match 1.0", "POST", "/reconcile/match", nil, `{"queries":[{"conditions":[{"matchType":"name","propertyValue":"British Museum"}],"type":"MUSEUM","limit":2},{"conditions":[{"matchType":"name","propertyValue":"Heimatmuseum"},{"matchType":"property","propertyId":"city","propertyValue":"Berlin"}]},{"conditions":[{"matchType":"id","propertyValue":"` + isilID + `"}]}]}`, s10("reconciliation-result-batch.json")},
		{"extend 1.0", "POST", "/reconcile/extend", nil, ext, s10("data-extension-response.json")},
		{"suggest entity 1.0", "GET", "/reconcile/suggest/entity?prefix=british&limit=3&offset=1", nil, "", s10("suggest-entities-response.json")},
		{"suggest type 1.0", "GET", "/reconcile/suggest/type?prefix=", nil, "", s10("suggest-types-response.json")},
		{"suggest property 1.0", "GET", "/reconcile/suggest/property?prefix=&limit=3", nil, "", s10("suggest-properties-response.json")},
		{"propose 1.0", "GET", "/reconcile/extend/propose?type=MUSEUM", nil, "", s10("data-extension-property-proposal.json")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var req *http.Request
			var err error
			switch {
			case c.form != nil:
				req, err = http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			case c.json != "":
				req, err = http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.json))
				req.Header.Set("Content-Type", "application/json")
			default:
				req, err = http.NewRequest(c.method, srv.URL+c.path, nil)
			}
			require.NoError(t, err)
			req.Header.Set("Origin", "https://example.org")
			resp, err := srv.Client().Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			require.Equal(t, "*", resp.Header.Get("Access-Control-Allow-Origin"))
			require.Contains(t, resp.Header.Get("Content-Type"), "application/json")
			validate(t, c.schema, body)
		})
	}
}

func TestManifestURLs(t *testing.T) {
	f := testFixture(t)
	srv := httptest.NewServer(mount(f.h))
	t.Cleanup(srv.Close)
	resp, err := http.Get(srv.URL + "/reconcile/")
	require.NoError(t, err)
	defer resp.Body.Close()
	var m Manifest
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&m))
	require.Equal(t, srv.URL+"/reconcile/preview?id={{id}}", m.Preview.URL)
	require.Equal(t, srv.URL+"/reconcile", m.Suggest.Entity.ServiceURL)
	require.Equal(t, "/suggest/entity", m.Suggest.Entity.ServicePath)
	require.Equal(t, srv.URL+"/reconcile", m.Extend.ProposeProperties.ServiceURL)
	require.Contains(t, m.Versions, "0.2")
	var ids []string
	for _, t := range m.DefaultTypes {
		ids = append(ids, t.ID)
	}
	require.Subset(t, ids, []string{"MUSEUM", "ARCHIVE", "LIBRARY"})
	// a fixed base URL wins
	h2 := New(f.ds, f.l, WithBaseURL("https://example.org/reconcile/"))
	rec := httptest.NewRecorder()
	h2.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &m))
	require.Equal(t, "https://example.org/reconcile/preview?id={{id}}", m.Preview.URL)
}
