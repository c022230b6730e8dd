package sparql

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// liveEndpoint returns the SPARQL endpoint of the integration tests
// (scripts/sparql.sh start prints it). Without one the test is skipped, or
// fails when HYBRIDRAG_REQUIRE_SPARQL=1.
func liveEndpoint(t testing.TB) string {
	t.Helper()
	ep := os.Getenv("HYBRIDRAG_SPARQL_ENDPOINT")
	if ep == "" {
		msg := "HYBRIDRAG_SPARQL_ENDPOINT is not set: run `bash scripts/sparql.sh start` and export the variable it prints"
		if os.Getenv("HYBRIDRAG_REQUIRE_SPARQL") == "1" {
			t.Fatal(msg + " (HYBRIDRAG_REQUIRE_SPARQL=1)")
		}
		t.Skip(msg)
	}
	return ep
}

func liveClient(t testing.TB, opts ...Option) *Client {
	t.Helper()
	c, err := New(liveEndpoint(t), opts...)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, c.Close()) })
	return c
}

func dataset(t testing.TB) *heritage.Dataset { return testfixture.Dataset(t) }

// recordQIDs returns up to n dataset records with a QID, in dataset order.
func recordQIDs(t testing.TB, n int) []*heritage.Institution {
	ds := dataset(t)
	var out []*heritage.Institution
	for i := range ds.Institutions {
		if in := &ds.Institutions[i]; in.Wikidata != "" && len(out) < n {
			out = append(out, in)
		}
	}
	return out
}

func TestLiveEnrich(t *testing.T) {
	c := liveClient(t, WithBatchSize(2))
	got, err := c.Enrich(context.Background(), []string{
		"Q891746", "wd:Q23308", "https://www.wikidata.org/wiki/Q19675", "Q95569", "Q28681476", "Q999999999",
	})
	require.NoError(t, err)
	require.Len(t, got, 5, "the unknown item is absent")

	require.Equal(t, Entity{
		QID: "Q891746", Label: "Bomann-Museum", LabelLang: "de",
		Description: "Bomann-Museum is a museum in Germany. ISIL DE-MUS-031618. GND 2005799-4. Wikidata item Q891746.",
		InstanceOf:  []Ref{{QID: "Q33506", Label: "museum"}},
		Countries:   []Ref{{QID: "Q183", Label: "Germany"}},
		ISIL:        []string{"DE-MUS-031618"},
		GND:         []string{"2005799-4"},
	}, got["Q891746"])

	bl := got["Q23308"]
	require.Equal(t, "British Library", bl.Label, "English is preferred over Welsh")
	require.Equal(t, []string{"BL"}, bl.Aliases)
	require.Equal(t, []string{"https://www.bl.uk"}, bl.Websites)
	require.Equal(t, []Ref{{QID: "Q145", Label: "United Kingdom"}}, bl.Countries)
	require.Equal(t, []Ref{{QID: "Q7075", Label: "library"}}, bl.InstanceOf)

	louvre := got["Q19675"]
	require.Equal(t, "fr", louvre.LabelLang, "no label in en/de/nl: any language")
	require.Contains(t, []string{"Louvre", "Musée du Louvre"}, louvre.Label)
	require.Equal(t, []string{"0000 0001 2260 177X"}, louvre.ISNI)

	require.Equal(t, "Museum of Art History", got["Q95569"].Label)
	require.Equal(t, `Stadtbibliothek \"Im Alten Bahnhof\" Hennigsdorf`, got["Q28681476"].Label)

	de := liveClient(t, WithLanguages("de", "en"))
	got, err = de.Enrich(context.Background(), []string{"Q95569", "Q891746"})
	require.NoError(t, err)
	require.Equal(t, "KHM-Museumsverband", got["Q95569"].Label)
	require.Equal(t, []Ref{{QID: "Q183", Label: "Deutschland"}}, got["Q891746"].Countries)
	require.Equal(t, []Ref{{QID: "Q33506", Label: "Museum"}}, got["Q891746"].InstanceOf)
}

// TestLiveEnrichMatchesDataset checks enrichment against the dataset the
// Turtle was built from: every record's ISIL and GND ids are on its item.
func TestLiveEnrichMatchesDataset(t *testing.T) {
	testfixture.SkipUnderRace(t)
	c := liveClient(t, WithBatchSize(250))
	recs := recordQIDs(t, 600)
	qids := make([]string, len(recs))
	for i, in := range recs {
		qids[i] = in.Wikidata
	}
	got, err := c.Enrich(context.Background(), qids)
	require.NoError(t, err)
	require.Len(t, got, len(recs))
	for _, in := range recs {
		e := got[in.Wikidata]
		require.Equal(t, in.Wikidata, e.QID)
		require.NotEmpty(t, e.Label, in.ID)
		if in.ISIL != "" {
			require.Contains(t, e.ISIL, in.ISIL, in.ID)
		}
		for _, g := range in.Identifiers.GND {
			require.Contains(t, e.GND, g, in.ID)
		}
		require.Len(t, e.Countries, 1, in.ID)
	}
}

func TestLiveLookupISIL(t *testing.T) {
	c := liveClient(t, WithBatchSize(3))
	got, err := c.LookupISIL(context.Background(), []string{"DE-MUS-031618", "isil:DE-380", "XX-NOPE1", "DE-MUS-031618"})
	require.NoError(t, err)
	require.Equal(t, map[string][]string{"DE-MUS-031618": {"Q891746"}, "DE-380": {"Q10697"}}, got)

	// Every record's ISIL leads back to its item.
	var isils []string
	want := map[string]string{}
	for _, in := range recordQIDs(t, 300) {
		if in.ISIL != "" {
			isils = append(isils, in.ISIL)
			want[in.ISIL] = in.Wikidata
		}
	}
	got, err = c.LookupISIL(context.Background(), isils)
	require.NoError(t, err)
	for isil, qid := range want {
		require.Contains(t, got[isil], qid, isil)
	}
}

func TestLiveSearchLabel(t *testing.T) {
	c := liveClient(t)
	ctx := context.Background()
	for _, tc := range []struct {
		text  string
		first Match
	}{
		{"Bomann-Museum", Match{QID: "Q891746", Label: "Bomann-Museum", Score: scoreExact}},
		{"BOMANN-museum", Match{QID: "Q891746", Label: "Bomann-Museum", Score: scoreExact}},
		{"bomann", Match{QID: "Q891746", Label: "Bomann-Museum", Score: scorePrefix}},
		{"British Library", Match{QID: "Q23308", Label: "British Library", Score: scoreExact}},
		{"Kunsthistorisches Museum", Match{QID: "Q95569", Label: "Museum of Art History", Score: scoreExact}}, // an alias
		{"Llyfrgell Brydeinig", Match{QID: "Q23308", Label: "British Library", Score: scoreExact}},            // a Welsh label
	} {
		got, err := c.SearchLabel(ctx, tc.text, 5)
		require.NoError(t, err, tc.text)
		require.NotEmpty(t, got, tc.text)
		require.Equal(t, tc.first, got[0], tc.text)
		require.LessOrEqual(t, len(got), 5)
		require.True(t, slices.IsSortedFunc(got, func(a, b Match) int { return -cmpFloat(a.Score, b.Score) }), tc.text)
	}

	got, err := c.SearchLabel(ctx, "stadtbibliothek", 50)
	require.NoError(t, err)
	require.Len(t, got, 50)
	for _, m := range got {
		require.Contains(t, strings.ToLower(m.Label), "stadtbibliothek")
	}

	got, err = c.SearchLabel(ctx, "no institution is called this", 5)
	require.NoError(t, err)
	require.Empty(t, got)
}

// TestLiveSearchPathsAgree checks that ranking matched labels in the
// client gives the same answer as ranking in the query, which the client
// falls back to when too many labels match.
func TestLiveSearchPathsAgree(t *testing.T) {
	scan := liveClient(t)
	ranked := liveClient(t)
	ranked.scanRows = 0
	ctx := context.Background()
	for _, needle := range []string{"bomann", "museum", "stadtbibliothek", "bl", "kunst", `"`, "archiv", "british library", "nothing matches this"} {
		want, err := ranked.SearchLabel(ctx, needle, 40)
		require.NoError(t, err)
		got, err := scan.SearchLabel(ctx, needle, 40)
		require.NoError(t, err)
		require.Equal(t, want, got, needle)
	}
	// The ranked client ran the ranked query after each scan that found
	// a label: more requests.
	require.Greater(t, ranked.Stats().Requests, scan.Stats().Requests)
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestLiveInjection sends every injection text to the server as a label
// search: the server accepts each query (no parse error), texts that occur
// in labels are found verbatim, and none widens the search.
func TestLiveInjection(t *testing.T) {
	c := liveClient(t)
	ctx := context.Background()
	for _, s := range injections {
		needle, err := searchNeedle(s)
		if err != nil {
			require.ErrorIs(t, err, ErrInvalid)
			continue
		}
		got, err := c.SearchLabel(ctx, s, 20)
		require.NoError(t, err, "%q", s)
		for _, m := range got {
			require.Contains(t, strings.ToLower(strings.Join(aliases(t, c, m.QID), "\n")), needle, "%q", s)
		}
	}
	for text, qid := range map[string]string{
		`\"Im Alten Bahnhof\"`:     "Q28681476", // a backslash and quotes in the label
		`musée royal de l'ontario`: "Q649250",   // an apostrophe
	} {
		got, err := c.SearchLabel(ctx, text, 5)
		require.NoError(t, err)
		require.NotEmpty(t, got, text)
		require.Equal(t, qid, got[0].QID, text)
	}
	for _, s := range []string{`" . ?s ?p ?o . FILTER("`, `museum" || true || "`, `") } UNION { ?item ?p ?o } #`} {
		got, err := c.SearchLabel(ctx, s, 20)
		require.NoError(t, err)
		require.Empty(t, got, "%q must match nothing, not everything", s)
	}
}

// aliases returns every label and alias of qid, in any language.
func aliases(t *testing.T, c *Client, qid string) []string {
	res, err := c.Select(context.Background(), prefixes+
		"SELECT ?l WHERE { { wd:"+qid+" rdfs:label ?l } UNION { wd:"+qid+" skos:altLabel ?l } }")
	require.NoError(t, err)
	var out []string
	for _, s := range res.Solutions() {
		out = append(out, termString(s["l"]))
	}
	return out
}

func TestLiveSimilar(t *testing.T) {
	c := liveClient(t)
	ctx := context.Background()
	got, err := c.Similar(ctx, "Q891746", 20)
	require.NoError(t, err)
	require.Len(t, got, 20)
	var qids []string
	for _, m := range got {
		require.NotEqual(t, "Q891746", m.QID)
		require.Equal(t, 1.0, m.Score)
		require.NotEmpty(t, m.Label)
		qids = append(qids, m.QID)
	}
	require.True(t, slices.IsSortedFunc(qids, compareQID), "ties are ordered by QID")
	ents, err := c.Enrich(ctx, qids)
	require.NoError(t, err)
	for _, q := range qids {
		require.Contains(t, ents[q].InstanceOf, Ref{QID: "Q33506", Label: "museum"}, q)
		require.Equal(t, []Ref{{QID: "Q183", Label: "Germany"}}, ents[q].Countries, q)
	}

	// The British Library: libraries in the United Kingdom.
	got, err = c.Similar(ctx, "Q23308", 5)
	require.NoError(t, err)
	require.NotEmpty(t, got)
	for _, m := range got {
		e, err := c.Enrich(ctx, []string{m.QID})
		require.NoError(t, err)
		require.Contains(t, e[m.QID].InstanceOf, Ref{QID: "Q7075", Label: "library"})
		require.Contains(t, e[m.QID].Countries, Ref{QID: "Q145", Label: "United Kingdom"})
	}

	got, err = c.Similar(ctx, "Q999999999", 5)
	require.NoError(t, err)
	require.Empty(t, got)
}

func TestLiveLabels(t *testing.T) {
	c := liveClient(t)
	got, err := c.Labels(context.Background(), []string{"Q891746", "Q19675", "Q183", "Q999999999"})
	require.NoError(t, err)
	require.Equal(t, "Bomann-Museum", got["Q891746"])
	require.Equal(t, "Germany", got["Q183"])
	require.Contains(t, []string{"Louvre", "Musée du Louvre"}, got["Q19675"])
	require.NotContains(t, got, "Q999999999")
}

func TestLiveRetriever(t *testing.T) {
	c := liveClient(t)
	ds := dataset(t)
	r := NewRetriever(c, ds)
	ctx := context.Background()
	retrieve := func(k int, cons plan.Constraints, filters ...string) []string {
		t.Helper()
		q := queryFor(k, cons, filters...)
		hits, err := r.Retrieve(ctx, q)
		require.NoError(t, err)
		require.LessOrEqual(t, len(hits), k)
		var ids []string
		for i, h := range hits {
			require.Equal(t, plan.RetrieverWikidata, h.Source)
			require.Equal(t, i+1, h.Rank)
			in, ok := ds.Get(h.ID)
			require.True(t, ok)
			require.Equal(t, in.Name, h.Name)
			ids = append(ids, h.ID)
		}
		return ids
	}

	require.Equal(t, []string{"wd:Q891746"}, retrieve(5, plan.Constraints{ISILs: []string{"DE-MUS-031618"}}))
	require.Equal(t, []string{"wd:Q891746"}, retrieve(5, plan.Constraints{QIDs: []string{"Q891746"}}))
	require.Equal(t, []string{"ror:05dhe8b71"}, retrieve(5, plan.Constraints{Names: []plan.NameMatch{{Text: "british library", Name: "British Library", Score: 1}}}))
	// Bomann finds the museum and its library, exact-ish names first.
	ids := retrieve(5, plan.Constraints{Names: []plan.NameMatch{{Text: "bomann", Name: "Bomann", Score: 0.9}}})
	require.Equal(t, "wd:Q891746", ids[0])
	require.Contains(t, ids, "wd:Q28738505")
	// Order: QIDs, then ISILs, then names; each record once; K respected.
	ids = retrieve(2, plan.Constraints{
		QIDs:  []string{"Q23308"},
		ISILs: []string{"DE-MUS-031618"},
		Names: []plan.NameMatch{{Name: "Bomann-Museum", Score: 1}, {Name: "Museum Schnütgen", Score: 1}},
	})
	require.Equal(t, []string{"ror:05dhe8b71", "wd:Q891746"}, ids)
	// Filters apply to the mapped records.
	require.Empty(t, retrieve(5, plan.Constraints{ISILs: []string{"DE-MUS-031618"}}, "GB"))
	require.Equal(t, []string{"ror:05dhe8b71"}, retrieve(5, plan.Constraints{ISILs: []string{"DE-MUS-031618"}, QIDs: []string{"Q23308"}}, "GB"))
	// Nothing to look up.
	require.Empty(t, retrieve(5, plan.Constraints{TypeCodes: []string{"M"}}))

	enr, err := r.Enrich(ctx, []string{"wd:Q891746", "ror:05dhe8b71", "mm:does-not-exist", "wd:Q891746"})
	require.NoError(t, err)
	require.Len(t, enr, 2)
	require.Equal(t, "wd:Q891746", enr[0].ID)
	require.Equal(t, []string{"2005799-4"}, enr[0].Entity.GND)
	require.Equal(t, "ror:05dhe8b71", enr[1].ID)
	require.Equal(t, "Q23308", enr[1].Entity.QID)
	require.Equal(t, "https://www.wikidata.org/wiki/Q23308", enr[1].Entity.URL())
}

func TestLiveDeadlineRespected(t *testing.T) {
	c := liveClient(t, WithCache(0, 0))
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	_, err := c.SearchLabel(ctx, "museum", 5)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.EqualValues(t, 0, c.Stats().Requests)
}
