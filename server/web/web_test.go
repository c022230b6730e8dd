package web

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The page stays small and loads nothing from elsewhere.
func TestFilesAreSmallAndLocal(t *testing.T) {
	total := 0
	external := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:)?//`)
	imports := regexp.MustCompile(`(?i)(@import|url\(\s*["']?(https?:)?//|fetch\(\s*["']https?:)`)
	err := fs.WalkDir(Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Files(), path)
		if err != nil {
			return err
		}
		total += len(b)
		if strings.HasSuffix(path, ".html") || strings.HasSuffix(path, ".css") {
			require.NotRegexp(t, external, string(b), "%s loads something from another host", path)
		}
		require.NotRegexp(t, imports, string(b), "%s loads something from another host", path)
		return nil
	})
	require.NoError(t, err)
	require.Less(t, total, 300<<10, "the page's files weigh %d bytes", total)
}

func TestHandlers(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", Page())
	mux.Handle("GET /assets/{file}", Assets())
	for path, ctype := range map[string]string{"/": "text/html", "/assets/app.js": "javascript", "/assets/app.css": "text/css", "/assets/quality.json": "application/json"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		require.Equal(t, http.StatusOK, rec.Code, path)
		require.Contains(t, rec.Header().Get("Content-Type"), ctype, path)
		require.Contains(t, rec.Header().Get("Content-Security-Policy"), "connect-src 'self'", path)
	}
	for _, path := range []string{"/assets/missing.js", "/assets/..%2Fweb.go", "/assets/%2E"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		require.Contains(t, []int{http.StatusBadRequest, http.StatusNotFound}, rec.Code, path)
	}
}

// quality.json holds the figures docs/quality.md reports; a change to one
// without the other fails here.
func TestQualityMatchesDocs(t *testing.T) {
	b, err := fs.ReadFile(Files(), "quality.json")
	require.NoError(t, err)
	var q struct {
		SummaryColumns []string `json:"summary_columns"`
		Runs           []struct {
			Embedder string `json:"embedder"`
			Summary  []struct {
				Config string   `json:"config"`
				Values []string `json:"values"`
			} `json:"summary"`
			Recall struct {
				Intents []string    `json:"intents"`
				Configs []string    `json:"configs"`
				Values  [][]float64 `json:"values"`
			} `json:"recall_at_10"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal(b, &q))
	doc, err := os.ReadFile("../../docs/quality.md")
	require.NoError(t, err)
	md := string(doc)
	require.Len(t, q.Runs, 2)
	for i, heading := range []string{"### Hashing embedder", "### MiniLM embedder"} {
		run := q.Runs[i]
		at := strings.Index(md, heading)
		require.GreaterOrEqual(t, at, 0, heading)
		block := md[at:]
		block = block[:strings.Index(block, "Recall@10 by intent")+2000]
		for _, s := range run.Summary {
			row := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(s.Config) + `\s+(.*)$`).FindStringSubmatch(block)
			require.NotNil(t, row, "%s: %s", heading, s.Config)
			require.Equal(t, s.Values, strings.Fields(row[1]), "%s: %s", heading, s.Config)
		}
		table := block[strings.Index(block, "Recall@10 by intent"):]
		for j, intent := range run.Recall.Intents {
			row := regexp.MustCompile(`(?m)^` + intent + `\s+\d+\s+(.*)$`).FindStringSubmatch(table)
			require.NotNil(t, row, "%s: %s", heading, intent)
			got := strings.Fields(row[1])[:len(run.Recall.Configs)]
			for k, v := range run.Recall.Values[j] {
				require.Equal(t, got[k], strconv.FormatFloat(v, 'f', 3, 64), "%s: %s, %s", heading, intent, run.Recall.Configs[k])
			}
		}
	}
}

// A URL from the data becomes a link only through outLink, which keeps
// only http(s) URLs: every other href the script writes is a route of
// the page itself ("#/…"). A record whose website is "javascript:…"
// must not become a link (the browser test renders one).
func TestDataURLsBecomeLinksOnlyThroughOutLink(t *testing.T) {
	b, err := fs.ReadFile(Files(), "app.js")
	require.NoError(t, err)
	js := string(b)
	def := regexp.MustCompile(`const webURL = /\^https\?:\\/\\/[^;]*/i;`)
	require.True(t, def.MatchString(js), "outLink's pattern admits http(s) URLs only")
	inOutLink := regexp.MustCompile(`(?s)const outLink = .*?\n};\n`).FindStringIndex(js)
	require.NotNil(t, inOutLink, "outLink is defined")
	hrefs := regexp.MustCompile(`href="' \+ ([^+]+)`).FindAllStringSubmatchIndex(js, -1)
	require.NotEmpty(t, hrefs)
	for _, m := range hrefs {
		if m[0] >= inOutLink[0] && m[1] <= inOutLink[1] {
			continue
		}
		expr := js[m[2]:m[3]]
		require.Truef(t, strings.HasPrefix(expr, "esc(nodeHref(") || strings.HasPrefix(expr, "encodeURIComponent("),
			"app.js builds an href from %q outside outLink", js[m[0]:m[1]])
	}
	for _, m := range regexp.MustCompile(`href="([^"']*)`).FindAllStringSubmatch(js, -1) {
		require.Truef(t, m[1] == "" || strings.HasPrefix(m[1], "#"), "a literal href %q leaves the page", m[1])
	}
	for _, m := range regexp.MustCompile(`\.href = ([^;]*)`).FindAllStringSubmatch(js, -1) {
		require.Truef(t, strings.HasPrefix(m[1], "URL.createObjectURL("), "an href is assigned %q", m[1])
	}
}
