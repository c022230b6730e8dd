package reconcile

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/linking"
)

// recorder logs what a client sends, for the test log.
type recorder struct {
	mu   sync.Mutex
	seen []string
	next http.Handler
}

func (rc *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var b []byte
	if r.Body != nil {
		b, _ = io.ReadAll(io.LimitReader(r.Body, maxBody))
		r.Body = io.NopCloser(bytes.NewReader(b))
	}
	line := fmt.Sprintf("%s %s ct=%q", r.Method, r.URL.RequestURI(), r.Header.Get("Content-Type"))
	if len(b) > 0 {
		body := string(b)
		if v, err := url.ParseQuery(body); err == nil && strings.Contains(r.Header.Get("Content-Type"), "urlencoded") {
			body = ""
			for k := range v {
				body += fmt.Sprintf(" %s=%s", k, v.Get(k))
			}
		}
		if len(body) > 600 {
			body = body[:600] + "…"
		}
		line += " body:" + body
	}
	rc.mu.Lock()
	rc.seen = append(rc.seen, line)
	rc.mu.Unlock()
	rc.next.ServeHTTP(w, r)
}

// TestOpenRefine reconciles a column of institution names in a real
// OpenRefine (scripts/openrefine.sh start) against the service, then
// extends the reconciled column with ISILs.
func TestOpenRefine(t *testing.T) {
	base := os.Getenv("HYBRIDRAG_OPENREFINE_URL")
	if base == "" {
		if os.Getenv("HYBRIDRAG_REQUIRE_OPENREFINE") == "1" {
			t.Fatal("HYBRIDRAG_REQUIRE_OPENREFINE=1 but HYBRIDRAG_OPENREFINE_URL is not set; run scripts/openrefine.sh start")
		}
		t.Skip("HYBRIDRAG_OPENREFINE_URL not set; run scripts/openrefine.sh start")
	}
	base = strings.TrimRight(base, "/")
	f := testFixture(t)
	rec := &recorder{next: mount(f.h)}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: rec, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	service := "http://" + ln.Addr().String() + "/reconcile/"

	// Rows: names the linker resolves with certainty (picked
	// deterministically from the data), one ISIL and one name that
	// matches nothing.
	type row struct{ name, city, want string }
	var rows []row
	for i := 0; i < len(f.ds.Institutions) && len(rows) < 6; i += 997 {
		in := &f.ds.Institutions[i]
		cs, err := f.l.Link(context.Background(), linking.Query{Text: in.Name, City: in.City}, 2)
		require.NoError(t, err)
		if len(cs) > 0 && cs[0].Match && cs[0].ID == in.ID {
			rows = append(rows, row{in.Name, in.City, in.ID})
		}
	}
	require.GreaterOrEqual(t, len(rows), 4)
	for _, in := range f.ds.Institutions {
		if in.ISIL != "" && len(f.ds.Institutions) > 0 && strings.HasPrefix(in.ID, "wd:") {
			rows = append(rows, row{in.ISIL, "", in.ID})
			break
		}
	}
	rows = append(rows, row{"Qwzx Vrpt Nonexistent Collection", "Nowhere", ""})
	var csvBuf bytes.Buffer
	cw := csv.NewWriter(&csvBuf)
	require.NoError(t, cw.Write([]string{"name", "city"}))
	for _, r := range rows {
		require.NoError(t, cw.Write([]string{r.name, r.city}))
	}
	cw.Flush()

	c := &http.Client{Timeout: 60 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	token := func() string {
		var v struct{ Token string }
		getJSON(t, c, base+"/command/core/get-csrf-token", &v)
		require.NotEmpty(t, v.Token)
		return v.Token
	}

	// create the project
	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	fw, err := mw.CreateFormFile("project-file", "institutions.csv")
	require.NoError(t, err)
	_, _ = fw.Write(csvBuf.Bytes())
	_ = mw.WriteField("project-name", "hybridrag-reconcile-test")
	_ = mw.WriteField("format", "text/line-based/*sv")
	_ = mw.WriteField("options", `{"separator":",","headerLines":1,"ignoreLines":-1,"skipDataLines":0,"storeBlankCellsAsNulls":true,"guessCellValueTypes":false,"processQuotes":true,"encoding":"UTF-8"}`)
	require.NoError(t, mw.Close())
	resp, err := c.Post(base+"/command/core/create-project-from-upload?csrf_token="+token(), mw.FormDataContentType(), &mp)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	loc, err := resp.Location()
	require.NoError(t, err, "status %d", resp.StatusCode)
	project := loc.Query().Get("project")
	require.NotEmpty(t, project)
	t.Cleanup(func() {
		_, _ = c.PostForm(base+"/command/core/delete-project?csrf_token="+token(), url.Values{"project": {project}})
	})

	// guess types (OpenRefine samples the column and asks for types)
	var guess struct {
		Code  string
		Types []struct{ ID, Name string }
	}
	postJSON(t, c, base+"/command/core/guess-types-of-column?csrf_token="+token(),
		url.Values{"project": {project}, "columnName": {"name"}, "service": {service}}, &guess)
	require.Equal(t, "ok", guess.Code)
	require.NotEmpty(t, guess.Types)

	// reconcile the name column, with city as a property
	op := []map[string]any{{
		"op": "core/recon", "engineConfig": map[string]any{"facets": []any{}, "mode": "row-based"},
		"columnName": "name",
		"config": map[string]any{
			"mode": "standard-service", "service": service,
			"identifierSpace": DefaultIdentifierSpace, "schemaSpace": DefaultSchemaSpace,
			"type":      map[string]string{"id": "MUSEUM", "name": "Museum"},
			"autoMatch": true, "batchSize": 10,
			"columnDetails": []map[string]string{{"column": "city", "propertyName": "City", "propertyID": "city"}},
			"limit":         0,
		},
		"description": "Reconcile name",
	}}
	applyOps(t, c, base, token(), project, op)
	waitIdle(t, c, base, project)

	// extend with ISIL and country
	ext := []map[string]any{{
		"op": "core/extend-reconciled-data", "engineConfig": map[string]any{"facets": []any{}, "mode": "row-based"},
		"baseColumnName": "name", "endpoint": service,
		"identifierSpace": DefaultIdentifierSpace, "schemaSpace": DefaultSchemaSpace,
		"extension":         map[string]any{"properties": []map[string]string{{"id": "country", "name": "Country"}, {"id": "type", "name": "Institution type"}}},
		"columnInsertIndex": 1, "description": "Extend",
	}}
	applyOps(t, c, base, token(), project, ext)
	waitIdle(t, c, base, project)

	type recon struct {
		J string `json:"j"`
		M *struct {
			ID    string  `json:"id"`
			Score float64 `json:"score"`
		} `json:"m"`
	}
	var got struct {
		Rows []struct {
			Cells []*struct {
				V any    `json:"v"`
				R string `json:"r"` // key into pool.recons (OpenRefine 3.6)
			} `json:"cells"`
		} `json:"rows"`
		Pool struct {
			Recons map[string]recon `json:"recons"`
		} `json:"pool"`
	}
	postJSON(t, c, base+"/command/core/get-rows?project="+project+"&start=0&limit=100&csrf_token="+token(), url.Values{}, &got)
	require.Len(t, got.Rows, len(rows))
	for i, r := range rows {
		cell := got.Rows[i].Cells[0]
		require.NotNil(t, cell, "row %d", i)
		rc, ok := got.Pool.Recons[cell.R]
		require.True(t, ok, "row %d (%s) was not reconciled", i, r.name)
		if r.want == "" {
			require.NotEqual(t, "matched", rc.J, "row %d (%s)", i, r.name)
			continue
		}
		require.Equal(t, "matched", rc.J, "row %d (%s)", i, r.name)
		require.NotNil(t, rc.M)
		require.Equal(t, r.want, rc.M.ID, "row %d (%s)", i, r.name)
		// the extension added country and type columns after the name
		require.GreaterOrEqual(t, len(got.Rows[i].Cells), 3)
		in, _ := f.ds.Get(r.want)
		var vals []string
		for _, cl := range got.Rows[i].Cells {
			if cl != nil {
				vals = append(vals, fmt.Sprint(cl.V))
			}
		}
		require.Contains(t, vals, in.Country, "row %d", i)
		require.Contains(t, vals, in.Type, "row %d", i)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	for _, s := range rec.seen {
		t.Log("OpenRefine sent: " + s)
	}
}

func getJSON(t *testing.T, c *http.Client, u string, v any) {
	t.Helper()
	resp, err := c.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
	require.NoError(t, json.Unmarshal(b, v), string(b))
}

func postJSON(t *testing.T, c *http.Client, u string, form url.Values, v any) {
	t.Helper()
	resp, err := c.PostForm(u, form)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
	require.NoError(t, json.Unmarshal(b, v), string(b))
}

func applyOps(t *testing.T, c *http.Client, base, token, project string, ops any) {
	t.Helper()
	b, err := json.Marshal(ops)
	require.NoError(t, err)
	var res struct{ Code, Message string }
	postJSON(t, c, base+"/command/core/apply-operations?csrf_token="+token,
		url.Values{"project": {project}, "operations": {string(b)}}, &res)
	require.NotEqual(t, "error", res.Code, res.Message)
}

func waitIdle(t *testing.T, c *http.Client, base, project string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		var ps struct {
			Processes []struct {
				Status   string
				Progress int
			}
		}
		getJSON(t, c, base+"/command/core/get-processes?project="+project, &ps)
		if len(ps.Processes) == 0 {
			return
		}
		require.True(t, time.Now().Before(deadline), "OpenRefine processes still running: %+v", ps.Processes)
		time.Sleep(200 * time.Millisecond)
	}
}
