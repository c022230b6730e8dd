package query_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/stretchr/testify/require"
)

// The parity tests compare the reference evaluator with the in-memory
// graph's selection (kg.Graph.Select), which translates the compiled
// expression into look-ups of its own indexes: every constraint set the
// router reads from the gold and generated questions must select the
// same records.

var (
	testGraph   = testfixture.Shared(func(ds *heritage.Dataset) (*kg.Graph, error) { return kg.New(ds), nil })
	testRouter  = testfixture.Shared(func(ds *heritage.Dataset) (*router.Router, error) { return router.New(ds), nil })
	testContext = testfixture.Shared(func(ds *heritage.Dataset) (query.EvalContext, error) { return query.NewContext(ds), nil })
)

// selector evaluates expressions over the bundled dataset, each once:
// the questions repeat their constraint sets.
type selector struct {
	ds   *heritage.Dataset
	ctx  query.EvalContext
	seen map[string][]string
}

func newSelector(t testing.TB) *selector {
	return &selector{ds: testfixture.Dataset(t), ctx: testContext(t), seen: map[string][]string{}}
}

func (s *selector) selectIDs(e query.Expr) []string {
	k := e.String()
	ids, ok := s.seen[k]
	if !ok {
		ids = query.Select(e, s.ds.Institutions, s.ctx)
		s.seen[k] = ids
	}
	return ids
}

// constraintSets are the plan's constraints and each compared side.
func constraintSets(p plan.Plan) []plan.Constraints {
	return append([]plan.Constraints{p.Constraints}, p.Sides...)
}

func questions(t *testing.T, path string, want int) []gold.Question {
	t.Helper()
	qs, err := gold.Load(path)
	require.NoError(t, err)
	require.Len(t, qs, want)
	return qs
}

// every returns every step-th question, from the first.
func every(qs []gold.Question, step int) []gold.Question {
	var out []gold.Question
	for i := 0; i < len(qs); i += step {
		out = append(out, qs[i])
	}
	return out
}

func TestParityWithGraphSelect(t *testing.T) {
	testfixture.SkipUnderRace(t)
	g, r, s := testGraph(t), testRouter(t), newSelector(t)
	generated := questions(t, "../testdata/generated/questions.jsonl", 2622)
	if testing.Short() {
		generated = every(generated, 5)
	}
	sets := map[string][]gold.Question{
		"gold":      questions(t, "../testdata/questions.jsonl", 240),
		"generated": generated,
	}
	for _, name := range []string{"gold", "generated"} {
		t.Run(name, func(t *testing.T) {
			total, agree, nonEmpty := 0, 0, 0
			var differ []string
			for _, q := range sets[name] {
				for i, c := range constraintSets(r.Route(q.Question)) {
					for _, asOf := range []int{0, 2026} {
						want := g.Select(c, asOf)
						e := query.Compile(c, asOf)
						got := s.selectIDs(e)
						total++
						if len(want) > 0 {
							nonEmpty++
						}
						if slices.Equal(want, got) {
							agree++
							continue
						}
						differ = append(differ, fmt.Sprintf("%s side %d asOf %d %q: graph %d, query %d: %s",
							q.ID, i, asOf, q.Question, len(want), len(got), e))
					}
				}
			}
			t.Logf("%s: %d of %d constraint sets agree (%d select something; %d expressions evaluated)",
				name, agree, total, nonEmpty, len(s.seen))
			require.Empty(t, differ, "%d differ:\n%s", len(differ), strings.Join(differ[:min(len(differ), 10)], "\n"))
			// The comparison means something only if the selections hold records.
			require.Greater(t, nonEmpty, total/4)
		})
	}
}

// TestParityPlaceMatch compares the place levels: what the records
// state, and the records near a town for "in or near" questions.
func TestParityPlaceMatch(t *testing.T) {
	testfixture.SkipUnderRace(t)
	g, r, s := testGraph(t), testRouter(t), newSelector(t)
	levels := []struct {
		q query.PlaceMatch
		g kg.PlaceMatch
	}{{query.Stated, kg.Stated}, {query.Derived, kg.Derived}, {query.Near, kg.Near}}
	places, near := 0, 0
	for _, q := range questions(t, "../testdata/questions.jsonl", 240) {
		for _, c := range constraintSets(r.Route(q.Question)) {
			if len(c.Places) == 0 {
				continue
			}
			places++
			for _, m := range levels {
				want := g.SelectMatching(c, 0, m.g)
				require.Equal(t, want, s.selectIDs(query.CompileMatching(c, 0, m.q)), "%s at level %d: %q", q.ID, m.q, q.Question)
			}
			// the same sets as "in or near" questions
			c.NearPlace = true
			want := g.SelectMatching(c, 0, kg.Near)
			require.Equal(t, want, s.selectIDs(query.CompileMatching(c, 0, query.Near)), "%s near: %q", q.ID, q.Question)
			if len(want) > len(g.SelectMatching(c, 0, kg.Derived)) {
				near++
			}
		}
	}
	require.Greater(t, places, 50)
	require.Greater(t, near, 10, "the near sets must differ from the others")
}

// TestParityVariants covers the constraint kinds one by one, including
// spellings that only fold to the stored values and values no record has.
func TestParityVariants(t *testing.T) {
	g, s := testGraph(t), newSelector(t)
	kent := plan.Place{Name: "Kent", Level: plan.LevelAdmin, AdminLevel: "English County"}
	cases := map[string]plan.Constraints{
		"place admin any level": {Places: []plan.Place{{Name: "kent", Level: plan.LevelAdmin}}},
		"place city folded":     {Places: []plan.Place{{Name: "EDINBURGH", Level: plan.LevelCity}}, TypeCodes: []string{" m "}},
		"place city and area":   {Places: []plan.Place{{Name: "Dover", Level: plan.LevelCity, Area: "English District"}}},
		"place city other name": {Places: []plan.Place{{Name: "Nuremberg", Level: plan.LevelCity}}},
		"place country":         {Places: []plan.Place{{Name: "nl", Level: plan.LevelCountry}}, TypeCodes: []string{"L", "A"}},
		"places ored":           {Places: []plan.Place{kent, {Name: "Devon", Level: plan.LevelCounty}, {Name: "Wales", Level: plan.LevelRegion}}},
		"subregion":             {Places: []plan.Place{{Name: "South West", Level: plan.LevelSubregion}}, Status: "closed"},
		"district":              {Places: []plan.Place{{Name: "Leeds", Level: plan.LevelDistrict}}},
		"unknown level":         {Places: []plan.Place{{Name: "Kent", Level: "planet"}}},
		"near":                  {Places: []plan.Place{{Name: "Newark", Level: plan.LevelCity}}, NearPlace: true},
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
		"all":                   {All: true, TypeCodes: []string{"G"}},
		"type only":             {TypeCodes: []string{"M"}},
		"nothing":               {},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			for _, asOf := range []int{0, 1990, 9999} {
				for _, m := range []struct {
					q query.PlaceMatch
					g kg.PlaceMatch
				}{{query.Stated, kg.Stated}, {query.Derived, kg.Derived}, {query.Near, kg.Near}} {
					e := query.CompileMatching(c, asOf, m.q)
					require.Equal(t, g.SelectMatching(c, asOf, m.g), s.selectIDs(e), "asOf %d level %d: %s", asOf, m.q, e)
				}
			}
		})
	}
}
