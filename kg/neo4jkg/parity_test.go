package neo4jkg

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/router"
	"github.com/stretchr/testify/require"
)

// The parity tests run the same operations on the in-memory graph and on
// the Neo4j store over the full dataset and require identical results.
// They only read, so they run in parallel: each waits on the server most of
// its time.

func loadQuestions(t testing.TB) []gold.Question {
	t.Helper()
	out, err := gold.Load("../../testdata/questions.jsonl")
	require.NoError(t, err)
	require.Len(t, out, 240)
	return out
}

// sampled is full, or short under go test -short (the test command), which
// samples the parity sweeps; without -short they cover all of it.
func sampled(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// stride picks at most n items spread over l.
func stride[T any](l []T, n int) []T {
	if len(l) <= n {
		return l
	}
	out := make([]T, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, l[i*len(l)/n])
	}
	return out
}

func TestParitySelectGoldConstraints(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	r := router.New(ds)
	nonEmpty := 0
	for _, q := range loadQuestions(t) {
		pl := r.Route(q.Question)
		sets := append([]plan.Constraints{pl.Constraints}, pl.Sides...)
		for i, c := range sets {
			for _, asOf := range []int{0, 2000} {
				want := g.Select(c, asOf)
				got, err := s.Select(ctx, c, asOf)
				require.NoError(t, err, q.ID)
				require.Equal(t, want, got, "%s side %d asOf %d: %q", q.ID, i, asOf, q.Question)
				if len(want) > 0 {
					nonEmpty++
				}
			}
		}
	}
	// The comparison is only meaningful when the selections hold something.
	require.Greater(t, nonEmpty, 200)
}

// TestParitySelectVariants covers the constraint kinds one by one,
// including spellings that only fold to the stored values.
func TestParitySelectVariants(t *testing.T) {
	t.Parallel()
	s, _, g := testStore(t)
	ctx := context.Background()
	kent := plan.Place{Name: "Kent", Level: plan.LevelAdmin, AdminLevel: "English County"}
	cases := map[string]plan.Constraints{
		"place admin any level": {Places: []plan.Place{{Name: "kent", Level: plan.LevelAdmin}}},
		"place city folded":     {Places: []plan.Place{{Name: "EDINBURGH", Level: plan.LevelCity}}, TypeCodes: []string{" m "}},
		"place country":         {Places: []plan.Place{{Name: "nl", Level: plan.LevelCountry}}, TypeCodes: []string{"L", "A"}},
		"places ored":           {Places: []plan.Place{kent, {Name: "Devon", Level: plan.LevelCounty}, {Name: "Wales", Level: plan.LevelRegion}}},
		"subregion":             {Places: []plan.Place{{Name: "South West", Level: plan.LevelSubregion}}, Status: "closed"},
		"district":              {Places: []plan.Place{{Name: "Leeds", Level: plan.LevelDistrict}}},
		"unknown level":         {Places: []plan.Place{{Name: "Kent", Level: "planet"}}},
		"subjects subtree":      {Subjects: []string{"Natural world/*"}, Places: []plan.Place{kent}},
		"subjects parent":       {Subjects: []string{"  war and conflict "}},
		"subjects empty code":   {Subjects: []string{"", "*"}},
		"governance":            {GovernanceCodes: []string{"government-local_authority"}, Status: "open"},
		"accreditation":         {Accreditation: "ACCREDITED", Sizes: []string{"Large"}},
		"sizes empty value":     {Sizes: []string{""}},
		"years closed":          {Years: &plan.YearRange{Field: "closed", From: 1990, To: 2005}},
		"years opened to":       {Years: &plan.YearRange{Field: "opened", To: 1900}, Places: []plan.Place{{Name: "Scotland", Level: plan.LevelRegion}}},
		"years bad field":       {Years: &plan.YearRange{Field: "renamed", To: 1900}},
		"status upper case":     {Status: "OPEN", Accreditation: "Accredited", Places: []plan.Place{kent}},
		"body operated_by":      {Bodies: []plan.Body{{Name: "National Trust", Relation: "operated_by"}}, Status: "open"},
		"body by relation":      {Bodies: []plan.Body{{Name: "national museums scotland"}}, Relation: "part_of"},
		"body with ids":         {Bodies: []plan.Body{{Name: "Museum Nord", IDs: []string{"ror:05x9p3f75"}}}},
		"body alias":            {Bodies: []plan.Body{{Name: "Tate Group"}}},
		"body+place":            {Bodies: []plan.Body{{Name: "National Trust"}}, Places: []plan.Place{{Name: "Devon", Level: plan.LevelAdmin}}, Status: "open"},
		"named houses":          {Names: []plan.NameMatch{{Name: "Derby Museum And Art Gallery"}}, Relation: "houses"},
		"named has_part":        {Names: []plan.NameMatch{{Name: "Museum Nord"}}, Relation: "has_part"},
		"named related":         {Names: []plan.NameMatch{{IDs: []string{"ror:05x9p3f75"}}}, Relation: "related"},
		"named unknown":         {Names: []plan.NameMatch{{Name: "No Such Place"}}, Relation: "part_of"},
		"type only":             {TypeCodes: []string{"M"}},
		"nothing":               {},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			for _, asOf := range []int{0, 1990, 9999} {
				got, err := s.Select(ctx, c, asOf)
				require.NoError(t, err)
				require.Equal(t, g.Select(c, asOf), got, "asOf %d", asOf)
			}
		})
	}
}

func TestParityMembers(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	bodies := map[string]bool{"no such body": true, "": true, "wd:Q1": true}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		for _, m := range in.MemberOf() {
			bodies[m.Name] = true
			bodies[strings.ToUpper(m.Name)] = true
			if m.NameInSource != "" {
				bodies[m.NameInSource] = true
			}
			if m.ID != "" {
				bodies[m.ID] = true
			}
		}
		for _, r := range in.Related() {
			if r.Relation == "has_part" {
				bodies[in.ID] = true
				bodies[in.Name] = true
			}
		}
	}
	keys := make([]string, 0, len(bodies))
	for b := range bodies {
		keys = append(keys, b)
	}
	slices.Sort(keys)
	keys = stride(keys, sampled(len(keys), 150))
	t.Logf("%d bodies", len(keys))
	nonEmpty := 0
	for _, b := range keys {
		for _, rel := range []string{"", heritage.RelPartOf, heritage.RelOperatedBy} {
			for _, asOf := range []int{0, 1987, 2011, 2020} {
				got, err := s.Members(ctx, b, rel, asOf)
				require.NoError(t, err)
				want := g.Members(b, rel, asOf)
				require.Equal(t, want, got, "Members(%q, %q, %d)", b, rel, asOf)
				if len(want) > 0 {
					nonEmpty++
				}
			}
		}
	}
	require.Greater(t, nonEmpty, sampled(500, 150))
}

func TestParityLookup(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	values := map[string][]string{}
	addv := func(scheme string, vs ...string) {
		for _, v := range vs {
			if strings.TrimSpace(v) != "" {
				values[scheme] = append(values[scheme], v)
			}
		}
	}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		id := in.Identifiers
		addv(kg.SchemeISIL, in.ISIL)
		addv(kg.SchemeISIL, id.ISILAll...)
		addv(kg.SchemeWikidata, in.Wikidata, id.Wikidata)
		addv(kg.SchemeGHCID, in.GHCID)
		addv(kg.SchemeGND, id.GND...)
		addv(kg.SchemeDBS, id.DBS...)
		addv(kg.SchemeROR, in.ROR())
		addv(kg.SchemeISNI, in.ISNI())
		addv(kg.SchemeGRID, in.GRID())
		addv(kg.SchemeMappingMuseums, in.MappingMuseums())
		addv(kg.SchemeDomus, in.Domus())
	}
	aliases := map[string]string{kg.SchemeWikidata: "qid", kg.SchemeMappingMuseums: "mm", kg.SchemeISIL: "ISIL"}
	for scheme, vs := range values {
		t.Run(scheme, func(t *testing.T) {
			sample := stride(vs, sampled(500, 120))
			found := 0
			for i, v := range sample {
				sc := scheme
				switch i % 4 {
				case 1:
					v = strings.ToLower(v)
				case 2:
					if a, ok := aliases[scheme]; ok {
						sc = a
					}
				case 3:
					v = " " + v + " "
				}
				got, err := s.Lookup(ctx, sc, v)
				require.NoError(t, err)
				want := g.Lookup(sc, v)
				require.Equal(t, want, got, "Lookup(%q, %q)", sc, v)
				if len(want) > 0 {
					found++
				}
			}
			require.Equal(t, len(sample), found, "every sampled identifier resolves")
		})
	}
	for _, c := range [][2]string{{"ror", "https://ror.org/05x9p3f75"}, {"wikidata", "http://www.wikidata.org/entity/Q877252"},
		{"isil", "XX-NOPE-1"}, {"doi", "10.1/x"}, {"", ""}} {
		got, err := s.Lookup(ctx, c[0], c[1])
		require.NoError(t, err)
		require.Equal(t, g.Lookup(c[0], c[1]), got, "%v", c)
	}
}

func TestParityByName(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	var names []string
	for _, in := range stride(ds.Institutions, sampled(400, 150)) {
		names = append(names, in.Name, strings.ToUpper(in.Name))
		for _, a := range in.AltNames() {
			names = append(names, a.Name)
		}
	}
	names = append(names, "No Such Museum Anywhere", "", "Natural History Museum", "NPMK")
	found := 0
	for _, n := range names {
		got, err := s.ByName(ctx, n)
		require.NoError(t, err)
		want := g.ByName(n)
		require.Equal(t, want, got, "ByName(%q)", n)
		if len(want) > 0 {
			found++
		}
	}
	require.Greater(t, found, sampled(700, 250))
}

func TestParityEvents(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	var ids []string
	for i := range ds.Institutions {
		if len(ds.Institutions[i].Events) > 1 {
			ids = append(ids, ds.Institutions[i].ID)
		}
	}
	sample := append(stride(ids, 200), "wd:Q877252", "no:such")
	for _, id := range sample {
		got, err := s.Events(ctx, id)
		require.NoError(t, err)
		require.Equal(t, g.Events(id), got, "Events(%q)", id)
	}
}

// neighbourhoodStarts lists institutions with memberships or relations and
// a few plain ones, and other node kinds.
func neighbourhoodStarts(ds *heritage.Dataset) []string {
	var linked, plain []string
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		if len(in.MemberOf())+len(in.Related()) > 0 {
			linked = append(linked, in.ID)
		} else {
			plain = append(plain, in.ID)
		}
	}
	out := append(stride(linked, 40), stride(plain, 10)...)
	return append(out, "body:national museums scotland", "body:tate", "place:city:GB/York",
		"place:admin:Kent (English County)", "ident:isil:DE-MUS-165513", "no:such")
}

func sortedEdges(es []kg.Edge) []kg.Edge {
	out := slices.Clone(es)
	kg.SortEdges(out)
	return out
}

func TestParityNeighbourhood(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	filters := [][]string{nil, {heritage.RelPartOf, heritage.RelOperatedBy}, {kg.RelInPlace, kg.RelWithin}, {"related", "has_part", "located_in"}}
	for i, id := range neighbourhoodStarts(ds) {
		for depth := 0; depth <= 3; depth++ {
			if depth == 3 && i%5 != 0 {
				continue
			}
			rels := filters[(i+depth)%len(filters)]
			for _, r := range [][]string{nil, rels} {
				got, err := s.Neighbourhood(ctx, id, depth, r)
				require.NoError(t, err)
				require.Equal(t, sortedEdges(g.Neighbourhood(id, depth, r)), sortedEdges(got), "Neighbourhood(%q, %d, %v)", id, depth, r)
			}
		}
	}
}

func TestParityShortestPath(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	var pairs [][2]string
	for _, q := range stride(loadQuestions(t), sampled(30, 12)) {
		if len(q.ExpectedIDs) > 1 {
			pairs = append(pairs, [2]string{q.ExpectedIDs[0], q.ExpectedIDs[len(q.ExpectedIDs)-1]})
		}
	}
	ids := stride(ds.Institutions, sampled(12, 4))
	for i := 0; i+1 < len(ids); i += 2 {
		pairs = append(pairs, [2]string{ids[i].ID, ids[i+1].ID})
	}
	pairs = append(pairs, [2]string{"mm:mm.domus.SC277", "mm:mm.domus.SC038"}, [2]string{"mm:mm.domus.SC277", "mm:mm.domus.SC277"},
		[2]string{"mm:mm.domus.SC277", "no:such"}, [2]string{"ror:05x9p3f75", "ror:00mjny636"})
	found := 0
	for _, p := range pairs {
		got, err := s.ShortestPath(ctx, p[0], p[1])
		require.NoError(t, err)
		want := g.ShortestPath(p[0], p[1])
		require.Equal(t, want, got, "ShortestPath(%q, %q)", p[0], p[1])
		if len(want) > 0 {
			found++
		}
	}
	require.Greater(t, found, sampled(10, 3))
}

type hitView struct {
	ID    string
	Score float64
	Rank  int
}

func view(hs []retrieval.Hit) []hitView {
	out := make([]hitView, 0, len(hs))
	for _, h := range hs {
		out = append(out, hitView{h.ID, h.Score, h.Rank})
	}
	return out
}

func TestParityRetriever(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	r := router.New(ds)
	mem, n4j := kg.NewRetriever(g), NewRetriever(s, ds)
	nonEmpty := 0
	for _, q := range loadQuestions(t) {
		plan := r.Route(q.Question)
		for _, k := range []int{3, 50} {
			query := retrieval.Query{Text: q.Question, K: k, Plan: &plan}
			want, err := mem.Retrieve(ctx, query)
			require.NoError(t, err)
			got, err := n4j.Retrieve(ctx, query)
			require.NoError(t, err)
			require.Equal(t, view(want), view(got), fmt.Sprintf("%s k=%d: %q", q.ID, k, q.Question))
			require.Equal(t, want, got)
			if len(want) > 0 {
				nonEmpty++
			}
		}
	}
	require.Greater(t, nonEmpty, 400)
}

// TestParityPlaceMatch compares the selections at every place match level
// (stated, derived towns, near) for routed place questions: towns read
// from names, other names of a town, misspelt towns, "near" phrasings.
func TestParityPlaceMatch(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	r := router.New(ds)
	derived, near := 0, 0
	for _, q := range []string{
		"Welche Bibliotheken gibt es in Bayreuth?",
		"Which museums are there in Nuremberg?",
		"Welke musea zijn er in Keulen?",
		"Which museums are in Glasow?",
		"Which small museums are close to Framlingham?",
		"Welke musea liggen in de buurt van Lincoln?",
		"Museen in der Umgebung von Newark",
		"Which museums are in and around York?",
		"Landkreis Esslingen: welche Archive gibt es?",
		"Compare the museums near Whitby and near Scarborough",
	} {
		pl := r.Route(q)
		for i, c := range append([]plan.Constraints{pl.Constraints}, pl.Sides...) {
			var prev []string
			for _, m := range []kg.PlaceMatch{kg.Stated, kg.Derived, kg.Near} {
				want := g.SelectMatching(c, 0, m)
				got, err := s.SelectMatching(ctx, c, 0, m)
				require.NoError(t, err)
				require.Equal(t, want, got, "%q side %d level %d", q, i, m)
				switch {
				case m == kg.Derived && len(want) > len(prev):
					derived++
				case m == kg.Near && len(want) > len(prev):
					near++
				}
				prev = want
			}
		}
	}
	// the levels must differ somewhere for the comparison to mean much
	require.Positive(t, derived)
	require.Positive(t, near)
}

func TestParityNode(t *testing.T) {
	s, ds, g := testStore(t)
	ctx := context.Background()
	starts := neighbourhoodStarts(ds)
	var ids []string
	for _, id := range starts {
		ids = append(ids, id)
		for _, e := range g.Neighbourhood(id, 1, nil) {
			ids = append(ids, e.From, e.To)
		}
	}
	ids = append(ids, "no:such")
	for _, id := range ids {
		want, wantOK := g.Node(id)
		got, ok, err := s.Node(ctx, id)
		require.NoError(t, err)
		require.Equal(t, wantOK, ok, "Node(%q) found", id)
		require.Equal(t, want, got, "Node(%q)", id)
	}
}
