package neo4jkg

import (
	"context"
	"testing"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/router"
	"github.com/stretchr/testify/require"
)

func TestRetriever(t *testing.T) {
	s, ds, g := testStore(t)
	r, mem := NewRetriever(s, ds), kg.NewRetriever(g)
	nms := router.Constraints{Bodies: []router.Body{{Name: "National Museums Scotland", Relation: "part_of"}}, Status: "open"}
	tests := []struct {
		name    string
		plan    *router.Plan
		k       int
		filters filter.Set
		want    []hitView
	}{
		{"identifier", &router.Plan{Intent: router.Factual, Constraints: router.Constraints{ISILs: []string{"DE-MUS-165513"}, Field: "gnd"}}, 5, nil,
			[]hitView{{"wd:Q877252", 1, 1}}},
		{"body members", &router.Plan{Intent: router.Relationship, Constraints: nms}, 10, nil,
			[]hitView{{"mm:mm.domus.SC277", 1, 1}, {"mm:mm.domus.SC280", 1, 2}, {"mm:mm.domus.SC281", 1, 3}}},
		{"k truncates", &router.Plan{Constraints: nms}, 2, nil,
			[]hitView{{"mm:mm.domus.SC277", 1, 1}, {"mm:mm.domus.SC280", 1, 2}}},
		{"filters apply, unknown keys are dropped", &router.Plan{Constraints: nms}, 10,
			filter.Set{{Field: "city", Op: filter.Eq, Values: []string{"Edinburgh"}}, {Field: "colour", Op: filter.Eq, Values: []string{"red"}}},
			[]hitView{{"mm:mm.domus.SC277", 1, 1}}},
		{"relation question: answer first, anchor after", &router.Plan{Intent: router.Relationship, Constraints: router.Constraints{
			Names: []router.NameMatch{{Name: "Derby Museum And Art Gallery", IDs: []string{"mm:mm.domus.EM034"}, Score: 1}}, Relation: "houses"}}, 10, nil,
			[]hitView{{"mm:mm.domus.EM048", 1, 1}, {"mm:mm.domus.EM034", anchorScore, 2}}},
		{"named institution by name", &router.Plan{Intent: router.Temporal, Constraints: router.Constraints{
			Names: []router.NameMatch{{Name: "Titanic Belfast", Score: 0.9}}, Field: "opened"}}, 10, nil,
			[]hitView{{"mm:mm.New.1", 0.9, 1}}},
		{"comparative sides are unioned", &router.Plan{Intent: router.Comparative, Sides: []router.Constraints{
			{Bodies: []router.Body{{Name: "Museum Nord"}}}, {Bodies: []router.Body{{Name: "National Museums Scotland"}}}}}, 10, nil,
			[]hitView{{"ror:00mjny636", 1, 1}, {"ror:0261smd61", 1, 2}, {"mm:mm.domus.SC277", 1, 3}, {"mm:mm.domus.SC280", 1, 4}, {"mm:mm.domus.SC281", 1, 5}}},
		{"type only yields nothing", &router.Plan{Constraints: router.Constraints{TypeCodes: []string{"M"}, List: true}}, 10, nil, nil},
		{"no plan yields nothing", nil, 10, nil, nil},
		{"k zero yields nothing", &router.Plan{Constraints: nms}, 0, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := retrievers.Query{Text: "ignored", K: tc.k, Filters: tc.filters, Plan: tc.plan}
			hs, err := r.Retrieve(context.Background(), q)
			require.NoError(t, err)
			require.Equal(t, tc.want, nilIfNoHits(view(hs)))
			want, err := mem.Retrieve(context.Background(), q)
			require.NoError(t, err)
			require.Equal(t, want, hs)
			for _, h := range hs {
				require.Equal(t, router.RetrieverKG, h.Source)
				require.NotEmpty(t, h.Name)
			}
		})
	}
}

func nilIfNoHits(v []hitView) []hitView {
	if len(v) == 0 {
		return nil
	}
	return v
}

func TestRetrieverFilterWarnings(t *testing.T) {
	r := NewRetriever(nil, nil) // no store needed to report filter keys
	w := r.FilterWarnings(filter.Set{{Field: "city", Op: filter.Eq, Values: []string{"York"}}, {Field: "colour", Op: filter.Eq, Values: []string{"red"}}})
	require.Len(t, w, 1)
	require.Contains(t, w[0], `"colour"`)
	require.Equal(t, filter.Keys, r.FilterKeys())
}
