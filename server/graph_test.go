package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/enrich"
	"github.com/hybridrag/hybridrag/kg"
)

// graphServer serves the real pipeline with the in-memory graph and the
// enrich row linker.
func graphServer(t *testing.T, edit func(*Options)) (string, *kg.Graph) {
	ds, _, l := realPipeline(t)
	g := kg.New(ds)
	rows, err := enrich.NewRowLinker(ds, l)
	require.NoError(t, err)
	ts, _ := newTestServer(t, func(o *Options) {
		// These tests are not about deadlines: a generous one keeps them
		// passing on a loaded machine under the race detector.
		o.Timeout = time.Minute
		o.Graph, o.RowLinker = g.Walker(), rows
		if edit != nil {
			edit(o)
		}
	})
	return ts.URL, g
}

func TestNeighbours(t *testing.T) {
	base, g := graphServer(t, nil)
	id := "mm:mm.domus.SC277" // National Museum of Scotland
	r := do(t, "GET", base+"/v1/entities/"+id+"/neighbours", "")
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	var got GraphResponse
	require.NoError(t, json.Unmarshal(r.body, &got))
	require.Equal(t, g.Neighbourhood(id, 1, nil), got.Edges)
	require.Equal(t, id, got.Nodes[0].ID, "the start comes first")
	labels := map[string]string{}
	for _, n := range got.Nodes {
		labels[n.ID] = n.Label
	}
	for _, e := range got.Edges {
		require.Contains(t, labels, e.From)
		require.Contains(t, labels, e.To)
	}
	require.Contains(t, labels, "body:national museums scotland")

	// A place node, URL-escaped, two hops, one relation, a limit.
	place := "place:city:GB/Edinburgh"
	r = do(t, "GET", base+"/v1/entities/"+url.PathEscape(place)+"/neighbours?depth=2&relation=in_place&limit=5", "")
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	got = GraphResponse{}
	require.NoError(t, json.Unmarshal(r.body, &got))
	require.Len(t, got.Edges, 5)
	require.True(t, got.Truncated)
	require.Equal(t, g.Neighbourhood(place, 2, []string{"in_place"})[:5], got.Edges)

	for _, q := range []string{"depth=0", "depth=4", "limit=0", "limit=x"} {
		r = do(t, "GET", base+"/v1/entities/"+id+"/neighbours?"+q, "")
		require.Equal(t, http.StatusBadRequest, r.status, q)
		require.Equal(t, CodeBadParameter, errCode(t, r), q)
	}
	r = do(t, "GET", base+"/v1/entities/no:such/neighbours", "")
	require.Equal(t, http.StatusNotFound, r.status)
}

func TestPath(t *testing.T) {
	base, g := graphServer(t, nil)
	from, to := "mm:mm.domus.SC277", "mm:mm.domus.SC038"
	r := do(t, "GET", base+"/v1/path?from="+from+"&to="+to, "")
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	var got GraphResponse
	require.NoError(t, json.Unmarshal(r.body, &got))
	require.True(t, got.Found)
	want := g.ShortestPath(from, to)
	require.NotEmpty(t, want)
	require.Equal(t, want, got.Edges)
	require.Len(t, got.Nodes, len(want)+1, "a path's nodes are its edges plus one")

	r = do(t, "GET", base+"/v1/path?from="+from+"&to="+from, "")
	require.Equal(t, http.StatusOK, r.status)
	got = GraphResponse{}
	require.NoError(t, json.Unmarshal(r.body, &got))
	require.True(t, got.Found)
	require.Empty(t, got.Edges)

	r = do(t, "GET", base+"/v1/path?from="+from+"&to=no:such", "")
	require.Equal(t, http.StatusNotFound, r.status)
	r = do(t, "GET", base+"/v1/path?from="+from, "")
	require.Equal(t, http.StatusBadRequest, r.status)
}

func TestGraphRoutesNeedGraphAndKey(t *testing.T) {
	base, _ := graphServer(t, func(o *Options) { o.Graph, o.RowLinker = nil, nil })
	for _, p := range []string{"/v1/entities/mm:mm.domus.SC277/neighbours", "/v1/path?from=a&to=b"} {
		r := do(t, "GET", base+p, "")
		require.Equal(t, http.StatusNotImplemented, r.status, p)
	}
	base, _ = graphServer(t, func(o *Options) { o.APIKey = "k" })
	for _, p := range []string{"/v1/entities/mm:mm.domus.SC277/neighbours", "/v1/path?from=mm:mm.domus.SC277&to=mm:mm.domus.SC038"} {
		require.Equal(t, http.StatusUnauthorized, do(t, "GET", base+p, "").status, p)
		require.Equal(t, http.StatusOK, do(t, "GET", base+p, "", "X-API-Key", "k").status, p)
	}
	r := do(t, "POST", base+"/v1/enrich", `{"columns":["name"],"rows":[]}`)
	require.Equal(t, http.StatusUnauthorized, r.status)
	// The page itself is open; the data it shows is not.
	r = do(t, "GET", base+"/", "")
	require.Equal(t, http.StatusOK, r.status)
	require.Contains(t, r.header.Get("Content-Type"), "text/html")
	require.Contains(t, r.header.Get("Content-Security-Policy"), "default-src 'none'")
	require.Contains(t, string(r.body), `src="/assets/app.js"`)
	for _, a := range []string{"app.js", "app.css", "quality.json"} {
		require.Equal(t, http.StatusOK, do(t, "GET", base+"/assets/"+a, "").status, a)
	}
	require.Equal(t, http.StatusNotFound, do(t, "GET", base+"/assets/nothing.js", "").status)
}

func TestEnrichRows(t *testing.T) {
	base, _ := graphServer(t, nil)
	r := do(t, "POST", base+"/v1/enrich", `{"columns":["Naam","Plaats","isil"],"rows":[]}`)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	var got EnrichResponse
	require.NoError(t, json.Unmarshal(r.body, &got))
	require.Equal(t, enrich.Mapping{Name: "Naam", City: "Plaats", ISIL: "isil"}, got.Mapping, "guessed from the header")
	require.Empty(t, got.Results)

	body := `{"columns":["name","city"],"mapping":{"city":"-"},"first_row":7,"rows":[["Goddards","York"],["Heimatstube im Elbtor",""],["",""]]}`
	r = do(t, "POST", base+"/v1/enrich", body)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	got = EnrichResponse{}
	require.NoError(t, json.Unmarshal(r.body, &got))
	require.Empty(t, got.Mapping.City, "- turns the guess off")
	require.Len(t, got.Results, 3)
	require.Equal(t, 7, got.Results[0].Row)
	require.Equal(t, enrich.StatusMatched, got.Results[0].Status)
	require.Equal(t, "Goddards", got.Results[0].Match.Name)
	require.Equal(t, enrich.StatusError, got.Results[2].Status)

	for _, b := range []string{`{"columns":[],"rows":[]}`, `{"columns":["x"],"rows":[]}`, `{"columns":["name"],"mapping":{"name":"nope"},"rows":[]}`,
		`{"columns":["name"],"rows":[` + strings.Repeat(`["a"],`, MaxEnrichRows) + `["a"]]}`} {
		r = do(t, "POST", base+"/v1/enrich", b)
		require.Equal(t, http.StatusBadRequest, r.status, "%.80s: %s", b, r.body)
	}
}

func TestAskWithoutField(t *testing.T) {
	base, _ := graphServer(t, nil)
	r := do(t, "POST", base+"/v1/ask", `{"question":"Which accredited museums are in Rye?","without":["place:Rye"]}`)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	var resp struct {
		Plan struct {
			Constraints struct {
				Places []any `json:"places"`
			} `json:"constraints"`
		} `json:"plan"`
	}
	require.NoError(t, json.Unmarshal(r.body, &resp))
	require.Empty(t, resp.Plan.Constraints.Places)
	r = do(t, "POST", base+"/v1/ask", `{"question":"Which accredited museums are in Rye?","without":["colour:red"]}`)
	require.Equal(t, http.StatusBadRequest, r.status)
}

// A /v1/enrich body of the wrong shape is told what is wrong and the
// shape to send.
func TestEnrichBodyShape(t *testing.T) {
	base, _ := graphServer(t, nil)
	for _, c := range []struct{ body, code, why string }{
		{`{"rows":[{"name":"Goddards","city":"York"}]}`, CodeInvalidJSON, "each row must be an array of strings, one per column, not object"},
		{`{"columns":["name"],"rows":{"name":"Goddards"}}`, CodeInvalidJSON, "rows must be an array of rows, not object"},
		{`{"columns":["name","year"],"rows":[["Goddards",1920]]}`, CodeInvalidJSON, "each value in a row must be a string, not number"},
		{`{"columns":"name,city","rows":[]}`, CodeInvalidJSON, "columns must be an array of column names, not string"},
		{`{"columns":["name"],"mapping":"name","rows":[]}`, CodeInvalidJSON, "mapping must be an object"},
		{`{"columns":["name"],"first_row":"7","rows":[]}`, CodeInvalidJSON, "first_row must be a number, not string"},
		{`[["Goddards","York"]]`, CodeInvalidJSON, "the body must be a JSON object, not array"},
		{`{"data":[["Goddards"]]}`, CodeUnknownField, `unknown field "data"`},
		{`{"rows":[["Goddards"]]}`, CodeBadParameter, "columns: give the table's column names"},
	} {
		r := do(t, "POST", base+"/v1/enrich", c.body)
		require.Equal(t, http.StatusBadRequest, r.status, "%s: %s", c.body, r.body)
		var e ErrorBody
		require.NoError(t, json.Unmarshal(r.body, &e), c.body)
		require.Equal(t, c.code, e.Error.Code, c.body)
		require.Contains(t, e.Error.Message, c.why, c.body)
		require.Contains(t, e.Error.Message, `send {"columns": ["name", "city"], "rows": [[`, "%s: the expected shape", c.body)
	}
	// Syntax errors are reported where they are, as on every route.
	r := do(t, "POST", base+"/v1/enrich", `{"columns": [`)
	require.Equal(t, http.StatusBadRequest, r.status)
	require.Equal(t, CodeInvalidJSON, errCode(t, r))
}
